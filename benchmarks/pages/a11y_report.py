#!/usr/bin/env python3
"""axe-core violations per page of the site, in headless Debian chromium (issue 11).

``python benchmarks/pages/a11y_report.py [--dir dist]`` builds the site into a temporary directory (or
takes ``--dir``), serves it, injects ``node_modules/axe-core/axe.min.js`` (a devDependency, never in
``dist/``) into each page and prints the violations: the game during placement and movement, in review and after
an analysis, the rules page, an embed and the embedding guide.  States that the page does
not offer (no review buttons yet) are reported as such.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout
from benchmarks.harness import site_in_chromium
from tests.e2e.axe import summary, violations


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--dir", type=Path, help="a built site (default: build one into a temporary folder)")
    args = parser.parse_args(argv)
    with site_in_chromium(args.dir) as (browser, base):
        context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(60_000)

        def report(name: str) -> None:
            found = violations(page)
            print(f"{name:<22} {len(found)} violation(s)  {summary(found)}", flush=True)

        def ready() -> None:
            page.wait_for_function("document.body.dataset.ready === 'true'")

        page.goto(base)
        ready()
        report("game, placement")
        page.get_by_test_id("random-setup").set_checked(True)
        page.get_by_test_id("black-player").select_option("human")
        page.get_by_test_id("new-game").click()
        page.wait_for_function("document.body.dataset.phase === 'movement'")
        report("game, movement")
        if page.get_by_test_id("review-back").count():
            from dvonn_core import Game
            move = str(Game.from_position(page.evaluate("document.body.dataset.position")).legal_moves()[0])
            page.locator(f'[data-cell="{move[:2]}"]').click()
            page.locator(f'[data-cell="{move[2:]}"]').click()
            page.wait_for_function("document.body.dataset.ply === '50'")
            page.get_by_test_id("review-back").click()
            page.wait_for_function("document.body.dataset.review === 'true'")
            report("game, review")
        else:
            print("game, review           (no review on this page)")
        if page.get_by_test_id("analyse").count():
            page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=120_000)
            page.get_by_test_id("analyse").click()
            page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=300_000)
            report("game, analysis")
        else:
            print("game, analysis         (no analysis on this page)")
        for name, path in (("rules", "rules.html"), ("embed", "embed.html?moves=F3,C3,I3&play=1"),
                           ("guide", "embedding.html")):
            page.goto(base + path)
            if name != "guide":
                ready()
            else:
                page.wait_for_load_state("load")
            report(name)
    return 0

if __name__ == "__main__":
    sys.exit(main())
