#!/usr/bin/env python3
"""Master's think time in headless Debian chromium: ``master_think.py`` run in Pyodide in a Web Worker (issue 42).

Builds the site into a temporary directory (or uses ``--dir``), adds a benchmark page whose worker loads
the vendored Pyodide (the bot worker's runtime) with ``dvonn_core`` and ``benchmarks/master_think.py`` in
its file system, and replays in it the positions where master was to move in one game of a match file,
as ``master_think.py`` does on CPython and in Node; prints its table (the worker has no CPU clock, so
both time columns are the wall clock: give the machine's load beside them)::

    python benchmarks/master_think_browser.py --game benchmarks/results/master-vs-primadvonna.jsonl:2
    python benchmarks/master_think_browser.py --dir dist --positions $(cat P.txt)   # chosen positions

Not part of the test suite; no request leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
import build
from benchmarks import bot_speed_browser, master_think

THINK = """
import sys
sys.path.insert(0, "/home/pyodide")
print("Pyodide, Python " + sys.version.split()[0])
from benchmarks import master_think
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
    with tempfile.TemporaryDirectory(prefix="dvonn-bench-") as tmp:
        site = Path(tmp) / "dist"
        if args.dir:
            import shutil

            shutil.copytree(args.dir, site)
        else:
            build.build(site)
        bot_speed_browser.add_page(site, ["master_think.py"], THINK, {"argv": ["--positions", *positions]})
        print("load average %.2f at the start" % os.getloadavg()[0], flush=True)
        bot_speed_browser.run_browser(site, console=lambda m: print(m.text, flush=True))
        print("load average %.2f at the end" % os.getloadavg()[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
