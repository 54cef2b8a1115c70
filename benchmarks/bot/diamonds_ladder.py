"""The Diamonds & Pivots bots' strength ladder: random -> greedy -> easy -> medium -> hard.

Each pairing plays ``--games`` games (default 100) from ``games / 2`` starts,
each start twice with the players' colours exchanged.  Even starts are the
empty board (so the pie rule is in play: the player with Black opens and the
other may swap); odd starts are four random drops (two each, from the start's
seed) with Black to move.  A game that reaches ``--max-turns`` turns is
scored as it stands (equal counts: White wins, as at the end of a game).

Usage::

    python benchmarks/bot/diamonds_ladder.py --games 100 --workers 1
    python benchmarks/bot/diamonds_ladder.py --pairs medium-hard --games 100 --time 0.5 --out hard.jsonl
    python benchmarks/bot/diamonds_ladder.py --summary hard.jsonl

The table gives, per pairing, the games, the stronger (second-named) player's
wins, draws and losses, its score rate (a draw counts half; there are no draws
in this game) and its average stone margin at the end.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from dvonn_core.common.rng import Rng
from dvonn_core.diamonds import DiamondsGame, bot

PLAYERS = ("random", "greedy", "easy", "medium", "hard")
DEFAULT_PAIRS = "random-greedy,greedy-easy,easy-medium,medium-hard"


def pick(player: str, game: DiamondsGame, seed: int, time_limit: "float | None"):
    if player == "random":
        return bot.random_move(game, seed)
    if player == "greedy":
        return bot.greedy_move(game, seed)
    return bot.choose_move(game, player, seed=seed, time_limit=time_limit)


def start_position(start: int) -> DiamondsGame:
    game = DiamondsGame()
    if start % 2 == 1:
        rng = Rng(start * 7919 + 1)
        for _ in range(4):
            drops = game.drops()
            game.play(drops[rng.below(len(drops))])
        game = DiamondsGame.from_position(game.position())
    return game


def play_game(
    weak: str,
    strong: str,
    start: int,
    strong_black: bool,
    time_limit: "float | None",
    max_turns: int,
    decided: int = 25,
) -> dict:
    game = start_position(start)
    holder = {"black": strong if strong_black else weak, "white": weak if strong_black else strong}
    strong_colour = "black" if strong_black else "white"
    ply = 0
    seconds = {weak: 0.0, strong: 0.0}
    while game.phase != "over" and ply < max_turns:
        player = holder[game.to_move]
        t = time.perf_counter()
        move = pick(player, game, start * 1000 + ply + (500 if player == strong else 0), time_limit)
        seconds[player] += time.perf_counter() - t
        game.play(move)
        if move.is_swap:
            holder = {"black": holder["white"], "white": holder["black"]}
            strong_colour = "white" if strong_colour == "black" else "black"
        ply += 1
        b, w = game.score()
        if decided and abs(b - w) >= decided:
            break
    b, w = game.score()
    winner = "black" if b > w else "white"
    margin = (b - w) if strong_colour == "black" else (w - b)
    return {
        "pair": "%s-%s" % (weak, strong),
        "start": start,
        "strong_black": strong_black,
        "strong_result": 1.0 if winner == strong_colour else 0.0,
        "margin": margin,
        "turns": ply,
        "capped": game.phase != "over",  # stopped early (turn cap or decided)
        "swapped": game.swapped,
        "seconds": seconds,
    }


def summary(rows: "list[dict]") -> str:
    pairs: dict[str, list[dict]] = {}
    for r in rows:
        pairs.setdefault(r["pair"], []).append(r)
    lines = ["| pairing (weaker-stronger) | games | W-D-L (stronger) | score | avg margin | avg turns | stopped early"
             " | s/move (stronger) |", "|---|---|---|---|---|---|---|---|"]
    for pair, rs in pairs.items():
        w = sum(1 for r in rs if r["strong_result"] == 1.0)
        d = sum(1 for r in rs if r["strong_result"] == 0.5)
        lo = len(rs) - w - d
        strong = pair.split("-")[1]
        moves = sum((r["turns"] + 1) // 2 for r in rs)
        secs = sum(r["seconds"][strong] for r in rs)
        lines.append(
            "| %s | %d | %d-%d-%d | %.0f%% | %+.1f | %.0f | %d | %.3f |"
            % (pair, len(rs), w, d, lo, 100.0 * (w + 0.5 * d) / len(rs), sum(r["margin"] for r in rs) / len(rs),
               sum(r["turns"] for r in rs) / len(rs), sum(1 for r in rs if r["capped"]), secs / max(1, moves))
        )
    return "\n".join(lines)


def _play(job: tuple) -> dict:
    return play_game(*job)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", default=DEFAULT_PAIRS)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-start", type=int, default=0)
    ap.add_argument(
        "--time", type=float, default=None, help="time budget per move for the search levels (default: the level's)"
    )
    ap.add_argument("--max-turns", type=int, default=200)
    ap.add_argument(
        "--decided", type=int, default=25, help="stop a game once a side leads by this many stones (0: never)"
    )
    ap.add_argument("--workers", type=int, default=1, help="processes (the default, 1, is kind to a shared machine)")
    ap.add_argument("--out", default=None, help="append one JSON line per game to this file")
    ap.add_argument("--summary", default=None, help="print the table from a results file and exit")
    args = ap.parse_args()
    if args.summary:
        with open(args.summary) as f:
            print(summary([json.loads(line) for line in f if line.strip()]))
        return
    jobs = []
    for pair in args.pairs.split(","):
        weak, strong = pair.split("-")
        assert weak in PLAYERS and strong in PLAYERS, pair
        for g in range(args.games):
            start = args.first_start + g // 2
            jobs.append((weak, strong, start, g % 2 == 0, args.time, args.max_turns, args.decided))
    rows = []
    t0 = time.time()

    def done(row: dict) -> None:
        rows.append(row)
        if args.out:
            with open(args.out, "a") as out:
                out.write(json.dumps(row) + "\n")
        print("%s start %d strong %s: %s (%+d, %d turns)"
              % (row["pair"], row["start"], "black" if row["strong_black"] else "white",
                 "win" if row["strong_result"] == 1.0 else "loss", row["margin"], row["turns"]),
              file=sys.stderr, flush=True)

    if args.workers <= 1:
        for job in jobs:
            done(play_game(*job))
    else:
        from multiprocessing import Pool

        with Pool(args.workers) as pool:
            # Each game is written as soon as it ends, so a long run can be followed (and cut short).
            for row in pool.imap_unordered(_play, jobs):
                done(row)
    print(summary(rows))
    print("(%d games in %.0f s)" % (len(rows), time.time() - t0))


if __name__ == "__main__":
    main()
