#!/usr/bin/env python3
"""Load-time figures of the web app in headless Debian chromium (issue 3).

For each network condition (localhost, and CDP throttling to 10 Mbit/s with 40 ms latency;
the server always sends gzip like GitHub Pages), median of N cold runs (fresh browser
context: empty HTTP cache, no service worker) of:

* navigation -> ``body[data-ready]`` for the game and for ``bare.html`` (a bare PyScript
  MicroPython page that prints a line), in the same run, and their ratio;
* navigation -> bot ready (the Pyodide worker answered a ping);
* bytes before the first move is possible (all transfers of the page up to data-ready, from
  the Resource Timing API) and for the whole visit (every response body the server sent
  until the bot is ready and the service worker has precached the site);
* warm reload and offline reload (service worker) -> data-ready;
* click-to-redraw latency of moves: click event -> DOM updated, and -> next animation frame.

``python benchmarks/web_load.py [--runs 5]`` builds the site into a temporary directory first
(so a concurrent ``python build.py`` cannot change it mid-run); ``--dir dist`` measures an
existing build instead.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
THROTTLED = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8,
             "uploadThroughput": 10_000_000 / 8}

# Records when data-ready / data-bot change, relative to navigation start, and the bytes
# transferred by the page up to data-ready.
PROBE = """
(() => {
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

# Click -> DOM updated (data-position changed) and -> the next animation frame.
CLICK_PROBE = """() => {
  window.__clicks = [];
  let t0 = null;
  document.addEventListener("click", (e) => { t0 = e.timeStamp; }, true);
  new MutationObserver(() => {
    if (t0 === null) return;
    const start = t0, dom = performance.now();
    t0 = null;
    requestAnimationFrame(() => window.__clicks.push([dom - start, performance.now() - start]));
  }).observe(document.body, {attributes: true, attributeFilter: ["data-position"]});
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


def cold_run(browser: Any, base: str, server: Any, throttle: bool) -> dict[str, float]:
    out: dict[str, float] = {}
    # The bare page first, in its own fresh context.
    context, page, _ = new_page(browser, throttle)
    page.goto(base + "bare.html", wait_until="commit")
    out["bare_ready_ms"] = ready_time(page)
    context.close()

    context, page, cdp = new_page(browser, throttle)
    handler = server.RequestHandlerClass
    handler.body_bytes = 0
    page.goto(base, wait_until="commit")
    out["ready_ms"] = ready_time(page)
    out["bytes_before_first_move"] = float(page.evaluate("window.__bytesAtReady"))
    page.wait_for_function("window.__botAt !== undefined", timeout=300_000)
    out["bot_ready_ms"] = float(page.evaluate("window.__botAt"))
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


def click_latency(browser: Any, base: str) -> list[list[float]]:
    """Hotseat: 10 placements, then 10 moves after a random setup (two clicks each)."""
    context, page, _ = new_page(browser, False)
    page.goto(base)
    ready_time(page)
    page.get_by_test_id("black-player").select_option("human")
    page.get_by_test_id("new-game").click()
    page.evaluate(CLICK_PROBE)
    from dvonn_core import Game
    for _ in range(10):
        game = Game.from_position(page.evaluate("document.body.dataset.position"))
        page.locator(f'[data-cell="{game.legal_moves()[0].target}"]').click()
    page.get_by_test_id("random-setup").check()
    page.get_by_test_id("new-game").click()
    for _ in range(10):
        game = Game.from_position(page.evaluate("document.body.dataset.position"))
        if game.phase != "movement":
            break
        move = game.legal_moves()[0]
        page.locator(f'[data-cell="{move.source}"]').click()
        page.locator(f'[data-cell="{move.target}"]').click()
    page.wait_for_timeout(200)
    clicks = page.evaluate("window.__clicks")
    context.close()
    return [list(map(float, c)) for c in clicks]


def warm_server_gzip(base: str, site: Path) -> None:
    """Fetch every file once so the server's gzip cache is full (GitHub Pages' CDN is warm too)."""
    import urllib.request
    for path in sorted(site.rglob("*")):
        if path.is_file():
            rel = path.relative_to(site).as_posix()
            request = urllib.request.Request(base + rel, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(request) as response:
                response.read()


def summarise(runs: list[dict[str, float]]) -> dict[str, float]:
    keys = runs[0].keys()
    med: Callable[[str], float] = lambda k: statistics.median(r[k] for r in runs)  # noqa: E731
    out = {k: med(k) for k in keys}
    out["ready_vs_bare"] = statistics.median(r["ready_ms"] / r["bare_ready_ms"] for r in runs)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", type=Path, help="measure this built site instead of a fresh build")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    site = args.dir
    if site is None:
        site = Path(tempfile.mkdtemp(prefix="dvonn-bench-")) / "dist"
        build.build(site)
    from playwright.sync_api import sync_playwright

    server = serve.start(site)
    base = f"http://127.0.0.1:{server.server_port}/"
    warm_server_gzip(base, site)
    results: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, throttle in (("localhost", False), ("10Mbit_40ms", True)):
            runs = [cold_run(browser, base, server, throttle) for _ in range(args.runs)]
            results[name] = {"median": summarise(runs), "runs": runs}
        clicks = click_latency(browser, base)
        results["click_to_redraw_ms"] = {
            "clicks": len(clicks),
            "median_dom": statistics.median(c[0] for c in clicks),
            "max_dom": max(c[0] for c in clicks),
            "median_frame": statistics.median(c[1] for c in clicks),
            "max_frame": max(c[1] for c in clicks),
        }
        browser.close()
    server.shutdown()

    for name in ("localhost", "10Mbit_40ms"):
        m = results[name]["median"]
        print(f"{name} (median of {args.runs} cold runs):")
        print(f"  data-ready           {m['ready_ms']:8.0f} ms   (bare PyScript MicroPython page "
              f"{m['bare_ready_ms']:.0f} ms, ratio {m['ready_vs_bare']:.2f})")
        print(f"  bot ready            {m['bot_ready_ms']:8.0f} ms")
        print(f"  bytes before 1st move{m['bytes_before_first_move'] / 1e6:8.3f} MB")
        print(f"  whole visit          {m['whole_visit_bytes'] / 1e6:8.3f} MB (response bodies, gzip)")
        print(f"  warm reload          {m['warm_reload_ms']:8.0f} ms")
        print(f"  offline reload       {m['offline_reload_ms']:8.0f} ms")
    c = results["click_to_redraw_ms"]
    print(f"click -> redraw ({c['clicks']} moves): DOM updated median {c['median_dom']:.1f} ms "
          f"(max {c['max_dom']:.1f}), next frame median {c['median_frame']:.1f} ms (max {c['max_frame']:.1f})")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
