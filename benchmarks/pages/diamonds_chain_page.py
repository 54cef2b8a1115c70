"""The Diamonds & Pivots page on the long-chain position (tests/data/diamonds/long-chain.txt): every
click of its 288-pivot turn, the hint there, and the renderer's peak memory (issue 24).

For each of two positions, the long-chain one and an ordinary middle game (``--runs`` times, each in a
browser of its own, so that the peak is that position's):

* the page is opened at the position by a ``#position=`` link, both sides human;
* the hard bot's hint is asked three times (its budget is 1 s): the seconds to the answer;
* on the long-chain position, the whole turn is played by clicks (the drop, then for each pivot
  its stone and its line end twice, as a player does): click -> DOM and click -> next frame, in ms,
  measured in the page as ``web_load.py`` does (the harness's ``CLICK_PROBE``) (median, 95th percentile, slowest);
* the peak resident memory of the browser's renderer processes (``VmHWM`` in /proc, the page's
  main thread and its Pyodide worker with them), after all that.

    python benchmarks/pages/diamonds_chain_page.py [--dir dist] [--runs 2]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the checkout
from benchmarks.harness import CLICK_PROBE, built_site, chromium, descendants, served  # noqa: E402
from dvonn_core.diamonds import DiamondsGame  # noqa: E402

FIXTURE = ROOT / "tests" / "data" / "diamonds" / "long-chain.txt"
#: An ordinary middle game: the drops of the e2e tests' middle game, then a few more.
MIDGAME = ["e5", "a5", "e6", "a6", "d6", "a7", "g3", "h3"]


def renderer_peaks(browser_pid: int) -> list[int]:
    """VmHWM (kB) of every renderer process below the browser ``browser_pid``."""
    peaks = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
            cmdline = (status.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if b"--type=renderer" not in cmdline:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        if int(fields.get("PPid", "0")) and _descends(int(fields["Pid"]), browser_pid):
            peaks.append(int(fields["VmHWM"].split()[0]))
    return peaks


def _descends(pid: int, ancestor: int) -> bool:
    while pid > 1:
        if pid == ancestor:
            return True
        try:
            stat = (Path("/proc") / str(pid) / "stat").read_text()
        except OSError:
            return False
        pid = int(stat.rsplit(")", 1)[1].split()[1])
    return False


def browser_pids() -> set[int]:
    pids = set()
    for cmd in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            line = cmd.read_bytes()
        except OSError:
            continue
        # /usr/bin/chromium is a script that starts /usr/lib/chromium/chromium
        if line.split(b"\0")[0].endswith(b"/chromium") and b"--type=" not in line:
            pids.add(int(cmd.parent.name))
    return pids


def play_turn(page: Any, turn: str) -> int:
    """Play ``turn`` by clicks as a player does: the drop, then for each pivot its stone (clicked
    again, when it stands in several diamonds, until the status names the turn's partner, as in
    ``d6/e4``) and its line end twice.  Returns the number of clicks."""
    words = turn.split()

    def click(cell: str) -> None:
        page.click(f'#board [data-cell="{cell}"]')

    click(words[0])
    clicks = 1
    for i, word in enumerate(words[1:], 2):
        pivot, far = word.split("/")[0].split(">")[0], word.split(">")[1]
        partner = word.split("/")[1].split(">")[0] if "/" in word else None
        click(pivot)
        clicks += 1
        seen = []
        for _ in range(12):  # a cell is in at most 12 rhombi
            if partner is None:
                break
            status = page.get_by_test_id("status").text_content() or ""
            seen.append(status)
            found = re.search(r"in the diamond [a-i1-9 ]+ \(([a-i][1-9])/([a-i][1-9]),", status)
            if found is None or found.group(2) == partner:  # (None: the pivot is in one diamond)
                break
            click(pivot)
            clicks += 1
        else:
            raise AssertionError(f"step {i - 1} ({word}): the diamond with {partner} was never offered: {seen}")
        click(far)
        click(far)
        clicks += 2
    return clicks


def one_run(base: str, position: str, turn: str | None) -> dict[str, Any]:
    before = browser_pids()
    with chromium() as browser:
        ours = (browser_pids() - before) & set(descendants())  # (not another program's Chromium started meanwhile)
        return measure(browser, max(ours), base, position, turn)


def measure(browser: Any, pid: int, base: str, position: str, turn: str | None) -> dict[str, Any]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "diamonds.html")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=120_000)
    for side in ("black-player", "white-player"):  # both sides human: the bot only hints
        page.get_by_test_id(side).select_option("human")
    page.get_by_test_id("new-game").click()
    page.evaluate("p => { location.hash = 'position=' + p; }", quote(position))
    page.wait_for_function("p => document.body.dataset.position === p", arg=position)
    hints = []
    for _ in range(3):
        page.evaluate("document.querySelector('[data-testid=notice]').textContent = ''")
        start = time.perf_counter()
        page.get_by_test_id("hint").click()
        page.wait_for_function("document.querySelector('[data-testid=notice]').textContent.includes('would play')",
                               timeout=120_000)
        hints.append(time.perf_counter() - start)
    result: dict[str, Any] = {"hint_s": hints}
    if turn is not None:
        page.evaluate(CLICK_PROBE)
        result["clicks"] = play_turn(page, turn)
        page.wait_for_function("p => document.body.dataset.position !== p", arg=position)
        page.wait_for_timeout(300)
        result["times"] = page.evaluate("window.__clicks")
        after = DiamondsGame.from_position(position)
        after.play(turn)
        result["played"] = page.evaluate("document.body.dataset.position") == after.position()
    result["peak_kb"] = renderer_peaks(pid)
    result["errors"] = errors
    return result


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="measure this built site instead of a fresh build")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args(argv)
    position, turn = FIXTURE.read_text().splitlines()[:2]
    mid = DiamondsGame()
    for move in MIDGAME:
        mid.play(move)
    with built_site(args.dir) as site, served(site) as (base, _server):
        for label, start, chain in (("long chain", position, turn), ("middle game", mid.position(), None)):
            for run in range(args.runs):
                r = one_run(base, start, chain)
                line = (f"{label} run {run + 1}: hint (hard, 1 s budget) "
                        + ", ".join(f"{s:.2f}" for s in r["hint_s"]) + " s; renderer peak "
                        + ", ".join(f"{kb / 1024:.0f}" for kb in sorted(r["peak_kb"], reverse=True)) + " MB")
                if chain is not None:
                    dom = [t[0] for t in r["times"]]
                    frame = [t[1] for t in r["times"]]
                    line += (f"; {r['clicks']} clicks ({len(dom)} timed), played as the fixture: {r['played']}; "
                             f"click -> DOM median {statistics.median(dom):.1f} ms, p95 {pct(dom, 0.95):.1f}, "
                             f"slowest {max(dom):.1f}; -> frame median {statistics.median(frame):.1f}, "
                             f"slowest {max(frame):.1f}")
                print(line + (f"; errors {r['errors']}" if r["errors"] else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
