"""The site in the readers' languages: the catalogs (gettext ``.po`` files read with Babel), the
templates' messages, and what a page in a language holds besides its translated text.

How a message reaches a page:

- **HTML.** A template marks a message with double brackets: ``<p>[[Click <b>Reset</b>.]]</p>``,
  ``content="[[The rules of DVONN]]"``.  The message is the HTML source between them, its white
  space made single spaces (``message_id``), so re-wrapping a paragraph does not change it.  The
  build replaces each marker by the message's translation (``translate``) before it fills the
  template's ``{{values}}``, so a message may hold a ``{{value}}`` (a link's target) that its
  translation keeps.
- **Python.** The pages' Python (and the build's own) call ``_()`` / ``ngettext()`` from
  ``web/kernel/i18n.py``.  Babel extracts them (``tools/messages.py``); the build writes the
  messages of a page's own modules, in the page's language only, into the page as JSON
  (``page_messages``), which kernel/i18n.py reads on the first call.  At build time the build
  installs each language's catalog into kernel/i18n.py before it draws that language's pages.

The pages of a language other than English live in a folder named by its code (``de/``) with the
English root's file names; they use the root's runtime and shared files (``relocate``).
Messages without a translation show in English; tests/test_messages.py fails on any.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from sitebuild import ROOT

#: The site's languages, English (the root, the templates' own text) first: code -> own name (the
#: codes are kernel/i18n.py's LANGUAGES, which the pages check an embed's lang= against).
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "nl": "Nederlands"}
SOURCE = "en"
LOCALE = ROOT / "locale"
DOMAIN = "site"  # locale/<code>/LC_MESSAGES/site.po, locale/site.pot
#: Where a page keeps the reader's choice of language (localStorage), set by the picker.
STORAGE_KEY = "dvonn-lang"
#: Where a page keeps, for the next page, the address it sent the reader to in their language (sessionStorage).
SENT_KEY = "dvonn-lang-sent"
#: Babel's keywords for the pages' Python: ``_(message)``, ``ngettext(singular, plural, n)``, and
#: ``N_(message)`` (marked in a table, translated where it is shown).
KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "ngettext": (1, 2), "N_": None}

_MARKER = re.compile(r"\[\[(.*?)\]\]", re.S)


def message_id(text: str) -> str:
    """A marked text as a message: its white space made single spaces.

    >>> message_id("  Click <b>Reset</b>\\n  to start again. ")
    'Click <b>Reset</b> to start again.'
    """
    return " ".join(text.split())


def html_messages(text: str) -> list[tuple[int, str]]:
    """The messages marked in a template, as (line, message).

    >>> html_messages('<title>[[DVONN board]]</title>\\n<p>[[Two\\n lines]] and [[more]]</p>')
    [(1, 'DVONN board'), (2, 'Two lines'), (3, 'more')]
    """
    return [(text.count("\n", 0, m.start()) + 1, message_id(m.group(1))) for m in _MARKER.finditer(text)]


@dataclass
class Messages:
    """One language's catalog, as the build uses it: the translated messages only."""

    language: str
    plural: str = "(n != 1)"  # the Plural-Forms expression
    texts: dict[str, str] = field(default_factory=dict)  # message -> translation
    forms: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (singular, plural) -> forms
    files: dict[str, set[str]] = field(default_factory=dict)  # message (plural: its singular) -> source files

    def gettext(self, message: str) -> str:
        """``message`` translated, or itself."""
        return self.texts.get(message) or message

    def catalog(self) -> dict[str, object]:
        """The messages as kernel/i18n.py holds them (a plural under ``singular + "\\x00" + plural``)."""
        out: dict[str, object] = dict(self.texts)
        out.update({"%s\x00%s" % key: forms for key, forms in self.forms.items()})
        return out


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Messages:
    """The catalog of ``language`` (English: none, the templates are English).  Messages marked
    fuzzy or left empty are not translations."""
    from babel.messages.pofile import read_po

    if language == SOURCE:
        return Messages(language)
    with po_path(language).open("rb") as f:
        po = read_po(f, locale=language)
    out = Messages(language, po.plural_expr)
    for entry in po:
        if not entry.id or entry.fuzzy:
            continue
        key = entry.id if isinstance(entry.id, str) else entry.id[0]
        out.files[key] = {path for path, _ in entry.locations}
        if isinstance(entry.id, str):
            if isinstance(entry.string, str) and entry.string:
                out.texts[entry.id] = entry.string
        elif isinstance(entry.string, tuple | list) and all(entry.string):
            out.forms[(entry.id[0], entry.id[1])] = list(entry.string)
    return out


def translate(template: str, messages: Messages) -> str:
    """``template`` with each marked message replaced by its translation (English: the message).

    >>> translate("<p>[[Play the\\n game]]</p>", Messages("de", texts={"Play the game": "Spielen"}))
    '<p>Spielen</p>'
    """
    return _MARKER.sub(lambda m: messages.gettext(message_id(m.group(1))), template)


_TOKEN = re.compile(r"<code>.*?</code>|<[^>]*>|\{\{[^}]*\}\}|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdifrx]|%[sdifrx%]")


def placeholders(text: str) -> Counter[str]:
    """What a translation must keep of its message: the HTML tags (with their attributes), the
    notation in ``<code>``, the ``{{values}}`` and the Python ``%`` placeholders.

    >>> sorted(placeholders('See <a href="./{{guide_link}}">the guide</a>: <code>E3</code>, %(n)d.').elements())
    ['%(n)d', '</a>', '<a href="./{{guide_link}}">', '<code>E3</code>']
    """
    return Counter(_TOKEN.findall(text))


def problems(message: str, translation: str) -> list[str]:
    """What is wrong with ``translation`` of ``message`` ([] when nothing): empty, or its placeholders
    (``placeholders``) differ, or it brings a quote mark the message has not (a message may be an
    attribute's value: use typographic quotes instead).

    >>> problems("See <code>E3</code>.", "Siehe <code>E 3</code>.")
    ["placeholders differ: missing ['<code>E3</code>'], extra ['<code>E 3</code>']"]
    >>> print(*problems("Try it:", "Essaie 'ça' :"))
    a quote mark (') the message does not have
    >>> problems("Reset", "")
    ['no translation']
    """
    if not translation.strip():
        return ["no translation"]
    found = []
    want, got = placeholders(message), placeholders(translation)
    if want != got:
        found.append(f"placeholders differ: missing {sorted((want - got).elements())}, "
                     f"extra {sorted((got - want).elements())}")
    text = _TOKEN.sub("", translation)
    found += [f"a quote mark ({quote}) the message does not have" for quote in "\"'"
              if quote in text and quote not in _TOKEN.sub("", message)]
    return found


def python_messages(messages: Messages, files: Iterable[Path]) -> dict[str, object]:
    """The translated messages of the Python files ``files`` (a page's modules), for kernel/i18n.py: only
    those of the pages' own Python (web/), which calls ``_()`` on the page.  The library's messages (the
    Diamonds answers) are drawn into the page at build time and never asked for again."""
    mine = {rel for rel in (path.resolve().relative_to(ROOT).as_posix() for path in files) if rel.startswith("web/")}
    catalog = messages.catalog()
    return {key: value for key, value in catalog.items()
            if messages.files.get(key.split("\x00")[0], set()) & mine}


def page_messages(messages: Messages, files: Iterable[Path]) -> str:
    """The ``<script>`` element of a page's Python messages in its language ("" when it has none):
    JSON that kernel/i18n.py reads, ``<`` escaped so that no text can end the element.

    >>> page_messages(Messages("fr", "(n > 1)"), [])
    ''
    """
    found = python_messages(messages, files)
    if not found:
        return ""
    from kernel import i18n

    data = json.dumps({"plural": messages.plural, "messages": found}, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="{i18n.ELEMENT_ID}">{data}</script>'


def folder(language: str) -> str:
    """Where a language's pages are, from the site's root.

    >>> folder("en"), folder("de")
    ('', 'de/')
    """
    return "" if language == SOURCE else f"{language}/"


def href(page: str, language: str, here: str) -> str:
    """The address of ``page`` in ``language`` from a page in ``here`` (the root's index: its folder).

    >>> href("rules.html", "de", "en"), href("index.html", "en", "fr"), href("index.html", "nl", "de")
    ('./de/rules.html', '../', '../nl/')
    """
    up = "./" if here == SOURCE else "../"
    return up + folder(language) + ("" if page == "index.html" else page)


_LOCAL_LINK = re.compile(r'(\s(?:href|src|data-[\w-]+)=")\./([^"]*)"')


def relocate(page: str, names: Iterable[str]) -> str:
    """A page of the root made a page of a language's folder: a link to a page of the site (``names``,
    or the folder itself) stays in the folder; every other file of ours (runtime, styles, packs, the
    service worker, the guide) is the root's.

    >>> relocate('<a href="./">x</a><a href="./rules.html#end">y</a><link href="./style.css?v=1">', ["rules.html"])
    '<a href="./">x</a><a href="./rules.html#end">y</a><link href="../style.css?v=1">'
    >>> relocate('register("./sw.js")', [])
    'register("../sw.js")'
    """
    pages = set(names) | {""}

    def move(match: re.Match[str]) -> str:
        target = match.group(2)
        if re.split(r"[?#]", target, maxsplit=1)[0] in pages:
            return match.group(0)
        return f'{match.group(1)}../{target}"'

    return _LOCAL_LINK.sub(move, page).replace('register("./sw.js")', 'register("../sw.js")')


# The reader's language, in every page's <head> before anything is drawn: a page of the English root
# sends the reader to the same page in their language (the choice the picker saved, else the first of
# navigator.languages the site has) and an embed to the language of its lang= parameter; the picker's
# links save the choice.  The page is hidden while the other loads: nothing of it is drawn.  A page
# sent back to itself stays: offline, the service worker answers a page of a language it has not
# cached with the same page in a cached one (web/shared/sw.js), so the address the page sent the
# reader to is kept for the next page (sessionStorage), which clears it.  Written into every page with
# its lines' indentation taken out (no comments in it: a line is a statement).
_REDIRECT = """
(function () {
  var langs = %(langs)s, embed = %(embed)s, html = document.documentElement, here = html.lang, want = null, i;
  var sent = null, to;
  try { sent = sessionStorage.getItem("%(sent)s"); sessionStorage.removeItem("%(sent)s"); } catch (e) {}
  if (embed) {
    want = (/(?:^|[?&])lang=([a-z]+)/.exec(location.search.slice(1)) || [])[1];
  } else if (here === "en") {
    try { want = localStorage.getItem("%(key)s"); } catch (e) {}
    var asked = navigator.languages || [navigator.language];
    for (i = 0; !want && i < asked.length; i++) {
      var code = String(asked[i]).toLowerCase().split("-")[0];
      if (langs.indexOf(code) >= 0) want = code;
    }
  }
  if (want && want !== here && langs.indexOf(want) >= 0) {
    to = (here === "en" ? "./" : "../") + (want === "en" ? "" : want + "/")
      + location.pathname.split("/").pop() + location.search + location.hash;
  }
  if (to && to !== sent) {
    html.style.display = "none";
    try { sessionStorage.setItem("%(sent)s", to); } catch (e) {}
    location.replace(to);
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-lang]");
    if (link) try { localStorage.setItem("%(key)s", link.getAttribute("data-lang")); } catch (e) {}
  });
})();
"""


def head(page: str, name: str, language: str, embed: bool) -> str:
    """``page`` with its language: ``<html lang>``, the script that sends the reader to their
    language (right after the charset, before anything paints) and the ``hreflang`` links to the
    page in the other languages."""
    if '<html lang="en">' not in page or '<meta charset="utf-8">' not in page:
        raise SystemExit(f'build.py: {name} needs <html lang="en"> and <meta charset="utf-8"> to be translated')
    script = "\n".join(line.strip() for line in _REDIRECT.strip().splitlines()) % {
        "langs": json.dumps(list(LANGUAGES)), "embed": "true" if embed else "false", "key": STORAGE_KEY,
        "sent": SENT_KEY}
    links = "".join(f'\n<link rel="alternate" hreflang="{code}" href="{href(name, code, language)}">'
                    for code in LANGUAGES)
    links += f'\n<link rel="alternate" hreflang="x-default" href="{href(name, SOURCE, language)}">'
    page = page.replace('<html lang="en">', f'<html lang="{language}">', 1)
    return page.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n<script>{script}</script>'
                        + links, 1)


def picker(name: str, language: str) -> str:
    """The header's language picker on page ``name`` in ``language``: a link to the page in each
    language, in that language's own name (``data-lang``: the head script saves the choice)."""
    from kernel.i18n import _

    links = []
    for code, own in LANGUAGES.items():
        current = ' aria-current="page"' if code == language else ""
        links.append(f'<a href="{href(name, code, language)}" hreflang="{code}" lang="{code}" data-lang="{code}" '
                     f'title="{own}"{current}>{code.upper()}</a>')
    label = _("Language")
    return f'<nav class="languages" aria-label="{label}">{"".join(links)}</nav>'
