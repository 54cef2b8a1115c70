"""What the library's errors say, in the page's language (issue 43, item 9).

The rules library (``dvonn_core``) writes its errors in English, for programmers, and gives each a
``code`` and ``values`` (``dvonn_core.common.errors.GameError``: the move, its number, the error that
caused it).  :func:`say` is what a page shows of such an error: on an English page the library's own
text (it names the cell, the rule, the position); in another language the sentence of its code,
translated, with the same values, then the sentence of its cause.  An error of the page's own
(``LinkError``, ``SavedGameError``, ``EmbedError``...) is in the page's language already and is shown
as it is.  Runs on MicroPython and CPython.

>>> from dvonn_core.dvonn import record
>>> try:
...     record.read("F3 C3 Z9")
... except ValueError as error:
...     print(say(error)[:59])
move 3 (Z9): 'Z9' is not a DVONN move (expected a cell like
>>> from kernel import i18n
>>> i18n.install({"move %(number)d (%(move)s) cannot be played": "Zug %(number)d (%(move)s) geht nicht",
...               "it is not a move of this game": "das ist kein Zug dieses Spiels"})
>>> try:
...     record.read("F3 C3 Z9")
... except ValueError as error:
...     print(say(error))
Zug 3 (Z9) geht nicht: das ist kein Zug dieses Spiels
>>> from dvonn_core import Game
>>> i18n.install({"row %(row)s does not describe its %(want)d cells but %(cells)d":
...               "Reihe %(row)s beschreibt nicht ihre %(want)d Felder, sondern %(cells)d"})
>>> try:
...     Game.from_position("9-10-11-10-8.wp")
... except ValueError as error:
...     print(error.code, "|", say(error))
position-cells | Reihe 5 beschreibt nicht ihre 9 Felder, sondern 8
>>> i18n.install(None)
"""

from dvonn_core.common.errors import quote
from kernel import inputs
from kernel.i18n import N_, _, _current

#: Each code of the library's errors, and what the page says for it.
MESSAGES = {
    "error": N_("the rules refused it"),
    "not-a-move": N_("it is not a move of this game"),
    "illegal-move": N_("it is not a legal move in this position"),
    "position": N_("it is not a valid position of this game"),
    "record": N_("it is not a game record that this site reads"),
    "record-empty": N_("it holds no game (no tags and no moves)"),
    "record-move": N_("move %(number)d (%(move)s) cannot be played"),
    "record-position": N_("its start position is not valid"),
    "too-many-turns": N_("the turns of this drop are too many to list"),
    # A position string that is not written right (dvonn_core.dvonn.position.PARSE_CODES, both games).
    "position-type": N_("a position is text, not %(type)s"),
    "position-long": N_("the position string has %(length)d characters; a position has at most %(most)d"),
    "position-no-side": N_("the position string does not end in \u2018.\u2019 and the side to move (the empty board is "
                           "written %(example)s)"),
    "position-side": N_("after the last \u2018.\u2019 comes the side to move, not %(side)s (the empty board is written "
                        "%(example)s)"),
    "position-rows": N_("the board has %(want)d rows, separated by \u2018-\u2019; this position string has %(rows)d"),
    "position-character": N_("row %(row)s: %(character)s is neither a piece nor a count of empty cells"),
    "position-no-top": N_("row %(row)s: the stack %(stack)s has no top piece (the top piece is written in upper "
                          "case)"),
    "position-count": N_("row %(row)s: %(count)s is not a count of empty cells"),
    "position-cells": N_("row %(row)s does not describe its %(want)d cells but %(cells)d"),
    "position-cells-over": N_("row %(row)s describes more than its %(want)d cells"),
}
#: The values of a position string's error that are the player's input, shown quoted.
QUOTED = ("side", "example", "character", "stack", "count")


def say(error):
    """The message of ``error`` for the player, in the page's language (see the module's docstring)."""
    code = getattr(error, "code", None)
    if code not in MESSAGES or not _current():
        return str(error)
    values = getattr(error, "values", None) or {}
    if code == "position-cells" and "cells" not in values:
        code = "position-cells-over"
    text = _(MESSAGES[code])
    if code.startswith("position-"):
        shown = {}
        for key, value in values.items():
            shown[key] = quote(value) if key in QUOTED else value
        return text % shown
    if code == "record-move":
        text = text % {"number": values.get("number") or 0, "move": inputs.bare(str(values.get("move") or ""))}
    cause = values.get("cause")
    if cause is not None and cause is not error:
        text += ": " + say(cause)
    return text
