"""What the benchmarks that drive a browser share: a site, built into a temporary folder or one given, served
on 127.0.0.1, and headless Debian chromium; a page that runs a benchmark script in Pyodide in a Web Worker; and
the figures several of them read from the browser (its processes idle, the main thread's CPU time in Chromium's
trace, click -> DOM -> frame).

A benchmark lives in the folder of what it measures (``bot/``, ``core/``, ``pages/``), puts the checkout on
the path and imports this module.  It may use another benchmark's tables or functions (a browser benchmark runs
its CPython twin in Pyodide, ``bot/setups.py`` and ``bot/phases.py`` play through the match harness), but no
two import each other (tests/test_benchmarks.py).  For example::

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
    from benchmarks.harness import site_in_chromium

    with site_in_chromium(args.site) as (browser, base):  # None: a fresh build
        page = browser.new_page()
        page.goto(base + "index.html")

``built_site``, ``served`` and ``chromium`` are its three parts, for a benchmark that serves two builds
(``--baseline``) or needs the server (``server.RequestHandlerClass.body_bytes``: the bytes it sent).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (puts web/ on the path)
import serve  # noqa: E402

#: Debian's chromium (Playwright cannot download its own browser here), as the browser tests launch it
#: (tests/e2e/conftest.py).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic")


@contextlib.contextmanager
def built_site(site: Path | None = None, copy: bool = False) -> Iterator[Path]:
    """``site`` (a built ``dist/``), or, when None, the checkout built into a temporary folder; with ``copy``,
    a copy of ``site`` in a temporary folder that the benchmark may write into.  The folder is removed when the
    block ends."""
    if site is not None and not copy:
        yield site
        return
    with tempfile.TemporaryDirectory(prefix="dvonn-bench-") as tmp:
        out = Path(tmp) / "dist"
        if site is not None:
            shutil.copytree(site, out)
        else:
            build.build(out)
        yield out


@contextlib.contextmanager
def served(site: Path) -> Iterator[tuple[str, Any]]:
    """``site`` served on 127.0.0.1 (``serve.py``: gzip, as GitHub Pages) until the block ends: its address
    (``http://127.0.0.1:PORT/``) and the server."""
    server = serve.start(site)
    try:
        yield f"http://127.0.0.1:{server.server_port}/", server
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium(**launch: Any) -> Iterator[Any]:
    """Headless Debian chromium (a Playwright ``Browser``), closed when the block ends."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS), **launch)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def site_in_chromium(site: Path | None = None) -> Iterator[tuple[Any, str]]:
    """Headless Debian chromium and the address of ``site`` (a built ``dist/``; None: one built into a
    temporary folder), served on 127.0.0.1 until the block ends."""
    with built_site(site) as path, served(path) as (base, _server), chromium() as browser:
        yield browser, base


# A benchmark script run by Pyodide in a Web Worker of the browser (the bot worker's runtime).

PYODIDE_PAGE = """<!doctype html>
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
PYODIDE_WORKER = """import { loadPyodide } from "../%(pyodide)s/pyodide.mjs";

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


def add_pyodide_page(site: Path, scripts: Sequence[str], python: str, message: dict[str, Any]) -> str:
    """Write ``bench/`` into the built site: a page, its worker, and as JSON the library's sources and the
    benchmark ``scripts`` (paths in benchmarks/, such as ``bot/bot_speed.py``: importable in the worker as
    ``benchmarks.bot.bot_speed``) for the worker's file system; the worker runs ``python`` with ``message`` in
    its globals.  Returns Pyodide's folder."""
    pyodide = next(p.relative_to(site).as_posix() for p in sorted((site / "vendor").glob("pyodide-*")))
    bench = site / "bench"
    bench.mkdir()
    # The whole package, its subpackages (common/, dvonn/, diamonds/) included.
    sources = sorted(build.CORE.rglob("*.py"))
    files = {"dvonn_core/" + p.relative_to(build.CORE).as_posix(): p.read_text() for p in sources}
    for name in scripts:
        files["benchmarks/" + name] = (ROOT / "benchmarks" / name).read_text()
    (bench / "files.json").write_text(json.dumps(files))
    (bench / "worker.mjs").write_text(PYODIDE_WORKER % {"pyodide": pyodide, "python": json.dumps(python)})
    (bench / "index.html").write_text(PYODIDE_PAGE % {"message": json.dumps(message)})
    return pyodide


def run_pyodide_page(site: Path, console: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """Serve ``site``, open its ``bench/index.html`` (``add_pyodide_page``) in Chromium and wait for the worker's
    result (``console``: called with each console message, the worker's prints among them, as they come; by
    default they go to stderr).  A request that leaves 127.0.0.1, or an error in the worker, stops the run."""
    foreign: list[str] = []
    with served(site) as (base, _server), chromium() as browser:
        page = browser.new_page()
        page.on("request", lambda r: foreign.append(r.url)
                if urlsplit(r.url).scheme in ("http", "https") and urlsplit(r.url).netloc != urlsplit(base).netloc
                else None)
        page.on("console", console or (lambda m: print("[console]", m.text, file=sys.stderr)))
        page.goto(base + "bench/index.html")
        page.wait_for_function("window.__result !== undefined", timeout=3_600_000, polling=500)
        result: dict[str, Any] = page.evaluate("window.__result")
        result["browser"] = browser.version
    if foreign:
        raise SystemExit(f"requests left 127.0.0.1: {foreign}")
    if "error" in result:
        raise SystemExit(f"the benchmark worker failed: {result['error']}")
    return result


# What the page benchmarks read from the browser.

#: Click -> the first DOM mutation after it (MicroPython's handler has returned) and -> the next animation
#: frame, pushed to ``window.__clicks`` as [ms to the DOM, ms to the frame].
CLICK_PROBE = """() => {
  window.__clicks = [];
  let t0 = null;
  document.addEventListener("click", (e) => { t0 = e.timeStamp; }, true);
  new MutationObserver(() => {
    if (t0 === null) return;
    const start = t0, dom = performance.now();
    t0 = null;
    requestAnimationFrame(() => window.__clicks.push([dom - start, performance.now() - start]));
  }).observe(document.body, {attributes: true, childList: true, subtree: true, characterData: true});
}"""


def descendants() -> list[int]:
    """The processes this benchmark started (the Playwright driver, the browser and its children)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [os.getpid()]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def cpu_ticks() -> dict[int, int]:
    """The CPU time (user + system, in clock ticks) each process this benchmark started has used so far."""
    out = {}
    for pid in descendants():
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            out[pid] = int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, IndexError, ValueError):
            continue  # it has just exited
    return out


#: The browser is idle when its processes use less than this share of a core over IDLE_WINDOW seconds.
IDLE_SHARE = 0.05
IDLE_WINDOW = 0.3


def wait_idle(limit: float = 60.0) -> tuple[float, float]:
    """Wait until the browser's processes (a closed page's worker, compilation, caches written)
    have gone idle: (seconds waited, CPU seconds they used meanwhile)."""
    start, used = time.monotonic(), 0.0
    while time.monotonic() - start < limit:
        before = cpu_ticks()
        time.sleep(IDLE_WINDOW)
        after = cpu_ticks()  # (a process that exited meanwhile is not counted)
        spent = sum(after[pid] - ticks for pid, ticks in before.items() if pid in after) / os.sysconf("SC_CLK_TCK")
        used += spent
        if spent < IDLE_SHARE * IDLE_WINDOW:
            break
    return time.monotonic() - start, used


#: The phases of a page's start whose main-thread CPU ``main_thread_cpu`` counts: (name, the timeline's mark
#: that starts it (None: navigation), the mark that ends it).
PHASES = (("to DOMContentLoaded", None, "DOMContentLoaded (end)"),
          ("DOMContentLoaded -> mpy:ready", "DOMContentLoaded (end)", "mpy:ready"),
          ("mpy:ready -> python-start (or ready)", "mpy:ready", "python-start"),
          ("python-start -> data-ready", "python-start", "data-ready"))
#: The trace's top-level events of a thread: its tasks, and the microtasks run after each.
TASKS = ("RunTask", "ThreadControllerImpl::RunTask", "BlinkScheduler_PerformMicrotaskCheckpoint")
#: The trace categories ``main_thread_cpu`` reads (``browser.start_tracing(page=..., categories=...)``).
TRACE_CATEGORIES = ["devtools.timeline", "toplevel", "blink.user_timing"]


def main_thread_cpu(trace: bytes, url: str, timeline: dict[str, Any]) -> dict[str, float]:
    """The CPU time of the page's main thread (the thread clock of Chromium's trace: a figure that
    other processes on the machine do not inflate) in each phase of ``PHASES`` up to data-ready;
    a task that spans two phases is shared between them by its wall time."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    thread = next(((e["pid"], e["tid"]) for e in events if e.get("name") == "ParseHTML"
                   and e.get("args", {}).get("beginData", {}).get("url", "").split("?")[0] == url.split("?")[0]), None)
    marks = [e for e in events if e.get("cat", "").startswith("blink.user_timing") and e.get("ph") in ("I", "R")
             and "startTime" in e.get("args", {}).get("data", {})]
    if thread is None or not marks:
        return {}
    navigation = marks[0]["ts"] - marks[0]["args"]["data"]["startTime"] * 1000  # the trace's clock (us)
    bounds = []
    for name, start, end in PHASES:
        t0 = 0.0 if start is None else timeline.get(start)
        t1 = timeline.get(end) if end != "python-start" or timeline.get(end) else timeline.get("data-ready")
        if t0 is not None and t1 is not None and t1 >= t0:
            bounds.append((name, navigation + t0 * 1000, navigation + t1 * 1000))
    out = {name: 0.0 for name, _, _ in bounds}
    tasks = sorted((e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X" and e.get("dur")
                    and e.get("name") in TASKS), key=lambda e: e["ts"])
    end = 0
    for e in tasks:
        if e["ts"] < end:
            continue  # a task run inside another (a nested loop): counted with it
        end = e["ts"] + e["dur"]
        for name, t0, t1 in bounds:
            overlap = min(e["ts"] + e["dur"], t1) - max(e["ts"], t0)
            if overlap > 0:
                out[name] += e.get("tdur", e["dur"]) * overlap / e["dur"] / 1000
    out["main thread CPU, navigation -> data-ready"] = sum(out.values())
    return out


# The games the page benchmarks play by clicks.

#: Diamonds & Pivots by clicks: the source's worked example (Black b7 c5 c6 d6 e6, White h1 h2 h3 h4 i2, then
#: Black's turn b6 with a chain of two pivots, clicked as the page asks).
DIAMONDS_OPENING = [["b7"], ["h1"], ["c5"], ["h2"], ["c6"], ["h3"], ["d6"], ["h4"], ["e6"], ["i2"],
                    ["b6", "c5", "f5", "f5", "f5", "i2", "i2"]]
#: A real DVONN game that ends (tests/data/boardspace-games.txt), played by clicks on the DVONN page.
GAME_FILE = ROOT / "tests" / "data" / "boardspace-games.txt"
GAME = "DV-BestBot-tavis-2009-10-08-2028.sgf"


def recorded_game() -> list[str]:
    """The moves of ``GAME``."""
    for line in GAME_FILE.read_text().splitlines():
        if line.startswith(GAME + " "):
            return line.split()[3:]
    raise LookupError(GAME)
