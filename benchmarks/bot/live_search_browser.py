#!/usr/bin/env python3
"""The bot worker's live search in headless Debian chromium: how deep it gets, and how fast it stops.

Builds the site (or takes ``--dir``), opens the DVONN page, and calls its own bot worker (the Pyodide
worker the page started, snapshot included) with ``search`` held (no clock), for a middle-game DVONN
position and a Diamonds & Pivots position with a long chain (tests/data/diamonds/long-chain.txt).  It
listens to the progress on the page's side of the ``BroadcastChannel`` and prints the depth reached
after 1, 5 and 10 s, then the time from ``stop`` to the search's answer on the page::

    python benchmarks/bot/live_search_browser.py [--dir dist] [--seconds 1,5,10]

Not part of the test suite; no request leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.bot.bot_speed import POSITIONS
from benchmarks.harness import ROOT, site_in_chromium

CHAIN = (ROOT / "tests" / "data" / "diamonds" / "long-chain.txt").read_text().splitlines()[0]

RUN = """async ([kind, position, marks]) => {
  const worker = document.querySelector('script[name="bot"]').xworker;
  await worker.ready;
  const bot = worker.sync;
  const channel = new BroadcastChannel("bench-live");
  let last = null;
  channel.onmessage = (e) => { last = JSON.parse(e.data); };
  const start = performance.now();
  const answer = bot.search(kind, position, "hard", 1, "bench", "bench-live", true);
  const depths = [];
  for (const s of marks) {
    await new Promise((r) => setTimeout(r, Math.max(0, start + 1000 * s - performance.now())));
    depths.push(last ? [last.depth, last.move.slice(0, 30), last.nodes] : null);
  }
  const asked = performance.now();
  bot.stop("bench");
  const text = String(await answer);
  const stopped = performance.now() - asked;
  channel.close();
  return {depths, stopped, answer: text.slice(0, 40) + (text.length > 40 ? "..." : "")};
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--seconds", default="1,5,10", help="when to read the depth (seconds, comma-separated)")
    args = parser.parse_args(argv)
    marks = [float(s) for s in args.seconds.split(",")]
    print(f"load average {os.getloadavg()[0]:.1f}")
    with site_in_chromium(args.dir) as (browser, base):
        page = browser.new_page()
        page.goto(base + "index.html")
        page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=120_000)
        middle = dict(POSITIONS)["middle"]
        for label, kind, position in (("DVONN middle game", "dvonn", middle),
                                      ("Diamonds & Pivots, long chain", "diamonds", CHAIN)):
            r = page.evaluate(RUN, [kind, position, marks])
            print(f"{label}:")
            for s, d in zip(marks, r["depths"], strict=True):
                print(f"  after {s:g} s: depth {d[0]}, best {d[1]}, {d[2]} nodes" if d else f"  after {s:g} s: -")
            print(f"  stop -> answer on the page: {r['stopped']:.0f} ms ({r['answer']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
