"""The Diamonds & Pivots board as SVG markup: a pure function of what the page shows.

No DOM access, so the same code draws the board on the page (MicroPython), in the
rules page's boards and pre-renders the empty board into ``diamonds.html`` at build time
(CPython).  Runs on MicroPython: no dataclasses, typing or f-string format specs.

Layout as in the source: rows ``a`` (top) to ``i`` (bottom) are horizontal, the number
is the diagonal running down-right.  Every cell is a ``<g data-cell="e5">`` with an
accessible name; the mover's diamonds are outlined as rhombi over the stones.

>>> svg = board_svg({})
>>> svg.count("data-cell="), 'data-cell="a5"' in svg
(61, True)
"""

import math

from dvonn_core.common.layout import corner_offsets, hex_to_pixel, layout
from dvonn_core.diamonds.board import CELLS as CELLS  # the page's modules find the cells here too
from dvonn_core.diamonds.board import ROWCOLS
from kernel.i18n import N_, _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import List, Tuple

RADIUS = 26  # centre to corner of a hex cell
#: Where the cells go (the games' one hex layout), with the board's axial coordinates (diagonal, -row).
LAYOUT = layout(RADIUS)
STONE_R = 0.66 * RADIUS
ROW_NAMES = "abcdefghi"
COLOUR_NAMES = {"b": "black", "w": "white"}
SCENE = '<g class="scene">'  # board_svg's one child of the board's <svg>

_ROWCOL = {}
for _i in range(len(CELLS)):
    _ROWCOL[CELLS[_i]] = ROWCOLS[_i]


def _raw_xy(row, diag):
    return hex_to_pixel(LAYOUT, diag, -row)


def _labels():
    """Row letters left of each row; diagonal numbers below each diagonal's lowest cell."""
    out = []  # type: List[Tuple[str, float, float]]
    for r in range(9):
        first = min(q for (rr, q) in ROWCOLS if rr == r)
        out.append((ROW_NAMES[r], r, first - 0.85))
    for q in range(1, 10):
        last = max(rr for (rr, qq) in ROWCOLS if qq == q)
        out.append((str(q), last + 0.8, q))
    return out


LABELS = _labels()
_POINTS = [_raw_xy(r, q) for (r, q) in ROWCOLS] + [_raw_xy(r, q) for _label, r, q in LABELS]
MIN_X = min(p[0] for p in _POINTS) - RADIUS
MAX_X = max(p[0] for p in _POINTS) + RADIUS
MIN_Y = min(p[1] for p in _POINTS) - RADIUS
MAX_Y = max(p[1] for p in _POINTS) + RADIUS
VIEWBOX = "%.1f %.1f %.1f %.1f" % (MIN_X, MIN_Y, MAX_X - MIN_X, MAX_Y - MIN_Y)


#: The board turned a quarter turn clockwise, for narrow portrait screens (phones): the rows
#: a (right) to i (left) are columns and the hexes flat-topped.  Its hexes are a little taller
#: than regular ones (TURNED_WIDTH across the flats, not sqrt(3) * RADIUS), so that at 360 CSS px
#: wide every cell is still >= 44 px both ways.  Its labels are where the upright board has them
#: (row letters at the head of each row, now a column; diagonal numbers at the end of each
#: diagonal): most fall in the empty corners of the hexagon, and the viewBox keeps only the room
#: their text needs (``_LABEL_ROOM``), not a whole cell's, so they cost about 10 of its 376 units across.
TURNED_WIDTH = 1.85 * RADIUS
LAYOUT_TURNED = layout(RADIUS, width=TURNED_WIDTH)


def _turned_raw_xy(row, diag):
    x, y = hex_to_pixel(LAYOUT_TURNED, diag, -row)
    return -y, x


_TURNED = [_turned_raw_xy(r, q) for (r, q) in ROWCOLS]
_TURNED_LABELS = [_turned_raw_xy(r, q) for _label, r, q in LABELS]
_EDGE = 2  # room for a cell's outline at the edge of the turned board
_LABEL_ROOM = (6, 9)  # half a label's text across and up (13 px, one or two characters), and a little
T_MIN_X = min(min(p[0] for p in _TURNED) - 0.96 * RADIUS - _EDGE, min(p[0] for p in _TURNED_LABELS) - _LABEL_ROOM[0])
T_MAX_X = max(max(p[0] for p in _TURNED) + 0.96 * RADIUS + _EDGE, max(p[0] for p in _TURNED_LABELS) + _LABEL_ROOM[0])
T_MIN_Y = min(min(p[1] for p in _TURNED) - 0.48 * TURNED_WIDTH - _EDGE,
              min(p[1] for p in _TURNED_LABELS) - _LABEL_ROOM[1])
T_MAX_Y = max(max(p[1] for p in _TURNED) + 0.48 * TURNED_WIDTH + _EDGE,
              max(p[1] for p in _TURNED_LABELS) + _LABEL_ROOM[1])
VIEWBOX_TURNED = "%.1f %.1f %.1f %.1f" % (T_MIN_X, T_MIN_Y, T_MAX_X - T_MIN_X, T_MAX_Y - T_MIN_Y)


def viewbox(turned=False):
    """The board's viewBox, upright or turned.

    >>> viewbox(True)
    '-349.2 94.4 376.2 462.9'
    """
    return VIEWBOX_TURNED if turned else VIEWBOX


def xy(row, diag, flipped=False, turned=False):
    """Pixel centre of a cell (or label) position; ``flipped`` turns the board 180 degrees,
    ``turned`` a quarter turn clockwise (row a on the right, diagonal 1 at the top).

    >>> xy(0, 5, turned=True)[0] > xy(8, 5, turned=True)[0], xy(4, 1, turned=True)[1] < xy(4, 9, turned=True)[1]
    (True, True)
    """
    if turned:
        x, y = _turned_raw_xy(row, diag)
        if flipped:
            return T_MIN_X + T_MAX_X - x, T_MIN_Y + T_MAX_Y - y
        return x, y
    x, y = _raw_xy(row, diag)
    if flipped:
        return MIN_X + MAX_X - x, MIN_Y + MAX_Y - y
    return x, y


def cell_xy(cell, flipped=False, turned=False):
    r, q = _ROWCOL[cell]
    return xy(r, q, flipped, turned)


#: Arrow keys: Left/Right along a row; Up/Down to the row above/below (up-left/down-right,
#: or up-right/down-left where that cell is off the board).
KEY_STEPS = {"ArrowLeft": ((0, -1),), "ArrowRight": ((0, 1),),
             "ArrowUp": ((-1, 0), (-1, 1)), "ArrowDown": ((1, 0), (1, -1))}
#: On the turned board each arrow does what the arrow a quarter turn back does upright
#: (down the screen is along a row, right is towards row a).
TURNED_KEYS = {"ArrowDown": "ArrowRight", "ArrowUp": "ArrowLeft", "ArrowRight": "ArrowUp", "ArrowLeft": "ArrowDown"}


def next_cell(cell, key, flipped=False, turned=False):
    """The cell an arrow key moves the keyboard focus to from ``cell`` (None if there is none).

    >>> next_cell("e5", "ArrowRight"), next_cell("e5", "ArrowUp"), next_cell("e5", "ArrowDown")
    ('e6', 'd5', 'f5')
    >>> next_cell("e5", "ArrowRight", flipped=True), next_cell("a9", "ArrowUp"), next_cell("e1", "ArrowUp")
    ('e4', None, 'd2')
    >>> next_cell("e5", "ArrowDown", turned=True), next_cell("e5", "ArrowRight", turned=True)
    ('e6', 'd5')
    """
    if turned:
        key = TURNED_KEYS.get(key, key)
    steps = KEY_STEPS.get(key)
    if not steps:
        return None
    r, q = _ROWCOL[cell]
    sign = -1 if flipped else 1
    for dr, dq in steps:
        name = _name(r + sign * dr, q + sign * dq)
        if name:
            return name
    return None


def _name(r, q):
    if 0 <= r < 9:
        name = ROW_NAMES[r] + str(q)
        if name in _ROWCOL:
            return name
    return None


def _hex_points(turned=False):
    return " ".join("%.1f,%.1f" % p for p in corner_offsets(LAYOUT_TURNED if turned else LAYOUT, 0.96, turned))


DEFS = ('<defs><polygon id="dhex" points="%s"/><polygon id="dhext" points="%s"/>'
        '<radialGradient id="dshine" cx="35%%" cy="30%%" r="70%%">'
        '<stop offset="0" stop-color="#fff" stop-opacity=".45"/>'
        '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>') % (
            _hex_points(), _hex_points(True))

#: What a mark on a cell means for the player, appended to its accessible name.
MARK_WORDS = (("droppable", N_("you can drop here")), ("pivotable", N_("can be the pivot")),
              ("selected", N_("the pivot")),
              ("target", N_("end of a line")), ("previewed", N_("chosen line end")), ("line", N_("stones land here")),
              ("doomed", N_("would be captured")), ("last", N_("last drop")),
              ("pending", N_("your turn, waiting to be confirmed")),
              ("hint", N_("hint: the bot's turn goes here")), ("better", N_("the bot's better turn goes here")))


def announce(cell, stone, marks=""):
    """Accessible name of a cell with what the player may do with it.

    >>> announce("e5", "b", "pivotable last")
    'e5, black stone, can be the pivot, last drop'
    >>> announce("a5", "")
    'a5, empty'
    """
    text = (_("%s, black stone") if stone == "b" else _("%s, white stone") if stone == "w" else _("%s, empty")) % cell
    classes = marks.split()
    for cls, words in MARK_WORDS:
        if cls in classes:
            text += ", " + _(words)
    return text


def stone_svg(stone):
    if not stone:
        return ""
    return ('<circle class="pc p%s" r="%.1f"/><circle class="shine" r="%.1f" fill="url(#dshine)"/>'
            % (stone, STONE_R, STONE_R))


def diamond_points(cells, flipped=False, turned=False):
    """The rhombus through the centres of a diamond's four cells, as SVG polygon points."""
    pts = [cell_xy(c, flipped, turned) for c in cells]
    cx = sum(p[0] for p in pts) / 4
    cy = sum(p[1] for p in pts) / 4
    pts.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    return " ".join("%.1f,%.1f" % p for p in pts)


def board_key(stones, marks=None, flipped=False, focus=None, diamonds=(), chosen=None, turned=False):
    """A string naming what ``board_svg`` draws with these arguments (the same on CPython at
    build time and on MicroPython in the page): the page redraws the board only when it
    changes, and keeps the board pre-rendered by build.py when it shows the game it starts.

    >>> board_key({"a5": "b"}, {"a6": "droppable"}, False, "e5")[:27]
    'u|e5|a5:b:,a6::droppable,a7'
    >>> board_key({}, None, True, None, turned=True)[:6]
    'ft|e5|'
    """
    marks = marks or {}
    return "%s%s|%s|%s|%s|%s" % (
        "f" if flipped else "u", "t" if turned else "", focus or "e5",
        ",".join("%s:%s:%s" % (c, stones.get(c, ""), marks.get(c) or "") for c in CELLS),
        ";".join(" ".join(d) for d in diamonds), " ".join(chosen) if chosen is not None else "")


def board_svg(stones, marks=None, flipped=False, focus=None, diamonds=(), chosen=None, interactive=True,
              turned=False):
    """Inner SVG markup of the board.

    ``stones`` maps cells to ``"b"``, ``"w"`` or ``""``; ``marks`` maps cells to
    space-separated CSS classes (droppable, pivotable, selected, target, previewed, line,
    doomed, last); ``diamonds`` are the mover's diamonds to outline (tuples of cells),
    ``chosen`` the one the selected pivot belongs to.  ``focus`` is the cell in the
    keyboard tab order (roving tabindex).  ``interactive=False`` draws a picture (no
    tab stops, no button role).  Everything is in one ``<g class="scene">`` (``SCENE``), as
    on the DVONN board: one node for PyScript's observer of the document to search, not ~150.
    ``turned`` draws the board a quarter turn round, labels and all, for ``VIEWBOX_TURNED``.

    >>> board_svg({}, turned=True).count('class="lbl"'), board_svg({}).count('class="lbl"')
    (18, 18)
    """
    marks = marks or {}
    focus = focus or "e5"
    parts = [SCENE, DEFS]
    for text, r, q in LABELS:
        x, y = xy(r, q, flipped, turned)
        parts.append('<text class="lbl" x="%.1f" y="%.1f">%s</text>' % (x, y + 5, text))
    for cell in CELLS:
        parts.append(cell_svg(cell, stones.get(cell, ""), marks.get(cell), cell == focus, flipped, interactive,
                              turned))
    parts.append(outlines_svg(diamonds, chosen, flipped, turned))
    parts.append("</g>")
    return "".join(parts)


def cell_svg(cell, stone, extra=None, focused=False, flipped=False, interactive=True, turned=False):
    """One cell's ``<g data-cell>``: its hexagon, stone or name, marks (CSS classes ``extra``)
    and accessible name.  ``board_svg`` is made of these, and the page redraws a cell that
    changed by replacing its ``<g>`` with this (main.py, issue 12).

    >>> cell_svg("e5", "b", "last", True).startswith('<g class="cell occ last" data-cell="e5"')
    True
    """
    x, y = cell_xy(cell, flipped, turned)
    cls = cell_class(stone, extra)
    if interactive:
        label = announce(cell, stone, extra or "")
        attrs = 'role="button" tabindex="%d" aria-label="%s"' % (0 if focused else -1, label)
    else:
        attrs = 'aria-label="%s"' % announce(cell, stone, extra or "")
    inner = stone_svg(stone) if stone else '<text class="nm" y="4">%s</text>' % cell
    return ('<g class="%s" data-cell="%s" transform="translate(%.1f %.1f)" %s><use href="#%s" class="hx"/>%s</g>'
            % (cls, cell, x, y, attrs, "dhext" if turned else "dhex", inner))


def cell_class(stone, extra=None):
    """The ``class`` of a cell's ``<g>``: what ``cell_svg`` writes, and what the page sets
    when only a cell's marks changed (main.py).

    >>> cell_class("", "droppable")
    'cell empty droppable'
    """
    cls = "cell " + ("occ" if stone else "empty")
    return cls + " " + extra if extra else cls


def outlines_svg(diamonds=(), chosen=None, flipped=False, turned=False):
    """The outlines of the mover's diamonds (``chosen`` the one the selected pivot belongs to),
    drawn after the cells."""
    parts = []
    for d in diamonds:
        cls = "diamond chosen" if chosen is not None and tuple(d) == tuple(chosen) else "diamond"
        parts.append('<polygon class="%s" points="%s" aria-hidden="true"/>' % (cls, diamond_points(d, flipped, turned)))
    return "".join(parts)
