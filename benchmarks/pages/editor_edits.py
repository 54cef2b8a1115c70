"""How quickly the board editor answers a click, in headless Debian chromium (issue 40).

    python benchmarks/pages/editor_edits.py [--edits 100] [--site DIR]

Builds the site (or uses ``--site``, a built ``dist/``), serves it on 127.0.0.1 and opens each
game's editor on a desktop-sized window.  It then makes ``--edits`` edits by real mouse clicks
(a piece or stone of each colour put on a cell, taken off, the cell cleared, on ten cells
over the board; every edit changes the position) and prints, per game, the median and the slowest of:

- the time from the click (the event's ``timeStamp``) to the end of the editor's redraw: the
  board's cells and the position string field updated (``body.dataset.editedAt``, written last);
- the time from the click to the next animation frame (what the browser can paint).

Each edit is checked: the position string must have changed as the click asked.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.harness import site_in_chromium

#: Per game: its editor, the cells to click in turn, and the tools to cycle through.
GAMES = {
    "dvonn": ("editor.html", ["A1", "C2", "E3", "G4", "I5", "F3", "B1", "K3", "D4", "H2"],
              ["white", "black", "dvonn", "remove", "remove", "clear"]),
    "diamonds": ("diamonds-editor.html", ["a5", "c3", "e5", "g7", "i1", "e1", "b6", "h4", "d9", "f2"],
                 ["black", "white", "clear"]),
}
CLICK_CLOCK = """
document.addEventListener("click", (e) => {
  window.__clickAt = e.timeStamp;
  requestAnimationFrame(() => { window.__frameAt = performance.now(); });
}, true);
"""


def run(page, base: str, game: str, edits: int) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    path, cells, tools = GAMES[game]
    page.goto(base + path)
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.get_by_test_id("editor-start-empty").click()
    redraw, frame = [], []
    n = 0
    while n < edits:
        tool = tools[(n // len(cells)) % len(tools)]
        page.get_by_test_id("editor-tool-" + tool).click()
        for cell in cells:
            if n >= edits:
                break
            before = page.evaluate("document.body.dataset.position")
            page.evaluate("window.__frameAt = null")
            page.locator(f'[data-cell="{cell}"]').click()
            page.wait_for_function("window.__frameAt !== null")
            clicked, edited, painted, after = page.evaluate(
                "[window.__clickAt, Number(document.body.dataset.editedAt), window.__frameAt,"
                " document.body.dataset.position]")
            assert after != before, (game, tool, cell, before)  # every edit changes the position
            redraw.append(edited - clicked)
            frame.append(painted - clicked)
            n += 1
    return redraw, frame


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--edits", type=int, default=100)
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    args = parser.parse_args(argv)
    with site_in_chromium(args.site) as (browser, base):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(CLICK_CLOCK)
        print(f"{'game':<10} {'edits':>5}  click -> board and string updated (ms)   click -> next frame (ms)")
        for game in GAMES:
            redraw, frame = run(page, base, game, args.edits)
            print(f"{game:<10} {len(redraw):>5}  median {statistics.median(redraw):5.1f}, slowest "
                  f"{max(redraw):5.1f}          median {statistics.median(frame):5.1f}, "
                  f"slowest {max(frame):5.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
