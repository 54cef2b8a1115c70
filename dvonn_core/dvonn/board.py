"""Board geometry: the 49 cells, their names, neighbours and straight-line jumps.

Cells are named like the CodeCup 2011 / Boardspace / Little Golem notation:
columns A-K and rows 1-5, with row 1 = A1..I1, row 2 = A2..J2, row 3 = A3..K3,
row 4 = B4..K4 and row 5 = C5..K5.  The column and row are the axial hex
coordinates of :mod:`dvonn_core.common.hexgrid`, whose six directions, steps and
distances the tables below are built from.

Everything here is computed once, as plain lists indexed by cell number
(0..48, row 1 first, then by column), which is both fast and portable to
MicroPython.

>>> CELLS[0], CELLS[24], CELLS[48]
('A1', 'F3', 'K5')
>>> index('f3')
24
>>> sorted(neighbours('A1'))
['A2', 'B1', 'B2']
"""

from ..common import hexgrid
from ..common.hexgrid import step_table

try:
    from typing import List, Tuple
except ImportError:  # MicroPython
    pass

COLUMNS = "ABCDEFGHIJK"
ROWS = 5
SIZE = 49


def _on_board(col: int, row: int) -> bool:
    return 0 <= col <= 10 and 0 <= row <= 4 and row - 2 <= col <= row + 8


#: (column, row) of every cell, 0-based, in cell-number order.
COORDS = []  # type: List[Tuple[int, int]]
for _row in range(ROWS):
    for _col in range(11):
        if _on_board(_col, _row):
            COORDS.append((_col, _row))

#: The 49 cell names in cell-number order (row 1 first).
CELLS = [COLUMNS[c] + str(r + 1) for (c, r) in COORDS]

_INDEX = {}
for _i in range(SIZE):
    _INDEX[CELLS[_i]] = _i
    _INDEX[CELLS[_i].lower()] = _i

#: Bit of each cell in a 12-wide padded bitboard (column 11 is padding, so
#: shifting by 1, 12 and 13 in both directions moves to the six neighbours
#: without wrapping).
BIT = [1 << (r * 12 + c) for (c, r) in COORDS]
#: All cells as a bitboard.
ALL_BITS = 0
for _b in BIT:
    ALL_BITS |= _b


#: The longest straight line on the board has 11 cells, so no jump is longer than 10.
MAX_JUMP = 10

#: NEIGHBOURS[i]: the cell numbers next to cell i (2 to 6 of them), in the order of DIRECTIONS.
NEIGHBOURS = []  # type: List[List[int]]
#: NEIGHBOUR_BITS[i]: the same as a bitboard.
NEIGHBOUR_BITS = []  # type: List[int]
#: EDGE[i]: True when cell i has fewer than six neighbours (it can never be surrounded).
EDGE = []  # type: List[bool]
#: JUMPS[i][d]: the cells exactly d steps away from cell i in a straight line
#: (d = 1..SIZE), in cell-number order; the list is empty when d is too far.
JUMPS = []  # type: List[List[List[int]]]
#: RING[i]: the bits of the six cells around cell i in the (circular) order of DIRECTIONS, 0 off
#: the board; consecutive entries are neighbours of each other.
RING = []  # type: List[List[int]]


def _build_tables() -> None:
    # A function, not module-level code: its variables are locals, which MicroPython
    # (the page's interpreter) reads far faster than globals.
    nowhere = []  # type: List[int]
    steps = step_table(COORDS)  # steps[i][k]: the cell one step from i in direction k, -1 off the board
    for i in range(SIZE):
        around = steps[i]
        ns = []
        bits = 0
        for n in around:
            if n >= 0:
                ns.append(n)
                bits |= BIT[n]
        NEIGHBOURS.append(ns)
        NEIGHBOUR_BITS.append(bits)
        EDGE.append(len(ns) < 6)
        by_distance = [[] for _ in range(MAX_JUMP + 1)]  # type: List[List[int]]
        for k in range(6):
            # The board is convex: a ray that leaves it never comes back.
            d = 1
            t = around[k]
            while t >= 0:
                by_distance[d].append(t)
                d += 1
                t = steps[t][k]
        for targets in by_distance:
            targets.sort()
        by_distance.extend([nowhere] * (SIZE - MAX_JUMP))
        JUMPS.append(by_distance)
        RING.append([BIT[n] if n >= 0 else 0 for n in around])
    for p in range(64):
        starts = 0
        for k in range(6):
            if (p >> k) & 1 and not (p >> ((k + 5) % 6)) & 1:
                starts += 1
        ONE_ARC.append(starts <= 1)


#: ONE_ARC[p]: True when the set bits of the 6-bit circular pattern p form at most one
#: unbroken arc, so removing the centre cannot split its occupied neighbours apart.
ONE_ARC = []  # type: List[bool]
_build_tables()


def index(name: str) -> int:
    """The cell number of a cell name (either case); ``ValueError`` if there is no such cell.

    >>> index("K5")
    48
    """
    if not isinstance(name, str):
        raise ValueError("a cell is named by text like 'E3', not %s" % type(name).__name__)
    i = _INDEX.get(name)
    if i is None and len(name) < 8:
        i = _INDEX.get(name.strip())  # either case: the table holds both (ASCII only)
    if i is None:
        raise ValueError("no cell named %r on the DVONN board (columns A-K, rows 1-5)"
                         % (name if len(name) <= 40 else name[:37] + "...",))
    return i


def is_cell(name: str) -> bool:
    """True when ``name`` names a cell of the board (either case)."""
    return name in _INDEX


def coords(name: str) -> "Tuple[int, int]":
    """(column, row) of a cell, both 0-based: ``coords("A1") == (0, 0)``."""
    return COORDS[index(name)]


def neighbours(name: str) -> "List[str]":
    """The names of the cells next to a cell."""
    return [CELLS[n] for n in NEIGHBOURS[index(name)]]


def direction(source: int, target: int) -> int:
    """Index in DIRECTIONS of the straight line from source to target, or -1."""
    return hexgrid.direction(COORDS[source], COORDS[target])


def distance_in_line(source: int, target: int) -> int:
    """Number of steps from source to target along a straight line, or 0 if not in line."""
    if hexgrid.direction(COORDS[source], COORDS[target]) < 0:
        return 0
    return hexgrid.distance(COORDS[source], COORDS[target])


def distance(a: int, b: int) -> int:
    """Number of steps between two cells (along any path).

    >>> distance(index("A1"), index("C3")), distance(index("A1"), index("B2")), distance(index("A2"), index("B1"))
    (2, 1, 2)
    """
    return hexgrid.distance(COORDS[a], COORDS[b])
