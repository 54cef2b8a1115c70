"""The live board as SVG markup: a pure function of what the page shows.

No DOM access here, so the same code draws the board on the page (MicroPython) and
pre-renders the empty board into ``index.html`` at build time (CPython).  Runs on
MicroPython: no dataclasses, typing or f-string format specs.

Layout (axial coordinates, as in ``dvonn_core.board``): row 1 at the bottom, row 5 at
the top, each row shifted half a cell to the left of the one below, so the two 9-cell
rows face the players.  Every cell is a ``<g data-cell="E3">`` with an accessible name.
"""

from dvonn_core.common.layout import corner_offsets, hex_to_pixel, layout
from dvonn_core.dvonn.board import CELLS as CELLS  # the page's modules find the cells here too
from dvonn_core.dvonn.board import coords
from kernel.i18n import N_, _, ngettext
from kernel.session import add_mark

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import List, Tuple

RADIUS = 30  # centre to corner of a hex cell
#: Where the cells go (the games' one hex layout): A1 at x = 0, row 5 (axial y = 4) at y = 0.
LAYOUT = layout(RADIUS, origin=(0, 6 * RADIUS))
PIECE_R = 0.6 * RADIUS
LAYER_DY = 3.2  # vertical offset between pieces of a stack
MAX_LAYERS = 6  # pieces drawn per stack (the height number says the rest)
LETTERS = "ABCDEFGHIJK"
COLOUR_NAMES = {"w": "white", "b": "black", "d": "DVONN"}
SCENE = '<g class="scene">'  # board_svg's one child of the board's <svg>


#: Arrow keys move the keyboard focus across the board: left/right along a row; up/down
#: along the diagonal column, or straight up/down a row where that diagonal leaves the board.
KEY_STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (1, 1), "ArrowDown": (-1, -1)}
KEY_STEPS_ALT = {"ArrowUp": (0, 1), "ArrowDown": (0, -1)}


#: On the turned board (a quarter turn clockwise: rows are columns, A at the top, row 1 on
#: the left) each arrow does what the arrow a quarter turn back does on the upright board.
TURNED_KEYS = {"ArrowDown": "ArrowRight", "ArrowUp": "ArrowLeft", "ArrowRight": "ArrowUp", "ArrowLeft": "ArrowDown"}


def next_cell(cell, key, flipped=False, turned=False):
    """The cell an arrow key moves the focus to from ``cell`` (None if there is none).

    >>> next_cell("E3", "ArrowRight"), next_cell("E3", "ArrowRight", flipped=True)
    ('F3', 'D3')
    >>> next_cell("I1", "ArrowUp"), next_cell("K5", "ArrowUp")
    ('J2', None)
    >>> next_cell("E3", "ArrowDown", turned=True), next_cell("E3", "ArrowRight", turned=True)
    ('F3', 'F4')
    """
    if turned:
        key = TURNED_KEYS.get(key, key)
    col, row = coords(cell)
    sign = -1 if flipped else 1
    for table in (KEY_STEPS, KEY_STEPS_ALT):
        if key not in table:
            continue
        dc, dr = table[key]
        for c in CELLS:
            if coords(c) == (col + sign * dc, row + sign * dr):
                return c
    return None


def mark_last_move(marks, move, cls="last"):
    """Mark a move's cells (``cls + "-from"``, ``cls``: the last move, a hint, a pending move);
    a pass marks nothing."""
    if move is None or move.is_pass:
        return
    if move.source:
        add_mark(marks, move.source, cls + "-from")
    add_mark(marks, move.target, cls)


def mark_turn(marks, game, may_act, movable):
    """Mark what the player to move may use: empty cells during placement (when ``may_act``)
    and the stacks in ``movable``."""
    if may_act and game.phase == "placement":
        for cell in CELLS:
            if not game.stack(cell):
                add_mark(marks, cell, "placeable")
    for cell in movable:
        add_mark(marks, cell, "movable")


def mark_selection(marks, selected, targets, preview, doomed):
    """Mark a selected stack, its targets, and the target previewed with the stacks it would remove."""
    if not selected:
        return
    add_mark(marks, selected, "selected")
    for cell in targets:
        add_mark(marks, cell, "target")
    if preview:
        add_mark(marks, preview, "previewed")
        for cell in doomed:
            add_mark(marks, cell, "doomed")


def _raw_xy(col, row):
    return hex_to_pixel(LAYOUT, col, row)


def _labels():
    """Column letters below each column's first cell, row numbers left of each row."""
    out = []  # type: List[Tuple[str, float, float]]
    for col in range(11):
        first = min(coords(c)[1] for c in CELLS if coords(c)[0] == col)
        out.append((LETTERS[col], col, first - 0.8))
    for row in range(5):
        first = min(coords(c)[0] for c in CELLS if coords(c)[1] == row)
        out.append((str(row + 1), first - 0.8, row))
    return out


LABELS = _labels()
_POINTS = [_raw_xy(*coords(c)) for c in CELLS] + [_raw_xy(c, r) for _label, c, r in LABELS]
MIN_X = min(p[0] for p in _POINTS) - RADIUS
MAX_X = max(p[0] for p in _POINTS) + RADIUS
MIN_Y = min(p[1] for p in _POINTS) - RADIUS
MAX_Y = max(p[1] for p in _POINTS) + RADIUS
VIEWBOX = "%.1f %.1f %.1f %.1f" % (MIN_X, MIN_Y, MAX_X - MIN_X, MAX_Y - MIN_Y)


#: The board turned a quarter turn (for narrow portrait screens): the five rows are columns.
VIEWBOX_TURNED = "%.1f %.1f %.1f %.1f" % (MIN_Y, MIN_X, MAX_Y - MIN_Y, MAX_X - MIN_X)


def viewbox(turned=False):
    return VIEWBOX_TURNED if turned else VIEWBOX


def xy(col, row, flipped=False, turned=False):
    """Pixel centre of a cell (or label) position; ``flipped`` turns the board 180 degrees,
    ``turned`` a quarter turn clockwise (row 1 on the left, column A at the top)."""
    x, y = _raw_xy(col, row)
    if flipped:
        x, y = MIN_X + MAX_X - x, MIN_Y + MAX_Y - y
    if turned:
        return MIN_Y + MAX_Y - y, x
    return x, y


def cell_xy(cell, flipped=False, turned=False):
    """Pixel centre of ``cell`` (see :func:`xy`)."""
    col, row = coords(cell)
    return xy(col, row, flipped, turned)


def _hex_points(turned):
    return " ".join("%.1f,%.1f" % p for p in corner_offsets(LAYOUT, 0.96, turned))


DEFS = ('<defs><polygon id="hex" points="%s"/><polygon id="hext" points="%s"/>'
        '<radialGradient id="shine" cx="35%%" cy="30%%" r="70%%">'
        '<stop offset="0" stop-color="#fff" stop-opacity=".45"/>'
        '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>') % (
            _hex_points(False), _hex_points(True))


#: What a mark on a cell means for the player, appended to its accessible name.
MARK_WORDS = (("selected", N_("selected")), ("movable", N_("can move")), ("placeable", N_("you can place here")),
              ("target", N_("move here")), ("doomed", N_("would be removed")),
              ("hint-from", N_("hint: move from here")),
              ("hint", N_("hint: move here")), ("better-from", N_("the bot's better move starts here")),
              ("better", N_("the bot's better move ends here")))


def announce(cell, stack, marks=""):
    """Accessible name of a cell with what the player may do with it (from its marks).

    >>> announce("E3", "w", "movable last")
    'E3, white piece, can move'
    """
    text = describe(cell, stack)
    classes = marks.split()
    for cls, words in MARK_WORDS:
        if cls in classes:
            text += ", " + _(words)
    return text


def describe(cell, stack):
    """Accessible name of a cell.

    >>> describe("E3", "wdb")
    'E3, black stack of 3 with a DVONN piece'
    >>> describe("A1", "")
    'A1, empty'
    """
    if not stack:
        return _("%s, empty") % cell
    top = stack[-1]
    if len(stack) == 1:
        return (_("%s, white piece") if top == "w" else _("%s, black piece") if top == "b"
                else _("%s, DVONN piece")) % cell
    text = (_("%(cell)s, white stack of %(count)d") if top == "w" else
            _("%(cell)s, black stack of %(count)d") if top == "b" else
            _("%(cell)s, DVONN stack of %(count)d")) % {"cell": cell, "count": len(stack)}
    dvonns = stack[:-1].count("d")
    if dvonns == 1:
        text += " " + _("with a DVONN piece")
    elif dvonns:
        text += " " + ngettext("with %d DVONN piece", "with %d DVONN pieces", dvonns) % dvonns
    return text


def stack_svg(stack):
    """The pieces of one stack, centred on (0, 0)."""
    if not stack:
        return ""
    shown = stack[-MAX_LAYERS:]
    n = len(shown)
    parts = []
    base = (n - 1) * LAYER_DY / 2
    for i in range(n):
        parts.append('<circle class="pc p%s" cy="%.1f" r="%.1f"/>' % (shown[i], base - i * LAYER_DY, PIECE_R))
    top_y = base - (n - 1) * LAYER_DY
    parts.append('<circle class="shine" cy="%.1f" r="%.1f" fill="url(#shine)"/>' % (top_y, PIECE_R))
    if "d" in stack[:-1]:
        parts.append('<circle class="dring" cy="%.1f" r="%.1f"/>' % (top_y, PIECE_R * 0.72))
    if len(stack) > 1:
        parts.append('<text class="ht t%s" y="%.1f">%d</text>' % (stack[-1], top_y + 5.5, len(stack)))
    return "".join(parts)


def board_svg(stacks, marks=None, flipped=False, focus=None, turned=False):
    """Inner SVG markup of the board.

    ``stacks`` maps each cell to its stack (bottom to top, '' when empty); ``marks`` maps
    cells to space-separated CSS classes (selected, target, movable, doomed, last...).
    ``focus`` is the cell in the keyboard tab order (roving tabindex); ``turned`` draws the
    board a quarter turn round, for the viewBox ``VIEWBOX_TURNED``.

    Everything is in one ``<g class="scene">`` (``SCENE``): inserting the board then adds one
    node to the page, not some hundred, each of which PyScript's observer of the document
    would search for scripts (issue 12: 2-6 ms of a redraw).

    >>> svg = board_svg({c: "" for c in CELLS})
    >>> svg.count("data-cell="), svg.startswith(SCENE), svg.endswith("</g>")
    (49, True, True)
    """
    marks = marks or {}
    focus = focus or CELLS[0]
    parts = [SCENE, DEFS]
    for text, col, row in LABELS:
        x, y = xy(col, row, flipped, turned)
        parts.append('<text class="lbl" x="%.1f" y="%.1f">%s</text>' % (x, y + 5, text))
    for cell in CELLS:
        parts.append(cell_svg(cell, stacks.get(cell, ""), marks.get(cell), cell == focus, flipped, turned))
    parts.append("</g>")
    return "".join(parts)


def board_key(stacks, marks, focus):
    """A string naming what ``board_svg(stacks, marks, False, focus)`` draws (the same on
    CPython at build time and on MicroPython in the page).

    >>> board_key({"E3": "wb"}, {"E3": "movable"}, "E3")[:22]
    'E3|A1::|B1::|C1::|D1::'
    """
    return focus + "|" + "|".join("%s:%s:%s" % (c, stacks.get(c, ""), marks.get(c) or "") for c in CELLS)


def cell_svg(cell, stack, extra=None, focused=False, flipped=False, turned=False):
    """One cell's ``<g data-cell>``: its hexagon, stack or name, marks (CSS classes ``extra``)
    and accessible name.  ``board_svg`` is made of these, and the page redraws a cell that
    changed by replacing its ``<g>`` with this (``kernel.board_dom.KeyedBoard.draw``).

    >>> cell_svg("E3", "", None, True).startswith('<g class="cell empty" data-cell="E3"')
    True
    """
    col, row = coords(cell)
    x, y = xy(col, row, flipped, turned)
    return ('<g class="%s" data-cell="%s" transform="translate(%.1f %.1f)" role="button" '
            'tabindex="%d" aria-label="%s"><use href="#%s" class="hx"/>%s</g>'
            % (cell_class(stack, extra), cell, x, y, 0 if focused else -1, announce(cell, stack, extra or ""),
               "hext" if turned else "hex", stack_svg(stack) if stack else '<text class="nm" y="4">%s</text>' % cell))


def cell_class(stack, extra=None):
    """The ``class`` of a cell's ``<g>``: what ``cell_svg`` writes, and what the page sets
    when only a cell's marks changed.

    >>> cell_class("wb", "movable last")
    'cell occ movable last'
    """
    cls = "cell " + ("occ" if stack else "empty")
    return cls + " " + extra if extra else cls


def vanish_svg(stacks, flipped=False, turned=False):
    """Stacks just removed, drawn once more for their fade-out animation."""
    parts = []
    for cell in sorted(stacks):
        col, row = coords(cell)
        x, y = xy(col, row, flipped, turned)
        parts.append('<g transform="translate(%.1f %.1f)" aria-hidden="true"><g class="vanish">%s</g></g>'
                     % (x, y, stack_svg(stacks[cell])))
    return "".join(parts)


def embed_snippet(base, position, flip=False):
    """"Copy embed code": the ``<iframe>`` of ``base`` + embed.html showing ``position`` to play on
    (what ``embed_params.snippet`` gives for it, without loading that module on the game page).

    >>> print(embed_snippet("https://example.org/", "9-10-11-10-9.wp", flip=True))  # doctest: +ELLIPSIS
    <iframe src="https://example.org/embed.html?position=9-10-11-10-9.wp&amp;play=1&amp;flip=1" width="480" ...>
    """
    from kernel.url import iframe, quote
    url = base + "embed.html?position=" + quote(position) + "&play=1" + ("&flip=1" if flip else "")
    return iframe(url, 480, 480 * 43 // 100 + 40, "DVONN board")
