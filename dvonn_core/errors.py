"""The error raised for game records, kept apart so that importing the package stays light
(``dvonn_core.record`` is only loaded when a record is read or written)."""

try:
    from typing import Optional
except ImportError:  # MicroPython
    pass


class RecordError(ValueError):
    """A game record that cannot be read (or a game that cannot be written).

    ``number`` and ``move`` name the offending move when there is one.
    """

    def __init__(self, message: str, number: "Optional[int]" = None, move: "Optional[str]" = None) -> None:
        super().__init__(message)
        self.number = number
        self.move = move
