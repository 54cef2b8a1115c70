"""The rules pages on a phone held upright (390x844, 360x740): every live board is drawn a quarter
turn round, as the game pages' board is, so that each of its cells is at least 44 CSS px (upright,
about 27), the page does not scroll sideways, and a tap on a turned board plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .doc_helpers import Watch

MIN_CELL = 44
PAGES = {"rules.html": "F3", "diamonds-rules.html": "e5"}


def smallest_cells(page: Any) -> dict[str, float]:
    """Per example board (figure), its smallest cell's smaller side, in CSS px."""
    return dict(page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('figure.example')].map(
        (f, i) => [f.dataset.example || String(i), Math.min(...[...f.querySelectorAll('[data-cell] .hx')].map(e => {
            const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); }))]))"""))


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390x844", "360x740"])
@pytest.mark.parametrize("path", list(PAGES))
def test_the_live_boards_of_a_rules_page_have_cells_of_44_px(page: Any, base_url: str, path: str,
                                                              size: tuple[int, int], artifacts: Path) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    watch = Watch(page, base_url)
    watch.open(path)
    assert page.evaluate("document.querySelectorAll('figure.example.turned').length") == page.evaluate(
        "document.querySelectorAll('figure.example').length") > 0
    cells = smallest_cells(page)
    (artifacts / f"cell-size-{path[:-5]}-{size[0]}x{size[1]}.txt").write_text(
        f"{path} {size[0]}x{size[1]}: smallest cell of its live boards {min(cells.values()):.1f} CSS px\n")
    small = {name: round(px, 1) for name, px in cells.items() if px < MIN_CELL}
    assert not small, f"{path} at {size}: cells under {MIN_CELL} px: {small}"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # A tap on the first board's turned cells plays (the first board starts on an empty cell).
    figure = page.locator("figure.example").first
    cell = figure.locator(f'[data-cell="{PAGES[path]}"]')
    before = figure.get_attribute("data-position")
    cell.click()
    page.wait_for_function("p => document.querySelector('figure.example').dataset.position !== p", arg=before)
    watch.check()


def test_a_wide_screen_keeps_the_boards_upright(page: Any, base_url: str) -> None:
    page.set_viewport_size({"width": 900, "height": 900})
    watch = Watch(page, base_url)
    watch.open("rules.html")
    assert page.evaluate("document.querySelectorAll('figure.example.turned').length") == 0
    watch.check()
