"""Master's think time over a whole game, on CPython and in Pyodide (the browser's runtime).

Master's moves depend on node budgets only, so a move costs the same nodes on every runtime and machine;
its time is those nodes at the runtime's speed.  This replays the positions where master was to move in one
game of a match file (``benchmarks/bot/match.py --out``), asks master for its move in each (checking that it is
the move it played), and prints per move the nodes, the depth and the seconds, on the wall clock and in CPU
time (the process's CPU time: on a machine loaded by other work, the wall clock overstates what an idle
machine or a browser tab with a core of its own would take; master's safety cap reads it too), then the
median, 90th percentile and slowest::

    python benchmarks/bot/master_think.py --game benchmarks/results/FILE.jsonl:0 --print-positions > P.txt
    python benchmarks/bot/master_think.py --positions $(cat P.txt)
    node benchmarks/pyodide_run.mjs bot/master_think.py --positions $(cat P.txt)

In Pyodide under Node the CPU time is Node's (``process.cpuUsage``); Chromium runs the same WebAssembly
CPython on the same engine (V8).
"""

import argparse
import json
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


def cpu_seconds() -> float:
    """The process's CPU time (Node's in Pyodide; in a browser's worker, which has none, the wall clock)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        if hasattr(js, "process"):
            usage = js.process.cpuUsage()
            return (usage.user + usage.system) / 1e6
        return time.perf_counter()  # a browser's worker has no CPU clock: its wall clock
    return time.process_time()


def master_positions(path: str, index: int) -> "list[tuple[str, int, str]]":
    """(position, seed, move played) where master moved in game ``index`` of a match file, with master's seed
    (as benchmarks/bot/match.py derives it: the match's seed is the first field of the record's run id)."""
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    r = records[index]
    side = "a" if r["a"]["level"] == "master" else "b"
    seed = int(r["run"].split("-")[0])
    game = Game() if r["position"] is None else Game.from_position(r["position"])
    out = []
    for ply, move in enumerate(r["moves"]):
        mover = "a" if (game.turn == 0) == (r["white"] == "a") else "b"
        if mover == side:
            out.append((game.position(), (seed * 1000003 + r["game"] * 1009 + ply) % 2**31, move))
        game.play(move)
    return out


def quantile(xs: "list[float]", q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(description="master's think time over a game's positions")
    ap.add_argument("--game", help="FILE:N, game N (from 0) of a match file")
    ap.add_argument("--positions", nargs="*", default=[], help="SEED@POSITION@MOVE items (see --print-positions)")
    ap.add_argument("--print-positions", action="store_true", help="only print the game's items for --positions")
    args = ap.parse_args(argv)
    items = []  # type: list[tuple[str, int, str]]
    if args.game:
        path, _, n = args.game.rpartition(":")
        items = master_positions(path, int(n))
    for text in args.positions:
        seed, position, move = text.split("@")
        items.append((position, int(seed), move))
    if args.print_positions:
        print(" ".join("%d@%s@%s" % (seed, p, m) for p, seed, m in items))
        return 0
    # Master's safety cap (bot.LEVELS["master"].time) reads the CPU clock here, so that a loaded machine never
    # reaches it: the moves are those of the node budgets alone.
    from dvonn_core.dvonn import endgame, placement

    for module in (bot, endgame, placement):
        module._now = cpu_seconds  # type: ignore[attr-defined]
    print("%4s %-7s %7s %5s %8s %8s %6s" % ("ply", "move", "nodes", "depth", "wall s", "cpu s", "same"))
    walls = []
    cpus = []
    for k, (position, seed, played) in enumerate(items):
        game = Game.from_position(position)
        info = {}  # type: dict
        w0, c0 = time.perf_counter(), cpu_seconds()
        code = bot.choose_code(game, "master", seed, info=info)
        wall, cpu = time.perf_counter() - w0, cpu_seconds() - c0
        walls.append(wall)
        cpus.append(cpu)
        print("%4d %-7s %7d %5d %8.2f %8.2f %6s" % (k, code_text(code), info.get("nodes", 0), info.get("depth", 0),
                                                   wall, cpu, "yes" if code_text(code) == played else "NO"))
        sys.stdout.flush()
    if items:
        for name, xs in (("wall", walls), ("cpu", cpus)):
            print("%s: %d moves, median %.2f s, 90th percentile %.2f s, slowest %.2f s, total %.1f s" % (
                name, len(xs), quantile(xs, 0.5), quantile(xs, 0.9), max(xs), sum(xs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
