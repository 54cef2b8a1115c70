"""Game records: write a game as text and read it back from several formats.

:func:`write` gives a plain-text record: PGN-like header tags, a blank line,
then the moves in standard notation (10 a line), ending in ``resign`` if a
side resigned.

:func:`read` replays a record into a new :class:`~dvonn_core.dvonn.game.Game`.  The
format is detected from the text:

* this module's own format (what :func:`write` gives);
* a bare list of moves (``F3 C3 I3 ...``: any case, separated by spaces,
  commas or new lines, stack moves written ``E3G3``, ``e3-g3`` ...);
* a Little Golem transcript (``Event [..] White [..] 1. g2 c1 2. ...``, the
  forced 49th placement left out, ``pass``, ``resign``);
* a Boardspace SGF file (a log of user-interface actions), as text or bytes.

In every format the forced last placement may be left out: when one empty
cell is left and the record goes on with a stack move, a pass or a
resignation, the piece is placed there first.  Anything wrong raises
:class:`RecordError` (a ``ValueError``) naming the move and the reason; moves
are numbered from 1 in the order played, placements, stack moves and passes
alike (the left-out forced placement counts too).  Input may be hostile: it is
never evaluated, parsing takes linear time, and records over
:data:`MAX_SIZE` characters or :data:`MAX_MOVES` moves are refused at once.

>>> try:
...     read("F3 C3 I3 E3 E3G3")
... except RecordError as e:
...     print(e.number, e.move)
...     print(e)
5 E3G3
move 5 (E3G3): illegal move 'E3G3': stacks cannot move until all 49 pieces are placed in 9-10-2D1BD2D2-10-9.wp

>>> from dvonn_core.dvonn.game import Game
>>> g = read("f3, c3, I3 e3")
>>> [str(m) for m in g.moves], g.to_move
(['F3', 'C3', 'I3', 'E3'], 'white')
>>> print(write(g))
[Event "?"]
[Site "?"]
[Date "?"]
[White "?"]
[Black "?"]
[Result "*"]
<BLANKLINE>
F3 C3 I3 E3
<BLANKLINE>
>>> read(write(g)) == g
True
"""

from ..common.errors import RecordError
from ..common.tags import DERIVED_TAGS as _DERIVED_TAGS
from ..common.tags import WORD_CHARS as _WORD_CHARS
from ..common.tags import is_word as _is_word
from ..common.tags import read_tag_block as _read_tag_block
from ..common.tags import short as _short
from ..common.tags import start_from_tags as _start_from_tags
from ..common.tags import tag_line as _tag_line
from .board import SIZE
from .game import Game
from .moves import PASS_CODE, PLACE_BASE, Move

try:
    from typing import Dict, List, Optional, Tuple, Union
except ImportError:  # MicroPython
    pass

#: Largest record accepted, in characters (text) or bytes.
MAX_SIZE = 2000000
#: Most moves (placements, stack moves and passes) a record may hold.
MAX_MOVES = 5000
#: Most header tags a record may hold.
MAX_TAGS = 200
#: Moves per line in :func:`write`.
MOVES_PER_LINE = 10
#: The tags every record written by :func:`write` starts with, in this order.
STANDARD_TAGS = ("Event", "Site", "Date", "White", "Black", "Result")
#: Tags derived from the game itself: written by :func:`write`, not kept in ``game.tags`` by :func:`read`.
DERIVED_TAGS = _DERIVED_TAGS

_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_SIDES = ("white", "black")
_SPACE = " \t\r\n\f\v"
# Byte classes for the scanners.  They scan UTF-8 bytes, not str: MicroPython
# finds the i-th character of a str by walking from its start, so a scan that
# indexes a str would take quadratic time there.
_IS_WORD = bytearray(256)
for _c in _WORD_CHARS:
    _IS_WORD[ord(_c)] = 1
_IS_SPACE = bytearray(256)
for _c in _SPACE:
    _IS_SPACE[ord(_c)] = 1
_OPEN = 91  # [
_CLOSE = 93  # ]
_BACKSLASH = 92


# ---------------------------------------------------------------------- writing


def write(game: Game) -> str:
    """The game as a plain-text record (header tags, a blank line, the moves).

    ``Score`` is added when the game is over and ``Position`` when it did not
    start from the empty board; the tags in ``game.tags`` follow the standard
    ones in name order.
    """
    tags = game.tags or {}
    for key in tags:
        if not _is_word(key):
            raise RecordError("tag name %s: a tag name is letters, digits and '_' only" % _quote(str(key)))
    lines = []
    for key in STANDARD_TAGS:
        value = _result(game) if key == "Result" else tags.get(key, "?")
        lines.append(_tag_line(key, value))
    if game.phase == "over":
        w, b = game.score()
        lines.append(_tag_line("Score", "%d-%d" % (w, b)))
    if game.start_position is not None:
        lines.append(_tag_line("Position", game.start_position))
    for key in sorted(k for k in tags if k not in STANDARD_TAGS and k not in DERIVED_TAGS):
        lines.append(_tag_line(key, tags[key]))
    lines.append("")
    tokens = [str(m) for m in game.moves]
    if game.resigned is not None:
        tokens.append("resign")
        if game.resigned != game.to_move:
            tokens.append(game.resigned)
    for i in range(0, len(tokens), MOVES_PER_LINE):
        lines.append(" ".join(tokens[i : i + MOVES_PER_LINE]))
    return "\n".join(lines) + "\n"


def _result(game: Game) -> str:
    winner = game.winner()
    if winner == "white":
        return "1-0"
    if winner == "black":
        return "0-1"
    if winner == "draw":
        return "1/2-1/2"
    return "*"


# ---------------------------------------------------------------------- reading


def read_file(path: str) -> Game:
    """:func:`read` the record in a file (any supported format, UTF-8 or Latin-1)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SIZE + 1)
    except OSError as e:
        raise RecordError("cannot read %s: %s" % (path, e))
    return read(data)


def read(text: "Union[str, bytes]") -> Game:
    """A new game replayed from a record (own format, move list, Little Golem or Boardspace SGF).

    ``text`` may be bytes: UTF-8, or Latin-1 when it is not valid UTF-8.
    Raises :class:`RecordError` for anything that is not a readable record.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SIZE:
            raise RecordError("record too large (%d bytes; at most %d)" % (len(text), MAX_SIZE))
        text = _decode(bytes(text))
    elif not isinstance(text, str):
        raise RecordError("a record must be text or bytes, not %s" % type(text).__name__)
    if len(text) > MAX_SIZE:
        raise RecordError("record too large (%d characters; at most %d)" % (len(text), MAX_SIZE))
    if text.startswith("\ufeff"):
        text = text[1:]
    body = text.strip()
    if not body:
        raise RecordError("empty record: no tags and no moves", code="record-empty")
    first = body[0]
    if first == "(":
        return _read_sgf(body)
    if first == "[":
        return _read_own(body)
    return _read_moves(body)


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except (UnicodeError, ValueError):
        pass
    try:
        text = data.decode("latin-1")
        if len(text) == len(data):
            return text
    except (UnicodeError, ValueError, LookupError, NotImplementedError):
        pass
    # MicroPython knows only UTF-8; Latin-1 maps each byte to the same code point.
    return "".join([chr(b) for b in data])


class _Replay:
    """Plays the moves of a record into a new game, turning errors into RecordError."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def number(self) -> int:
        return self.game.ply + 1

    def _force_last_placement(self) -> None:
        g = self.game
        if g.placed < SIZE:
            legal = g.legal_codes()
            if len(legal) == 1:
                g.push(legal[0])

    def play(self, text: str) -> None:
        g = self.game
        n = self.number()
        if n > MAX_MOVES:
            raise RecordError("record too long: more than %d moves" % MAX_MOVES, n, _short(text))
        if g.resigned is not None:
            raise _move_error(n, text, "the game is over: %s resigned" % g.resigned)
        try:
            m = Move.parse(text)
        except ValueError as e:
            raise _move_error(n, text, str(e), e)
        if m.code < PLACE_BASE or m.is_pass:
            self._force_last_placement()
            n = self.number()
        try:
            g.play(m)
        except ValueError as e:
            raise _move_error(n, text, str(e), e)

    def resign(self, side: "Optional[str]" = None, force: bool = True) -> None:
        """``side`` (default: the side to move) resigns; ``force``: place the forced last piece first."""
        g = self.game
        if force:
            self._force_last_placement()
        n = self.number()
        if g.resigned is not None:
            raise _move_error(n, "resign", "the game is already over: %s resigned" % g.resigned)
        if g.phase == "over":
            raise _move_error(n, "resign", "the game is already over (no legal moves are left)")
        g.resign(side)


def _move_error(n: int, text: str, reason: str, cause: "Optional[Exception]" = None) -> RecordError:
    return RecordError("move %d (%s): %s" % (n, _short(text), reason), n, _short(text), cause=cause)


# ---------------------------------------------------------------------- own format


def _read_own(body: str) -> Game:
    lines = body.split("\n")
    tags, i = _read_tag_block(lines, MAX_TAGS)
    game = _start_from_tags(tags, Game, Game.from_position, STANDARD_TAGS)
    # Records in this format list every move, so a resignation right after the
    # 48th placement is one before the last placement, not after it.
    _replay_tokens(game, "\n".join(lines[i:]), False, False)
    return game


# ---------------------------------------------------------------------- move lists and Little Golem


def _read_moves(body: str) -> Game:
    """A bare move list or a Little Golem transcript (``Key [value]`` tags, then numbered moves)."""
    game = Game()
    data = _utf8(body)
    pos = 0
    n = len(data)
    found_tags = 0
    while True:
        k = pos
        while k < n and _IS_SPACE[data[k]]:
            k += 1
        w = k
        while w < n and _IS_WORD[data[w]] and w - k <= 40:
            w += 1
        if w - k > 40:
            break  # too long for a tag name: the moves start here
        b = w
        while b < n and _IS_SPACE[data[b]]:
            b += 1
        if w == k or b >= n or data[b] != _OPEN:
            break
        close = data.find(b"]", b)
        if close < 0:
            raise RecordError("malformed tag %s: no closing ']'" % _short(_text(data[k : k + 40])))
        value = data[b + 1 : close].decode("utf-8").strip()
        if "\n" in value or "[" in value:
            raise RecordError(
                "malformed tag %s: a tag value is on one line, without '['"
                % _short(_text(data[k : min(close + 1, k + 40)]))
            )
        found_tags += 1
        if found_tags > MAX_TAGS:
            raise RecordError("too many tags (more than %d)" % MAX_TAGS)
        game.tags[data[k:w].decode("utf-8")] = value
        pos = close + 1
    rest = body if pos == 0 else data[pos:].decode("utf-8")
    _replay_tokens(game, rest, not found_tags)
    return game


def _replay_tokens(game: Game, text: str, bare: bool, force_before_resign: bool = True) -> None:
    """Play the moves in ``text``: tokens separated by spaces, commas or semicolons.

    ``bare``: the text is all there is (an unknown first word means an unknown format).
    """
    tokens = text.replace(",", " ").replace(";", " ").split()
    if len(tokens) > 3 * MAX_MOVES:
        raise RecordError("record too long: %d words (at most %d moves)" % (len(tokens), MAX_MOVES))
    words = []
    for token in tokens:
        word = _strip_number(token)
        if word:
            words.append(word)
            if len(words) > MAX_MOVES + 2:
                raise RecordError("record too long: more than %d moves" % MAX_MOVES)
    if bare and not words:
        raise RecordError("not a DVONN record: no tags and no moves", code="record-empty")
    replay = _Replay(game)
    count = len(words)
    i = 0
    while i < count:
        word = words[i]
        i += 1
        low = _lower(word)
        if low == "resign":
            side = None
            if i < count and _lower(words[i]) in _SIDES:
                side = _lower(words[i])
                i += 1
            replay.resign(side, force_before_resign)
        elif low in _RESULTS:
            if i < count:
                raise RecordError("result %s in the middle of the moves (before %s)" % (_quote(word), _quote(words[i])))
        else:
            if i == 1 and bare:
                try:
                    Move.parse(word)
                except ValueError:
                    raise RecordError(
                        "not a DVONN record: expected header tags, a Little Golem transcript, "
                        "a Boardspace SGF file or a list of moves, but it starts with %s" % _quote(word)
                    )
            replay.play(word)


def _strip_number(token: str) -> str:
    """``token`` without a leading move number such as ``12.`` (``12.e3`` gives ``e3``)."""
    digits = 0
    dots = 0
    for ch in token:  # iterate, never index: see _IS_WORD
        if ch in "0123456789" and not dots:
            digits += 1
        elif ch == "." and digits:
            dots += 1
        else:
            break
    if not dots:
        return token
    return token[digits + dots :]


# ---------------------------------------------------------------------- Boardspace SGF


def _sgf_properties(text: str) -> "List[Tuple[str, str]]":
    """(identifier, value) for every property value of an SGF text, in order."""
    data = _utf8(text)
    out = []  # type: List[Tuple[str, str]]
    n = len(data)
    i = 0
    ident = ""
    depth = 0
    while i < n:
        c = data[i]
        if _IS_SPACE[c]:
            i += 1
        elif c == 59 or c == 40 or c == 41:  # ; ( )
            if c == 40:
                depth += 1
            elif c == 41:
                depth -= 1
                if depth <= 0:
                    _sgf_end(data, i + 1)
                    break
            ident = ""
            i += 1
        elif c == _OPEN:
            if not ident:
                raise RecordError("SGF: a value at offset %d has no property name" % i)
            j = i + 1
            while True:
                close = data.find(b"]", j)
                if close < 0:
                    raise RecordError("SGF: property %s at offset %d has no closing ']'" % (ident, i))
                back = close - 1
                while back > i and data[back] == _BACKSLASH:
                    back -= 1
                if (close - 1 - back) % 2 == 0:
                    break
                j = close + 1
            if len(out) >= 10 * MAX_MOVES:
                raise RecordError("SGF: too long (more than %d properties)" % (10 * MAX_MOVES))
            out.append((ident, data[i + 1 : close].decode("utf-8").replace("\\]", "]")))
            i = close + 1
        elif _IS_WORD[c]:
            k = i
            while k < n and _IS_WORD[data[k]]:
                k += 1
            ident = data[i:k].decode("utf-8")
            i = k
        else:
            raise RecordError("SGF: unexpected character %s at offset %d" % (_quote(_text(data[i : i + 4])[:1]), i))
    return out


def _sgf_end(data: bytes, i: int) -> None:
    """Refuse anything but white space after the ``)`` that ends the game at offset ``i - 1``."""
    n = len(data)
    while i < n and _IS_SPACE[data[i]]:
        i += 1
    if i < n:
        raise RecordError("SGF: the game ends at offset %d, but text follows at offset %d (%s); a file holds one game"
                          % (i - 1, i, _quote(_text(data[i : i + 40]))))


class _SgfTurn:
    """What the player has done with the pieces since the last ``done``."""

    __slots__ = ("kind", "a", "b")

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.kind = ""  # "", "place", "lift", "move", "pass" or "resign"
        self.a = ""
        self.b = ""


def _read_sgf(body: str) -> Game:
    if not body.startswith("(") or body.find(";") < 0:
        raise RecordError("SGF: a game record starts with '(;'")
    props = _sgf_properties(body)
    names = {}  # type: Dict[str, str]
    actions = []  # type: List[Tuple[str, List[str], str]]
    game = Game()
    for ident, value in props:
        if ident == "GM" and _lower(value.strip()) != "dvonn":
            raise RecordError("SGF: not a DVONN game (GM[%s])" % _short(value))
        elif ident == "DT" and value.strip():
            game.tags["Date"] = value.strip()
        elif ident in ("P0", "P1"):
            words = value.split()
            if not words:
                continue
            if words[0] == "id":
                names[ident] = value.strip()[2:].strip().strip('"')
            elif words[0].isdigit() and len(words) > 1:
                actions.append((ident, words[1:], value.strip()))
    if not actions:
        raise RecordError("SGF: no moves in the file")
    white_player = "P0"
    for _player, words, _ in actions:
        if _lower(words[0]) == "start" and len(words) > 1 and words[1] in ("P0", "P1"):
            white_player = words[1]
            break
    black_player = "P1" if white_player == "P0" else "P0"
    game.tags["Site"] = "Boardspace"
    if white_player in names:
        game.tags["White"] = names[white_player]
    if black_player in names:
        game.tags["Black"] = names[black_player]
    replay = _Replay(game)
    turn = _SgfTurn()
    for player, words, raw in actions:
        if game.resigned is not None:
            break
        side = "white" if player == white_player else "black"
        _sgf_action(replay, turn, side, words, raw)
    if turn.kind == "resign" and game.resigned is None:
        replay.resign(turn.a, False)
    return game


def _sgf_cell(words: "List[str]", at: int, raw: str) -> str:
    if len(words) < at + 2:
        raise RecordError("SGF action %s: a cell is missing" % _quote(raw))
    cell = words[at] + words[at + 1]
    if len(cell) > 3 or not _is_ascii(cell):
        raise RecordError("SGF action %s: %s is not a cell" % (_quote(raw), _short(cell)))
    return cell.upper()


def _sgf_action(replay: _Replay, turn: _SgfTurn, side: str, words: "List[str]", raw: str) -> None:
    game = replay.game
    action = _lower(words[0])
    placing = game.placed < SIZE
    if action in ("start", "pick", "drop"):
        return  # who starts is read before; pieces taken from or put back in a reserve are no move
    if placing and not turn.kind and action in ("pickb", "move", "pass") and len(game.legal_codes()) == 1:
        replay._force_last_placement()  # the forced last placement may be left out
        placing = False
    if action == "reset":
        turn.clear()
    elif action == "dropb":
        cell = _sgf_cell(words, 1, raw)
        if placing:
            turn.kind, turn.a = "place", cell
        elif turn.kind == "lift":
            if cell == turn.a:
                turn.clear()  # put back where it was picked up
            else:
                turn.kind, turn.b = "move", cell
        else:
            raise RecordError("SGF action %s: no stack was picked up" % _quote(raw))
    elif action == "pickb":
        cell = _sgf_cell(words, 1, raw)
        if placing:
            if turn.kind == "place" and turn.a == cell:
                turn.clear()  # a piece just placed is taken back into the hand
            else:
                raise RecordError("SGF action %s: only the piece just placed can be picked up" % _quote(raw))
        elif turn.kind == "move" and turn.b == cell:
            turn.kind = "lift"  # the stack is picked up again from where it was dropped
        elif turn.kind in ("", "lift"):
            turn.kind, turn.a = "lift", cell
        else:
            raise RecordError("SGF action %s: a move was already made this turn" % _quote(raw))
    elif action == "move":
        turn.kind, turn.a, turn.b = "move", _sgf_cell(words, 1, raw), _sgf_cell(words, 3, raw)
    elif action == "pass":
        turn.kind = "pass"
    elif action == "resign":
        turn.kind, turn.a = "resign", side
    elif action == "done":
        kind = turn.kind
        if kind and kind != "lift" and kind != "resign" and side != game.to_move:
            raise RecordError("SGF action %s: %s moved, but it is %s's turn" % (_quote(raw), side, game.to_move))
        if kind == "place":
            replay.play(turn.a)
        elif kind == "move":
            replay.play(turn.a + turn.b)
        elif kind == "pass":
            replay.play("PASS")
        elif kind == "resign":
            replay.resign(turn.a, False)
        elif kind == "" and side == game.to_move and not placing and game.legal_codes() == [PASS_CODE]:
            replay.play("PASS")  # a side that cannot move just ends its turn
        turn.clear()
    else:
        raise RecordError("SGF action %s: unknown action %s" % (_quote(raw), _short(words[0])))


# ---------------------------------------------------------------------- helpers


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except (UnicodeError, ValueError):  # lone surrogates (CPython)
        raise RecordError("the record holds characters that are not valid Unicode text")


def _text(data: bytes) -> str:
    """UTF-8 ``data`` cut anywhere (a character cut at either end is dropped)."""
    for start in range(4):
        for end in range(len(data), max(len(data) - 4, start) - 1, -1):
            try:
                return data[start:end].decode("utf-8")
            except (UnicodeError, ValueError):
                pass
    return ""


def _is_ascii(word: str) -> bool:
    return all(ch <= "\x7f" for ch in word)


def _lower(word: str) -> str:
    """``word`` in lower case if it is ASCII, else unchanged: ``str.lower`` maps some other
    letters to ASCII ones on CPython only (the Kelvin sign to k), and words here are ASCII."""
    return word.lower() if _is_ascii(word) else word


def _quote(text: str) -> str:
    return "'" + _short(text) + "'"
