#!/usr/bin/env python3
"""The game analysis on each game's page in headless Debian chromium: how long it takes, and how
long the page's main thread is held meanwhile.

Builds the site (or takes ``--dir``), opens the DVONN page and the Diamonds & Pivots page, imports
each one's analysis game (the browser tests' ``ANALYSIS_GAME``), presses "Analyse" and prints, per
game and run: the plies, the positions the worker searched (``body[data-analysis-searched]``), the
time from the click to the end (wall clock), the longest gap between two animation frames while it
ran (the main thread's freedom: the page must keep responding), then a second analysis of the same
game (its scores from the cache) and its time.  The machine's load average is printed beside::

    python benchmarks/pages/analysis_page.py [--dir dist] [--runs 1] [--game dvonn --game diamonds]

Each run is a fresh page (an empty cache).  Not part of the test suite (the tests check what the
analysis does, these are its figures); no request leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.harness import site_in_chromium
from tests.e2e.app import GAMES

#: Longest gap between animation frames (ms) from now until ``window.__gapStop`` is set.
GAP_PROBE = """() => {
  window.__gap = 0; window.__gapStop = false;
  let last = performance.now();
  const tick = (now) => { window.__gap = Math.max(window.__gap, now - last); last = now;
                          if (!window.__gapStop) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""


def analyse(page) -> tuple[float, float, int]:  # type: ignore[no-untyped-def]
    """Press Analyse and wait for its end: (ms from the click, longest frame gap in ms, positions searched)."""
    page.evaluate(GAP_PROBE)
    page.evaluate("() => { delete document.body.dataset.analysis; window.__t0 = performance.now(); }")
    page.get_by_test_id("analyse").click()
    page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=600_000)
    elapsed = float(page.evaluate("performance.now() - window.__t0"))
    gap = float(page.evaluate("window.__gapStop = true, window.__gap"))
    return elapsed, gap, int(page.evaluate("document.body.dataset.analysisSearched || '0'"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=1, help="fresh pages per game (default 1)")
    parser.add_argument("--game", action="append", choices=list(GAMES), help="the games (default: both)")
    args = parser.parse_args(argv)
    with site_in_chromium(args.dir) as (browser, base):
        for name in args.game or list(GAMES):
            firsts, gaps = [], []
            for run in range(args.runs):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                page.set_default_timeout(120_000)
                game = GAMES[name](page, base)
                game.open()
                game.wait_bot_ready()
                game.import_record(game.record_of(game.ANALYSIS_GAME))
                load = os.getloadavg()[0]
                elapsed, gap, searched = analyse(page)
                again, _, again_searched = analyse(page)
                firsts.append(elapsed)
                gaps.append(gap)
                print(f"{name} run {run + 1}: {len(game.ANALYSIS_GAME)} plies, {searched} positions searched, "
                      f"analysis {elapsed / 1000:.1f} s, longest gap between frames {gap:.0f} ms; "
                      f"again {again:.0f} ms ({again_searched} searched); "
                      f"load average {load:.1f} -> {os.getloadavg()[0]:.1f}", flush=True)
                context.close()
            if args.runs > 1:
                print(f"{name}: analysis median {statistics.median(firsts) / 1000:.1f} s "
                      f"(slowest {max(firsts) / 1000:.1f} s), longest gap median {statistics.median(gaps):.0f} ms "
                      f"(slowest {max(gaps):.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
