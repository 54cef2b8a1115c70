"""Nothing lost when the browser's storage is full or damaged (issue 57): every write is checked, what
was set aside earlier is dropped (oldest first) before the game in progress goes unsaved, and a game
that cannot be saved stays on the screen with a notice saying so."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .app import App

KEY = "dvonn.saved-game"
ASIDE = "dvonn.saved-game.unreadable"
#: Chromium keeps 5 MiB of text (keys and values, in characters) for each origin.
QUOTA = 5 * 1024 * 1024
MOVES = ["F3", "C3", "I3"]


def fill(app: App, key: str, room: int = 100) -> None:
    """Store under ``key`` what leaves ``room`` characters of the storage free (none else stored)."""
    app.page.evaluate("([k, n]) => { localStorage.clear(); localStorage.setItem(k, 'x'.repeat(n)); }",
                      [key, QUOTA - len(key) - room])


def stored(app: App, key: str) -> Any:
    return app.page.evaluate("k => localStorage.getItem(k)", key)


def reload(app: App) -> None:
    app.page.reload()
    app.wait_ready()


def play_three(app: App) -> None:
    app.new_game("human", "human")
    for move in MOVES:
        app.play(move)
    assert app.history() == MOVES


def test_what_was_set_aside_is_dropped_to_save_the_game(app: App) -> None:
    """A 5 MB entry set aside (a saved game that could not be read) fills the storage: three moves, a
    reload, and the moves are back; the player was told that the entry was deleted to make room."""
    fill(app, ASIDE)
    reload(app)  # the new game's first save makes room
    notice = app.notice()
    assert "storage was full" in notice and f'"{ASIDE}"' in notice, notice
    assert stored(app, ASIDE) is None
    play_three(app)
    reload(app)
    assert app.history() == MOVES


def test_the_oldest_set_aside_is_dropped_first(app: App) -> None:
    """Two entries set aside, the older one listed first in the order kept: only the older is dropped
    when that makes room."""
    app.page.evaluate("""([a, b, n]) => { localStorage.clear();
        localStorage.setItem(b, 'y'.repeat(n)); localStorage.setItem(a, 'x'.repeat(n));
        localStorage.setItem('set-aside.order', JSON.stringify([b, a])); }""",
                      [ASIDE, ASIDE + "-2", (QUOTA - 200) // 2 - 40])
    reload(app)
    play_three(app)
    assert stored(app, ASIDE + "-2") is None and len(stored(app, ASIDE)) > 1_000_000
    reload(app)
    assert app.history() == MOVES


def test_a_game_that_cannot_be_saved_stays_on_the_screen_and_says_so(app: App) -> None:
    """The storage full of what is not the site's to drop: each move says the game is not saved, and
    the game stays on the screen; nothing stored is deleted."""
    fill(app, "another-sites-data")
    reload(app)
    assert app.notice().startswith("This game could not be saved")
    play_three(app)
    notice = app.notice()
    assert notice.startswith("This game could not be saved: this browser's storage is full or disabled."), notice
    assert app.history() == MOVES
    assert len(stored(app, "another-sites-data")) > 5_000_000
    app.page.get_by_test_id("undo").click()
    assert "could not be saved" in app.notice() and app.history() == MOVES[:2]
    reload(app)
    assert app.history() == []


@pytest.mark.parametrize("damaged", ["{", "null", "[]", "x" * 100_000])
def test_a_damaged_puzzle_rating_is_set_aside_once_and_replaced(app: App, damaged: str) -> None:
    """A puzzle rating that cannot be read (damaged, or too large to be read): its notice on the first
    load only, the data kept aside as it was and a new player's rating stored in its place."""
    page = app.page
    page.goto(app.base_url + "puzzles.html")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", ["dvonn.puzzles", damaged])
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    notice = page.get_by_test_id("puzzle-notice")
    assert notice.is_visible() and notice.inner_text() == (
        "Your saved puzzle rating could not be read; it starts again. The data is kept in this browser under "
        '"dvonn.puzzles.unreadable".')
    assert stored(app, "dvonn.puzzles.unreadable") == damaged
    assert json.loads(stored(app, "dvonn.puzzles"))["rating"] == 1500
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    assert not page.get_by_test_id("puzzle-notice").is_visible()


def test_a_huge_list_of_games_by_link_is_set_aside_unread_and_the_page_starts(app: App) -> None:
    """Issue 56, item 11: a list of games by link holding a 5 MB string stopped the game page at start
    (MemoryError), on every load.  Its size is read first: it is set aside unread, with the reason, and
    the page starts; on the next load, no notice."""
    page = app.page
    text = json.dumps([{"id": "abcdefgh", "value": "1" + "x" * 5_000_000}])
    page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", ["games-by-link", text])
    reload(app)
    message = page.get_by_test_id("link-message")
    assert message.is_visible() and message.inner_text() == (
        "The list of games by link stored in this browser could not be read (it is too large: 4.8 MB): it was set "
        'aside under "games-by-link.unreadable-2".')
    assert stored(app, "games-by-link.unreadable-2") == text and stored(app, "games-by-link") is None
    play_three(app)
    reload(app)
    assert app.history() == MOVES and not page.get_by_test_id("link-message").is_visible()
