"""The Diamonds & Pivots move list on a desktop after a game with long turns (chains of pivots):
each turn wraps inside its column, both columns stay in view, and clicking a move never scrolls
the list sideways (issue 43, defect 3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .app import DIAMONDS_GAME, DiamondsApp
from .conftest import opened

FITS = """() => {
  const list = document.querySelector('[data-testid=history]');
  const right = list.getBoundingClientRect().right;
  return {overflow: list.scrollWidth - list.clientWidth, left: list.scrollLeft,
          outside: [...list.querySelectorAll('li')].filter(li => li.getBoundingClientRect().right > right + 0.5)
                   .map(li => li.textContent)};
}"""

#: The widths of the list's long turns and its width; the left edges of the others, odd and even.
ROWS = """() => {
  const list = document.querySelector('[data-testid=history]');
  const items = [...list.querySelectorAll('li')], left = li => Math.round(li.getBoundingClientRect().left);
  const ply = li => +li.querySelector('[data-ply]').dataset.ply;
  return {width: list.clientWidth, long: items.filter(li => li.textContent.length > 16).map(li => li.clientWidth),
          odd: items.filter(li => li.textContent.length <= 12 && ply(li) % 2).map(left),
          even: items.filter(li => li.textContent.length <= 12 && !(ply(li) % 2)).map(left)};
}"""


def test_long_turns_wrap_inside_the_move_list(page: Any, base_url: str, requests_seen: list[str],
                                              artifacts: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    for game in opened(page, base_url, requests_seen, DiamondsApp):
        game.import_record(game.record_of(DIAMONDS_GAME))
        assert max(len(m) for m in DIAMONDS_GAME) > 25  # a turn of four pivots
        fits = page.evaluate(FITS)
        assert fits["overflow"] <= 0 and not fits["outside"], fits
        # Clicking the longest turn (White's, the right column) keeps the move numbers in view.
        longest = max(range(len(DIAMONDS_GAME)), key=lambda i: len(DIAMONDS_GAME[i])) + 1
        page.locator(f'[data-testid="history"] [data-ply="{longest}"]').click()
        page.wait_for_function(f"document.body.dataset.ply === '{longest}'")
        page.wait_for_timeout(200)
        fits = page.evaluate(FITS)
        assert fits["left"] == 0 and fits["overflow"] <= 0, fits
        # A long turn takes the whole row (not one word a line in half of it); the others keep their
        # column: odd moves on the left, even ones on the right.
        rows = page.evaluate(ROWS)
        assert rows["long"] and all(width >= 0.9 * rows["width"] for width in rows["long"]), rows
        assert len(set(rows["odd"])) == 1 and len(set(rows["even"])) == 1 and rows["odd"][0] < rows["even"][0], rows
        page.get_by_test_id("history").screenshot(path=str(artifacts / "diamonds-move-list.png"))
