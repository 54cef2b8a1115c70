"""The search's evaluation found from the parent position's, looking only at the stacks a move changes.

:func:`~dvonn_core.dvonn.evaluation.score_of` adds up one value for every controlled stack (its cell,
the cells it could land on, the DVONN and enemy stacks among them when it can move now).  A stack
move changes few of them: the stacks on its two cells and on the cells it cuts off, the stacks
that could land on one of those cells, and the stacks next to the cell it leaves that were
surrounded until then.  :func:`parent_terms` keeps every stack's value; :func:`child_terms`
and :func:`child_score_of` find a child's terms or score from its parent's by looking at
those stacks only (in full when a DVONN piece moves, since every cell's value changes then).
The terms also hold each stack's moves, so :func:`moves_of` lists a position's legal moves
without looking at the whole board.
The search (:class:`~dvonn_core.dvonn.bot.Search`) keeps the terms of every position on its
current line and evaluates its leaves this way: the same scores, from a handful of stacks.

>>> from dvonn_core.dvonn.evaluation import score_of
>>> from dvonn_core.dvonn.setup import random_setup
>>> g = random_setup(4)
>>> terms = parent_terms(g)
>>> code = g.legal_codes()[-1]
>>> g.push(code)
>>> child_score_of(g, terms, code >> 6, code & 63) == score_of(g)
True
"""

from .board import BIT, EDGE, JUMPS, NEIGHBOUR_BITS, ONE_ARC, RING, SIZE
from .evaluation import ENEMY, LIFE, SCALE, STACK, TARGET, field_values, score_of
from .game import Game
from .moves import PASS_CODE

try:
    from typing import List, Optional, Tuple
except ImportError:  # MicroPython
    pass


def _ray_bits() -> "List[List[int]]":
    out = []
    for c in range(SIZE):
        row = [0] * 11
        for d in range(1, 11):
            for j in JUMPS[c][d]:
                row[d] |= BIT[j]
        out.append(row)
    return out


#: RAY_BITS[c][d]: bitboard of the cells from which a stack of height d would land on cell c.
RAY_BITS = _ray_bits()
def _arc_safe() -> "List[dict]":
    out = []
    for i in range(SIZE):
        # Every set of the occupied places around cell i (those on the board), as (pattern, bits).
        sets = [(0, 0)]
        for k, bit in enumerate(RING[i]):
            if bit:
                sets += [(p | (1 << k), bits | bit) for p, bits in sets]
        out.append({bits: ONE_ARC[p] for p, bits in sets})
    return out


#: ARC_SAFE[i][occupied & NEIGHBOUR_BITS[i]]: the board's :data:`~dvonn_core.dvonn.board.ONE_ARC` test of the
#: occupied cells around cell i (as :meth:`~dvonn_core.dvonn.game.Game.push` makes it from RING), looked up
#: with one mask: True when a stack leaving cell i cannot split the stacks around it apart.  Here, not in
#: the board module, because only the search needs it: the page's MicroPython builds the board's tables at
#: start-up, and these 49 tables of large integers cost it tens of milliseconds.
ARC_SAFE = _arc_safe()
#: CELL_OF[BIT[i]] == i.
CELL_OF = {}  # type: dict
for _i in range(SIZE):
    CELL_OF[BIT[_i]] = _i

#: (values, movers, total, moving, occupied, DVONN cells, heights, surrounded, White's moves,
#: Black's moves, cell values): see :func:`parent_terms`.
Terms = tuple
#: The moves of a cell whose stack cannot move (shared, never changed).
NO_MOVES = []  # type: List[int]


def _terms(st: "List[str]", occ: int, fv: "List[int]", i: int) -> "Tuple[int, int]":
    """(the unscaled value of the stack on cell ``i`` for White (negative for Black), 1 if it can move now)."""
    s = st[i]
    top = s[-1]
    targets = life = enemy = n = 0
    nb = NEIGHBOUR_BITS[i]
    if EDGE[i] or occ & nb != nb:
        for t in JUMPS[i][len(s)]:
            x = st[t]
            if x:
                v = fv[t]
                targets += v
                n = 1
                if "d" in x:
                    life += v
                xt = x[-1]
                if xt != top and xt != "d":
                    enemy += v
    else:
        for t in JUMPS[i][len(s)]:
            if st[t]:
                targets += fv[t]
    v = STACK * fv[i] + TARGET * targets + LIFE * life + ENEMY * enemy
    return (v if top == "w" else -v), n


def _terms_codes(st: "List[str]", occ: int, fv: "List[int]", i: int) -> "Tuple[int, int, List[int]]":
    """:func:`_terms` and the codes of the stack's moves now (ascending)."""
    s = st[i]
    top = s[-1]
    targets = life = enemy = 0
    codes = []
    nb = NEIGHBOUR_BITS[i]
    if EDGE[i] or occ & nb != nb:
        base = i * 64
        for t in JUMPS[i][len(s)]:
            x = st[t]
            if x:
                v = fv[t]
                targets += v
                codes.append(base + t)
                if "d" in x:
                    life += v
                xt = x[-1]
                if xt != top and xt != "d":
                    enemy += v
    else:
        for t in JUMPS[i][len(s)]:
            if st[t]:
                targets += fv[t]
    v = STACK * fv[i] + TARGET * targets + LIFE * life + ENEMY * enemy
    if top == "w":
        return v, 1 if codes else 0, codes
    return -v, 1 if codes else 0, codes


def parent_terms(game: Game) -> "Terms":
    """Each stack's terms of :func:`score_of` (see :func:`_terms`), for :func:`child_score_of`:
    (values for White by cell, 1 by cell for the stacks that can move, the sum of the values,
    the stacks that can move, occupied cells, DVONN cells, the controlled stacks by height
    as bitboards, the controlled stacks that are surrounded, White's and Black's moves
    by source cell (see :func:`moves_of`), and the cells' values (:func:`field_values`)).

    >>> from dvonn_core.dvonn.setup import random_setup
    >>> g = random_setup(2)
    >>> terms = parent_terms(g)
    >>> (terms[2] // SCALE, terms[3]) == score_of(g)
    True
    """
    st = game.cells
    occ = game.occupied
    fv = field_values(game.dvonn_bits)
    values = [0] * SIZE
    movers = [0] * SIZE
    heights = [0] * 11  # the controlled stacks of height 1 to 10 (no taller stack can move)
    surrounded = 0
    total = moving = 0
    wcodes = [NO_MOVES] * SIZE
    bcodes = [NO_MOVES] * SIZE
    for i in range(SIZE):
        s = st[i]
        if s and s[-1] != "d":
            v, n, codes = _terms_codes(st, occ, fv, i)
            values[i] = v
            movers[i] = n
            if n:
                if v > 0:
                    wcodes[i] = codes
                else:
                    bcodes[i] = codes
            total += v
            moving += n
            if len(s) <= 10:
                heights[len(s)] |= BIT[i]
            nb = NEIGHBOUR_BITS[i]
            if not EDGE[i] and occ & nb == nb:
                surrounded |= BIT[i]
    return values, movers, total, moving, occ, game.dvonn_bits, heights, surrounded, wcodes, bcodes, fv


def _touched(parent: "Terms", occ: int, source: int, target: int) -> "Tuple[int, int, int, int]":
    """What the stack move ``source`` -> ``target`` can change in the position whose terms are ``parent``
    (``occ``: the occupied cells after it): (the cells it changed, the move's two and the removed ones;
    the other stacks whose value may change, those able to land on a changed cell and those next to
    ``source`` that were surrounded until it left; the changed cells' share of the total, and of the
    stacks that can move)."""
    values, movers, _total, _moving, pocc, _dvm, heights, surrounded = parent[:8]
    changed = BIT[source] | BIT[target] | (pocc & ~occ)
    near = lost = lost_moving = 0
    m = changed
    while m:
        b = m & -m
        m ^= b
        c = CELL_OF[b]
        lost += values[c]
        lost_moving += movers[c]
        r = RAY_BITS[c]
        for d in range(1, 11):
            h = heights[d]
            if h:
                near |= r[d] & h
    near |= NEIGHBOUR_BITS[source] & surrounded
    return changed, near & ~changed, lost, lost_moving


def child_score_of(game: Game, parent: "Terms", source: int, target: int) -> "Tuple[int, int]":
    """:func:`score_of` of ``game`` just after the stack move ``source`` -> ``target`` from the position
    whose :func:`parent_terms` are ``parent``: only the stacks the move can change are looked at
    (those on the two cells and on removed cells, those that could land there, and the stacks
    next to ``source`` that were surrounded).

    >>> from dvonn_core.dvonn.setup import random_setup
    >>> g = random_setup(2)
    >>> terms = parent_terms(g)
    >>> code = g.legal_codes()[0]
    >>> g.push(code)
    >>> child_score_of(g, terms, code >> 6, code & 63) == score_of(g)
    True
    """
    values, movers, total, moving, _pocc, pdvm = parent[:6]
    if game.dvonn_bits != pdvm:
        return score_of(game)
    st = game.cells
    occ = game.occupied
    fv = parent[10]
    cell_of = CELL_OF
    _changed, near, lost, lost_moving = _touched(parent, occ, source, target)
    total -= lost
    moving -= lost_moving
    while near:
        b = near & -near
        near ^= b
        j = cell_of[b]
        v, n = _terms(st, occ, fv, j)
        total += v - values[j]
        moving += n - movers[j]
    if st[target]:
        v, n = _terms(st, occ, fv, target)
        total += v
        moving += n
    if game.turn:
        total = -total
    return total // SCALE, moving


def _near(heights: "List[int]", source: int, target: int) -> "Tuple[int, int, int]":
    """(the controlled stacks that could land on ``source``, those that could land on ``target``, the
    height of the stack on ``source``), from a position's stacks by height."""
    rs = RAY_BITS[source]
    rt = RAY_BITS[target]
    bs = BIT[source]
    ns = nt = hs = 0
    for d in range(1, 11):
        h = heights[d]
        if h:
            ns |= rs[d] & h
            nt |= rt[d] & h
            if h & bs:
                hs = d
    return ns, nt, hs


def _enemy_shift(mine: str, old: str, top: str) -> int:
    """How a stack of colour ``mine`` that can move and could land on a stack whose top was ``old`` and is now
    ``top`` changes White's total, in units of ENEMY times that cell's value (its enemy bonus came or went)."""
    shift = (top != mine) - (old != mine and old != "d")
    return shift if mine == "w" else -shift


def _source_loss(mine: str, free: bool, top: str, fs: int) -> int:
    """How a stack of colour ``mine`` that could land on the source, a cell of value ``fs`` now empty whose stack
    had ``top`` on top, changes White's total: it loses that target's share (and the enemy bonus if it can move
    and the stack was the other side's)."""
    v = TARGET * fs + (ENEMY * fs if free and top != mine else 0)
    return -v if mine == "w" else v


def leaf_score(st: "List[str]", parent: "Terms", source: int, target: int) -> "Optional[int]":
    """:func:`child_score_of`'s score of the position after the stack move ``source`` -> ``target`` from the
    position whose cells are ``st`` and whose :func:`parent_terms` are ``parent``, found without playing
    the move: ``None`` when the move carries a DVONN piece, may cut stacks off, or may end the game
    (play it and use :func:`child_score_of` then).  ``st`` is changed while the score is found and then
    restored.

    Each stack's value is a sum over the cells it could land on, so a stack that could land on ``source``
    loses that cell's share and one that could land on ``target`` changes only by the enemy bonus (its
    top changed colour); the stacks next to ``source`` that were surrounded, and the new stack on
    ``target``, are looked at in full.

    >>> from dvonn_core.dvonn.setup import random_setup
    >>> g = random_setup(2)
    >>> terms = parent_terms(g)
    >>> code = g.legal_codes()[0]
    >>> v = leaf_score(g.cells, terms, code >> 6, code & 63)
    >>> g.push(code)
    >>> v is None or v == child_score_of(g, terms, code >> 6, code & 63)[0]
    True
    """
    values, movers, total, moving, occ, dvm, heights, surrounded = parent[:8]
    bs = BIT[source]
    if dvm & bs:
        return None
    occ ^= bs
    if not ARC_SAFE[source][occ & NEIGHBOUR_BITS[source]]:
        return None
    fv = parent[10]
    xs = st[source]
    xt = st[target]
    top = xs[-1]
    bt = BIT[target]
    total -= values[source] + values[target]
    lower = moving - movers[source] - movers[target]  # the stacks still sure to move
    ns, nt, _hs = _near(heights, source, target)
    st[source] = ""
    st[target] = xt + xs
    fr = NEIGHBOUR_BITS[source] & surrounded & ~bt  # free now: looked at in full
    cell_of = CELL_OF
    m = fr
    while m:
        b = m & -m
        m ^= b
        j = cell_of[b]
        v, n = _terms(st, occ, fv, j)
        total += v - values[j]
        lower += n - movers[j]
    keep = ~(fr | bs | bt)
    m = ns & keep
    fs = fv[source]
    while m:
        b = m & -m
        m ^= b
        j = cell_of[b]
        lower -= movers[j]
        total += _source_loss(st[j][-1], not surrounded & b, top, fs)
    m = nt & keep & ~surrounded
    old = xt[-1]
    if m and old != top:
        gain = ENEMY * fv[target]
        while m:
            b = m & -m
            m ^= b
            total += _enemy_shift(st[cell_of[b]][-1], old, top) * gain
    v, n = _terms(st, occ, fv, target)
    st[source] = xs
    st[target] = xt
    if lower + n <= 0:
        return None
    total += v
    return (-total if top == "w" else total) // SCALE


def _refresh(
    st: "List[str]", occ: int, fv: "List[int]", j: int, values: "List[int]", movers: "List[int]",
    wcodes: "List[List[int]]", bcodes: "List[List[int]]"
) -> "Tuple[int, int]":
    """Look again at the stack on cell ``j`` in full: its value, mover flag and moves are stored in the lists
    given; returns how much its value and its mover flag changed."""
    v, n, codes = _terms_codes(st, occ, fv, j)
    dv = v - values[j]
    dn = n - movers[j]
    values[j] = v
    movers[j] = n
    if v > 0:
        wcodes[j] = codes if n else NO_MOVES
    else:
        bcodes[j] = codes if n else NO_MOVES
    return dv, dn


def _moved_terms(game: Game, parent: "Terms", source: int, target: int) -> "Terms":
    """:func:`child_terms` of a stack move that cut nothing off and left the DVONN pieces where they were:
    as :func:`leaf_score` finds its score, with the moves of the stacks that could land on ``source``
    losing that one."""
    values, movers, total, moving, _pocc, dvm, heights, surrounded, wcodes, bcodes, fv = parent
    st = game.cells
    occ = game.occupied
    bs = BIT[source]
    bt = BIT[target]
    x = st[target]
    top = x[-1]
    total -= values[source] + values[target]
    moving -= movers[source] + movers[target]
    values = values[:]
    movers = movers[:]
    wcodes = wcodes[:]
    bcodes = bcodes[:]
    values[source] = movers[source] = values[target] = movers[target] = 0
    wcodes[source] = bcodes[source] = wcodes[target] = bcodes[target] = NO_MOVES
    ns, nt, hs = _near(heights, source, target)
    old = x[-1 - hs] if len(x) > hs else ""  # the target's top before the move
    fr = NEIGHBOUR_BITS[source] & surrounded & ~bt  # free now: looked at in full
    cell_of = CELL_OF
    m = fr
    while m:
        b = m & -m
        m ^= b
        j = cell_of[b]
        v, n = _refresh(st, occ, fv, j, values, movers, wcodes, bcodes)
        total += v
        moving += n
    keep = ~(fr | bs | bt)
    m = ns & keep
    if m:
        fs = fv[source]
        while m:
            b = m & -m
            m ^= b
            j = cell_of[b]
            free = not surrounded & b
            mine = st[j][-1]
            v = _source_loss(mine, free, top, fs)
            values[j] += v
            total += v
            codes = wcodes if mine == "w" else bcodes
            if free:
                left = codes[j][:]
                left.remove(j * 64 + source)
                if left:
                    codes[j] = left
                else:
                    codes[j] = NO_MOVES
                    movers[j] = 0
                    moving -= 1
    m = nt & keep & ~surrounded
    if m and old != top:
        gain = ENEMY * fv[target]
        while m:
            b = m & -m
            m ^= b
            j = cell_of[b]
            v = _enemy_shift(st[j][-1], old, top) * gain
            values[j] += v
            total += v
    heights = heights[:]
    heights[hs] &= ~bs
    if len(x) - hs <= 10:
        heights[len(x) - hs] &= ~bt
    surrounded &= ~(bs | bt | NEIGHBOUR_BITS[source])
    v, n = _refresh(st, occ, fv, target, values, movers, wcodes, bcodes)
    total += v
    moving += n
    if len(x) <= 10:
        heights[len(x)] |= bt
    nb = NEIGHBOUR_BITS[target]
    if not EDGE[target] and occ & nb == nb:
        surrounded |= bt
    return values, movers, total, moving, occ, dvm, heights, surrounded, wcodes, bcodes, fv


def child_terms(game: Game, parent: "Terms", source: int, target: int) -> "Terms":
    """The :func:`parent_terms` of ``game`` just after the stack move ``source`` -> ``target`` from the
    position whose terms are ``parent`` (which is left unchanged), found as :func:`child_score_of` finds
    its score; in full when a DVONN piece moved (every cell's value changes then).

    >>> from dvonn_core.dvonn.setup import random_setup
    >>> g = random_setup(2)
    >>> terms = parent_terms(g)
    >>> code = g.legal_codes()[0]
    >>> g.push(code)
    >>> child_terms(g, terms, code >> 6, code & 63) == parent_terms(g)
    True
    """
    values, movers, total, moving, pocc, pdvm, heights, surrounded, wcodes, bcodes, fv = parent
    if game.dvonn_bits != pdvm:
        return parent_terms(game)
    occ = game.occupied
    if pocc ^ occ == BIT[source]:
        return _moved_terms(game, parent, source, target)
    st = game.cells
    cell_of = CELL_OF
    changed, near, lost, lost_moving = _touched(parent, occ, source, target)
    total -= lost
    moving -= lost_moving
    values = values[:]
    movers = movers[:]
    wcodes = wcodes[:]
    bcodes = bcodes[:]
    m = changed
    while m:
        b = m & -m
        m ^= b
        c = cell_of[b]
        values[c] = movers[c] = 0
        wcodes[c] = bcodes[c] = NO_MOVES
    while near:
        b = near & -near
        near ^= b
        j = cell_of[b]
        v, n = _refresh(st, occ, fv, j, values, movers, wcodes, bcodes)
        total += v
        moving += n
    keep = ~changed
    heights = [h & keep for h in heights]
    surrounded &= keep & ~NEIGHBOUR_BITS[source]
    x = st[target]
    if x:
        v, n = _refresh(st, occ, fv, target, values, movers, wcodes, bcodes)
        total += v
        moving += n
        if len(x) <= 10:
            heights[len(x)] |= BIT[target]
        nb = NEIGHBOUR_BITS[target]
        if not EDGE[target] and occ & nb == nb:
            surrounded |= BIT[target]
    return values, movers, total, moving, occ, pdvm, heights, surrounded, wcodes, bcodes, fv


def moves_of(terms: "Terms", turn: int) -> "List[int]":
    """The legal move codes of the position whose :func:`parent_terms` are ``terms``, ``turn`` to move
    (0 White, 1 Black), in the order of :meth:`~dvonn_core.dvonn.game.Game.legal_codes`: a pass
    when only the other side can move, none at the end.

    >>> from dvonn_core.dvonn.setup import random_setup
    >>> g = random_setup(3)
    >>> moves_of(parent_terms(g), g.turn) == g.legal_codes()
    True
    """
    mine = terms[9] if turn else terms[8]
    legal = [c for codes in mine for c in codes]
    if not legal and terms[3]:
        return [PASS_CODE]
    return legal
