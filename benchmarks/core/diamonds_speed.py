"""Diamonds & Pivots speed: random games per second through the public API, the bot's nodes per second, and
the largest turns found.

Usage::

    python benchmarks/core/diamonds_speed.py [--games 20] [--seconds 0.5] [--worst]
    node benchmarks/pyodide_run.mjs core/diamonds_speed.py [--games 20] [--seconds 0.5]   # in Pyodide

* random games: ``bot.random_move`` + ``DiamondsGame.play`` (each turn parsed and checked again) from the
  empty board until the game ends or 300 turns;
* bot: nodes per second and depth of the hard level on fixed positions (mid-game positions of seeded games);
* ``--worst``: the distinct final boards and chains of the worst-case drops known (slow: minutes).
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from dvonn_core.diamonds import DiamondsGame, bot
from dvonn_core.diamonds.board import CELLS
from dvonn_core.diamonds.rules import count_chains, outcomes

#: Drops with very many ends: (position, drop).  The first is the source's worked example.
WORST = [
    ("5-3b2-2bb3-4b3-5b3-8-7-wwww2-1w3.b", "b6"),
    # Turn 23 of a seeded random game: White's drop on g3 starts chains that wander over the whole board.
    ("b4-1b2b1-1w2b2-1w1b2w1-1wb1w1bb1-bbw1b3-1w3w1-1wbw2-1w3.w", "g3"),
]
#: Search caps for --worst: boards per drop (distinct final boards are counted among them) and chains.
BOARD_CAP = 250000
CHAIN_CAP = 200000


def random_game(seed: int, max_turns: int = 300) -> DiamondsGame:
    game = DiamondsGame()
    for i in range(max_turns):
        if game.phase == "over":
            break
        game.play(str(bot.random_move(game, seed * 1000 + i)))
    return game


def positions(n: int) -> "list[str]":
    out = []
    for seed in range(n):
        game = DiamondsGame()
        for i in range(16 + 4 * seed):
            game.play(bot.greedy_move(game, seed * 100 + i) if i % 2 else bot.random_move(game, seed * 100 + i))
            if game.phase == "over":
                break
        out.append(game.position())
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--worst", action="store_true")
    args = ap.parse_args()

    t = time.perf_counter()
    turns = 0
    for seed in range(args.games):
        turns += len(random_game(seed).moves)
    dt = time.perf_counter() - t
    print(
        "random games: %d games, %d turns in %.2f s: %.2f games/s, %.0f turns/s"
        % (args.games, turns, dt, args.games / dt, turns / dt)
    )

    nodes = 0
    seconds = 0.0
    for position in positions(4):
        game = DiamondsGame.from_position(position)
        info: dict = {}
        move = bot.choose_move(game, "hard", seed=0, time_limit=args.seconds, info=info)
        nodes += info.get("nodes", 0)
        seconds += info.get("elapsed", 0.0)
        print(
            "hard bot: %s -> %s: depth %s, %s nodes in %.2f s"
            % (position, move, info.get("depth"), info.get("nodes"), info.get("elapsed", 0.0))
        )
    print("hard bot: %.0f nodes/s" % (nodes / max(seconds, 1e-9)))

    if args.worst:
        for position, drop in WORST:
            game = DiamondsGame.from_position(position)
            t = time.perf_counter()
            mine, opp = (game.bits[0], game.bits[1]) if game.to_move == "black" else (game.bits[1], game.bits[0])
            ends = len(outcomes(mine, opp, CELLS.index(drop), False, BOARD_CAP))
            chains = count_chains(mine, opp, CELLS.index(drop), False, CHAIN_CAP)
            print("drop %s in %s: %d distinct final boards (searching at most %d boards), %s chains (%.2f s)"
                  % (drop, position, ends, BOARD_CAP, ("%d" if chains < CHAIN_CAP else "at least %d") % chains,
                     time.perf_counter() - t))


if __name__ == "__main__":
    main()
