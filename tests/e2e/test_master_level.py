"""The master level in the page: DVONN's level menu offers it, the worker plays it, a save keeps it;
Diamonds & Pivots keeps its own three levels."""

from __future__ import annotations

import json

from .app import App, GamePage


def levels(page: GamePage) -> list[str]:
    return list(page.page.eval_on_selector_all("[data-testid=level] option", "os => os.map(o => o.value)"))


def test_dvonn_offers_master_and_the_worker_plays_it(app: App) -> None:
    assert levels(app) == ["easy", "medium", "hard", "master"]
    assert "thinks longer" in app.page.locator("[data-testid=level] option[value=master]").inner_text()
    app.new_game(white="human", black="bot", level="master")
    app.wait_bot_ready()
    app.play("F3")  # the DVONN pieces are placed by rule, at once at every level
    app.page.wait_for_function("document.body.dataset.toMove === 'white' && document.body.dataset.bot === 'ready'",
                               timeout=60_000)
    assert len(app.history()) == 2
    data = json.loads(app.page.evaluate("key => localStorage.getItem(key)", app.SAVE_KEY))
    assert data["level"] == "master"
    app.page.reload()
    app.wait_ready()
    assert app.page.get_by_test_id("level").input_value() == "master"


def test_diamonds_keeps_its_three_levels(game: GamePage) -> None:
    expected = ["easy", "medium", "hard", "master"] if isinstance(game, App) else ["easy", "medium", "hard"]
    assert levels(game) == expected
