"""CPU cost of the hard bot's search at a fixed depth: nodes per CPU second, unaffected by load.

Searches the fixed positions of ``bot_speed.py`` (opening and middle) to depths 4 and 5 with no
clock, and prints the move, the nodes and the CPU time (``time.process_time``) of each, then the
total.  The same moves and node counts from two versions mean the same search; the CPU time then
compares their speed, even on a busy machine::

    python benchmarks/bot/search_cpu.py                  # the dvonn_core of this checkout
    python benchmarks/bot/search_cpu.py --root DIR       # the dvonn_core in DIR (e.g. a git worktree)
"""

import argparse
import os
import sys
import time

POSITIONS = [
    ("opening", "WBBBBWWBB-WBBWBWWWWW-BBWBBDWWWBB-BDWBBDWBWW-WBWBBWBWW.w"),
    ("middle", "2BBBWWBB-4BWWWWW-3BbwBDWWW1bwB-1dbwbwB2BDWBW1-2WBBWBWW.w"),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."),
                    help="the directory holding the dvonn_core to measure (default: this checkout)")
    ap.add_argument("--depths", default="4,5", help="comma-separated search depths (default 4,5)")
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.root))
    from dvonn_core.common.rng import Rng
    from dvonn_core.dvonn import bot
    from dvonn_core.dvonn.game import Game
    from dvonn_core.dvonn.moves import code_text

    total_nodes = 0
    total_cpu = 0.0
    print("position depth move      nodes  cpu s   nodes/cpu s")
    for name, text in POSITIONS:
        for depth in [int(d) for d in args.depths.split(",")]:
            search = bot.Search(Game.from_position(text), 1e9, 0)
            t0 = time.process_time()
            move = search.run(depth, Rng(0), 0)
            cpu = time.process_time() - t0
            total_nodes += search.nodes
            total_cpu += cpu
            print(
                "%-8s %5d %-6s %9d %6.2f %12d" % (name, depth, code_text(move), search.nodes, cpu, search.nodes / cpu)
            )
    print("total: %d nodes in %.2f CPU s, %d nodes per CPU second" % (total_nodes, total_cpu, total_nodes / total_cpu))


if __name__ == "__main__":
    main()
