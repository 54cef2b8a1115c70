"""Where the cells of a hex board go on screen: Red Blob Games' "layout", for the games' boards.

A layout turns the axial cells of :mod:`dvonn_core.common.hexgrid` into pixels: the
centre of a cell (:func:`hex_to_pixel`) and the corners of its hexagon
(:func:`corner_offsets`).  Both games draw pointy-top hexes in horizontal rows, each
row half a cell to the left of the one below (axial ``y`` counts rows upwards, screen
``y`` grows downwards, as in SVG).  One layout serves the standalone diagrams
(:mod:`dvonn_core.dvonn.svg`) and the pages' boards (``web/dvonn/render.py``,
``web/diamonds/render.py``); a page turns or flips the picture around it.

A layout is plain data, a tuple ``(width, row, origin_x, origin_y, corner)``, so that
build.py can hand it to the pages as a literal with the other tables (PRECOMPUTED).

>>> board = layout(30)
>>> hex_to_pixel(board, 0, 0), hex_to_pixel(board, 1, 0), hex_to_pixel(board, 0, 1)
((0.0, 0.0), (51.96152422706631, 0.0), (-25.980762113533157, -45.0))
>>> diagram = centred(layout(230, width=400), 5, 2)  # whole tenths of a pixel, F3 at (0, 0)
>>> hex_to_pixel(diagram, 5, 2), hex_to_pixel(diagram, 0, 0)
((0.0, 0.0), (-1600.0, 690.0))
>>> [(int(x), int(y)) for (x, y) in corner_offsets(diagram)][:2]
[(0, -230), (200, -115)]

It runs unchanged on MicroPython: no dataclasses, typing or f-string format specs.
"""

import math

try:
    from typing import List, Optional, Tuple
except ImportError:  # MicroPython
    pass


def layout(corner: float, width: "Optional[float]" = None,
           origin: "Tuple[float, float]" = (0, 0)) -> "Tuple[float, ...]":
    """Pointy-top hexes ``2 * corner`` tall (corner to corner) and ``width`` wide (flat side to
    flat side, which is also the step between two centres in a row), whose rows are
    ``1.5 * corner`` apart, so that they tile; ``width`` defaults to ``sqrt(3) * corner``, a
    regular hexagon.  ``origin`` is where the centre of cell ``(0, 0)`` goes.
    """
    return (math.sqrt(3) * corner if width is None else width, 1.5 * corner, origin[0], origin[1], corner)


def hex_to_pixel(layout: "Tuple[float, ...]", x: float, y: float) -> "Tuple[float, float]":
    """The centre of the cell ``(x, y)`` in pixels; fractional coordinates give the points
    between cells (where the pages put the coordinates around the board)."""
    return (layout[2] + (x - 0.5 * y) * layout[0], layout[3] - y * layout[1])


def centred(layout: "Tuple[float, ...]", x: float, y: float) -> "Tuple[float, ...]":
    """The same layout moved so that the cell ``(x, y)`` is at ``(0, 0)``."""
    cx = (x - 0.5 * y) * layout[0]
    cy = -y * layout[1]
    return (layout[0], layout[1], -cx, -cy, layout[4])


def corner_offsets(layout: "Tuple[float, ...]", scale: float = 1.0,
                   turned: bool = False) -> "List[Tuple[float, float]]":
    """The six corners of a hexagon around its centre, as offsets, clockwise from the top.

    ``scale`` shrinks the hexagon (0.96 leaves a thin gap between the cells); ``turned``
    gives it a quarter turn clockwise, for a board drawn turned (the corners of a flat-top
    hexagon, clockwise from the right).

    >>> [(round(x, 1), round(y, 1)) for (x, y) in corner_offsets(layout(10), turned=True)][:3]
    [(10.0, 0.0), (5.0, 8.7), (-5.0, 8.7)]
    """
    c = layout[4] * scale
    h = layout[0] / 2 * scale
    points = [(0.0, -c), (h, -c / 2), (h, c / 2), (0.0, c), (-h, c / 2), (-h, -c / 2)]
    if turned:
        return [(-dy, dx) for (dx, dy) in points]
    return points
