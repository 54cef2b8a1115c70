"""Every crafted input of issue 44 (benchmarks/fuzz_pages.py: crafted()) opened in Debian chromium: a game
link on its game's page, an embed's address, a save and a list of games by link in the browser's
storage.  Each time the page becomes ready (an embed: shows its error), the reason is shown where the
player looks, and nothing it could not open is stored; what is in storage and cannot be opened is set
aside with the reason once, not again on the next load."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from benchmarks import fuzz_pages

from .doc_helpers import check_requests

PAGES = {"dvonn": "index.html", "diamonds": "diamonds.html"}
SAVED = {"dvonn": "dvonn.saved-game", "diamonds": "diamonds.saved-game"}
REGISTRY = "games-by-link"
CRAFTED = fuzz_pages.crafted()
LINKS = [case for entry, case in CRAFTED if entry.startswith("link")]
EMBEDS = [case for entry, case in CRAFTED if entry.startswith("embed")]
SAVES = [case for entry, case in CRAFTED if entry == "save restore"]


@pytest.fixture()
def browser_page(page: Any, base_url: str, requests_seen: list[str]) -> Iterator[Any]:
    """The test's page, watched: no error may reach it, no request leave the host."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(60_000)
    yield page
    check_requests(base_url, requests_seen)
    assert not errors, f"errors on the page: {errors}"


def storage(page: Any, key: str) -> Any:
    return page.evaluate("k => localStorage.getItem(k)", key)


def load(page: Any, url: str) -> None:
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === 'true'")


def test_each_crafted_link_leaves_the_page_ready_saying_why_and_storing_nothing(browser_page: Any,
                                                                                base_url: str) -> None:
    page = browser_page
    for name, value in LINKS:
        outcome = fuzz_pages.run_case("link adopt", (name, value))[0]
        load(page, base_url + PAGES[name])
        page.evaluate("localStorage.clear()")
        load(page, base_url + PAGES[name] + "#game=" + value)
        page.wait_for_function("location.hash === ''")
        message = page.get_by_test_id("link-message")
        if outcome == "opened":
            assert page.evaluate("document.body.dataset.linkGame"), value[:60]
            continue
        assert message.is_visible(), value[:60]
        assert message.inner_text().startswith("This link cannot be opened: "), message.inner_text()
        assert len(message.inner_text()) < 500
        assert storage(page, REGISTRY) in (None, "[]"), value[:60]
        assert page.evaluate("document.body.dataset.linkGame") in (None, "")


def test_each_crafted_embed_shows_why_it_cannot_be_shown(browser_page: Any, base_url: str) -> None:
    page = browser_page
    for name, query in EMBEDS:
        url = base_url + ("embed.html" if name == "dvonn" else "diamonds-embed.html") + "?" + "&".join(
            part.split("=", 1)[0] + ("=" + quote(part.split("=", 1)[1], safe=",") if "=" in part else "")
            for part in query[1:].split("&"))
        page.goto("about:blank")
        page.goto(url)
        page.wait_for_function("document.body.dataset.ready === 'error' || document.body.dataset.ready === 'true'")
        assert page.evaluate("document.body.dataset.ready") == "error", query[:60]
        error = page.get_by_test_id("error")
        assert error.is_visible() and error.inner_text().startswith("This board cannot be shown: "), query[:60]
        assert len(error.inner_text()) < 500


@pytest.mark.parametrize("which", range(len(SAVES)))
def test_a_crafted_save_is_set_aside_once_with_the_reason(browser_page: Any, base_url: str, which: int) -> None:
    page = browser_page
    name, text = SAVES[which]
    if fuzz_pages.run_case("save restore", (name, text))[0] == "opened":
        pytest.skip("this save opens")
    load(page, base_url + PAGES[name])  # ready: it saves nothing more by itself
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [SAVED[name], text])
    load(page, base_url + PAGES[name])
    notice = page.get_by_test_id("notice")
    assert "could not be restored" in notice.inner_text()
    assert storage(page, SAVED[name] + ".unreadable") == text  # kept aside, as it was
    assert storage(page, SAVED[name]) != text  # the fresh game is saved over it
    load(page, base_url + PAGES[name])  # not read again
    assert "could not be restored" not in (page.get_by_test_id("notice").inner_text() or "")


def test_a_list_of_games_by_link_that_cannot_be_read_is_set_aside_once(browser_page: Any, base_url: str) -> None:
    page = browser_page
    good = {"id": "abcdefgh", "value": LINKS[-1][1], "game": "dvonn", "page": base_url + "index.html", "moves": 2,
            "mine": "white", "opponent": "", "to_move": "white", "opened": 1, "first": "white"}
    stored = json.dumps([good, {"id": 5, "value": "x"}, {"id": "k", "value": "1", "page": ["x"]}])
    load(page, base_url + "index.html")
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [REGISTRY, stored])
    load(page, base_url + "index.html")
    message = page.get_by_test_id("link-message")
    assert message.is_visible() and "could not be read" in message.inner_text()
    assert [g["id"] for g in json.loads(storage(page, REGISTRY))] == ["abcdefgh"]
    aside = json.loads(storage(page, REGISTRY + ".unreadable"))
    assert [a["reason"] for a in aside] == ["its field id is not valid", "its field page is not valid"]
    load(page, base_url + "index.html")
    assert not page.get_by_test_id("link-message").is_visible()
    assert len(json.loads(storage(page, REGISTRY + ".unreadable"))) == 2


@pytest.mark.parametrize("name", ["dvonn", "diamonds"])
def test_the_empty_games_share_link_opens_it(browser_page: Any, base_url: str, name: str) -> None:
    """Its link holds the record of the empty game (it held nothing, and did not open); a link that
    holds nothing, as the site wrote it before, opens the empty game too."""
    page = browser_page
    load(page, base_url + PAGES[name])
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-box").input_value()
    assert link != base_url + PAGES[name] + "#record="
    for url in (link, base_url + PAGES[name] + "#record="):
        load(page, url)
        page.wait_for_function("location.hash === ''")
        assert page.get_by_test_id("notice").inner_text() == "Opened the game in the link (0 moves)."
