"""Every copy button of the site puts its text on the clipboard (issue 43, defect 1): the test
reads the clipboard itself (Playwright grants ``clipboard-read``), not the page's notice."""

from __future__ import annotations

from typing import Any

import pytest

from .app import GamePage
from .test_by_link import link_of, start_by_link


@pytest.fixture(autouse=True)
def clipboard(page: Any, base_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))


def clipboard_after(game: GamePage, testid: str) -> str:
    """Empty the clipboard, click ``testid``, and read what it copied."""
    game.page.evaluate("navigator.clipboard.writeText('')")
    game.page.get_by_test_id(testid).click()
    game.page.wait_for_timeout(100)
    return str(game.page.evaluate("navigator.clipboard.readText()"))


def test_every_copy_button_copies_its_text(game: GamePage) -> None:
    game.play(game.simple_move())
    record = clipboard_after(game, "copy-record")
    assert record == game.page.get_by_test_id("share-box").input_value() and record.strip(), record
    link = clipboard_after(game, "share")
    assert link.startswith(game.base_url + game.PATH + "#record="), link
    embed = clipboard_after(game, "copy-embed")
    assert embed.startswith("<iframe") and embed == game.page.get_by_test_id("embed-code").input_value(), embed


def test_copy_link_of_a_game_by_link_copies_the_link(game: GamePage) -> None:
    start_by_link(game)
    game.play(game.simple_move())
    url = link_of(game)
    assert clipboard_after(game, "link-copy") == url
    assert "Link copied" in game.notice()
