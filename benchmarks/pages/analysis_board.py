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

With ``--depths`` (issue 54) it measures instead, on the committed positions of
``tests/data/analysis-positions.txt`` (20 DVONN middle games of 26-32 stacks from Boardspace games, 20
Diamonds & Pivots positions), per game:

- in Chromium, the depth the analysis board (three lines, its default) reached 1, 5 and 10 s after
  each position was opened (median and quartiles), and its nodes a second (the worker's last report);
- in CPython, the nodes a second of the same search (three lines) on the same positions, for
  ``--cpython-seconds`` each;
- the swing (DVONN): the study search's best score at depths 1 to ``--swing-depth`` on each position,
  the median, 90th percentile and largest change between successive depths from depth 3 on (scores of
  a won or lost game left out), and how many pairs of successive changes have opposite signs (the
  parity swing: all of them).

    python benchmarks/pages/analysis_board.py --depths [--games dvonn,diamonds] [--swing-depth 8]

The machine's load average is printed beside the wall-clock figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from itertools import pairwise
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


#: The committed positions (see the module's docstring).
DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "analysis-positions.txt"


def committed(kind: str) -> list[str]:
    return [line.split()[1] for line in DATA.read_text().splitlines() if line.startswith(kind + " ")]


def quartiles(values: list[float]) -> str:
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"median {q2:g} (quartiles {q1:g}-{q3:g})"


def depths_in_chromium(page: Any, base: str, kind: str, marks: list[float]) -> None:
    """The depth the analysis board reached at each of ``marks`` seconds after each committed position
    of ``kind`` was opened, and its nodes a second."""
    path = POSITIONS[kind][0]
    found: list[list[int]] = [[] for _ in marks]
    rates = []
    page.goto(base + path)
    page.wait_for_function("document.body.dataset.ready === 'true' && document.body.dataset.analysing === 'true'",
                           timeout=180_000)
    for text in committed(kind):
        page.evaluate("t => { location.hash = '#position=' + encodeURIComponent(t); }", text)
        page.wait_for_function("p => document.body.dataset.position === p && document.body.dataset.searchStarted",
                               arg=text if kind == "diamonds" else Game.from_position(text).position())
        started = time.perf_counter()
        for i, mark in enumerate(marks):
            time.sleep(max(0.0, started + mark - time.perf_counter()))
            found[i].append(int(page.evaluate("document.body.dataset.depth || '0'")))
        nodes, seconds = page.evaluate("[+document.body.dataset.nodes, +document.body.dataset.seconds]")
        if seconds:
            rates.append(nodes / seconds)
    print(f"{kind} in Chromium, {len(found[0])} positions; {load()}")
    for mark, got in zip(marks, found, strict=True):
        print(f"  depth after {mark:g} s: {quartiles(got)}  {got}")
    print(f"  nodes a second (the worker's last report): {quartiles([round(r) for r in rates])}; {load()}")


def rate_in_cpython(kind: str, seconds: float) -> None:
    """The study search's nodes a second (three lines) in CPython on the committed positions of ``kind``."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
    rates, reached = [], []
    for text in committed(kind):
        until = time.perf_counter() + seconds
        if kind == "dvonn":
            from dvonn_core.dvonn.study import StudySearch
            search: Any = StudySearch(Game.from_position(text), 3, hook=lambda s, u=until: time.perf_counter() > u)
        else:
            from dvonn_core.diamonds.study import StudySearch as DiamondsStudy
            search = DiamondsStudy(DiamondsGame.from_position(text), 3,
                                   hook=lambda s, u=until: time.perf_counter() > u)
        start = time.perf_counter()
        search.deepen()
        rates.append(search.nodes / (time.perf_counter() - start))
        reached.append(search.completed)
    print(f"{kind} in CPython, {seconds:g} s a position: nodes a second {quartiles([round(r) for r in rates])}; "
          f"depth {quartiles(reached)}; {load()}")


def swing(depth: int, tempo: int | None) -> None:
    """The DVONN swing figure (see the module's docstring); ``tempo``: instead of the study search's own
    (0: the bot levels' evaluation, before issue 54)."""
    from dvonn_core.dvonn.study import TEMPO, StudySearch

    changes: list[int] = []
    opposite = pairs = 0
    for text in committed("dvonn"):
        search = StudySearch(Game.from_position(text), 1)
        if tempo is not None:
            search.tempo = tempo
        scores = []
        for d in range(1, depth + 1):
            search.deepen(d)
            scores.append(search.best_score)
        kept = [v for v in scores[2:] if abs(v) < 50000]  # depth 3 on; a won or lost game is no swing
        steps = [b - a for a, b in pairwise(kept)]
        changes += [abs(x) for x in steps]
        for a, b in pairwise(steps):
            if a and b:
                pairs += 1
                opposite += a * b < 0
    changes.sort()
    used = TEMPO if tempo is None else tempo
    print(f"dvonn swing with tempo {used}, depths 3 to {depth} (hundredths of a piece): "
          f"median {statistics.median(changes):g}, 90th percentile {changes[int(0.9 * len(changes))]}, "
          f"largest {changes[-1]}; successive changes of "
          f"opposite signs {opposite} of {pairs}; {load()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--seconds", default="1,5,10", help="when to read the depth after the move (seconds)")
    parser.add_argument("--depths", action="store_true", help="the figures of issue 54 on the committed positions")
    parser.add_argument("--games", default="dvonn,diamonds")
    parser.add_argument("--cpython-seconds", type=float, default=2.0)
    parser.add_argument("--swing-depth", type=int, default=8)
    parser.add_argument("--no-browser", action="store_true", help="with --depths: the CPython figures only")
    args = parser.parse_args(argv)
    marks = [float(s) for s in args.seconds.split(",")]
    if args.depths:
        kinds = args.games.split(",")
        if "dvonn" in kinds and args.swing_depth:
            swing(args.swing_depth, 0)
            swing(args.swing_depth, None)
        for kind in kinds:
            rate_in_cpython(kind, args.cpython_seconds)
        if not args.no_browser:
            with site_in_chromium(args.site) as (browser, base):
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                for kind in kinds:
                    depths_in_chromium(page, base, kind, marks)
        return 0
    with site_in_chromium(args.site) as (browser, base):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(CLICK_CLOCK)
        for kind in POSITIONS:
            run(page, base, kind, marks, args.clicks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
