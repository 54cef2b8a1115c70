"""Review in Debian chromium: every position of a game can be shown (buttons, the move list,
the Left/Right keys), checked against dvonn_core after the same number of moves; a move
played in a past position starts a new line after a confirmation, and Undo brings the old
line back; an imported record opens in review at its last move."""

from __future__ import annotations

from pathlib import Path

from dvonn_core import Game

from .app import App
from .test_play import FULL_GAME, recorded_game


def after(moves: list[str], n: int) -> str:
    game = Game()
    for move in moves[:n]:
        game.play(move)
    return game.position()


def shown_ply(app: App) -> int:
    return int(app.page.evaluate("document.body.dataset.ply"))


def test_step_through_an_imported_game(app: App, artifacts: Path) -> None:
    moves = recorded_game(FULL_GAME)
    app.import_record(" ".join(moves))
    # An imported record opens in review at its last move.
    assert app.review() and app.position() == after(moves, len(moves))
    assert "Review" in app.text("review-counter")
    assert app.page.get_by_test_id("back-to-game").is_visible()
    n = len(moves)
    for k in range(1, 4):
        app.press("review-back")
        assert app.position() == after(moves, n - k) and shown_ply(app) == n - k
    app.press("review-start")
    assert app.position() == Game().position() and app.review()
    assert app.page.get_by_test_id("review-back").is_disabled()
    app.press("review-forward")
    assert app.position() == after(moves, 1)
    # A click on a move of the history shows the position after it, and marks it as current.
    app.page.locator('[data-testid="history"] [data-ply="40"]').click()
    app.page.wait_for_function("document.body.dataset.ply === '40'")
    assert app.position() == after(moves, 40)
    assert app.page.locator('[data-testid="history"] li.cur').inner_text().split()[-1] == moves[39]
    app.screenshot(artifacts / "review.png")
    # Left/Right on the page (not on the board) step too.
    app.page.locator("h1").click()
    app.page.keyboard.press("ArrowLeft")
    app.page.wait_for_function("document.body.dataset.ply === '39'")
    assert app.position() == after(moves, 39)
    app.page.keyboard.press("ArrowRight")
    app.page.keyboard.press("ArrowRight")
    app.page.wait_for_function("document.body.dataset.ply === '41'")
    assert app.position() == after(moves, 41)
    # The score follows the position shown.
    assert app.score() == Game.from_position(after(moves, 41)).score()
    # The history still lists the whole game.
    assert app.history() == moves
    app.press("review-end")
    assert app.position() == after(moves, n) and app.review()
    app.press("back-to-game")
    assert not app.review() and app.position() == after(moves, n)
    assert not app.page.get_by_test_id("back-to-game").is_visible()


def test_a_move_in_a_past_position_starts_a_new_line_and_undo_brings_the_old_one_back(app: App) -> None:
    app.new_game(white="human", black="human")
    line = ["F3", "C3", "I3", "E3", "A1", "B1"]
    for move in line:
        app.play(move)
    live = app.position()
    app.press("review-back")
    app.press("review-back")
    assert app.review() and app.position() == after(line, 4)
    # A move here is held until confirmed: nothing changes yet.
    app.click("K3")
    assert app.page.get_by_test_id("branch-box").is_visible()
    assert "new line" in app.notice()
    assert app.position() == after(line, 4) and app.history() == line
    app.page.get_by_test_id("branch-cancel").click()
    assert not app.page.get_by_test_id("branch-box").is_visible()
    app.click("K3")
    app.press("branch-confirm")
    new_line = line[:4] + ["K3"]
    assert not app.review() and app.position() == after(new_line, 5)
    assert app.history() == new_line
    # The saved game is the new line.
    assert app.page.evaluate("JSON.parse(localStorage.getItem('dvonn.saved-game')).moves") == new_line
    app.press("undo")
    assert app.position() == live and app.history() == line


def test_review_against_the_bot_does_not_let_the_bot_move(app: App) -> None:
    app.new_game(white="human", black="bot")
    app.wait_bot_ready()
    app.play("F3")
    app.page.wait_for_function("document.body.dataset.toMove === 'white'")
    live = app.position()
    app.press("review-back")
    app.press("review-back")
    assert app.position() == Game().position()
    app.page.wait_for_timeout(1500)
    assert app.position() == Game().position() and app.review()
    app.press("back-to-game")
    assert app.position() == live
