"""Diamonds & Pivots' saved games, shared links and imported records: the kernel's checks
(``kernel/saves.py``) with what only this game knows, no DOM access.

* :data:`SAVES` saves the game in progress under ``diamonds.saved-game`` (the DVONN page's save
  is never touched); a save of the first release (format 1, a record) is upgraded by
  :func:`upgrade` and opens as it was.
* Records pasted, loaded from a file or opened from a link are read by :func:`read_record`;
  input larger than 64 KB is refused before any parsing.
"""

from dvonn_core.diamonds import DiamondsGame
from kernel import saves
from kernel.i18n import _
from kernel.saves import InputError, SavedGameError, game_info, share_text, text_of  # noqa: F401 - the page's names

#: Bounds of a save: a game fills at most 81 cells, but passes and long chains of pivots make
#: turns many and long (issue 24 measures them); these only keep a hostile save small.
MAX_SAVED_MOVES = 2000
MAX_MOVE_TEXT = 64 * 1024


def _start(position):
    return DiamondsGame() if position is None else DiamondsGame.from_position(position)


def upgrade(data):
    """A save of the first release (format 1: the record, the players, who made each move) in
    today's fields."""
    if data.get("format") != 1:
        raise SavedGameError(_("it was saved in an unknown format (%s)") % str(data.get("format"))[:10])
    record = data.get("record")
    if type(record) is not str:
        raise SavedGameError(_("its record is missing"))
    try:
        game = DiamondsGame.from_record(record)
    except ValueError as error:
        raise SavedGameError(_("its record cannot be replayed: %s") % str(error)[:200]) from None
    out = dict(data)
    out.update(start=game.start_position, moves=[str(m) for m in game.moves], tags=dict(game.tags),
               resigned=None, position=game.position(), seed=1, options={}, flipped=data.get("flipped") is True)
    return out


SAVES = saves.GameSaves("diamonds", "Diamonds & Pivots", _start, upgrade, MAX_SAVED_MOVES, MAX_MOVE_TEXT)
KEY, ASIDE_KEY, PREVIOUS_KEY, KIND = SAVES.key, SAVES.aside, SAVES.previous_key, SAVES.kind
FORMAT = saves.FORMAT
MAX_INPUT, MAX_SAVED = SAVES.max_input, SAVES.max_saved
check_size, snapshot, dumps, load, restore = SAVES.check_size, SAVES.snapshot, SAVES.dumps, SAVES.load, SAVES.restore
aside_key, restored_notice = SAVES.aside_key, SAVES.restored_notice


def link_kind(start, length):
    """``kernel.saves.link_kind`` with the game's size limit: a huge fragment is never read."""
    return saves.link_kind(start, length, check_size)


def problem(error, what, text=None):
    """``kernel.saves.problem``: the message for refused input, saying the game is kept."""
    return saves.problem(error, what, text)


def read_record(text, what="the record"):
    """A :class:`DiamondsGame` from a record (or a bare list of turns); ``ValueError``
    with a message naming the turn that is wrong.  An empty text is an error too."""
    check_size(len(text), what)
    if not text.strip():
        raise ValueError(_("%s is empty") % what)
    try:
        return DiamondsGame.from_record(text)
    except ValueError as error:
        raise ValueError(_("%(what)s cannot be read: %(error)s") % {"what": what, "error": error})


def read_position(text):
    """A :class:`DiamondsGame` from a position string; ``ValueError`` saying what is wrong."""
    check_size(len(text), _("the position"))
    return DiamondsGame.from_position(text.strip())


def read_import(data, what):
    """A game from a pasted or loaded text (or a file's bytes): a position string, else a record."""
    check_size(len(data), what)
    text = data if isinstance(data, str) else text_of(data)
    if text is None:
        raise ValueError(_("%s is not a text file (not UTF-8)") % what)
    stripped = text.strip()
    if " " not in stripped and "-" in stripped and "." in stripped:
        return read_position(stripped)
    return read_record(text, what)


def parse_fragment(fragment):
    """``kernel.saves.parse_fragment`` with the game's size limit.

    >>> parse_fragment("#position=5-6-7-8-9-8-7-6-5.b")
    ('position', '5-6-7-8-9-8-7-6-5.b')
    >>> parse_fragment("#elsewhere") is None
    True
    """
    return saves.parse_fragment(fragment, check_size)
