"""The errors both games raise, kept in a module of their own that imports nothing: the
Diamonds & Pivots package and a page that only reads records do not load the DVONN game to
name them (``dvonn_core.dvonn.record`` is only loaded when a record is read or written)."""

try:
    from typing import Optional
except ImportError:  # MicroPython
    pass


class InvalidMoveError(ValueError):
    """The text is not a move in the game's notation at all."""


class IllegalMoveError(ValueError):
    """The move is well formed but not legal in the position."""


class RecordError(ValueError):
    """A game record that cannot be read (or a game that cannot be written).

    ``number`` and ``move`` name the offending move when there is one.
    """

    def __init__(self, message: str, number: "Optional[int]" = None, move: "Optional[str]" = None) -> None:
        super().__init__(message)
        self.number = number
        self.move = move


#: Most characters of the input an error message quotes.
QUOTE_LIMIT = 40


def quote(value: object) -> str:
    """The input an error message quotes: a string in single quotes, cut to :data:`QUOTE_LIMIT`
    characters (ending in ``...``), its quotes, backslashes and control characters escaped; for
    anything else, the type's name.  Other characters are shown as they are, so the text is the
    same on every Python (``repr`` escapes different characters on CPython and MicroPython).

    >>> quote("e5"), quote("x" * 1000), quote(None), quote([["e5"]]), quote("a'b\\n")
    ("'e5'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'", 'NoneType', 'list', "'a\\\\'b\\\\x0a'")
    """
    if not isinstance(value, str):
        return type(value).__name__
    if len(value) > QUOTE_LIMIT:
        value = value[: QUOTE_LIMIT - 3] + "..."
    out = ["'"]
    for ch in value:
        if ch == "\\" or ch == "'":
            out.append("\\" + ch)
        elif ch < " " or ch == "\x7f":
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    out.append("'")
    return "".join(out)
