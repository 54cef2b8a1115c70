"""Saved games, shared links and imported records: the checks, with no DOM access.

The page (``main.py``) reads and writes the browser's storage, the clipboard and files;
everything that decides what to trust lives here, so it runs (and is tested) on CPython
as on the page's MicroPython.

* The game in progress is saved as JSON (:func:`dumps`) after every change and restored
  by :func:`restore`, which replays every saved move with ``dvonn_core`` and refuses a
  save that is corrupt, from another save format or another version of the site
  (:class:`SavedGameError`); the page then keeps the text aside under :data:`ASIDE_KEY`.
* Records pasted, loaded from a file or opened from a link are read by
  :func:`read_record`.  Input larger than :data:`MAX_INPUT` is refused before any
  parsing (:class:`InputError`): a real record is a few kilobytes, and on MicroPython
  a hostile 256 KB record takes more than half a second to reject, 64 KB under 0.1 s.
* :func:`link_fragment` / :func:`parse_fragment` handle ``#record=`` and ``#position=``.

>>> parse_fragment("#position=empty")
('position', 'empty')
>>> parse_fragment("#somewhere")
"""

import json

from dvonn_core import Game, RecordError

#: Version of the saved-game format; a save with another number is not restored.
FORMAT = 1
#: Version of the site's game logic.  Bumped when a saved game of the previous site
#: might replay differently (rules, move notation, session semantics); not on every
#: deploy, so a change of style does not set games in progress aside.
SITE_VERSION = "1"
#: What a saved game calls itself.
KIND = "dvonn-saved-game"
#: localStorage key of the game in progress, and of a save that could not be restored.
KEY = "dvonn.saved-game"
ASIDE_KEY = "dvonn.saved-game.unreadable"
#: Largest record (characters of a paste or a link, bytes of a file) that is read at all.
MAX_INPUT = 64 * 1024
#: Largest saved game that is parsed (a real one is about 2 KB; an imported record of
#: MAX_INPUT characters, each escaped in JSON, must still fit).
MAX_SAVED = 8 * MAX_INPUT
#: A game of DVONN has 49 placements and at most about 100 stack moves and passes.
MAX_SAVED_MOVES = 1000
MAX_TAGS = 200
PLAYERS = ("human", "bot")
LEVELS = ("easy", "medium", "hard")
SIDES = ("white", "black")


class InputError(ValueError):
    """Input refused before it is parsed (too large, not text)."""


class SavedGameError(ValueError):
    """A saved game that is not restored: the message says why."""


def _size_text(n):
    """A size for people: '800 bytes', '62 KB', '10.0 MB'.

    >>> _size_text(800), _size_text(64 * 1024), _size_text(10 * 1024 * 1024)
    ('800 bytes', '64 KB', '10.0 MB')
    """
    if n < 1024:
        return "%d bytes" % n
    if n < 1024 * 1024:
        return "%d KB" % (n // 1024)
    return "%.1f MB" % (n / (1024 * 1024))


def check_size(size, what):
    """Refuse input of ``size`` characters or bytes over :data:`MAX_INPUT`, before reading it.

    >>> check_size(3000, "the pasted text")
    >>> check_size(10 * 1024 * 1024, "the pasted text")
    Traceback (most recent call last):
    ...
    dvonn.persist.InputError: the pasted text is 10.0 MB: a DVONN record is a few KB, so at most 64 KB are read
    """
    if size > MAX_INPUT:
        raise InputError("%s is %s: a DVONN record is a few KB, so at most %s are read"
                         % (what, _size_text(size), _size_text(MAX_INPUT)))


def read_record(data, what="the record"):
    """A game from a record (text or bytes) in any format ``dvonn_core.record`` reads.

    Raises :class:`InputError` for input over :data:`MAX_INPUT` (checked first) and
    ``RecordError`` for a record that cannot be read; the message names the move or line.
    """
    check_size(len(data), what)
    from dvonn_core.dvonn import record
    return record.read(data)


def _is_cell(word):
    return len(word) == 2 and "a" <= word[0] <= "k" and "1" <= word[1] <= "5"


def _move_word(word):
    """The move a word of a text record stands for ('e3', 'e3g3', 'pass'), else None."""
    word = word.strip(".,;()").lower().replace("-", "")
    if word == "pass" or _is_cell(word) or (len(word) == 4 and _is_cell(word[:2]) and _is_cell(word[2:])):
        return word
    return None


def line_of(text, number, move):
    """The line of a text record where its move ``number`` (text ``move``) is written, if found.

    Moves are counted as written; a record that leaves the forced last placement out is one
    behind, so the nearest match within one move wins.

    >>> line_of("F3 C3\\nI3 E3\\nE3G3 A1", 5, "E3G3")
    3
    >>> line_of("F3 C3 F3", 3, "F3"), line_of("(;P0[dropb F 3])", 1, "dropb F 3")
    (1, None)
    """
    if not isinstance(text, str) or not move:
        return None
    wanted = _move_word(move)
    if wanted is None:
        return None
    count = 0
    best = None
    line = 1
    for raw_line in text.split("\n"):
        for word in raw_line.replace(",", " ").split():
            found = _move_word(word)
            if found is None:
                continue
            count += 1
            if found == wanted and abs(count - number) <= 1 and (best is None or abs(count - number) < best[0]):
                best = (abs(count - number), line)
        if count > number + 1:
            break
        line += 1
    return best[1] if best else None


def text_of(data):
    """A file's bytes as text for :func:`line_of` (UTF-8, else None).

    >>> text_of(b"F3 C3"), text_of(b"\\xff\\xfe")
    ('F3 C3', None)
    """
    try:
        return data.decode("utf-8")
    except (UnicodeError, ValueError):
        return None


def problem(error, what, text=None):
    """The message shown for input that was refused, saying the game on the board is kept.

    Given the record's ``text``, the line of the offending move is named too.

    >>> problem(RecordError("move 5 (E3G3): illegal"), "the pasted record")
    'Could not read the pasted record: move 5 (E3G3): illegal. The game on the board is unchanged.'
    >>> problem(RecordError("move 5 (E3G3): illegal", 5, "E3G3"), "the file", "F3 C3\\nI3 E3\\nE3G3")
    'Could not read the file: line 3, move 5 (E3G3): illegal. The game on the board is unchanged.'
    """
    message = str(error)
    line = line_of(text, getattr(error, "number", None) or 0, getattr(error, "move", None))
    if line is not None and not message.startswith("line "):
        message = "line %d, %s" % (line, message)
    if not message.endswith("."):
        message += "."
    return "Could not read %s: %s The game on the board is unchanged." % (what, message)


# -- links ----------------------------------------------------------------------------
def link_kind(start, length):
    """What a link's ``#...`` part holds, from its first characters and its length only.

    'record' or 'position' (None for anything else); raises :class:`InputError` when the
    value is larger than :data:`MAX_INPUT`, so that a huge fragment is never read.

    >>> link_kind("#record=F3%2", 9000), link_kind("#position=9-", 30), link_kind("#top", 4)
    ('record', 'position', None)
    """
    for kind in ("record", "position"):
        prefix = "#" + kind + "="
        if start[:len(prefix)] == prefix:
            check_size(length - len(prefix), "the link's %s" % kind)
            return kind
    return None


def parse_fragment(fragment):
    """('record' | 'position', still URL-encoded value) of a link's ``#...`` part, else None."""
    fragment = fragment or ""
    kind = link_kind(fragment[:12], len(fragment))
    if kind is None:
        return None
    return kind, fragment[len(kind) + 2:]


def share_text(record):
    r"""A record shortened for a link: unknown tags (``"?"``) and an open result left out.

    >>> share_text('[Event "?"]\n[White "Ann"]\n[Result "*"]\n\nF3 C3\n')
    '[White "Ann"]\n\nF3 C3\n'
    """
    lines = record.split("\n")
    keep = [line for line in lines if not (line.startswith("[") and (line.endswith(' "?"]') or line == '[Result "*"]'))]
    while keep and keep[0] == "":
        keep.pop(0)
    return "\n".join(keep)


def game_info(tags):
    """(label, value) pairs of a record's header tags worth showing, players first.

    The page shows them as text only (never as HTML).

    >>> game_info({"White": "Ann", "Black": "<b>Bo</b>", "Site": "?", "Round": "2"})
    [('White', 'Ann'), ('Black', '<b>Bo</b>'), ('Round', '2')]
    """
    out = []
    order = ("White", "Black", "Event", "Site", "Date")
    for key in order:
        value = tags.get(key)
        if value and value != "?":
            out.append((key, value))
    for key in sorted(k for k in tags if k not in order):
        if tags[key] and tags[key] != "?":
            out.append((key, tags[key]))
    return out


# -- saving ---------------------------------------------------------------------------
def snapshot(session):
    """The session's game and settings as plain data (see :func:`dumps`).

    The live game is saved, also while review shows a past position."""
    game = session.live_game()
    return {
        "kind": KIND,
        "format": FORMAT,
        "site": SITE_VERSION,
        "start": game.start_position,
        "moves": [str(m) for m in game.moves],
        "resigned": game.resigned,
        "tags": dict(game.tags),
        "base": session.base,
        "redo": [list(group) for group in session.redo_stack],
        "players": dict(session.players),
        "level": session.level,
        "random_setup": bool(session.random_setup),
        "seed": session.seed,
        "flipped": bool(session.flipped),
        "position": game.position(),
    }


def dumps(session):
    """The text saved in localStorage after every change."""
    return json.dumps(snapshot(session))


def _field(data, name, kinds):
    if name not in data:
        raise SavedGameError("it has no %s" % name)
    value = data[name]
    if type(value) not in kinds:
        raise SavedGameError("its %s is not valid" % name)
    return value


def _strings(value, name, limit, length=64):
    if type(value) is not list or len(value) > limit:
        raise SavedGameError("its %s is not a list of moves" % name)
    for item in value:
        if type(item) is not str or len(item) > length:
            raise SavedGameError("its %s is not a list of moves" % name)
    return value


def _replay(start, moves, what):
    """The game from ``start`` (a position string or None) after ``moves``."""
    try:
        game = Game() if start is None else Game.from_position(start)
    except ValueError as e:
        raise SavedGameError("its start position is not valid (%s)" % e)
    for i in range(len(moves)):
        try:
            game.play(moves[i])
        except ValueError as e:
            raise SavedGameError("%s %d (%s) cannot be played: %s" % (what, i + 1, moves[i], e))
    return game


def load(text):
    """The checked contents of a saved game: a dict with a replayed ``game``.

    Raises :class:`SavedGameError` saying what is wrong; nothing in it is trusted
    until every move has been replayed and the result matches the saved position.
    """
    if type(text) is not str:
        raise SavedGameError("it is not text")
    if len(text) > MAX_SAVED:
        raise SavedGameError("it is too large (%s)" % _size_text(len(text)))
    try:
        data = json.loads(text)
    except ValueError:
        raise SavedGameError("it is damaged (not valid JSON)")
    if type(data) is not dict or data.get("kind") != KIND:
        raise SavedGameError("it is not a saved DVONN game")
    version = _field(data, "format", (int,))
    if version < FORMAT:
        raise SavedGameError("it was saved in an older format (%d; this page reads %d)" % (version, FORMAT))
    if version > FORMAT:
        raise SavedGameError("it was saved in a newer format (%d; this page reads %d)" % (version, FORMAT))
    site = _field(data, "site", (str,))
    if site != SITE_VERSION:
        raise SavedGameError("it was saved by another version of the site (%s; this is %s)"
                             % (site[:20], SITE_VERSION))
    start = _field(data, "start", (str, type(None)))
    moves = _strings(_field(data, "moves", (list,)), "moves", MAX_SAVED_MOVES)
    game = _replay(start, moves, "move")
    resigned = _field(data, "resigned", (str, type(None)))
    if resigned is not None:
        if resigned not in SIDES or game.phase == "over":
            raise SavedGameError("its resignation is not valid")
        game.resign(resigned)
    tags = _field(data, "tags", (dict,))
    if len(tags) > MAX_TAGS:
        raise SavedGameError("it has too many tags")
    for key in tags:
        value = tags[key]
        if type(key) is not str or type(value) is not str:
            raise SavedGameError("its tags are not valid")
        game.tags[key] = value
    position = _field(data, "position", (str,))
    if position != game.position():
        raise SavedGameError("its moves do not lead to its saved position")
    base = _field(data, "base", (int,))
    if not 0 <= base <= len(moves):
        raise SavedGameError("its undo history is not valid")
    redo = _field(data, "redo", (list,))
    if len(redo) > MAX_SAVED_MOVES:
        raise SavedGameError("its redo history is not valid")
    future = []
    for group in reversed(redo):
        future.extend(_strings(group, "redo history", MAX_SAVED_MOVES))
    if len(future) + len(moves) > MAX_SAVED_MOVES:
        raise SavedGameError("its redo history is not valid")
    probe = game.copy()
    probe.resigned = None
    for i in range(len(future)):
        try:
            probe.play(future[i])
        except ValueError as e:
            raise SavedGameError("redo move %d (%s) cannot be played: %s" % (i + 1, future[i], e))
    players = _field(data, "players", (dict,))
    for side in SIDES:
        if players.get(side) not in PLAYERS:
            raise SavedGameError("it does not say who plays %s" % side)
    level = _field(data, "level", (str,))
    if level not in LEVELS:
        raise SavedGameError("its bot level is not valid")
    seed = _field(data, "seed", (int,))
    return {
        "game": game,
        "base": base,
        "redo": [list(group) for group in redo],
        "players": {"white": players["white"], "black": players["black"]},
        "level": level,
        "random_setup": bool(_field(data, "random_setup", (bool,))),
        "seed": seed,
        "flipped": bool(_field(data, "flipped", (bool,))),
    }


def restore(session, text):
    """Continue the saved game ``text`` in ``session``; on :class:`SavedGameError` the session is unchanged."""
    saved = load(text)
    session.adopt(saved["game"], players=saved["players"], level=saved["level"], base=saved["base"],
                  redo=saved["redo"], random_setup=saved["random_setup"], seed=saved["seed"])
    session.flipped = saved["flipped"]


def aside_key(taken):
    """Where to keep a save that cannot be restored: the first free of :data:`ASIDE_KEY`,
    ``ASIDE_KEY-2`` ... ``-9`` (``taken(key)`` says whether a key holds data); when all are
    taken, the last one is reused.

    >>> aside_key(lambda key: False)
    'dvonn.saved-game.unreadable'
    >>> aside_key(lambda key: key == ASIDE_KEY)
    'dvonn.saved-game.unreadable-2'
    """
    key = ASIDE_KEY
    for n in range(1, 10):
        key = ASIDE_KEY if n == 1 else "%s-%d" % (ASIDE_KEY, n)
        if not taken(key):
            return key
    return key


def restored_notice(error, key=ASIDE_KEY):
    """What the player is told when a saved game is set aside under ``key``.

    >>> restored_notice(SavedGameError("it is damaged (not valid JSON)"))
    'Your saved game could not be restored: it is damaged (not valid JSON). A new game has started; the saved data is kept in this browser under "dvonn.saved-game.unreadable".'
    """
    return ("Your saved game could not be restored: %s. A new game has started; the saved data is kept "
            "in this browser under \"%s\"." % (error, key))
