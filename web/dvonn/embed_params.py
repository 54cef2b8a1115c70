"""The embed page's URL parameters: parsing, checking, and the iframe snippet.

Pure Python (no DOM), so the same code runs on the page (MicroPython) and in the unit
tests (CPython).  ``embed.html?position=...&moves=...&at=...`` is read by
:func:`parse_query` then :func:`parse`, which checks every value against the rules core
and raises :class:`EmbedError` (a ``ValueError``) whose message names the parameter and
says what is wrong.  :func:`snippet` is the other direction: the ``<iframe>`` code for a
position, as the main app's "Copy embed code" gives it.

>>> from kernel.url import parse_query
>>> spec = parse(parse_query("?moves=F3,C3,I3&at=2&flip=1&highlight=E3,F4"))
>>> spec.moves, spec.at, spec.flip, spec.highlight
(['F3', 'C3', 'I3'], 2, True, ['E3', 'F4'])
>>> try:
...     parse({"at": "x"})
... except EmbedError as error:
...     print(error)
at: 'x' is not a move number (use a whole number from 0 to 0)
"""

from dvonn_core import Game
from dvonn_core.common.errors import quote as quoted
from dvonn_core.dvonn.board import CELLS, index, is_cell
from kernel import inputs, reasons
from kernel.i18n import _, check_language, ngettext
from kernel.url import EmbedError, flag, iframe, quote

PARAMETERS = ("position", "moves", "at", "play", "flip", "labels", "highlight", "caption", "game", "lang")
MAX_CAPTION = 300
#: Above any DVONN game: 49 placements, then at most 48 stack moves (each leaves one stack fewer)
#: and a pass before each of them.
MAX_MOVES = 200



class EmbedSpec:
    """What an embedded board shows, from its URL parameters (see :func:`parse`)."""

    __slots__ = ("position", "moves", "at", "play", "flip", "labels", "highlight", "caption")

    def __init__(self, position=None, moves=None, at=0, play=False, flip=False, labels=True,
                 highlight=None, caption=""):
        self.position = position  # a position string, or None for the empty board
        self.moves = list(moves or [])  # canonical move texts, played from ``position``
        self.at = at  # moves of ``moves`` already played when the board opens
        self.play = play
        self.flip = flip
        self.labels = labels
        self.highlight = list(highlight or [])
        self.caption = caption

    def game(self):
        """The starting game (before ``moves``)."""
        return Game.from_position(self.position) if self.position else Game()


# -- checking ------------------------------------------------------------------------
def split_list(text):
    """Items of a list written with commas and/or spaces.

    >>> split_list(" E3G3, F3F4  PASS,")
    ['E3G3', 'F3F4', 'PASS']
    """
    return [item for item in text.replace(",", " ").split() if item]


def _moves(game, text):
    out = []
    items = split_list(text)
    if len(items) > MAX_MOVES:
        raise EmbedError(_("moves: %d moves is too many for an embedded board (at most %d)") % (len(items), MAX_MOVES))
    for number in range(len(items)):
        item = items[number]
        try:
            move = game.play(item)
        except ValueError as error:
            raise EmbedError(inputs.short(_("moves: move %d (%s) cannot be played: %s")
                                          % (number + 1, inputs.bare(item), reasons.say(error))))
        out.append(str(move))
    return out


def _highlight(text):
    cells = []
    for item in split_list(text):
        if not is_cell(item):
            raise EmbedError(_("highlight: %s is not a cell of the board (cells are A1 to K5, like E3)") % quoted(item))
        cell = CELLS[index(item)]
        if cell not in cells:
            cells.append(cell)
    return cells


def parse(params):
    """An :class:`EmbedSpec` from decoded parameters; :class:`EmbedError` names a bad one.

    >>> spec = parse({"position": "9-10-11-10-9.wp", "play": "1", "caption": "Try it"})
    >>> spec.position, spec.play, spec.at, spec.caption
    ('9-10-11-10-9.wp', True, 0, 'Try it')
    """
    unknown = sorted([name for name in params if name not in PARAMETERS])
    if unknown:
        raise EmbedError(_("unknown parameter %s (the parameters are %s)")
                         % (inputs.bare(unknown[0]), ", ".join(PARAMETERS)))
    if params.get("game", "dvonn").strip().lower() != "dvonn":
        raise EmbedError(_("game: %s is not a game of this site (dvonn, or diamonds)") % quoted(params["game"]))
    check_language(params)
    spec = EmbedSpec()
    position = params.get("position", "").strip()
    if position:
        try:
            game = inputs.read_position(position, Game.from_position, EmbedError)
        except ValueError as error:
            raise EmbedError(_("position: %s") % inputs.short(reasons.say(error)))
        spec.position = game.position()
    else:
        if "position" in params:
            raise EmbedError(_("position is empty (leave it out to start from the empty board)"))
        game = Game()
    spec.moves = _moves(game, params.get("moves", ""))
    total = len(spec.moves)
    spec.at = total
    if "at" in params:
        text = params["at"].strip()
        if text.lower() in ("end", "last"):
            spec.at = total
        elif text.lower() in ("start", "first"):
            spec.at = 0
        else:
            digits = text[1:] if text[:1] == "-" else text
            if not digits or len(digits) > 6 or not all("0" <= ch <= "9" for ch in digits):
                raise EmbedError(_("at: %s is not a move number (use a whole number from 0 to %d)")
                                 % (quoted(params["at"]), total))
            at = int(text)
            if at < 0 or at > total:
                raise EmbedError(ngettext("at: %(at)d is out of range: there is %(count)d move, "
                                          "so at goes from 0 to %(count)d",
                                          "at: %(at)d is out of range: there are %(count)d moves, "
                                          "so at goes from 0 to %(count)d", total) % {"at": at, "count": total})
            spec.at = at
    spec.play = flag(params, "play", False)
    spec.flip = flag(params, "flip", False)
    spec.labels = flag(params, "labels", True)
    spec.highlight = _highlight(params.get("highlight", ""))
    caption = params.get("caption", "").strip()
    if len(caption) > MAX_CAPTION:
        raise EmbedError(_("caption: %d characters is too long (at most %d)") % (len(caption), MAX_CAPTION))
    spec.caption = caption
    return spec


# -- the other direction: an iframe for a position -----------------------------------
def embed_url(position=None, moves=(), at=None, play=False, flip=False, labels=True,
              highlight=(), caption="", page="embed.html"):
    """The address of an embedded board (only the parameters that differ from the defaults).

    >>> embed_url("9-10-11-10-9.wp", play=True)
    'embed.html?position=9-10-11-10-9.wp&play=1'
    >>> embed_url(moves=["F3", "C3"], at=1, caption="Two moves")
    'embed.html?moves=F3,C3&at=1&caption=Two%20moves'
    """
    parts = []
    if position:
        parts.append("position=" + quote(position))
    if moves:
        parts.append("moves=" + quote(",".join([str(m) for m in moves])))
        if at is not None and at != len(moves):
            parts.append("at=%d" % at)
    if play:
        parts.append("play=1")
    if flip:
        parts.append("flip=1")
    if not labels:
        parts.append("labels=0")
    if highlight:
        parts.append("highlight=" + quote(",".join(highlight)))
    if caption:
        parts.append("caption=" + quote(caption))
    return page + ("?" + "&".join(parts) if parts else "")



def snippet(base, position=None, moves=(), at=None, play=True, flip=False, labels=True,
            highlight=(), caption="", width=480, height=None):
    """The ``<iframe>`` code that embeds a board; ``base`` is the site's address (ending in '/').

    The height follows the board's shape (plus room for a caption and the step buttons)
    unless given.

    >>> print(snippet("https://example.org/dvonn/", "9-10-11-10-9.wp"))  # doctest: +ELLIPSIS
    <iframe src="https://example.org/dvonn/embed.html?position=9-10-11-10-9.wp&amp;play=1" width="480" height="246" ...>
    """
    url = base + embed_url(position, moves, at, play, flip, labels, highlight, caption)
    if height is None:
        height = width * 43 // 100 + 40  # the board (642 x 276), then one line of controls
        if caption:
            height += 30
    title = "DVONN board" + (": " + caption if caption else "")
    return iframe(url, width, height, title)
