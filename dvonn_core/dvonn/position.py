"""Position strings: a whole DVONN position as short, URL-safe text.

Format: the five rows of the board from row 1 (A1..I1) to row 5 (C5..K5),
separated by ``-``, then ``.`` and the side to move (``w`` or ``b``), followed
by ``p`` while pieces are still being placed.  Within a row, cells go from
left to right (column A to K): a number stands for that many empty cells and a
stack is written from bottom to top with the top piece in upper case
(``W`` a white piece, ``bW`` a white piece on a black one, ``D`` a lone DVONN
piece, ``dwB`` black on top of white on top of a DVONN piece).  Only letters,
digits, ``-`` and ``.`` are used, so the string needs no escaping in a URL.

>>> format([""] * 49, 0, True)
'9-10-11-10-9.wp'
>>> parse('9-10-11-10-9.wp')[1:]
(0, True)
"""

from ..common.errors import GameError, quote
from ..common.hexgrid import rows_text
from .board import BIT, CELLS, SIZE

try:
    from typing import Dict, List, Optional, Tuple
except ImportError:  # MicroPython
    pass

ROW_LENGTHS = (9, 10, 11, 10, 9)
_UPPER = {"w": "W", "b": "B", "d": "D"}
_LOWER = {"W": "w", "B": "b", "D": "d"}
MAX_LENGTH = 400


class PositionError(GameError):
    """A position string that is malformed or describes an impossible position.

    An impossible position also says why in terms a program can use (the board editor words it
    in the player's language): ``reason`` names the rule it breaks and ``details`` holds the
    cells and counts concerned, as listed in :data:`REASONS`; ``reason`` is ``""`` for a string
    that is not written right, whose ``code`` then says what is wrong with it and ``values`` what
    the message quotes, as listed in :data:`PARSE_CODES` (a page says it in its player's language).

    >>> try:
    ...     parse("W8-10-11-10-9.w")
    ... except PositionError as error:
    ...     print(error.reason, error.details)
    dvonn_count {'count': 0}
    """

    CODE = "position"

    def __init__(self, message: str, reason: str = "", details: "Optional[Dict[str, object]]" = None,
                 code: "Optional[str]" = None) -> None:
        super().__init__(message, code, **(details or {}))
        self.reason = reason
        self.details = details or {}


#: The codes of a string that is not written right (``PositionError.code``) and their ``values``;
#: Diamonds & Pivots' position strings use the same codes (``row`` is its letter there).
PARSE_CODES = {
    "position-type": "type: the type's name of what is not a string",
    "position-long": "length, most: the string's length and the longest a position has",
    "position-no-side": "example: no '.' and side to move (example: the empty board's string)",
    "position-side": "side, example: what follows the '.' is not a side to move",
    "position-rows": "rows, want: not as many rows as the board has",
    "position-character": "row, character: a character that is no piece and no count",
    "position-no-top": "row, stack: a stack written with no top piece in upper case",
    "position-count": "row, count: a count of empty cells that is not one",
    "position-cells": "row, cells, want: a row that does not describe as many cells as it has",
}
#: The empty board, the example of a position string that the errors give.
EMPTY = "9-10-11-10-9.wp"


#: The rules an impossible position can break (``PositionError.reason``) and its ``details``.
REASONS = {
    "dvonn_on_top": "cell: a DVONN piece on top of a stack of two or more",
    "stack_in_placement": "cell: a stack during placement",
    "placement_full": "(none): every cell filled while placement goes on",
    "placement_counts": "placed, dvonn, white, black, want_dvonn, want_white, want_black: "
                        "counts that no placement gives",
    "placement_turn": "placed, side: the side to move is not the one whose placement it is",
    "dvonn_count": "count: not 3 DVONN pieces after placement",
    "too_many": "white, black: more than 23 pieces of a colour",
    "cut_off": "cells: stacks with no chain to a DVONN piece",
}


def format(stacks: "List[str]", turn: int, placing: bool) -> str:
    """The position string of 49 stacks, the side to move (0 white, 1 black) and the phase."""
    cells = [s[:-1] + _UPPER[s[-1]] if s else "" for s in stacks]
    return rows_text(cells, ROW_LENGTHS) + "." + ("w" if turn == 0 else "b") + ("p" if placing else "")


def parse(text: str, checked: bool = True) -> "Tuple[List[str], int, bool]":
    """(stacks, side to move, placing) from a position string; :class:`PositionError` if it is invalid.

    ``checked=False`` reads a well-written string without asking whether its position can be
    played (a diagram of a pattern, in the board editor): only its writing is checked.

    >>> parse("W8-10-11-10-9.w", checked=False)[0][:2]
    ['w', '']
    """
    if not isinstance(text, str):
        raise PositionError("a position must be a string, not %s" % type(text).__name__,
                            code="position-type", details={"type": type(text).__name__})
    text = text.strip()
    if len(text) > MAX_LENGTH:
        raise PositionError(
            "position string too long (%d characters; a position has at most %d)" % (len(text), MAX_LENGTH),
            code="position-long", details={"length": len(text), "most": MAX_LENGTH})
    if "." not in text:
        raise PositionError("position %s has no side to move (it should end in '.w' or '.b', like '9-10-11-10-9.wp')"
                            % quote(text), code="position-no-side", details={"example": EMPTY})
    board, _, side = text.rpartition(".")
    if side not in ("w", "b", "wp", "bp"):
        raise PositionError("position %s: the side to move must be 'w' or 'b' (with 'p' during placement), not %s"
                            % (quote(text), quote(side)), code="position-side",
                            details={"side": side, "example": EMPTY})
    turn = 0 if side[0] == "w" else 1
    placing = len(side) == 2
    rows = board.split("-")
    if len(rows) != 5:
        raise PositionError("position %s has %d rows separated by '-'; the board has 5" % (quote(text), len(rows)),
                            code="position-rows", details={"rows": len(rows), "want": 5})
    stacks = []  # type: List[str]
    for r in range(5):
        row = rows[r]
        cells = []  # type: List[str]
        pending = ""
        number = ""
        for ch in row:
            if "0" <= ch <= "9":
                if pending:
                    raise _no_top(text, r, pending)
                number += ch
                continue
            if number:
                _empties(cells, number, text, r)
                number = ""
            if ch in "wbd":
                pending += ch
            elif ch in "WBD":
                cells.append(pending + _LOWER[ch])
                pending = ""
            else:
                raise PositionError("position %s, row %d: unexpected character %s (use w, b, d, W, B, D and digits)"
                                    % (quote(text), r + 1, quote(ch)), code="position-character",
                                    details={"row": str(r + 1), "character": ch})
        if number:
            _empties(cells, number, text, r)
        if pending:
            raise _no_top(text, r, pending)
        if len(cells) != ROW_LENGTHS[r]:
            raise PositionError("position %s: row %d describes %d cells but has %d"
                                % (quote(text), r + 1, len(cells), ROW_LENGTHS[r]), code="position-cells",
                                details={"row": str(r + 1), "cells": len(cells), "want": ROW_LENGTHS[r]})
        stacks.extend(cells)
    if checked:
        _check(stacks, turn, placing, text)
    return stacks, turn, placing


def _no_top(text: str, r: int, pending: str) -> PositionError:
    return PositionError("position %s, row %d: stack %s has no top piece (write the top piece in upper case)"
                         % (quote(text), r + 1, quote(pending)), code="position-no-top",
                         details={"row": str(r + 1), "stack": pending})


def _empties(cells: "List[str]", number: str, text: str, r: int) -> None:
    n = int(number)
    if n == 0 or n > 11 or number[0] == "0":
        raise PositionError("position %s, row %d: %s is not a valid count of empty cells"
                            % (quote(text), r + 1, quote(number)), code="position-count",
                            details={"row": str(r + 1), "count": number})
    for _ in range(n):
        cells.append("")


def _check(stacks: "List[str]", turn: int, placing: bool, text: str) -> None:
    counts = {"w": 0, "b": 0, "d": 0}
    for i in range(SIZE):
        s = stacks[i]
        for ch in s:
            counts[ch] += 1
        if len(s) > 1 and s[-1] == "d":
            raise PositionError("position %s: a DVONN piece can only be on top of a stack when it is alone (%s)"
                                % (quote(text), CELLS[i]), "dvonn_on_top", {"cell": CELLS[i]})
    w = counts["w"]
    b = counts["b"]
    d = counts["d"]
    if placing:
        placed = w + b + d
        for i in range(SIZE):
            if len(stacks[i]) > 1:
                raise PositionError("position %s: no stacks can exist during placement (%s)" % (quote(text), CELLS[i]),
                                    "stack_in_placement", {"cell": CELLS[i]})
        if placed >= SIZE:
            raise PositionError("position %s: all 49 cells are filled, so placement is over (drop the 'p')"
                                % quote(text), "placement_full")
        own = max(0, placed - 3)
        want = (min(placed, 3), own // 2, (own + 1) // 2)
        if (d, w, b) != want:
            raise PositionError(
                "position %s: after %d placements there should be %d DVONN, %d white and %d black pieces, "
                "not %d, %d and %d"
                % (quote(text), placed, want[0], want[1], want[2], d, w, b),
                "placement_counts",
                {"placed": placed, "dvonn": d, "white": w, "black": b,
                 "want_dvonn": want[0], "want_white": want[1], "want_black": want[2]},
            )
        if turn != placed % 2:
            side = "white" if placed % 2 == 0 else "black"
            raise PositionError("position %s: after %d placements it is %s's turn" % (quote(text), placed, side),
                                "placement_turn", {"placed": placed, "side": side})
        return
    if d != 3:
        raise PositionError("position %s: the board must hold the 3 DVONN pieces, not %d" % (quote(text), d),
                            "dvonn_count", {"count": d})
    if w > 23 or b > 23:
        raise PositionError("position %s: %d white and %d black pieces; each side has only 23" % (quote(text), w, b),
                            "too_many", {"white": w, "black": b})
    # Every stack must be linked to a DVONN piece (cut-off stacks are always removed).
    occ = 0
    dvm = 0
    for i in range(SIZE):
        if stacks[i]:
            occ |= BIT[i]
            if "d" in stacks[i]:
                dvm |= BIT[i]
    from .game import flood

    alive = flood(dvm, occ)
    if alive != occ:
        cut = [CELLS[i] for i in range(SIZE) if stacks[i] and not alive & BIT[i]]
        raise PositionError("position %s: stacks not linked to any DVONN piece: %s" % (quote(text), ", ".join(cut)),
                            "cut_off", {"cells": cut})

