"""Whole turns and their notation.

A turn is written as the drop, then each pivot as the pivot cell, ``>`` and the
far end of the line the three other stones are laid on (``c5>f5``: pivot on
``c5``, stones to ``d5 e5 f5``).  When the pivot stone belongs to more than one
of the mover's diamonds, the diamond is named by the pivot's *partner*, the
other end of the diagonal of the diamond that holds the pivot: ``c5/b7>f5``.
The other turns are ``pass`` and ``swap`` (the pie rule).  Parts are separated
by single spaces::

    b6 c5>f5 f5>i2

Input is case-insensitive (ASCII letters only) and may use any spaces, and a
turn may hold any number of pivots (parsing is linear in its length); output is
canonical.  Which
pivot needs its partner depends on the position, so text is resolved against
a game with :meth:`~dvonn_core.diamonds.game.DiamondsGame.parse_move`.

>>> m = Move.parse("B6  C5>F5 f5>i2")
>>> str(m), m.drop, [str(p) for p in m.pivots]
('b6 c5>f5 f5>i2', 'b6', ['c5>f5', 'f5>i2'])
>>> Move.parse("c5/b7>f5 b6")
Traceback (most recent call last):
...
dvonn_core.common.errors.InvalidMoveError: 'c5/b7>f5 b6' is not a Diamonds & Pivots turn: a turn starts with the drop cell, 'pass' or 'swap' ('c5/b7>f5' is a pivot)
"""

from ..common.errors import IllegalMoveError, InvalidMoveError, quote
from .board import CELLS, index, is_cell

try:
    from typing import List, Optional, Tuple
except ImportError:  # MicroPython
    pass

__all__ = ["Move", "Pivot", "InvalidMoveError", "IllegalMoveError", "short_turn"]

DROP, PASS, SWAP = "drop", "pass", "swap"


class Pivot:
    """One pivot: the pivot cell, the partner naming its diamond (``-1`` if not given) and the line's far end.

    ``show_partner`` says whether the text names the partner (needed only when
    the pivot stone is in more than one diamond).  Pivots compare by cell,
    partner and far end.
    """

    __slots__ = ("cell", "partner", "far", "show_partner")

    def __init__(self, cell: int, partner: int, far: int, show_partner: bool = True) -> None:
        self.cell = cell
        self.partner = partner
        self.far = far
        self.show_partner = show_partner and partner >= 0

    @classmethod
    def parse(cls, text: str) -> "Pivot":
        t = _lower(text.strip())
        head, sep, far = t.partition(">")
        cell, slash, partner = head.partition("/")
        if not sep or not is_cell(cell) or not is_cell(far) or (slash and not is_cell(partner)):
            raise InvalidMoveError("%s is not a pivot (expected the pivot cell, '>' and the far end of the line, like 'c5>f5', or 'c5/b7>f5' naming the diamond by the pivot's partner)" % (quote(text),))
        return cls(index(cell), index(partner) if slash else -1, index(far), bool(slash))

    def key(self) -> "Tuple[int, int, int]":
        return (self.cell, self.partner, self.far)

    def __str__(self) -> str:
        if self.show_partner:
            return "%s/%s>%s" % (CELLS[self.cell], CELLS[self.partner], CELLS[self.far])
        return "%s>%s" % (CELLS[self.cell], CELLS[self.far])

    def __repr__(self) -> str:
        return "Pivot.parse(%r)" % str(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pivot) and other.key() == self.key()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.key())


class Move:
    """A whole turn: a drop with all its pivots, ``pass`` or ``swap``.

    ``kind`` is ``"drop"``, ``"pass"`` or ``"swap"``; ``drop`` the cell name
    (``None`` for a pass or swap); ``pivots`` a tuple of :class:`Pivot`.  Moves
    compare equal and hash by their drop and pivots (with the partners, once
    resolved by a game).
    """

    __slots__ = ("kind", "cell", "pivots", "_proof")

    def __init__(self, kind: str, cell: int = -1, pivots: "Tuple[Pivot, ...]" = ()) -> None:
        self.kind = kind
        self.cell = cell
        self.pivots = tuple(pivots)
        # Set by a finished Turn: (the game's state it began in, key(), stones after), so that
        # playing it there needs no second check of every pivot.
        self._proof = None  # type: Optional[Tuple[Tuple[int, int, int, bool, int], Tuple[object, ...], int, int]]

    @classmethod
    def pass_move(cls) -> "Move":
        return cls(PASS)

    @classmethod
    def swap(cls) -> "Move":
        return cls(SWAP)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Parse a turn's text; ``InvalidMoveError`` if it is not a turn at all."""
        if not isinstance(text, str):
            raise InvalidMoveError("a turn must be text like 'b6', 'b6 c5>f5 f5>i2', 'pass' or 'swap', not %s" % quote(text))
        words = _lower(text).split()
        if not words:
            raise InvalidMoveError("an empty text is not a turn (expected a drop like 'b6', 'pass' or 'swap')")
        first = words[0]
        if first in (PASS, SWAP):
            if len(words) > 1:
                raise InvalidMoveError("%s is not a Diamonds & Pivots turn: nothing may follow %s" % (quote(text), quote(first)))
            return cls(first)
        if not is_cell(first):
            what = "it" if len(words) == 1 else quote(first)  # the text is quoted once
            why = "%s is a pivot" % what if ">" in first else "%s is not a cell" % what
            raise InvalidMoveError("%s is not a Diamonds & Pivots turn: a turn starts with the drop cell, 'pass' or 'swap' (%s)" % (quote(text), why))
        pivots = []  # type: List[Pivot]
        for w in words[1:]:
            try:
                pivots.append(Pivot.parse(w))
            except InvalidMoveError as e:
                raise InvalidMoveError("%s is not a Diamonds & Pivots turn: %s" % (quote(text), e))
        return cls(DROP, index(first), tuple(pivots))

    @property
    def drop(self) -> "Optional[str]":
        return CELLS[self.cell] if self.kind == DROP else None

    @property
    def is_pass(self) -> bool:
        return self.kind == PASS

    @property
    def is_swap(self) -> bool:
        return self.kind == SWAP

    def key(self) -> "Tuple[object, ...]":
        return (self.kind, self.cell) + tuple(p.key() for p in self.pivots)

    def __str__(self) -> str:
        if self.kind != DROP:
            return self.kind
        return " ".join([CELLS[self.cell]] + [str(p) for p in self.pivots])

    def __repr__(self) -> str:
        return "Move.parse(%r)" % str(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.key() == self.key()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.key())


def _lower(text: str) -> str:
    """``text`` with its ASCII letters in lower case: ``str.lower`` also maps other letters
    (the dotted capital I to an i and a combining dot), and differently on each Python."""
    for ch in text:
        if ch > "\x7f":
            return "".join([c.lower() if c < "\x80" else c for c in text])
    return text.lower()


def short_turn(move: "Move") -> str:
    """A turn's text for an error message: whole up to 60 characters, else its start and its length.

    >>> short_turn(Move.parse("b6 " + "c5>f5 f5>i2 " * 20))
    'b6 c5>f5 f5>i2 c5>f5 f5>i2 c5>f5 ... (40 pivots)'
    """
    text = str(move)
    if len(text) <= 60:
        return text
    return "%s ... (%d pivots)" % (text[:32].rstrip(), len(move.pivots))
