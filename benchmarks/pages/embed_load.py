"""Load figures of the documentation boards in headless Debian chromium.

    python benchmarks/pages/embed_load.py [--runs 5] [--dir dist]

Builds the site into a temporary folder (or copies ``--dir`` there), serves it gzipped on 127.0.0.1 (as GitHub Pages
does) and measures, each time in a fresh browser context (cold cache), the median of RUNS:

- an embed (embed.html with a position): time from navigation to a live board
  (``data-ready``, read from ``performance.now()`` on the page), bytes transferred and requests;
- a page with three embeds: time until all three are live, bytes transferred (the runtime
  is shared through the HTTP cache);
- the rules page: time until all its example boards are live, bytes;
- the floor page (floor.html: the runtime as the pages load it, a script that only sets data-ready);

once on localhost and once throttled to 10 Mbit/s with 40 ms latency (Chrome DevTools
Protocol network emulation).  It also checks that none of these pages requested Pyodide.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.harness import built_site, chromium, served

EMBED = "embed.html?position=9-3D6-4bwW2B3-3DWBD3-9.w&highlight=E3&caption=White+to+move"
THREE = "three-embeds.html"
THROTTLE = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8,
            "uploadThroughput": 10_000_000 / 8}

THREE_PAGE = """<!doctype html><title>Three boards</title>
<script>window.t0 = performance.now();</script>
<iframe src="embed.html?position=9-3D6-4bwW2B3-3DWBD3-9.w&highlight=E3" width="420" height="240"></iframe>
<iframe src="embed.html?moves=F3,C3,I3&at=1" width="420" height="240"></iframe>
<iframe src="embed.html?position=BbW7-B1WBD5-3DWB5-4D5-9.w&play=1" width="420" height="240"></iframe>
"""


def measure(browser, url: str, throttled: bool, ready_js: str, time_js: str):  # type: ignore[no-untyped-def]
    """(ms to ready as the page reports it, bytes over the wire, requests, pyodide requests)."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    if throttled:
        cdp.send("Network.emulateNetworkConditions", THROTTLE)
    sizes: dict[str, float] = {}
    urls: list[str] = []
    cdp.on("Network.requestWillBeSent", lambda e: urls.append(e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(url, wait_until="commit")
    page.wait_for_function(ready_js, timeout=120_000, polling=10)
    ms = float(page.evaluate(time_js))
    time.sleep(0.3)  # let the last loadingFinished events arrive
    total = sum(sizes.values())
    pyodide = [u for u in urls if "pyodide" in u.lower()]
    context.close()
    return ms, total, len(urls), pyodide


FRAMES_READY = ("(() => { const f = [...document.querySelectorAll('iframe')];"
                " return f.length === 3 && f.every(x => x.contentDocument && x.contentDocument.body"
                " && x.contentDocument.body.dataset.ready === 'true'); })()")
FRAMES_TIME = ("Math.max(...[...document.querySelectorAll('iframe')].map("
               "x => x.contentWindow.performance.timeOrigin + Number(x.contentDocument.body.dataset.liveMs)))"
               " - performance.timeOrigin")
CASES = {
    "embed": (EMBED, "document.body.dataset.ready === 'true'", "Number(document.body.dataset.liveMs)"),
    "three embeds": (THREE, FRAMES_READY, FRAMES_TIME),
    "rules page": ("rules.html", "document.body.dataset.boards !== undefined",
                   "Number(document.body.dataset.allLiveMs)"),
    "floor page": ("floor.html", "document.body.dataset.ready === 'true'", "performance.now()"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", type=Path, help="a built site, copied (default: build one into a temporary folder)")
    args = parser.parse_args(argv)
    with built_site(args.dir, copy=True) as out:
        (out / THREE).write_text(THREE_PAGE)
        with served(out) as (base, _server), chromium() as browser:
            measure(browser, base + EMBED, False, *CASES["embed"][1:])  # warm-up, not counted
            print("%-22s %-10s %10s %12s %9s" % ("page", "network", "ready ms", "bytes (gzip)", "requests"))
            for throttled in (False, True):
                for name, (path, ready_js, time_js) in CASES.items():
                    runs = [measure(browser, base + path, throttled, ready_js, time_js) for _ in range(args.runs)]
                    pyodide = [u for r in runs for u in r[3]]
                    if pyodide:
                        raise SystemExit(f"{name} requested Pyodide: {pyodide[:3]}")
                    print("%-22s %-10s %10.0f %12.0f %9d" % (
                        name, "10Mbit/40ms" if throttled else "localhost",
                        statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
                        statistics.median(r[2] for r in runs)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
