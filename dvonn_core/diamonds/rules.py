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

from .board import BIT, DIAMOND_MASK, DIAMONDS, DIAMONDS_AT, LINE_MASK

try:
    from typing import Dict, List, Set, Tuple
except ImportError:  # MicroPython
    pass

_N = len(DIAMONDS)
_RANGE = range(_N)


def diamonds_of(mine: int) -> "List[int]":
    """The numbers of the diamonds all of whose cells are in ``mine``."""
    dm = DIAMOND_MASK
    return [k for k in _RANGE if mine & dm[k] == dm[k]]


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


class _Search:
    """Depth-first search of the pivot chains after one drop, keeping one chain per distinct final board."""

    __slots__ = ("results", "order", "visited", "path", "on_path", "cycle", "memo", "chains")

    def __init__(self, memo: bool) -> None:
        self.results = {}  # type: Dict[Tuple[int, int], Tuple[Tuple[int, int, int], ...]]
        self.order = []  # type: List[Tuple[int, int]]
        self.visited = {}  # type: Dict[Tuple[int, int], bool]
        self.path = []  # type: List[Tuple[int, int, int]]
        self.on_path = {}  # type: Dict[Tuple[int, int], bool]
        self.cycle = False
        self.memo = memo
        self.chains = 0

    def finish(self, key: "Tuple[int, int]") -> None:
        self.chains += 1
        if key not in self.results:
            self.results[key] = tuple(self.path)
            self.order.append(key)

    def explore(self, mine: int, opp: int, ds: "List[int]") -> None:
        legal = False
        for p, k, d, nm, no in options(mine, opp, ds):
            key = (nm, no)
            if key in self.on_path:
                self.cycle = True
                continue
            legal = True
            if self.memo:
                if key in self.visited:
                    continue
                self.visited[key] = True
            self.path.append((p, k, d))
            nds = diamonds_of(nm)
            if nds:
                self.on_path[key] = True
                self.explore(nm, no, nds)
                del self.on_path[key]
            else:
                self.finish(key)
            self.path.pop()
        if not legal:
            self.finish((mine, opp))


def outcomes(mine: int, opp: int, cell: int, standing: bool = False) -> "List[Tuple[int, int, Tuple[Tuple[int, int, int], ...]]]":
    """The distinct results of dropping on ``cell``: ``(mine, opp, pivots)``, one chain of pivots per final board.

    ``standing``: the mover already has a diamond on the board (then every
    diamond counts, not only those through the drop).  Boards are searched
    depth-first, diamonds in number order, pivots in cell order, directions in
    :data:`~dvonn_core.hexgrid.DIRECTIONS` order; the first chain found to each
    final board is kept.  Searching merges chains that meet on the same board;
    that is exact unless some chain can come back to a board of its own turn
    (forbidden by the repetition rule), and then the search is redone without
    merging.
    """
    mine |= BIT[cell]
    ds = diamonds_after_drop(mine, cell, standing)
    if not ds:
        return [(mine, opp, ())]
    s = _Search(True)
    s.on_path[(mine, opp)] = True
    s.explore(mine, opp, ds)
    if s.cycle:
        s = _Search(False)
        s.on_path[(mine, opp)] = True
        s.explore(mine, opp, ds)
    return [(key[0], key[1], s.results[key]) for key in s.order]


def count_chains(mine: int, opp: int, cell: int, standing: bool = False) -> "Tuple[int, int]":
    """``(chains, distinct final boards)`` of a drop: every legal sequence of pivots, and their distinct results."""
    mine |= BIT[cell]
    ds = diamonds_after_drop(mine, cell, standing)
    if not ds:
        return 1, 1
    s = _Search(False)
    s.on_path[(mine, opp)] = True
    s.explore(mine, opp, ds)
    return s.chains, len(s.results)


def threats(mine: int, empty: int) -> int:
    """The empty cells where one more stone of ``mine`` would complete a diamond, as a bitmask."""
    out = 0
    for dmask in DIAMOND_MASK:
        rest = dmask & ~mine
        if rest and rest & (rest - 1) == 0 and rest & empty:
            out |= rest
    return out
