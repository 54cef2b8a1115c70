#!/usr/bin/env python3
"""Master's think time in headless Debian chromium: ``master_think.py`` run in Pyodide in a Web Worker (issue 42).

Builds the site into a temporary directory (or uses ``--dir``), adds a benchmark page whose worker loads
the vendored Pyodide (the bot worker's runtime) with ``dvonn_core`` and ``benchmarks/bot/master_think.py`` in
its file system, and replays in it the positions where master was to move in one game of a match file,
as ``master_think.py`` does on CPython and in Node; prints its table (the worker has no CPU clock, so
both time columns are the wall clock: give the machine's load beside them)::

    python benchmarks/bot/master_think_browser.py --game benchmarks/results/master-vs-primadvonna.jsonl:2
    python benchmarks/bot/master_think_browser.py --dir dist --positions $(cat P.txt)   # chosen positions

Not part of the test suite; no request leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.bot import master_think
from benchmarks.harness import add_pyodide_page, built_site, run_pyodide_page

THINK = """
import sys
sys.path.insert(0, "/home/pyodide")
print("Pyodide, Python " + sys.version.split()[0])
from benchmarks.bot import master_think
master_think.main(list(message["argv"]))
'{}'
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="FILE:N, game N (from 0) of a match file")
    parser.add_argument("--positions", nargs="*", default=[], help="SEED@POSITION@MOVE items "
                        "(master_think.py --print-positions), after the game's")
    parser.add_argument("--dir", type=Path, help="a built site (default: build one into a temporary folder)")
    args = parser.parse_args(argv)
    positions = list(args.positions)
    if args.game:
        path, _, n = args.game.rpartition(":")
        positions[:0] = ["%d@%s@%s" % (seed, p, m) for p, seed, m in master_think.master_positions(path, int(n))]
    with built_site(args.dir, copy=True) as site:
        add_pyodide_page(site, ["bot/master_think.py"], THINK, {"argv": ["--positions", *positions]})
        print("load average %.2f at the start" % os.getloadavg()[0], flush=True)
        run_pyodide_page(site, console=lambda m: print(m.text, flush=True))
        print("load average %.2f at the end" % os.getloadavg()[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
