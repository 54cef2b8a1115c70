"""Game records for Diamonds & Pivots: header tags, a blank line, then one numbered turn per line.

:func:`write` gives the record; :func:`read` replays one (or a bare list of
turns) into a new :class:`~dvonn_core.diamonds.game.DiamondsGame`.  In the
move text a cell, ``pass`` or ``swap`` starts a turn and a pivot (a word with
``>``) continues it, so turns need no other separator; turn numbers (``12.``)
are optional.  Errors raise :class:`~dvonn_core.errors.RecordError` naming the
turn's number (from 1) and text; nothing is half-applied.

The tag lines are the same PGN-like format as DVONN's records
(:mod:`dvonn_core.record`).  Its tag reader and writer are private helpers of
that module, so this module has its own small copy (:func:`_tag_line`,
:func:`_parse_tag_line`); the two could move to a shared module later.

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
dvonn_core.errors.RecordError: turn 2 (e5): illegal move 'e5': cannot drop on e5: the cell is not empty in 5-6-7-8-4b4-8-7-6-5.ws
"""

from ..errors import RecordError
from .game import DiamondsGame

try:
    from typing import Dict, List, Tuple
except ImportError:  # MicroPython
    pass

#: Largest record accepted, in characters.
MAX_SIZE = 1000000
#: Most turns a record may hold.
MAX_TURNS = 5000
MAX_TAGS = 200
STANDARD_TAGS = ("Event", "Site", "Date", "Black", "White", "Result")
#: Tags derived from the game itself: written by :func:`write`, not kept in ``game.tags`` by :func:`read`.
DERIVED_TAGS = ("Result", "Score", "Position")
_WORD_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"


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
    return "\n".join(lines) + "\n"


def _result(game: DiamondsGame) -> str:
    return game.winner() or "*"


def read(text: str) -> DiamondsGame:
    """A new game replayed from a record; :class:`RecordError` for anything unreadable."""
    if not isinstance(text, str):
        raise RecordError("a record must be text, not %s" % type(text).__name__)
    if len(text) > MAX_SIZE:
        raise RecordError("record too large (%d characters; at most %d)" % (len(text), MAX_SIZE))
    lines = text.strip().split("\n")
    tags = {}  # type: Dict[str, str]
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if line and line[0] != "[":
            break
        if line:
            key, value = _parse_tag_line(line, i + 1)
            if key in tags:
                raise RecordError("line %d: tag %s appears twice" % (i + 1, key))
            if len(tags) >= MAX_TAGS:
                raise RecordError("too many tags (more than %d)" % MAX_TAGS)
            tags[key] = value
        i += 1
    start = tags.get("Position")
    if start is None:
        game = DiamondsGame()
    else:
        try:
            game = DiamondsGame.from_position(start)
        except ValueError as e:
            raise RecordError("Position tag: %s" % e)
    for key in tags:
        if key in DERIVED_TAGS or (key in STANDARD_TAGS and tags[key] == "?"):
            continue
        game.tags[key] = tags[key]
    for n, turn in _turns(" ".join(lines[i:])):
        try:
            game.play(turn)
        except ValueError as e:
            raise RecordError("turn %d (%s): %s" % (n, _short(turn), e), n, _short(turn))
    return game


def _turns(text: str) -> "List[Tuple[int, str]]":
    """The turns of a move text as ``(number, text)``: a pivot word joins the turn before it."""
    out = []  # type: List[Tuple[int, str]]
    current = []  # type: List[str]
    for word in text.split():
        if word[-1] == "." and word[:-1].isdigit():
            continue
        if ">" in word and current:
            current.append(word)
            continue
        if current:
            out.append((len(out) + 1, " ".join(current)))
            if len(out) >= MAX_TURNS:
                raise RecordError("record too long: more than %d turns" % MAX_TURNS)
        current = [word]
    if current:
        out.append((len(out) + 1, " ".join(current)))
    return out


# A copy of dvonn_core.record's private tag helpers (see the module docstring).
def _tag_line(key: str, value: object) -> str:
    out = []
    for ch in str(value):
        if ch == "\\" or ch == '"':
            out.append("\\" + ch)
        elif ch < " " or ch == "\x7f":
            out.append(" ")
        else:
            out.append(ch)
    return '[%s "%s"]' % (key, "".join(out))


def _parse_tag_line(line: str, number: int) -> "Tuple[str, str]":
    def bad(why: str) -> RecordError:
        return RecordError('line %d: malformed tag %s (%s; expected [Key "value"])' % (number, _short(line), why))

    if len(line) < 2 or line[-1] != "]":
        raise bad("no closing ']'")
    inner = line[1:-1].strip()
    k = 0
    for ch in inner:
        if ch not in _WORD_CHARS:
            break
        k += 1
    key = inner[:k]
    if not key:
        raise bad("no tag name")
    rest = inner[k:].strip()
    if len(rest) < 2 or rest[0] != '"' or rest[-1] != '"':
        raise bad("the value must be in double quotes")
    out = []
    escaped = False
    for ch in rest[1:-1]:
        if escaped:
            out.append(ch)
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            raise bad("a '\"' inside the value must be written \\\"")
        else:
            out.append(ch)
    if escaped:
        raise bad("a '\\' at the end of the value")
    return key, "".join(out)


def _is_word(key: object) -> bool:
    if not isinstance(key, str) or not key:
        return False
    for ch in key:
        if ch not in _WORD_CHARS:
            return False
    return True


def _short(text: str) -> str:
    if len(text) > 40:
        return text[:37] + "..."
    return text
