#!/usr/bin/env python3
"""Load and click figures of the web pages in headless Debian chromium (issues 3, 12 and 45).

The pages (``--page index.html``, or a language's page: ``--page de/rules.html``; default every
page of the site that exists: ``index.html``, ``embed.html``, ``rules.html``, ``diamonds.html``,
``diamonds-rules.html``, ``diamonds-embed.html``, both games' editor, analysis board, puzzles and lessons,
and one page in each other language,
``LANGUAGE_PAGES``) are measured against the floor, ``floor.html``: the smallest page the site
could serve (the runtime as the pages load it, PyScript's plugins off as they set them, and a
script that only sets ``data-ready``).  Each round loads the floor and every page once (with
``--baseline DIR``, also every page of that build: a before/after on a busy machine), in a
shuffled order, each load cold (a fresh browser context: empty HTTP cache, no service worker);
the context is closed once the page's figures are read, then the benchmark waits until the
browser's processes are idle (a closed page's bot worker still compiling would slow the next
load) and reports that wait.  ``--runs`` rounds (default 8); each figure is the median over the
rounds, with the least and greatest beside it, and the machine's load average after each round:

* navigation -> ``body[data-ready]``, and its ratio to the floor's in the same round (the goal:
  at most 1.1; the median of the rounds' ratios, and the ratio of the two medians);
* where that time goes: DOMContentLoaded, PyScript's ``mpy:ready``, the first line of the page's
  start script (the ``python-start`` mark), and the page's own Python from there to ready;
* navigation -> bot ready (the Pyodide worker answered a ping), on pages with a bot;
* on the rules pages navigation -> every board live (those out of view start after data-ready);
* bytes before the first move (all transfers up to data-ready, Resource Timing API);
* with ``--cpu``, the CPU time of the page's main thread from navigation to data-ready (before
  DOMContentLoaded, and the page's own Python), from Chromium's trace of each load, and its ratio
  to the floor's: the thread's own clock, which a busy machine does not inflate as it does every
  wall time above (the trace costs the loads a little time of their own).

Then, not interleaved (unless ``--no-clicks``): ``index.html``'s whole first visit (every byte
the server sent, the service worker's precache included), a warm and an offline reload; and
click -> DOM updated (the first mutation after the click) and -> the next animation frame,
median and slowest over a whole game by clicks: on the DVONN page a recorded game from the first
placement to the end (hotseat), on the embed a random setup played to the end, on the rules page
moves on its first live board, on the Diamonds page (hotseat) the source's worked example with
its chain of pivots, then drops until none is left without a diamond; the goal: every click
under 50 ms; on the two game pages, then "Flip board" ten times at the end of that game: flip ->
DOM and -> frame (median, slowest).  ``--throttle``: the loads again at 10 Mbit/s and 40 ms latency.

Before measuring, every load of a round is made ``--warmup`` times (default 1), not counted:
the browser has just started.

``python benchmarks/pages/web_load.py [--runs 8] [--page index.html] [--baseline DIR] [--quick]``
builds the site into a temporary directory first (so a concurrent ``python build.py`` cannot
change it mid-run); ``--dir dist`` measures an existing build instead.  ``--quick``: two rounds,
no clicks, no reloads.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.harness import (
    CLICK_PROBE,
    DIAMONDS_OPENING,
    TRACE_CATEGORIES,
    built_site,
    chromium,
    main_thread_cpu,
    recorded_game,
    served,
    wait_idle,
)

THROTTLED = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8,
             "uploadThroughput": 10_000_000 / 8}
PAGES = ("index.html", "embed.html", "rules.html", "diamonds.html", "diamonds-rules.html", "diamonds-embed.html",
         "editor.html", "diamonds-editor.html", "analysis.html", "diamonds-analysis.html", "puzzles.html",
         "diamonds-puzzles.html", "learn.html", "diamonds-learn.html")
FLOOR = "floor.html"  # the smallest page the site could serve (web/shared/floor.html)
RULES_PAGES = {"rules.html", "diamonds-rules.html"}  # their boards out of view start after data-ready
BOT_PAGES = {"index.html", "diamonds.html"}  # bot ready is read from body[data-bot] where the page has it
# Pages whose clicks are measured.
#: One page in each language but English (issue 26): its own folder, the root's runtime and packs.
LANGUAGE_PAGES = ("de/index.html", "fr/rules.html", "nl/embed.html")
CLICK_PAGES = {"index.html", "embed.html", "rules.html", "diamonds.html"}  # (the Diamonds documentation
# boards are drawn by the Diamonds page's renderer and session, measured on diamonds.html)
# Diamonds & Pivots by clicks: DIAMONDS_OPENING, then drops that form no diamond until there is none.
# DVONN by clicks: the harness's recorded game.

# Records when data-ready / data-bot change, relative to navigation start, and the bytes
# transferred by the page up to data-ready; also when PyScript's MicroPython is ready (before
# PyScript's own Python start-up, then the page's).
PROBE = """
(() => {
  document.addEventListener("mpy:ready", () => { window.__runtimeAt = performance.now(); performance.mark("mpy"); },
                            {capture: true, once: true});
  const transferred = () => performance.getEntriesByType("navigation").concat(
      performance.getEntriesByType("resource")).reduce((sum, e) => sum + (e.transferSize || 0), 0);
  new MutationObserver(() => {
    const body = document.body;
    if (!body) return;
    if (body.dataset.ready === "true" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
      window.__bytesAtReady = transferred();
    }
    if (body.dataset.bot === "ready" && window.__botAt === undefined) window.__botAt = performance.now();
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready", "data-bot"]});
})();
"""

def ready_time(page: Any) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    return float(page.evaluate("window.__readyAt"))


def new_page(browser: Any, throttle: bool) -> tuple[Any, Any, Any]:
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(PROBE)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if throttle:
        cdp.send("Network.emulateNetworkConditions", THROTTLED)
    return context, page, cdp


def kind(name: str) -> str:
    """The page of the root that ``name`` is (a language's page is measured as its English one).

    >>> kind("de/rules.html"), kind("embed.html")
    ('rules.html', 'embed.html')
    """
    return name.rsplit("/", 1)[-1]


def page_url(name: str) -> str:
    """The page as measured: the embed with a position to play on."""
    if kind(name) == "embed.html":
        return name + "?position=" + random_position() + "&play=1"
    return name


def random_position() -> str:
    from dvonn_core.dvonn.setup import random_setup
    return str(random_setup(7).position())


def cold_run(browser: Any, base: str, server: Any, name: str, throttle: bool = False,
             cpu: bool = False) -> dict[str, float]:
    """Load ``name`` in a fresh context (empty HTTP cache, no service worker), read its figures,
    close the context, and wait until the browser is idle again (``idle_s``, ``idle_cpu_s``: what
    the page left running once it was closed).  ``cpu``: also the CPU time of the page's main
    thread up to data-ready, from Chromium's trace (``cpu_ms``)."""
    out: dict[str, float] = {}
    context, page, _ = new_page(browser, throttle)
    if cpu:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.goto(base + page_url(name), wait_until="commit")
    out["ready_ms"] = ready_time(page)
    if cpu:
        trace = browser.stop_tracing()
        marks = page.evaluate("""() => ({"DOMContentLoaded (end)": performance.getEntriesByType("navigation")[0]
            .domContentLoadedEventEnd, "mpy:ready": window.__runtimeAt, "data-ready": window.__readyAt,
            "python-start": (performance.getEntriesByName("python-start")[0] || {}).startTime || null})""")
        figures = main_thread_cpu(trace, base + page_url(name), marks)
        if figures:
            out["cpu_ms"] = figures["main thread CPU, navigation -> data-ready"]
            out["cpu_to_dcl_ms"] = figures.get("to DOMContentLoaded", 0.0)
            out["cpu_python_ms"] = figures.get("python-start -> data-ready", 0.0)
    out["runtime_ms"] = float(page.evaluate("window.__runtimeAt"))
    out["dcl_ms"] = float(page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"))
    out["bytes_before_first_move"] = float(page.evaluate("window.__bytesAtReady"))
    start = page.evaluate("(performance.getEntriesByName('python-start')[0] || {}).startTime")
    if start is not None:  # the page's own Python: from the first line of its start script (kernel/mount.py)
        out["python_start_ms"] = float(start)
        out["own_python_ms"] = out["ready_ms"] - float(start)
    if kind(name) in RULES_PAGES:  # the boards out of view start after the page is ready (lazy_boards.py)
        page.wait_for_function("document.body.dataset.allLiveMs !== undefined")
        out["all_live_ms"] = float(page.evaluate("document.body.dataset.allLiveMs"))
    if kind(name) in BOT_PAGES and page.evaluate("document.body.dataset.bot !== undefined"):
        page.wait_for_function("window.__botAt !== undefined", timeout=300_000)
        out["bot_ready_ms"] = float(page.evaluate("window.__botAt"))
    context.close()
    out["idle_s"], out["idle_cpu_s"] = wait_idle()
    return out


def visit(browser: Any, base: str, server: Any, throttle: bool) -> dict[str, float]:
    """``index.html``'s whole first visit (every byte, up to the service worker's precache), then
    a warm and an offline reload."""
    out: dict[str, float] = {}
    context, page, cdp = new_page(browser, throttle)
    handler = server.RequestHandlerClass
    handler.body_bytes = 0
    page.goto(base + "index.html", wait_until="commit")
    out["ready_ms"] = ready_time(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
    page.wait_for_timeout(500)  # what the page fetches after the precache (nothing, as built)
    out["whole_visit_bytes"] = float(handler.body_bytes)
    page.reload(wait_until="commit")
    out["warm_reload_ms"] = ready_time(page)
    context.set_offline(True)
    cdp.send("Network.emulateNetworkConditions", {**THROTTLED, "offline": True})
    page.reload(wait_until="commit")
    out["offline_reload_ms"] = ready_time(page)
    context.close()
    wait_idle()
    return out


def click_move(page: Any, scope: str, move: str, position_js: str) -> None:
    before = page.evaluate(position_js)
    cells = [move] if len(move) == 2 else [move[:2], move[2:]]
    for cell in cells:
        page.locator(f'{scope}[data-cell="{cell}"]').click()
    page.wait_for_function(f"p => ({position_js}) !== p", arg=before)


def game_clicks(browser: Any, base: str, name: str) -> list[list[float]]:
    """Click -> DOM and click -> frame of every click of a whole game on the page."""
    from dvonn_core import Game
    context, page, _ = new_page(browser, False)
    page.goto(base + page_url(name))
    ready_time(page)
    if kind(name) == "diamonds.html":
        from dvonn_core.diamonds import DiamondsGame
        page.get_by_test_id("white-player").select_option("human")
        page.get_by_test_id("new-game").click()
        page.wait_for_function("document.body.dataset.position === '5-6-7-8-9-8-7-6-5.b'")
        page.evaluate(CLICK_PROBE)
        position_js = "document.body.dataset.position"
        for cells in DIAMONDS_OPENING:
            before = page.evaluate(position_js)
            for cell in cells:
                page.locator(f'#board [data-cell="{cell}"]').click()
            page.wait_for_function(f"p => ({position_js}) !== p", arg=before)
        for _ in range(61):
            game = DiamondsGame.from_position(page.evaluate(position_js))
            quiet = [c for c in game.drops() if game.begin_turn(c).done]
            if not quiet:
                break
            click_move(page, "#board ", quiet[len(quiet) // 2], position_js)
    elif kind(name) == "index.html":
        page.get_by_test_id("black-player").select_option("human")
        page.get_by_test_id("new-game").click()
        page.evaluate(CLICK_PROBE)
        for move in recorded_game():
            if move.lower() != "pass":
                click_move(page, "#board ", move, "document.body.dataset.position")
    else:
        root = "document.querySelector('[data-position] [data-cell]').closest('[data-position]')"
        position = root + ".dataset.position"
        page.evaluate(f"{root}.setAttribute('data-bench-board', '')")
        page.evaluate(CLICK_PROBE)
        for _ in range(200):
            game = Game.from_position(page.evaluate(position))
            moves = [m for m in game.legal_moves() if not m.is_pass]
            if game.phase == "over" or not moves:
                break
            click_move(page, "[data-bench-board] ", str(moves[len(moves) // 2]), position)
    page.wait_for_timeout(200)
    clicks = page.evaluate("window.__clicks")
    flips: list[list[float]] = []
    if kind(name) in ("index.html", "diamonds.html"):  # "Flip board" at the end of the game, ten times
        page.wait_for_timeout(300)
        page.evaluate("window.__clicks = []")
        for _ in range(10):
            before = page.evaluate("document.body.dataset.flipped")
            page.get_by_test_id("flip").click()
            page.wait_for_function("f => document.body.dataset.flipped !== f", arg=before)
            page.wait_for_timeout(100)
        flips = page.evaluate("window.__clicks")
    context.close()
    return [list(map(float, c)) for c in clicks] + [[-1.0, *map(float, f)] for f in flips]


def warm_server_gzip(base: str, site: Path) -> None:
    """Fetch every file once so the server's gzip cache is full (GitHub Pages' CDN is warm too)."""
    import urllib.request
    for path in sorted(site.rglob("*")):
        if path.is_file():
            rel = path.relative_to(site).as_posix()
            request = urllib.request.Request(base + rel, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(request) as response:
                response.read()


def median_of(runs: list[dict[str, float]]) -> dict[str, float]:
    keys = dict.fromkeys(k for r in runs for k in r)
    return {k: statistics.median(r[k] for r in runs if k in r) for k in keys}


def click_figures(clicks_per_run: list[list[list[float]]]) -> dict[str, float]:
    """Medians over runs of each run's median and slowest click (DOM, frame)."""
    per_run = []
    for run in clicks_per_run:
        c = [x for x in run if x[0] != -1.0]
        flips = [x[1:] for x in run if x[0] == -1.0]  # "Flip board" (game_clicks)
        if not c:
            continue
        figures = {"clicks": float(len(c)),
                   "median_dom": statistics.median(x[0] for x in c), "max_dom": max(x[0] for x in c),
                   "median_frame": statistics.median(x[1] for x in c), "max_frame": max(x[1] for x in c)}
        if flips:
            figures.update(flip_dom=statistics.median(x[0] for x in flips),
                           flip_frame=statistics.median(x[1] for x in flips),
                           max_flip_frame=max(x[1] for x in flips))
        per_run.append(figures)
    return median_of(per_run) if per_run else {}


def spread(values: list[float], fmt: str) -> str:
    """The median of ``values``, with their least and greatest."""
    mid = fmt.format(statistics.median(values))
    if len(values) == 1:
        return mid
    return f"{mid}  ({fmt.format(min(values)).strip()}..{fmt.format(max(values)).strip()})"


LOAD_LINES = (  # (label, key, unit, scale, format)
    ("data-ready", "ready_ms", "ms", 1.0, "{:7.0f}"),
    ("DOMContentLoaded", "dcl_ms", "ms", 1.0, "{:7.0f}"),
    ("runtime ready (mpy:ready)", "runtime_ms", "ms", 1.0, "{:7.0f}"),
    ("python-start (its first line)", "python_start_ms", "ms", 1.0, "{:7.0f}"),
    ("own Python, start -> ready", "own_python_ms", "ms", 1.0, "{:7.0f}"),
    ("every board live", "all_live_ms", "ms", 1.0, "{:7.0f}"),
    ("bot ready (goal <= 1500 ms)", "bot_ready_ms", "ms", 1.0, "{:7.0f}"),
    ("bytes before the first move", "bytes_before_first_move", "MB", 1e6, "{:7.3f}"),
    ("main thread CPU to data-ready", "cpu_ms", "ms CPU", 1.0, "{:7.0f}"),
    ("  of it before DOMContentLoaded", "cpu_to_dcl_ms", "ms CPU", 1.0, "{:7.0f}"),
    ("  of it the page's own Python", "cpu_python_ms", "ms CPU", 1.0, "{:7.0f}"),
    ("idle wait after it closed", "idle_s", "s", 1.0, "{:7.1f}"),
    ("  CPU it left running", "idle_cpu_s", "s", 1.0, "{:7.2f}"),
)


def report_loads(title: str, runs: list[dict[str, float]], floor: list[dict[str, float]] | None) -> None:
    """A page's load figures over the rounds: each the median (least..greatest); beside data-ready,
    its ratio to the floor (the median of the rounds' ratios, and the ratio of the two medians)."""
    print(f"\n{title} ({len(runs)} cold loads)")
    for label, key, unit, scale, fmt in LOAD_LINES:
        values = [r[key] / scale for r in runs if key in r]
        if values:
            print(f"  {label:32}{spread(values, fmt)} {unit}")
        if key == "ready_ms" and floor is not None:
            ratios = [r["ready_ms"] / f["ready_ms"] for r, f in zip(runs, floor, strict=True)]
            print(f"  {'ratio to the floor (goal <= 1.1)':32}{spread(ratios, '{:7.2f}')}")
            medians = statistics.median(r["ready_ms"] for r in runs) / statistics.median(f["ready_ms"] for f in floor)
            print(f"  {'  ratio of the two medians':32}{medians:7.2f}")
        if key == "cpu_ms" and floor is not None and all("cpu_ms" in r for r in runs + floor):
            ratios = [r["cpu_ms"] / f["cpu_ms"] for r, f in zip(runs, floor, strict=True)]
            print(f"  {'  CPU ratio to the floor':32}{spread(ratios, '{:7.2f}')}")


def report_other(title: str, figures: list[dict[str, float]]) -> None:
    print(f"\n{title} ({len(figures)} run(s))")
    for label, key, unit, scale, fmt in (
            ("data-ready", "ready_ms", "ms", 1.0, "{:7.0f}"),
            ("whole visit", "whole_visit_bytes", "MB (response bodies, gzip)", 1e6, "{:7.3f}"),
            ("warm reload", "warm_reload_ms", "ms", 1.0, "{:7.0f}"),
            ("offline reload", "offline_reload_ms", "ms", 1.0, "{:7.0f}"),
            ("clicks in the game", "clicks", "", 1.0, "{:7.0f}"),
            ("click -> DOM, median", "median_dom", "ms", 1.0, "{:7.1f}"),
            ("click -> DOM, slowest (< 50)", "max_dom", "ms", 1.0, "{:7.1f}"),
            ("click -> frame, median", "median_frame", "ms", 1.0, "{:7.1f}"),
            ("click -> frame, slowest", "max_frame", "ms", 1.0, "{:7.1f}"),
            ("flip board -> DOM, median", "flip_dom", "ms", 1.0, "{:7.1f}"),
            ("flip board -> frame, median", "flip_frame", "ms", 1.0, "{:7.1f}"),
            ("flip board -> frame, slowest", "max_flip_frame", "ms", 1.0, "{:7.1f}")):
        values = [f[key] / scale for f in figures if key in f]
        if values:
            print(f"  {label:32}{spread(values, fmt)} {unit}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8, help="rounds of interleaved cold loads (medians)")
    parser.add_argument("--page", action="append", help="page to measure (default: every page that exists)")
    parser.add_argument("--quick", action="store_true", help="two rounds, no clicks, no reloads")
    parser.add_argument("--throttle", action="store_true", help="also at 10 Mbit/s and 40 ms latency")
    parser.add_argument("--no-clicks", action="store_true", help="no clicks, no reloads: the load figures only")
    parser.add_argument("--dir", type=Path, help="measure this built site instead of a fresh build")
    parser.add_argument("--baseline", type=Path, help="also measure this built site (say, of main), "
                        "interleaved with the first in every round, for a before/after on a busy machine")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--cpu", action="store_true", help="also the main thread's CPU time to data-ready "
                        "(Chromium's trace: a figure a busy machine does not inflate as it does wall times)")
    parser.add_argument("--seed", type=int, default=None, help="the order of the loads (default: random)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="rounds of every load, not counted, once the browser has started")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.no_clicks = 2, True
    with contextlib.ExitStack() as stack:
        site = stack.enter_context(built_site(args.dir))
        if not (site / FLOOR).exists():
            raise SystemExit(f"web_load.py: {site} has no {FLOOR} (built before the floor page?)")
        pages = args.page or [p for p in PAGES + LANGUAGE_PAGES if (site / p).exists()]
        seed = args.seed if args.seed is not None else random.randrange(10**6)
        order = random.Random(seed)
        sites = {"": site}
        if args.baseline:
            sites = {"this build": site, "baseline": args.baseline}
        served_sites = {label: stack.enter_context(served(path)) for label, path in sites.items()}
        bases = {label: base for label, (base, _server) in served_sites.items()}
        servers = {label: server for label, (_base, server) in served_sites.items()}
        for label, path in sites.items():
            warm_server_gzip(bases[label], path)
        first = next(iter(sites))
        # Every load of a round: the floor (this build's: the runtime is the same), then each page of each site.
        loads = [(first, FLOOR)] + [(label, name) for name in pages for label in sites]
        networks = [("localhost", False)] + ([("10Mbit_40ms", True)] if args.throttle else [])
        results: dict[str, Any] = {"seed": seed, "loadavg": []}
        print(f"web_load.py: {len(loads)} loads a round, {args.runs} rounds, shuffled (--seed {seed}); "
              f"load average {os.getloadavg()[0]:.2f} at the start")
        browser = stack.enter_context(chromium())
        # A browser that has just started pays once for what a visitor's running browser has
        # done long before (its processes, font and code caches warming up); these loads take
        # that, for every page alike, and are not counted.
        for _ in range(args.warmup):
            for label, name in loads:
                cold_run(browser, bases[label], servers[label], name)
        for network, throttle in networks:
            figures: dict[tuple[str, str], list[dict[str, float]]] = {load: [] for load in loads}
            for _ in range(args.runs):
                for label, name in order.sample(loads, len(loads)):
                    figures[label, name].append(cold_run(browser, bases[label], servers[label], name, throttle,
                                                         args.cpu))
                results["loadavg"].append(os.getloadavg()[0])
                print(f"  round {len(results['loadavg'])} done, load average {results['loadavg'][-1]:.2f}", flush=True)
            floor = figures[first, FLOOR]
            print(f"\n== {network}: medians of {args.runs} rounds (least..greatest); load average after each "
                  "round: " + ", ".join("%.2f" % x for x in results["loadavg"][-args.runs:]))
            report_loads(f"{FLOOR} (the floor: the runtime, and a script that sets data-ready)", floor, None)
            for (label, name), runs in figures.items():
                if name != FLOOR:
                    report_loads(f"{name} {label}".strip(), runs, floor)
                results[f"{name} {network} {label}".strip()] = runs
            if args.no_clicks:
                continue
            for label in sites:  # the whole visit and the clicks: after the loads, not interleaved with them
                base, server = bases[label], servers[label]
                if "index.html" in pages:
                    runs = [visit(browser, base, server, throttle) for _ in range(min(args.runs, 3))]
                    report_other(f"index.html {label} whole visit, reloads".strip(), runs)
                    results[f"index.html visit {network} {label}".strip()] = runs
                for name in pages:
                    if not throttle and kind(name) in CLICK_PAGES:
                        clicks = click_figures([game_clicks(browser, base, name) for _ in range(min(args.runs, 3))])
                        report_other(f"{name} {label} clicks".strip(), [clicks])
                        results[f"{name} clicks {label}".strip()] = clicks
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps({str(k): v for k, v in results.items()}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
