"""Two tabs of a game page in Debian chromium, on each game's page: when one changes the saved
game, the other notices (the storage event), says so, stops saving so as not to overwrite it,
and lets the player continue that game or keep its own."""

from __future__ import annotations

from .app import GamePage


def test_another_tab_changing_the_saved_game_is_noticed_and_not_overwritten(game: GamePage) -> None:
    first, second, third, fourth = game.LINE[0], game.LINE[1], game.LINE[4], game.LINE[2]
    game.new_game(white="human", black="human")
    other = type(game)(game.page.context.new_page(), game.base_url)
    other.open()
    game.play(first)
    game.play(second)
    # The second tab noticed and says so.
    other.page.wait_for_function("!document.querySelector('[data-testid=tab-box]').hidden")
    assert "Another tab changed the saved game" in other.text("tab-box")
    # A move here does not overwrite the other tab's game.
    other.play(third)
    assert other.saved_moves() == [first, second]
    # Continue the other tab's game here.
    before = other.position()
    other.page.get_by_test_id("load-saved").click()
    other.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)
    assert other.position() == game.position() and other.history() == [first, second]
    assert not other.page.get_by_test_id("tab-box").is_visible()
    # Now the first tab is the one told; keeping its game saves it over.
    other.play(fourth)
    game.page.wait_for_function("!document.querySelector('[data-testid=tab-box]').hidden")
    game.page.get_by_test_id("keep-this").click()
    game.page.wait_for_function(
        "key => JSON.parse(localStorage.getItem(key)).moves.length === 2", arg=game.SAVE_KEY)
    assert game.saved_moves() == [first, second]
    other.page.close()
