"""What the page says about a link it cannot open is shown where the player looks: over the board,
on the first screen, on a phone and on a desktop whose list of games by link has an entry, and
still in the box of the games by link (issue 43, defect 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .app import GamePage
from .test_by_link import link_of, message, start_by_link

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def on_first_screen(game: GamePage, testid: str) -> bool:
    """Whether ``testid`` is shown and lies within the first screen of the page (scrolled to the top)."""
    game.page.evaluate("window.scrollTo(0, 0)")
    box = game.page.get_by_test_id(testid).bounding_box()
    return box is not None and box["height"] > 0 and box["y"] + box["height"] <= game.page.viewport_size["height"]


@pytest.mark.parametrize("size", list(SIZES))
def test_a_link_that_cannot_be_opened_is_said_over_the_board(game: GamePage, size: str, artifacts: Path) -> None:
    game.page.set_viewport_size(SIZES[size])
    start_by_link(game)  # the list has an entry
    game.play(game.simple_move())
    page = link_of(game).split("#")[0]
    before = game.position()
    game.page.goto(page + "#game=hello")
    game.wait_ready()
    game.page.wait_for_function("document.body.dataset.rejectedAt")
    words = "This link cannot be opened"
    assert words in game.notice() and words in message(game)
    assert on_first_screen(game, "notice"), game.page.get_by_test_id("notice").bounding_box()
    assert game.position() == before
    if size == "phone":
        game.page.screenshot(path=str(artifacts / f"bad-link-phone-{game.NAME}.png"))
