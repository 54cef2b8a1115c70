"""End-to-end journeys in Debian chromium: what a player does with the page, checked against
dvonn_core playing the same moves."""

from __future__ import annotations

from pathlib import Path

import serve
from dvonn_core import Game
from dvonn_core.dvonn.board import CELLS

from .app import App, recorded_game

# A real game that ends (no resignation), with cut-off stacks removed three times and a pass.
FULL_GAME = "DV-BestBot-tavis-2009-10-08-2028.sgf"


def test_full_hotseat_game_by_clicks(app: App, artifacts: Path) -> None:
    moves = recorded_game(FULL_GAME)
    core = Game()
    app.new_game(white="human", black="human")
    app.screenshot(artifacts / "start.png")
    removals = passes = 0
    i = 0
    while i < len(moves):
        move = moves[i]
        i += 1
        stacks_before = {cell: core.stack(cell) for cell in CELLS}
        app.play(move)
        core.play(move)
        if core.last_removed:
            removals += 1
            for cell in core.last_removed:
                assert stacks_before[cell] and not core.stack(cell)
                assert app.cell(cell).get_attribute("aria-label") == f"{cell}, empty"
        while i < len(moves) and moves[i] == "PASS":
            # The page plays a forced pass by itself, with a notice.
            core.play("PASS")
            i += 1
            passes += 1
            assert "has no legal move and passes" in app.notice()
        assert app.position() == core.position(), f"after move {i} ({move})"
        assert app.score() == core.score()
        if i == 56:
            app.screenshot(artifacts / "mid.png")
    assert removals >= 1 and passes >= 1
    assert core.phase == "over"
    white, black = core.score()
    assert app.score() == (white, black)
    assert app.history() == moves
    winner = core.winner()
    status = app.status()
    assert status.startswith("Game over")
    if winner == "draw":
        assert "a draw" in status
    else:
        assert f"{winner.capitalize()} wins" in status
    assert f"{max(white, black)} to {min(white, black)}" in status
    app.screenshot(artifacts / "end.png")
    # ... and a way to start again.
    app.new_game()
    assert app.position() == Game().position()
    assert app.history() == []


def test_placement_shows_pieces_left_and_whose_turn(app: App) -> None:
    app.new_game()
    assert "DVONN" in app.status() and app.status().startswith("White")
    assert app.text("reserve-white") == "23 to place + 2 DVONN"
    assert app.text("reserve-black") == "23 to place + 1 DVONN"
    for move in ("F3", "C3", "I3", "E3"):
        app.play(move)
    assert app.text("reserve-white") == "23 to place"
    assert app.text("reserve-black") == "22 to place"
    assert app.cell("E3").get_attribute("aria-label") == "E3, black piece"
    assert app.cell("F3").get_attribute("aria-label") == "F3, DVONN piece"
    assert app.status().startswith("White: place a piece")


def test_illegal_clicks_change_nothing(app: App) -> None:
    app.new_game(random_setup=True)
    game = app.game()
    start = app.position()
    legal_sources = {m.source for m in game.legal_moves()}
    blocked = [c for c in CELLS if game.stack(c)[-1:] == "w" and c not in legal_sources]
    theirs = [c for c in CELLS if game.stack(c)[-1:] == "b"]
    dvonn = [c for c in CELLS if game.stack(c) == "d"]
    for cell in (blocked[0], theirs[0], dvonn[0]):
        app.click(cell)
        assert app.position() == start
        assert app.cells_with_class("selected") == []
    # A selected stack and a click that is not one of its targets: nothing moves.
    source = sorted(legal_sources)[0]
    targets = {m.target for m in game.legal_moves() if m.source == source}
    app.click(source)
    assert app.cells_with_class("selected") == [source]
    assert app.cells_with_class("target") == sorted(targets)
    elsewhere = next(c for c in CELLS if c not in targets and c != source and game.stack(c))
    app.click(elsewhere)
    assert app.position() == start
    # Placement: an occupied cell cannot take another piece.
    app.new_game()
    app.play("F3")
    placed = app.position()
    app.click("F3")
    assert app.position() == placed


def test_hover_previews_the_stacks_a_move_cuts_off(app: App) -> None:
    moves = recorded_game(FULL_GAME)
    core = Game()
    for move in moves:
        if move != "PASS" and len(move) == 4 and core.removed_by(move):
            break
        core.play(move)
    else:
        raise AssertionError("the game has no removal")
    app.open("#position=" + core.position())
    assert app.position() == core.position()
    app.click(move[:2])
    app.cell(move[2:]).hover()
    assert app.cells_with_class("doomed") == sorted(core.removed_by(move))
    assert "cuts off" in app.status()
    app.cell(move[2:]).click()
    core.play(move)
    assert app.position() == core.position()
    assert app.cells_with_class("doomed") == []


def test_keyboard_or_touch_asks_again_before_a_move_that_removes_stacks(app: App) -> None:
    moves = recorded_game(FULL_GAME)
    core = Game()
    for move in moves:
        if move != "PASS" and len(move) == 4 and core.removed_by(move):
            break
        core.play(move)
    app.open("#position=" + core.position())
    source, target = move[:2], move[2:]
    app.cell(source).focus()
    app.page.keyboard.press("Enter")
    assert app.cells_with_class("selected") == [source]
    app.cell(target).focus()
    app.page.keyboard.press("Enter")
    assert app.position() == core.position()  # not played yet
    assert app.cells_with_class("doomed") == sorted(core.removed_by(move))
    assert app.status().endswith(f"Choose {target} again to play it.")
    app.page.keyboard.press("Enter")
    core.play(move)
    assert app.position() == core.position()


def test_undo_and_redo_in_hotseat(app: App) -> None:
    app.new_game()
    positions = [app.position()]
    for move in ("F3", "C3", "I3"):
        app.play(move)
        positions.append(app.position())
    undo, redo = app.page.get_by_test_id("undo"), app.page.get_by_test_id("redo")
    assert redo.is_disabled()
    undo.click()
    assert app.position() == positions[2]
    undo.click()
    assert app.position() == positions[1]
    assert app.history() == ["F3"]
    redo.click()
    assert app.position() == positions[2]
    redo.click()
    assert app.position() == positions[3]
    assert redo.is_disabled()
    # A new move after an undo drops the redo list.
    undo.click()
    app.play("E3")
    assert redo.is_disabled()
    assert app.history() == ["F3", "C3", "E3"]


def test_random_setup_skips_placement(app: App) -> None:
    app.new_game(random_setup=True)
    game = app.game()
    assert game.phase == "movement" and game.to_move == "white"
    pieces = "".join(game.stack(c) for c in CELLS)
    assert sorted(pieces.count(p) for p in "wbd") == [3, 23, 23]
    assert all(game.stack(c) for c in CELLS)
    assert "Random setup" in app.text("history")
    assert app.status().startswith("White to move")
    assert app.cells_with_class("movable")  # edge stacks can move
    # Another random setup gives another board.
    app.new_game(random_setup=True)
    assert app.game().position() != game.position()


def test_forced_pass_is_played_with_a_notice(app: App) -> None:
    moves = recorded_game(FULL_GAME)
    core = Game()
    index = moves.index("PASS")
    for move in moves[:index - 1]:
        core.play(move)
    app.open("#position=" + core.position())
    mover = core.to_move
    app.play(moves[index - 1])
    core.play(moves[index - 1])
    core.play("PASS")
    assert app.position() == core.position()
    assert core.to_move == mover
    passer = "Black" if mover == "white" else "White"
    assert app.notice() == f"{passer} has no legal move and passes."
    assert app.history()[-1] == "PASS"


def test_keyboard_play_and_flip(app: App) -> None:
    app.new_game()
    app.cell("A1").focus()
    app.page.keyboard.press("ArrowRight")
    app.page.keyboard.press("ArrowUp")
    app.page.keyboard.press("Enter")
    # Right from A1 is B1; up-right from B1 is C2.
    assert app.history() == ["C2"]
    assert app.cell("C2").get_attribute("aria-label") == "C2, DVONN piece"
    box = app.cell("A1").bounding_box()
    app.page.get_by_test_id("flip").click()
    flipped = app.cell("A1").bounding_box()
    assert flipped["x"] > box["x"] and flipped["y"] < box["y"]
    app.click("E3")
    assert app.history() == ["C2", "E3"]


def test_works_under_a_sub_path(page, site: Path) -> None:  # type: ignore[no-untyped-def]
    """GitHub Pages serves a project site under /<repo>/: every path must be relative."""
    server = serve.start(site.parent)
    try:
        app = App(page, f"http://127.0.0.1:{server.server_port}/{site.name}/")
        app.open()
        app.new_game()
        app.play("F3")
        assert app.history() == ["F3"]
    finally:
        server.shutdown()
        server.server_close()
