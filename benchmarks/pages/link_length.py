"""How long a game link (web/kernel/link_format.py) is for the longest game of each game, as CPython's
zlib and as the page's MicroPython (its ``deflate`` module, run under Node) write it.

* DVONN: every game of tests/data/boardspace-games.txt; the longest record is linked.
* Diamonds & Pivots: the bot's self-play (``choose_move`` at ``--level`` for both sides, seeds 0,
  1, ...), each game to its end (two passes in a row) or ``--plies`` turns; the longest.

Links are written with the moves numbered (``link_format.Coder`` with the game's ``LINK_CODEC``), as
the pages write them, and also as text (``pack`` without a coder) for comparison.

For each: the record's characters, the link's characters (the whole address on a GitHub Pages site
of 50 characters), and on MicroPython the time to read the link (unpack and replay every move).

    python benchmarks/pages/link_length.py [--games 4] [--plies 1000] [--level easy]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "web")]

from diamonds import persist as diamonds_persist  # noqa: E402
from dvonn import persist as dvonn_persist  # noqa: E402
from dvonn_core.diamonds import DiamondsGame, bot  # noqa: E402
from dvonn_core.dvonn import record  # noqa: E402
from kernel import link_format  # noqa: E402
from kernel.saves import share_text  # noqa: E402

GAMES_FILE = os.path.join(ROOT, "tests", "data", "boardspace-games.txt")
PAGE = "https://someone.github.io/dvonn-site/diamonds.html"  # 50 characters: a page address on GitHub Pages

#: Run on the page's MicroPython: the same links packed there, their length, and the time to read them.
MICROPYTHON_CHECK = """
import json, time
from kernel import link_format
from dvonn import persist as dvonn_persist
from diamonds import persist as diamonds_persist
starts = {"dvonn": dvonn_persist.SAVES.start, "diamonds": diamonds_persist.SAVES.start}
codecs = {"dvonn": dvonn_persist.LINK_CODEC, "diamonds": diamonds_persist.LINK_CODEC}
for item in json.load(open("/data/links.json")):
    name = item["game"]
    link = link_format.Link(name, item["id"], item["to_move"], item["tags"], item["start"], item["moves"])
    t0 = time.ticks_ms()
    coder = link_format.Coder(codecs[name], starts[name])
    value = link_format.pack(link, coder)
    packed = time.ticks_diff(time.ticks_ms(), t0)
    t0 = time.ticks_ms()
    link.moves.append(link.moves.pop())  # the same moves: a page's next link numbers nothing again
    link_format.pack(link, coder)
    again = time.ticks_diff(time.ticks_ms(), t0)
    t0 = time.ticks_ms()
    back, game = link_format.read(value, name, starts[name], codecs[name])
    took = time.ticks_diff(time.ticks_ms(), t0)
    back.coded = None
    print("%s %d %d %d %d %s" % (name, len(value), packed, again, took, back == link))
"""


def longest_dvonn():
    best = None
    count = 0
    with open(GAMES_FILE) as f:
        for line in f:
            if line.startswith("#"):
                continue
            words = line.split()
            try:
                game = record.read(" ".join(words[3:]))
            except ValueError:
                continue
            count += 1
            text = share_text(game.record())
            if best is None or len(text) > len(best[1]):
                best = (words[0], text, game)
    return count, best


def longest_diamonds(games, plies, level):
    best = None
    for seed in range(games):
        game = DiamondsGame()
        for ply in range(plies):
            if game.phase == "over":
                break
            game.play(bot.choose_move(game, level, seed=seed * 1000 + ply))
        text = share_text(game.record())
        if best is None or len(text) > len(best[1]):
            best = ("self-play seed %d (%d turns, %s)" % (seed, len(game.moves), game.phase), text, game)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", type=int, default=1000)
    ap.add_argument("--level", default="easy")
    args = ap.parse_args()
    count, dvonn = longest_dvonn()
    diamonds = longest_diamonds(args.games, args.plies, args.level)
    codecs = {"dvonn": dvonn_persist.LINK_CODEC, "diamonds": diamonds_persist.LINK_CODEC}
    starts = {"dvonn": dvonn_persist.SAVES.start, "diamonds": diamonds_persist.SAVES.start}
    items = []
    for name, (what, text, game) in (("dvonn", dvonn), ("diamonds", diamonds)):
        game.tags["White"] = "A player with a long name"
        game.tags["Black"] = "Another player with a long name"
        link = link_format.of_game(name, "k3p9x2am", game)
        text_value = link_format.pack(link)
        value = link_format.pack(link, link_format.Coder(codecs[name], starts[name]))
        t0 = time.perf_counter()
        link_format.read(value, name, starts[name], codecs[name])
        took = time.perf_counter() - t0
        address = PAGE + link_format.PREFIX + value
        print("%-8s %s: record %d characters; link (CPython zlib) %d characters with numbered moves (%d with "
              "the moves as text), the whole address %d; read in %.0f ms"
              % (name, what, len(text), len(value), len(text_value), len(address), took * 1000))
        items.append({"game": name, "id": link.id, "to_move": link.to_move, "tags": link.tags, "start": link.start,
                      "moves": link.moves, "value": value})
    print("(DVONN: the longest of %d games of tests/data/boardspace-games.txt)" % count)
    node = shutil.which("node")
    if not node:
        print("MicroPython: skipped (no node)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "links.json")
        with open(data, "w") as f:
            json.dump(items, f)
        script = os.path.join(tmp, "check.py")
        with open(script, "w") as f:
            f.write(MICROPYTHON_CHECK)
        out = subprocess.run([node, os.path.join(ROOT, "tests", "micropython", "run.mjs"), script, data],
                             capture_output=True, text=True, cwd=ROOT, timeout=600)
    if out.returncode:
        print(out.stderr)
        return
    for line in out.stdout.splitlines():
        name, length, packed, again, took, same = line.split()
        print("%-8s MicroPython: link %s characters, the whole address %d; written in %s ms (the next link, "
              "nothing new to number: %s ms), read (unpacked and replayed) in %s ms; round trip %s"
              % (name, length, len(PAGE) + len(link_format.PREFIX) + int(length), packed, again, took, same))


if __name__ == "__main__":
    main()
