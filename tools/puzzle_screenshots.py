#!/usr/bin/env python3
"""The screenshots of issue 53's closing note, made again: the DVONN puzzle with the most stacks on the board (the
latest phase the set reaches), on a phone (390x844), answered with a wrong move (``puzzle-wrong-phone.png``), then
solved (``puzzle-solved-phone.png``), in docs/screenshots/.

    python3 tools/puzzle_screenshots.py [--dir dist] [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from benchmarks.harness import site_in_chromium  # noqa: E402
from dvonn_core import Game  # noqa: E402
from kernel import puzzles as logic  # noqa: E402
from sitebuild.puzzles import compact  # noqa: E402


def chosen() -> dict:
    """The puzzle with the most stacks whose player missed the move, a one-move solution first."""
    ps = logic.parse(compact((ROOT / "puzzles" / "dvonn.tsv").read_text()))
    return max(ps, key=lambda p: (bin(Game.from_position(p["position"]).occupied).count("1"), bool(p["played"]),
                                  -len(p["solution"])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--dir", type=Path, help="a built site (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    puzzle = chosen()
    game = Game.from_position(puzzle["position"])
    wrong = next(str(m) for m in game.legal_moves() if str(m) != puzzle["solution"][0] and not game.removed_by(m))
    args.out.mkdir(parents=True, exist_ok=True)
    with site_in_chromium(args.dir) as (browser, base):
        context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True,
                                      has_touch=True)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(base + "puzzles.html#id=" + puzzle["id"])
        page.wait_for_function("document.body.dataset.ready === 'true'")
        state = "document.querySelector('[data-testid=puzzle-status]').dataset.state"
        for cell in (wrong[:2], wrong[2:]):  # a tap shows what the move cuts off, a second tap plays it
            page.locator(f'[data-cell="{cell}"]').tap()
        page.locator(f'[data-cell="{wrong[2:]}"]').tap()
        page.wait_for_function(state + " === 'wrong'")
        page.screenshot(path=str(args.out / "puzzle-wrong-phone.png"))
        page.get_by_test_id("puzzle-retry").click()
        page.get_by_test_id("puzzle-solution").click()
        page.wait_for_function(state + " === 'solved'")
        page.evaluate("window.scrollTo(0, 0)")  # the verdict, over the board
        page.screenshot(path=str(args.out / "puzzle-solved-phone.png"))
        context.close()
    stacks = bin(game.occupied).count("1")
    print("puzzle %s (%d stacks): puzzle-wrong-phone.png, puzzle-solved-phone.png in %s" % (
        puzzle["id"], stacks, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
