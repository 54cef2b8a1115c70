"""The board on phones and tablets in Debian chromium: on a narrow portrait screen it turns
a quarter turn, every cell is at least 44 CSS px, the board and the player's controls fit on
the first screen, and the labels and arrow keys follow the turned board.  Screenshots and the
measured cell sizes go to artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest

from .app import App

VIEWPORTS = {"phone-390x844": (390, 844, True), "phone-360x740": (360, 740, True),
             "tablet-768x1024": (768, 1024, False), "tablet-1024x768": (1024, 768, False)}
MIN_CELL = 44


def cell_size(app: App) -> float:
    """The smallest width or height of a cell's hexagon on screen, in CSS px."""
    return float(app.page.evaluate("""() => Math.min(...[...document.querySelectorAll('[data-cell] .hx')]
        .map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); }))"""))


def bottom(app: App, selector: str) -> float:
    return float(app.page.evaluate("s => document.querySelector(s).getBoundingClientRect().bottom", selector))


def centre(app: App, cell: str) -> tuple[float, float]:
    box = app.cell(cell).bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_the_board_fits_and_its_cells_are_big_enough(app: App, artifacts: Path, name: str) -> None:
    width, height, turned = VIEWPORTS[name]
    app.page.set_viewport_size({"width": width, "height": height})
    app.open()
    assert app.page.evaluate("document.body.dataset.turned") == ("true" if turned else "false")
    app.page.screenshot(path=str(artifacts / f"{name}.png"))
    size = cell_size(app)
    (artifacts / f"cell-size-{name}.txt").write_text(f"{name}: smallest cell {size:.1f} CSS px\n")
    assert size >= MIN_CELL, f"{name}: cells are {size:.1f} px"
    # The board, the status and the player's own controls are on the first screen.
    for selector in ('[data-testid="board"]', '[data-testid="status"]', '[data-testid="hint"]',
                     '[data-testid="undo"]', '[data-testid="redo"]'):
        assert bottom(app, selector) <= height + 0.5, f"{name}: {selector} is below the first screen"
    assert app.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if turned:
        # Rows are columns: row 1 on the left of row 5, column A above column I.
        assert centre(app, "F1")[0] < centre(app, "F5")[0]
        assert centre(app, "A1")[1] < centre(app, "I1")[1]
        # A placement by tap on the turned board.
        app.play("F3")
        assert app.game().stack("F3") == "d"


def test_arrow_keys_follow_the_turned_board(app: App) -> None:
    app.page.set_viewport_size({"width": 390, "height": 844})
    app.page.wait_for_function("document.body.dataset.turned === 'true'")
    app.cell("E3").focus()
    app.page.keyboard.press("ArrowDown")  # down the turned board: the next cell of row 3
    assert app.page.evaluate("document.activeElement.dataset.cell") == "F3"
    app.page.keyboard.press("ArrowRight")  # right: towards row 5
    assert app.page.evaluate("document.activeElement.dataset.cell") == "G4"
    # Back to a wide screen: the board turns upright again.
    app.page.set_viewport_size({"width": 1280, "height": 800})
    app.page.wait_for_function("document.body.dataset.turned === 'false'")
    assert centre(app, "A1")[0] < centre(app, "I1")[0]
