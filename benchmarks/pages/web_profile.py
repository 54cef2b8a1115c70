#!/usr/bin/env python3
"""Where a page's time goes from navigation to data-ready, in headless chromium (issues 12 and 45).

For each page (``--page index.html``; default the two game pages), cold loads (a fresh browser
context each) of the page, of a profiling copy of it, and of the floor (``floor.html``: the
runtime alone, see benchmarks/pages/web_load.py), interleaved, each figure the median of ``--runs``:

* the timeline of the page and of the floor: the HTML received, parsed (domInteractive),
  DOMContentLoaded, the module pack received, PyScript's ``mpy:ready``, the first line of the
  page's start script (``python-start``), data-ready, the bot worker's start phase by phase (marks put into
  the copied site's worker: its boot module runs, Pyodide is running, PyScript has written and imported its
  package, the worker's script starts and ends; ``mark_worker``), and the bot ready; and the CPU time of the
  page's main thread in each phase (from Chromium's trace: the thread's own clock, which the
  other processes of a busy machine do not inflate, where wall times are);
* the page's own Python, in the profiling copy (the page itself with timing added to its start
  script): mounting the pack, each import (its own time, the modules it imports taken out:
  ``builtins.__import__`` is wrapped), and the steps of the start (every function named in
  ``STEPS`` that the page runs, its own time, the steps it calls taken out).

The profiling copy's total is a little slower than the page (the wrappers' own cost).

    python benchmarks/pages/web_profile.py [--runs 5] [--page index.html] [--dir dist] [--baseline DIR]

``--clicks``: where the time of a click and of "Flip board" goes instead (issue 43), on the game
pages: in the profiling copy (with the steps of a click and a redraw added to ``STEPS``), a hotseat
game's first ``--moves`` moves by clicks on the board (web_load.py's game), then "Flip board" ten
times; for each, the page's own Python per step (ms a click, its own time) and the main thread's
CPU by kind of work from Chromium's trace (script, style, layout, paint...: each trace event's own
thread time, its children taken out), medians of ``--runs`` fresh pages::

    python benchmarks/pages/web_profile.py --clicks [--runs 3] [--moves 30] [--page index.html] [--dir dist]
"""

from __future__ import annotations

import argparse
import contextlib
import html
import json
import os
import random
import re
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.harness import (
    DIAMONDS_OPENING,
    PHASES,
    TRACE_CATEGORIES,
    built_site,
    chromium,
    main_thread_cpu,
    recorded_game,
    served,
    wait_idle,
)
from sitebuild.site import inline_code

SCRIPT = re.compile(r'(<script type="mpy" config="[^"]*">\n)(.*?)(</script>)', re.S)
#: The steps of a page's start timed in the profiling copy: (module, object, attribute); those a page
#: does not have are left out.
STEPS = (("kernel.page", "GamePage", "start"), ("kernel.page", "GamePage", "__init__"),
         ("kernel.page", "GamePage", "redraw"), ("kernel.page", "GamePage", "wire_board"),
         ("kernel.page", "GamePage", "adopt_board"), ("kernel.page", "GamePage", "start_bot"),
         ("kernel.game_io", None, "setup"), ("kernel.game_io", None, "restore_saved"),
         ("kernel.game_io", None, "open_link"), ("kernel.game_io", None, "sync_form"),
         ("kernel.by_link", None, "setup"), ("kernel.by_link", None, "open_link"),
         ("kernel.by_link", None, "draw_list"), ("kernel.i18n", None, "_load"),
         ("kernel.deferred", None, "run"))
#: With --clicks, also the steps of a click, a flip and a redraw.
CLICK_STEPS = (("kernel.page", "GamePage", "on_flip"), ("kernel.page", "GamePage", "press"),
               ("kernel.page", "GamePage", "draw_history"), ("kernel.page", "GamePage", "draw_review"),
               ("kernel.page", "GamePage", "draw_analysis"), ("kernel.page", "GamePage", "draw_bot_status"),
               ("kernel.page", "GamePage", "status_line"), ("kernel.page", "GamePage", "put"),
               ("kernel.page", "GamePage", "toggle"), ("kernel.game_io", None, "draw"),
               ("kernel.game_io", None, "save"), ("kernel.by_link", None, "draw"),
               ("kernel.board_dom", "KeyedBoard", "draw"), ("kernel.board_dom", "BoardInput", "on_click"),
               ("kernel.session", "GameSession", "flip"), ("dvonn.session", "Session", "activate"),
               ("dvonn.session", "Session", "marks"), ("dvonn.session", "Session", "stacks"),
               ("dvonn.render", None, "board_svg"), ("dvonn.render", None, "cell_svg"),
               ("diamonds.session", "Session", "activate"), ("diamonds.session", "Session", "marks"),
               ("diamonds.outlined", "OutlinedBoard", "show"), ("diamonds.render", None, "board_svg"),
               ("diamonds.render", None, "cell_svg"))
# Before the page's start script: times every import and the steps.
PROLOGUE = """
import builtins, js, sys
_now = js.performance.now
_T = {}
_stack = []
def _add(label, t, own):
    _T[label] = _T.get(label, 0.0) + own
def _timed(label, f):
    def run(*a, **k):
        t = _now()
        _stack.append(0.0)
        try:
            return f(*a, **k)
        finally:
            dt = _now() - t
            own = dt - _stack.pop()
            if _stack:
                _stack[-1] += dt
            _add(label, t, own)
    return run
_import = builtins.__import__
def _imp(name, *a):
    fresh = name not in sys.modules
    t = _now()
    _stack.append(0.0)
    try:
        return _import(name, *a)
    finally:
        dt = _now() - t
        own = dt - _stack.pop()
        if _stack:
            _stack[-1] += dt
        if fresh or own > 0.2:
            what = a[2] if len(a) > 2 and isinstance(a[2], (tuple, list)) else ()
            _add("import " + name + (" (%s)" % ", ".join(what) if what else ""), t, own)
builtins.__import__ = _imp
"""
# After the pack is mounted, before the page's main module: the steps wrapped.
WRAP = """
_T["mount the pack"] = _now() - _t0
for _m, _o, _a in %(steps)r:
    try:
        __import__(_m)
    except ImportError:
        continue
    _mod = sys.modules[_m]
    _owner = getattr(_mod, _o) if _o else _mod
    if _o and _a not in _owner.__dict__ or not _o and not hasattr(_mod, _a):
        continue
    setattr(_owner, _a, _timed("%%s.%%s" %% (_o or _m.split(".")[-1], _a), getattr(_owner, _a)))
"""
EPILOGUE = """
import json
js.window.__prof = json.dumps(_T)
def _take():
    text = json.dumps(_T)
    _T.clear()
    return text
from pyscript.ffi import create_proxy as _proxy
js.window.__profTake = _proxy(_take)
"""


def profile_page(site: Path, page: str, steps: tuple = STEPS) -> str:
    """Write the profiling copy of ``page`` into ``site`` (timing ``steps``); returns its name."""
    text = (site / page).read_text()
    match = SCRIPT.search(text)
    if not match:
        raise SystemExit(f"web_profile.py: no inline <script type=\"mpy\" config=...> in {page}")
    start = match.group(2)  # (a script element's text is raw: no character references)
    mount, _, entry = start.rpartition("\nimport ")
    code = (PROLOGUE + "_t0 = _now()\n" + mount + "\n" + WRAP % {"steps": steps} + "import " + entry + EPILOGUE)
    name = f"prof-{page.replace('/', '-')}"
    if "/" in page:
        raise SystemExit("web_profile.py: profile the English pages (the others run the same Python)")
    (site / name).write_text(text[:match.start(2)] + inline_code(code, "script") + text[match.end(2):])
    return name


PROBE = """
(() => {
  document.addEventListener("mpy:ready", () => { window.__runtimeAt = performance.now(); performance.mark("mpy"); },
                            {capture: true, once: true});
  new MutationObserver(() => {
    const body = document.body;
    if (!body) return;
    if (body.dataset.ready === "true" && window.__readyAt === undefined) window.__readyAt = performance.now();
    if (body.dataset.bot === "ready" && window.__botAt === undefined) window.__botAt = performance.now();
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready", "data-bot"]});
})();
"""
TIMELINE = """() => {
  const n = performance.getEntriesByType("navigation")[0];
  const pack = performance.getEntriesByType("resource").filter(e => e.name.includes(".pack"))[0];
  const wasm = performance.getEntriesByType("resource").filter(e => e.name.endsWith(".wasm"))[0];
  const start = performance.getEntriesByName("python-start")[0];
  return {"HTML received": n.responseEnd, "HTML parsed (domInteractive)": n.domInteractive,
          "DOMContentLoaded (end)": n.domContentLoadedEventEnd,
          "micropython.wasm received": wasm ? wasm.responseEnd : null,
          "module pack received": pack ? pack.responseEnd : null,
          "mpy:ready": window.__runtimeAt, "python-start": start ? start.startTime : null,
          "data-ready": window.__readyAt, "bot ready": window.__botAt === undefined ? null : window.__botAt};
}"""



def load(browser, url: str, bot: bool) -> tuple[dict, dict]:
    context = browser.new_context()
    tab = context.new_page()
    tab.add_init_script(PROBE)
    browser.start_tracing(page=tab, categories=TRACE_CATEGORIES)
    tab.goto(url, wait_until="commit")
    tab.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    trace = browser.stop_tracing()
    worker = {}
    if bot and tab.evaluate("document.body.dataset.bot !== undefined"):
        tab.wait_for_function("window.__botAt !== undefined", timeout=300_000)
        worker = worker_timeline(tab)
    timeline = tab.evaluate(TIMELINE)
    bot_ready = timeline.pop("bot ready")
    timeline = {**timeline, **worker, "bot ready": bot_ready}
    timeline.update(main_thread_cpu(trace, url, timeline))
    prof = json.loads(tab.evaluate("window.__prof || '{}'"))
    context.close()
    wait_idle()  # the browser idle before the next load
    return timeline, prof


def own_cpu_by_kind(trace: bytes) -> dict[str, float]:
    """The main thread's CPU time (ms) by trace event name over a whole trace of clicks: each
    event's own thread time (its nested events' taken out), on the thread that dispatched the
    clicks."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    thread = next(((e["pid"], e["tid"]) for e in events if e.get("name") == "EventDispatch"
                   and e.get("args", {}).get("data", {}).get("type") == "click"), None)
    if thread is None:
        return {}
    spans = sorted((e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X"
                    and e.get("dur") is not None), key=lambda e: (e["ts"], -e["dur"]))
    own: dict[str, float] = {}
    stack: list[tuple[float, str, list[float]]] = []  # (end, name, [own thread time left])
    for e in spans:
        while stack and e["ts"] >= stack[-1][0]:
            stack.pop()
        cpu = float(e.get("tdur", e["dur"]))
        if stack:
            stack[-1][2][0] -= cpu  # the parent's own time loses this child's
        stack.append((e["ts"] + e["dur"], e["name"], [cpu]))
        own[e["name"]] = own.get(e["name"], 0.0)  # the name known; its share added when it ends
        e["_own"] = stack[-1][2]
    for e in spans:
        own[e["name"]] += max(e["_own"][0], 0.0) / 1000
    return own


#: What a name of the trace's main thread does, for the report (the rest under its own name).
KINDS = {"FunctionCall": "script (the page's handlers: MicroPython)", "EventDispatch": "event dispatch",
         "v8.callFunction": "script (the page's handlers: MicroPython)", "TimerFire": "timers",
         "FireAnimationFrame": "animation frames", "UpdateLayoutTree": "style (recalculation)",
         "Layout": "layout", "PrePaint": "pre-paint", "Paint": "paint", "Layerize": "layerize",
         "Commit": "commit", "ParseHTML": "HTML parsing", "ParseFragment": "markup parsing (innerHTML)",
         "HitTest": "hit test", "IntersectionObserverController::computeIntersections": "intersections"}


def click_profile(browser, url: str, page: str, moves: int) -> dict[str, dict[str, float]]:  # type: ignore[no-untyped-def]
    """On the profiling copy ``url`` of a game page: ``moves`` moves of a hotseat game by clicks,
    then ten flips; per phase ("click", "flip"): the Python steps' own time and the trace's CPU by
    kind, both in ms a click (a move's two clicks counted as two)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    tab.set_default_timeout(120_000)
    tab.goto(url)
    tab.wait_for_function("document.body.dataset.ready === 'true'")
    position = "document.body.dataset.position"
    if page == "diamonds.html":
        tab.get_by_test_id("white-player").select_option("human")
        plan = list(DIAMONDS_OPENING)[:moves]
    else:
        tab.get_by_test_id("black-player").select_option("human")
        plan = [[m] if len(m) == 2 else [m[:2], m[2:]] for m in recorded_game() if m.lower() != "pass"][:moves]
    tab.get_by_test_id("new-game").click()
    tab.wait_for_timeout(300)
    out: dict[str, dict[str, float]] = {}
    for phase in ("click", "flip"):
        tab.evaluate("window.__profTake()")
        browser.start_tracing(page=tab, categories=["devtools.timeline", "toplevel",
                                                    "disabled-by-default-devtools.timeline"])
        clicks = 0
        if phase == "click":
            for cells in plan:
                before = tab.evaluate(position)
                for cell in cells:
                    tab.locator(f'#board [data-cell="{cell}"]').click()
                    clicks += 1
                tab.wait_for_function(f"p => ({position}) !== p", arg=before)
        else:
            for _ in range(10):
                before = tab.evaluate("document.body.dataset.flipped")
                tab.get_by_test_id("flip").click()
                clicks += 1
                tab.wait_for_function("f => document.body.dataset.flipped !== f", arg=before)
                tab.wait_for_timeout(50)
        tab.wait_for_timeout(200)
        trace = browser.stop_tracing()
        steps = json.loads(tab.evaluate("window.__profTake()"))
        kinds: dict[str, float] = {}
        for name, ms in own_cpu_by_kind(trace).items():
            kinds[KINDS.get(name, name)] = kinds.get(KINDS.get(name, name), 0.0) + ms
        out[phase] = {**{"py " + k: v / clicks for k, v in steps.items()},
                      **{"cpu " + k: v / clicks for k, v in kinds.items()}}
    context.close()
    wait_idle()
    return out


def report_clicks(runs: dict[str, list[dict[str, dict[str, float]]]]) -> None:
    for page, results in runs.items():
        for phase in ("click", "flip"):
            rows = [r[phase] for r in results]
            keys = list(dict.fromkeys(k for r in rows for k in r))
            med = {k: statistics.median(r.get(k, 0.0) for r in rows) for k in keys}
            print(f"\n{page}, {phase}: ms a {phase} (median of {len(rows)} pages)")
            print_part(med, "cpu ", 12, "main thread CPU by kind (Chromium's trace, each event's own thread time)")
            print_part(med, "py ", 14, "the page's Python, each step's own time (profiling copy)")


def print_part(med: dict[str, float], prefix: str, most: int, title: str) -> None:
    """The ``most`` largest figures of ``med`` whose key starts with ``prefix`` (0.05 ms or more), then the total of
    every such figure."""
    print(f"  {title}:")
    part = sorted(((v, k) for k, v in med.items() if k.startswith(prefix)), reverse=True)
    for v, k in part[:most]:
        if v >= 0.05:
            print(f"    {k[len(prefix):][:60]:62}{v:8.2f}")
    print(f"    {'total':62}{sum(v for v, _ in part):8.2f}")


#: A mark in the bot worker, in Python and in JavaScript: its name and the time on the worker's clock made
#: absolute (``timeOrigin + now()``), which the page turns into its own (the worker's clock starts later).
PY_MARK = ("import js as _j; _j.__marks = str(getattr(_j, '__marks', '')) + ' %s:' "
           "+ str(_j.performance.timeOrigin + _j.performance.now()); del _j")
JS_MARK = "globalThis.__marks = (globalThis.__marks || '') + ' %s:' + (performance.timeOrigin + performance.now());"
#: The worker's start, phase by phase: (label, the mark that ends it).
WORKER_PHASES = (("bot: the worker's boot module runs", "boot"),
                 ("bot: Pyodide running (from its snapshot)", "pyodide"),
                 ("bot: PyScript writes its package", "written"), ("bot: PyScript imports its package", "imported"),
                 ("bot: the worker's script starts", "script"), ("bot: the worker's script ends", "scripted"))


def mark_worker(site: Path) -> None:
    """Put the marks of ``WORKER_PHASES`` into the bot worker's start in the copy ``site``: its boot module
    (``pyodide_boot.mjs``: when it runs, when Pyodide has loaded), PyScript's worker bootstrap (the Python it
    runs first: before, after writing its package, after importing it) and the worker's script (first and
    last line).  A site without one of these (an older build) gets the others."""
    page = (site / "index.html").read_text()
    config = json.loads(html.unescape(re.search(r'data-bot-config="([^"]*)"', page).group(1)))
    boot = site / config["interpreter"].split("?")[0]
    if boot.name.startswith("boot-"):
        text = boot.read_text().replace("const INDEX_URL", JS_MARK % "boot" + "\nconst INDEX_URL", 1)
        loaded = "    restoreTrampoline(pyodide);"
        text = text.replace(loaded, "    " + JS_MARK % "pyodide" + "\n" + loaded, 1)
        boot.write_text(text)
    for core in (site / "vendor").glob("pyscript-*/core-*.js"):
        text = core.read_text()
        if '"import os as _os"' in text and '"import pyscript as _pyscript"' in text:
            text = text.replace('"import pyscript as _pyscript"', json.dumps(PY_MARK % "written") + ","
                                '"import pyscript as _pyscript",' + json.dumps(PY_MARK % "imported"), 1)
            core.write_text(text)
    script = site / re.search(r'data-bot-src="\./([^"?]*)', page).group(1)
    script.write_text(PY_MARK % "script" + "\n" + script.read_text() + "\n" + PY_MARK % "scripted" + "\n")


def worker_timeline(tab: Any) -> dict[str, float]:  # type: ignore[misc]
    """The worker's marks (``mark_worker``) as times since the page's navigation."""
    origin = tab.evaluate("performance.timeOrigin")
    marks: dict[str, float] = {}
    for worker in tab.workers:
        for item in str(worker.evaluate("globalThis.__marks || ''")).split():
            name, _, at = item.partition(":")
            marks[name] = float(at) - origin
    return {label: marks[name] for label, name in WORKER_PHASES if name in marks}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", action="append", help="page(s) to profile (default: the two game pages)")
    parser.add_argument("--dir", type=Path, help="profile this built site (copied) instead of a fresh build")
    parser.add_argument("--baseline", type=Path, help="also profile this built site (say, of main), interleaved")
    parser.add_argument("--clicks", action="store_true", help="profile clicks and flips instead of the load")
    parser.add_argument("--moves", type=int, default=30, help="with --clicks: the moves played by clicks")
    args = parser.parse_args(argv)
    if args.clicks:
        return main_clicks(args)
    given = {"this build": args.dir, "baseline": args.baseline} if args.baseline else {"": args.dir}
    pages = args.page or ["index.html", "diamonds.html"]
    timelines: dict[str, list[dict]] = {}
    profiles: dict[str, list[dict]] = {}
    with contextlib.ExitStack() as stack:
        # Copies (or a fresh build) to write the profiling copies and the worker's marks into.
        sites = {label: stack.enter_context(built_site(site, copy=True)) for label, site in given.items()}
        first = next(iter(sites))
        if not (sites[first] / "floor.html").exists():
            raise SystemExit(f"web_profile.py: {args.dir} has no floor.html")
        bases = {label: stack.enter_context(served(site))[0] for label, site in sites.items()}
        loads = [("floor.html", bases[first] + "floor.html", False)]
        for site in sites.values():
            mark_worker(site)
        for page in pages:
            for label, site in sites.items():
                copy = profile_page(site, page)
                loads += [(f"{page} {label}".strip(), bases[label] + page, False),
                          (f"{page} {label}".strip(), bases[label] + copy, True)]
        browser = stack.enter_context(chromium())
        for _label, url, _ in loads:  # not counted: the browser has just started
            load(browser, url, False)
        for _ in range(args.runs):
            for label, url, prof in random.sample(loads, len(loads)):
                timeline, figures = load(browser, url, not prof)
                (profiles if prof else timelines).setdefault(label, []).append(figures if prof else timeline)
    print(f"load average {os.getloadavg()[0]:.2f} (1 min); medians of {args.runs} cold loads (ms), "
          "interleaved with the floor in a shuffled order")
    for label, runs in timelines.items():
        print(f"\n{label}: since navigation")
        for key in dict.fromkeys(k for r in runs for k in r):
            values = [r[key] for r in runs if r.get(key) is not None]
            if values:
                unit = "ms CPU" if key in {p[0] for p in PHASES} or key.startswith("main thread") else "ms"
                print(f"  {key:56}{statistics.median(values):8.0f} {unit}")
    keys = list(dict.fromkeys(k for runs in profiles.values() for r in runs for k in r))
    labels = list(profiles)
    print("\nthe page's own Python (profiling copy), each step's own time: " + " | ".join(labels))
    rows = sorted(((max(statistics.median(r.get(k, 0.0) for r in profiles[label]) for label in labels), k)
                   for k in keys), reverse=True)
    for _, key in rows:
        meds = [statistics.median(r.get(key, 0.0) for r in profiles[label]) for label in labels]
        if max(meds) >= 0.5:
            print(f"  {key[:70]:72}" + "".join(f"{m:8.1f}" for m in meds))
    totals = [statistics.median(sum(r.values()) for r in profiles[label]) for label in labels]
    print(f"  {'total (median of the sums)':72}" + "".join(f"{t:8.1f}" for t in totals))
    return 0


def main_clicks(args: argparse.Namespace) -> int:
    pages = args.page or ["index.html", "diamonds.html"]
    runs: dict[str, list[dict[str, dict[str, float]]]] = {}
    load = [os.getloadavg()[0]]
    with built_site(args.dir, copy=True) as site:
        mark_worker(site)
        copies = {page: profile_page(site, page, STEPS + CLICK_STEPS) for page in pages}
        with served(site) as (base, _server), chromium() as browser:
            for _ in range(args.runs):
                for page in pages:
                    runs.setdefault(page, []).append(click_profile(browser, base + copies[page], page, args.moves))
                    load.append(os.getloadavg()[0])
    print(f"load average (1 min) {min(load):.2f}-{max(load):.2f} during the runs; {args.moves} moves by clicks, "
          "then 10 flips, on each page")
    report_clicks(runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
