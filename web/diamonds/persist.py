"""Saved games, shared links and imported records of the Diamonds & Pivots page: the
checks, with no DOM access (the page moves the text, this module decides what to trust).

* The game in progress is saved as JSON (:func:`dumps`) under :data:`KEY`, its own key
  (the DVONN page's save is never touched), and restored by :func:`load`, which replays
  the record with the library and refuses anything else (:class:`SavedGameError`); the
  page then keeps the text aside under :data:`ASIDE_KEY`, so it is never lost.
* Records pasted or opened from a link are read by :func:`read_record`; input larger than
  :data:`MAX_INPUT` is refused before any parsing.
* :func:`parse_fragment` reads ``#record=`` and ``#position=`` links.

>>> parse_fragment("#position=5-6-7-8-9-8-7-6-5.b")
('position', '5-6-7-8-9-8-7-6-5.b')
>>> parse_fragment("#elsewhere") is None
True
"""

import json

from dvonn_core.diamonds import DiamondsGame

FORMAT = 1
KIND = "diamonds-saved-game"
KEY = "diamonds.saved-game"
ASIDE_KEY = "diamonds.saved-game.unreadable"
#: The game that a link or an import replaced ("Back to the previous game").
PREVIOUS_KEY = "diamonds.saved-game.previous"
MAX_INPUT = 64 * 1024
MAX_SAVED = 8 * MAX_INPUT
PLAYERS = ("human", "bot")
LEVELS = ("easy", "medium", "hard")


class InputError(ValueError):
    """Input refused before it is parsed (too large)."""


class SavedGameError(ValueError):
    """A saved game that is not restored: the message says why."""


def check_size(size, what):
    """Refuse input over :data:`MAX_INPUT` characters before reading it.

    >>> check_size(10 ** 7, "the pasted text")
    Traceback (most recent call last):
    ...
    diamonds.persist.InputError: the pasted text is 10000000 characters: a record is a few KB, so at most 65536 are read
    """
    if size > MAX_INPUT:
        raise InputError("%s is %d characters: a record is a few KB, so at most %d are read" % (what, size, MAX_INPUT))


def read_record(text, what="the record"):
    """A :class:`DiamondsGame` from a record (or a bare list of turns); ``ValueError``
    with a message naming the turn that is wrong.  An empty text is an error too."""
    check_size(len(text), what)
    if not text.strip():
        raise ValueError("%s is empty" % what)
    try:
        return DiamondsGame.from_record(text)
    except ValueError as error:
        raise ValueError("%s cannot be read: %s" % (what, error))


def read_position(text):
    """A :class:`DiamondsGame` from a position string; ``ValueError`` saying what is wrong."""
    check_size(len(text), "the position")
    return DiamondsGame.from_position(text.strip())


def parse_fragment(fragment):
    """('record' | 'position', still URL-encoded value) of a link's ``#...`` part, else None."""
    fragment = fragment or ""
    for kind in ("record", "position"):
        head = "#" + kind + "="
        if fragment[:len(head)] == head:
            return kind, fragment[len(head):]
    return None


def snapshot(session):
    """The session as plain data (JSON-ready)."""
    return {"kind": KIND, "format": FORMAT, "record": session.game.record(),
            "players": dict(session.players), "level": session.level, "base": session.base,
            "redo": [list(g) for g in session.redo_stack], "kinds": list(session.kinds), "flipped": bool(session.flipped)}


def dumps(session):
    return json.dumps(snapshot(session))


def load(text):
    """(game, players, level, base, redo, kinds, flipped) of a saved game; ``SavedGameError`` why not."""
    if len(text) > MAX_SAVED:
        raise SavedGameError("it is too large (%d characters)" % len(text))
    try:
        data = json.loads(text)
    except ValueError:
        raise SavedGameError("it is not valid JSON")
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise SavedGameError("it is not a saved Diamonds & Pivots game")
    if data.get("format") != FORMAT:
        raise SavedGameError("it is in another save format (%r)" % (data.get("format"),))
    record = data.get("record")
    players = data.get("players")
    level = data.get("level")
    base = data.get("base")
    redo = data.get("redo")
    if not isinstance(record, str):
        raise SavedGameError("its record is missing")
    if not isinstance(players, dict) or sorted(players) != ["black", "white"] or \
            any(players[c] not in PLAYERS for c in players):
        raise SavedGameError("its players are not valid")
    if level not in LEVELS:
        raise SavedGameError("its bot level is not valid")
    try:
        game = DiamondsGame.from_record(record)
    except ValueError as error:
        raise SavedGameError("its record cannot be replayed: %s" % error)
    if not isinstance(base, int) or isinstance(base, bool) or not 0 <= base <= len(game.moves):
        raise SavedGameError("its undo limit is not valid")
    if not isinstance(redo, list) or any(not isinstance(g, list) or any(not isinstance(t, str) for t in g) for g in redo):
        raise SavedGameError("its redo list is not valid")
    probe = DiamondsGame.from_record(record)
    for group in reversed(redo):  # the redo moves must still be legal, in order
        for t in group:
            try:
                probe.play(t)
            except ValueError as error:
                raise SavedGameError("its redo list cannot be replayed: %s" % error)
    kinds = data.get("kinds")
    if not isinstance(kinds, list) or len(kinds) != len(game.moves) - base or any(k not in PLAYERS for k in kinds):
        raise SavedGameError("its list of who made each move is not valid")
    return game, players, level, base, redo, kinds, bool(data.get("flipped"))


def restore(session, text):
    """Continue the saved game in ``session``; ``SavedGameError`` (session unchanged) if not."""
    game, players, level, base, redo, kinds, flipped = load(text)
    session.adopt(game, players, level, base=base, redo=redo, kinds=kinds)
    session.flipped = flipped


def aside_key(taken):
    """Where to keep a save that cannot be restored: the first free of :data:`ASIDE_KEY`,
    ``ASIDE_KEY-2`` ... ``-9`` (``taken(key)``: whether a key holds data); when all are
    taken, the last one is reused, so the earlier ones are never overwritten.

    >>> aside_key(lambda key: key == ASIDE_KEY)
    'diamonds.saved-game.unreadable-2'
    """
    key = ASIDE_KEY
    for n in range(1, 10):
        key = ASIDE_KEY if n == 1 else "%s-%d" % (ASIDE_KEY, n)
        if not taken(key):
            return key
    return key


def text_of(data, what):
    """Bytes of a file as text; ``ValueError`` naming the file if it is not UTF-8 text.

    >>> text_of(b"e5 swap", "the file")
    'e5 swap'
    """
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeError:
        raise ValueError("%s is not a text file (not UTF-8)" % what)
    return text[1:] if text[:1] == "\ufeff" else text


def restored_notice(error, key=ASIDE_KEY):
    return ("The saved game could not be restored (%s). It is kept aside in this browser's storage "
            "under \"%s\"; a new game has started." % (str(error).rstrip("."), key))
