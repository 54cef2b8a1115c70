#!/usr/bin/env python3
"""Master's think time in headless Debian chromium: ``master_think.py`` run in Pyodide in a Web Worker (issue 42).

Builds the site into a temporary directory (or uses ``--dir``), adds a benchmark page whose worker loads
the vendored Pyodide (the bot worker's runtime) with ``dvonn_core`` and ``benchmarks/master_think.py`` in
its file system, and replays in it the positions where master was to move in one game of a match file,
as ``master_think.py`` does on CPython and in Node; prints its table (the worker has no CPU clock, so
both time columns are the wall clock: give the machine's load beside them)::

    python benchmarks/master_think_browser.py --game benchmarks/results/master-vs-primadvonna.jsonl:2

Not part of the test suite; no request leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
import build
from benchmarks import bot_speed_browser, master_think

ROOT = Path(__file__).resolve().parents[1]

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>master think</title>
<link rel="icon" href="data:,">
<script type="module">
const worker = new Worker("./worker.mjs", {type: "module"});
worker.onmessage = (e) => { if (e.data.line !== undefined) console.log(e.data.line); else window.__result = e.data; };
worker.onerror = (e) => { window.__result = {error: String(e.message || e)}; };
worker.postMessage({argv: %(argv)s});
</script>
"""

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
    py.globals.set("argv", py.toPy(e.data.argv));
    py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
print("Pyodide, Python " + sys.version.split()[0])
from benchmarks import master_think
master_think.main(list(argv))
`);
    self.postMessage({ done: true });
  } catch (err) {
    self.postMessage({ error: String(err) });
  }
};
"""


def add_page(site: Path, argv: list[str]) -> None:
    pyodide = next(p.relative_to(site).as_posix() for p in sorted((site / "vendor").glob("pyodide-*")))
    bench = site / "bench"
    bench.mkdir()
    files = {"dvonn_core/" + p.relative_to(build.CORE).as_posix(): p.read_text()
             for p in sorted(build.CORE.rglob("*.py"))}
    files["benchmarks/__init__.py"] = ""
    files["benchmarks/master_think.py"] = (ROOT / "benchmarks" / "master_think.py").read_text()
    (bench / "files.json").write_text(json.dumps(files))
    (bench / "worker.mjs").write_text(WORKER % {"pyodide": pyodide})
    (bench / "index.html").write_text(PAGE % {"argv": json.dumps(argv)})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="FILE:N, game N (from 0) of a match file")
    parser.add_argument("--dir", type=Path, help="a built site (default: build one into a temporary folder)")
    args = parser.parse_args(argv)
    path, _, n = args.game.rpartition(":")
    items = master_think.master_positions(path, int(n))
    positions = ["%d@%s@%s" % (seed, p, m) for p, seed, m in items]
    with tempfile.TemporaryDirectory(prefix="dvonn-bench-") as tmp:
        site = Path(tmp) / "dist"
        if args.dir:
            import shutil

            shutil.copytree(args.dir, site)
        else:
            build.build(site)
        add_page(site, ["--positions", *positions])
        print("load average %.2f at the start" % os.getloadavg()[0], flush=True)
        result = run(site)
        print("load average %.2f at the end" % os.getloadavg()[0])
    return 0 if "error" not in result else 1


def run(site: Path) -> dict[str, Any]:
    """Open the page and print the worker's lines as they come (a whole game takes minutes)."""
    from urllib.parse import urlsplit

    from playwright.sync_api import sync_playwright

    import serve

    server = serve.start(site)
    base = f"http://127.0.0.1:{server.server_port}/"
    foreign: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=bot_speed_browser.CHROMIUM, args=bot_speed_browser.ARGS,
                                        headless=True)
            try:
                page = browser.new_page()
                page.on("request", lambda r: foreign.append(r.url)
                        if urlsplit(r.url).netloc not in ("", urlsplit(base).netloc) else None)
                page.on("console", lambda m: print(m.text, flush=True))
                page.goto(base + "bench/index.html")
                page.wait_for_function("window.__result !== undefined", timeout=3_600_000, polling=1000)
                result: dict[str, Any] = page.evaluate("window.__result")
                print("Chromium", browser.version)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if foreign:
        raise SystemExit(f"requests left 127.0.0.1: {foreign}")
    if "error" in result:
        print("the benchmark worker failed:", result["error"])
    return result


if __name__ == "__main__":
    sys.exit(main())
