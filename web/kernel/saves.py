"""Saved games, shared links and imported records, for every game: the checks, with no DOM access.

The page (``kernel/game_io.py``) reads and writes the browser's storage, the clipboard and
files; everything that decides what to trust lives here, so it runs (and is tested) on CPython
as on the page's MicroPython.  A game's adapter (its ``persist`` module) makes one
:class:`GameSaves` with its names and its rules (how a game starts, how a record is read, how a
save of an earlier release of the site is brought to today's format).

* The game in progress is saved as JSON (:meth:`GameSaves.dumps`) after every change and
  restored by :meth:`GameSaves.restore`, which replays every saved move with the library and
  refuses a save that is corrupt (:class:`SavedGameError`); the page then keeps the text aside.
  Every save carries its format version (:data:`FORMAT`); a save of an earlier format, written by
  an earlier release of the site, is upgraded by the game's adapter and opens as it was.
* Input larger than the game's ``max_input`` is refused before any parsing (:class:`InputError`).
* :func:`link_kind` / :func:`parse_fragment` handle ``#record=`` and ``#position=`` links.

>>> parse_fragment("#position=empty")
('position', 'empty')
>>> parse_fragment("#somewhere")
"""

import json

from kernel import inputs, reasons
from kernel.i18n import _, decimal
from kernel.url import link_value

#: The save format this site writes: the same for every game.  1 was the first release's (one
#: format per game); every earlier format is upgraded on load, never set aside.
FORMAT = 2
PLAYERS = ("human", "bot", "remote")  # remote: a friend who plays by link (kernel/by_link.py)
KINDS = ("human", "bot", "auto", "remote")
LEVELS = ("easy", "medium", "hard")
SIDES = ("white", "black")
MAX_TAGS = 200
#: The largest seed a save holds (the pages draw seeds up to a million).
MAX_SEED = 10 ** 12


class InputError(ValueError):
    """Input refused before it is parsed (too large, not text)."""


class SavedGameError(ValueError):
    """A saved game that is not restored: the message says why."""


def size_text(n):
    """A size for people: '800 bytes', '62 KB', '10.0 MB'.

    >>> size_text(800), size_text(64 * 1024), size_text(10 * 1024 * 1024)
    ('800 bytes', '64 KB', '10.0 MB')
    """
    if n < 1024:
        return "%d bytes" % n
    if n < 1024 * 1024:
        return "%d KB" % (n // 1024)
    return decimal(n / (1024 * 1024)) + " MB"


def text_of(data):
    """A file's bytes as text (UTF-8, a byte-order mark dropped), else None.

    >>> text_of(b"F3 C3"), text_of(b"\\xef\\xbb\\xbfe5"), text_of(b"\\xff\\xfe")
    ('F3 C3', 'e5', None)
    """
    try:
        text = bytes(data).decode("utf-8")
    except (UnicodeError, ValueError):
        return None
    return text[1:] if text[:1] == "\ufeff" else text


def problem(error, what, text=None, line_of=None):
    """The message shown for input that was refused, saying the game on the board is kept.

    Given the record's ``text`` and the game's ``line_of`` (``line_of(text, number, move)``),
    the line of the offending move is named too.

    >>> problem(ValueError("move 5 (E3G3): illegal"), "the pasted record")
    'Could not read the pasted record: move 5 (E3G3): illegal. The game on the board is unchanged.'
    """
    message = inputs.short(reasons.say(error))
    line = None
    if line_of is not None:
        line = line_of(text, getattr(error, "number", None) or 0, getattr(error, "move", None))
    if line is not None and not message.startswith("line "):
        message = _("line %d, %s") % (line, message)
    if not message.endswith("."):
        message += "."
    return _("Could not read %s: %s The game on the board is unchanged.") % (what, message)


# -- links ----------------------------------------------------------------------------
def link_kind(start, length, check_size=None):
    """What a link's ``#...`` part holds, from its first characters and its length only.

    'record' or 'position' (None for anything else); ``check_size(size, what)`` may refuse the
    value's size, so that a huge fragment is never read.

    >>> link_kind("#record=F3%2", 9000), link_kind("#position=9-", 30), link_kind("#top", 4)
    ('record', 'position', None)
    """
    for kind in ("record", "position"):
        prefix = "#" + kind + "="
        if start[:len(prefix)] == prefix:
            if check_size is not None:
                check_size(length - len(prefix),
                           _("the link's record") if kind == "record" else _("the link's position"))
            return kind
    return None


def parse_fragment(fragment, check_size=None):
    """('record' | 'position', still URL-encoded value) of a link's ``#...`` part, else None; a "."
    or ")" left after the link is not its value's (``kernel.url.link_value``).

    >>> parse_fragment("#record=F3%20C3%0A&ply=1)."), parse_fragment("#position=9-10-11-10-9.wp.")
    (('record', 'F3%20C3%0A&ply=1'), ('position', '9-10-11-10-9.wp'))
    """
    fragment = fragment or ""
    kind = link_kind(fragment[:12], len(fragment), check_size)
    if kind is None:
        return None
    return kind, link_value(fragment, "#" + kind + "=")


#: A record link may end with ``&ply=N``: the game shown in review after its first N moves (the
#: puzzle pages' "See the game").  The record's own text is URL-encoded, so it holds no raw "&".
PLY_MARK = "&ply="


def record_ply(value):
    """(the record link's value without its ``&ply=N``, N or None).

    >>> record_ply("F3%20C3&ply=1"), record_ply("F3%20C3")
    (('F3%20C3', 1), ('F3%20C3', None))
    >>> record_ply("F3&ply=x1")
    Traceback (most recent call last):
    kernel.saves.InputError: the link is damaged (the move number after &ply= in it is not a number ...: 'x1')
    """
    at = value.rfind(PLY_MARK)
    if at < 0:
        return value, None
    digits = value[at + len(PLY_MARK):]
    if not (0 < len(digits) <= 4 and digits.isdigit()):
        raise InputError(_("the link is damaged (the move number after &ply= in it is not a number of at most "
                           "4 digits: %r)") % digits[:8])
    return value[:at], int(digits)


def share_text(record):
    r"""A record shortened for a link: unknown tags (``"?"``) and an open result left out.

    >>> share_text('[Event "?"]\n[White "Ann"]\n[Result "*"]\n\nF3 C3\n')
    '[White "Ann"]\n\nF3 C3\n'

    The empty game keeps its result, so that its link is not empty (and opens):

    >>> share_text('[Event "?"]\n[Result "*"]\n\n')
    '[Result "*"]\n'
    """
    lines = record.split("\n")
    keep = [line for line in lines if not (line.startswith("[") and (line.endswith(' "?"]') or line == '[Result "*"]'))]
    while keep and keep[0] == "":
        keep.pop(0)
    text = "\n".join(keep)
    return text if text.strip() else '[Result "*"]\n'


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
def _field(data, name, kinds):
    if name not in data:
        raise SavedGameError(_("it has no %s") % name)
    value = data[name]
    if type(value) not in kinds:
        raise SavedGameError(_("its %s is not valid") % name)
    return value


def _strings(value, name, limit, length):
    if type(value) is not list or len(value) > limit:
        raise SavedGameError(_("its %s is not a list of moves") % name)
    for item in value:
        if type(item) is not str or len(item) > length:
            raise SavedGameError(_("its %s is not a list of moves") % name)
    return value


class GameSaves:
    """One game's saved games: its storage keys, its limits and the checks of :meth:`load`.

    ``game`` names it in the keys (``dvonn.saved-game``) and ``title`` in messages ("a saved
    DVONN game"); ``start(position)`` gives a new game (position None: the empty board);
    ``upgrade(data)`` turns a save of an earlier format (``data["format"] < FORMAT``) into
    today's fields, or raises :class:`SavedGameError`; ``max_moves`` and ``max_move_text``
    bound what a save may hold, ``max_input`` what a paste, a file or a link may hold;
    ``options`` (name -> type) are the game's own settings, the only ones a save or a link may
    carry (DVONN's ``random_setup``); ``levels`` are the game's bot levels.
    """

    def __init__(self, game, title, start, upgrade, max_moves, max_move_text, max_input=64 * 1024, options=None,
                 levels=LEVELS):
        self.game = game
        self.levels = levels
        self.title = title
        self.start = start
        self.upgrade = upgrade
        self.key = game + ".saved-game"
        self.aside = self.key + ".unreadable"
        self.previous_key = self.key + ".previous"
        self.kind = game + "-saved-game"
        self.max_moves = max_moves
        self.max_move_text = max_move_text
        self.max_input = max_input
        self.options = dict(options or {})
        #: Largest saved game that is parsed (an imported record of max_input characters, each
        #: escaped in JSON, must still fit).
        self.max_saved = 8 * max_input

    def check_size(self, size, what):
        """Refuse input of ``size`` characters or bytes over ``max_input``, before reading it."""
        if size > self.max_input:
            raise InputError(_("%s is %s: a %s record is a few KB, so at most %s are read")
                             % (what, size_text(size), self.title, size_text(self.max_input)))

    def snapshot(self, session):
        """The session's game and settings as plain data (see :meth:`dumps`).  The live game is
        saved, also while review shows a past position."""
        game = session.live_game()
        return {
            "kind": self.kind,
            "format": FORMAT,
            "start": game.start_position,
            "moves": [str(m) for m in game.moves],
            "resigned": getattr(game, "resigned", None),
            "tags": dict(game.tags),
            "base": session.base,
            "redo": [list(group) for group in session.redo_stack],
            "players": dict(session.players),
            "kinds": list(session.kinds),
            "level": session.level,
            "seed": session.seed,
            "flipped": bool(session.flipped),
            "options": dict(session.options),
            "position": game.position(),
        }

    def dumps(self, session):
        """The text saved in localStorage after every change."""
        return json.dumps(self.snapshot(session))

    def _replay(self, start, moves):
        try:
            game = self.start(start)
        except ValueError as e:
            raise SavedGameError(_("its start position is not valid (%s)") % reasons.say(e)) from None
        for i in range(len(moves)):
            try:
                game.play(moves[i])
            except ValueError as e:
                raise SavedGameError(_("move %d (%s) cannot be played: %s")
                                     % (i + 1, inputs.bare(moves[i]), reasons.say(e))) from None
        return game

    def load(self, text):
        """The checked contents of a saved game: a dict with a replayed ``game``.

        Raises :class:`SavedGameError` saying what is wrong; nothing in it is trusted until
        every move has been replayed and the result matches the saved position.
        """
        if type(text) is not str:
            raise SavedGameError(_("it is not text"))
        if len(text) > self.max_saved:
            raise SavedGameError(_("it is too large (%s)") % size_text(len(text)))
        if inputs.long_number(text):  # before it is parsed: see inputs.MAX_DIGITS
            raise SavedGameError(_("it holds a number of more than %(most)d digits") % {"most": inputs.MAX_DIGITS})
        data = inputs.loads(text, SavedGameError, _("it is damaged (not valid JSON)"))
        if type(data) is not dict or data.get("kind") != self.kind:
            raise SavedGameError(_("it is not a saved %s game") % self.title)
        version = _field(data, "format", (int,))
        if version > 999:
            raise SavedGameError(_("its %s is not valid") % "format")
        if version > FORMAT:
            raise SavedGameError(_("it was saved in a newer format (%d; this page reads %d)") % (version, FORMAT))
        if version < FORMAT:
            data = self.upgrade(data)
            if type(data) is not dict:
                raise SavedGameError(_("it is not a saved %s game") % self.title)
        start = _field(data, "start", (str, type(None)))
        moves = _strings(_field(data, "moves", (list,)), "moves", self.max_moves, self.max_move_text)
        too_many = _("its moves hold more than %(most)d pivots: no game of this site has so many") % {
            "most": inputs.MAX_PIVOTS}
        inputs.pivots(moves, SavedGameError, too_many)
        game = self._replay(start, moves)
        resigned = _field(data, "resigned", (str, type(None)))
        if resigned is not None:
            if resigned not in SIDES or game.phase == "over" or not hasattr(game, "resign"):
                raise SavedGameError(_("its resignation is not valid"))
            game.resign(resigned)
        tags = _field(data, "tags", (dict,))
        if len(tags) > MAX_TAGS:
            raise SavedGameError(_("it has too many tags"))
        for key in tags:
            if type(key) is not str or type(tags[key]) is not str:
                raise SavedGameError(_("its tags are not valid"))
            inputs.tag(key, tags[key], SavedGameError)
            game.tags[key] = tags[key]
        if _field(data, "position", (str,)) != game.position():
            raise SavedGameError(_("its moves do not lead to its saved position"))
        base = _field(data, "base", (int,))
        if not 0 <= base <= len(moves):
            raise SavedGameError(_("its undo history is not valid"))
        redo = _field(data, "redo", (list,))
        future = []
        for group in reversed(redo):
            future.extend(_strings(group, "redo history", self.max_moves, self.max_move_text))
        if len(future) + len(moves) > self.max_moves:
            raise SavedGameError(_("its redo history is not valid"))
        inputs.pivots(moves + future, SavedGameError, too_many)
        probe = self._replay(start, moves)
        for i in range(len(future)):
            try:
                probe.play(future[i])
            except ValueError as e:
                raise SavedGameError(_("redo move %d (%s) cannot be played: %s")
                                     % (i + 1, inputs.bare(future[i]), reasons.say(e))) from None
        players = _field(data, "players", (dict,))
        for side in SIDES:
            if players.get(side) not in PLAYERS:
                raise SavedGameError(_("it does not say who plays %s") % side)
        kinds = _field(data, "kinds", (list, type(None)))
        if kinds is not None and (len(kinds) != len(moves) - base or any(k not in KINDS for k in kinds)):
            raise SavedGameError(_("its list of who made each move is not valid"))
        level = _field(data, "level", (str,))
        if level not in self.levels:
            raise SavedGameError(_("its bot level is not valid"))
        options = _field(data, "options", (dict,))
        for key in options:
            if type(key) is not str or type(options[key]) not in (bool, int, str):
                raise SavedGameError(_("its options are not valid"))
        options = inputs.options(options, self.options, SavedGameError)
        seed = _field(data, "seed", (int,))
        if not 0 <= seed <= MAX_SEED:
            raise SavedGameError(_("its %s is not valid") % "seed")
        return {
            "game": game,
            "base": base,
            "redo": [list(group) for group in redo],
            "players": {"white": players["white"], "black": players["black"]},
            "kinds": kinds,
            "level": level,
            "seed": seed,
            "flipped": bool(_field(data, "flipped", (bool,))),
            "options": options,
        }

    def restore(self, session, text):
        """Continue the saved game ``text`` in ``session``; on :class:`SavedGameError` the session is unchanged."""
        saved = self.load(text)
        session.adopt(saved["game"], players=saved["players"], level=saved["level"], base=saved["base"],
                      redo=saved["redo"], seed=saved["seed"], kinds=saved["kinds"], **saved["options"])
        session.flipped = saved["flipped"]

    def aside_key(self, taken):
        """Where to keep a save that cannot be restored: the first free of ``<key>.unreadable``,
        ``-2`` ... ``-9`` (``taken(key)`` says whether a key holds data); when all are taken, the
        last one is reused, so the earlier ones are never overwritten."""
        key = self.aside
        for n in range(1, 10):
            key = self.aside if n == 1 else "%s-%d" % (self.aside, n)
            if not taken(key):
                return key
        return key

    def restored_notice(self, error, key=None):
        """What the player is told when a saved game is set aside under ``key``."""
        return (_("Your saved game could not be restored: %s. A new game has started; the saved data is kept "
                  "in this browser under \"%s\".") % (str(error).rstrip("."), key or self.aside))
