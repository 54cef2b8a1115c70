"""DVONN diagrams as standalone SVG: a pure function of a position.

:func:`render` draws the board as players know it: the two 9-cell rows (row 1
and row 5) face the players, row 3 (11 cells) runs through the middle, each row
shifted half a cell against its neighbours.  Stacks are drawn as pieces (white,
black, red DVONN), a few layers high, with the height written on the top piece
when it is more than one and a red ring when a DVONN piece is inside.  Options
add highlighted cells, an arrow for the last move, the stacks a move removed
(faded and crossed out) and a caption.

The output has no scripts, no external references and only the generic
``sans-serif`` font, so it looks the same in a browser, in an ``<img>`` tag and
in Markdown on GitHub.  The same input always gives the same text, on CPython
and on MicroPython: every coordinate is an integer number of tenths of a pixel.

Every cell is a ``<g data-cell="E3">`` with a ``<title>`` naming its content,
and the geometry is public (:func:`cell_center`, :func:`hex_points`) so the web
page can reuse it.  F3, the centre cell, is at (0, 0); ``flip`` turns the board
half a turn around it.

>>> svg = render("9-10-11-10-9.wp")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> svg.count('data-cell=')
49
>>> cell_center("F3"), cell_center("A1"), cell_center("A1", flip=True)
((0.0, 0.0), (-160.0, 69.0), (160.0, -69.0))
>>> cell_label("wdB", "E3")
'E3, black stack of 3 (with DVONN)'

From the command line (``python -m dvonn_core svg --help``)::

    python -m dvonn_core svg game.txt --at 30 --last-move --mark-removed > move30.svg
"""

import math

from ..common.errors import quote
from ..common.layout import centred, hex_to_pixel, layout
from ..common.svgtext import escape, opening, outline, points, round_half_up, tenths
from ..common.svgtext import wrap as _wrap
from .board import CELLS, COORDS, SIZE, index
from .moves import Move

try:
    from typing import Dict, List, Optional, Tuple
except ImportError:  # MicroPython
    pass


class DiagramError(ValueError):
    """Input that cannot be drawn: not a position, a bad cell, a move that does not fit."""


# ---------------------------------------------------------------------- geometry
# All lengths are in tenths of a pixel (integers), so that the text of the SVG is
# identical on every Python.  A cell is a pointy-top hexagon 40 px wide and 46 px tall
# (a regular one would be 39.8 px wide): every corner is then a whole tenth of a pixel.

HALF_WIDTH = 200  #: half the width of a cell (flat side to flat side), in tenths of a pixel
CORNER = 230  #: centre to the top and bottom corners of a cell
ROW_STEP = 345  #: vertical distance between rows (1.5 * CORNER, so the hexagons tile)
PIECE = 150  #: radius of a piece
LAYER = 35  #: vertical step between the pieces of a stack
MAX_LAYERS = 4  #: pieces drawn per stack; the number tells the height
#: Where the cells go (the games' one hex layout), F3 at (0, 0).
LAYOUT = centred(layout(CORNER, width=2 * HALF_WIDTH), 5, 2)
#: Offsets of the six corners of a cell from its centre, clockwise from the top.
HEX_CORNERS = (
    (0, -CORNER),
    (HALF_WIDTH, -CORNER // 2),
    (HALF_WIDTH, CORNER // 2),
    (0, CORNER),
    (-HALF_WIDTH, CORNER // 2),
    (-HALF_WIDTH, -CORNER // 2),
)

BACKGROUND = "#faf6ee"
PLATE = "#9a7448"
CELL_FILL = "#ecdbb4"
HIGHLIGHT_FILL = "#f7d44c"
MOVE_FILL = "#cde3a0"
ARROW = "#1d5fb4"
CROSS = "#c62828"
INK = "#3b2f22"
PIECES = {
    "w": ("#f8f5ee", "#5f5140"),  # fill, edge
    "b": ("#232323", "#000000"),
    "d": ("#d42a2a", "#7c1010"),
}
NUMBER_INK = {"w": "#1e1e1e", "b": "#ffffff"}
NAMES = {"w": "white", "b": "black", "d": "DVONN"}


def _xy(col: int, row: int, flip: bool = False) -> "Tuple[int, int]":
    """Centre of the (possibly off-board) cell at axial (col, row), in tenths of a pixel."""
    px, py = hex_to_pixel(LAYOUT, col, row)
    x, y = int(px), int(py)  # exact: whole multiples of 200 and 345
    if flip:
        return (-x, -y)
    return (x, y)


def _cell_index(cell: "object") -> int:
    if isinstance(cell, int) and not isinstance(cell, bool):
        if 0 <= cell < SIZE:
            return cell
        raise DiagramError("cell number %d is not on the board (0..48)" % cell)
    if isinstance(cell, str):
        try:
            return index(cell)
        except ValueError as e:
            raise DiagramError(str(e))
    raise DiagramError("a cell must be a name like 'E3' or a number 0..48, not %r" % (cell,))


def cell_center(cell: "object", flip: bool = False) -> "Tuple[float, float]":
    """(x, y) in SVG user units (pixels) of a cell's centre; ``cell`` is a name or number 0..48.

    >>> cell_center("K3"), cell_center(0)
    ((200.0, 0.0), (-160.0, 69.0))
    """
    col, row = COORDS[_cell_index(cell)]
    x, y = _xy(col, row, flip)
    return (x / 10, y / 10)


def hex_points(cell: "object", flip: bool = False) -> "List[Tuple[float, float]]":
    """The six corners of a cell's hexagon in SVG user units, clockwise from the top.

    >>> hex_points("F3")[:2]
    [(0.0, -23.0), (20.0, -11.5)]
    """
    col, row = COORDS[_cell_index(cell)]
    x, y = _xy(col, row, flip)
    return [((x + dx) / 10, (y + dy) / 10) for (dx, dy) in HEX_CORNERS]


_n, _round, _points = tenths, round_half_up, points  # (this module's names for them)


def describe_stack(stack: str) -> str:
    """A stack in words: 'empty', 'white piece', 'DVONN piece', 'black stack of 3 (with DVONN)'."""
    if not stack:
        return "empty"
    top = NAMES[stack[-1]]
    if len(stack) == 1:
        return top + " piece"
    text = "%s stack of %d" % (top, len(stack))
    dvonns = stack.count("d")
    if dvonns == 1:
        text += " (with DVONN)"
    elif dvonns > 1:
        text += " (with %d DVONN)" % dvonns
    return text


def cell_label(stack_str: str, cell: "object") -> str:
    """The accessible name of a cell: its name and what stands on it.

    ``stack_str`` is the stack bottom to top in either case (``"wdB"`` or ``"wdb"``).

    >>> cell_label("", "A1")
    'A1, empty'
    >>> cell_label("d", "F3"), cell_label("w", 0)
    ('F3, DVONN piece', 'A1, white piece')
    >>> cell_label("dbdW", "K5")
    'K5, white stack of 4 (with 2 DVONN)'
    """
    return CELLS[_cell_index(cell)] + ", " + describe_stack(_stack(stack_str, "stack"))


def _stack(s: "object", what: str) -> str:
    if not isinstance(s, str):
        raise DiagramError("%s must be a string of w, b, d (bottom to top), not %s" % (what, type(s).__name__))
    low = s.lower()
    for ch in low:
        if ch not in "wbd":
            raise DiagramError(
                "%s %s: a stack is written with w, b and d (white, black, DVONN), bottom to top" % (what, quote(s))
            )
    return low


# ---------------------------------------------------------------------- inputs


def _stacks_of(source: "object") -> "List[str]":
    if isinstance(source, str):
        from . import position

        return position.parse(source)[0]
    if isinstance(source, (list, tuple)):
        if len(source) != SIZE:
            raise DiagramError("a board is a list of %d stacks (one per cell, A1 to K5), not %d" % (SIZE, len(source)))
        return [_stack(source[i], "the stack on " + CELLS[i]) for i in range(SIZE)]
    if hasattr(source, "stacks") and hasattr(source, "moves"):
        return list(source.stacks())
    raise DiagramError(
        "render() draws a Game, a position string or a list of 49 stacks, not %s" % type(source).__name__
    )


def _cells(value: "object", what: str) -> "List[int]":
    """Cell numbers from a name, a comma-separated string or an iterable of names/numbers; sorted, no repeats."""
    if value is None:
        return []
    if isinstance(value, str):
        items = [p.strip() for p in value.split(",") if p.strip()]  # type: list
    else:
        try:
            items = list(value)  # type: ignore[call-overload]
        except TypeError:
            raise DiagramError("%s must be cell names like 'E3' (a list or 'E3,F4'), not %r" % (what, value))
    out = []
    for item in items:
        try:
            i = _cell_index(item)
        except DiagramError as e:
            raise DiagramError("%s: %s" % (what, e))
        if i not in out:
            out.append(i)
    out.sort()
    return out


def _previous(game: "object") -> "Optional[object]":
    """The game one move back (for the stacks the last move removed), or None."""
    if game is None or not getattr(game, "moves", None):
        return None
    before = game.copy()  # type: ignore[attr-defined]
    before.undo()
    return before


# ---------------------------------------------------------------------- drawing


def _stack_svg(stack: str, x: int, y: int) -> "List[str]":
    """The pieces of a stack centred on (x, y): up to MAX_LAYERS discs, height, DVONN ring."""
    out = []
    shown = stack[-MAX_LAYERS:]
    n = len(shown)
    base = y + (n - 1) * LAYER // 2
    for k in range(n):
        fill, edge = PIECES[shown[k]]
        out.append(
            '<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="1.2"/>'
            % (_n(x), _n(base - k * LAYER), _n(PIECE), fill, edge)
        )
    top = base - (n - 1) * LAYER
    kind = stack[-1]
    if kind == "d":
        # A lone DVONN piece: a lighter inner ring makes it read as a piece, not a dot.
        out.append(
            '<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#f08a8a" stroke-width="1.5"/>'
            % (_n(x), _n(top), _n(PIECE - 45))
        )
        return out
    if "d" in stack:
        out.append(
            '<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="3"/>'
            % (_n(x), _n(top), _n(PIECE - 30), PIECES["d"][0])
        )
    if len(stack) > 1:
        h = len(stack)
        size = 140 if h < 10 else 120
        out.append(
            '<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%d</text>'
            % (_n(x), _n(top + size * 36 // 100), _n(size), NUMBER_INK[kind], h)
        )
    return out


def _cross(x: int, y: int) -> str:
    d = 110
    return '<path d="M%s %sL%s %sM%s %sL%s %s" stroke="%s" stroke-width="3.5" stroke-linecap="round"/>' % (
        _n(x - d), _n(y - d), _n(x + d), _n(y + d), _n(x - d), _n(y + d), _n(x + d), _n(y - d), CROSS
    )


def _arrow(x1: int, y1: int, x2: int, y2: int) -> str:
    """An arrow from (x1, y1) to the edge of the piece at (x2, y2), as one polygon."""
    dx = x2 - x1
    dy = y2 - y1
    length = math.sqrt(dx * dx + dy * dy)
    ux = dx / length
    uy = dy / length
    start = 20.0
    end = length - PIECE - 5
    head = 140.0
    shaft = 25.0
    wing = 75.0

    def at(along: float, side: float) -> "Tuple[int, int]":
        return (_round(x1 + ux * along - uy * side), _round(y1 + uy * along + ux * side))

    pts = [
        at(start, shaft),
        at(end - head, shaft),
        at(end - head, wing),
        at(end, 0.0),
        at(end - head, -wing),
        at(end - head, -shaft),
        at(start, -shaft),
    ]
    return (
        '<polygon points="%s" fill="%s" fill-opacity="0.7" stroke="#ffffff" stroke-width="1" stroke-opacity="0.6"/>'
        % (_points(pts), ARROW)
    )


def _plate(flip: bool) -> "List[Tuple[int, int]]":
    """The convex outline of all cells (the board's edge), counter-clockwise."""
    pts = []
    for (col, row) in COORDS:
        x, y = _xy(col, row, flip)
        for (dx, dy) in HEX_CORNERS:
            pts.append((x + dx, y + dy))
    return outline(pts)


def _labels(flip: bool) -> "List[Tuple[str, int, int]]":
    """Coordinates around the board, on the viewer's lower and left sides: (text, x, y).

    Each column letter continues its column one step beyond its first cell (last
    cell when flipped); each row number sits before the row's first cell.
    """
    out = []
    for col in range(11):
        rows = [r for (c, r) in COORDS if c == col]
        end = min(rows) if not flip else max(rows)
        step = -1 if not flip else 1
        ax, ay = _xy(col, end, flip)
        bx, by = _xy(col, end + step, flip)
        out.append(("ABCDEFGHIJK"[col], ax + (bx - ax) * 11 // 10, ay + (by - ay) * 11 // 10))
    for row in range(5):
        cols = [c for (c, r) in COORDS if r == row]
        end = min(cols) if not flip else max(cols)
        step = -1 if not flip else 1
        ax, ay = _xy(end, row, flip)
        bx, by = _xy(end + step, row, flip)
        out.append((str(row + 1), ax + (bx - ax) * 19 // 20, ay + (by - ay) * 19 // 20))
    return out


def _last_move(last_move: "object", game: "object") -> "Optional[Move]":
    """The move to mark: from a Move, its text, or True (the game's last move)."""
    if last_move is None or last_move is False:
        return None
    if last_move is True:
        if game is None:
            raise DiagramError("last_move=True needs a Game; for a position give the move, like last_move='E3G3'")
        moves = game.moves  # type: ignore[attr-defined]
        return moves[-1] if moves else None
    if isinstance(last_move, Move):
        return last_move
    if isinstance(last_move, str):
        try:
            return Move.parse(last_move)
        except ValueError as e:
            raise DiagramError("last_move: %s" % e)
    raise DiagramError("last_move must be a move like 'E3G3' (or True for the game's last move), not %r" % (last_move,))


def _removed(removed: "object", game: "object") -> "Tuple[List[int], Dict[int, str]]":
    """(cells to cross out, {cell: removed stack to draw faded}) from the ``removed`` option."""
    ghosts = {}  # type: Dict[int, str]
    if removed is True:
        if game is None:
            raise DiagramError("removed=True needs a Game; for a position give the cells, like removed=['A1', 'B1']")
        gone = _cells(game.last_removed, "removed")  # type: ignore[attr-defined]
    elif removed is False:
        gone = []
    elif isinstance(removed, dict):
        for key in removed:
            try:
                i = _cell_index(key)
            except DiagramError as e:
                raise DiagramError("removed: %s" % e)
            ghosts[i] = _stack(removed[key], "the removed stack on " + CELLS[i])
        gone = _cells(list(ghosts.keys()), "removed")
    else:
        gone = _cells(removed, "removed")
    if gone and not ghosts and game is not None:
        # A Game knows what its last move removed: draw those stacks as they were.
        last_gone = game.last_removed  # type: ignore[attr-defined]
        before = _previous(game) if last_gone else None
        if before is not None:
            for i in gone:
                if CELLS[i] in last_gone:
                    ghosts[i] = before.stack(CELLS[i])  # type: ignore[attr-defined]
    return gone, ghosts


def render(
    game_or_position: "object",
    *,
    highlight: "object" = (),
    last_move: "object" = None,
    removed: "object" = (),
    caption: "Optional[str]" = None,
    flip: bool = False,
    labels: bool = True,
    size: "Optional[int]" = None
) -> str:
    """A standalone SVG diagram of a position.

    ``game_or_position``: a :class:`~dvonn_core.dvonn.game.Game`, a position string
    (:mod:`dvonn_core.dvonn.position`) or a list of 49 stacks in cell order.

    - ``highlight``: cells to highlight (names, or one string ``"E3,F4"``).
    - ``last_move``: a move (``Move`` or text ``"E3G3"``, ``"E3"``) drawn as an
      arrow, a placement as a ring; ``True`` takes the game's last move.
    - ``removed``: cells whose stacks a move removed, drawn faded and crossed
      out; ``True`` takes the stacks the game's last move removed.  For a Game
      the removed stacks are recovered from its history; a dict ``{cell: stack}``
      gives them directly; otherwise an empty cell gets just the cross.
    - ``caption``: text under the board.  ``flip``: turn the board half a turn.
    - ``labels``: coordinates around the board.  ``size``: width in pixels
      (the height follows); default the natural size.

    >>> svg = render("9-10-11-10-9.wp", highlight="E3", caption="Start")
    >>> svg.count("<polygon"), "Start</text>" in svg
    (50, True)
    """
    stacks = _stacks_of(game_or_position)
    game = game_or_position if not isinstance(game_or_position, (str, list, tuple)) else None

    move = _last_move(last_move, game)
    gone, ghosts = _removed(removed, game)
    lit = _cells(highlight, "highlight")
    moved = []  # type: List[int]
    if move is not None and not move.is_pass:
        if move.source is not None:
            moved.append(index(move.source))
        moved.append(index(move.target))  # type: ignore[arg-type]

    # Extent of the drawing, in tenths of a pixel, around F3 at (0, 0).
    half_w = 2000 + HALF_WIDTH + 90
    top = -2 * ROW_STEP - CORNER - 90
    bottom = 2 * ROW_STEP + CORNER + 90
    if labels:
        half_w += 250
        top -= 120
        bottom += 220
    lines = _wrap(caption, 60) if caption else []
    line_h = 200
    caption_top = bottom + 40
    if lines:
        bottom = caption_top + line_h * len(lines) + 80
    width = 2 * half_w
    height = bottom - top
    if size is None:
        out_w = _round(width / 10)
    else:
        if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
            raise DiagramError("size must be a positive number of pixels, not %r" % (size,))
        out_w = size
    out_h = _round(out_w * height / width)

    title = caption if caption else "DVONN board"
    parts = opening(half_w, top, width, height, (out_w, out_h), title, BACKGROUND, _plate(flip), PLATE)

    for i in range(SIZE):
        col, row = COORDS[i]
        x, y = _xy(col, row, flip)
        name = CELLS[i]
        stack = stacks[i]
        label = name + ", " + describe_stack(stack)
        if i in lit:
            label += ", highlighted"
        if i in gone:
            if stack:
                label += ", removed"
            elif ghosts.get(i):
                label += " (" + describe_stack(ghosts[i]) + " removed)"
            else:
                label += " (removed)"
        fill = HIGHLIGHT_FILL if i in lit else (MOVE_FILL if i in moved else CELL_FILL)
        parts.append('<g data-cell="%s"><title>%s</title>' % (name, escape(label)))
        parts.append(
            '<polygon points="%s" fill="%s" stroke="%s" stroke-width="2"/>'
            % (_points([(x + dx, y + dy) for (dx, dy) in HEX_CORNERS]), fill, PLATE)
        )
        if stack:
            parts.extend(_stack_svg(stack, x, y))
        elif ghosts.get(i):
            parts.append('<g opacity="0.35">')
            parts.extend(_stack_svg(ghosts[i], x, y))
            parts.append("</g>")
        if i in gone:
            parts.append(_cross(x, y))
        parts.append("</g>")

    if move is not None and not move.is_pass:
        t = index(move.target)  # type: ignore[arg-type]
        tx, ty = _xy(COORDS[t][0], COORDS[t][1], flip)
        if move.source is None:
            parts.append(
                '<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="3.5" stroke-opacity="0.9"/>'
                % (_n(tx), _n(ty), _n(PIECE + 45), ARROW)
            )
        else:
            s = index(move.source)
            sx, sy = _xy(COORDS[s][0], COORDS[s][1], flip)
            parts.append(_arrow(sx, sy, tx, ty))

    if labels:
        for text, x, y in _labels(flip):
            parts.append(
                '<text x="%s" y="%s" font-size="13" text-anchor="middle" fill="%s">%s</text>'
                % (_n(x), _n(y + 45), INK, text)
            )

    for k in range(len(lines)):
        parts.append(
            '<text x="0" y="%s" font-size="15" text-anchor="middle" fill="%s">%s</text>'
            % (_n(caption_top + line_h * k + 150), INK, escape(lines[k]))
        )
    parts.append("</svg>")
    return "".join(parts) + "\n"


# ---------------------------------------------------------------------- command line

_POSITION_CHARS = "0123456789wbdWBDp-."


def _load(arg: str) -> "Tuple[object, bool]":
    """(Game, is_record) from a position string, a record file ('-' for stdin) or the moves as text."""
    import os
    import sys

    from .game import Game

    text = arg.strip()
    if not text:
        raise DiagramError("nothing to draw: give a position string, a record file or a list of moves")
    from . import record

    if arg == "-":
        return record.read(sys.stdin.read()), True
    if os.path.exists(arg):
        if os.path.isdir(arg):
            raise DiagramError("%s is a directory, not a record file" % arg)
        return record.read_file(arg), True
    one_word = len(text.split()) == 1
    if one_word and "." in text and "-" in text:
        board = text.rpartition(".")[0]
        if all(ch in _POSITION_CHARS for ch in board):
            return Game.from_position(text), False
    try:
        return record.read(text), True
    except ValueError as e:
        if one_word and ("." in text or "/" in text or "\\" in text):
            raise DiagramError("no such file: %s" % arg)
        raise DiagramError("cannot read the moves %r: %s" % (_short(text), e))


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def main(argv: "Optional[List[str]]" = None) -> int:
    """``python -m dvonn_core svg``: write a diagram to standard output or a file; 2 on bad input."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(
        prog="python -m dvonn_core svg",
        description="Draw a DVONN position as a standalone SVG diagram.",
        epilog="RECORD_OR_POSITION is a position string (like 9-10-11-10-9.wp), a game record file "
        "('-' reads standard input) or the moves as text ('F3 C3 I3 ...').",
    )
    parser.add_argument("source", metavar="RECORD_OR_POSITION")
    parser.add_argument("--at", type=int, metavar="N", help="show the position after the first N moves of the record")
    parser.add_argument("--highlight", metavar="CELLS", default="", help="cells to highlight, like E3,F4")
    parser.add_argument("--last-move", action="store_true", help="draw an arrow for the last move shown")
    parser.add_argument("--mark-removed", action="store_true", help="mark the stacks the last move removed")
    parser.add_argument("--caption", metavar="TEXT", help="text under the board")
    parser.add_argument("--flip", action="store_true", help="turn the board half a turn (row 5 nearest the viewer)")
    parser.add_argument("--no-labels", action="store_true", help="leave out the coordinates around the board")
    parser.add_argument("--size", type=int, metavar="PX", help="width in pixels")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2

    def fail(message: str) -> int:
        sys.stderr.write("dvonn_core svg: error: %s\n" % message)
        return 2

    try:
        game, is_record = _load(args.source)
        if args.at is not None or args.last_move or args.mark_removed:
            if not is_record:
                what = "--at" if args.at is not None else ("--last-move" if args.last_move else "--mark-removed")
                return fail("%s needs a game record or a list of moves, not a position string" % what)
        if args.at is not None:
            game = _replay(game, args.at)
        svg = render(
            game,
            highlight=args.highlight,
            last_move=True if args.last_move else None,
            removed=True if args.mark_removed else (),
            caption=args.caption,
            flip=args.flip,
            labels=not args.no_labels,
            size=args.size,
        )
    except ValueError as e:
        return fail(str(e))
    except OSError as e:
        return fail("cannot read %s: %s" % (args.source, e.strerror or e))
    if args.output:
        try:
            with open(args.output, "w") as f:
                f.write(svg)
        except OSError as e:
            return fail("cannot write %s: %s" % (args.output, e.strerror or e))
    else:
        sys.stdout.write(svg)
    return 0


def _replay(game: "object", at: int) -> "object":
    """The game after its first ``at`` moves (same start position and tags)."""
    from .game import Game

    moves = game.moves  # type: ignore[attr-defined]
    if at < 0 or at > len(moves):
        raise DiagramError(
            "--at %d: the record has %d moves, so N must be between 0 and %d" % (at, len(moves), len(moves))
        )
    start = game.start_position  # type: ignore[attr-defined]
    g = Game.from_position(start) if start else Game()
    for m in moves[:at]:
        g.play(m)
    return g
