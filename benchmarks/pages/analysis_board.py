"""The analysis board in headless Debian chromium (issue 40): how fast it answers a move, how deep it gets,
and how the page answers clicks while the worker searches.

    python benchmarks/pages/analysis_board.py [--site DIR] [--clicks 30] [--seconds 1,5,10]

Builds the site (or uses ``--site``, a built ``dist/``), serves it on 127.0.0.1 and opens each game's
analysis board on a desktop-sized window, at a middle-game DVONN position and at a Diamonds & Pivots
position where the side to move has a chain of pivots.  Once the bot has searched that position, it
plays a move there by clicks on the board and prints:

- the time from the click that completes the move (the event's ``timeStamp``) to the first evaluation
  of the new position on the page (``body.dataset.firstReportAt``, written when its depth-1 report is
  drawn);
- the depth on the page 1, 5 and 10 s after that click;
- then, while the worker still searches, ``--clicks`` clicks on the board and the buttons (Flip board;
  a stack picked up and put down again in DVONN; a pivot picked and let go again in a turn begun in
  Diamonds & Pivots): the median and the slowest time from a click to the next animation frame after
  the page's handler (what the browser can paint), each click's effect checked.

The machine's load average is printed beside the wall-clock figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.harness import site_in_chromium
from dvonn_core import Game
from dvonn_core.diamonds import DiamondsGame

#: A middle-game DVONN position (a random setup, then twelve random moves: tests/e2e/test_analysis_board.py),
#: and a Diamonds & Pivots middle game where, after the move played, the side to move has chains of pivots
#: (the tests' LINE_POSITIONS after its best turn f5).
POSITIONS = {
    "dvonn": ("analysis.html", "W1bBWBbB1WB-1BBwbWWWWBbbbWW-WbBWWWWwBBWBD-WB1dBB1BD1wB-W2wW1W3.w"),
    "diamonds": ("diamonds-analysis.html", "b1w2-6-b6-1ww1w2b-2b4w1-2b1bb2-w3b2-6-w4.w"),
}
CLICK_CLOCK = """
document.addEventListener("click", (e) => {
  window.__clickAt = e.timeStamp;
  requestAnimationFrame(() => { window.__frameAt = performance.now(); });
}, true);
"""


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def move_and_clicks(kind: str, position: str) -> tuple[str, str, str]:
    """A move of ``position`` that takes clicks on one or two cells (the move, its first cell, its
    position after), and a cell to click on and off in the position it leads to."""
    if kind == "dvonn":
        game = Game.from_position(position)
        move = str(game.legal_moves()[0])
        game.play(move)
        return move, game.position(), str(game.legal_moves()[0])[:2]
    for m in DiamondsGame.from_position(position).legal_moves():  # a one-click drop after which a chain is open
        move = str(m)
        if " " in move or move in ("pass", "swap"):
            continue
        dgame = DiamondsGame.from_position(position)
        dgame.play(move)
        chain = next((str(c) for c in dgame.legal_moves() if ">" in str(c)), None)  # a drop that begins pivots
        if chain:
            return move, dgame.position(), chain
    raise ValueError("no drop of %s leaves a chain to the other side" % position)


def click(page: Any, selector: str) -> float:
    """Click, wait for the next frame after the handler: the milliseconds from the click to it."""
    page.evaluate("window.__frameAt = null")
    page.locator(selector).click()
    page.wait_for_function("window.__frameAt !== null")
    return float(page.evaluate("window.__frameAt - window.__clickAt"))


def marked(page: Any, cls: str) -> list[str]:
    return list(page.evaluate("c => [...document.querySelectorAll('#board [data-cell].' + c)].map(e => e.dataset.cell)",
                              cls))


def run(page: Any, base: str, kind: str, marks: list[float], clicks: int) -> None:
    path, position = POSITIONS[kind]
    page.goto(base + path + "#position=" + quote(position))
    page.wait_for_function("p => document.body.dataset.position === p && +(document.body.dataset.depth || 0) >= 1",
                           arg=position, timeout=180_000)
    move, after, other = move_and_clicks(kind, position)
    print(f"{kind}: {position}, the move {move}; {load()}")
    cells = [move] if kind == "diamonds" else [move[:2], move[2:4]]
    for cell in cells:
        page.locator(f'#board [data-cell="{cell}"]').click()
    clicked = time.perf_counter()
    page.wait_for_function("p => document.body.dataset.position === p && document.body.dataset.firstReportAt"
                           " && +document.body.dataset.depth >= 1", arg=after, timeout=60_000)
    first = page.evaluate("+document.body.dataset.firstReportAt - window.__clickAt")
    depths = []
    for mark in marks:
        time.sleep(max(0.0, clicked + mark - time.perf_counter()))
        depths.append(page.evaluate("document.body.dataset.depth"))
    print(f"  move -> first evaluation of the new position: {first:.0f} ms")
    print("  depth after " + ", ".join(f"{m:g} s: {d}" for m, d in zip(marks, depths, strict=True)) + f"; {load()}")
    # Clicks while the worker searches the new position.
    times = []
    if kind == "diamonds":
        page.locator(f'#board [data-cell="{other.split()[0]}"]').click()  # a turn begun: its pivots offered
        page.wait_for_function("document.querySelector('#board [data-cell].pivotable') !== null")
        target = marked(page, "pivotable")[0]
    else:
        target = other
    where = f"document.querySelector('#board [data-cell=\"{target}\"]').getBoundingClientRect().x"
    before = page.evaluate("document.body.dataset.depth")
    for i in range(clicks):
        if i % 3 == 0:
            x = page.evaluate(where)
            times.append(click(page, '[data-testid="flip"]'))
            assert page.evaluate(where) != x, "the board did not turn"
        else:
            times.append(click(page, f'#board [data-cell="{target}"]'))
            shown = target in marked(page, "selected")
            # (picked, then put down; a Diamonds pivot of two diamonds names the other one instead)
            assert shown if i % 3 == 1 else (kind == "diamonds" or not shown), (kind, i, target)
    assert page.evaluate("p => document.body.dataset.position === p && document.body.dataset.analysing === 'true'",
                         after), "the search of the position stopped"
    print(f"  {clicks} clicks while it searches (depth {before} -> {page.evaluate('document.body.dataset.depth')}): "
          f"click -> next frame median {statistics.median(times):.0f} ms, slowest {max(times):.0f} ms; {load()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--seconds", default="1,5,10", help="when to read the depth after the move (seconds)")
    args = parser.parse_args(argv)
    marks = [float(s) for s in args.seconds.split(",")]
    with site_in_chromium(args.site) as (browser, base):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(CLICK_CLOCK)
        for kind in POSITIONS:
            run(page, base, kind, marks, args.clicks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
