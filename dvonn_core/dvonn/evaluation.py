"""The bot's knowledge of DVONN: how good a movement position is for the side to move.

The search's evaluation (:func:`score_of`, :func:`evaluate`) weighs cells by how
close they are to the DVONN pieces (:func:`field_values`: a base value, plus a
bonus that falls by four for every step away from each DVONN piece), then adds
up, for the side to move minus the other side: the values of the cells of the
stacks it controls, the values of the cells its stacks could land on, and, for
the stacks that can move now, the values of the DVONN stacks and enemy stacks
among those targets.  Pieces are not counted until the end, when the game's
final score takes over: in the middle game a stack near a DVONN piece with
places to go is what wins pieces later.  This is the evaluation of PrimaDvonna,
the CodeCup 2011 winner, with its weights; against that program it lost about
half as many pieces as the evaluation fitted to human games below.

The fitted evaluation (:func:`features`, :func:`raw`, :data:`MID`, :data:`END`)
describes a position by a few counts for each side (:data:`NAMES`), taken as
differences from the side to move's point of view, plus three numbers about the
side to move alone, weighted by a logistic fit to the results of 9,575 real
games from Boardspace (Texel's method, ``tools/tune_eval.py``): with ``t`` the
share of the board already cleared, ``sum((1 - t) * MID[k] * f[k] + t * END[k] * f[k])``
(:func:`fitted_score`), in hundredths of a piece.  It is kept for that tool and
as a yardstick.

>>> from dvonn_core.dvonn.setup import random_setup
>>> g = random_setup(1)
>>> len(features(g)) == len(NAMES)
True
>>> isinstance(evaluate(g), int)
True
>>> field_values(0)[:3]  # no DVONN piece: every cell has the base value
[64, 64, 64]
"""

from .board import BIT, EDGE, JUMPS, NEIGHBOUR_BITS, SIZE, distance
from .game import Game

try:
    from typing import List, Tuple
except ImportError:  # MicroPython
    pass


def _near2() -> "List[int]":
    out = []
    for a in range(SIZE):
        bits = 0
        for b in range(SIZE):
            if 0 < distance(a, b) <= 2:
                bits |= BIT[b]
        out.append(bits)
    return out


#: NEAR2[a]: bitboard of the cells within two steps of cell a (a itself excluded).
NEAR2 = _near2()


#: The features, in the order :func:`features` returns them.
NAMES = (
    "pieces",  # pieces in the stacks a side controls
    "stacks",  # stacks a side controls
    "mobile",  # ... that can move now
    "moves",  # stack moves a side has now
    "captures",  # ... that land on an enemy stack
    "next_to_dvonn",  # controlled stacks next to a DVONN stack
    "near_dvonn",  # ... two steps from one
    "dvonn_stacks",  # controlled stacks holding a DVONN piece
    "singles",  # controlled stacks of height one
    "threatened",  # pieces in controlled stacks an enemy stack can land on now
    "stuck_pieces",  # pieces in controlled stacks that cannot move now
    "tempo",  # 1: the side to move
    "my_capture",  # height of the tallest enemy stack the side to move can take now
    "their_capture",  # height of the tallest stack of the side to move the other side can take
)
N_FEATURES = len(NAMES)

# Tuned weights (see tools/tune_eval.py), hundredths of a piece.
MID = [17, 122, -22, -2, 30, 57, 72, 24, -5, 4, 18, 36, 47, -23]  # type: List[int]
END = [100, -46, -9, 6, -21, 225, 100, 63, 124, -72, -41, 7, 37, -28]  # type: List[int]


def raw(game: Game) -> "Tuple[List[int], List[int], int, int, int, int]":
    """Per-side counts: (white counts, black counts, white's biggest capture,
    black's biggest capture, stacks that can move, occupied cells).  The counts
    follow :data:`NAMES` up to ``stuck_pieces``."""
    st = game.cells
    occ = game.occupied
    dvm = game.dvonn_bits
    jumps = JUMPS
    near2 = NEAR2
    nbits = NEIGHBOUR_BITS
    edge = EDGE
    bit = BIT
    # One local per count and side (w: White, b: Black): far faster than lists.
    pw = sw = mw = nw = cw = aw = a2w = dw = hw = tw = kw = 0
    pb = sb = mb = nb_ = cb = ab = a2b = db = hb = tb = kb = 0
    capw = capb = 0
    seen = 0  # bitboard of stacks already counted as threatened
    cells = 0
    for i in range(SIZE):
        s = st[i]
        if not s:
            continue
        cells += 1
        top = s[-1]
        if top == "d":
            continue
        h = len(s)
        nb = nbits[i]
        n = 0
        caps = 0
        if edge[i] or occ & nb != nb:
            for t in jumps[i][h]:
                x = st[t]
                if x:
                    n += 1
                    xt = x[-1]
                    if xt != top and xt != "d":
                        caps += 1
                        lx = len(x)
                        bt = bit[t]
                        if top == "w":
                            if lx > capw:
                                capw = lx
                            if not seen & bt:
                                seen |= bt
                                tb += lx
                        else:
                            if lx > capb:
                                capb = lx
                            if not seen & bt:
                                seen |= bt
                                tw += lx
        if top == "w":
            pw += h
            sw += 1
            if h == 1:
                hw += 1
            if n:
                mw += 1
                nw += n
                cw += caps
            else:
                kw += h
            if dvm & nb:
                aw += 1
            elif dvm & near2[i]:
                a2w += 1
            if dvm & bit[i]:
                dw += 1
        else:
            pb += h
            sb += 1
            if h == 1:
                hb += 1
            if n:
                mb += 1
                nb_ += n
                cb += caps
            else:
                kb += h
            if dvm & nb:
                ab += 1
            elif dvm & near2[i]:
                a2b += 1
            if dvm & bit[i]:
                db += 1
    return (
        [pw, sw, mw, nw, cw, aw, a2w, dw, hw, tw, kw],
        [pb, sb, mb, nb_, cb, ab, a2b, db, hb, tb, kb],
        capw,
        capb,
        mw + mb,
        cells,
    )


def features(game: Game) -> "List[int]":
    """The feature vector of a movement position, from the side to move's point of view (see :data:`NAMES`)."""
    w, b, wcap, bcap, _, _ = raw(game)
    if game.turn:
        w, b, wcap, bcap = b, w, bcap, wcap
    f = [w[k] - b[k] for k in range(11)]
    f.append(1)
    f.append(wcap)
    f.append(bcap)
    return f


def phase(cells: int) -> float:
    """The share of the board already cleared, from 0 (49 stacks) to 1."""
    return (SIZE - cells) / SIZE


def fitted_score(game: Game) -> int:
    """The fitted evaluation of a movement position for the side to move, in hundredths of a piece."""
    w, b, wcap, bcap, _moving, cells = raw(game)
    if game.turn:
        w, b, wcap, bcap = b, w, bcap, wcap
    t = (SIZE - cells) / SIZE
    u = 1.0 - t
    mid = MID
    end = END
    v = 0.0
    for k in range(11):
        d = w[k] - b[k]
        if d:
            v += d * (u * mid[k] + t * end[k])
    v += u * mid[11] + t * end[11]
    v += wcap * (u * mid[12] + t * end[12])
    v += bcap * (u * mid[13] + t * end[13])
    return int(v)


# ---------------------------------------------------------------------- the search's evaluation

#: A cell's base value, and the bonus on a DVONN piece's cell (shifted right by two bits for every step away).
FIELD_BASE = 64
FIELD_BONUS = 64
#: Weights of a controlled stack's cell, of a cell it could land on, and of a DVONN or enemy stack
#: it can land on now; the sum is divided by SCALE (a lone stack on a plain cell is worth 100).
STACK = 100
TARGET = 25
LIFE = 20
ENEMY = 20
SCALE = 64

_FIELD_VALUES = {}  # type: dict


def field_values(dvonns: int) -> "List[int]":
    """The value of every cell when the DVONN pieces are on the cells of the bitboard ``dvonns``.

    >>> from dvonn_core.dvonn.board import BIT, index
    >>> v = field_values(BIT[index("E3")])
    >>> [v[index(c)] for c in ("E3", "F3", "G3", "H3", "I3")]
    [128, 80, 68, 65, 64]
    """
    fv = _FIELD_VALUES.get(dvonns)
    if fv is None:
        if len(_FIELD_VALUES) > 512:
            _FIELD_VALUES.clear()
        cells = [i for i in range(SIZE) if dvonns & BIT[i]]
        fv = []
        for m in range(SIZE):
            v = FIELD_BASE
            for n in cells:
                d = distance(n, m)
                if d < 4:
                    v += FIELD_BONUS >> (2 * d)
            fv.append(v)
        _FIELD_VALUES[dvonns] = fv
    return fv


def evaluate(game: Game) -> int:
    """The search's evaluation of a movement position for the side to move (a lone stack on a plain cell is 100)."""
    return score_of(game)[0]


def score_of(game: Game) -> "Tuple[int, int]":
    """(evaluation for the side to move, stacks that can move); no stack can move at the end.

    Every stack a side controls scores its cell's value (:func:`field_values`) times
    ``STACK``; every cell it could land on (at a distance equal to its height, mobile or
    not yet) scores that cell's value times ``TARGET``, and, when the stack can move now,
    ``LIFE`` more if a DVONN piece is there and ``ENEMY`` more if the other side's is.
    """
    st = game.cells
    occ = game.occupied
    fv = field_values(game.dvonn_bits)
    me = "w" if game.turn == 0 else "b"
    jumps = JUMPS
    nbits = NEIGHBOUR_BITS
    edge = EDGE
    score = 0
    moving = 0
    for i in range(SIZE):
        s = st[i]
        if not s:
            continue
        top = s[-1]
        if top == "d":
            continue
        nb = nbits[i]
        targets = life = enemy = n = 0
        if edge[i] or occ & nb != nb:
            for t in jumps[i][len(s)]:
                x = st[t]
                if x:
                    v = fv[t]
                    targets += v
                    n += 1
                    if "d" in x:
                        life += v
                    xt = x[-1]
                    if xt != top and xt != "d":
                        enemy += v
            if n:
                moving += 1
        else:
            for t in jumps[i][len(s)]:
                if st[t]:
                    targets += fv[t]
        v = STACK * fv[i] + TARGET * targets + LIFE * life + ENEMY * enemy
        if top == me:
            score += v
        else:
            score -= v
    return score // SCALE, moving
