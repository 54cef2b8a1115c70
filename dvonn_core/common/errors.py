"""The errors both games raise, kept in a module of their own that imports nothing: the
Diamonds & Pivots package and a page that only reads records do not load the DVONN game to
name them (``dvonn_core.dvonn.record`` is only loaded when a record is read or written)."""

try:
    from typing import Any, Optional
except ImportError:  # MicroPython
    pass


class GameError(ValueError):
    """An error of the library: its message is English, for programmers; ``code`` names the kind
    of error and ``values`` what the message quotes (``move``, ``number``, and ``cause``, the error
    that caused this one), so that a page can say it in its player's language.

    >>> error = RecordError("move 3 ('Z9'): ...", 3, "Z9", cause=InvalidMoveError("...", move="Z9"))
    >>> error.code, error.values["number"], error.values["cause"].code
    ('record-move', 3, 'not-a-move')
    """

    #: The kind of error, when the raise does not name one.
    CODE = "error"

    def __init__(self, message: str = "", code: "Optional[str]" = None, **values: "Any") -> None:
        super().__init__(message)
        self.code = code or self.CODE
        self.values = values


class InvalidMoveError(GameError):
    """The text is not a move in the game's notation at all (code ``not-a-move``, value ``move``)."""

    CODE = "not-a-move"


class IllegalMoveError(GameError):
    """The move is well formed but not legal in the position (code ``illegal-move``, value ``move``)."""

    CODE = "illegal-move"


class RecordError(GameError):
    """A game record that cannot be read (or a game that cannot be written).

    ``number`` and ``move`` name the offending move when there is one (code ``record-move``, the
    move's own error its ``cause``); else the code is ``record``, or ``record-empty``.
    """

    CODE = "record"

    def __init__(self, message: str, number: "Optional[int]" = None, move: "Optional[str]" = None,
                 code: "Optional[str]" = None, **values: "Any") -> None:
        if number is not None:
            values["number"] = number
            values["move"] = move
            code = code or "record-move"
        super().__init__(message, code, **values)
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
