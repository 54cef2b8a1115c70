"""Hex-grid geometry in axial coordinates, shared by the games' boards (Red Blob Games' "axial" hexes).

A cell is an axial pair ``(x, y)``: ``x`` counts cells along a row to the right, ``y``
counts rows upwards, each row half a cell to the left of the one below, so that
``(1, 1)`` is the neighbour up and to the right.  DVONN's cell names are these
coordinates already (column A-K, row 1-5); Diamonds & Pivots uses ``(diagonal, -row)``.
The six neighbours are fixed offsets (:data:`DIRECTIONS`).  A board is any finite list
of cells; the tables below are built once per board as plain lists indexed by cell
number, which is fast and portable to MicroPython.  Where the cells go on screen is
:mod:`dvonn_core.common.layout`.

>>> cells = [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0)]
>>> ray(cells, 0, (1, 0), 3)
[1, 4]
>>> step_table(cells)[0]
[1, 3, 2, -1, -1, -1]
>>> sorted(neighbour_table(cells)[0])
[1, 2, 3]
>>> rhombi(cells)
[(0, 1, 2, 3)]
>>> distance((0, 0), (2, 1)), distance((0, 0), (1, -1)), direction((0, 0), (3, 3))
(2, 2, 1)
"""

try:
    from typing import Dict, List, Sequence, Tuple
except ImportError:  # MicroPython
    pass

#: The six directions as axial offsets, in turning order (each is 60 degrees from the next,
#: counter-clockwise on screen): right, up-right, up-left, left, down-left, down-right.
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))


def distance(a: "Tuple[int, int]", b: "Tuple[int, int]") -> int:
    """The number of steps from cell ``a`` to cell ``b`` (along any path)."""
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    if dx * dy >= 0:
        return max(abs(dx), abs(dy))
    return abs(dx) + abs(dy)


def direction(a: "Tuple[int, int]", b: "Tuple[int, int]") -> int:
    """The index in :data:`DIRECTIONS` of the straight line from ``a`` to ``b``; -1 when ``b`` is
    not on one of the six lines through ``a`` (or is ``a``)."""
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    d = max(abs(dx), abs(dy))
    if d == 0:
        return -1
    for k in range(6):
        if DIRECTIONS[k][0] * d == dx and DIRECTIONS[k][1] * d == dy:
            return k
    return -1


def _lookup(cells: "Sequence[Tuple[int, int]]") -> "Dict[Tuple[int, int], int]":
    out = {}
    for i in range(len(cells)):
        out[cells[i]] = i
    return out


def ray(cells: "Sequence[Tuple[int, int]]", start: int, direction: "Tuple[int, int]", length: int) -> "List[int]":
    """The cell numbers from ``start`` going ``direction``, at most ``length`` of them, stopping at the edge."""
    where = _lookup(cells)
    x, y = cells[start]
    dx, dy = direction
    out = []
    for _ in range(length):
        x += dx
        y += dy
        i = where.get((x, y), -1)
        if i < 0:
            break
        out.append(i)
    return out


def step_table(cells: "Sequence[Tuple[int, int]]") -> "List[List[int]]":
    """For each cell number, the number of the cell one step away in each of the :data:`DIRECTIONS`
    (in that order), -1 where the step leaves the board.  Following a direction from table to
    table walks a straight line: ``t = table[t][k]`` until it is -1."""
    where = _lookup(cells)
    table = []
    for x, y in cells:
        table.append([where.get((x + dx, y + dy), -1) for (dx, dy) in DIRECTIONS])
    return table


def neighbour_table(cells: "Sequence[Tuple[int, int]]") -> "List[List[int]]":
    """For each cell number, the numbers of its neighbours on the board."""
    where = _lookup(cells)
    table = []
    for x, y in cells:
        row = []
        for dx, dy in DIRECTIONS:
            i = where.get((x + dx, y + dy), -1)
            if i >= 0:
                row.append(i)
        table.append(row)
    return table


def rhombi(cells: "Sequence[Tuple[int, int]]") -> "List[Tuple[int, ...]]":
    """Every rhombus of two adjacent triangles of cells on the board, as sorted 4-tuples of cell numbers.

    A rhombus is a pair of neighbouring cells (its short diagonal) and the two
    cells next to both (its long diagonal).
    """
    where = _lookup(cells)
    seen = {}  # type: Dict[Tuple[int, ...], bool]
    out = []  # type: List[Tuple[int, ...]]
    for i in range(len(cells)):
        x, y = cells[i]
        for k in range(6):
            dx, dy = DIRECTIONS[k]
            j = where.get((x + dx, y + dy), -1)
            if j < 0:
                continue
            ax, ay = DIRECTIONS[(k + 1) % 6]
            bx, by = DIRECTIONS[(k + 5) % 6]
            a = where.get((x + ax, y + ay), -1)
            b = where.get((x + bx, y + by), -1)
            if a < 0 or b < 0:
                continue
            key = tuple(sorted((i, j, a, b)))
            if key not in seen:
                seen[key] = True
                out.append(key)
    out.sort()
    return out


def rows_text(cells: "Sequence[str]", row_lengths: "Sequence[int]") -> str:
    """The board's rows as both games' position strings write them: the cells of each row in
    order, a run of empty cells (``""``) as its length, the rows joined by ``-``.

    >>> rows_text(["", "", "W", "", "bD", "", "", ""], (3, 2, 3))
    '2W-1bD-3'
    """
    rows = []
    i = 0
    for length in row_lengths:
        parts = []
        empty = 0
        for text in cells[i:i + length]:
            if not text:
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            parts.append(text)
        if empty:
            parts.append(str(empty))
        rows.append("".join(parts))
        i += length
    return "-".join(rows)
