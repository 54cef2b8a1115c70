"""Every crafted input of issue 44 (benchmarks/pages/fuzz_pages.py: crafted()) opened in Debian chromium: a game
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

from benchmarks.pages import fuzz_pages

from .doc_helpers import check_requests

PAGES = {"dvonn": "index.html", "diamonds": "diamonds.html"}
SAVED = {"dvonn": "dvonn.saved-game", "diamonds": "diamonds.saved-game"}
REGISTRY = "games-by-link"
CRAFTED = fuzz_pages.crafted()
LINKS = [case for entry, case in CRAFTED if entry.startswith("link")]
EMBEDS = [case for entry, case in CRAFTED if entry.startswith("embed")]
SAVES = [case for entry, case in CRAFTED if entry == "save restore"]
RECORDS = [case for entry, case in CRAFTED if entry.startswith("import")]


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
        assert page.get_by_test_id("notice").inner_text() == message.inner_text()  # over the board too
        assert storage(page, REGISTRY) in (None, "[]"), value[:60]
        saved = storage(page, SAVED[name])
        assert saved is None or json.loads(saved)["moves"] == [], value[:60]  # the fresh game, if any
        assert page.evaluate("document.body.dataset.linkGame") in (None, "")


def test_each_crafted_record_link_leaves_the_page_ready_saying_why_and_the_game_unchanged(browser_page: Any,
                                                                                         base_url: str) -> None:
    """The crafted records as ``#record=`` links (what "Share link" writes): the page is ready, the
    notice says why, and the game on the board and in storage is the one it had."""
    page = browser_page
    for name, text in RECORDS:
        load(page, base_url + PAGES[name])
        page.evaluate("localStorage.clear()")
        load(page, base_url + PAGES[name])
        before, stored = page.evaluate("document.body.dataset.position"), storage(page, SAVED[name])
        load(page, base_url + PAGES[name] + "#record=" + quote(text, safe=""))
        page.wait_for_function("location.hash === ''")
        notice = page.get_by_test_id("notice").inner_text()
        assert notice.startswith("Could not read the record in the link: "), notice
        assert notice.endswith("The game on the board is unchanged.") and len(notice) < 500, notice
        assert page.evaluate("document.body.dataset.position") == before and storage(page, SAVED[name]) == stored


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


def test_a_previous_game_that_cannot_be_restored_is_set_aside_once(browser_page: Any, base_url: str) -> None:
    """"Back to the previous game" on a stored previous game that cannot be restored: the reason is
    said, the text kept aside as it was, the button gone (also after a reload), the game on the board
    unchanged."""
    page = browser_page
    previous = SAVED["dvonn"] + ".previous"
    text = next(text for name, text in SAVES if name == "dvonn"
                and fuzz_pages.run_case("save restore", (name, text))[0] != "opened")
    load(page, base_url + PAGES["dvonn"])
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [previous, text])
    load(page, base_url + PAGES["dvonn"])
    before = page.evaluate("document.body.dataset.position")
    button = page.get_by_test_id("previous-game")
    assert button.is_visible()
    button.click()
    page.wait_for_function("document.querySelector('[data-testid=notice]').textContent.length > 0")
    notice = page.get_by_test_id("notice").inner_text()
    assert notice.startswith("The previous game could not be restored: ") and SAVED["dvonn"] + ".unreadable" in notice
    assert storage(page, SAVED["dvonn"] + ".unreadable") == text and storage(page, previous) is None
    assert not button.is_visible() and page.evaluate("document.body.dataset.position") == before
    load(page, base_url + PAGES["dvonn"])
    assert not page.get_by_test_id("previous-game").is_visible()


def test_open_in_the_list_goes_to_the_games_own_page_whatever_the_entry_says(browser_page: Any,
                                                                            base_url: str) -> None:
    """A Diamonds & Pivots entry in the list of the DVONN page whose stored page is another page of the
    same origin: "Open" goes to this site's Diamonds & Pivots page beside this one, and the game opens."""
    page = browser_page
    value = next(value for name, value in fuzz_pages.links() if name == "diamonds")
    origin = base_url[:base_url.index("/", base_url.index("//") + 2)]
    entry = {"id": "abcdefgh", "value": value, "game": "diamonds", "page": origin + "/elsewhere/x.html", "moves": 0,
             "mine": "white", "opponent": "", "to_move": "white", "opened": 1, "first": "white"}
    load(page, base_url + PAGES["dvonn"])
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [REGISTRY, json.dumps([entry])])
    load(page, base_url + PAGES["dvonn"])
    page.get_by_test_id("link-open").click()
    page.wait_for_url(base_url + PAGES["diamonds"] + "*")
    page.wait_for_function("document.body.dataset.ready === 'true' && location.hash === ''")
    assert page.url == base_url + PAGES["diamonds"]
    assert page.evaluate("document.body.dataset.linkGame") == "abcdefgh"


def test_a_listed_game_by_link_that_cannot_be_opened_is_set_aside_once(browser_page: Any, base_url: str) -> None:
    """An entry of the list whose fields are right but whose link cannot be read (a crafted one): "Open"
    says why and sets it aside with the reason; it is not offered again, also after a reload."""
    page = browser_page
    refused = next(value for name, value in LINKS if name == "dvonn"
                   and fuzz_pages.run_case("link read", (name, value))[0] != "opened" and len(value) < 2000)
    entry = {"id": "abcdefgh", "value": refused, "game": "dvonn", "page": base_url + "index.html", "moves": 2,
             "mine": "white", "opponent": "", "to_move": "white", "opened": 1, "first": "white"}
    load(page, base_url + PAGES["dvonn"])
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [REGISTRY, json.dumps([entry])])
    load(page, base_url + PAGES["dvonn"])
    before = page.evaluate("document.body.dataset.position")
    page.get_by_test_id("link-open").click()
    message = page.get_by_test_id("link-message")
    page.wait_for_function("document.querySelector('[data-testid=link-message]').textContent.length > 0")
    assert "could not be read" in message.inner_text() and "set aside" in message.inner_text()
    assert json.loads(storage(page, REGISTRY)) == []
    aside = json.loads(storage(page, REGISTRY + ".unreadable"))
    assert [a["entry"]["value"] for a in aside] == [refused] and aside[0]["reason"]
    assert page.evaluate("document.body.dataset.position") == before
    assert page.get_by_test_id("link-game-item").count() == 0
    load(page, base_url + PAGES["dvonn"])
    assert page.get_by_test_id("link-game-item").count() == 0 and not page.get_by_test_id("link-message").is_visible()
    # A link of the same game id arrives: its game is stored, once, and the unreadable entry set aside.
    opens = LINKS[-1][1]
    assert fuzz_pages.run_case("link read", ("dvonn", opens))[0] == "opened"
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [REGISTRY, json.dumps([entry])])
    load(page, base_url + PAGES["dvonn"] + "#game=" + opens)
    page.wait_for_function("location.hash === ''")
    assert page.evaluate("document.body.dataset.linkGame") == "abcdefgh"
    stored = json.loads(storage(page, REGISTRY))
    assert [e["id"] for e in stored] == ["abcdefgh"] and stored[0]["value"] != refused  # the page's link of it
    assert [a["entry"]["value"] for a in json.loads(storage(page, REGISTRY + ".unreadable"))] == [refused]
