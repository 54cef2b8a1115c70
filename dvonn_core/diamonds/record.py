"""Game records for Diamonds & Pivots: header tags, a blank line, then one numbered turn per line.

:func:`write` gives the record; :func:`read` replays one (or a bare list of
turns) into a new :class:`~dvonn_core.diamonds.game.DiamondsGame`.  In the
move text a cell, ``pass`` or ``swap`` starts a turn and a pivot (a word with
``>``) continues it, so turns need no other separator; turn numbers (``12.``)
are optional.  Errors raise :class:`~dvonn_core.common.errors.RecordError` naming the
turn's number (from 1) and text; nothing is half-applied.  A record may start
with a byte-order mark.  Input may be hostile: as DVONN's records
(:mod:`dvonn_core.dvonn.record`), records over :data:`MAX_SIZE` characters or
:data:`MAX_TURNS` turns are refused at once, before any turn is played, and
error messages quote at most 40 characters of the input.  A turn's pivots
have no limit of their own: the rules allow chains of thousands of pivots
(see :mod:`~dvonn_core.diamonds.game`).

A resignation is the record's last turn: ``resign`` when the side to move
resigned, ``resign white`` or ``resign black`` when the other side did (as in
DVONN's records); the ``Result`` tag then names the winner.

The tag lines are the same PGN-like format as DVONN's records, read and
written by the same code (:mod:`dvonn_core.common.tags`).

>>> from .game import DiamondsGame
>>> g = read("e5 swap d4  c3")
>>> [str(m) for m in g.moves], g.swapped
(['e5', 'swap', 'd4', 'c3'], True)
>>> print(write(g))
[Event "?"]
[Site "?"]
[Date "?"]
[Black "?"]
[White "?"]
[Result "*"]
<BLANKLINE>
1. e5
2. swap
3. d4
4. c3
<BLANKLINE>
>>> read(write(g)) == g
True
>>> read("e5 e5")
Traceback (most recent call last):
...
dvonn_core.common.errors.RecordError: turn 2 (e5): illegal move 'e5': cannot drop on e5: the cell is not empty in 5-6-7-8-4b4-8-7-6-5.ws
"""

from ..common.errors import InvalidMoveError, RecordError
from ..common.tags import DERIVED_TAGS as _DERIVED_TAGS
from ..common.tags import is_word as _is_word
from ..common.tags import read_tag_block as _read_tag_block
from ..common.tags import short as _short
from ..common.tags import start_from_tags as _start_from_tags
from ..common.tags import tag_line as _tag_line
from .game import DiamondsGame

try:
    from typing import List, Tuple
except ImportError:  # MicroPython
    pass

#: Largest record accepted, in characters (DVONN's :data:`dvonn_core.dvonn.record.MAX_SIZE`).
MAX_SIZE = 2000000
#: Most turns (drops, passes, swaps) a record may hold (DVONN's ``MAX_MOVES``).
MAX_TURNS = 5000
#: Most header tags a record may hold.
MAX_TAGS = 200
STANDARD_TAGS = ("Event", "Site", "Date", "Black", "White", "Result")
#: Tags derived from the game itself: written by :func:`write`, not kept in ``game.tags`` by :func:`read`.
DERIVED_TAGS = _DERIVED_TAGS


def write(game: DiamondsGame) -> str:
    """The game as a record: tags (``Score`` once over, ``Position`` unless it began on the empty board), then the turns."""
    tags = game.tags or {}
    for key in tags:
        if not _is_word(key):
            raise RecordError("tag name %r: a tag name is letters, digits and '_' only" % (key,))
    lines = []
    for key in STANDARD_TAGS:
        lines.append(_tag_line(key, _result(game) if key == "Result" else tags.get(key, "?")))
    if game.phase == "over":
        b, w = game.score()
        lines.append(_tag_line("Score", "%d-%d" % (b, w)))
    if game.start_position is not None:
        lines.append(_tag_line("Position", game.start_position))
    for key in sorted(k for k in tags if k not in STANDARD_TAGS and k not in DERIVED_TAGS):
        lines.append(_tag_line(key, tags[key]))
    lines.append("")
    for i in range(len(game.moves)):
        lines.append("%d. %s" % (i + 1, game.moves[i]))
    if game.resigned is not None:
        lines.append("%d. resign%s" % (len(game.moves) + 1, "" if game.resigned == game.to_move else " " + game.resigned))
    return "\n".join(lines) + "\n"


def _result(game: DiamondsGame) -> str:
    return game.winner() or "*"


def read(text: str) -> DiamondsGame:
    """A new game replayed from a record; :class:`RecordError` for anything unreadable (a record
    over :data:`MAX_SIZE` characters or :data:`MAX_TURNS` turns at once, its turns unread).

    >>> read("e5 " * 5001)
    Traceback (most recent call last):
    ...
    dvonn_core.common.errors.RecordError: record too long: more than 5000 turns
    """
    if not isinstance(text, str):
        raise RecordError("a record must be text, not %s" % type(text).__name__)
    if len(text) > MAX_SIZE:
        raise RecordError("record too large (%d characters; at most %d)" % (len(text), MAX_SIZE))
    if text[:1] == "\ufeff":
        text = text[1:]  # a byte-order mark, as some editors save UTF-8
    lines = text.strip().split("\n")
    tags, i = _read_tag_block(lines, MAX_TAGS)
    game = _start_from_tags(tags, DiamondsGame, DiamondsGame.from_position, STANDARD_TAGS)
    turns = _turns(" ".join(lines[i:]))
    for n, turn in turns:
        words = turn.split()
        if words[0] == "resign":
            if n != len(turns) or len(words) > 2 or (len(words) == 2 and words[1].lower() not in ("black", "white")):
                raise RecordError("turn %d (%s): a resignation is the last turn, 'resign' or 'resign black' or 'resign white'"
                                  % (n, _short(turn)), n, _short(turn))
            if game.phase == "over":
                raise RecordError("turn %d (%s): the game is over: there is no one left to resign" % (n, _short(turn)), n, _short(turn))
            game.resign(words[1].lower() if len(words) == 2 else None)
            break
        try:
            game.play(turn)
        except ValueError as e:
            if isinstance(e, InvalidMoveError):  # its message quotes the turn: once is enough
                raise RecordError("turn %d: %s" % (n, e), n, _short(turn), cause=e)
            raise RecordError("turn %d (%s): %s" % (n, _short(turn), e), n, _short(turn), cause=e)
    return game


def _turns(text: str) -> "List[Tuple[int, str]]":
    """The turns of a move text as ``(number, text)``: a pivot word joins the turn before it, and
    so does a colour after ``resign``."""
    out = []  # type: List[Tuple[int, str]]
    current = []  # type: List[str]
    for word in text.split():
        if word[-1] == "." and word[:-1].isdigit():
            continue
        if current and (">" in word or (current == ["resign"] and word.lower() in ("black", "white"))):
            current.append(word)
            continue
        if current:
            out.append((len(out) + 1, " ".join(current)))
            if len(out) > MAX_TURNS:
                raise RecordError("record too long: more than %d turns" % MAX_TURNS)
        current = [word]
    if current:
        out.append((len(out) + 1, " ".join(current)))
    if len(out) > MAX_TURNS:
        raise RecordError("record too long: more than %d turns" % MAX_TURNS)
    return out


