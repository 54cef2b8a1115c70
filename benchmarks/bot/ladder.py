"""The bot's strength ladder: random -> greedy -> easy -> medium -> hard -> master.

Each pairing plays ``--games`` games (default 100) from ``games / 2`` starts,
each start twice with the colours swapped.  Half the starts are random setups
(``dvonn_core.dvonn.setup.random_setup``: the movement phase only), half are full
games from the empty board (placement by the players themselves).  The
players use their levels' default time budgets unless ``--time`` is given (for master, a safety cap:
its node budgets still apply, so its moves do not depend on the machine's speed or load; hard's, which are
timed, do: on a loaded machine hard is weaker than on an idle one).

Usage::

    python benchmarks/bot/ladder.py                       # all five pairings, 100 games each (master's: hours)
    python benchmarks/bot/ladder.py --pairs random-greedy,greedy-easy --games 100 --workers 2
    python benchmarks/bot/ladder.py --pairs medium-hard --out hard.jsonl   # one result per line as games end
    python benchmarks/bot/ladder.py --summary hard.jsonl                   # the table from a results file

The table gives, per pairing, the games played, the stronger (second) player's
wins, draws and losses, its score rate (a draw counts half) and its average
piece margin (its pieces minus the other side's at the end).
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from dvonn_core.dvonn import bot
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.moves import code_text
from dvonn_core.dvonn.setup import random_setup

PLAYERS = ("random", "greedy", "easy", "medium", "hard", "master")
DEFAULT_PAIRS = "random-greedy,greedy-easy,easy-medium,medium-hard,hard-master"


def pick(player: str, game: Game, seed: int, time_limit: "float | None") -> int:
    """The move code that ``player`` chooses."""
    if player == "random":
        return bot.random_move(game, seed).code
    if player == "greedy":
        return bot.greedy_move(game, seed).code
    return bot.choose_code(game, player, seed, time_limit)


def start_game(k: int) -> Game:
    """Start number k: even numbers are random setups, odd numbers the empty board."""
    if k % 2 == 0:
        return random_setup(7919 * k + 11)
    return Game()


def play(task: "tuple") -> dict:
    """Play one game; ``task`` = (weaker, stronger, start, stronger_is_white, time_limit)."""
    weak, strong, k, strong_white, time_limit = task
    game = start_game(k)
    white, black = (strong, weak) if strong_white else (weak, strong)
    ply = 0
    think = {weak: 0.0, strong: 0.0}
    longest = {weak: 0.0, strong: 0.0}
    moves = {weak: 0, strong: 0}
    while game.legal_codes():
        player = white if game.turn == 0 else black
        t0 = time.perf_counter()
        code = pick(player, game, 1000 * k + ply + (500 if strong_white else 0), time_limit)
        dt = time.perf_counter() - t0
        if code not in game.legal_codes():
            raise AssertionError("%s chose an illegal move %s in %s" % (player, code_text(code), game.position()))
        think[player] += dt
        moves[player] += 1
        longest[player] = max(longest[player], dt)
        game.push(code)
        ply += 1
    w, b = game.score()
    margin = (w - b) if strong_white else (b - w)
    return {
        "weak": weak,
        "strong": strong,
        "start": k,
        "strong_white": strong_white,
        "margin": margin,
        "result": 1.0 if margin > 0 else (0.5 if margin == 0 else 0.0),
        "plies": ply,
        "strong_time": round(think[strong], 3),
        "strong_moves": moves[strong],
        "strong_longest": round(longest[strong], 3),
        "weak_time": round(think[weak], 3),
    }


def tasks(weak: str, strong: str, games: int, time_limit: "float | None") -> "list":
    out = []
    for k in range(games // 2):
        out.append((weak, strong, k, True, time_limit))
        out.append((weak, strong, k, False, time_limit))
    return out


def table(results: "list") -> str:
    pairs = []  # type: list
    for r in results:
        key = (r["weak"], r["strong"])
        if key not in pairs:
            pairs.append(key)
    lines = [
        "%-16s %6s %5s %5s %5s %8s %8s %12s"
        % ("pairing", "games", "wins", "draws", "losses", "score", "margin", "s/move")
    ]
    for weak, strong in pairs:
        rs = [r for r in results if r["weak"] == weak and r["strong"] == strong]
        n = len(rs)
        wins = sum(1 for r in rs if r["result"] == 1.0)
        draws = sum(1 for r in rs if r["result"] == 0.5)
        losses = n - wins - draws
        rate = (wins + 0.5 * draws) / n
        margin = sum(r["margin"] for r in rs) / n
        mv = sum(r["strong_moves"] for r in rs)
        spm = sum(r["strong_time"] for r in rs) / mv if mv else 0.0
        lines.append(
            "%-16s %6d %5d %5d %5d %7.1f%% %+8.2f %12.3f"
            % ("%s-%s" % (strong, weak), n, wins, draws, losses, 100 * rate, margin, spm)
        )
    return "\n".join(lines)


def main(argv: "list | None" = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--pairs", default=DEFAULT_PAIRS, help="comma-separated weaker-stronger pairs (default %(default)s)"
    )
    ap.add_argument("--games", type=int, default=100, help="games per pairing, half with each colour (default 100)")
    ap.add_argument("--workers", type=int, default=2, help="parallel worker processes (default 2)")
    ap.add_argument(
        "--time", type=float, default=None, help="seconds per move for the bot levels (default: each level's budget)"
    )
    ap.add_argument("--out", default=None, help="append one JSON line per finished game to this file")
    ap.add_argument("--summary", default=None, help="only print the table of a results file written with --out")
    args = ap.parse_args(argv)
    if args.summary:
        with open(args.summary) as f:
            print(table([json.loads(line) for line in f if line.strip()]))
        return 0
    all_results = []
    for pair in args.pairs.split(","):
        weak, _, strong = pair.strip().partition("-")
        if weak not in PLAYERS or strong not in PLAYERS:
            ap.error("unknown pairing %r (players: %s)" % (pair, ", ".join(PLAYERS)))
        todo = tasks(weak, strong, args.games, args.time)
        t0 = time.time()
        if args.workers > 1:
            import multiprocessing

            with multiprocessing.Pool(args.workers) as pool:
                results = []
                for r in pool.imap_unordered(play, todo):
                    results.append(r)
                    _record(args.out, r)
        else:
            results = []
            for t in todo:
                r = play(t)
                results.append(r)
                _record(args.out, r)
        results.sort(key=lambda r: (r["start"], not r["strong_white"]))
        all_results.extend(results)
        sys.stderr.write("%s-%s: %d games in %.0f s\n" % (weak, strong, len(results), time.time() - t0))
        print(table(results))
        sys.stdout.flush()
    if len(all_results) > len(results):
        print()
        print(table(all_results))
    return 0


def _record(path: "str | None", r: dict) -> None:
    if path:
        with open(path, "a") as f:
            f.write(json.dumps(r, sort_keys=True) + "\n")


if __name__ == "__main__":
    sys.exit(main())
