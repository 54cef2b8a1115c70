#!/usr/bin/env python3
"""Time from a move to the verdict on the DVONN puzzle page (issue 41), in headless Debian chromium.

For ``--puzzles`` one-move puzzles of ``puzzles/dvonn.tsv`` (spread over the file), the page is opened at
``#id=``; a wrong move is clicked (stack, then target), then "Try again", then the solution's move.  Measured in
the page: from the target's click (``pointerdown``) to the status's ``data-state`` becoming ``wrong``, and to
``solved`` (a MutationObserver's timestamps, ``performance.now()``).  Prints each and the medians.

    python3 benchmarks/pages/puzzle_verdict.py [--dir dist] [--puzzles 8]

(without ``--dir``, the site is built into a temporary folder).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the checkout

from benchmarks.harness import site_in_chromium  # noqa: E402
from dvonn_core import Game  # noqa: E402

WATCH = """
window.__verdict = {};
new MutationObserver(() => {
  const s = document.querySelector('[data-testid=puzzle-status]').getAttribute('data-state');
  if (window.__verdict[s] === undefined) window.__verdict[s] = performance.now();
}).observe(document.querySelector('[data-testid=puzzle-status]'), {attributes: true});
document.addEventListener('pointerdown', () => { window.__clickAt = performance.now(); window.__verdict = {}; },
                          true);
"""


def one_move_puzzles(n: int) -> list[tuple[str, str, str]]:
    rows = [line.split("\t") for line in (ROOT / "puzzles" / "dvonn.tsv").read_text().splitlines()
            if line and not line.startswith("#")]
    rows = [r for r in rows if len(r[2].split()) == 1]
    step = max(1, len(rows) // n)
    return [(r[0], r[1], r[2]) for r in rows[::step][:n]]


def timed_click(page, move: str, state: str) -> float:  # type: ignore[no-untyped-def]
    page.locator(f'[data-cell="{move[:2]}"]').click()
    page.locator(f'[data-cell="{move[2:]}"]').click()
    page.wait_for_function("s => window.__verdict && window.__verdict[s] !== undefined", arg=state)
    return float(page.evaluate("s => window.__verdict[s] - window.__clickAt", state))


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--dir", type=Path, help="a built site (default: build one into a temporary folder)")
    ap.add_argument("--puzzles", type=int, default=8)
    args = ap.parse_args()
    wrong_ms, right_ms = [], []
    with site_in_chromium(args.dir) as (browser, base):
        for pid, position, solution in one_move_puzzles(args.puzzles):
            page = browser.new_page()
            page.goto(base + "puzzles.html#id=" + pid)
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=120_000)
            page.evaluate(WATCH)
            game = Game.from_position(position)
            wrong = next(str(m) for m in game.legal_moves() if str(m) != solution and not m.is_pass)
            w = timed_click(page, wrong, "wrong")
            page.get_by_test_id("puzzle-retry").click()
            r = timed_click(page, solution, "solved")
            wrong_ms.append(w)
            right_ms.append(r)
            print(f"{pid}: wrong move -> verdict {w:.0f} ms, right move -> solved {r:.0f} ms", flush=True)
            page.close()
    print(f"median: wrong move -> verdict {statistics.median(wrong_ms):.0f} ms, "
          f"right move -> solved {statistics.median(right_ms):.0f} ms (over {len(right_ms)} puzzles)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
