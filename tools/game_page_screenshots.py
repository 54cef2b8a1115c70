#!/usr/bin/env python3
"""Screenshots of the game pages (first taken for issue 43's closing note): PNG files in docs/screenshots/.

    python3 tools/game_page_screenshots.py [--dir dist] [--out docs/screenshots] [NAME ...]

Builds the site into a temporary folder (or takes ``--dir``), serves it on 127.0.0.1 and drives
Debian chromium through the browser tests' page drivers (tests/e2e/app.py).  NAME is any of:

- ``diamonds-move-list``: the Diamonds & Pivots page on a desktop (1280x800) after the longest
  self-play game of the puzzles' source games (puzzles/diamonds-games.txt), its longest turn
  selected in the move list;
- ``bad-link-phone``: a phone (390x844) opening a game link that cannot be opened: the message
  over the board;
- ``analysis-graph``: the DVONN page on a desktop after "Analyse" of a real game, a marked move
  selected (the graph with its axes, the note under the board);
- ``bot-game-over-phone``: a phone at the end of a game a human played against the bot (You
  win / You lose, Play again).

Default: all four.  Each file is checked to be under 150 KB.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (puts web/ on the path)
import serve  # noqa: E402
from dvonn_core import Game  # noqa: E402
from tests.e2e.app import App, DiamondsApp, recorded_game  # noqa: E402
from tests.e2e.test_analysis import MARKED  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
MOST_BYTES = 150 * 1024


def longest_diamonds_game() -> list[str]:
    """The turns of the longest game of puzzles/diamonds-games.txt (by its text)."""
    lines = [line.split(" ", 1)[1] for line in (ROOT / "puzzles" / "diamonds-games.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    return max(lines, key=len).split(",")


def region(page: Any, testids: list[str], path: Path, margin: int = 12) -> None:
    """A screenshot of the page's region holding the elements ``testids`` (page coordinates), with a margin."""
    boxes = page.evaluate("""ids => ids.map(id => {
        const r = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
        return [r.left + scrollX, r.top + scrollY, r.right + scrollX, r.bottom + scrollY]; })""", testids)
    left, top = min(b[0] for b in boxes) - margin, min(b[1] for b in boxes) - margin
    right, bottom = max(b[2] for b in boxes) + margin, max(b[3] for b in boxes) + margin
    left, top = max(left, 0), max(top, 0)
    page.screenshot(path=str(path), full_page=True,
                    clip={"x": left, "y": top, "width": right - left, "height": bottom - top})


def diamonds_move_list(page: Any, base: str, path: Path) -> None:
    page.set_viewport_size(DESKTOP)
    game = DiamondsApp(page, base)
    game.open()
    moves = longest_diamonds_game()
    game.import_record(game.record_of(moves))
    longest = max(range(len(moves)), key=lambda i: len(moves[i])) + 1
    page.locator(f'[data-testid="history"] [data-ply="{longest}"]').click()
    page.wait_for_function(f"document.body.dataset.ply === '{longest}'")
    page.wait_for_timeout(300)
    region(page, ["history"], path, margin=36)


def bad_link_phone(page: Any, base: str, path: Path) -> None:
    page.set_viewport_size(PHONE)
    game = App(page, base)
    game.open()
    page.goto(base + "index.html#game=hello")
    game.wait_ready()
    page.wait_for_function("document.body.dataset.rejectedAt")
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))


def analysis_graph(page: Any, base: str, path: Path) -> None:
    page.set_viewport_size(DESKTOP)
    game = App(page, base)
    game.open()
    game.wait_bot_ready()
    game.import_record(game.record_of(game.ANALYSIS_GAME))
    page.get_by_test_id("analyse").click()
    page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=600_000)
    marked = page.evaluate(MARKED)
    if marked:  # the first marked move selected: its note under the board
        ply = marked[0][0]
        page.locator(f'[data-testid="history"] [data-ply="{ply}"]').click()
        page.wait_for_function(f"document.body.dataset.ply === '{ply}'")
    page.wait_for_timeout(300)
    region(page, ["analysis-note", "analysis-summary", "analysis-graph"], path, margin=6)


def bot_game_over_phone(page: Any, base: str, path: Path) -> None:
    """A finished real game saved as played by a human (White) against the hard bot, reloaded on a phone."""
    page.set_viewport_size(PHONE)
    game = App(page, base)
    game.open()
    moves = recorded_game("DV-149-SmartBot-2009-02-06-0635.sgf")
    core = Game()
    for move in moves:
        core.play(move)
    save = json.loads(page.evaluate("k => localStorage.getItem(k)", App.SAVE_KEY))
    save.update(moves=moves, base=len(moves), redo=[], kinds=[], players={"white": "human", "black": "bot"},
                level="hard", position=core.position(), resigned=None, options={}, tags={})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [App.SAVE_KEY, json.dumps(save)])
    page.reload()
    game.wait_ready()
    game.wait_bot_ready()
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))


SHOTS: dict[str, Callable[[Any, str, Path], None]] = {
    "diamonds-move-list": diamonds_move_list,
    "bad-link-phone": bad_link_phone,
    "analysis-graph": analysis_graph,
    "bot-game-over-phone": bot_game_over_phone,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help="which screenshots (default: all): " + ", ".join(SHOTS))
    parser.add_argument("--dir", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots", help="where the PNG files go")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in SHOTS]
    if unknown:
        parser.error(f"unknown screenshot(s) {unknown}: choose among {list(SHOTS)}")
    site = args.dir
    if site is None:
        site = Path(tempfile.mkdtemp(prefix="dvonn-shots-")) / "dist"
        build.build(site)
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    server = serve.start(site)
    base = f"http://127.0.0.1:{server.server_port}/"
    too_large = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name in args.names or list(SHOTS):
                context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
                page = context.new_page()
                page.set_default_timeout(120_000)
                errors: list[str] = []
                page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
                path = args.out / f"{name}.png"
                SHOTS[name](page, base, path)
                context.close()
                size = path.stat().st_size
                print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {size / 1024:.0f} KB"
                      + (f"; errors on the page: {errors}" if errors else ""), flush=True)
                if size > MOST_BYTES or errors:
                    too_large.append(name)
            browser.close()
    finally:
        server.shutdown()
    if too_large:
        print(f"game_page_screenshots.py: over {MOST_BYTES // 1024} KB or with page errors: {too_large}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
