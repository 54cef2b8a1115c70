"""The Diamonds & Pivots board: 61 cells, their names, lines and diamonds, as tables.

Cells are named as in the source: a row letter, ``a`` (top, 5 cells) to ``i``
(bottom, 5 cells), and the number of the diagonal that runs from upper left to
lower right, 1 to 9 from the left::

        a5  a6  a7  a8  a9
      b4  b5  b6  b7  b8  b9
    ... e1  e2  e3  e4  e5  e6  e7  e8  e9 ...
      h1  h2  h3  h4  h5  h6
        i1  i2  i3  i4  i5

Cell numbers go row by row from ``a5`` (0) to ``i5`` (60).  Going right adds
one to the diagonal, down-right keeps it, down-left lowers it by one.

>>> CELLS[0], CELLS[30], CELLS[60]
('a5', 'e5', 'i5')
>>> index("C5") == CELLS.index("c5")
True
>>> [CELLS[i] for i in LINES[index("c5")][DOWN_RIGHT]]
['d5', 'e5', 'f5']
>>> len(DIAMONDS), len(LINES[index("a5")][RIGHT])
(132, 3)
"""

from ..common.errors import quote
from ..common.hexgrid import DIRECTIONS, neighbour_table, ray, rhombi

try:
    from typing import Dict, List, Tuple
except ImportError:  # MicroPython
    pass

SIZE = 61
ROW_NAMES = "abcdefghi"

#: Direction numbers: indexes into :data:`dvonn_core.common.hexgrid.DIRECTIONS`, with axial coordinates ``(diagonal, -row)``.
RIGHT, UP_RIGHT, UP_LEFT, LEFT, DOWN_LEFT, DOWN_RIGHT = 0, 1, 2, 3, 4, 5
DIRECTION_NAMES = ("right", "up-right", "up-left", "left", "down-left", "down-right")


def _first(row: int) -> int:
    return 5 - row if row <= 4 else 1


def _last(row: int) -> int:
    return 9 if row <= 4 else 13 - row


#: (row 0-8, diagonal 1-9) of every cell, in cell-number order.
ROWCOLS = []  # type: List[Tuple[int, int]]
for _r in range(9):
    for _q in range(_first(_r), _last(_r) + 1):
        ROWCOLS.append((_r, _q))

#: The cell names in cell-number order.
CELLS = [ROW_NAMES[r] + str(q) for (r, q) in ROWCOLS]
#: Axial coordinates ``(diagonal, -row)`` for the shared hex helpers.
AXIAL = [(q, -r) for (r, q) in ROWCOLS]

_INDEX = {}  # type: Dict[str, int]
for _i in range(SIZE):
    _INDEX[CELLS[_i]] = _i
    _INDEX[CELLS[_i].upper()] = _i


def is_cell(name: str) -> bool:
    """True for a cell's name, in either case (ASCII letters only: ``"\u0130"`` is no ``"i"``)."""
    return name in _INDEX


def index(name: str) -> int:
    """The number of a cell given by name (either case); ``ValueError`` if there is no such cell."""
    i = _INDEX.get(name, -1)
    if i < 0:
        raise ValueError("%s is not a cell (cells are a5-a9, b4-b9, ... e1-e9, ... i1-i5)" % quote(name))
    return i


#: One bit per cell.
BIT = [1 << i for i in range(SIZE)]
ALL = (1 << SIZE) - 1
#: Neighbours of each cell.
NEIGHBOURS = neighbour_table(AXIAL)
#: ``LINES[cell][direction]``: the three cells in a straight line from the cell, or ``()`` if the line leaves the board.
LINES = []  # type: List[List[Tuple[int, ...]]]
#: ``LINE_MASK[cell][direction]``: the same line as a bitmask (0 if it leaves the board).
LINE_MASK = []  # type: List[List[int]]
for _i in range(SIZE):
    _lines = []  # type: List[Tuple[int, ...]]
    _masks = []  # type: List[int]
    for _d in DIRECTIONS:
        _cells = ray(AXIAL, _i, _d, 3)
        if len(_cells) == 3:
            _lines.append(tuple(_cells))
            _masks.append(BIT[_cells[0]] | BIT[_cells[1]] | BIT[_cells[2]])
        else:
            _lines.append(())
            _masks.append(0)
    LINES.append(_lines)
    LINE_MASK.append(_masks)

#: Every diamond (rhombus of two adjacent triangles) as a sorted 4-tuple of cells.
DIAMONDS = rhombi(AXIAL)
#: The same diamonds as bitmasks.
DIAMOND_MASK = [BIT[a] | BIT[b] | BIT[c] | BIT[d] for (a, b, c, d) in DIAMONDS]
#: ``DIAMONDS_AT[cell]``: the numbers of the diamonds that hold the cell.
DIAMONDS_AT = [[] for _ in range(SIZE)]  # type: List[List[int]]
for _k in range(len(DIAMONDS)):
    for _c in DIAMONDS[_k]:
        DIAMONDS_AT[_c].append(_k)


def partner(diamond: int, cell: int) -> int:
    """The other end of the diagonal of ``diamond`` that holds ``cell``.

    The pivot and its partner name a diamond: the partner is the neighbour that
    shares the short diagonal, or the far corner across the long one.

    >>> CELLS[partner(DIAMONDS.index(tuple(sorted(index(c) for c in ("b6", "b7", "c5", "c6")))), index("c5"))]
    'b7'
    """
    nb = NEIGHBOURS[cell]
    others = [c for c in DIAMONDS[diamond] if c != cell]
    adjacent = [c for c in others if c in nb]
    if len(adjacent) == 3:
        # The cell is on the short diagonal: its partner is the neighbour of all three others.
        for c in others:
            if all((o == c or o in NEIGHBOURS[c]) for o in others):
                return c
    for c in others:
        if c not in nb:
            return c
    raise AssertionError("not a diamond")


def far_end(cell: int, direction: int) -> int:
    """The last cell of the line from ``cell`` in ``direction`` (``-1`` if the line leaves the board)."""
    line = LINES[cell][direction]
    return line[2] if line else -1


#: ``DIRECTION_TO[cell][far_end]``: the direction whose line from ``cell`` ends on ``far_end``.
DIRECTION_TO = [{} for _ in range(SIZE)]  # type: List[Dict[int, int]]
for _i in range(SIZE):
    for _k in range(6):
        if LINES[_i][_k]:
            DIRECTION_TO[_i][LINES[_i][_k][2]] = _k
