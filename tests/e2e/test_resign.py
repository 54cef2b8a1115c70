"""Resigning on each game's page: "Resign" asks first, then the game ends with the other side
winning; the status says who resigned and who wins, the saved game keeps it across a reload, and
Undo takes it back."""

from __future__ import annotations

import pytest

from .app import GamePage
from .axe import summary, violations


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # The pages' CSP forbids inline scripts; axe is injected as one (as in test_a11y.py).
    return {**browser_context_args, "bypass_csp": True}


def phase(game: GamePage) -> str:
    return str(game.page.evaluate("document.body.dataset.phase"))


def saved_resignation(game: GamePage) -> object:
    return game.page.evaluate("key => JSON.parse(localStorage.getItem(key)).resigned", game.SAVE_KEY)


def test_resign_asks_first_ends_the_game_survives_a_reload_and_undo_takes_it_back(game: GamePage) -> None:
    game.new_game(white="human", black="human")
    line = game.LINE[:4]
    for move in line:
        game.play(move)
    side = game.game().to_move
    other = "black" if side == "white" else "white"
    resign = game.page.get_by_test_id("resign")
    assert resign.is_enabled()
    # "Resign" asks first; "Cancel" leaves the game as it was.
    resign.click()
    box = game.page.get_by_test_id("resign-box")
    box.wait_for(state="visible")
    game.page.get_by_test_id("resign-cancel").click()
    box.wait_for(state="hidden")
    assert phase(game) != "over" and "resigned" not in game.status()
    resign.click()
    box.wait_for(state="visible")
    found = violations(game.page)
    assert not found, summary(found)  # the question, as axe-core sees it
    game.page.get_by_test_id("resign-confirm").click()
    game.page.wait_for_function("document.body.dataset.phase === 'over'")
    status = game.status()
    assert f"{side.capitalize()} resigned, so {other.capitalize()} wins" in status, status
    assert resign.is_disabled() and not box.is_visible()
    found = violations(game.page)
    assert not found, summary(found)
    assert game.history() == line
    assert saved_resignation(game) == side
    # A reload keeps the resignation.
    game.open()
    assert phase(game) == "over" and f"{side.capitalize()} resigned" in game.status()
    # Undo takes back the resignation alone: the moves stay, the side to move plays on.
    game.page.get_by_test_id("undo").click()
    game.page.wait_for_function("document.body.dataset.phase !== 'over'")
    assert "resigned" not in game.status() and game.history() == line
    assert game.game().to_move == side and resign.is_enabled()
    assert saved_resignation(game) is None
