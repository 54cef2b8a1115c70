"""DVONN's saved games, shared links and imported records: the kernel's checks
(``kernel/saves.py``) with what only DVONN knows, no DOM access.

* :data:`SAVES` saves the game in progress under ``dvonn.saved-game``; a save of the first
  release (format 1, with a site version) is upgraded by :func:`upgrade` and opens as it was.
* Records pasted, loaded from a file or opened from a link are read by :func:`read_record`
  (every format ``dvonn_core.record`` reads).  Input larger than 64 KB is refused before any
  parsing (:class:`InputError`): a real record is a few kilobytes, and on MicroPython a hostile
  256 KB record takes more than half a second to reject, 64 KB under 0.1 s.
* :func:`line_of` finds the line of a record's move, so an error names it.

>>> parse_fragment("#position=empty")
('position', 'empty')
>>> parse_fragment("#somewhere")
"""

from dvonn_core import Game, RecordError  # noqa: F401 - RecordError: what read_record raises
from kernel import inputs, saves
from kernel.i18n import _
from kernel.saves import InputError, SavedGameError, game_info, share_text, text_of  # noqa: F401 - the page's names

#: The first release's save format (``saves.FORMAT`` 1): its own fields, and a site version.
SITE_VERSION = "1"
#: A game of DVONN has 49 placements and at most about 100 stack moves and passes.
MAX_SAVED_MOVES = 1000


def _start(position):
    return Game() if position is None else Game.from_position(position)


def upgrade(data):
    """A save of the first release (format 1) in today's fields: the same game, the same players;
    who made each move is worked out again (passes are forced, the rest by who held the colour)."""
    if data.get("format") != 1:
        raise SavedGameError(_("it was saved in an unknown format (%s)") % str(data.get("format"))[:10])
    site = data.get("site")
    if site != SITE_VERSION:
        raise SavedGameError(_("it was saved by an unknown version of the site (%s)") % str(site)[:20])
    out = dict(data)
    out["kinds"] = None
    out["options"] = {"random_setup": data.get("random_setup") is True}
    if type(data.get("random_setup")) is not bool:
        raise SavedGameError(_("its random_setup is not valid"))
    return out


#: The game's own settings, the only ones a save or a link may carry (by name, of exactly this type).
OPTIONS = {"random_setup": bool}
SAVES = saves.GameSaves("dvonn", "DVONN", _start, upgrade, MAX_SAVED_MOVES, 64, options=OPTIONS,
                        levels=saves.LEVELS + ("master",))
KEY, ASIDE_KEY, PREVIOUS_KEY, KIND = SAVES.key, SAVES.aside, SAVES.previous_key, SAVES.kind
FORMAT = saves.FORMAT
MAX_INPUT, MAX_SAVED = SAVES.max_input, SAVES.max_saved
check_size, snapshot, dumps, load, restore = SAVES.check_size, SAVES.snapshot, SAVES.dumps, SAVES.load, SAVES.restore
aside_key, restored_notice = SAVES.aside_key, SAVES.restored_notice
_size_text = saves.size_text


def read_record(data, what="the record"):
    """A game from a record (text or bytes) in any format ``dvonn_core.record`` reads.

    Raises :class:`InputError` for input over :data:`MAX_INPUT` (checked first) and
    ``RecordError`` for a record that cannot be read; the message names the move or line.
    """
    check_size(len(data), what)
    from dvonn_core.dvonn import record
    return record.read(data)


def read_position(text):
    """A game from a position string; ``PositionError`` (a ``ValueError``) saying what is wrong
    (:class:`InputError` for one too long: ``kernel.inputs.read_position``)."""
    return inputs.read_position(text, _start, InputError)


#: An import (a paste or a file) is a record in any format the library reads.
read_import = read_record


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


def problem(error, what, text=None):
    """``kernel.saves.problem`` for DVONN's records: the line of the offending move is named.

    >>> problem(RecordError("move 5 (E3G3): illegal", 5, "E3G3"), "the file", "F3 C3\\nI3 E3\\nE3G3")
    'Could not read the file: line 3, move 5 (E3G3): illegal. The game on the board is unchanged.'
    """
    return saves.problem(error, what, text, line_of)


def link_kind(start, length):
    """``kernel.saves.link_kind`` with DVONN's size limit: a huge fragment is never read.

    >>> link_kind("#record=F3%2", 9000), link_kind("#top", 4)
    ('record', None)
    """
    return saves.link_kind(start, length, check_size)


def parse_fragment(fragment):
    """``kernel.saves.parse_fragment`` with DVONN's size limit."""
    return saves.parse_fragment(fragment, check_size)


def __getattr__(name):
    """``LINK_CODEC``: a game link numbers each move among the legal moves (``kernel.link_format``).
    Made on first use, so that a page opened without a game link never imports the link format."""
    if name != "LINK_CODEC":
        raise AttributeError(name)
    from kernel import link_format
    codec = globals()["LINK_CODEC"] = link_format.LegalMovesCodec()
    return codec
