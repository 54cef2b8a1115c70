"""Two tabs of the game in Debian chromium: when one changes the saved game, the other notices
(the storage event), says so, stops saving so as not to overwrite it, and lets the player
continue that game or keep its own."""

from __future__ import annotations

from .app import App

SAVED = "JSON.parse(localStorage.getItem('dvonn.saved-game')).moves"


def test_another_tab_changing_the_saved_game_is_noticed_and_not_overwritten(app: App, base_url: str) -> None:
    app.new_game(white="human", black="human")
    other = App(app.page.context.new_page(), base_url)
    other.open()
    app.play("F3")
    app.play("C3")
    # The second tab noticed and says so.
    other.page.wait_for_function("!document.querySelector('[data-testid=tab-box]').hidden")
    assert "Another tab changed the saved game" in other.text("tab-box")
    # A move here does not overwrite the other tab's game.
    other.play("A1")
    assert other.page.evaluate(SAVED) == ["F3", "C3"]
    # Continue the other tab's game here.
    before = other.position()
    other.page.get_by_test_id("load-saved").click()
    other.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)
    assert other.position() == app.position() and other.history() == ["F3", "C3"]
    assert not other.page.get_by_test_id("tab-box").is_visible()
    # Now the first tab is the one told; keeping its game saves it over.
    other.play("I3")
    app.page.wait_for_function("!document.querySelector('[data-testid=tab-box]').hidden")
    app.page.get_by_test_id("keep-this").click()
    app.page.wait_for_function(f"{SAVED}.length === 2")
    assert app.page.evaluate(SAVED) == ["F3", "C3"]
    other.page.close()
