"""The bot's knowledge of DVONN: features of a movement position and their tuned weights.

A position is described by a few counts for each side (:func:`features`), taken
as differences from the side to move's point of view, plus three numbers about
the side to move alone (the tempo and the biggest capture each side has now).
The evaluation is a weighted sum of them whose weights move smoothly from the
middle game to the end: with ``t`` the share of the board already cleared,
``score = sum((1 - t) * MID[k] * f[k] + t * END[k] * f[k])``.

The weights were fitted to the results of 9,575 real games from Boardspace by
logistic regression (Texel's method): ``tools/tune_eval.py`` extracts the
positions, computes these features, fits the weights and prints the fit on held
out games; its output is pasted into ``MID`` and ``END`` below.  The scale is
hundredths of a piece: the weight of a controlled piece at the very end is 100.

>>> from dvonn_core.dvonn.setup import random_setup
>>> g = random_setup(1)
>>> len(features(g)) == len(NAMES)
True
>>> isinstance(evaluate(g), int)
True
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


def evaluate(game: Game) -> int:
    """The tuned evaluation of a movement position for the side to move, in hundredths of a piece."""
    return score_of(game)[0]


def score_of(game: Game) -> "Tuple[int, int]":
    """(evaluation for the side to move, stacks that can move); no stack can move at the end."""
    w, b, wcap, bcap, moving, cells = raw(game)
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
    return int(v), moving
