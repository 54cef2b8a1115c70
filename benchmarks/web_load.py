#!/usr/bin/env python3
"""Load and click figures of the web pages in headless Debian chromium (issues 3 and 12).

For each page (``--page index.html``, or a language's page: ``--page de/rules.html``; default every
page of the site that exists: ``index.html``, ``embed.html``, ``rules.html``, ``diamonds.html``,
``diamonds-rules.html``, ``diamonds-embed.html``, and one page in each other language,
``LANGUAGE_PAGES``), each figure the median of
``--runs`` cold runs (fresh browser context: empty HTTP cache, no service worker), the whole
set repeated ``--repeat`` times to show the spread, with the machine's load average beside:

* navigation -> ``body[data-ready]`` for the page and for ``bare.html`` (the smallest PyScript
  MicroPython page) in the same run, and their ratio (the goal: at most 1.1: the median of
  the runs' ratios; the ratio of the two medians beside it); where that time goes: navigation
  -> PyScript's ``mpy:ready`` on both pages, and the page's own Python, from the first line of
  its start script (the ``python-start`` mark) to ready;
* navigation -> bot ready (the Pyodide worker answered a ping), on pages with a bot;
* on the rules pages navigation -> every board live (those out of view start after data-ready);
* bytes before the first move (all transfers up to data-ready, Resource Timing API);
* click -> DOM updated (the first mutation after the click) and -> the next animation frame,
  median and slowest over a whole game by clicks: on the DVONN page a recorded game from
  the first placement to the end (hotseat), on the embed a random setup played to the end,
  on the rules page moves on its first live board, on the Diamonds page (hotseat) the source's
  worked example with its chain of pivots, then drops until none is left without a diamond;
  the goal: every click under 50 ms; on the two game pages, then "Flip board" ten times at the
  end of that game: flip -> DOM and -> frame (median, slowest);
* on ``index.html`` also the whole visit's bytes, warm reload and offline reload (service
  worker) -> data-ready; with ``--throttle`` everything again at 10 Mbit/s and 40 ms latency.

Before measuring, each page and the bare page are loaded ``--warmup`` times (default 1), cold
as well, and not counted: the browser has just started.

``python benchmarks/web_load.py [--runs 5] [--repeat 3] [--page index.html] [--quick]`` builds
the site into a temporary directory first (so a concurrent ``python build.py`` cannot change
it mid-run); ``--dir dist`` measures an existing build instead, and ``--baseline DIR`` another
build (say, of ``main``) interleaved with it, for a before/after on a busy machine.  ``--quick``: one run, one
repeat, no reloads.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
import build
import serve

ROOT = Path(__file__).resolve().parents[1]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
THROTTLED = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8,
             "uploadThroughput": 10_000_000 / 8}
PAGES = ("index.html", "embed.html", "rules.html", "diamonds.html", "diamonds-rules.html", "diamonds-embed.html")
RULES_PAGES = {"rules.html", "diamonds-rules.html"}  # their boards out of view start after data-ready
BOT_PAGES = {"index.html", "diamonds.html"}  # bot ready is read from body[data-bot] where the page has it
# Pages whose clicks are measured.
#: One page in each language but English (issue 26): its own folder, the root's runtime and packs.
LANGUAGE_PAGES = ("de/index.html", "fr/rules.html", "nl/embed.html")
CLICK_PAGES = {"index.html", "embed.html", "rules.html", "diamonds.html"}  # (the Diamonds documentation
# boards are drawn by the Diamonds page's renderer and session, measured on diamonds.html)
# Diamonds & Pivots by clicks: the source's worked example (Black b7 c5 c6 d6 e6, White h1 h2 h3 h4
# i2, then Black's turn b6 with a chain of two pivots, clicked as the page asks), then drops that
# form no diamond until there is none.
DIAMONDS_OPENING = [["b7"], ["h1"], ["c5"], ["h2"], ["c6"], ["h3"], ["d6"], ["h4"], ["e6"], ["i2"],
                    ["b6", "c5", "f5", "f5", "f5", "i2", "i2"]]
# A real game that ends (tests/data), played by clicks on the DVONN page.
GAME_FILE = ROOT / "tests" / "data" / "boardspace-games.txt"
GAME = "DV-BestBot-tavis-2009-10-08-2028.sgf"

# Records when data-ready / data-bot change, relative to navigation start, and the bytes
# transferred by the page up to data-ready; also when PyScript's MicroPython is ready (before
# PyScript's own Python start-up, then the page's).
PROBE = """
(() => {
  document.addEventListener("mpy:ready", () => { window.__runtimeAt = performance.now(); },
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

# Click -> the first DOM mutation after it (MicroPython's handler has returned) and -> the
# next animation frame.
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


def cold_run(browser: Any, base: str, server: Any, name: str, throttle: bool, reloads: bool) -> dict[str, float]:
    out: dict[str, float] = {}
    context, page, _ = new_page(browser, throttle)  # the bare page first, in its own context
    page.goto(base + "bare.html", wait_until="commit")
    out["bare_ready_ms"] = ready_time(page)
    out["bare_runtime_ms"] = float(page.evaluate("window.__runtimeAt"))
    context.close()

    context, page, cdp = new_page(browser, throttle)
    handler = server.RequestHandlerClass
    handler.body_bytes = 0
    page.goto(base + page_url(name), wait_until="commit")
    out["ready_ms"] = ready_time(page)
    out["ready_vs_bare"] = out["ready_ms"] / out["bare_ready_ms"]
    out["runtime_ms"] = float(page.evaluate("window.__runtimeAt"))
    # The page's own Python: from the first line of its start script (web/kernel/mount.py) to ready.
    out["own_python_ms"] = out["ready_ms"] - float(page.evaluate(
        "performance.getEntriesByName('python-start')[0].startTime"))
    out["bytes_before_first_move"] = float(page.evaluate("window.__bytesAtReady"))
    if kind(name) in RULES_PAGES:  # the boards out of view start after the page is ready (lazy_boards.py)
        page.wait_for_function("document.body.dataset.allLiveMs !== undefined")
        out["all_live_ms"] = float(page.evaluate("document.body.dataset.allLiveMs"))
    if kind(name) in BOT_PAGES and page.evaluate("document.body.dataset.bot !== undefined"):
        page.wait_for_function("window.__botAt !== undefined", timeout=300_000)
        out["bot_ready_ms"] = float(page.evaluate("window.__botAt"))
    if reloads and kind(name) == "index.html":
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
        out["whole_visit_bytes"] = float(handler.body_bytes)
        page.reload(wait_until="commit")
        out["warm_reload_ms"] = ready_time(page)
        context.set_offline(True)
        cdp.send("Network.emulateNetworkConditions", {**THROTTLED, "offline": True})
        page.reload(wait_until="commit")
        out["offline_reload_ms"] = ready_time(page)
    context.close()
    return out


def recorded_game() -> list[str]:
    for line in GAME_FILE.read_text().splitlines():
        if line.startswith(GAME + " "):
            return line.split()[3:]
    raise LookupError(GAME)


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
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


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


def report(name: str, network: str, repeats: list[dict[str, Any]], runs: int) -> None:
    print(f"\n{name} ({network}; each figure the median of {runs} cold runs; "
          f"{len(repeats)} repeat(s), spread shown as min..max)")

    def line(label: str, key: str, unit: str, scale: float = 1.0, fmt: str = "{:8.0f}") -> None:
        values = [r["load"][key] / scale for r in repeats if key in r["load"]]
        values += [r["clicks"][key] / scale for r in repeats if key in r.get("clicks", {})]
        if not values:
            return
        mid = statistics.median(values)
        spread = f"  ({fmt.format(min(values)).strip()}..{fmt.format(max(values)).strip()})" if len(values) > 1 else ""
        print(f"  {label:30}{fmt.format(mid)} {unit}{spread}")

    line("data-ready", "ready_ms", "ms")
    line("bare MicroPython page", "bare_ready_ms", "ms")
    line("ratio (goal <= 1.1)", "ready_vs_bare", "", fmt="{:8.2f}")
    line("ratio of the two medians", "medians_ratio", "", fmt="{:8.2f}")
    line("runtime ready (mpy:ready)", "runtime_ms", "ms")
    line("  on the bare page", "bare_runtime_ms", "ms")
    line("own Python, start -> ready", "own_python_ms", "ms")
    line("every board live", "all_live_ms", "ms")
    line("bot ready (goal <= 3000 ms)", "bot_ready_ms", "ms")
    line("bytes before the first move", "bytes_before_first_move", "MB", 1e6, "{:8.3f}")
    line("whole visit", "whole_visit_bytes", "MB (response bodies, gzip)", 1e6, "{:8.3f}")
    line("warm reload", "warm_reload_ms", "ms")
    line("offline reload", "offline_reload_ms", "ms")
    line("clicks in the game", "clicks", "", fmt="{:8.0f}")
    line("click -> DOM, median", "median_dom", "ms", fmt="{:8.1f}")
    line("click -> DOM, slowest (< 50)", "max_dom", "ms", fmt="{:8.1f}")
    line("click -> frame, median", "median_frame", "ms", fmt="{:8.1f}")
    line("click -> frame, slowest", "max_frame", "ms", fmt="{:8.1f}")
    line("flip board -> DOM, median", "flip_dom", "ms", fmt="{:8.1f}")
    line("flip board -> frame, median", "flip_frame", "ms", fmt="{:8.1f}")
    line("flip board -> frame, slowest", "max_flip_frame", "ms", fmt="{:8.1f}")
    print("  load average at each repeat: " + ", ".join("%.2f" % r["loadavg"] for r in repeats))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold runs per figure (median)")
    parser.add_argument("--repeat", type=int, default=3, help="repeat every figure to show the spread")
    parser.add_argument("--page", action="append", help="page to measure (default: every page that exists)")
    parser.add_argument("--quick", action="store_true", help="one run, one repeat, no reloads")
    parser.add_argument("--throttle", action="store_true", help="also at 10 Mbit/s and 40 ms latency")
    parser.add_argument("--no-clicks", action="store_true", help="load figures only")
    parser.add_argument("--dir", type=Path, help="measure this built site instead of a fresh build")
    parser.add_argument("--baseline", type=Path, help="also measure this built site (say, of main), "
                        "interleaved with the first in every repeat, for a before/after on a busy machine")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--warmup", type=int, default=1,
                        help="cold runs of each page and the bare page, not counted, once the browser has started")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.repeat = 1, 1
    site = args.dir
    if site is None:
        site = Path(tempfile.mkdtemp(prefix="dvonn-bench-")) / "dist"
        build.build(site)
    pages = args.page or [p for p in PAGES + LANGUAGE_PAGES if (site / p).exists()]
    from playwright.sync_api import sync_playwright

    sites = {"": site}
    if args.baseline:
        sites = {"this build": site, "baseline": args.baseline}
    servers = {label: serve.start(path) for label, path in sites.items()}
    bases = {label: f"http://127.0.0.1:{server.server_port}/" for label, server in servers.items()}
    for label, path in sites.items():
        warm_server_gzip(bases[label], path)
    networks = [("localhost", False)] + ([("10Mbit_40ms", True)] if args.throttle else [])
    results: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # A browser that has just started pays once for what a visitor's running browser has
        # done long before (its processes, font and code caches warming up); these runs take
        # that, for every page alike, and are not counted.
        for _ in range(args.warmup):
            for name in pages:
                for label in sites:
                    cold_run(browser, bases[label], servers[label], name, False, False)
        for name in pages:
            for network, throttle in networks:
                repeats: dict[str, list[dict[str, Any]]] = {label: [] for label in sites}
                for _ in range(args.repeat):
                    for label in sites:  # interleaved: each repeat measures every site
                        base, server = bases[label], servers[label]
                        load = median_of([cold_run(browser, base, server, name, throttle, not args.quick)
                                          for _ in range(args.runs)])
                        # The same medians, divided: less swayed by one slow bare page.
                        load["medians_ratio"] = load["ready_ms"] / load["bare_ready_ms"]
                        clicks: dict[str, float] = {}
                        if not throttle and not args.no_clicks and kind(name) in CLICK_PAGES:
                            clicks = click_figures([game_clicks(browser, base, name) for _ in range(args.runs)])
                        repeats[label].append({"load": load, "clicks": clicks, "loadavg": os.getloadavg()[0]})
                for label in sites:
                    results[f"{name} {network} {label}".strip()] = repeats[label]
                    report(f"{name} {label}".strip(), network, repeats[label], args.runs)
        browser.close()
    for server in servers.values():
        server.shutdown()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
