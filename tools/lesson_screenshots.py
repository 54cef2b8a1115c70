#!/usr/bin/env python3
"""The screenshots of issue 55's closing note, made again: a task of the lessons answered wrongly and rightly,
on a phone (390x844), in English and in German (PNG files in docs/screenshots/).

    python3 tools/lesson_screenshots.py [--dir dist] [--out docs/screenshots]

Builds the site into a temporary folder (or takes ``--dir``), serves it on 127.0.0.1 and plays DVONN's lesson
"cut-off", task 1 (cut off the three corner stacks in one move) in Debian chromium: a legal move that misses
the task (``learn-wrong-<lang>-phone.png``), then the move that meets it (``learn-right-<lang>-phone.png``);
and Diamonds & Pivots' lesson "pivot", task 1, with a drop on a stone, which the rules refuse
(``diamonds-learn-illegal-<lang>-phone.png``).  Each file is checked to be under 150 KB.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (puts web/ on the path)
import serve  # noqa: E402

LIMIT = 150_000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--dir", type=Path, help="a built site (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        site = args.dir or Path(tmp) / "dist"
        if args.dir is None:
            build.build(site)
        server = serve.start(site)
        base = f"http://127.0.0.1:{server.server_port}/"
        written = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            for language in ("en", "de"):
                folder = "" if language == "en" else language + "/"
                page = browser.new_page(viewport={"width": 390, "height": 844})
                page.set_default_timeout(30_000)

                def go(path: str) -> None:
                    page.goto(base + folder + path)  # noqa: B023 - the page of this language
                    page.wait_for_function("document.body.dataset.ready === 'true'")  # noqa: B023

                def tries(cells: list[str]) -> None:
                    before = page.evaluate("document.body.dataset.tries")  # noqa: B023
                    for cell in cells:
                        page.locator(f'[data-testid="task-board"] [data-cell="{cell}"]').click()  # noqa: B023
                    page.wait_for_function("document.body.dataset.tries !== %r" % before)  # noqa: B023

                def shot(name: str) -> None:
                    path = args.out / name
                    page.screenshot(path=str(path))  # noqa: B023
                    written.append(path)

                go("learn.html?lesson=cut-off&task=1")
                tries(["E3", "D3"])  # legal, but it cuts nothing off
                shot(f"learn-wrong-{language}-phone.png")
                page.get_by_test_id("task-retry").click()
                tries(["C2", "D3"])  # cuts off A1, B1 and A2
                shot(f"learn-right-{language}-phone.png")
                go("diamonds-learn.html?lesson=pivot&task=1")
                tries(["d5"])  # a drop on a stone
                shot(f"diamonds-learn-illegal-{language}-phone.png")
                page.close()
            browser.close()
        server.shutdown()
    for path in written:
        size = path.stat().st_size
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {size / 1000:.0f} KB")
        assert size < LIMIT, f"{path} is {size} bytes, over {LIMIT}"
    return 0


if __name__ == "__main__":
    sys.exit(main())
