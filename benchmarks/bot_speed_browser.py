#!/usr/bin/env python3
"""Search speed of the hard bot in Pyodide inside headless Debian chromium, next to CPython.

Builds the site into a temporary directory, adds a benchmark page whose Web Worker loads
the vendored Pyodide (``vendor/pyodide-*/pyodide.mjs``, the runtime the bot worker uses),
writes ``dvonn_core/**/*.py`` and ``benchmarks/bot_speed.py`` into its file system and runs
``bot_speed.measure(bot_speed.POSITIONS, TIME)``; serves it on 127.0.0.1, runs it in
chromium through Playwright, then runs the same measurement on this CPython and prints
both tables (depth reached in the budget, nodes, nodes per second)::

    python benchmarks/bot_speed_browser.py            # 1 s per position
    python benchmarks/bot_speed_browser.py --time 2

Not part of the test suite; no request leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
import build
import serve
from benchmarks import bot_speed

ROOT = Path(__file__).resolve().parents[1]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>benchmark</title>
<link rel="icon" href="data:,">
<script type="module">
const worker = new Worker("./worker.mjs", {type: "module"});
worker.onmessage = (e) => { if (e.data.line !== undefined) console.log(e.data.line); else window.__result = e.data; };
worker.onerror = (e) => { window.__result = {error: String(e.message || e)}; };
worker.postMessage(%(message)s);
</script>
"""

# The worker: Pyodide with ``files.json`` in its file system; runs PYTHON (whose last expression, a JSON
# text, is the result; its prints go to the page's console), ``message`` (the page's) in its globals.
WORKER = """import { loadPyodide } from "../%(pyodide)s/pyodide.mjs";

self.onmessage = async (e) => {
  try {
    const py = await loadPyodide({ indexURL: new URL("../%(pyodide)s/", import.meta.url).href,
                                   stdout: (line) => self.postMessage({ line }) });
    const files = await (await fetch("./files.json")).json();
    for (const [rel, text] of Object.entries(files)) {
      py.FS.mkdirTree("/home/pyodide/" + rel.split("/").slice(0, -1).join("/"));
      py.FS.writeFile("/home/pyodide/" + rel, text);
    }
    py.globals.set("message", py.toPy(e.data));
    const out = py.runPython(%(python)s);
    self.postMessage(JSON.parse(out));
  } catch (err) {
    self.postMessage({ error: String(err) });
  }
};
"""

SPEED = """
import sys, json
sys.path.insert(0, "/home/pyodide")
from benchmarks import bot_speed
json.dumps({"python": sys.version.split()[0], "rows": bot_speed.measure(bot_speed.POSITIONS, message["seconds"])})
"""


def add_page(site: Path, scripts: list[str], python: str, message: dict[str, Any]) -> str:
    """Write ``bench/`` into the built site: the page, its worker, and as JSON the library's sources and the
    benchmark ``scripts`` (names in benchmarks/) for the worker's file system.  Returns Pyodide's folder."""
    pyodide = next(p.relative_to(site).as_posix() for p in sorted((site / "vendor").glob("pyodide-*")))
    bench = site / "bench"
    bench.mkdir()
    # The whole package, its subpackages (common/, dvonn/, diamonds/) included.
    sources = sorted(build.CORE.rglob("*.py"))
    files = {"dvonn_core/" + p.relative_to(build.CORE).as_posix(): p.read_text() for p in sources}
    files["benchmarks/__init__.py"] = ""
    for name in scripts:
        files["benchmarks/" + name] = (ROOT / "benchmarks" / name).read_text()
    (bench / "files.json").write_text(json.dumps(files))
    (bench / "worker.mjs").write_text(WORKER % {"pyodide": pyodide, "python": json.dumps(python)})
    (bench / "index.html").write_text(PAGE % {"message": json.dumps(message)})
    return pyodide


def add_bench_page(site: Path, seconds: float) -> str:
    """Write ``bench/`` (page, worker, the Python sources as JSON) into the built site."""
    return add_page(site, ["bot_speed.py"], SPEED, {"seconds": float(seconds)})


def run_browser(site: Path, seconds: float = 0.0, console: Any = None) -> dict[str, Any]:
    """Open ``bench/index.html`` and wait for the worker's result (``console``: called with each console
    line, the worker's prints among them, as they come; by default they go to stderr)."""
    from playwright.sync_api import sync_playwright

    server = serve.start(site)
    base = f"http://127.0.0.1:{server.server_port}/"
    foreign: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                page = browser.new_page()
                page.on("request", lambda r: foreign.append(r.url)
                        if urlsplit(r.url).scheme in ("http", "https")
                        and urlsplit(r.url).netloc != urlsplit(base).netloc
                        else None)
                page.on("console", console or (lambda m: print("[console]", m.text, file=sys.stderr)))
                page.goto(base + "bench/index.html")
                page.wait_for_function("window.__result !== undefined", timeout=3_600_000, polling=500)
                result = page.evaluate("window.__result")
                result["browser"] = browser.version
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if foreign:
        raise SystemExit(f"requests left 127.0.0.1: {foreign}")
    if "error" in result:
        raise SystemExit(f"the benchmark worker failed: {result['error']}")
    return result


def table(title: str, rows: list[dict[str, Any]]) -> str:
    lines = [title, "%-8s %-6s %5s %8s %8s %9s" % ("position", "move", "depth", "nodes", "seconds", "nodes/s")]
    for r in rows:
        lines.append("%-8s %-6s %5d %8d %8.3f %9d" % (r["name"], r["move"], r["depth"], r["nodes"], r["seconds"],
                                                     r["nodes_per_second"]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds per position (default 1)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="dvonn-bench-") as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        pyodide = add_bench_page(site, args.time)
        web = run_browser(site, args.time)
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
