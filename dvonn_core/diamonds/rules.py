"""The rules of a turn as fast functions on bitmasks: diamonds, pivots and whole-turn outcomes.

A side's stones are an integer with one bit per cell (:data:`~.board.BIT`).
These functions are the fast path that the game, the perft counter and the bot
share; :class:`~.game.DiamondsGame` and :class:`~.game.Turn` wrap them in the
public API.

A pivot is ``(cell, diamond, direction)``: the pivot cell, the diamond's number
in :data:`~.board.DIAMONDS` and the direction of the line.

>>> from .board import BIT, index
>>> black = sum(BIT[index(c)] for c in ("b7", "c5", "c6", "d6", "e6"))
>>> white = sum(BIT[index(c)] for c in ("h1", "h2", "h3", "h4", "i2"))
>>> results = outcomes(black, white, index("b6"))
>>> len(results) > 100
True
"""

from .board import BIT, DIAMOND_MASK, DIAMONDS, DIAMONDS_AT, LINE_MASK, LINES

try:
    from typing import Dict, List, Optional, Tuple
except ImportError:  # MicroPython
    pass

_N = len(DIAMONDS)

#: ``LINE_DIAMONDS[cell][direction]``: the diamonds that hold a cell of that line, in number order.
LINE_DIAMONDS = []  # type: List[List[List[int]]]
for _c in range(len(LINES)):
    _row = []  # type: List[List[int]]
    for _d in range(6):
        _seen = {}  # type: Dict[int, bool]
        for _x in LINES[_c][_d]:
            for _k in DIAMONDS_AT[_x]:
                _seen[_k] = True
        _row.append(sorted(_seen))
    LINE_DIAMONDS.append(_row)
_RANGE = range(_N)


def diamonds_of(mine: int) -> "List[int]":
    """The numbers of the diamonds all of whose cells are in ``mine``."""
    dm = DIAMOND_MASK
    return [k for k in _RANGE if mine & dm[k] == dm[k]]


def next_diamonds(mine: int, before: "List[int]", cell: int, direction: int) -> "List[int]":
    """The mover's diamonds after a pivot on ``cell`` towards ``direction``, given those ``before`` it
    (any new diamond holds a cell of the line), in number order: the same as ``diamonds_of(mine)``."""
    dm = DIAMOND_MASK
    out = [k for k in before if mine & dm[k] == dm[k]]
    fresh = [k for k in LINE_DIAMONDS[cell][direction] if mine & dm[k] == dm[k]]
    if not fresh:
        return out
    if not out:
        return fresh
    merged = {}  # type: Dict[int, bool]
    for k in out:
        merged[k] = True
    for k in fresh:
        merged[k] = True
    return sorted(merged)


def diamonds_after_drop(mine: int, cell: int, standing: bool) -> "List[int]":
    """The mover's diamonds once ``cell`` is in ``mine``; only those through ``cell`` unless ``standing``
    (the mover already had a diamond before the drop)."""
    if standing:
        return diamonds_of(mine)
    dm = DIAMOND_MASK
    return [k for k in DIAMONDS_AT[cell] if mine & dm[k] == dm[k]]


def pivot(mine: int, opp: int, cell: int, diamond: int, direction: int) -> "Tuple[int, int]":
    """The two sides' stones after pivoting ``diamond`` on ``cell`` towards ``direction``.

    The three other stones are lifted, then laid on the line; any other stone on
    the line is captured.  The line must be on the board (``LINE_MASK`` not 0).
    """
    line = LINE_MASK[cell][direction]
    return (mine & ~(DIAMOND_MASK[diamond] ^ BIT[cell])) | line, opp & ~line


def options(mine: int, opp: int, ds: "List[int]") -> "List[Tuple[int, int, int, int, int]]":
    """Every pivot of the diamonds ``ds``: ``(cell, diamond, direction, mine after, opp after)``."""
    out = []
    lm = LINE_MASK
    for k in ds:
        dmask = DIAMOND_MASK[k]
        for p in DIAMONDS[k]:
            keep = mine & ~(dmask ^ BIT[p])
            lines = lm[p]
            for d in range(6):
                line = lines[d]
                if line:
                    out.append((p, k, d, keep | line, opp & ~line))
    return out


def outcomes(mine: int, opp: int, cell: int, standing: bool = False, limit: int = 0) -> "List[Tuple[int, int, Tuple[Tuple[int, int, int], ...]]]":
    """The distinct results of dropping on ``cell``: ``(mine, opp, pivots)``, one shortest chain per final board.

    ``standing``: the mover already has a diamond on the board (then every
    diamond counts, not only those through the drop).  The boards of the turn
    are searched breadth first (diamonds in number order, pivots in cell order,
    directions in :data:`~dvonn_core.common.hexgrid.DIRECTIONS` order), so each final
    board comes with one of its shortest chains, which never repeats a board.
    Every final board reachable from the drop is found: a chain that comes
    back to a board can be cut short.  ``limit``: stop after that many boards
    (0: no limit); the results found so far are all legal.

    A turn can also end with diamonds standing when every pivot would repeat a
    board of the turn (see :data:`dvonn_core.diamonds.ANSWERS`).  Such ends
    depend on the chain, not only on the board; they are listed only when the
    drop has no other end (:func:`dead_end`).
    """
    mine |= BIT[cell]
    ds = diamonds_after_drop(mine, cell, standing)
    if not ds:
        return [(mine, opp, ())]
    parent = {(mine, opp): None}  # type: Dict[Tuple[int, int], Optional[Tuple[int, int, int, int, int]]]
    frontier = [(mine, opp, ds)]
    finals = []  # type: List[Tuple[int, int]]
    while frontier:
        nxt = []
        for m, o, dl in frontier:
            for p, k, d, nm, no in options(m, o, dl):
                key = (nm, no)
                if key in parent:
                    continue
                parent[key] = (m, o, p, k, d)
                nds = next_diamonds(nm, dl, p, d)
                if nds:
                    nxt.append((nm, no, nds))
                else:
                    finals.append(key)
                if limit and len(parent) >= limit:
                    nxt = []
                    break
            if limit and len(parent) >= limit:
                break
        frontier = nxt
    out = []
    for key in finals:
        out.append((key[0], key[1], _chain(parent, key)))
    if not out and not limit:
        end = dead_end(mine, opp, ds)
        if end is not None:
            out.append(end)
    return out


def _chain(parent: "Dict[Tuple[int, int], Optional[Tuple[int, int, int, int, int]]]", key: "Tuple[int, int]") -> "Tuple[Tuple[int, int, int], ...]":
    path = []
    step = parent[key]
    while step is not None:
        m, o, p, k, d = step
        path.append((p, k, d))
        step = parent[(m, o)]
    path.reverse()
    return tuple(path)


def dead_end(mine: int, opp: int, ds: "List[int]") -> "Optional[Tuple[int, int, Tuple[Tuple[int, int, int], ...]]]":
    """A chain from ``(mine, opp)`` (diamonds ``ds``) that ends because every pivot would repeat a board, or ``None``.

    Depth first, without merging boards; used only when a drop has no other end.
    """
    on_path = {(mine, opp): True}  # type: Dict[Tuple[int, int], bool]
    path = []  # type: List[Tuple[int, int, int]]
    stack = [(mine, opp, options(mine, opp, ds), 0)]
    while stack:
        m, o, opts, i = stack[-1]
        if i == 0 and all((x[3], x[4]) in on_path for x in opts):
            return (m, o, tuple(path))
        while i < len(opts) and (opts[i][3], opts[i][4]) in on_path:
            i += 1
        if i >= len(opts):
            stack.pop()
            del on_path[(m, o)]
            if path:
                path.pop()
            continue
        stack[-1] = (m, o, opts, i + 1)
        p, k, d, nm, no = opts[i]
        nds = diamonds_of(nm)
        if not nds:
            continue
        on_path[(nm, no)] = True
        path.append((p, k, d))
        stack.append((nm, no, options(nm, no, nds), 0))
    return None


def count_chains(mine: int, opp: int, cell: int, standing: bool = False, limit: int = 10000000) -> int:
    """The number of legal chains of pivots after a drop (every sequence, not merged), up to ``limit``.

    Depth first without merging, so it takes time in proportion to the count.
    """
    mine |= BIT[cell]
    ds = diamonds_after_drop(mine, cell, standing)
    if not ds:
        return 1
    on_path = {(mine, opp): True}  # type: Dict[Tuple[int, int], bool]
    count = 0
    stack = [(mine, opp, options(mine, opp, ds), 0, False)]
    while stack and count < limit:
        m, o, opts, i, moved = stack[-1]
        if i >= len(opts):
            stack.pop()
            del on_path[(m, o)]
            if not moved:
                count += 1  # every pivot would repeat a board: the turn ends here
            continue
        p, k, d, nm, no = opts[i]
        if (nm, no) in on_path:
            stack[-1] = (m, o, opts, i + 1, moved)
            continue
        stack[-1] = (m, o, opts, i + 1, True)
        nds = diamonds_of(nm)
        if not nds:
            count += 1
            continue
        on_path[(nm, no)] = True
        stack.append((nm, no, options(nm, no, nds), 0, False))
    return count


def threats(mine: int, empty: int) -> int:
    """The empty cells where one more stone of ``mine`` would complete a diamond, as a bitmask."""
    out = 0
    for dmask in DIAMOND_MASK:
        rest = dmask & ~mine
        if rest and rest & (rest - 1) == 0 and rest & empty:
            out |= rest
    return out
