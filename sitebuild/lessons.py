"""The lessons pages' data (issue 55): each game's lesson file (``lessons/<game>.txt``), checked through
the rules core and written into its page as JSON, its texts in the page's language.

The check runs once per game and build: a bad entry (a position that does not read, an answer that is not
legal, a goal no move can meet) stops the build with a message naming the file, the lesson and the task.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from importlib import import_module
from typing import Any

from sitebuild import ROOT

LESSONS = ROOT / "lessons"
_checked: dict[str, list[dict[str, Any]]] = {}


def read(game: str) -> list[dict[str, Any]]:
    """The lessons of ``game``'s file, checked (``SystemExit`` naming the lesson and task if one is bad)."""
    if game not in _checked:
        from kernel import lessons

        path = LESSONS / f"{game}.txt"
        try:
            found = lessons.parse(path.read_text())
            lessons.check(found, import_module(game + ".lessons").Rules())
        except lessons.LessonError as error:
            raise SystemExit(f"build.py: lessons/{game}.txt: {error}") from None
        _checked[game] = found
    return _checked[game]


def texts(game: str) -> list[tuple[str, str]]:
    """Every text of ``game``'s lessons that the page shows, with where it is (for tools/messages.py).

    >>> texts("dvonn")[:2]  # doctest: +ELLIPSIS
    [('Placing the pieces', 'lesson placement'), ('The game starts on an empty board, ...', 'lesson placement, task 1')]
    """
    out = []
    for lesson in read(game):
        out.append((str(lesson["title"]), f"lesson {lesson['id']}"))
        for i, task in enumerate(lesson["tasks"]):
            for key in ("text", "done"):
                if task[key]:
                    out.append((task[key], f"lesson {lesson['id']}, task {i + 1}"))
    return out


def page_values(game: str) -> Callable[[], dict[str, str]]:
    """The template values of ``game``'s lessons page: its lessons as JSON in the language being built
    (kernel/i18n.py's catalog is the page's language's then), and its board's viewBox."""
    def values() -> dict[str, str]:
        # A name the message extractor does not read: the texts are the lesson file's messages.
        from kernel.i18n import _ as translated

        out = []
        for lesson in read(game):
            tasks = [{"text": translated(task["text"]), "done": translated(task["done"]) if task["done"] else "",
                      "position": task["position"], "goals": task["goals"], "replies": task["replies"]}
                     for task in lesson["tasks"]]
            out.append({"id": lesson["id"], "title": translated(str(lesson["title"])), "rules": lesson["rules"],
                        "tasks": tasks})
        data = json.dumps(out, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
        return {"lessons_json": data, "viewbox": html.escape(import_module(game + ".render").VIEWBOX)}
    return values


def rules_links(game: str, learn_page: str) -> Callable[[str], str]:
    """What adds to a rules page (its text, in the language being built) a link under each section
    heading (``<h2 id="...">``) to the lessons that teach it (their ``rules:``); every section a lesson
    names must be on the page."""
    def links(page: str) -> str:
        from kernel.i18n import _
        from kernel.i18n import _ as translated  # (the titles are the lesson file's messages)

        learn_it = html.escape(_("Learn it, with tasks to solve:"), quote=False)
        for number, lesson in enumerate(read(game), 1):
            for section in str(lesson["rules"]).split():
                match = re.search(r'<h2 id="%s">.*?</h2>' % re.escape(section), page, re.S)
                if match is None:
                    raise SystemExit(f"build.py: lessons/{game}.txt: lesson {lesson['id']}: the rules page has no "
                                     f"section {section!r}")
                name = translated(str(lesson["title"]))
                title = html.escape(_("Lesson %(n)d: %(title)s") % {"n": number, "title": name}, quote=False)
                link = (f'\n<p class="learn-link"><a href="./{learn_page}?lesson={lesson["id"]}" '
                        f'data-testid="learn-link">{learn_it} '
                        f'{title}</a></p>')
                at = match.end()
                while page.startswith('\n<p class="learn-link">', at):  # after the links already there
                    at = page.index("</p>", at) + len("</p>")
                page = page[:at] + link + page[at:]
        return page
    return links
