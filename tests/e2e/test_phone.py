"""Each game's board on phones and tablets in Debian chromium: on a narrow portrait screen it
turns a quarter turn, every cell is at least 44 CSS px, the board and the player's controls fit
on the first screen, and the arrow keys follow the turned board.  Screenshots and the measured
cell sizes go to .test-output/."""

from __future__ import annotations

from pathlib import Path

import pytest

from .app import GamePage

VIEWPORTS = {"phone-390x844": (390, 844, True), "phone-360x740": (360, 740, True),
             "tablet-768x1024": (768, 1024, False), "tablet-1024x768": (1024, 768, False)}
MIN_CELL = 44
#: Per game, on the turned board: two cells the first of which is left of the second, two the
#: first of which is above the second, and a cell to play by a tap (on the first move).
TURNED = {"dvonn": (("F1", "F5"), ("A1", "I1"), "F3"),  # rows are columns, row 1 on the left
          "diamonds": (("i5", "a5"), ("e1", "e9"), "e5")}  # rows are columns, row i on the left
#: Per game: a cell, where ArrowDown then ArrowRight move the focus on the turned board, and two
#: cells the first of which is left of (DVONN) or above (Diamonds) the second on the upright board.
ARROWS = {"dvonn": ("E3", "F3", "G4", ("A1", "I1"), 0),
          "diamonds": ("e5", "e6", "d6", ("a5", "i5"), 1)}


def cell_size(app: GamePage) -> float:
    """The smallest width or height of a cell's hexagon on screen, in CSS px."""
    return float(app.page.evaluate("""() => Math.min(...[...document.querySelectorAll('[data-cell] .hx')]
        .map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); }))"""))


def bottom(app: GamePage, selector: str) -> float:
    return float(app.page.evaluate("s => document.querySelector(s).getBoundingClientRect().bottom", selector))


def centre(app: GamePage, cell: str) -> tuple[float, float]:
    box = app.cell(cell).bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_the_board_fits_and_its_cells_are_big_enough(game: GamePage, artifacts: Path, name: str) -> None:
    app = game
    width, height, turned = VIEWPORTS[name]
    app.page.set_viewport_size({"width": width, "height": height})
    app.open()
    assert app.page.evaluate("document.body.dataset.turned") == ("true" if turned else "false")
    app.page.screenshot(path=str(artifacts / f"{app.NAME}-{name}.png"))
    size = cell_size(app)
    (artifacts / f"cell-size-{app.NAME}-{name}.txt").write_text(f"{app.NAME} {name}: smallest cell {size:.1f} CSS px\n")
    assert size >= MIN_CELL, f"{name}: cells are {size:.1f} px"
    # The board, the status and the player's own controls are on the first screen.
    for selector in ('[data-testid="board"]', '[data-testid="status"]', '[data-testid="hint"]',
                     '[data-testid="undo"]', '[data-testid="redo"]'):
        assert bottom(app, selector) <= height + 0.5, f"{name}: {selector} is below the first screen"
    assert app.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # The game's name is on screen, on phones too (issue 43).
    name_box = app.page.locator(".top h1").bounding_box()
    assert name_box and name_box["width"] > 30 and name_box["height"] > 8 and name_box["y"] >= 0, name_box
    if turned:
        (left, right), (top, below), tap = TURNED[app.NAME]
        assert centre(app, left)[0] < centre(app, right)[0]
        assert centre(app, top)[1] < centre(app, below)[1]
        # A first move by tap on the turned board.
        assert ", empty" in app.cell(tap).get_attribute("aria-label")
        app.play(tap)
        assert ", empty" not in app.cell(tap).get_attribute("aria-label")


def test_arrow_keys_follow_the_turned_board(game: GamePage) -> None:
    app = game
    start, down, right, (first, second), axis = ARROWS[app.NAME]
    app.page.set_viewport_size({"width": 390, "height": 844})
    app.page.wait_for_function("document.body.dataset.turned === 'true'")
    app.cell(start).focus()
    app.page.keyboard.press("ArrowDown")  # down the turned board: the next cell of the row
    assert app.page.evaluate("document.activeElement.dataset.cell") == down
    app.page.keyboard.press("ArrowRight")  # right: towards DVONN's row 5, Diamonds' row a
    assert app.page.evaluate("document.activeElement.dataset.cell") == right
    # Back to a wide screen: the board turns upright again.
    app.page.set_viewport_size({"width": 1280, "height": 800})
    app.page.wait_for_function("document.body.dataset.turned === 'false'")
    assert centre(app, first)[axis] < centre(app, second)[axis]
