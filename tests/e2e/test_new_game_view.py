"""After "New game" on a phone, the board and the bot's line come into view (issue 56, defect 8: the
page stayed scrolled at the new-game form, below the board, with the bot's progress and "Move now" above
the screen)."""

from __future__ import annotations

from .app import GamePage
from .test_bot_live import THINKING, hold

IN_VIEW = "s => { const r = document.querySelector(s).getBoundingClientRect(); " \
          "return [Math.round(r.top), Math.round(r.bottom), innerHeight]; }"


def test_new_game_on_a_phone_brings_the_board_and_the_bots_line_into_view(game: GamePage) -> None:
    game.page.set_viewport_size({"width": 390, "height": 844})
    hold(game)
    # The form is filled in and "New game" pressed, the bot to move first (so the page is scrolled to the form).
    if game.NAME == "dvonn":
        game.new_game(white="bot", black="human", level="hard", random_setup=True)
    else:
        game.new_game(black="bot", white="human", level="hard")
    game.page.wait_for_function(THINKING, timeout=30_000)
    for selector in ("#board", '[data-testid="bot-thinking"]', '[data-testid="move-now"]'):
        top, bottom, height = game.page.evaluate(IN_VIEW, selector)
        assert top >= 0 and bottom <= height, (selector, top, bottom, height)
    game.page.get_by_test_id("move-now").click()
    game.page.wait_for_function("document.body.dataset.botThinking === 'false'", timeout=30_000)


def test_new_game_on_a_desktop_does_not_scroll(game: GamePage) -> None:
    game.page.set_viewport_size({"width": 1280, "height": 800})
    game.page.get_by_test_id("new-game").click()
    assert game.page.evaluate("scrollY") == 0
