"""Search speed of the hard bot: nodes per second and depth reached within a time budget.

Runs on CPython and in Pyodide (the web worker can import this module and
call :func:`measure`)::

    python benchmarks/bot/bot_speed.py                 # 1 s per position, the three fixed positions
    python benchmarks/bot/bot_speed.py --time 1 --repeat 5 --overshoot 30

In Pyodide under Node (the browser's WebAssembly CPython), with the same arguments::

    node benchmarks/pyodide_run.mjs bot/bot_speed.py --time 1

``--overshoot N`` also times N further hard moves on positions of varied
games and reports how far the bot went past its budget.
"""

import os
import sys
import time

try:
    from dvonn_core.dvonn import bot
    from dvonn_core.dvonn.game import Game
    from dvonn_core.dvonn.moves import code_text
except ImportError:  # run as a script from a checkout
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    from dvonn_core.dvonn import bot
    from dvonn_core.dvonn.game import Game
    from dvonn_core.dvonn.moves import code_text

#: Fixed positions: ten placements before the end of the placement phase (where hard starts
#: searching placements), then White or Black to move in the movement phase: the first move
#: after a placement (random_setup(5)), 14 plies later, a late position of 22 stacks (from a game against
#: PrimaDvonna, won for Black: the exact solver's) and an endgame of 14 stacks (lost for Black: the search's).
POSITIONS = [
    ("placing", "B1W1BBWWB-1WBB1WW1BW-WBDW1BDBWDB-BWB1WWW1BW-BWB1BBWW1.bp"),
    ("opening", "WBBBBWWBB-WBBWBWWWWW-BBWBBDWWWBB-BDWBBDWBWW-WBWBBWBWW.w"),
    ("middle", "2BBBWWBB-4BWWWWW-3BbwBDWWW1bwB-1dbwbwB2BDWBW1-2WBBWBWW.w"),
    ("late", "5bW2B-3wwbwB1WwbWdbwBBB-1bWDwwwwB1dW5-bbWB2WwwBbbbWB2-B2W1bWwB2.b"),
    ("end", "6W2-6WWW1-3BbwBdwwBW4-4BD1bwbwbwbwdbwbwbWW1-3bW4W.b"),
]


def measure(positions: "list | None" = None, time_limit: float = 1.0, level: str = "hard") -> "list":
    """Search each (name, position string) for ``time_limit`` seconds; one dict of figures per position.

    Keys: name, move, depth (deepest finished iteration), nodes, seconds,
    nodes_per_second, overshoot (seconds past the budget, negative if early),
    solved (the endgame was solved exactly), score (centi-pieces for the mover).
    """
    if positions is None:
        positions = POSITIONS
    rows = []
    for name, text in positions:
        game = Game.from_position(text)
        info = {}  # type: dict
        t0 = time.perf_counter()
        code = bot.choose_code(game, level, 0, time_limit, info)
        dt = time.perf_counter() - t0
        nodes = info.get("nodes", 0)
        rows.append(
            {
                "name": name,
                "move": code_text(code),
                "depth": info.get("depth", 0),
                "nodes": nodes,
                "seconds": round(dt, 4),
                "nodes_per_second": int(nodes / dt) if dt > 0 else 0,
                "overshoot": round(dt - time_limit, 4),
                "solved": bool(info.get("solved")),
                "score": info.get("score"),
            }
        )
    return rows


def overshoot(count: int = 30, time_limit: float = 1.0, level: str = "hard") -> "dict":
    """Time ``count`` moves of ``level`` on varied positions (every third one in the last ten
    placements, the others random setups played on a little): the largest and mean time used,
    as a fraction of the budget."""
    from dvonn_core.dvonn.setup import random_setup

    worst = 0.0
    total = 0.0
    n = 0
    k = 0
    while n < count:
        if k % 3 == 2:
            game = Game()
            while game.placed < 39 + k % 9:
                game.push(bot.choose_code(game, "easy", k + game.placed))
        else:
            game = random_setup(1000 + k)
            for ply in range(k % 12):
                if not game.legal_codes():
                    break
                game.push(bot.greedy_move(game, ply).code)
        k += 1
        if len(game.legal_codes()) < 2:
            continue
        t0 = time.perf_counter()
        bot.choose_code(game, level, k, time_limit)
        dt = time.perf_counter() - t0
        worst = max(worst, dt)
        total += dt
        n += 1
    return {"moves": n, "budget": time_limit, "max_seconds": round(worst, 4), "mean_seconds": round(total / n, 4),
            "max_over_budget_percent": round(100 * (worst - time_limit) / time_limit, 2)}


def main(argv: "list | None" = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description="nodes per second and depth of the hard bot")
    ap.add_argument("--time", type=float, default=1.0, help="seconds per position (default 1)")
    ap.add_argument("--repeat", type=int, default=1, help="measure each position this many times")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--overshoot", type=int, default=0, help="also time this many moves on varied positions")
    args = ap.parse_args(argv)
    print(
        "%-8s %-6s %5s %8s %8s %9s %9s %6s"
        % ("position", "move", "depth", "nodes", "seconds", "nodes/s", "overshoot", "solved")
    )
    for _ in range(args.repeat):
        for r in measure(POSITIONS, args.time, args.level):
            print("%-8s %-6s %5d %8d %8.3f %9d %+9.3f %6s"
                  % (r["name"], r["move"], r["depth"], r["nodes"], r["seconds"], r["nodes_per_second"], r["overshoot"],
                     r["solved"]))
    if args.overshoot:
        print(overshoot(args.overshoot, args.time, args.level))
    return 0


if __name__ == "__main__":
    sys.exit(main())
