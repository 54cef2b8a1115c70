"""Diamonds & Pivots' saved games, shared links and imported records: the kernel's checks
(``kernel/saves.py``) with what only this game knows, no DOM access.

* :data:`SAVES` saves the game in progress under ``diamonds.saved-game`` (the DVONN page's save
  is never touched); a save of the first release (format 1, a record) is upgraded by
  :func:`upgrade` and opens as it was.
* Records pasted, loaded from a file or opened from a link are read by :func:`read_record`;
  input larger than 64 KB is refused before any parsing.
"""

from dvonn_core.common.errors import RecordError
from dvonn_core.diamonds import DiamondsGame
from kernel import inputs, reasons, saves
from kernel.i18n import _
from kernel.saves import InputError, SavedGameError, game_info, share_text, text_of  # noqa: F401 - the page's names

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Dict, List, Tuple

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
    inputs.pivots(record, SavedGameError, _("its moves hold more than %(most)d pivots: no game of this site has so "
                                            "many") % {"most": inputs.MAX_PIVOTS})
    try:
        game = DiamondsGame.from_record(record)
    except ValueError as error:
        raise SavedGameError(_("its record cannot be replayed: %s") % reasons.say(error)) from None
    out = dict(data)
    out.update(start=game.start_position, moves=[str(m) for m in game.moves], tags=dict(game.tags),
               resigned=None, position=game.position(), seed=1, options={}, flipped=data.get("flipped") is True)
    return out


#: The game has no settings of its own: a save or a link carrying one is refused.
OPTIONS = {}  # type: Dict[str, type]
SAVES = saves.GameSaves("diamonds", "Diamonds & Pivots", _start, upgrade, MAX_SAVED_MOVES, MAX_MOVE_TEXT,
                        options=OPTIONS)
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
    """A :class:`DiamondsGame` from a record (or a bare list of turns); :class:`RecordError`
    with a message naming the turn that is wrong (:class:`InputError` for text too long, checked
    first).  An empty text is an error too."""
    check_size(len(text), what)
    if not text.strip():
        raise RecordError(_("%s is empty") % what)
    inputs.pivots(text, InputError, _("%(what)s holds more than %(most)d pivots: no game of this site has so many")
                  % {"what": what, "most": inputs.MAX_PIVOTS})
    return DiamondsGame.from_record(text)  # RecordError: the page says it (kernel/reasons.py)


def read_position(text):
    """A :class:`DiamondsGame` from a position string; ``PositionError`` saying what is wrong
    (:class:`InputError` for one too long: ``kernel.inputs.read_position``)."""
    return inputs.read_position(text, _start, InputError)


def read_import(data, what):
    """A game from a pasted or loaded text (or a file's bytes): a position string, else a record.
    Raises :class:`InputError`, ``PositionError`` or :class:`RecordError`."""
    check_size(len(data), what)
    text = data if isinstance(data, str) else text_of(data)
    if text is None:
        raise InputError(_("%s is not a text file (not UTF-8)") % what)
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


class LinkCodec:
    """This game's moves as digits for a game link (``kernel.link_format.Coder``).  A turn's whole
    list can be too long to number, and listing a chain's options step by step costs ten times a
    replay, so each step is numbered by what names it: the drop among the empty cells (then pass
    and swap); then, while the mover has a diamond, the pivot among the cells of the mover's
    diamonds (or one more number: the turn ends there, when no pivot is legal), its diamond among
    those holding it (when more than one does: the text names its partner), and its direction
    among those whose line stays on the board.  Whether the turn is legal is the replay's to
    check."""

    def _choices(self, game):
        choices = game.drops() + ["pass"]
        if game.can_swap:
            choices.append("swap")
        return choices

    def _diamonds(self, turn):
        """(the cells of the mover's diamonds now, sorted; the numbers of those diamonds)."""
        from dvonn_core.diamonds.board import DIAMONDS
        numbers = turn.diamond_numbers()
        cells = {}  # type: Dict[int, bool]
        for k in numbers:
            for c in DIAMONDS[k]:
                cells[c] = True
        return sorted(cells), numbers

    def _pivot(self, turn, numbers, cell, take):
        """The digits' pivot at ``cell`` (a Pivot naming its partner), ``numbers`` the mover's
        diamonds now; ``take(radix)`` gives each digit."""
        from dvonn_core.diamonds.board import CELLS, DIAMONDS_AT, LINES, partner
        from dvonn_core.diamonds.moves import Pivot
        holding = [k for k in DIAMONDS_AT[cell] if k in numbers]
        if not holding:
            raise ValueError("%s is in no diamond" % CELLS[cell])
        k = holding[take(len(holding))] if len(holding) > 1 else holding[0]
        ways = [d for d in range(6) if LINES[cell][d]]
        far = LINES[cell][ways[take(len(ways))]][2]
        return Pivot(cell, partner(k, cell), far, len(holding) > 1)  # its text names the partner if it must

    def digits(self, game, move):
        """``move`` (a text) in ``game`` as [(digit, radix)]; ValueError if it cannot be numbered."""
        from dvonn_core.diamonds.board import DIAMONDS_AT, DIRECTION_TO, LINES, partner
        from dvonn_core.diamonds.moves import Pivot
        words = move.split()
        choices = self._choices(game)
        if not words or words[0] not in choices:
            raise ValueError("%r is not a turn here" % move[:40])
        out = [(choices.index(words[0]), len(choices))]
        if words[0] in ("pass", "swap"):
            if len(words) > 1:
                raise ValueError("%r is not a turn" % move[:40])
            return out
        turn = game.begin_turn(words[0])
        for word in words[1:]:
            pv = Pivot.parse(word)
            cells, numbers = self._diamonds(turn)
            if pv.cell not in cells:
                raise ValueError("%s: its pivot is in no diamond" % word[:40])
            out.append((cells.index(pv.cell), len(cells) + 1))
            holding = [k for k in DIAMONDS_AT[pv.cell] if k in numbers]
            if len(holding) > 1:
                partners = [partner(k, pv.cell) for k in holding]
                if pv.partner not in partners:
                    raise ValueError("%s does not name its diamond" % word[:40])
                out.append((partners.index(pv.partner), len(partners)))
            ways = [d for d in range(6) if LINES[pv.cell][d]]
            direction = DIRECTION_TO[pv.cell].get(pv.far, -1)
            if direction not in ways:
                raise ValueError("%s: its line end is not three cells away" % word[:40])
            out.append((ways.index(direction), len(ways)))
            expected = str(Pivot(pv.cell, pv.partner, pv.far, len(holding) > 1))
            if expected != word:  # read() writes it so: the link must give back the same text
                raise ValueError("%s is not written as this page writes it (%s)" % (word[:40], expected))
            turn.step(word)
        cells = self._diamonds(turn)[0]
        if cells:  # a diamond stands, and no pivot is legal: the turn ends all the same
            out.append((len(cells), len(cells) + 1))
        return out

    #: The most pivots of one turn a link's digits are read for (the long-chain position's turn has
    #: 288): what a link may hold in all is ``kernel.link_format.MAX_PIVOTS``.
    MAX_TURN_PIVOTS = 400

    def read(self, game, take):
        """The turn whose digits ``take(radix)`` gives, in ``game`` (not played): 'pass', 'swap' or
        a finished turn's Move, which ``game.play`` takes without checking it again (each pivot
        was checked as it was taken; a turn cut short is not finished, and play checks it)."""
        choices = self._choices(game)
        word = choices[take(len(choices))]
        if word in ("pass", "swap"):
            return word
        turn = game.begin_turn(word)
        steps = 0
        while True:
            cells, numbers = self._diamonds(turn)
            i = take(len(cells) + 1) if cells else len(cells)
            if i == len(cells):
                break
            if steps >= self.MAX_TURN_PIVOTS:
                raise ValueError(_("a turn of more than %(most)d pivots") % {"most": self.MAX_TURN_PIVOTS})
            turn.step(self._pivot(turn, numbers, cells[i], take))
            steps += 1
        return turn.move()


LINK_CODEC = LinkCodec()
