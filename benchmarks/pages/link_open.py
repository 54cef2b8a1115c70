"""The time from opening a game link to the board ready, on each game's page in Debian chromium:
a long game of each (the longest DVONN game of the first 2,000 of tests/data/boardspace-games.txt;
a Diamonds & Pivots game of the easy bot's self-play to its end, ``--seed``), its link written as
the pages write it (numbered moves), opened on a fresh page, against the page opened without a link.

Printed per page: the median of ``--runs`` loads of the time to ``body.dataset.ready`` (the
page's own performance.now() at that moment), and how much of it the link took (reading,
replaying, storing: ``body.dataset.linkOpenMs``).  The site is built into a temporary folder, or
``--dist`` is a built one.

    python benchmarks/pages/link_open.py [--runs 5] [--dist dist] [--seed 2]
"""

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "web")]

from benchmarks.harness import site_in_chromium  # noqa: E402
from diamonds import persist as diamonds_persist  # noqa: E402
from dvonn import persist as dvonn_persist  # noqa: E402
from dvonn_core.diamonds import DiamondsGame, bot  # noqa: E402
from dvonn_core.dvonn import record  # noqa: E402
from kernel import link_format  # noqa: E402

PERSIST = {"dvonn": dvonn_persist, "diamonds": diamonds_persist}

READY = "new Promise(r => { const t = () => document.body.dataset.ready === 'true' ? r(performance.now()) : " \
        "setTimeout(t, 5); t(); })"


def games(seed):
    longest = None
    with open(os.path.join(ROOT, "tests", "data", "boardspace-games.txt")) as f:
        for line in f.readlines()[1:2000]:
            try:
                game = record.read(" ".join(line.split()[3:]))
            except ValueError:
                continue
            if longest is None or len(game.moves) > len(longest.moves):
                longest = game
    diamonds = DiamondsGame()
    for ply in range(1000):
        if diamonds.phase == "over":
            break
        diamonds.play(bot.choose_move(diamonds, "easy", seed=seed * 1000 + ply))
    return {"": ("dvonn", longest), "diamonds.html": ("diamonds", diamonds)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dist", type=Path, help="a built site (default: build one into a temporary folder)")
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    with site_in_chromium(args.dist) as (browser, base):
        for path, (name, game) in games(args.seed).items():
            persist = PERSIST[name]
            value = link_format.pack(link_format.of_game(name, "k3p9x2am", game),
                                     link_format.Coder(persist.LINK_CODEC, persist.SAVES.start))
            for label, fragment in (("without a link", ""), ("with the link", link_format.PREFIX + value)):
                times, link_ms = [], []
                for _ in range(args.runs):
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto(base + path + fragment)
                    times.append(page.evaluate(READY))
                    if fragment:
                        page.wait_for_function("document.body.dataset.linkGame")
                        link_ms.append(float(page.evaluate("document.body.dataset.linkOpenMs")))
                    context.close()
                extra = ("; the link itself %.0f ms (median)" % statistics.median(link_ms)) if link_ms else ""
                print("%-8s %-15s (%d moves, link %d characters): board ready at %.0f ms (median of %d)%s"
                      % (name, label, len(game.moves), len(value), statistics.median(times), args.runs, extra))

if __name__ == "__main__":
    main()
