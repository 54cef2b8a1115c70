"""Neutral hex-grid geometry in axial coordinates, shared by the games' board modules.

A cell is an axial pair ``(x, y)``; the six neighbours are fixed offsets
(:data:`DIRECTIONS`).  A board is any finite set of such pairs, and the tables
below are built once per board as plain lists indexed by cell number, which is
fast and portable to MicroPython.

>>> cells = [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0)]
>>> ray(cells, 0, (1, 0), 3)
[1, 4]
>>> sorted(neighbour_table(cells)[0])
[1, 2, 3]
>>> rhombi(cells)
[(0, 1, 2, 3)]
"""

try:
    from typing import Dict, List, Sequence, Tuple
except ImportError:  # MicroPython
    pass

#: The six directions as axial offsets, in turning order (each is 60 degrees from the next).
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))


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
