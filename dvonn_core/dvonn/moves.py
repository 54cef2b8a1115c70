"""Moves and their notation.

The standard notation (CodeCup 2011, Boardspace, Little Golem): a placement is
the cell (``E3``), a stack move is source then target (``E3G3``), a pass is
``PASS``.  Input is case-insensitive and may separate the cells with ``-``,
``x``, a space or ``,``; output is always canonical.

>>> Move.parse("e3-g3")
Move.parse('E3G3')
>>> str(Move.parse(" f1 "))
'F1'
>>> Move.parse("pass").is_pass
True
"""

from ..common.errors import (
    IllegalMoveError as IllegalMoveError,  # re-exported (X as X): both lived here before errors.py
)
from ..common.errors import InvalidMoveError as InvalidMoveError
from ..common.errors import quote
from .board import CELLS, SIZE, index, is_cell

try:
    from typing import Optional
except ImportError:  # MicroPython
    pass

PASS_CODE = 8192
PLACE_BASE = 4096


def encode(source: int, target: int) -> int:
    """Internal integer code of a move: stack move, placement (source < 0) or pass (both < 0)."""
    if target < 0:
        return PASS_CODE
    if source < 0:
        return PLACE_BASE + target
    return source * 64 + target


def code_text(code: int) -> str:
    """Canonical notation of an internal move code."""
    if code == PASS_CODE:
        return "PASS"
    if code >= PLACE_BASE:
        return CELLS[code - PLACE_BASE]
    return CELLS[code >> 6] + CELLS[code & 63]


class Move:
    """A DVONN move: a placement, a stack move or a pass.

    ``source`` and ``target`` are cell names (``None`` where they do not apply).
    Moves compare equal and hash by their notation.
    """

    __slots__ = ("code",)

    def __init__(self, source: "Optional[str]" = None, target: "Optional[str]" = None) -> None:
        if source is not None and target is None:
            raise ValueError("a move with a source needs a target")
        s = -1 if source is None else index(source)
        t = -1 if target is None else index(target)
        if s >= 0 and s == t:
            raise ValueError("a stack cannot move onto its own cell")
        self.code = encode(s, t)

    @classmethod
    def from_code(cls, code: int) -> "Move":
        m = cls()
        m.code = code
        return m

    @classmethod
    def placement(cls, cell: str) -> "Move":
        return cls(None, cell)

    @classmethod
    def pass_move(cls) -> "Move":
        return cls.from_code(PASS_CODE)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Parse a move in standard notation; ``InvalidMoveError`` if it is not one."""
        if not isinstance(text, str):
            raise InvalidMoveError("a move must be text like 'E3', 'E3G3' or 'PASS', not %s" % quote(text))
        t = text.strip()
        if len(t) > 12:
            raise InvalidMoveError("%s is not a DVONN move (expected a cell like 'E3', a move like 'E3G3', or 'PASS')"
                                   % (quote(text),))
        for ch in t:
            if ch > "\x7f":
                # Cell names are ASCII: str.upper() reads the dotless "\u0131" as I on CPython (not on MicroPython).
                raise InvalidMoveError("%s is not a DVONN move: %s is not an ASCII letter (cells are A1 to K5)"
                                       % (quote(text), quote(ch)))
        t = t.upper()
        if t == "PASS":
            return cls.from_code(PASS_CODE)
        cells = []
        i = 0
        n = len(t)
        while i < n:
            ch = t[i]
            if ch in " -,X>":
                i += 1
                continue
            if i + 1 < n and is_cell(t[i : i + 2]):
                cells.append(index(t[i : i + 2]))
                i += 2
                continue
            raise InvalidMoveError("%s is not a DVONN move (expected a cell like 'E3', a move like 'E3G3', or 'PASS')"
                                   % (quote(text),))
        if len(cells) == 1:
            return cls.from_code(PLACE_BASE + cells[0])
        if len(cells) == 2:
            if cells[0] == cells[1]:
                raise InvalidMoveError("%s moves a stack onto its own cell" % (quote(text),))
            return cls.from_code(cells[0] * 64 + cells[1])
        raise InvalidMoveError("%s is not a DVONN move (expected a cell like 'E3', a move like 'E3G3', or 'PASS')"
                               % (quote(text),))

    @property
    def is_pass(self) -> bool:
        return self.code == PASS_CODE

    @property
    def is_placement(self) -> bool:
        return PLACE_BASE <= self.code < PASS_CODE

    @property
    def source(self) -> "Optional[str]":
        """The cell the stack leaves (stack moves only)."""
        if self.code >= PLACE_BASE:
            return None
        return CELLS[self.code >> 6]

    @property
    def target(self) -> "Optional[str]":
        """The cell a piece is placed on or a stack lands on (``None`` for a pass)."""
        if self.code == PASS_CODE:
            return None
        if self.code >= PLACE_BASE:
            return CELLS[self.code - PLACE_BASE]
        return CELLS[self.code & 63]

    def __str__(self) -> str:
        return code_text(self.code)

    def __repr__(self) -> str:
        return "Move.parse(%r)" % code_text(self.code)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.code == self.code

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: "Move") -> bool:
        return self.code < other.code


assert SIZE < 64
