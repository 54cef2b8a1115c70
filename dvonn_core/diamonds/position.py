"""Position strings: a whole Diamonds & Pivots position as short, URL-safe text.

The nine rows from ``a`` (top) to ``i`` (bottom), separated by ``-``; within a
row the cells from left to right: ``b`` a black stone, ``w`` a white stone, a
digit that many empty cells.  Then ``.`` and the side to move (``b`` or
``w``), then ``s`` if the next move may be ``swap`` (right after the first
drop of a game), then one ``p`` per pass in a row just played (``pp``: the game
is over).  Only letters, digits, ``-`` and ``.`` are used.

>>> format_position(0, 0, 0, False, 0)
'5-6-7-8-9-8-7-6-5.b'
>>> parse_position('5-6-7-8-4b4-8-7-6-5.ws')[2:]
(1, True, 0)
>>> parse_position('5-6-7-8-9-8-7-6-5.x')
Traceback (most recent call last):
...
dvonn_core.diamonds.position.PositionError: position '5-6-7-8-9-8-7-6-5.x': after '.' comes the side to move, 'b' or 'w' (then 's' if swap is allowed, 'p' per pass just played), not 'x'
"""

from ..common.errors import GameError, quote
from ..common.hexgrid import rows_text
from .board import BIT, CELLS, ROW_NAMES

try:
    from typing import Dict, Optional, Tuple
except ImportError:  # MicroPython
    pass

ROW_LENGTHS = (5, 6, 7, 8, 9, 8, 7, 6, 5)
MAX_LENGTH = 200
#: The empty board, the example of a position string that the errors give.
EMPTY = "5-6-7-8-9-8-7-6-5.b"


class PositionError(GameError):
    """A position string that is malformed or describes an impossible position.

    An impossible position also says why for a program (the board editor words it for the
    player): ``reason`` is ``"swap"`` for a swap allowed where the pie rule does not offer it
    (``details``: ``black``, ``white``, the stones on the board, and ``side``, the side to move);
    ``""`` for a string that is not written right, whose ``code`` then says what is wrong with it and
    ``values`` what the message quotes, with DVONN's codes (``dvonn_core.dvonn.position.PARSE_CODES``;
    ``position-cells`` without ``cells`` for a row that describes too many).
    """

    CODE = "position"

    def __init__(self, message: str, reason: str = "", details: "Optional[Dict[str, object]]" = None,
                 code: "Optional[str]" = None) -> None:
        super().__init__(message, code, **(details or {}))
        self.reason = reason
        self.details = details or {}


def format_position(black: int, white: int, turn: int, swap_ok: bool, passes: int) -> str:
    """The position string of two stone bitmasks, the side to move (0 black, 1 white) and the flags."""
    cells = ["b" if black & b else "w" if white & b else "" for b in BIT]
    return rows_text(cells, ROW_LENGTHS) + "." + "bw"[turn] + ("s" if swap_ok else "") + "p" * min(passes, 2)


def parse_position(text: str) -> "Tuple[int, int, int, bool, int]":
    """``(black, white, turn, swap_ok, passes)`` from a position string; :class:`PositionError` if invalid."""
    if not isinstance(text, str):
        raise PositionError("a position must be a string, not %s" % type(text).__name__,
                            code="position-type", details={"type": type(text).__name__})
    text = text.strip()
    if len(text) > MAX_LENGTH:
        raise PositionError("position string too long (%d characters; at most %d)" % (len(text), MAX_LENGTH),
                            code="position-long", details={"length": len(text), "most": MAX_LENGTH})
    if "." not in text:
        raise PositionError("position %s has no side to move (it should end in '.b' or '.w', like '5-6-7-8-9-8-7-6-5.b')" % quote(text),
                            code="position-no-side", details={"example": EMPTY})
    board, _, side = text.rpartition(".")
    if side not in ("b", "w", "ws", "bp", "wp", "bpp", "wpp"):
        raise PositionError("position %s: after '.' comes the side to move, 'b' or 'w' (then 's' if swap is allowed, 'p' per pass just played), not %s" % (quote(text), quote(side)),
                            code="position-side", details={"side": side, "example": EMPTY})
    turn = 0 if side[0] == "b" else 1
    swap_ok = "s" in side
    passes = side.count("p")
    rows = board.split("-")
    if len(rows) != 9:
        raise PositionError("position %s has %d rows separated by '-'; the board has 9 (a to i)" % (quote(text), len(rows)),
                            code="position-rows", details={"rows": len(rows), "want": 9})
    black = white = 0
    i = 0
    for r in range(9):
        row = rows[r]
        n = 0
        for ch in row:
            if ch in "123456789":
                n += int(ch)
                if n > ROW_LENGTHS[r]:
                    break
                i += int(ch)
                continue
            if ch not in "bw":
                raise PositionError("row %s of %s: %s is not a stone ('b' or 'w') or a count of empty cells (1-9)" % (ROW_NAMES[r], quote(text), quote(ch)),
                                    code="position-character", details={"row": ROW_NAMES[r], "character": ch})
            n += 1
            if n > ROW_LENGTHS[r]:
                break
            if ch == "b":
                black |= BIT[i]
            else:
                white |= BIT[i]
            i += 1
        if n != ROW_LENGTHS[r]:
            values = {"row": ROW_NAMES[r], "want": ROW_LENGTHS[r]}  # type: Dict[str, object]
            if n <= ROW_LENGTHS[r]:
                values["cells"] = n
            raise PositionError("row %s of %s describes %s cells; it has %d" % (ROW_NAMES[r], quote(text), "more than %d" % ROW_LENGTHS[r] if n > ROW_LENGTHS[r] else str(n), ROW_LENGTHS[r]),
                                code="position-cells", details=values)
    if swap_ok and (turn != 1 or white or black & (black - 1) or not black):
        raise PositionError("position %s: swap ('s') is possible only right after the first drop (one black stone, White to move)" % quote(text),
                            "swap", {"black": bin(black).count("1"), "white": bin(white).count("1"), "side": "bw"[turn]})
    return black, white, turn, swap_ok, passes


assert len(CELLS) == sum(ROW_LENGTHS)
