"""What both games' standalone SVG diagrams write the same way (``dvonn_core.dvonn.svg``,
``dvonn_core.diamonds.svg``): numbers in whole tenths of a pixel, so that the text is identical on
every Python; text made safe for XML; captions wrapped; the board's outline.

>>> tenths(123), tenths(-40), points([(0, -230), (200, -115)])
('12.3', '-4', '0,-23 20,-11.5')
>>> wrap("a caption that goes on", 10)
['a caption', 'that goes', 'on']
"""

import math

try:
    from typing import List, Tuple
except ImportError:  # MicroPython
    pass


def tenths(value: int) -> str:
    """Tenths of a pixel as SVG number text: 123 -> '12.3', -40 -> '-4', 5 -> '0.5'."""
    sign = "-" if value < 0 else ""
    t = -value if value < 0 else value
    if t % 10:
        return "%s%d.%d" % (sign, t // 10, t % 10)
    return "%s%d" % (sign, t // 10)


def round_half_up(value: float) -> int:
    """Nearest integer, halves up (the same on every Python)."""
    return math.floor(value + 0.5)


def points(pts: "List[Tuple[int, int]]") -> str:
    return " ".join([tenths(x) + "," + tenths(y) for (x, y) in pts])


def escape(text: str) -> str:
    """Text made safe for XML content and attribute values.

    >>> escape('<script>"x" & \\'y\\'')
    '&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;'
    """
    out = []
    for ch in text:
        if ch == "&":
            out.append("&amp;")
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ch == '"':
            out.append("&quot;")
        elif ch == "'":
            out.append("&#39;")
        elif ord(ch) < 32 and ch not in "\t\n\r":
            out.append(" ")  # control characters are not allowed in XML 1.0
        else:
            out.append(ch)
    return "".join(out)


def wrap(text: str, width: int) -> "List[str]":
    """Greedy word wrap into lines of at most ``width`` characters (longer words are split)."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def opening(half_w: int, top: int, width: int, height: int, size: "Tuple[int, int]", title: str,
            background: str, plate: "List[Tuple[int, int]]", plate_colour: str) -> "List[str]":
    """A diagram's first elements: the ``<svg>`` (its view box in tenths of a pixel, ``size`` its
    width and height in pixels), its title, the background and the board's plate (the outline
    ``plate``, drawn with a thick rounded stroke)."""
    return [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" width="%d" height="%d" role="img"'
        ' aria-label="%s" font-family="sans-serif">'
        % (tenths(-half_w), tenths(top), tenths(width), tenths(height), size[0], size[1], escape(title)),
        "<title>%s</title>" % escape(title),
        '<rect x="%s" y="%s" width="%s" height="%s" rx="12" fill="%s"/>'
        % (tenths(-half_w), tenths(top), tenths(width), tenths(height), background),
        '<polygon points="%s" fill="%s" stroke="%s" stroke-width="12" stroke-linejoin="round"/>'
        % (points(plate), plate_colour, plate_colour),
    ]


def outline(corners: "List[Tuple[int, int]]") -> "List[Tuple[int, int]]":
    """The convex outline of the cells' corners (the board's edge), counter-clockwise."""
    pts = sorted(corners)
    uniq = []  # type: List[Tuple[int, int]]
    for p in pts:
        if not uniq or uniq[-1] != p:
            uniq.append(p)

    def turn(o: "Tuple[int, int]", a: "Tuple[int, int]", b: "Tuple[int, int]") -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower = []  # type: List[Tuple[int, int]]
    for p in uniq:
        while len(lower) >= 2 and turn(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper = []  # type: List[Tuple[int, int]]
    for p in reversed(uniq):
        while len(upper) >= 2 and turn(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]
