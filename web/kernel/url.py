"""Addresses, for every game's pages: query strings read and written, and the ``<iframe>`` of an
embedded board.  Pure Python (no DOM): the same code runs on the page (MicroPython) and in the
unit tests (CPython).  A game's ``embed_params`` checks the values against its rules.

>>> sorted(parse_query("?flip=1&caption=Move+3").items())
[('caption', 'Move 3'), ('flip', '1')]
>>> flag({"flip": "yes"}, "flip", False), flag({}, "labels", True)
(True, True)
"""

from dvonn_core.common.errors import quote as quoted
from kernel.i18n import _

_HEX = "0123456789abcdef"
_TRUE = ("1", "true", "yes", "on", "")
_FALSE = ("0", "false", "no", "off")
# Characters left as they are in a query value (the rest is %-encoded).
_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~,"


class EmbedError(ValueError):
    """A parameter of the address that cannot be used; the message says which and why."""


def link_value(fragment, prefix):
    """The value of an address's ``#...`` part that starts with ``prefix`` (``"#position="``), still
    %-encoded, as the site wrote it: without the "." and ")" that mail and chat programs leave after a
    link, which no value of a link of this site ends in (a position string ends in its side to move, a
    record link in its last line's %-encoded end, a game link in base64, a puzzle's id in a digit).
    ``None`` if ``fragment`` does not start with ``prefix``.  Every page reads its links through this.

    >>> link_value("#position=9-10-11-10-9.wp.", "#position="), link_value("#record=F3%0A).", "#record=")
    ('9-10-11-10-9.wp', 'F3%0A')
    >>> link_value("#game=1abc", "#position=") is None, link_value("#id=p1.46)", "#id=")
    (True, 'p1.46')
    """
    if fragment[:len(prefix)] != prefix:
        return None
    end = len(fragment)
    while end > len(prefix) and fragment[end - 1] in ".)":
        end -= 1
    return fragment[len(prefix):end]


def _is_hex(byte):
    return chr(byte).lower() in _HEX


def unquote(text):
    """Decode %-escapes and '+' of a query string part (UTF-8).

    >>> unquote("a+b%2C%C3%A9"), unquote("b6+c5%3Ef5"), unquote("%%41%4"), unquote("100%")
    ('a b,é', 'b6 c5>f5', '%A%4', '100%')
    """
    text = text.replace("+", " ")
    if "%" not in text:
        return text  # in C: a loop over each character is seconds for 64 KB on MicroPython
    parts = text.encode("utf-8").split(b"%")
    out = bytearray(parts[0])
    for part in parts[1:]:  # one step an escape
        if len(part) >= 2 and _is_hex(part[0]) and _is_hex(part[1]):
            out.append(_HEX.index(chr(part[0]).lower()) * 16 + _HEX.index(chr(part[1]).lower()))
            out.extend(part[2:])
        else:
            out.append(37)  # a '%' that starts no escape stays
            out.extend(part)
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:
        raise EmbedError(_("the address has a %%-escape that is not UTF-8 text: %s") % quoted(text)) from None


def quote(text):
    """%-encode text for a query value (letters, digits, '-_.~,' stay as they are).

    >>> quote("E3 & F4, é")
    'E3%20%26%20F4,%20%C3%A9'
    """
    out = []
    for byte in text.encode("utf-8"):
        ch = chr(byte)
        if byte < 128 and ch in _SAFE:
            out.append(ch)
        else:
            out.append("%" + _HEX[byte // 16].upper() + _HEX[byte % 16].upper())
    return "".join(out)


def parse_query(search):
    """A query string ('?a=1&b=2', leading '?' optional) as a dict of decoded values.

    A parameter given twice is an error, so an author's typo cannot silently win.
    """
    if search.startswith("?"):
        search = search[1:]
    params = {}
    for part in search.split("&"):
        if not part:
            continue
        name, _eq, value = part.partition("=")
        name = unquote(name).strip()
        if name in params:
            raise EmbedError(_("%s is given twice in the address; give it once") % quoted(name)[1:-1])
        params[name] = unquote(value)
    return params


def flag(params, name, default):
    """The yes/no parameter ``name`` of ``params`` (``default`` when it is not given)."""
    if name not in params:
        return default
    value = params[name].strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise EmbedError(_("%(name)s: %(value)s is not 1 or 0 (write %(name)s=1 or %(name)s=0)")
                     % {"name": name, "value": quoted(params[name])})


def attr(text):
    """``text`` escaped for an HTML attribute value in double quotes.

    >>> attr('a "b" <c> & d')
    'a &quot;b&quot; &lt;c&gt; &amp; d'
    """
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def iframe(url, width, height, title):
    """The ``<iframe>`` code of an embedded board at ``url``.

    >>> print(iframe("embed.html?a=1&b=2", 480, 246, "DVONN board"))  # doctest: +NORMALIZE_WHITESPACE
    <iframe src="embed.html?a=1&amp;b=2" width="480" height="246"
     style="border:0;max-width:100%" loading="lazy" title="DVONN board"></iframe>
    """
    return ('<iframe src="%s" width="%d" height="%d" style="border:0;max-width:100%%" loading="lazy" '
            'title="%s"></iframe>' % (attr(url), width, height, attr(title)))
