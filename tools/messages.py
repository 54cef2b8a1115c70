#!/usr/bin/env python3
"""The site's message catalogs (locale/): extract the messages, update each language's catalog, count.

    python3 tools/messages.py extract   # locale/site.pot: every message of the templates and the Python
    python3 tools/messages.py update    # merge it into locale/<code>/LC_MESSAGES/site.po (new ones empty)
    python3 tools/messages.py stats     # translated / total messages per language

Where the messages are (sitebuild/i18n.py says how each reaches a page):

- the templates of build.py's pages and the parts they share: text marked ``[[...]]``;
- the Python of the pages (web/) and of the build (sitebuild/): ``_()`` and ``ngettext()``, found by
  Babel's extractor;
- the lessons' texts (``lessons/<game>.txt``: titles, tasks, what a task says when done), which
  sitebuild/lessons.py writes into the lessons pages in their language;
- the library's answers to the Diamonds & Pivots source's open questions
  (``dvonn_core.diamonds.ANSWERS``), which the rules page shows: the library stays free of gettext,
  so they are listed here.

Then translate the empty entries of each ``site.po`` (any PO editor, or by hand): a message keeps its
HTML tags, its ``<code>`` notation and its ``{{values}}`` / ``%`` placeholders (tests/test_messages.py)
and brings no straight quote mark of its own (a message may be an attribute's value: use typographic
quotes and the apostrophe U+2019).  French has a no-break space (U+00A0) before ``:`` ``;`` ``?`` ``!``
and inside its quotes.  The boards' buttons that the rules pages quote in bold (Reset, Undo, Next step,
Swap sides, Pass) are translated as the buttons will be.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the table of pages; it puts web/ on the path)
from sitebuild import SHARED, WEB, i18n  # noqa: E402

#: A fixed date in the catalogs' headers: a catalog changes only when its messages do.
DATE = datetime(2026, 11, 25, tzinfo=UTC)
PYTHON = (WEB, ROOT / "sitebuild")


def templates() -> list[Path]:
    """The templates of the site's pages, the frames they fill and the parts they share."""
    found = {page.template for page in build.PAGES} | {page.frame for page in build.PAGES if page.frame}
    found |= set((SHARED / "parts").glob("*.html"))
    return sorted(found)


def extract() -> object:
    """Every message of the site, as a Babel catalog (the template of the languages' catalogs)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    from dvonn_core.diamonds import ANSWERS

    catalog = Catalog(project="dvonn site", version="1", copyright_holder="the dvonn site's authors",
                      creation_date=DATE, revision_date=DATE, fuzzy=False)
    for path in templates():
        for line, message in i18n.html_messages(path.read_text()):
            catalog.add(message, locations=[(rel(path), line)], flags=["html"])
    for folder in PYTHON:
        for path in sorted(folder.rglob("*.py")):
            for line, message, comments, _context in extract_from_file(
                    "python", path, keywords=i18n.KEYWORDS, comment_tags=("Translators:",)):
                catalog.add(message, locations=[(rel(path), line)], auto_comments=comments)
    from sitebuild import lessons

    for game in ("dvonn", "diamonds"):
        if (lessons.LESSONS / f"{game}.txt").exists():
            for message, where in lessons.texts(game):
                catalog.add(message, locations=[(f"lessons/{game}.txt", 0)], auto_comments=[where])
    library = ROOT / "dvonn_core" / "diamonds" / "__init__.py"
    for topic, answer in ANSWERS:
        for message in (topic, answer):
            catalog.add(message, locations=[(rel(library), 0)],
                        auto_comments=["dvonn_core.diamonds.ANSWERS, shown on diamonds-rules.html"])
    return catalog


def rel(path: Path) -> str:
    return path.resolve().relative_to(ROOT).as_posix()


def write(catalog: object, path: Path) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, sort_by_file=True, include_lineno=True)


def update() -> None:
    """Merge the messages into each language's catalog: new messages empty, gone ones dropped."""
    from babel.messages.pofile import read_po

    template = extract()
    for code in i18n.LANGUAGES:
        if code == i18n.SOURCE:
            continue
        path = i18n.po_path(code)
        with path.open("rb") as f:
            catalog = read_po(f, locale=code)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.project, catalog.version = template.project, template.version
        catalog.revision_date = DATE
        write(catalog, path)
        print(f"{rel(path)}: {len(catalog)} messages")


def stats() -> list[tuple[str, int, int]]:
    """(language, translated, total) for each language."""
    from babel.messages.pofile import read_po

    total = len(extract())
    out = [(i18n.SOURCE, total, total)]
    for code in i18n.LANGUAGES:
        if code != i18n.SOURCE:
            with i18n.po_path(code).open("rb") as f:
                catalog = read_po(f, locale=code)
            done = sum(1 for m in catalog if m.id and not m.fuzzy and m.string
                       and (isinstance(m.string, str) or all(m.string)))
            out.append((code, done, total))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("command", choices=("extract", "update", "stats"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        catalog = extract()
        write(catalog, i18n.LOCALE / f"{i18n.DOMAIN}.pot")
        print(f"locale/{i18n.DOMAIN}.pot: {len(catalog)} messages")
    elif args.command == "update":
        write(extract(), i18n.LOCALE / f"{i18n.DOMAIN}.pot")
        update()
    else:
        for code, done, total in stats():
            print(f"{code} ({i18n.LANGUAGES[code]}): {done} / {total} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
