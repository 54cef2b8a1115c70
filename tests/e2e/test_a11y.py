"""Accessibility in Debian chromium: axe-core (a pinned devDependency, injected from
node_modules, never shipped) finds no violation on any page (the game in placement, in
movement, in review; each game page with an imported game in review, after an analysis and at a
marked move; the rules page; an embed; the embedding guide),
and the board is usable with a keyboard and announces what a cell holds and allows."""

from __future__ import annotations

from typing import Any

import pytest

from .app import App, GamePage
from .axe import summary, violations
from .doc_helpers import Watch


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # The pages' CSP forbids inline scripts; axe is injected as one.
    return {**browser_context_args, "bypass_csp": True}


def assert_clean(page: Any, what: str) -> None:
    found = violations(page)
    assert not found, f"{what}: {summary(found)}"


def test_the_game_page_has_no_axe_violation_in_placement_movement_and_review(app: App) -> None:
    assert_clean(app.page, "placement")
    app.play("F3")
    assert_clean(app.page, "placement, one piece placed")
    app.new_game(white="human", black="human", random_setup=True)
    assert_clean(app.page, "movement")
    app.click(str(app.game().legal_moves()[0])[:2])
    assert_clean(app.page, "movement, a stack selected")
    app.click(str(app.game().legal_moves()[0])[:2])  # deselects
    app.play(str(app.game().legal_moves()[0]))
    app.press("review-back")
    assert app.review()
    assert_clean(app.page, "review")


def test_the_analysis_and_review_have_no_axe_violation(game: GamePage) -> None:
    """Each game page with an analysis shown (its graph, marks in the move list), then in review
    at a marked move (the note, the better move on the board)."""
    game.wait_bot_ready()
    game.import_record(game.record_of(game.ANALYSIS_GAME))
    assert game.review()
    assert_clean(game.page, f"{game.NAME}: an imported game in review")
    game.page.get_by_test_id("analyse").click()
    game.page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=120_000)
    assert game.page.get_by_test_id("analysis-graph").is_visible()
    assert_clean(game.page, f"{game.NAME}: analysis")
    marked = game.page.evaluate("""[...document.querySelectorAll(
            '[data-testid=history] li.mistake, [data-testid=history] li.blunder')]
        .map(li => +li.querySelector('[data-ply]').dataset.ply)""")
    assert marked
    game.page.locator(f'[data-testid="history"] [data-ply="{marked[0] - 1}"]').click()
    game.page.wait_for_function(f"document.body.dataset.ply === '{marked[0] - 1}'")
    assert game.page.get_by_test_id("analysis-note").is_visible() and game.marks(game.BETTER_CLASSES)
    assert_clean(game.page, f"{game.NAME}: review at a marked move, with its note")
    game.press("back-to-game")
    assert_clean(game.page, f"{game.NAME}: back to the game, the analysis shown")


@pytest.mark.parametrize(
    "path", ["rules.html", "embed.html?moves=F3,C3,I3&play=1", "embed.html?position=9-10-11-10-9.wp"]
)
def test_the_documentation_boards_have_no_axe_violation(page, base_url: str, path: str) -> None:  # type: ignore[no-untyped-def]
    watch = Watch(page, base_url)
    watch.open(path)
    assert_clean(page, path)
    watch.check()


def test_the_embedding_guide_has_no_axe_violation(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base_url + "embedding.html")
    assert_clean(page, "embedding.html")
    # Its code blocks scroll sideways, so they take the keyboard focus.
    assert page.locator("pre").count() and page.locator("pre:not([tabindex='0'])").count() == 0


def test_the_board_by_keyboard_announces_stacks_and_moves(app: App) -> None:
    app.new_game(white="human", black="human", random_setup=True)
    game = app.game()
    movable = sorted({str(m)[:2] for m in game.legal_moves()})
    source = movable[0]
    label = app.cell(source).get_attribute("aria-label")
    assert label.startswith(source + ", white") and label.endswith("can move"), label
    cannot = next(c for c in ("A1", "F3", "K5", "E3") if c not in movable)
    assert "can move" not in app.cell(cannot).get_attribute("aria-label")
    # Keyboard only: focus the board, walk to the source with arrows, Enter, then a target.
    app.page.keyboard.press("Tab")
    focused = app.page.evaluate("document.activeElement.closest('[data-testid]')?.dataset.testid")
    while focused != "board":
        app.page.keyboard.press("Tab")
        focused = app.page.evaluate("document.activeElement.closest('[data-testid]')?.dataset.testid")
    start = app.page.evaluate("document.activeElement.dataset.cell")
    path = walk(start, source)
    for key in path:
        app.page.keyboard.press(key)
    assert app.page.evaluate("document.activeElement.dataset.cell") == source
    app.page.keyboard.press("Enter")
    targets = app.cells_with_class("target")
    assert targets
    assert all(app.cell(t).get_attribute("aria-label").endswith("move here") for t in targets)


def walk(start: str, goal: str) -> list[str]:
    """Arrow keys from ``start`` to ``goal`` on the unturned board (breadth-first over render.next_cell)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "dvonn"))
    import render
    seen = {start: []}
    todo = [start]
    while todo:
        cell = todo.pop(0)
        if cell == goal:
            return seen[cell]
        for key in render.KEY_STEPS:
            nxt = render.next_cell(cell, key)
            if nxt and nxt not in seen:
                seen[nxt] = seen[cell] + [key]
                todo.append(nxt)
    raise AssertionError(goal)


EXAMPLE = "5-3b2-2bb3-4b3-5b3-8-7-wwww2-1w3.b"  # the Diamonds & Pivots source's worked example


def test_the_diamonds_page_has_no_axe_violation_while_pivoting(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    watch = Watch(page, base_url)
    watch.open("diamonds.html#position=" + EXAMPLE)
    assert_clean(page, "diamonds page")
    for cell in ("b6", "c5", "f5"):  # a drop that forms a diamond, a pivot, a previewed line
        page.locator(f'[data-cell="{cell}"]').click()
    page.wait_for_function("document.querySelectorAll('[data-cell].doomed, [data-cell].line').length > 0")
    label = page.locator('[data-cell="f5"]').get_attribute("aria-label")
    assert label == "f5, empty, end of a line, chosen line end, stones land here"
    assert_clean(page, "diamonds page, a pivot previewed")
    page.get_by_test_id("import").click()
    page.get_by_test_id("import-text").fill("e5 e5")
    page.get_by_test_id("import-paste").click()
    page.get_by_test_id("import-error").wait_for(state="visible")
    assert_clean(page, "diamonds page, the import dialog with an error")
    page.get_by_test_id("import-cancel").click()
    host_requests = [u for u in watch.requests if "pyodide" in u.lower()]
    assert host_requests, "the bot worker (Pyodide) should start on the game page"
    watch.requests = [u for u in watch.requests if "pyodide" not in u.lower()]
    watch.check()


@pytest.mark.parametrize("path", ["diamonds-rules.html", "embed.html?game=diamonds&position=" + EXAMPLE])
def test_the_diamonds_documentation_boards_have_no_axe_violation(page, base_url: str, path: str) -> None:  # type: ignore[no-untyped-def]
    watch = Watch(page, base_url)
    watch.open(path)
    assert_clean(page, path)
    watch.check()


@pytest.mark.parametrize(("path", "clicks"), [
    ("learn.html?lesson=blocked", ["D3", "check"]),  # a tap task: a cell tapped, then a wrong answer checked
    ("learn.html?lesson=moving&task=3", ["E3", "B3"]),  # a refused move, explained
    ("learn.html?lesson=cut-off&task=1", ["C2"]),  # a stack picked, its targets lit
    ("diamonds-learn.html?lesson=pivot&task=1", ["e5", "d5"]),  # a drop that makes a diamond, a pivot picked
    ("diamonds-learn.html?lesson=diamond&task=2", ["b6", "check"]),  # a tap task answered wrong
])
def test_the_lessons_pages_have_no_axe_violation(page, base_url: str, path: str, clicks: list[str]) -> None:  # type: ignore[no-untyped-def]
    page.set_default_timeout(30_000)
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        page.goto(base_url + path)
        page.wait_for_function("document.body.dataset.ready === 'true'")
        assert_clean(page, f"{path} at {size['width']} px")
        for click in clicks:
            if click == "check":
                page.get_by_test_id("task-check").click()
            else:
                page.locator(f'[data-testid="task-board"] [data-cell="{click}"]').click()
        assert_clean(page, f"{path} after {clicks} at {size['width']} px")
