"""Diamonds & Pivots diagrams as standalone SVG: a pure function of a position.

:func:`render` draws the board as the source draws it: rows ``a`` (top) to ``i`` (bottom), the
number the diagonal running down to the right, black and white stones, highlighted cells and a
caption.  As DVONN's diagrams (:mod:`dvonn_core.dvonn.svg`), the output has no scripts, no external
references and only the generic ``sans-serif`` font, and the same input gives the same text on
CPython and on MicroPython: every coordinate is a whole number of tenths of a pixel
(:mod:`dvonn_core.common.svgtext`).  Every cell is a ``<g data-cell="e5">`` with a ``<title>``.

>>> svg = render("5-6-7-8-4b4-8-7-6-5.ws", highlight="e5", caption="The first drop")
>>> svg.count('data-cell='), "The first drop</text>" in svg, svg.count("<circle")
(61, True, 1)

From the command line: ``python -m dvonn_core svg --game diamonds POSITION_OR_RECORD [options]``.
"""

from ..common.errors import quote
from ..common.layout import centred, hex_to_pixel, layout
from ..common.svgtext import escape, opening, outline, points, round_half_up, tenths, wrap
from .board import CELLS, ROW_NAMES, ROWCOLS, index, is_cell

try:
    from typing import List, Optional, Tuple
except ImportError:  # MicroPython
    pass


class DiagramError(ValueError):
    """Input that cannot be drawn: not a position, a bad cell."""


HALF_WIDTH = 200  #: half a cell's width (flat side to flat side), in tenths of a pixel
CORNER = 230  #: centre to the top and bottom corners of a cell
STONE = 150  #: a stone's radius
#: Where the cells go (the games' one hex layout: axial (diagonal, -row)), e5 at (0, 0).
LAYOUT = centred(layout(CORNER, width=2 * HALF_WIDTH), 5, -4)
HEX_CORNERS = ((0, -CORNER), (HALF_WIDTH, -CORNER // 2), (HALF_WIDTH, CORNER // 2), (0, CORNER),
               (-HALF_WIDTH, CORNER // 2), (-HALF_WIDTH, -CORNER // 2))
BACKGROUND = "#f4f1ea"
PLATE = "#5d6b78"
CELL_FILL = "#dfe5ea"
HIGHLIGHT_FILL = "#f7d44c"
INK = "#26303a"
STONES = {"b": ("#1f1f1f", "#000000"), "w": ("#fbfbf8", "#5a5a5a")}  # fill, edge
NAMES = {"b": "black stone", "w": "white stone", "": "empty"}


def _xy(row: int, diag: int, flip: bool = False) -> "Tuple[int, int]":
    px, py = hex_to_pixel(LAYOUT, diag, -row)
    x, y = round_half_up(px), round_half_up(py)
    return (-x, -y) if flip else (x, y)


def _stones_of(source: "object") -> "List[str]":
    """The 61 cells' stones ('b', 'w' or '') of a game, a position string or a list."""
    if isinstance(source, str):
        from .position import parse_position

        black, white = parse_position(source)[:2]
        return ["b" if black >> i & 1 else "w" if white >> i & 1 else "" for i in range(len(CELLS))]
    if isinstance(source, (list, tuple)):
        if len(source) != len(CELLS) or any(s not in ("b", "w", "") for s in source):
            raise DiagramError("a board is a list of %d cells, each 'b', 'w' or '' (a5 to i5)" % len(CELLS))
        return list(source)
    if hasattr(source, "stone"):
        stone = source.stone
        return [{"black": "b", "white": "w"}.get(stone(c), "") for c in CELLS]
    raise DiagramError("render() draws a DiamondsGame, a position string or a list of %d cells, not %s"
                       % (len(CELLS), type(source).__name__))


def _what(value: "object") -> str:
    """``value`` as an error message names it: a number as written, a text quoted (at most 40
    characters, :func:`~dvonn_core.common.errors.quote`), anything else by its type."""
    if isinstance(value, (int, float)):
        return repr(value)
    return quote(value)


def _cells(value: "object") -> "List[int]":
    """Cell numbers of ``highlight`` (names, or ``"e5,d4"``), sorted, no repeats.

    >>> _cells("e5, d4"), _cells(["e5", "e5"])
    ([20, 30], [30])
    >>> _cells(["x" * 5000])
    Traceback (most recent call last):
    ...
    dvonn_core.diamonds.svg.DiagramError: highlight: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is not a cell (cells are a5-a9, b4-b9, ... i1-i5)
    """
    if value is None:
        return []
    if isinstance(value, str):
        items = [p.strip() for p in value.split(",") if p.strip()]  # type: List[object]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    else:
        raise DiagramError("highlight must be cell names like 'e5' (a list or 'e5,d4'), not %s" % _what(value))
    out = []
    for item in items:
        if not isinstance(item, str) or not is_cell(item):
            raise DiagramError("highlight: %s is not a cell (cells are a5-a9, b4-b9, ... i1-i5)" % quote(item))
        i = index(item)
        if i not in out:
            out.append(i)
    out.sort()
    return out


def _labels(flip: bool) -> "List[Tuple[str, int, int]]":
    """Row letters before each row, diagonal numbers after each diagonal's last cell (the viewer's left and lower sides)."""
    out = []
    for r in range(9):
        ends = [q for (rr, q) in ROWCOLS if rr == r]
        end = min(ends) if not flip else max(ends)
        ax, ay = _xy(r, end, flip)
        bx, by = _xy(r, end - 1 if not flip else end + 1, flip)
        out.append((ROW_NAMES[r], ax + (bx - ax) * 19 // 20, ay + (by - ay) * 19 // 20))
    for q in range(1, 10):
        rows = [rr for (rr, qq) in ROWCOLS if qq == q]
        end = max(rows) if not flip else min(rows)
        ax, ay = _xy(end, q, flip)
        bx, by = _xy(end + 1 if not flip else end - 1, q, flip)
        out.append((str(q), ax + (bx - ax) * 11 // 10, ay + (by - ay) * 11 // 10))
    return out


def render(game_or_position: "object", *, highlight: "object" = (), caption: "Optional[str]" = None,
           flip: bool = False, labels: bool = True, size: "Optional[int]" = None) -> str:
    """A standalone SVG diagram of a Diamonds & Pivots position (a ``DiamondsGame``, a position
    string or a list of 61 cells' stones): ``highlight`` cells (names, or ``"e5,d4"``), a
    ``caption`` under the board, ``flip`` (half a turn), ``labels`` (the coordinates), ``size``
    (the width in pixels; the height follows)."""
    stones = _stones_of(game_or_position)
    lit = _cells(highlight)
    half_w = 4 * 2 * HALF_WIDTH + HALF_WIDTH + 90
    half_h = 4 * (3 * CORNER // 2) + CORNER + 90
    top, bottom = -half_h, half_h
    if labels:
        half_w += 250
        top -= 60
        bottom += 260
    lines = wrap(caption, 50) if caption else []
    caption_top = bottom + 40
    if lines:
        bottom = caption_top + 200 * len(lines) + 80
    width, height = 2 * half_w, bottom - top
    if size is None:
        out_w = round_half_up(width / 10)
    else:
        if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
            raise DiagramError("size must be a positive number of pixels, not %r" % (size,))
        out_w = size
    out_h = round_half_up(out_w * height / width)
    title = caption if caption else "Diamonds & Pivots board"
    corners = []
    for (r, q) in ROWCOLS:
        x, y = _xy(r, q, flip)
        corners.extend([(x + dx, y + dy) for (dx, dy) in HEX_CORNERS])
    parts = opening(half_w, top, width, height, (out_w, out_h), title, BACKGROUND, outline(corners), PLATE)
    for i in range(len(CELLS)):
        r, q = ROWCOLS[i]
        x, y = _xy(r, q, flip)
        label = CELLS[i] + ", " + NAMES[stones[i]] + (", highlighted" if i in lit else "")
        parts.append('<g data-cell="%s"><title>%s</title>' % (CELLS[i], escape(label)))
        parts.append('<polygon points="%s" fill="%s" stroke="%s" stroke-width="2"/>'
                     % (points([(x + dx, y + dy) for (dx, dy) in HEX_CORNERS]),
                        HIGHLIGHT_FILL if i in lit else CELL_FILL, PLATE))
        if stones[i]:
            fill, edge = STONES[stones[i]]
            parts.append('<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="1.5"/>'
                         % (tenths(x), tenths(y), tenths(STONE), fill, edge))
        parts.append("</g>")
    if labels:
        for text, x, y in _labels(flip):
            parts.append('<text x="%s" y="%s" font-size="13" text-anchor="middle" fill="%s">%s</text>'
                         % (tenths(x), tenths(y + 45), INK, text))
    for k in range(len(lines)):
        parts.append('<text x="0" y="%s" font-size="15" text-anchor="middle" fill="%s">%s</text>'
                     % (tenths(caption_top + 200 * k + 150), INK, escape(lines[k])))
    parts.append("</svg>")
    return "".join(parts) + "\n"


def main(argv: "Optional[List[str]]" = None) -> int:
    """``python -m dvonn_core svg --game diamonds``: a diagram to standard output or a file; 2 on bad input."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m dvonn_core svg --game diamonds",
                                     description="Draw a Diamonds & Pivots position as a standalone SVG diagram.")
    parser.add_argument("source", metavar="POSITION_OR_RECORD")
    parser.add_argument("--highlight", metavar="CELLS", default="", help="cells to highlight, like e5,d4")
    parser.add_argument("--caption", metavar="TEXT", help="text under the board")
    parser.add_argument("--flip", action="store_true", help="turn the board half a turn")
    parser.add_argument("--no-labels", action="store_true", help="leave out the coordinates around the board")
    parser.add_argument("--size", type=int, metavar="PX", help="width in pixels")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    from .game import DiamondsGame

    try:
        text = args.source.strip()
        source = (DiamondsGame.from_position(text) if len(text.split()) == 1 and text.count("-") == 8
                  else DiamondsGame.from_record(text))
        svg = render(source, highlight=args.highlight, caption=args.caption, flip=args.flip,
                     labels=not args.no_labels, size=args.size)
    except ValueError as e:
        sys.stderr.write("dvonn_core svg: error: %s\n" % e)
        return 2
    if args.output:
        with open(args.output, "w") as f:
            f.write(svg)
    else:
        sys.stdout.write(svg)
    return 0
