"""The one hex layout (dvonn_core.common.layout): where the cells go, for the diagrams and both pages' boards."""

import math

import pytest

from dvonn_core.common.hexgrid import DIRECTIONS, step_table
from dvonn_core.common.layout import centred, corner_offsets, hex_to_pixel, layout
from dvonn_core.diamonds import board as diamonds_board
from dvonn_core.dvonn import board as dvonn_board
from dvonn_core.dvonn import svg


def test_neighbours_are_one_cell_apart_in_the_six_directions():
    board = layout(30, origin=(7, -3))
    x0, y0 = hex_to_pixel(board, 2, 1)
    angles = []
    for dx, dy in DIRECTIONS:
        x, y = hex_to_pixel(board, 2 + dx, 1 + dy)
        assert math.hypot(x - x0, y - y0) == pytest.approx(math.sqrt(3) * 30)
        angles.append(round(math.degrees(math.atan2(y0 - y, x - x0))) % 360)  # counter-clockwise, y up
    assert angles == [0, 60, 120, 180, 240, 300]


@pytest.mark.parametrize("board", [layout(26), layout(230, width=400)], ids=["regular", "diagram"])
@pytest.mark.parametrize("cells", [dvonn_board.COORDS, diamonds_board.AXIAL], ids=["dvonn", "diamonds"])
def test_the_hexagons_tile_the_board(board, cells):
    """Two neighbours share exactly one side (two corners); other cells share none."""
    def corners(cell):
        cx, cy = hex_to_pixel(board, *cell)
        return {(round(cx + dx, 6), round(cy + dy, 6)) for (dx, dy) in corner_offsets(board)}

    steps = step_table(cells)
    for i in range(len(cells)):
        for j in range(len(cells)):
            if i != j:
                assert len(corners(cells[i]) & corners(cells[j])) == (2 if j in steps[i] else 0)


def test_turned_corners_are_the_upright_ones_a_quarter_turn_clockwise():
    board = layout(10)
    for (x, y), (tx, ty) in zip(corner_offsets(board), corner_offsets(board, turned=True), strict=True):
        assert (tx, ty) == (-y, x)
    half = [(round(x, 6), round(y, 6)) for (x, y) in corner_offsets(board, 0.5)]
    assert half[:2] == [(0, -5), (round(5 * math.sqrt(3) / 2, 6), -2.5)]


def test_centred_puts_the_cell_at_the_origin():
    board = centred(layout(230, width=400), 5, 2)
    assert hex_to_pixel(board, 5, 2) == (0, 0)
    assert hex_to_pixel(board, 0, 0) == (-1600, 690) and hex_to_pixel(board, 10, 4) == (1600, -690)


def test_the_diagrams_and_both_pages_draw_with_it():
    """Each renderer's cell centres and hexagons are the layout's (the drawings are unchanged by it:
    the SVG text is byte-identical to what the three separate layouts drew)."""
    from diamonds import render as diamonds_render
    from dvonn import render as dvonn_render

    assert svg.HEX_CORNERS == ((0, -230), (200, -115), (200, 115), (0, 230), (-200, 115), (-200, -115))
    for i in range(dvonn_board.SIZE):
        x, y = hex_to_pixel(svg.LAYOUT, *dvonn_board.COORDS[i])
        assert svg.cell_center(i) == (x / 10, y / 10)
        assert dvonn_render.xy(*dvonn_board.COORDS[i]) == hex_to_pixel(dvonn_render.LAYOUT, *dvonn_board.COORDS[i])
    for cell, axial in zip(diamonds_board.CELLS, diamonds_board.AXIAL, strict=True):
        assert diamonds_render.cell_xy(cell) == hex_to_pixel(diamonds_render.LAYOUT, *axial)
    hexagon = '<polygon id="hex" points="0.0,-28.8 24.9,-14.4 24.9,14.4 0.0,28.8 -24.9,14.4 -24.9,-14.4"/>'
    turned = '<polygon id="hext" points="28.8,0.0 14.4,24.9 -14.4,24.9 -28.8,0.0 -14.4,-24.9 14.4,-24.9"/>'
    assert hexagon in dvonn_render.DEFS and turned in dvonn_render.DEFS
