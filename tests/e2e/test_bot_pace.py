"""Playing the bot (issue 43): its moves can be followed one by one (defect 7: each stays on the
board a while before the next is shown, and every forced pass is announced, also when the bot
plays several moves around a side's passes at the end of a game); the end of a game against it
says who won and offers "Play again" (same players and level); during a game it names its level."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

from dvonn_core import Game

from .app import App, recorded_game

#: Every change of the position and of the notice, with its time (ms), from the page's first script.
OBSERVE = """
window.__seen = [];
new MutationObserver(() => {
  const b = document.body, n = document.querySelector('[data-testid=notice]');
  if (!b) return;
  const last = window.__seen[window.__seen.length - 1] || {};
  const now = {position: b.dataset.position, notice: n && !n.hidden ? n.textContent : ''};
  if (now.position !== last.position || now.notice !== last.notice)
    window.__seen.push({...now, t: performance.now()});
}).observe(document, {attributes: true, childList: true, subtree: true, characterData: true});
"""
PACE_MS = 550  # the page's BOT_PACE_MS (600), less the observer's lateness


def test_the_bots_moves_around_forced_passes_are_paced_and_each_pass_is_said(app: App) -> None:
    moves = recorded_game("DV-149-SmartBot-2009-02-06-0635.sgf")[:65]  # Black then has no move, again and again
    game = Game()
    for move in moves:
        game.play(move)
    assert game.to_move == "white"
    app.wait_bot_ready()
    save = json.loads(app.page.evaluate("k => localStorage.getItem(k)", app.SAVE_KEY))
    save.update(moves=moves, base=len(moves), redo=[], kinds=[], players={"white": "bot", "black": "human"},
                level="easy", position=game.position(), resigned=None, options={}, tags={})
    app.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [app.SAVE_KEY, json.dumps(save)])
    app.page.add_init_script(OBSERVE)
    app.page.reload()
    app.wait_ready()
    app.page.wait_for_function("document.body.dataset.phase === 'over' || document.body.dataset.toMove === 'black'",
                               timeout=120_000)
    seen = app.page.evaluate("window.__seen")
    history = app.history()  # the moves since the saved game's base: the bot's and the passes
    passes = [m for m in history if m.upper() == "PASS"]
    assert passes, history  # the bot's moves left Black with none
    # Each pass is said, and stays on the screen for a player to read: the position after it is
    # shown with the notice, and nothing changes before the pace is over (unless the game ends there).
    after_pass = []
    for move in history:
        game.play(move)
        if move.upper() == "PASS":
            after_pass.append(game.position())
    for position in after_pass:
        shown = next(i for i, s in enumerate(seen) if s["position"] == position)
        assert "Black has no legal move and passes." in seen[shown]["notice"], seen[shown]
        if shown + 1 < len(seen):
            assert seen[shown + 1]["t"] - seen[shown]["t"] >= PACE_MS, (seen[shown], seen[shown + 1])
    changes = [s["t"] for i, s in enumerate(seen) if i and s["position"] != seen[i - 1]["position"]]
    gaps = [later - earlier for earlier, later in pairwise(changes)]
    assert gaps and min(gaps) >= PACE_MS, gaps


def saved_against_the_bot(app: App, moves: list[str], players: dict[str, str]) -> Game:
    """Reload the page with a saved game of ``moves`` (none of them to take back) and ``players``."""
    game = Game()
    for move in moves:
        game.play(move)
    save = json.loads(app.page.evaluate("k => localStorage.getItem(k)", app.SAVE_KEY))
    save.update(moves=moves, base=len(moves), redo=[], kinds=[], players=players,
                level="hard", position=game.position(), resigned=None, options={}, tags={})
    app.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [app.SAVE_KEY, json.dumps(save)])
    app.page.reload()
    app.wait_ready()
    return game


def test_the_end_of_a_game_against_the_bot_says_who_won_and_offers_to_play_again(app: App, artifacts: Path) -> None:
    moves = recorded_game("DV-149-SmartBot-2009-02-06-0635.sgf")
    game = saved_against_the_bot(app, moves, {"white": "human", "black": "bot"})
    assert game.phase == "over" and game.winner() is not None
    expected = "You win!" if game.winner() == "white" else "You lose."
    assert app.status().startswith(expected + " Game over"), app.status()
    # "Play again" beside it, on a phone within the first screen; screenshots for the closing note.
    app.page.set_viewport_size({"width": 390, "height": 844})
    app.page.evaluate("window.scrollTo(0, 0)")
    again = app.page.get_by_test_id("play-again")
    box = again.bounding_box()
    assert again.is_visible() and box and box["y"] + box["height"] <= 844, box
    app.page.screenshot(path=str(artifacts / "end-of-a-game-against-the-bot-phone.png"))
    app.page.set_viewport_size({"width": 1280, "height": 800})
    saved_against_the_bot(app, moves, {"white": "bot", "black": "human"})
    other = "You lose." if expected == "You win!" else "You win!"
    assert app.status().startswith(other), app.status()
    saved_against_the_bot(app, moves, {"white": "human", "black": "human"})
    assert not app.status().startswith(("You win", "You lose")), app.status()  # two players here: no "you"
    assert app.page.get_by_test_id("play-again").is_visible()
    # Play again: a new game with the same players and level; during it, the bot's level.
    saved_against_the_bot(app, moves, {"white": "human", "black": "bot"})
    app.wait_bot_ready()
    app.page.get_by_test_id("play-again").click()
    app.page.wait_for_function("document.body.dataset.phase !== 'over'")
    assert app.position() == Game().position() and app.history() == []
    assert [app.page.get_by_test_id(t).input_value() for t in ("white-player", "black-player", "level")] == \
        ["human", "bot", "hard"]
    assert not app.page.get_by_test_id("play-again").is_visible()
    assert app.text("bot-status") == "Bot (Hard): ready."
