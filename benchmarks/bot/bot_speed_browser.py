#!/usr/bin/env python3
"""Search speed of the hard bot in Pyodide inside headless Debian chromium, next to CPython.

Builds the site into a temporary directory (or copies ``--dir`` there), adds a benchmark page whose Web Worker loads
the vendored Pyodide (``vendor/pyodide-*/pyodide.mjs``, the runtime the bot worker uses),
writes ``dvonn_core/**/*.py`` and ``benchmarks/bot/bot_speed.py`` into its file system and runs
``bot_speed.measure(bot_speed.POSITIONS, TIME)``; serves it on 127.0.0.1, runs it in
chromium through Playwright, then runs the same measurement on this CPython and prints
both tables (depth reached in the budget, nodes, nodes per second)::

    python benchmarks/bot/bot_speed_browser.py            # 1 s per position
    python benchmarks/bot/bot_speed_browser.py --time 2

Not part of the test suite; no request leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.bot import bot_speed
from benchmarks.harness import add_pyodide_page, built_site, run_pyodide_page

SPEED = """
import sys, json
sys.path.insert(0, "/home/pyodide")
from benchmarks.bot import bot_speed
json.dumps({"python": sys.version.split()[0], "rows": bot_speed.measure(bot_speed.POSITIONS, message["seconds"])})
"""


def add_bench_page(site: Path, seconds: float) -> str:
    """Write ``bench/`` (page, worker, the Python sources as JSON) into the built site."""
    return add_pyodide_page(site, ["bot/bot_speed.py"], SPEED, {"seconds": float(seconds)})


def table(title: str, rows: list[dict[str, Any]]) -> str:
    lines = [title, "%-8s %-6s %5s %8s %8s %9s" % ("position", "move", "depth", "nodes", "seconds", "nodes/s")]
    for r in rows:
        lines.append("%-8s %-6s %5d %8d %8.3f %9d" % (r["name"], r["move"], r["depth"], r["nodes"], r["seconds"],
                                                     r["nodes_per_second"]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds per position (default 1)")
    parser.add_argument("--dir", type=Path, help="a built site, copied (default: build one into a temporary folder)")
    args = parser.parse_args(argv)
    with built_site(args.dir, copy=True) as site:
        pyodide = add_bench_page(site, args.time)
        web = run_pyodide_page(site)
    cpython = bot_speed.measure(bot_speed.POSITIONS, args.time)
    print()
    print(table(f"Pyodide {web['python']} ({pyodide}) in headless Chromium {web['browser']}, "
                f"{args.time:g} s per position", web["rows"]))
    print()
    print(table(f"CPython {platform.python_version()}, {args.time:g} s per position", cpython))
    print()
    print("%-8s %14s %14s" % ("position", "depth web/py", "nodes/s web/py"))
    for w, c in zip(web["rows"], cpython, strict=True):
        ratio = w["nodes_per_second"] / c["nodes_per_second"] if c["nodes_per_second"] else 0.0
        print("%-8s %9d / %-3d %13.2fx" % (w["name"], w["depth"], c["depth"], ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main())
