"""The game analysis searches each position to a fixed number of nodes (issue 43, item 5): the same game
gets the same marks on every run, whatever the machine's load."""

from __future__ import annotations

from .app import GamePage
from .test_analysis import MARKED, analyse


def test_the_same_game_gets_the_same_verdicts_twice(game: GamePage) -> None:
    game.wait_bot_ready()
    game.import_record(game.record_of(game.ANALYSIS_GAME))
    first_ms = analyse(game)
    first = (game.page.evaluate(MARKED), game.text("analysis-summary"))
    assert first[0], "the analysis game has mistakes to mark"
    # A fresh page (the analysis's cache of scores gone), the game restored from its save.
    game.page.reload()
    game.wait_ready()
    game.wait_bot_ready()
    second_ms = analyse(game)
    second = (game.page.evaluate(MARKED), game.text("analysis-summary"))
    print(f"\n{game.NAME}: analysis of {len(game.ANALYSIS_GAME)} moves {first_ms / 1000:.1f} s, "
          f"again {second_ms / 1000:.1f} s")
    assert second == first
