#!/usr/bin/env python3
"""A newcomer's time through the first lesson of a game (issue 55), in headless Debian chromium on a phone's
viewport (390x844).

The script plays the lesson on the lessons page as a newcomer would: for each task it makes one wrong try
first (taken from the lesson file through the rules core, as tests/test_lessons.py takes them), reads the
verdict, then makes the right one and goes on.  It prints, per task and in all:

* the page's own time: navigation -> ready, and each try's click -> verdict on screen (measured);
* the clicks made and the words the newcomer reads (the task, each verdict);
* a newcomer's time: the measured time plus the reading (``--wpm`` words a minute, 200 by default: a slow,
  careful reading) and a pause before each click (``--think`` seconds, 2 by default) — a model, printed apart
  from what was measured.

    python benchmarks/pages/learn_time.py [--game dvonn|diamonds] [--lesson ID] [--dir dist] [--wpm 200] [--think 2]

Without ``--dir`` the site is built into a temporary directory first.
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]  # the checkout
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from kernel import lessons as L  # noqa: E402

PAGES = {"dvonn": "learn.html", "diamonds": "diamonds-learn.html"}


def words(text: str) -> int:
    return len(text.split())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--game", choices=sorted(PAGES), default="dvonn")
    parser.add_argument("--lesson", help="a lesson's id (default: the first)")
    parser.add_argument("--dir", type=Path, help="a built site (default: build one)")
    parser.add_argument("--wpm", type=float, default=200.0, help="the newcomer's reading speed, words a minute")
    parser.add_argument("--think", type=float, default=2.0, help="the newcomer's pause before each click, seconds")
    args = parser.parse_args(argv)

    from benchmarks.harness import site_in_chromium

    rules = import_module(args.game + ".lessons").Rules()
    lessons = L.parse((ROOT / "lessons" / f"{args.game}.txt").read_text())
    lesson = next(x for x in lessons if x["id"] == args.lesson) if args.lesson else lessons[0]
    with site_in_chromium(args.dir) as (browser, base):
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.set_default_timeout(30_000)
        start = time.perf_counter()
        page.goto(base + PAGES[args.game] + "?lesson=" + lesson["id"])
        page.wait_for_function("document.body.dataset.ready === 'true'")
        load = time.perf_counter() - start
        clicks, read, tries_ms = 0, 0, []

        def click(cell: str) -> None:
            page.locator(f'[data-testid="task-board"] [data-cell="{cell}"]').click()

        def attempt(game: Any, answer: Any) -> str:
            nonlocal clicks
            before = page.evaluate("document.body.dataset.tries")
            began = time.perf_counter()
            if isinstance(answer, list):
                for cell in answer:
                    click(cell)
                page.get_by_test_id("task-check").click()
                clicks += len(answer) + 1
            elif answer in ("swap", "pass"):
                page.get_by_test_id(answer).click()
                clicks += 1
            else:
                cells = rules.clicks(game, answer)
                for cell in cells:
                    click(cell)
                clicks += len(cells)
            page.wait_for_function("document.body.dataset.tries !== %r" % before)
            tries_ms.append((time.perf_counter() - began) * 1000)
            return str(page.get_by_test_id("task-verdict").inner_text())

        print(f"{args.game}: lesson {lesson['id']} ({lesson['title']}), {len(lesson['tasks'])} tasks, "
              f"page ready in {load * 1000:.0f} ms")
        for i, task in enumerate(lesson["tasks"]):
            run = L.Run(rules, task)
            read += words(task["text"])
            first = True
            while not run.done:
                goal = run.goal()
                wrong = rules.wrong_try(run.game, goal) if first else None
                if wrong is not None:
                    read += words(attempt(run.game, wrong))
                    if not isinstance(wrong, list):
                        page.get_by_test_id("task-retry").click()
                        clicks += 1
                first = False
                answer = run.solution()
                read += words(attempt(run.game, answer))
                run.judge(answer)
                if not run.done:
                    run.reply()
                    page.wait_for_function("document.body.dataset.position === %r" % run.game.position())
            path = page.locator(f'[data-testid="lesson"][data-lesson="{lesson["id"]}"]')
            stars = path.get_attribute("data-stars")
            print(f"  task {i + 1}: done (wrong try first), path stars {stars}")
            if i + 1 < len(lesson["tasks"]):
                page.get_by_test_id("task-next").click()
                clicks += 1
        machine = time.perf_counter() - start
    tries_ms.sort()
    model = machine + read / args.wpm * 60 + clicks * args.think
    print(f"measured: {machine:.1f} s in all (load {load:.2f} s); {len(tries_ms)} tries, click -> verdict median "
          f"{tries_ms[len(tries_ms) // 2]:.0f} ms, slowest {tries_ms[-1]:.0f} ms")
    print(f"the newcomer: {clicks} clicks, {read} words read")
    print(f"a newcomer's time (model: {args.wpm:.0f} words a minute, {args.think:.1f} s before each click): "
          f"{model:.0f} s = {model / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
