"""Long chains of pivots in Diamonds & Pivots: how long the rules let a turn be, and what the library
does on the long-chain position (tests/data/diamonds/long-chain.txt).

* ``longest``: a depth-first walk over the boards of one drop (each board once) follows the first
  pivot that keeps a diamond standing; its deepest point is a legal chain (it never repeats a board,
  and every board before the last holds a diamond of the mover).  Printed: that chain's pivots and
  the characters of its text, after ``--boards`` boards.
* ``selfplay``: the longest turn in games between the bots (random, greedy, medium), in pivots and
  characters.
* ``position``: on the long-chain position, the time to the first legal turn, a count (which stops
  with TooManyTurnsError at MAX_BOARDS), each bot level's move time, and tracemalloc's peak for each.

    python benchmarks/core/diamonds_chains.py [longest|selfplay|position|all] [--boards 1000000] [--games 20]
"""

import argparse
import os
import sys
import time
import tracemalloc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from dvonn_core.diamonds import DiamondsGame, TooManyTurnsError, bot  # noqa: E402
from dvonn_core.diamonds.board import BIT, CELLS  # noqa: E402
from dvonn_core.diamonds.rules import diamonds_after_drop, next_diamonds, options  # noqa: E402

FIXTURE = os.path.join(ROOT, "tests", "data", "diamonds", "long-chain.txt")


def fixture():
    with open(FIXTURE) as f:
        position, turn = f.read().splitlines()[:2]
    return position, turn


def longest(boards):
    position, _ = fixture()
    game = DiamondsGame.from_position(position)
    mine, opp = game._sides()
    for name in ("h3", "b5"):
        cell = CELLS.index(name)
        mm = mine | BIT[cell]
        ds = diamonds_after_drop(mm, cell, False)
        seen = {mm << 61 | opp}
        stack = [(mm, opp, ds, options(mm, opp, ds), 0)]
        path = []
        best = []
        start = time.perf_counter()
        while stack and len(seen) < boards:
            m, o, dl, opts, i = stack[-1]
            if i >= len(opts):
                stack.pop()
                if path:
                    path.pop()
                continue
            stack[-1] = (m, o, dl, opts, i + 1)
            p, k, d, nm, no = opts[i]
            key = nm << 61 | no
            if key in seen:
                continue
            seen.add(key)
            nds = next_diamonds(nm, dl, p, d)
            if nds:
                path.append((p, k, d))
                stack.append((nm, no, nds, options(nm, no, nds), 0))
            elif len(path) + 1 > len(best):
                best = path + [(p, k, d)]
        move = game.chain_move(cell, tuple(best))
        text = str(move)
        check = DiamondsGame.from_position(position)
        t0 = time.perf_counter()
        check.play(text)
        took = time.perf_counter() - t0
        print("longest  drop %s: a legal chain of %d pivots (%d characters) after %d boards in %.1f s; "
              "play(text) took %.0f ms"
              % (name, len(move.pivots), len(text), len(seen), time.perf_counter() - start, took * 1000))


def selfplay(games):
    longest_pivots = (0, 0, "")
    total = 0
    start = time.perf_counter()
    for seed in range(games):
        game = DiamondsGame()
        players = ("random", "greedy", "medium")
        for ply in range(150):
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
            total += 1
            if len(move.pivots) > longest_pivots[0]:
                longest_pivots = (len(move.pivots), len(str(move)), who)
    print("selfplay %d games, %d turns in %.0f s: longest turn %d pivots (%d characters, by %s)"
          % (games, total, time.perf_counter() - start, longest_pivots[0], longest_pivots[1], longest_pivots[2]))


def measured(label, call):
    tracemalloc.start()
    start = time.perf_counter()
    try:
        result = call()
    except TooManyTurnsError as error:
        result = "TooManyTurnsError: %s" % error
    took = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print("position %-22s %9.2f ms  peak %6.1f MB  %s" % (label, took * 1000, peak / 1e6, str(result)[:90]))


def position():
    text, _ = fixture()
    game = DiamondsGame.from_position(text)
    measured("first legal turn", lambda: next(iter(game.legal_moves())))
    measured("first 1000 turns", lambda: sum(1 for _, m in zip(range(1000), game.legal_moves(), strict=False)))
    measured("count()", lambda: game.legal_moves().count())
    measured("turns_after('h3')", lambda: game.turns_after("h3"))
    measured("random_move", lambda: bot.random_move(game, 1))
    measured("greedy_move", lambda: bot.greedy_move(game, 1))
    for level in ("easy", "medium", "hard"):
        info: dict = {}
        measured("choose_move " + level,
                 lambda level=level, info=info: (bot.choose_move(game, level, seed=1, info=info), info)[1])
    # Without tracemalloc, which slows Python code several times.
    for level in ("easy", "medium", "hard"):
        info = {}
        start = time.perf_counter()
        bot.choose_move(game, level, seed=1, info=info)
        print("position choose_move %-6s %7.0f ms (no tracemalloc), depth %d"
              % (level, (time.perf_counter() - start) * 1000, info["depth"]))
    start = time.perf_counter()
    next(iter(game.legal_moves()))
    print("position first legal turn %.2f ms (no tracemalloc)" % ((time.perf_counter() - start) * 1000))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", nargs="?", default="all", choices=["longest", "selfplay", "position", "all"])
    ap.add_argument("--boards", type=int, default=1000000)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    if args.what in ("position", "all"):
        position()
    if args.what in ("longest", "all"):
        longest(args.boards)
    if args.what in ("selfplay", "all"):
        selfplay(args.games)


if __name__ == "__main__":
    main()
