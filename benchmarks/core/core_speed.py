"""Speed of the rules core on CPython: random full games per second and perft(4).

    python benchmarks/core/core_speed.py [--seconds 5] [--depth 4]

A random game is placement and movement with uniformly random legal moves
(seeded), the basic workload of every bot.  perft(DEPTH) counts the move paths
from the position in tests/data/perft.txt and checks the count against it.
"""

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))  # the checkout
from dvonn_core import Game
from dvonn_core.dvonn.perft import perft
from dvonn_core.dvonn.setup import random_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def games_per_second(seconds: float) -> "tuple[float, float]":
    start = time.perf_counter()
    n = 0
    plies = 0
    while time.perf_counter() - start < seconds:
        plies += len(random_game(n).moves)
        n += 1
    elapsed = time.perf_counter() - start
    return n / elapsed, plies / n


def perft_time(depth: int) -> "tuple[int, int, float]":
    setup, expected = [], {}
    with open(os.path.join(ROOT, "tests", "data", "perft.txt")) as f:
        for line in f:
            if line.startswith("setup "):
                setup = line.split()[1:]
            elif line.startswith("perft "):
                expected[int(line.split()[1])] = int(line.split()[2])
    g = Game()
    for m in setup:
        g.play(m)
    start = time.perf_counter()
    count = perft(g, depth)
    return count, expected.get(depth, -1), time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--depth", type=int, default=4)
    args = ap.parse_args()
    print("python %s on %s, %d cores" % (platform.python_version(), platform.machine(), os.cpu_count() or 1))
    rate, plies = games_per_second(args.seconds)
    print("random full games: %.0f games/s (%.1f plies per game)" % (rate, plies))
    count, want, secs = perft_time(args.depth)
    print(
        "perft(%d) = %d (expected %d, %s) in %.2f s"
        % (args.depth, count, want, "ok" if count == want else "MISMATCH", secs)
    )
    if count != want:
        sys.exit(1)


if __name__ == "__main__":
    main()
