"""How long a game link (web/kernel/link_format.py) is for the longest game of each game, as CPython's
zlib and as the page's MicroPython (its ``deflate`` module, run under Node) write it.

* DVONN: every game of tests/data/boardspace-games.txt; the longest record is linked.
* Diamonds & Pivots: the bots' self-play (random, greedy and medium in turn, as
  ``benchmarks/diamonds_chains.py selfplay``), each game to its end (or ``--plies``); the longest.

For each: the record's characters, the link's characters (the whole address on a GitHub Pages site
of 50 characters), and on MicroPython the time to read the link (unpack and replay every move).

    python benchmarks/link_length.py [--games 20] [--plies 400]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "web")]

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
for item in json.load(open("/data/links.json")):
    link = link_format.Link(item["game"], item["id"], item["to_move"], item["tags"], item["start"], item["moves"])
    value = link_format.pack(link)
    t0 = time.ticks_ms()
    back, game = link_format.read(value, item["game"], starts[item["game"]])
    took = time.ticks_diff(time.ticks_ms(), t0)
    t0 = time.ticks_ms()
    back, game = link_format.read(item["value"], item["game"], starts[item["game"]])
    took2 = time.ticks_diff(time.ticks_ms(), t0)
    print("%s %d %d %d %s" % (item["game"], len(value), took, took2, back == link))
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


def longest_diamonds(games, plies):
    best = None
    for seed in range(games):
        game = DiamondsGame()
        players = ("random", "greedy", "medium")
        for ply in range(plies):
            if game.phase == "over":
                break
            who = players[(seed + ply) % 3]
            if who == "random":
                move = bot.random_move(game, seed * 1000 + ply)
            elif who == "greedy":
                move = bot.greedy_move(game, seed * 1000 + ply)
            else:
                move = bot.choose_move(game, "medium", seed=seed * 1000 + ply)
            game.play(move)
        text = share_text(game.record())
        if best is None or len(text) > len(best[1]):
            best = ("self-play seed %d (%d turns, %s)" % (seed, len(game.moves), game.phase), text, game)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=400)
    args = ap.parse_args()
    count, dvonn = longest_dvonn()
    diamonds = longest_diamonds(args.games, args.plies)
    items = []
    for name, (what, text, game) in (("dvonn", dvonn), ("diamonds", diamonds)):
        game.tags["White"] = "A player with a long name"
        game.tags["Black"] = "Another player with a long name"
        link = link_format.of_game(name, "k3p9x2am", game)
        value = link_format.pack(link)
        t0 = time.perf_counter()
        link_format.unpack(value)
        took = time.perf_counter() - t0
        address = PAGE + link_format.PREFIX + value
        print("%-8s %s: record %d characters; link (CPython zlib) %d characters, the whole address %d; "
              "unpacked in %.1f ms" % (name, what, len(text), len(value), len(address), took * 1000))
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
        name, length, took, took2, same = line.split()
        print("%-8s MicroPython deflate: link %s characters, the whole address %d; read (unpack and replay) "
              "in %s ms its own link, %s ms CPython's; round trip %s"
              % (name, length, len(PAGE) + len(link_format.PREFIX) + int(length), took, took2, same))


if __name__ == "__main__":
    main()
