"""The Diamonds & Pivots board on a phone held upright (turned a quarter round) shows its row
letters and diagonal numbers, each inside the board's picture and clear of every cell, and its
cells stay >= 44 CSS px (test_phone.py measures them there)."""

from __future__ import annotations

from typing import Any

import pytest

from .app import DiamondsApp
from .conftest import opened


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390x844", "360x740"])
def test_the_turned_board_has_its_labels(page: Any, base_url: str, requests_seen: list[str],
                                         size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    for app in opened(page, base_url, requests_seen, DiamondsApp):
        app.open()
        assert app.page.evaluate("document.body.dataset.turned") == "true"
        found = app.page.evaluate("""() => {
            const svg = document.getElementById('board').getBoundingClientRect();
            const hexes = [...document.querySelectorAll('#board [data-cell] .hx')].map(e => e.getBoundingClientRect());
            return [...document.querySelectorAll('#board .lbl')].map(l => {
                const r = l.getBoundingClientRect();
                const inside = r.width > 0 && r.left >= svg.left - 0.5 && r.right <= svg.right + 0.5
                    && r.top >= svg.top - 0.5 && r.bottom <= svg.bottom + 0.5;
                // clear of the cells: the label's centre is in no cell's box
                const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
                const clear = !hexes.some(h => cx > h.left + 4 && cx < h.right - 4
                                               && cy > h.top + 4 && cy < h.bottom - 4);
                return [l.textContent, inside, clear, getComputedStyle(l).display !== 'none'];
            });
        }""")
        assert sorted(t for t, *_ in found) == sorted([str(n) for n in range(1, 10)] + list("abcdefghi"))
        bad = [f for f in found if not all(f[1:])]
        assert not bad, f"labels outside the board, on a cell or hidden (text, inside, clear, shown): {bad}"
