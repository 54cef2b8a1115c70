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
>>> len(results)
379
"""

from ..common.errors import GameError
from .board import BIT, CELLS, DIAMOND_MASK, DIAMONDS, DIAMONDS_AT, LINE_MASK, LINES

try:
    from typing import Dict, Iterator, List, Optional, Tuple
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


#: Most boards the search of one drop's turns keeps (:func:`ends`): its memory bound, about
#: 25 MB in CPython (measured with tracemalloc on the long-chain position, where a drop's
#: boards run into the millions).  A drop whose turns reach more boards raises
#: :class:`TooManyTurnsError`; a turn itself is never limited (see :meth:`Turn.step`).
MAX_BOARDS = 100000

#: Bits of a board key given to the opponent's stones: ``key = mine << KEY_SHIFT | opp``.
KEY_SHIFT = 61


class TooManyTurnsError(GameError):
    """The distinct turns of a drop reach more boards than the search may keep (:data:`MAX_BOARDS`).

    The turns still exist and each is legal; they are too many to list or
    count.  Build a turn step by step instead (``game.begin_turn``), as the
    bots and the page do.
    """

    CODE = "too-many-turns"


def ends(mine: int, opp: int, cell: int, standing: bool = False, max_boards: int = MAX_BOARDS, chains: bool = True) -> "Iterator[Tuple[int, int, Tuple[Tuple[int, int, int], ...]]]":
    """The distinct ends of a drop on ``cell``, lazily: ``(mine, opp, chain)``, one per final board.

    The boards of the turn are searched breadth first (diamonds in number
    order, pivots in cell order, directions in
    :data:`~dvonn_core.common.hexgrid.DIRECTIONS` order), and each board that ends the
    turn is yielded as soon as it is found, with one of its shortest chains
    (``()`` when ``chains`` is false, which is cheaper for counting).  Every
    board with no diamond of the mover that the drop can reach is yielded
    once: a chain that comes back to a board can be cut short.

    A turn can also end with diamonds standing, when every pivot would repeat
    a board of the turn (see :data:`dvonn_core.diamonds.ANSWERS`).  Whether it
    does depends on the chain, not only on the board: such an end is yielded
    when the shortest chain found to it is one (each of its pivots leads back
    to that chain), and, if the drop has no other end, the first one a depth
    first search meets (:func:`dead_end`).

    Memory: the search keeps one entry per board seen, at most ``max_boards``
    (default :data:`MAX_BOARDS`); one more raises :class:`TooManyTurnsError`.

    >>> from .board import BIT, index
    >>> black = sum(BIT[index(c)] for c in ("b7", "c5", "c6", "d6", "e6"))
    >>> white = sum(BIT[index(c)] for c in ("h1", "h2", "h3", "h4", "i2"))
    >>> sum(1 for _ in ends(black, white, index("b6"), chains=False))
    379
    >>> len(next(ends(black, white, index("b6")))[2])
    1
    """
    for m, o, key, chain, parent in _search(mine, opp, cell, standing, max_boards):
        yield (m, o, (_chain(parent, key) if parent is not None else chain) if chains else ())


def all_ends(mine: int, opp: int, cell: int, standing: bool = False, max_boards: int = MAX_BOARDS) -> "List[Tuple[int, int, Tuple[Tuple[int, int, int], ...]]]":
    """Every end of :func:`ends` as a list, in the same order with the same chains: the search
    runs to its end (or to :class:`TooManyTurnsError`) before a chain is built.

    >>> from .board import BIT, index
    >>> black = sum(BIT[index(c)] for c in ("b7", "c5", "c6", "d6", "e6"))
    >>> white = sum(BIT[index(c)] for c in ("h1", "h2", "h3", "h4", "i2"))
    >>> all_ends(black, white, index("b6")) == list(ends(black, white, index("b6")))
    True
    """
    found = list(_search(mine, opp, cell, standing, max_boards))
    return [(m, o, _chain(parent, key) if parent is not None else chain) for m, o, key, chain, parent in found]


def _search(mine: int, opp: int, cell: int, standing: bool, max_boards: int) -> "Iterator[Tuple[int, int, int, Tuple[Tuple[int, int, int], ...], Optional[Dict[int, int]]]]":
    """The search of :func:`ends`: each end as ``(mine, opp, its key, (), the boards' parents)``
    (its chain is ``_chain(parents, key)``: a board's parent never changes once set), or
    ``(mine, opp, -1, its chain, None)``."""
    mine |= BIT[cell]
    ds = diamonds_after_drop(mine, cell, standing)
    if not ds:
        yield (mine, opp, -1, (), None)
        return
    # parent[board key] = the board before it and the pivot, packed: key << 17 | cell << 11 | diamond << 3 | direction.
    parent = {mine << KEY_SHIFT | opp: -1}  # type: Dict[int, int]
    frontier = [(mine, opp, ds)]
    found = False
    lm = LINE_MASK
    while frontier:
        nxt = []
        for m, o, dl in frontier:
            here = m << KEY_SHIFT | o
            new = False
            # The pivots of options(m, o, dl), in its order, without building the list.
            for k in dl:
                dmask = DIAMOND_MASK[k]
                for p in DIAMONDS[k]:
                    keep = m & ~(dmask ^ BIT[p])
                    lines = lm[p]
                    for d in range(6):
                        line = lines[d]
                        if not line:
                            continue
                        nm = keep | line
                        no = o & ~line
                        key = nm << KEY_SHIFT | no
                        if key in parent:
                            continue
                        if len(parent) >= max_boards:
                            raise TooManyTurnsError("the turns of a drop on %s reach more than %d boards: too many to list or count (build a turn step by step instead)" % (CELLS[cell], max_boards))
                        new = True
                        parent[key] = here << 17 | p << 11 | k << 3 | d
                        nds = next_diamonds(nm, dl, p, d)
                        if nds:
                            nxt.append((nm, no, nds))
                        else:
                            found = True
                            yield (nm, no, key, (), parent)
            if not new and _dead_end_here(parent, here, m, o, dl):
                found = True
                yield (m, o, here, (), parent)
        frontier = nxt
    if not found:
        end = dead_end(mine, opp, ds)
        if end is not None:
            yield (end[0], end[1], -1, end[2], None)


def _dead_end_here(parent: "Dict[int, int]", here: int, m: int, o: int, dl: "List[int]") -> bool:
    """True if every pivot from the board ``here`` leads back to a board of its shortest chain."""
    path = {}  # type: Dict[int, bool]
    step = here
    while step >= 0:
        path[step] = True
        v = parent[step]
        step = v >> 17 if v >= 0 else -1
    return all(nm << KEY_SHIFT | no in path for _, _, _, nm, no in options(m, o, dl))


def outcomes(mine: int, opp: int, cell: int, standing: bool = False, limit: int = 0) -> "List[Tuple[int, int, Tuple[Tuple[int, int, int], ...]]]":
    """The distinct results of dropping on ``cell`` as a list: ``(mine, opp, pivots)`` (see :func:`ends`).

    ``limit``: keep at most that many boards and return the ends found so far
    (all legal) instead of raising :class:`TooManyTurnsError` (0: :data:`MAX_BOARDS`, raising).
    """
    out = []
    try:
        for end in ends(mine, opp, cell, standing, limit or MAX_BOARDS):
            out.append(end)
    except TooManyTurnsError:
        if not limit:
            raise
    return out


def _chain(parent: "Dict[int, int]", key: int) -> "Tuple[Tuple[int, int, int], ...]":
    path = []
    v = parent[key]
    while v >= 0:
        path.append((v >> 11 & 63, v >> 3 & 255, v & 7))
        v = parent[v >> 17]
    path.reverse()
    return tuple(path)


def dead_end(mine: int, opp: int, ds: "List[int]", max_steps: int = MAX_BOARDS) -> "Optional[Tuple[int, int, Tuple[Tuple[int, int, int], ...]]]":
    """A chain from ``(mine, opp)`` (diamonds ``ds``) that ends because every pivot would repeat a board, or ``None``.

    Depth first, without merging boards; used only when a drop has no other
    end.  More than ``max_steps`` pivots tried raises :class:`TooManyTurnsError`.
    """
    steps = 0
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
        steps += 1
        if steps > max_steps:
            raise TooManyTurnsError("the chains of this drop are too many to search for one that ends with a diamond standing (more than %d pivots tried)" % max_steps)
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
