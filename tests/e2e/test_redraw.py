"""The board redraws only the cells that changed (issue 12): after moves, removals, undo, redo,
review, a hover preview and keyboard focus, the board is the DOM a full redraw gives.

Turning the board a quarter round (a phone's screen) and back draws the whole board twice and shows
the same position, so the cells (and the move list) before and after must be identical.  A flip
moves the cells and labels without drawing them again (issue 43): the flipped board must be the one a
whole redraw gives too, and a second flip the board before it."""

from __future__ import annotations

from typing import Any

from .app import App, check_full_redraw
from .test_play import FULL_GAME, recorded_game

CELLS_HTML = """() => [...document.querySelectorAll('#board > .scene > *, #board > .overlay')].map(e => e.outerHTML)"""
HISTORY_HTML = """() => document.querySelector('[data-testid="history"]').innerHTML"""


def board_and_list(page: Any) -> tuple[list[str], str]:
    cells = [html for html in page.evaluate(CELLS_HTML) if 'class="overlay"' not in html]
    return cells, str(page.evaluate(HISTORY_HTML))


def assert_same_as_full_redraw(app: App) -> None:
    assert len(board_and_list(app.page)[0]) > 49
    check_full_redraw(app.page, board_and_list)


def test_the_prerendered_board_is_the_first_position(app: App) -> None:
    """The page keeps the board build.py drew when it starts in that position (no redraw)."""
    assert app.page.evaluate("document.querySelector('[data-cell=A1]').__kept") is None
    app.page.evaluate("document.querySelector('[data-cell=A1]').__kept = true")
    assert_same_as_full_redraw(app)
    assert app.cells_with_class("placeable") and len(app.cells_with_class("placeable")) == 49


def test_keyed_redraw_gives_the_full_redraw(app: App) -> None:
    moves = recorded_game(FULL_GAME)
    app.new_game(white="human", black="human")
    for i, move in enumerate(moves[:49]):  # the whole placement
        far = "K5" if move != "K5" else "A1"
        app.page.evaluate("c => { document.querySelector(`[data-cell=${c}]`).__kept = true; }", far)
        app.play(move)
        if i and move != "K5" and "K5" not in (moves[i - 1],):
            # An unchanged cell keeps its element: the move redrew only the cells it changed.
            assert app.page.evaluate("c => document.querySelector(`[data-cell=${c}]`).__kept === true", far)
        if i in (0, 10, 48):
            assert_same_as_full_redraw(app)
    removed = False
    for move in moves[49:75]:
        if move.lower() == "pass":
            continue  # the page passes by itself
        stacks = app.page.locator(".cell.occ").count()
        app.play(move)
        if app.page.locator(".cell.occ").count() < stacks - 1:
            removed = True  # stacks cut off: removed cells and the fading overlay
            assert app.page.locator(".overlay .vanish").count() >= 1
            assert_same_as_full_redraw(app)
    assert removed
    assert_same_as_full_redraw(app)
    app.page.get_by_test_id("undo").click()
    app.page.get_by_test_id("undo").click()
    assert_same_as_full_redraw(app)
    app.page.get_by_test_id("redo").click()
    assert_same_as_full_redraw(app)
    # A selected stack with its targets, then a hover preview, then Escape.
    game = app.game()
    move = next(m for m in game.legal_moves() if m.source)
    keep = "c => { document.querySelector(`[data-cell=${c}]`).__kept = true; }"
    kept = "c => document.querySelector(`[data-cell=${c}]`).__kept === true"
    app.page.evaluate(keep, move.source)
    app.page.evaluate(keep, move.target)
    app.click(move.source)
    assert app.cells_with_class("selected") == [move.source]
    # Cells whose marks alone changed keep their elements: their class and name are set.
    assert app.page.evaluate(kept, move.source) and app.page.evaluate(kept, move.target)
    assert_same_as_full_redraw(app)
    app.cell(move.target).hover()
    app.click(move.source)  # deselect
    assert app.cells_with_class("selected") == []
    assert_same_as_full_redraw(app)
    # Review: step back, jump to the start and to a move, then back to the game.
    app.page.get_by_test_id("review-back").click()
    assert_same_as_full_redraw(app)
    app.page.get_by_test_id("review-start").click()
    assert_same_as_full_redraw(app)
    app.page.locator('[data-testid="history"] [data-ply="60"]').click()
    assert_same_as_full_redraw(app)
    app.page.get_by_test_id("back-to-game").click()
    assert_same_as_full_redraw(app)
    # Keyboard: the focus moves over the cells, then a move by keys.
    app.cell(move.source).focus()
    app.page.keyboard.press("ArrowRight")
    assert app.page.locator('#board [tabindex="0"]').count() == 1
    app.play(str(move))
    assert app.page.locator('#board [tabindex="0"]').count() == 1
    assert_same_as_full_redraw(app)


def test_embed_steps_redraw_only_what_changed(page: Any, base_url: str) -> None:
    """An embed's board after stepping through a line by clicks is the board drawn whole when
    the embed opens at that move (documentation boards use the same keyed redraw)."""
    from dvonn_core import Game
    from dvonn_core.dvonn.setup import random_setup

    start = random_setup(3)
    game, line = Game.from_position(start.position()), []
    for _ in range(6):
        move = next(m for m in game.legal_moves() if not m.is_pass)
        line.append(str(move))
        game.play(move)
    url = base_url + "embed.html?position=" + start.position() + "&moves=" + ",".join(line)
    page.goto(url + "&at=0")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    for _ in range(4):
        page.get_by_test_id("next").click()
    page.get_by_test_id("prev").click()
    page.get_by_test_id("next").click()
    cells = "() => [...document.querySelectorAll('svg.dv-svg > .scene > *')].map(e => e.outerHTML)"
    stepped = [html for html in page.evaluate(cells) if 'class="overlay"' not in html]
    assert len(stepped) > 49
    page.goto(url + "&at=4")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    assert [html for html in page.evaluate(cells) if 'class="overlay"' not in html] == stepped


def test_a_diamonds_documentation_board_redraws_only_what_changed(page: Any, base_url: str) -> None:
    """A drop on an embedded Diamonds & Pivots board redraws the cells it changed, not the 61 (the
    game page's keyed redraw, kernel/board_dom.py); undo gives back the board as it was drawn whole."""
    import re

    from dvonn_core.diamonds import DiamondsGame

    start = DiamondsGame.from_stones(black=["e5", "d4"], white=["f5"], to_move="white")
    page.goto(base_url + "embed.html?game=diamonds&position=" + start.position())
    page.wait_for_function("document.body.dataset.ready === 'true'")
    cells = "() => [...document.querySelectorAll('svg.dv-svg [data-cell]')].map(e => e.outerHTML)"

    def board() -> list[str]:
        return [re.sub(r' tabindex="-?\d"', "", html) for html in page.evaluate(cells)]

    drawn_whole = board()
    page.evaluate("document.querySelectorAll('svg.dv-svg [data-cell]').forEach(e => { e.__kept = true; })")
    drop = "a5"  # far from every stone: a plain drop, the turn ends at once
    after = DiamondsGame.from_position(start.position())
    after.play(drop)
    page.locator(f'[data-cell="{drop}"]').click()
    page.wait_for_function("p => document.body.dataset.position === p", arg=after.position())
    redrawn = page.evaluate("[...document.querySelectorAll('svg.dv-svg [data-cell]')].filter(e => !e.__kept).length")
    assert 1 <= redrawn <= 6, f"{redrawn} of 61 cells redrawn for one drop"
    assert page.locator(f'[data-cell="{drop}"] circle.pc.pw').count() == 1
    page.get_by_test_id("undo").click()
    page.wait_for_function("p => document.body.dataset.position === p", arg=start.position())
    assert board() == drawn_whole
