"""Games by link: a whole game in the ``#game=...`` part of a page's address, for every game.

Pure Python with no DOM: the same code runs on the page (MicroPython, its ``deflate`` module)
and in the unit tests (CPython, ``zlib``).  A link holds everything a page needs to continue a
correspondence game on any device: the game's name, a random game id, the side to move, the
record's tags (the players' names, the hints used), the start position if the game did not
start from the empty board, and every move.

The value after ``#game=`` is ``1`` (the format) and then, in base64url without padding, a
CRC-32 of the body (4 bytes, big-endian) and the body compressed with raw deflate.  The body::

    <game> TAB <id> TAB <side to move> TAB <number of moves> TAB <C|U|L> TAB <base> TAB <seed> TAB <options>
        [TAB <the side that resigned: white or black>]
    <start position, or - for the empty board>
    <tag> TAB <value>            (one line per tag)
    <empty line>
    <the moves>

``base`` counts the moves that are the game's setup (DVONN's random setup: its 49 placements),
not listed nor taken back; ``seed`` and ``options`` (JSON: the game's own settings) are the
session's, so the page shows the game as the player who sent it does.  A ninth field, only in the
link of a game that ended by a resignation, names the side that resigned after the last move (the
friend's page shows the game over, the other side winning); a link without it is the same as
before resignations existed.

The moves, ``C`` (as the pages write them): numbered, each its place among the choices the rules
allow there (a :class:`Coder` with the game's codec, ``LINK_CODEC`` of its ``persist`` module),
all the digits one number in bytes.  A move is a few bits, where its text is a few bytes; the
replay that reads them back is the check that every move is legal.

The moves, ``U`` or ``L`` (a move that cannot be numbered, or no codec): their texts, one a line,
each cell name (a letter a-k, upper case for U and lower case for L, then a digit 1-9) one byte
from 0x80 up, which MicroPython's compressor (fixed Huffman codes) takes far better than two
characters.

``benchmarks/pages/link_length.py`` measures both on the longest games: numbered, the longest DVONN game
of tests/data takes 181 characters and 1,000 turns of the Diamonds & Pivots bot's self-play 1,796
(as text: 375 and 4,428).

>>> link = Link("dvonn", "k3p9x2am", "black", {"White": "Ann"}, None, ["F3"])
>>> value = pack(link)
>>> value[:1], unpack(value) == link
('1', True)
>>> unpack("1abcde")
Traceback (most recent call last):
...
kernel.link_format.LinkError: the link is cut short (it ends in the middle of a character group)

A :class:`LinkError`'s message is what the page shows of a bad link, so it is in the page's
language (``_()`` / ``ngettext()`` of kernel/i18n.py, called where the error is raised); what the
rules say of a move that cannot be played is the library's, and stays English.
"""

import binascii
import io as _io
import json

from dvonn_core.common.errors import quote
from kernel import inputs, reasons
from kernel.i18n import _, ngettext
from kernel.url import link_value

try:
    import deflate as _deflate  # type: ignore[import-not-found]  # MicroPython's
    _zlib = None  # type: Any
except ImportError:  # CPython
    _deflate = None
    import zlib as _zlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional

#: What comes after ``#`` in a game link, and the format this module writes.
PREFIX = "#game="
VERSION = "1"
#: The most a link of this site holds (the whole address), and the most of a ``#game=`` value
#: that is read at all, three times that (a longer one is refused before a character of it reaches
#: Python): MicroPython's base64 decoder takes about 0.1 ms a character on a loaded machine.
MAX_LINK = 2000
MAX_VALUE = 6 * 1024
#: The most a body may unpack to (a small link must not unpack to megabytes).
MAX_BODY = 256 * 1024
MAX_TAGS = 50
#: The most moves a link holds (a DVONN game has under 200; 1,000 turns of Diamonds & Pivots
#: self-play fit in 2,000 characters), and the most bytes of numbered moves (what a value of
#: MAX_VALUE characters carries when its digits do not compress): read before any move is.
MAX_MOVES = 5000
MAX_CODED = MAX_VALUE * 3 // 4
#: The most bytes of moves written as text (a record's limit on the pages: kernel/saves.py).
MAX_TEXT = 64 * 1024
#: The most pivots (Diamonds & Pivots) a link's moves hold (``kernel.inputs.MAX_PIVOTS``): a crafted
#: link of a legal chain of thousands would hold the page for seconds.
MAX_PIVOTS = inputs.MAX_PIVOTS
#: The longest settings (JSON) a link's header holds, and its seed's digits.
MAX_OPTIONS = 400
MAX_SEED_DIGITS = 12
#: The games a link may be for, by the name their pages give (``GameSaves.game``), for messages.
TITLES = {"dvonn": "DVONN", "diamonds": "Diamonds & Pivots"}
SIDES = ("white", "black")

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_ID_CHARS = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: an id read out loud stays right
_LETTERS = "abcdefghijk"
_CELL = 0x80  # the byte of cell a1 in the moves (then a2..a9, b1...; k9 is 0x80 + 98)


class LinkError(ValueError):
    """A game link that cannot be used: the message says what is wrong with it."""


def too_long(length):
    """What is wrong with a link of ``length`` characters, longer than a link can be."""
    return ngettext("the link is %(length)d character long: a game link has at most %(most)d",
                    "the link is %(length)d characters long: a game link has at most %(most)d",
                    length) % {"length": length, "most": MAX_LINK}


def _side_word(side):
    return _("white") if side == "white" else _("black") if side == "black" else side


def _too_many_pivots():
    return LinkError(_("the link holds more than %(most)d pivots: no game of this site has so many")
                     % {"most": MAX_PIVOTS})


def _not_unpacked():
    return LinkError(_("the link is cut short or damaged (its data does not unpack to a whole game)"))


class Link:
    """One game link's contents: ``game`` (its page's name), ``id``, ``to_move`` (the side to
    move), ``tags`` (a dict), ``start`` (a start position, or None for the empty board),
    ``moves`` (move texts), ``base`` (how many of them are the setup), ``seed`` and ``options``
    (the page session's), ``resigned`` (the side that resigned after the last move, or None)."""

    def __init__(self, game, id, to_move, tags, start, moves, base=0, seed=1, options=None, resigned=None):
        self.game = game
        self.id = id
        self.to_move = to_move
        self.tags = dict(tags)  # type: Dict[str, str]
        self.start = start  # type: Optional[str]
        self.moves = list(moves)  # type: List[str]
        self.base = base
        self.seed = seed
        self.options = dict(options or {})  # type: Dict[str, Any]
        self.resigned = resigned  # type: Optional[str]
        self.coded = None  # type: Optional[bytes]  # numbered moves not yet read (see unpack)
        self.count = len(self.moves)

    def _fields(self):
        return (self.game, self.id, self.to_move, self.tags, self.start, self.moves, self.base, self.seed,
                self.options, self.resigned)

    def __eq__(self, other):
        return isinstance(other, Link) and self._fields() == other._fields()

    def __repr__(self):
        return "Link(%r, %r, %r, %r, %r, %r, %r, %r, %r, resigned=%r)" % self._fields()


def new_id(random):
    """A game id of 8 characters from ``random()`` (floats in [0, 1): the page gives Math.random).

    >>> new_id(lambda: 0.5)
    'ssssssss'
    """
    return "".join(_ID_CHARS[int(random() * len(_ID_CHARS)) % len(_ID_CHARS)] for k in range(8))


def of_game(game_name, id, game, base=0, seed=1, options=None):
    """The link of ``game`` (a rules object of the library: ``moves``, ``to_move``, ``tags``,
    ``start_position``, ``resigned`` if it has one) under ``game_name`` and ``id``; ``base``,
    ``seed`` and ``options`` as a page's session has them."""
    tags = {}
    for key in game.tags:
        value = game.tags[key]
        if value and value != "?":
            tags[key] = value
    return Link(game_name, id, game.to_move, tags, game.start_position, [str(m) for m in game.moves], base, seed,
                options, getattr(game, "resigned", None))


# -- the moves' cells, one byte each --------------------------------------------------------
def _pack_moves(moves, upper):
    r"""The moves as bytes, each cell one byte.

    >>> _pack_moves(["E3G3", "PASS"], True), _pack_moves(["b6 b6>e3"], False)
    (b'\xa6\xb8\nPASS', b'\x8e \x8e>\xa6')
    """
    letters = _LETTERS.upper() if upper else _LETTERS
    out = bytearray()
    for i in range(len(moves)):
        if i:
            out.append(10)
        text = moves[i]
        n = len(text)
        j = 0
        while j < n:
            ch = text[j]
            if ord(ch) > 126 or ch in "\t\n":
                raise ValueError("move %d (%r) is not a move text" % (i + 1, text[:40]))
            k = letters.find(ch)
            if k >= 0 and j + 1 < n and "1" <= text[j + 1] <= "9":
                out.append(_CELL + k * 9 + ord(text[j + 1]) - 49)
                j += 2
                continue
            out.append(ord(ch))
            j += 1
    return bytes(out)


def _unpack_moves(data, upper):
    """The move texts of ``data`` (see :func:`_pack_moves`): each cell's byte replaced by its
    name, in one pass of the bytes per cell (a loop over every byte is seconds on MicroPython)."""
    letters = _LETTERS.upper() if upper else _LETTERS
    for k in range(99):
        if bytes([_CELL + k]) in data:
            data = data.replace(bytes([_CELL + k]), (letters[k // 9] + chr(49 + k % 9)).encode())
    try:
        # What is left over 0x7f is 0xe3-0xff, no cell: no UTF-8 either (its continuation bytes,
        # 0x80-0xbf, were all cells).
        text = data.decode("utf-8")
    except UnicodeError:
        raise LinkError(_("the link is damaged (its moves hold a byte that is no cell)"))
    return text.split("\n") if text else []


# -- base64url ---------------------------------------------------------------------------------
def _b64encode(data):
    text = binascii.b2a_base64(data).decode().strip()
    return text.replace("+", "-").replace("/", "_").rstrip("=")


def _b64decode(text):
    rest = text
    for ch in _B64:  # what is left is no character of a link: 64 passes in C, not one in Python a character
        if ch in rest:
            rest = rest.replace(ch, "")
    if rest:
        i = text.find(rest[0])
        raise LinkError(_("the link is damaged: %(char)r (character %(index)d of its game) cannot be in it")
                        % {"char": text[i], "index": i + 1})
    if len(text) % 4 == 1:
        raise LinkError(_("the link is cut short (it ends in the middle of a character group)"))
    text = text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4)
    try:
        return binascii.a2b_base64(text.encode())
    except ValueError:
        raise LinkError(_("the link is damaged (its characters are not base64)"))


# -- compression -------------------------------------------------------------------------------
def _compress(data):
    if _zlib is not None:
        packer = _zlib.compressobj(9, _zlib.DEFLATED, -15)
        return packer.compress(data) + packer.flush()
    stream = _io.BytesIO()
    packer = _deflate.DeflateIO(stream, _deflate.RAW, 15)
    packer.write(data)
    packer.close()
    return stream.getvalue()


def _decompress(data):
    """The body; :class:`LinkError` if it is cut short, damaged or larger than :data:`MAX_BODY`."""
    if _zlib is not None:
        unpacker = _zlib.decompressobj(-15)
        try:
            body = unpacker.decompress(data, MAX_BODY + 1)
        except _zlib.error:
            raise _not_unpacked()
        if len(body) <= MAX_BODY and not unpacker.eof:
            raise _not_unpacked()
    else:
        try:
            body = _deflate.DeflateIO(_io.BytesIO(data), _deflate.RAW, 15).read(MAX_BODY + 1)
        except (EOFError, OSError, ValueError):
            raise _not_unpacked()
    if len(body) > MAX_BODY:
        raise LinkError(_("the link unpacks to more than %(size)d KB: no game is that long")
                        % {"size": MAX_BODY // 1024})
    return body


def _crc(data):
    return binascii.crc32(data) & 0xFFFFFFFF


# -- links -------------------------------------------------------------------------------------
def _clean(text):
    return str(text).replace("\t", " ").replace("\n", " ").replace("\r", " ")


def pack(link, coder=None):
    """The ``#game=`` value of ``link`` (without ``#game=``).

    With ``coder`` (a :class:`Coder` of the game, at ``link.start``) the moves are written as
    their numbers among the legal choices; a move it cannot number is written as text.
    """
    upper = any("A" <= m[:1] <= "K" for m in link.moves)
    moves = None
    if coder is not None:
        if coder.position != link.start:  # another game's coder: start again from this one's start
            coder.position = link.start
            coder.reset()
        try:
            moves = coder.extend(link.moves)
        except ValueError:
            coder.reset()
    case = "C" if moves is not None else "U" if upper else "L"
    if moves is None:
        moves = _pack_moves(link.moves, upper)
    options = json.dumps(link.options, separators=(",", ":")) if link.options else ""
    fields = [link.game, link.id, link.to_move, str(len(link.moves)), case, str(link.base), str(link.seed), options]
    if link.resigned is not None:
        fields.append(link.resigned)
    lines = ["\t".join(fields), link.start or "-"]
    for key in sorted(link.tags):
        lines.append(_clean(key) + "\t" + _clean(link.tags[key]))
    head = ("\n".join(lines) + "\n\n").encode("utf-8")
    body = head + moves
    crc = _crc(body)
    check = bytes([(crc >> 24) & 255, (crc >> 16) & 255, (crc >> 8) & 255, crc & 255])
    return VERSION + _b64encode(check + _compress(body))


def url(page, link, coder=None):
    """The whole address: ``page`` (the game page's address, without ``#``) and the link."""
    return page + PREFIX + pack(link, coder)


def trim(value):
    """``value`` without the "." and ")" that mail and chat programs leave after a link
    (``kernel.url.link_value``, which every page's links go through).

    >>> trim("1abc)."), trim("1abc")
    ('1abc', '1abc')
    """
    return link_value("#" + value, "#")


def unpack(value):
    """The :class:`Link` in a ``#game=`` value (checked as data, not yet against the rules);
    a link whose moves are numbered (see :class:`Coder`) holds them in ``link.coded`` (bytes)
    and ``link.moves`` is empty until :func:`read` numbers them back.

    Raises :class:`LinkError` naming what is wrong: a value too long, a character that cannot be
    in a link, a link cut short or damaged, a body that is not a game.
    """
    if len(value) > MAX_VALUE:
        raise LinkError(too_long(len(value)))
    value = trim(value)
    if not value:
        raise LinkError(_("the link holds no game (nothing follows #game=)"))
    if value[0] != VERSION:
        if value[0] in "23456789":
            raise LinkError(_("the link was made by a newer version of this site (format %(format)s)")
                            % {"format": value[0]})
        raise LinkError(_("it is not a game link of this site (it does not start with format %(format)s)")
                        % {"format": VERSION})
    data = _b64decode(value[1:])
    if len(data) < 5:
        raise LinkError(ngettext("the link is cut short (it holds %(count)d byte of a game)",
                                 "the link is cut short (it holds %(count)d bytes of a game)", len(data))
                        % {"count": len(data)})
    body = _decompress(data[4:])
    crc = (data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3]
    if _crc(body) != crc:
        raise LinkError(_("the link is damaged (its check sum does not match its game)"))
    return _read_body(body)


def _read_body(body):
    split = body.find(b"\n\n")
    if split < 0:
        raise LinkError(_("it is not a game (its header has no end)"))
    try:
        head = body[:split].decode("utf-8").split("\n")
    except UnicodeError:
        raise LinkError(_("it is not a game (its header is not text)"))
    fields = head[0].split("\t")
    if len(fields) not in (8, 9) or fields[4] not in ("U", "L", "C"):
        raise LinkError(_("it is not a game (its first line is not a game's header)"))
    resigned = fields.pop() if len(fields) == 9 else None
    if resigned is not None and resigned not in SIDES:
        raise LinkError(_("it is not a game (the side that resigned, %(side)r, is not white or black)")
                        % {"side": resigned[:20]})
    game, id, to_move, count, case, base, seed, options = fields
    count = inputs.number(count, 6, LinkError, _("its number of moves"))
    base = inputs.number(base, 6, LinkError, _("its number of setup moves"))
    seed = inputs.number(seed, MAX_SEED_DIGITS, LinkError, _("its seed"))
    if count > MAX_MOVES:
        raise LinkError(_("it is not a game (it says it has %(count)d moves; a link holds at most %(most)d)")
                        % {"count": count, "most": MAX_MOVES})
    if not 1 <= len(id) <= 40 or not all(
            "a" <= ch <= "z" or "A" <= ch <= "Z" or "0" <= ch <= "9" or ch in "-_" for ch in id):
        raise LinkError(_("it is not a game (its game id is not valid)"))
    if to_move not in SIDES:
        raise LinkError(_("it is not a game (its side to move, %(side)r, is not white or black)")
                        % {"side": to_move[:20]})
    if len(head) < 2:
        raise LinkError(_("it is not a game (it has no start line)"))
    if len(head) - 2 > MAX_TAGS:
        raise LinkError(_("it is not a game (it has more than %(most)d tags)") % {"most": MAX_TAGS})
    tags = {}
    for line in head[2:]:
        key, tab, text = line.partition("\t")
        if not tab or not key or key in tags:
            raise LinkError(_("it is not a game (a tag line is not valid: %(line)r)") % {"line": line[:40]})
        inputs.tag(key, text, LinkError, True)
        tags[key] = text
    coded = body[split + 2:] if case == "C" else None
    if len(body) - split - 2 > (MAX_CODED if coded is not None else MAX_TEXT):
        raise LinkError(_("the link is damaged (its moves hold more than %(size)d KB)")
                        % {"size": (MAX_CODED if coded is not None else MAX_TEXT) // 1024})
    if coded is None and body.count(b"\n", split + 2) + (len(body) > split + 2) != count:
        raise LinkError(ngettext("the link is cut short (it says %(count)s move and holds %(held)d)",
                                 "the link is cut short (it says %(count)s moves and holds %(held)d)", count)
                        % {"count": count, "held": body.count(b"\n", split + 2) + (len(body) > split + 2)})
    if coded is None and body.count(b">", split + 2) > MAX_PIVOTS:
        raise LinkError(_too_many_pivots())
    moves = [] if coded is not None else _unpack_moves(body[split + 2:], case == "U")
    if coded is None and len(moves) != count:
        raise LinkError(ngettext("the link is cut short (it says %(count)s move and holds %(held)d)",
                                 "the link is cut short (it says %(count)s moves and holds %(held)d)", count)
                        % {"count": count, "held": len(moves)})
    if base > count:
        raise LinkError(_("it is not a game (its setup has more moves, %(base)s, than the game, %(count)s)")
                        % {"base": base, "count": count})
    settings = _options(options)
    start = None if head[1] == "-" else head[1]
    if start is not None and not start:
        raise LinkError(_("it is not a game (its start line is empty)"))
    if start is not None and len(start) > inputs.MAX_POSITION:
        raise LinkError(_("its start position is not valid (%(error)s)") % {"error": quote(start)})
    link = Link(game, id, to_move, tags, start, moves, base, seed, settings, resigned)
    link.coded = coded
    link.count = count
    return link


def _options(text):
    """The game's settings of a header (JSON: names to booleans, numbers or short strings)."""
    if not text:
        return {}
    invalid = _("it is not a game (its settings are not valid)")
    if len(text) > MAX_OPTIONS:
        raise LinkError(invalid)
    options = inputs.loads(text, LinkError, invalid, 2)
    if type(options) is not dict or len(options) > 20:
        raise LinkError(invalid)
    for key in options:
        if type(options[key]) not in (bool, int, str) or len(str(options[key])) > 40:
            raise LinkError(_("it is not a game (its setting %(name)r is not valid)") % {"name": key[:20]})
    return options


def read(value, game_name, start, codec=None, coder=None, options=None):
    """(:class:`Link`, the game replayed) of a ``#game=`` value opened on the page of ``game_name``.

    ``start(position)`` gives the game's rules object at a start position (None: the empty
    board); ``codec`` numbers its moves (see :class:`Coder`); ``options`` (name -> type) are the
    settings the game's page has (its ``persist.OPTIONS``): a link's settings must be among them.
    Every move is replayed; :class:`LinkError` names the first that cannot be.  A ``coder`` given
    is left holding the link's numbered moves, so that the next link from here numbers only the
    moves added.  The link's moves are the game's, written as the rules write them.
    """
    link = unpack(value)
    if link.game != game_name:
        raise LinkError(_("it is a link to a %(theirs)s game, and this is the %(page)s page")
                        % {"theirs": TITLES.get(link.game, quote(link.game)),
                           "page": TITLES.get(game_name, game_name)})
    if options is not None:
        link.options = inputs.options(link.options, options, LinkError)
    try:
        game = start(link.start)
    except ValueError as error:
        raise LinkError(_("its start position is not valid (%(error)s)") % {"error": reasons.say(error)[:120]})
    if link.coded is not None:
        if codec is None:
            raise LinkError(_("its moves are numbered, and this page has no numbering for them"))
        log = None
        if coder is not None:
            coder.position = link.start
            coder.reset()
            log = coder.digits
        link.moves = _number_back(codec, game, link.coded, link.count, log)
        if coder is not None:
            coder.moves = list(link.moves)
            coder.game = game.copy()
    for i in range(len(link.moves) if link.coded is None else 0):
        try:
            link.moves[i] = str(game.play(link.moves[i]))
        except ValueError as error:
            raise LinkError(_("move %(number)d (%(move)s) cannot be played: %(error)s")
                            % {"number": i + 1, "move": quote(link.moves[i]), "error": reasons.say(error)[:160]})
    if game.phase != "over" and game.to_move != link.to_move:
        raise LinkError(_("it says %(said)s is to move, but after its moves %(side)s is")
                        % {"said": _side_word(link.to_move), "side": _side_word(game.to_move)})
    if link.resigned is not None:
        if game.phase == "over" or not hasattr(game, "resign"):
            raise LinkError(_("it says %(side)s resigned, but the game was over before that")
                            % {"side": _side_word(link.resigned)})
        game.resign(link.resigned)
    for key in link.tags:
        game.tags[key] = link.tags[key]
    return link, game


# -- moves as numbers: each its place among the choices the rules allow -------------------------
class LegalMovesCodec:
    """A game's moves as digits: each move its index among ``game.legal_moves()`` (DVONN: a few
    dozen choices, so 4 to 6 bits a move).  A game whose turns are too many to list (Diamonds &
    Pivots) numbers each step of a turn instead, with the same two methods."""

    def digits(self, game, move):
        """``move`` (a text) in ``game`` (before it) as [(digit, radix)]; ValueError if not listed."""
        legal = [str(m) for m in game.legal_moves()]
        return [(legal.index(move), len(legal))]

    def read(self, game, take):
        """The move whose digits ``take(radix)`` gives, in ``game`` (not played): its text, or a
        move object ``game.play`` takes."""
        legal = game.legal_moves()
        return str(legal[take(len(legal))])


class Coder:
    """The moves of one game as digits, kept from one link to the next: :meth:`extend` numbers
    only the moves added since (and takes back those undone), so a page makes each new link in
    the time of one move.  ``codec`` is the game's (e.g. :class:`LegalMovesCodec`), ``game`` a
    fresh game at the link's start."""

    def __init__(self, codec, start, position=None):
        self.codec = codec
        self.start = start
        self.position = position
        self.reset()

    def reset(self):
        self.game = self.start(self.position)
        self.moves = []  # type: List[str]
        self.digits = []  # type: List[List[Any]]

    def extend(self, moves):
        """The bytes of ``moves`` numbered; ValueError if one cannot be (then :meth:`reset`)."""
        n = 0
        while n < len(self.moves) and n < len(moves) and self.moves[n] == moves[n]:
            n += 1
        while len(self.moves) > n:
            self.game.undo()
            self.moves.pop()
            self.digits.pop()
        for move in moves[n:]:
            digits = self.codec.digits(self.game, move)
            self.game.play(move)
            self.moves.append(move)
            self.digits.append(digits)
        number = 0
        for i in range(len(self.digits) - 1, -1, -1):
            for digit, radix in reversed(self.digits[i]):
                number = number * radix + digit
        out = []
        while number:
            out.append(number & 255)
            number >>= 8
        out.reverse()
        return bytes(out)


class _Digits:
    def __init__(self, data):
        self.number = int.from_bytes(data, "big")  # in one step (byte by byte is quadratic)
        self.log = None  # type: Optional[List[Any]]

    def take(self, radix):
        if radix < 1:
            raise ValueError(_("no move is possible there"))
        if radix == 1:
            digit = 0
        else:
            self.number, digit = divmod(self.number, radix)
        if self.log is not None:
            self.log.append((digit, radix))
        return digit


def _number_back(codec, game, data, count, log=None):
    """The ``count`` moves numbered in ``data``, each played on ``game`` (``log``: a list that
    gets each move's digits, as :meth:`Coder.extend` keeps them)."""
    digits = _Digits(data)
    moves = []
    pivots = 0
    for i in range(count):
        if log is not None:
            digits.log = []
            log.append(digits.log)
        try:
            move = str(game.play(codec.read(game, digits.take)))  # a move text, or a checked Move
        except ValueError as error:
            raise LinkError(_("move %(number)d cannot be read: %(error)s")
                            % {"number": i + 1, "error": reasons.say(error)[:160]})
        moves.append(move)
        pivots += move.count(">")
        if pivots > MAX_PIVOTS:
            raise _too_many_pivots()
    if digits.number:
        raise LinkError(ngettext("the link is damaged (it holds more than its %(count)d move)",
                                 "the link is damaged (it holds more than its %(count)d moves)", count)
                        % {"count": count})
    return moves


def compare(mine, theirs):
    """How the moves of a link (``theirs``) stand to the game this device holds (``mine``):
    'same', 'newer' (theirs continues mine), 'older' (mine continues theirs) or 'different'
    (with the number of the first move that differs).

    >>> compare(["F3", "C3"], ["F3", "C3", "I3"]), compare(["F3", "C3"], ["F3"]), compare(["F3"], ["F3"])
    (('newer', 0), ('older', 0), ('same', 0))
    >>> compare(["F3", "C3"], ["F3", "I3", "A1"])
    ('different', 2)
    """
    n = min(len(mine), len(theirs))
    for i in range(n):
        if mine[i] != theirs[i]:
            return "different", i + 1
    if len(theirs) > len(mine):
        return "newer", 0
    if len(theirs) < len(mine):
        return "older", 0
    return "same", 0


# -- what a browser keeps of its games by link ----------------------------------------------------
#: The fields of an entry of the registry (``kernel/by_link.py``) and their types.
ENTRY_FIELDS = {"id": str, "value": str, "game": str, "page": str, "first": str, "moves": int, "mine": str,
                "opponent": str, "to_move": str, "opened": int, "other": str, "sent": int}
#: The most entries set aside that are kept (the oldest go first).
MAX_ASIDE = 20


def registry(text):
    """(the entries that can be read, [(entry or text, reason)] of those that cannot) of the
    registry's stored ``text``: each entry a dict of :data:`ENTRY_FIELDS` of their types, its id
    and value those of a link.

    >>> registry('[{"id": "abc", "value": "1x"}, {"id": 5, "value": "1x"}, 7]')[1]
    [({'id': 5, 'value': '1x'}, 'its field id is not valid'), (7, 'it is not a game by link')]
    >>> registry("[" * 50 + "]" * 50)[1][0][1]
    'it is not a list of games by link'
    """
    try:
        games = None if inputs.long_number(text) else inputs.loads(text, ValueError, "", 3)
    except ValueError:
        games = None
    if type(games) is not list:
        return [], [(text[:MAX_VALUE], _("it is not a list of games by link"))]
    good, aside = [], []
    for entry in games:
        reason = None
        if type(entry) is not dict or "id" not in entry or "value" not in entry:
            reason = _("it is not a game by link")
        else:
            for name in entry:
                if name not in ENTRY_FIELDS or type(entry[name]) is not ENTRY_FIELDS[name] or (
                        type(entry[name]) is str and len(entry[name]) > MAX_VALUE):
                    reason = _("its field %(name)s is not valid") % {"name": str(name)[:20]}
                    break
            if reason is None and not 1 <= len(entry["id"]) <= 40:
                reason = _("its field %(name)s is not valid") % {"name": "id"}
        if reason is None:
            good.append(entry)
        else:
            aside.append((entry, reason))
    return good, aside


def registry_aside(old, aside):
    """The text kept under the registry's aside key: the ``old`` text's entries (if it can be
    read) and those of ``aside``, each with its reason, the last :data:`MAX_ASIDE`."""
    kept = []
    if old is not None and inputs.json_depth(old) <= 5:
        try:
            kept = json.loads(old)
        except ValueError:
            kept = []
        if type(kept) is not list:
            kept = []
    for entry, reason in aside:
        kept.append({"reason": reason, "entry": entry})
    return json.dumps(kept[-MAX_ASIDE:])


#: Each game's page in the site's folder (and in each language's folder), by the game's name.
GAME_PAGES = {"dvonn": "index.html", "diamonds": "diamonds.html"}


def game_page(game, here):
    """The address of ``game``'s own page beside this one (``here``: this page's address, without
    its query or fragment), where "Open" in the list takes a game of the other game: the site's
    page of that game in this page's folder, in this page's language.  The page an entry names
    in storage is not followed (anything may be written there).  None for a game the site has
    no page for.

    >>> game_page("diamonds", "https://a.github.io/site/de/index.html")
    'https://a.github.io/site/de/diamonds.html'
    >>> game_page("dvonn", "https://a.github.io/site/"), game_page("chess", "https://a.github.io/site/")
    ('https://a.github.io/site/index.html', None)
    """
    if type(game) is not str or game not in GAME_PAGES or type(here) is not str or "/" not in here:
        return None
    return here[:here.rfind("/") + 1] + GAME_PAGES[game]
