"""A very long address is refused unread on every page, which starts and says why (issue 56, item 10).

A query string or ``#...`` of megabytes stopped the pages: the editor and analysis boards ran out of
memory reading the address, and a ``hashchange`` to one raised an uncaught ``MemoryError``.  Such an
address never reaches the server here: ``serve.py``, as most hosts, answers 414 for a request line
that long, so the page is served by the service worker, as to a player who has opened the site
before.  Each test opens the editor first, which installs it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .doc_helpers import check_requests

MB = 1024 * 1024
#: Two million characters: Chromium opens no address of more than 2 MiB.
BIG = 2_000_000
NOT_READ = "This address was not read: it holds %d KB, more than the 128 KB a page of this site reads."
#: Where each page says it: the game pages' notice, the boards' notice, the puzzles' notice, the rules
#: pages' line at the top, the embed's error.
SAYS = {"index.html": "notice", "diamonds.html": "notice", "editor.html": "editor-error",
        "diamonds-editor.html": "editor-error", "analysis.html": "notice", "diamonds-analysis.html": "notice",
        "puzzles.html": "puzzle-notice", "diamonds-puzzles.html": "puzzle-notice",
        "rules.html": "address-refused", "diamonds-rules.html": "address-refused", "learn.html": "lesson-notice",
        "diamonds-learn.html": "lesson-notice"}


@pytest.fixture()
def controlled(page: Any, base_url: str, requests_seen: list[str]) -> Iterator[Any]:
    """A page whose site's service worker is installed and in control; no error may reach it."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)[:300]))
    page.set_default_timeout(60_000)
    page.goto(base_url + "editor.html")
    page.wait_for_function("document.body.dataset.ready === 'true' && navigator.serviceWorker.controller !== null")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    yield page
    check_requests(base_url, [url[:2000] for url in requests_seen])
    assert not errors, f"errors on the page: {errors}"


def said(page: Any, testid: str) -> str:
    box = page.get_by_test_id(testid)
    return str(box.inner_text()) if box.count() and box.is_visible() else ""


def kb(length: int) -> int:
    return (length + 1023) // 1024


@pytest.mark.parametrize("path, tail", [
    ("index.html", "?x=" + "a" * BIG),
    ("index.html", "?x=" + "a" * MB + "#position=9-10-11-10-9.wp"),
    ("diamonds.html", "?x=" + "a" * BIG),
    ("editor.html", "#position=" + "a" * BIG),
    ("diamonds-editor.html", "#position=" + "a" * BIG),
    ("analysis.html", "#position=" + "a" * BIG),
    ("puzzles.html", "?x=" + "a" * MB),
    ("diamonds-puzzles.html", "#id=" + "a" * MB),
    ("rules.html", "?x=" + "a" * MB),
    ("diamonds-rules.html", "#" + "a" * MB),
    ("learn.html", "?lesson=" + "a" * MB),
    ("diamonds-learn.html", "#" + "a" * MB),
], ids=lambda value: value if len(value) < 40 else "%s-%dKB" % (value[:4], len(value) // 1024))
def test_a_page_opened_at_a_huge_address_starts_and_says_why(controlled: Any, base_url: str, path: str,
                                                             tail: str) -> None:
    page = controlled
    page.goto(base_url + path + tail)
    page.wait_for_function("document.body.dataset.ready === 'true'")
    assert page.evaluate("location.href") == base_url + path  # dropped: nothing reads it later
    message = said(page, SAYS[path])
    assert NOT_READ % kb(len(tail)) in message, message[:300]


@pytest.mark.parametrize("path", ["embed.html", "diamonds-embed.html"])
@pytest.mark.parametrize("size", [100 * 1024, BIG])
def test_an_embed_at_a_huge_address_says_why_it_shows_no_board(controlled: Any, base_url: str, path: str,
                                                               size: int) -> None:
    page = controlled
    query = "?position=" + "a" * size
    page.goto(base_url + path + query)
    page.wait_for_function("document.body.dataset.ready === 'error'")
    assert said(page, "error") == ("This board cannot be shown: its address holds %d KB, more than the 64 KB a "
                                   "board reads." % kb(len(query)))


@pytest.mark.parametrize("path", ["index.html", "editor.html", "analysis.html", "puzzles.html"])
def test_a_hashchange_to_a_huge_address_is_refused_and_the_board_stays(controlled: Any, base_url: str,
                                                                      path: str) -> None:
    page = controlled
    page.goto(base_url + path)
    page.wait_for_function("document.body.dataset.ready === 'true'")
    before = page.evaluate("document.body.dataset.position")
    page.evaluate("location.hash = '#position=' + 'a'.repeat(2000000)")
    page.wait_for_function("t => (document.querySelector(`[data-testid=${t}]`) || {}).textContent"
                           " && document.querySelector(`[data-testid=${t}]`).textContent.includes('was not read')",
                           arg=SAYS[path])
    assert NOT_READ % kb(2_000_010) in said(page, SAYS[path])
    assert page.evaluate("location.href") == base_url + path
    assert page.evaluate("document.body.dataset.position") == before
