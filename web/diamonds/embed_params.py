"""The Diamonds & Pivots embed's URL parameters: parsing and checking (no DOM).

``embed.html?game=diamonds&position=...`` (forwarded to ``diamonds-embed.html``) shows a
live board.  :func:`parse` checks every value against the rules library and raises
:class:`EmbedError` (a ``ValueError``) naming the parameter and saying what is wrong.
Runs on MicroPython and CPython.

>>> spec = parse(parse_query("?game=diamonds&position=5-6-7-8-4b4-8-7-6-5.ws&flip=1"))
>>> spec["position"], spec["flip"], spec["moves"]
('5-6-7-8-4b4-8-7-6-5.ws', True, [])
>>> parse({"game": "diamonds", "moves": "e5,e5"})
Traceback (most recent call last):
...
embed_params.EmbedError: moves: turn 2 ('e5') cannot be played: illegal move 'e5': cannot drop on e5: the cell is not empty in 5-6-7-8-4b4-8-7-6-5.ws
"""

from dvonn_core.diamonds import DiamondsGame
from session import split_turns

PARAMETERS = ("game", "position", "moves", "flip", "labels", "caption")
MAX_CAPTION = 300
MAX_MOVES = 200
_HEX = "0123456789abcdef"


class EmbedError(ValueError):
    """A parameter of the address that cannot be shown."""


def unquote(text):
    """Decode %-escapes and '+' of a query string part (UTF-8).

    >>> unquote("b6+c5%3Ef5%2C%C3%A9")
    'b6 c5>f5,é'
    """
    out = bytearray()
    data = text.replace("+", " ").encode("utf-8")
    i = 0
    n = len(data)
    while i < n:
        ch = data[i]
        if ch == 37 and i + 2 < n and chr(data[i + 1]).lower() in _HEX and chr(data[i + 2]).lower() in _HEX:
            out.append(_HEX.index(chr(data[i + 1]).lower()) * 16 + _HEX.index(chr(data[i + 2]).lower()))
            i += 3
            continue
        out.append(ch)
        i += 1
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:
        raise EmbedError("the address has a %%-escape that is not UTF-8 text: %r" % text)


def parse_query(search):
    """A query string as a dict of decoded values; a parameter given twice is an error."""
    if search.startswith("?"):
        search = search[1:]
    params = {}
    for part in search.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        name = unquote(name).strip()
        if name in params:
            raise EmbedError("%s is given twice in the address; give it once" % name)
        params[name] = unquote(value)
    return params


def _flag(params, name, default):
    if name not in params:
        return default
    value = params[name].strip().lower()
    if value in ("1", "true", "yes", "on", ""):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise EmbedError("%s: %r is not 1 or 0 (write %s=1 or %s=0)" % (name, params[name], name, name))


def parse(params):
    """A dict (position, moves, flip, labels, caption) from decoded parameters."""
    unknown = sorted([name for name in params if name not in PARAMETERS])
    if unknown:
        raise EmbedError("unknown parameter %s (the parameters are %s)" % (unknown[0], ", ".join(PARAMETERS)))
    if params.get("game", "diamonds") != "diamonds":
        raise EmbedError("game: %r is not a game of this page (diamonds)" % params["game"])
    position = params.get("position", "").strip()
    if "position" in params and not position:
        raise EmbedError("position is empty (leave it out to start from the empty board)")
    try:
        game = DiamondsGame.from_position(position) if position else DiamondsGame()
    except ValueError as error:
        raise EmbedError("position: %s" % error)
    moves = split_turns(params.get("moves", ""))
    if len(moves) > MAX_MOVES:
        raise EmbedError("moves: %d turns is too many (at most %d)" % (len(moves), MAX_MOVES))
    for i in range(len(moves)):
        try:
            moves[i] = str(game.play(moves[i]))
        except ValueError as error:
            raise EmbedError("moves: turn %d (%r) cannot be played: %s" % (i + 1, moves[i], error))
    caption = params.get("caption", "").strip()
    if len(caption) > MAX_CAPTION:
        raise EmbedError("caption: %d characters is too long (at most %d)" % (len(caption), MAX_CAPTION))
    return {"position": position or None, "moves": moves, "flip": _flag(params, "flip", False),
            "labels": _flag(params, "labels", True), "caption": caption}
