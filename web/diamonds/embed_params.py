"""The Diamonds & Pivots embed's URL parameters: parsing and checking (no DOM).

``embed.html?game=diamonds&position=...`` (forwarded to ``diamonds-embed.html``) shows a
live board.  :func:`parse` checks every value against the rules library and raises
:class:`EmbedError` (a ``ValueError``) naming the parameter and saying what is wrong.
Runs on MicroPython and CPython.

>>> from kernel.url import parse_query
>>> spec = parse(parse_query("?game=diamonds&position=5-6-7-8-4b4-8-7-6-5.ws&flip=1"))
>>> spec["position"], spec["flip"], spec["moves"]
('5-6-7-8-4b4-8-7-6-5.ws', True, [])
>>> parse({"game": "diamonds", "moves": "e5,e5"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kernel.url.EmbedError: moves: turn 2 ('e5') cannot be played: illegal move 'e5': cannot drop on e5: the cell is ...
"""

from diamonds.session import split_turns
from dvonn_core.common.errors import quote
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds.board import CELLS, index, is_cell
from kernel import inputs, reasons
from kernel.i18n import _, check_language
from kernel.url import EmbedError, flag, iframe
from kernel.url import quote as url_quote

PARAMETERS = ("game", "position", "moves", "flip", "labels", "highlight", "caption", "lang")
MAX_CAPTION = 300


def parse(params):
    """A dict (position, moves, flip, labels, caption) from decoded parameters."""
    unknown = sorted([name for name in params if name not in PARAMETERS])
    if unknown:
        raise EmbedError(_("unknown parameter %s (the parameters are %s)")
                         % (inputs.bare(unknown[0]), ", ".join(PARAMETERS)))
    if params.get("game", "diamonds") != "diamonds":
        raise EmbedError(_("game: %s is not a game of this page (diamonds)") % quote(params["game"]))
    check_language(params)
    position = params.get("position", "").strip()
    if "position" in params and not position:
        raise EmbedError(_("position is empty (leave it out to start from the empty board)"))
    try:
        game = inputs.read_position(position, DiamondsGame.from_position, EmbedError) if position else DiamondsGame()
    except ValueError as error:
        raise EmbedError(_("position: %s") % inputs.short(reasons.say(error)))
    # As many turns as a game has: the rules set no limit (random games run past 200 turns); the
    # address is at most kernel.embed.MAX_QUERY long.
    inputs.pivots(params.get("moves", ""), EmbedError,
                  _("moves: more than %(most)d pivots: no game of this site has so many") % {"most": inputs.MAX_PIVOTS})
    moves = split_turns(params.get("moves", ""))
    for i in range(len(moves)):
        try:
            moves[i] = str(game.play(moves[i]))
        except ValueError as error:
            raise EmbedError(inputs.short(_("moves: turn %d (%s) cannot be played: %s")
                                          % (i + 1, quote(moves[i]), reasons.say(error))))
    caption = params.get("caption", "").strip()
    if len(caption) > MAX_CAPTION:
        raise EmbedError(_("caption: %d characters is too long (at most %d)") % (len(caption), MAX_CAPTION))
    highlight = []
    for item in params.get("highlight", "").replace(",", " ").split():
        if not is_cell(item):
            raise EmbedError(_("highlight: %r is not a cell of the board (cells are a5 to i5, like e5)") % item[:40])
        if CELLS[index(item)] not in highlight:
            highlight.append(CELLS[index(item)])
    return {"position": position or None, "moves": moves, "flip": flag(params, "flip", False),
            "labels": flag(params, "labels", True), "highlight": highlight, "caption": caption}


def snippet(base, position, flip=False, labels=True, highlight=(), caption="", width=480, moves=()):
    """The ``<iframe>`` code of an embedded board at ``position`` to play on (``base``: the site's
    address, ending in '/'); ``moves``: turns played from there before the board opens.

    >>> print(snippet("https://example.org/", "5-6-7-8-9-8-7-6-5.b", highlight=["e5"]))  # doctest: +ELLIPSIS
    <iframe src="https://example.org/embed.html?game=diamonds&amp;position=5-6-7-8-9-8-7-6-5.b&amp;highlight=e5" ...>
    >>> code = snippet("", "5-6-7-8-9-8-7-6-5.b", moves=["e5", "b6 c5>f5"])
    >>> 'position=5-6-7-8-9-8-7-6-5.b&amp;moves=e5,b6%20c5%3Ef5"' in code
    True
    """
    url = base + "embed.html?game=diamonds&position=" + url_quote(position)
    if moves:
        url += "&moves=" + url_quote(",".join(moves))
    if flip:
        url += "&flip=1"
    if not labels:
        url += "&labels=0"
    if highlight:
        url += "&highlight=" + url_quote(",".join(highlight))
    if caption:
        url += "&caption=" + url_quote(caption)
    # The board (469 x 395 in its viewBox) at 480 px wide, then its controls (and the caption).
    return iframe(url, width, width * 395 // 469 + 40 + (30 if caption else 0),
                  "Diamonds and Pivots board" + (": " + caption if caption else ""))
