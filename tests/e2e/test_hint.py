"""Hints in Debian chromium: the hard bot in the worker suggests a legal move, marked on the
board; the board stays usable while it thinks; a stale hint is dropped; the record says
that hints were used."""

from __future__ import annotations

from pathlib import Path

from .app import App


def test_a_hint_marks_a_legal_move_and_is_noted_in_the_record(app: App, artifacts: Path) -> None:
    app.new_game(white="human", black="human", random_setup=True)
    app.wait_bot_ready()
    game = app.game()
    legal = {str(m) for m in game.legal_moves()}
    movable = sorted({m[:2] for m in legal})
    app.page.get_by_test_id("hint").click()
    # The board stays usable while the bot thinks: a stack can be picked up at once.
    app.click(movable[0])
    assert app.cells_with_class("selected") == [movable[0]]
    app.click(movable[0])
    app.page.wait_for_function("document.querySelectorAll('[data-cell].hint').length === 1", timeout=30_000)
    source = app.cells_with_class("hint-from")
    target = app.cells_with_class("hint")
    assert len(source) == 1 and source[0] + target[0] in legal
    assert source[0] + target[0] in app.notice()
    assert "hint: move here" in app.cell(target[0]).get_attribute("aria-label")
    app.screenshot(artifacts / "hint.png")
    app.page.get_by_test_id("copy-record").click()
    record = app.page.get_by_test_id("share-box").input_value()
    assert '[Hints "1"]' in record
    # Playing the move clears the marks.
    app.play(source[0] + target[0])
    assert app.cells_with_class("hint") == []


def test_a_hint_for_a_position_left_behind_is_dropped(app: App) -> None:
    app.new_game(white="human", black="human", random_setup=True)
    app.wait_bot_ready()
    move = str(app.game().legal_moves()[0])
    app.page.get_by_test_id("hint").click()
    app.play(move)  # before the bot (1 s budget) answers
    app.page.wait_for_timeout(2500)
    assert app.cells_with_class("hint") == [] and app.cells_with_class("hint-from") == []


def test_no_hint_while_the_bot_is_to_move(app: App) -> None:
    app.wait_bot_ready()
    app.new_game(white="bot", black="human", level="hard", random_setup=True)
    app.page.wait_for_function("document.body.dataset.bot === 'busy'")
    assert app.page.get_by_test_id("hint").is_disabled()
    app.page.wait_for_function("document.body.dataset.toMove === 'black'", timeout=30_000)
    app.page.wait_for_function("!document.querySelector('[data-testid=hint]').disabled")
