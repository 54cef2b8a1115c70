"""Review in Debian chromium, on each game's page: every position of a game can be shown
(buttons, the move list, the Left/Right keys), checked against the game's core after the same
number of moves; a move played in a past position starts a new line after a confirmation, and
Undo brings the old line back; an imported record opens in review at its last move."""

from __future__ import annotations

from pathlib import Path

from .app import GamePage


def test_step_through_an_imported_game(game: GamePage, artifacts: Path) -> None:
    moves = game.REVIEW_GAME
    n = len(moves)
    game.import_record(game.record_of(moves))
    # An imported record opens in review at its last move.
    assert game.review() and game.position() == game.after(moves, n)
    assert "Review" in game.text("review-counter")
    assert game.page.get_by_test_id("back-to-game").is_visible()
    for k in range(1, 4):
        game.press("review-back")
        assert game.position() == game.after(moves, n - k) and game.shown_ply() == n - k
    game.press("review-start")
    assert game.position() == game.rules().position() and game.review()
    assert game.page.get_by_test_id("review-back").is_disabled()
    game.press("review-forward")
    assert game.position() == game.after(moves, 1)
    # A click on a move of the history shows the position after it, and marks it as current.
    mid = min(40, n - 2)
    game.page.locator(f'[data-testid="history"] [data-ply="{mid}"]').click()
    game.page.wait_for_function(f"document.body.dataset.ply === '{mid}'")
    assert game.position() == game.after(moves, mid)
    current = game.page.locator('[data-testid="history"] li.cur').inner_text()
    assert current.split(".", 1)[1].strip() == moves[mid - 1]
    game.screenshot(artifacts / f"review-{game.NAME}.png")
    # Left/Right on the page (not on the board) step too.
    game.page.locator("h1").click()
    game.page.keyboard.press("ArrowLeft")
    game.page.wait_for_function(f"document.body.dataset.ply === '{mid - 1}'")
    assert game.position() == game.after(moves, mid - 1)
    game.page.keyboard.press("ArrowRight")
    game.page.keyboard.press("ArrowRight")
    game.page.wait_for_function(f"document.body.dataset.ply === '{mid + 1}'")
    assert game.position() == game.after(moves, mid + 1)
    # The score follows the position shown.
    assert game.score() == game.rules(game.after(moves, mid + 1)).score()
    # The history still lists the whole game.
    assert game.history() == moves
    game.press("review-end")
    assert game.position() == game.after(moves, n) and game.review()
    game.press("back-to-game")
    assert not game.review() and game.position() == game.after(moves, n)
    assert not game.page.get_by_test_id("back-to-game").is_visible()


def test_a_move_in_a_past_position_starts_a_new_line_and_undo_brings_the_old_one_back(game: GamePage) -> None:
    game.new_game(white="human", black="human")
    line = game.LINE
    for move in line:
        game.play(move)
    live = game.position()
    game.press("review-back")
    game.press("review-back")
    assert game.review() and game.position() == game.after(line, 4)
    # A move here is held until confirmed: nothing changes yet.
    game.click(game.BRANCH)
    assert game.page.get_by_test_id("branch-box").is_visible()
    assert "new line" in game.notice()
    assert game.position() == game.after(line, 4) and game.history() == line
    game.page.get_by_test_id("branch-cancel").click()
    assert not game.page.get_by_test_id("branch-box").is_visible()
    game.click(game.BRANCH)
    game.press("branch-confirm")
    new_line = line[:4] + [game.BRANCH]
    assert not game.review() and game.position() == game.after(new_line, 5)
    assert game.history() == new_line
    # The saved game is the new line.
    assert game.saved_moves() == new_line
    game.press("undo")
    assert game.position() == live and game.history() == line


def test_review_against_the_bot_does_not_let_the_bot_move(game: GamePage) -> None:
    game.new_game(**game.players("human", "bot"))
    game.wait_bot_ready()
    game.play(game.LINE[0])
    # The bot answered (Diamonds & Pivots: it may swap sides) and the human is to move again.
    game.page.wait_for_function(
        f"document.querySelectorAll('{HISTORY}').length === 2 && document.body.dataset.bot === 'ready'"
        " && document.body.dataset.toMove !== ''")
    live = game.position()
    assert live == game.after(game.history(), 2)
    game.press("review-back")
    game.press("review-back")
    assert game.position() == game.rules().position()
    game.page.wait_for_timeout(1500)
    assert game.position() == game.rules().position() and game.review()
    game.press("back-to-game")
    assert game.position() == live


HISTORY = "[data-testid=history] li:not(.setup)"
