"""One rule for every parser of outside input (links, embeds, saves, imported records, the editor's
position field; issue 44): read with limits first, check every field's type and range against what
the page accepts before any of it reaches a constructor or ``**options``, and raise only the
parser's own error, with a short message that quotes at most 40 characters of the input.

Pure Python with no DOM (MicroPython and CPython alike).  Each function takes ``error``, the
exception class the calling parser documents (``LinkError``, ``SavedGameError``, ``EmbedError``...),
and raises only that.

>>> number("12", 6, ValueError, "its count")
12
>>> number("\\u00b2", 6, ValueError, "its count")
Traceback (most recent call last):
...
ValueError: its count is not a whole number ('²')
>>> json_depth('{"a": [1, {"b": "[[["}]}')
3
>>> options({"random_setup": True}, {"random_setup": bool}, ValueError)
{'random_setup': True}
>>> options({"players": 1}, {"random_setup": bool}, ValueError)
Traceback (most recent call last):
...
ValueError: its setting 'players' is not one this page has
"""

import json

from dvonn_core.common.errors import quote
from dvonn_core.common.tags import is_word
from kernel.i18n import _

#: The longest message a parser's error may carry, and the longest tag name (a record's tags are
#: words: letters, digits and _).
MAX_MESSAGE = 400
MAX_TAG_NAME = 40
#: The longest position string a page reads (a DVONN position is under 200 characters, a
#: Diamonds & Pivots one under 100).
MAX_POSITION = 1000
#: The most pivots (Diamonds & Pivots) that a link, a record, an embed or a save from outside holds.
#: Each is a step of the rules to check, and the rules allow chains of thousands (a depth-first
#: search finds one of 15,445 on the long-chain position: 64 KB of text holds about 8,000), while no
#: game of this site comes near (a game of 122 turns had 53; the long-chain position's turn has 288).
#: Counted in the text (its '>'s) before any move is read.
MAX_PIVOTS = 1000


def short(message):
    """``message`` cut to :data:`MAX_MESSAGE` characters (a library's message quoting a record's
    move, with the page's own words around it).

    >>> len(short("x" * 1000)), short("fine")
    (400, 'fine')
    """
    message = str(message)
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 3] + "..."


def bare(text):
    r"""``text`` as an error message shows it without quote marks: cut to 40 characters, its
    control characters escaped (``dvonn_core.common.errors.quote``).

    >>> bare("F3"), bare("e5\x00")
    ('F3', 'e5\\x00')
    """
    return quote(text)[1:-1]


def number(text, most_digits, error, what):
    """The whole number written in ``text`` (ASCII digits only, at most ``most_digits`` of them);
    ``error`` naming ``what`` otherwise (never Python's own ValueError of ``int()``)."""
    if not text or len(text) > most_digits or not all("0" <= ch <= "9" for ch in text):
        raise error(_("%(what)s is not a whole number (%(text)s)") % {"what": what, "text": quote(text)})
    return int(text)


def json_depth(text):
    """How deep the arrays and objects of JSON ``text`` nest (strings skipped), in one pass: what
    ``json.loads`` would recurse into, found without recursing."""
    depth = most = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "[" or ch == "{":
            depth += 1
            if depth > most:
                most = depth
        elif ch == "]" or ch == "}":
            depth -= 1
    return most


#: The most digits a number from outside has (a seed is at most 13): a longer one is refused before
#: JSON is parsed, as MicroPython turns a number of 500,000 digits into an int in 40 s.
MAX_DIGITS = 15


def long_number(text, most=MAX_DIGITS):
    """Whether JSON ``text`` holds a number of more than ``most`` digits (strings skipped).  A regular
    expression finds where one may begin (at C speed); only then is the text read character by
    character, to tell a number from digits inside a string.

    >>> long_number('{"seed": 12345678901234567}'), long_number('{"seed": 123456789012}')
    (True, False)
    >>> long_number('{"Event": "Round: 12345678901234567"}'), long_number('[1, -12345678901234567]')
    (False, True)
    """
    import re

    if re.search("[:,[][ \t\r\n]*-?" + "[0-9]" * (most + 1), text) is None:
        return False
    run = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif "0" <= ch <= "9":
            run += 1
            if run > most:
                return True
            continue
        elif ch == '"':
            in_string = True
        run = 0
    return False


def loads(text, error, message, most_depth=None):
    """``json.loads(text)``, or ``error(message)`` for text that is not JSON, or nests deeper than
    Python's stack (CPython's parser recurses: RecursionError; MicroPython's does not), or than
    ``most_depth`` when given (checked first, character by character: for short texts only)."""
    if most_depth is not None and json_depth(text) > most_depth:
        raise error(message)
    try:
        return json.loads(text)
    except (ValueError, RuntimeError):  # RecursionError is a RuntimeError
        raise error(message) from None


def options(values, schema, error):
    """``values`` (a game's settings from outside) checked against ``schema`` (name -> type): each
    name the page has, each value of exactly its type.  A new dict."""
    if type(values) is not dict:
        raise error(_("its settings are not valid"))
    out = {}
    for name in values:
        if type(name) is not str or name not in schema:
            raise error(_("its setting %(name)s is not one this page has") % {"name": quote(name)})
        if type(values[name]) is not schema[name]:
            raise error(_("its setting %(name)s is not valid") % {"name": quote(name)})
        out[name] = values[name]
    return out


def pivots(texts, error, message):
    """Refuse with ``error(message)`` moves from outside, a text or a list of texts, that hold more
    than :data:`MAX_PIVOTS` pivots ('>'), before any is read.

    >>> pivots(["e5 c5>f5", "pass"], ValueError, "too many")
    >>> pivots("e5" + " c5>f5" * 1001, ValueError, "more than 1000 pivots")
    Traceback (most recent call last):
    ...
    ValueError: more than 1000 pivots
    """
    if type(texts) is str:
        texts = [texts]
    count = 0
    for text in texts:
        if type(text) is str:
            count += text.count(">")
    if count > MAX_PIVOTS:
        raise error(message)


def tag(name, value, error, one_line=False):
    """Check one tag from outside: its name a word of at most 40 characters (what a record can
    write), its value text; with ``one_line``, text with no tab, line feed or carriage return
    (a link's tag line, which a tab would split and a return would not survive)."""
    if not is_word(name) or len(name) > MAX_TAG_NAME:
        raise error(_("its tag name %(name)s is not valid (letters, digits and _ only)") % {"name": quote(name)})
    if type(value) is not str or (one_line and ("\t" in value or "\n" in value or "\r" in value)):
        raise error(_("its tag %(name)s does not hold a line of text") % {"name": quote(name)})


def read_position(text, start, error):
    """The game at the position string ``text`` from outside (a field the player types into, an
    address): ``start(position)`` is the game's (``persist.SAVES.start``).  Refused with ``error``
    before it is parsed when longer than :data:`MAX_POSITION`; the rules' own ``ValueError`` (the
    game's ``PositionError``) otherwise, with a message of at most 400 characters.

    >>> from dvonn import persist
    >>> read_position(" 9-10-11-10-9.wp ", persist.SAVES.start, ValueError).position()
    '9-10-11-10-9.wp'
    >>> read_position("x" * 5000, persist.SAVES.start, ValueError)
    Traceback (most recent call last):
    ...
    ValueError: the position is 5000 characters long: a position has at most 1000
    """
    if type(text) is not str:
        raise error(_("the position is not text"))
    if len(text) > MAX_POSITION:
        raise error(_("the position is %(length)d characters long: a position has at most %(most)d")
                    % {"length": len(text), "most": MAX_POSITION})
    text = text.strip()
    if not text:
        raise error(_("the position is empty"))
    try:
        return start(text)
    except ValueError as e:
        if len(str(e)) > MAX_MESSAGE:
            raise type(e)(short(e)) from None
        raise
