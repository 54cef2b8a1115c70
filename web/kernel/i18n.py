"""The pages' Python messages in the page's language: ``_`` and ``ngettext`` over one catalog.

Runs on MicroPython in the page (which has no ``gettext``) and on CPython at build time, where the
build draws the first paint with the same renderer.  A message is looked up by its English text;
without a translation the English text is used, so an English page needs no catalog at all.

Where the catalog comes from:

- on a page, the build writes the messages of that page's modules in that page's language into
  the page, as ``<script type="application/json" id="dvonn-messages">`` (sitebuild/i18n.py); the
  first ``_`` call has JavaScript parse it (no request, and only the page's own language), and each
  message is asked of JavaScript when first needed (:class:`PageMessages`);
- at build time, the build calls :func:`install` with each language's catalog before drawing
  that language's pages.

The catalog's form (what ``sitebuild.i18n.page_messages`` writes): ``{"plural": <the
Plural-Forms expression>, "messages": {msgid: text, singular + "\\x00" + plural: [forms]}}``.

>>> install({"Reset": "Zurücksetzen", "%d piece\\x00%d pieces": ["%d Stein", "%d Steine"]}, "n != 1")
>>> _("Reset"), _("Undo")
('Zurücksetzen', 'Undo')
>>> ngettext("%d piece", "%d pieces", 1) % 1, ngettext("%d piece", "%d pieces", 3) % 3
('1 Stein', '3 Steine')
>>> install({"%d piece\\x00%d pieces": ["%d pièce", "%d pièces"]}, "n > 1")
>>> ngettext("%d piece", "%d pieces", 0) % 0, ngettext("%d piece", "%d pieces", 2) % 2
('0 pièce', '2 pièces')
>>> ngettext("%d stone", "%d stones", 0) % 0  # no translation: English, and its rule
'0 stones'
>>> install(None)
"""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict

#: The site's languages (sitebuild/i18n.py names them): English is the templates' own text.
LANGUAGES = ("en", "de", "fr", "nl")

#: The plural rules the site's languages use, by their ``Plural-Forms`` expression: the index of
#: the form for ``n``.  English, German and Dutch share the first; French says "0 pièce".  A
#: language with another rule adds its expression here (the build refuses one it cannot find).
PLURALS = {
    "n != 1": lambda n: 0 if n == 1 else 1,
    "n > 1": lambda n: 1 if n > 1 else 0,
}
#: The id of the element holding a page's catalog.
ELEMENT_ID = "dvonn-messages"
#: What a page's catalog that cannot be read is told (by :func:`load` and by the page's reader alike).
NOT_A_CATALOG = "the page's messages are not a catalog (see kernel/i18n.py)"

#: The languages that write a decimal comma ("5,9"); the others write a point ("5.9").
DECIMAL_COMMA = ("de", "fr", "nl")

_messages = None  # msgid -> text (or list of plural forms); None: not read yet
_plural = PLURALS["n != 1"]
_language = "en"  # the page's language (its <html lang>), for numbers


def plural_rule(expression):
    """The function of a ``Plural-Forms`` expression (spaces and outer brackets do not matter).

    >>> plural_rule("(n > 1)")(0), plural_rule("n!=1")(0)
    (0, 1)
    >>> plural_rule("n%10==1")
    Traceback (most recent call last):
    ...
    ValueError: no plural rule for 'n%10==1' in kernel/i18n.py (known: n != 1, n > 1)
    """
    key = expression.replace(" ", "")
    while key.startswith("(") and key.endswith(")"):
        key = key[1:-1]
    for known, rule in PLURALS.items():
        if known.replace(" ", "") == key:
            return rule
    raise ValueError("no plural rule for %r in kernel/i18n.py (known: %s)" % (expression, ", ".join(PLURALS)))


def install(messages, plural="n != 1", language="en"):
    """Use ``messages`` (msgid -> text, or a list of plural forms) from now on, and write numbers
    the way of ``language``; ``None`` forgets them (the next ``_`` reads the page's catalog again)."""
    global _messages, _plural, _language
    _messages = messages
    _plural = plural_rule(plural)
    _language = language


def load(text):
    """Install a catalog given as the JSON text the build writes into a page, read in Python.  A page has
    JavaScript read it instead (``_READ_CATALOG``); this is the reading the tests hold that one to.

    >>> load('{"plural": "n > 1", "messages": {"Pass": "Passer", "a\\\\u0000b": ["A", "B"]}}')
    >>> _("Pass"), ngettext("a", "b", 0), ngettext("a", "b", 2)
    ('Passer', 'A', 'B')
    >>> load('{"messages": []}')
    Traceback (most recent call last):
    ...
    ValueError: the page's messages are not a catalog (see kernel/i18n.py)
    >>> install(None)
    """
    import json
    catalog = json.loads(text)
    messages = catalog.get("messages") if isinstance(catalog, dict) else None
    if not isinstance(messages, dict):
        raise ValueError(NOT_A_CATALOG)
    install(messages, catalog.get("plural", "n != 1"))


def check_language(params):
    """An embed's ``lang=`` names one of the site's languages (the page is in it already: its head
    script went to that language's folder before any Python ran); ``EmbedError`` if not.

    >>> check_language({"lang": "fr"})
    >>> check_language({"lang": "es"})
    Traceback (most recent call last):
    ...
    kernel.url.EmbedError: lang: 'es' is not a language of this site (en, de, fr, nl)
    """
    if params.get("lang", "en") not in LANGUAGES:
        from dvonn_core.common.errors import quote
        from kernel.url import EmbedError
        raise EmbedError("lang: %s is not a language of this site (%s)" % (quote(params["lang"]), ", ".join(LANGUAGES)))


def _page_catalog():
    """Read the page's catalog and language, once; without a page (CPython, tests) or a catalog: English."""
    global _language
    try:
        import js
        document = js.document
    except (ImportError, AttributeError):
        document = None
    element = document.getElementById(ELEMENT_ID) if document else None
    if element:
        catalog = document.defaultView.Function("element", _READ_CATALOG)(element)
        if isinstance(catalog, str):
            raise ValueError(NOT_A_CATALOG)
        install(PageMessages(catalog), str(catalog.plural))
    else:
        install({}, "n != 1")
    if document:
        _language = str(document.documentElement.lang or "en")


# A page's catalog stays in JavaScript, where its JSON is parsed (JSON.parse: well under a millisecond): read in
# MicroPython, the 25 KB of a German game page took 12-14 ms of the page's start (issue 45).  The function returns
# the string "bad" for what is not a catalog, since MicroPython cannot catch an exception thrown in JavaScript.  A
# plural message's key is asked for in its two parts: a NUL would cut a string short on its way into JavaScript.
_READ_CATALOG = """
let catalog = null;
try { catalog = JSON.parse(element.textContent); } catch (e) { return "bad"; }
const messages = catalog && catalog.messages;
if (!messages || typeof messages !== "object" || Array.isArray(messages)) return "bad";
const own = Object.prototype.hasOwnProperty;
const get = (key) => {
  const value = own.call(messages, key) ? messages[key] : null;
  return typeof value === "string" || Array.isArray(value) ? value : null;
};
return {
  plural: typeof catalog.plural === "string" ? catalog.plural : "n != 1",
  get: get,
  forms: (singular, plural) => get(singular + "\\u0000" + plural),
};
"""


class PageMessages:
    """The page's catalog as ``_`` and ``ngettext`` read it (``get``, as a dict's), each message asked of
    JavaScript once (``catalog``: what ``_READ_CATALOG`` returns)."""

    def __init__(self, catalog):
        self.catalog = catalog
        self.known = {}  # type: Dict[str, Any]

    def get(self, key):
        if key not in self.known:
            if "\x00" in key:
                singular, plural = key.split("\x00", 1)
                value = self.catalog.forms(singular, plural)
            else:
                value = self.catalog.get(key)
            if value is not None and not isinstance(value, str):  # a JavaScript array of plural forms
                value = [str(value[i]) for i in range(int(value.length))]
            self.known[key] = value
        return self.known[key]

    def __bool__(self):
        return True


def _current():
    """The messages in use (the page's, read on the first call)."""
    if _messages is None:
        _page_catalog()
    return _messages or {}


def _(message):
    """``message`` in the page's language (itself when it has no translation)."""
    text = _current().get(message)
    return text if isinstance(text, str) and text else message


def N_(message):
    """Marks a message for the catalogs where it is written (a module-level table) without
    translating it: the build imports the modules once for all languages, so the code that shows
    it calls ``_()`` on it there.

    >>> N_("White")
    'White'
    """
    return message


#: The sides' names, marked here so that every page that names a side has them in its catalog.
SIDE_NAMES = {"white": N_("White"), "black": N_("Black")}


def side_name(side):
    """A side (``"white"``, ``"black"``) by its name in the page's language.

    >>> side_name("black")
    'Black'
    """
    return _(SIDE_NAMES[side])


def decimal(value, digits=1, sign=False):
    """``value`` with ``digits`` decimals, written the way of the page's language (a decimal comma in
    de, fr, nl), with a ``+`` before a positive value if ``sign``.  Every number with decimals that a
    page shows is written by this function (``tests/test_numbers.py`` holds the pages to it).

    >>> decimal(5.94), decimal(-0.25, 2), decimal(0.99, 2, sign=True), decimal(0, 2, sign=True)
    ('5.9', '-0.25', '+0.99', '0.00')
    >>> install({}, language="de")
    >>> decimal(5.94), decimal(9), decimal(1.4, 2, sign=True)
    ('5,9', '9,0', '+1,40')
    >>> install(None)
    """
    _current()
    text = ("%." + str(digits) + "f") % value
    if sign and value > 0:
        text = "+" + text
    return text.replace(".", ",") if _language in DECIMAL_COMMA else text


def ngettext(singular, plural, n):
    """The form of a message for the number ``n``, in the page's language (``%d`` stays for the caller)."""
    forms = _current().get(singular + "\x00" + plural)
    if isinstance(forms, list) and forms:
        index = _plural(n)
        if index < len(forms) and forms[index]:
            return forms[index]
    return singular if n == 1 else plural
