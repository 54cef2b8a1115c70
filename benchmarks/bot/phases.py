"""Where are a player's games lost?  A judge plays the rest of each game from points along it.

A match's score says how often a player loses, not when.  For each game of a match file
(``benchmarks/bot/match.py --out``), at each checkpoint N (``--stacks``, default 42, 36, 30, 24, 18): the first
position of the movement phase with at most N stacks on the board where the measured side (``--side``, A by
default) is to move.  From there the judge (any player of ``match.py``, usually an external program at a
fixed depth) plays *both* sides to the end, ``--games`` times with different seeds, and the measured side's
final margin is recorded.  The same judge on both sides makes the result depend on the position alone::

    python benchmarks/bot/match.py main:hard "engine:/path/to/player --time=5 --state={state} --seed={seed}" \\
        --starts human=25,empty=25 --out games.jsonl
    python benchmarks/bot/phases.py games.jsonl "engine:/path/to/player --depth=6 --state={state} --seed={seed}" \\
        --number 40 --workers 2 --out phases.jsonl
    python benchmarks/bot/phases.py --summary phases.jsonl

The table gives, for each checkpoint, the judge's mean margin for the measured side (with its standard
error) and the share of the judge's games that side won, then the real games' final margin: where the
margin falls from one checkpoint to the next is where the measured side lost ground (to the opponent's
play in the real game, judged by the judge's play from both sides).  Output: one JSON line per game (its
number in the match file, its start, the measured side's final margin, and for each checkpoint reached,
the position and the judge's margins).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the checkout

from benchmarks.bot import match  # noqa: E402
from benchmarks.bot.setups import _mean_se, add_run_options, judge_both_sides, share_won  # noqa: E402
from dvonn_core.common.portable import popcount  # noqa: E402
from dvonn_core.dvonn.board import SIZE  # noqa: E402
from dvonn_core.dvonn.game import Game  # noqa: E402

CHECKPOINTS = (42, 36, 30, 24, 18)


def checkpoints(record: dict, side: str, bounds: tuple[int, ...] = CHECKPOINTS) -> dict[int, str]:
    """{N: the first movement position of the game ``record`` with at most N stacks where ``side`` ("a" or
    "b") is to move}, for each N of ``bounds`` that the game reaches."""
    game = Game() if record["position"] is None else Game.from_position(record["position"])
    white = 0 if record["white"] == side else 1
    found: dict[int, str] = {}
    for move in record["moves"] + [None]:
        if game.placed == SIZE and game.turn == white and game.legal_codes():
            stacks = popcount(game.occupied)
            for n in bounds:
                if stacks <= n and n not in found:
                    found[n] = game.position()
        if move is not None:
            game.play(move)
    return found


def final_margin(record: dict, side: str) -> int:
    """The measured side's margin at the end of the real game."""
    w, b = record["score"]
    return w - b if record["white"] == side else b - w


def measure(records: list[dict], judge_spec: str, side: str = "a", games: int = 1, workers: int = 1,
            seed: int = 0, bounds: tuple[int, ...] = CHECKPOINTS, out: Path | None = None,
            timeout: float = 120.0) -> list[dict]:
    """Judge the checkpoints of ``records`` (a match file's games) on ``workers`` threads; one record per game."""
    judge = match.resolve(match.parse_player(judge_spec))
    results: list[dict] = []
    lock = threading.Lock()
    todo = [k for k, r in enumerate(records) if not r.get("error")]
    errors: list[str] = []

    def worker() -> None:
        sides = [match.make_bot(judge, timeout), match.make_bot(judge, timeout)]
        try:
            while True:
                with lock:
                    if not todo or errors:
                        return
                    k = todo.pop(0)
                record = records[k]
                base = (seed * 1000003 + k * 7919) % 2**31
                white = record["white"] == side  # the measured side plays White
                judged = {}
                try:
                    for n, position in sorted(checkpoints(record, side, bounds).items(), reverse=True):
                        margins = []
                        for g in range(games):
                            w, b = judge_both_sides(sides, position, base + n, g)["score"]
                            margins.append(w - b if white else b - w)
                        judged[str(n)] = {"position": position, "margins": margins}
                except (match.BotError, ValueError) as e:
                    with lock:
                        errors.append("game %d: %s" % (k, e))
                    return
                result = {"game": k, "start": record["start"], "side": side, "judge": judge.describe(),
                          "final": final_margin(record, side), "checkpoints": judged}
                with lock:
                    results.append(result)
                    if out is not None:
                        with open(out, "a") as f:
                            f.write(json.dumps(result) + "\n")
                    print("game %d (%d/%d): final %+d, judged %s" % (
                        k, len(results), len(records), result["final"],
                        ", ".join("%s: %s" % (n, c["margins"]) for n, c in judged.items())), flush=True)
        finally:
            for b in sides:
                b.close()

    match.run_threads(worker, workers)
    if errors:
        raise match.BotError("; ".join(errors))
    results.sort(key=lambda r: r["game"])
    return results


def summary(results: list[dict]) -> str:
    """The table of a run: the judge's margin for the measured side at each checkpoint, and the real one."""
    if not results:
        return "no games"
    lines = ["judge %s, side %s, %d games" % (results[0]["judge"]["spec"], results[0]["side"].upper(), len(results))]
    kinds = sorted({r["start"].split(":")[0] for r in results})
    for kind in ([None] + kinds) if len(kinds) > 1 else [None]:
        part = [r for r in results if kind is None or r["start"].startswith(kind + ":")]
        lines.append("  %s (%d games)" % ("all starts" if kind is None else "from %s starts" % kind, len(part)))
        bounds = sorted({int(n) for r in part for n in r["checkpoints"]}, reverse=True)
        for n in bounds:
            judged = [r["checkpoints"][str(n)]["margins"] for r in part if str(n) in r["checkpoints"]]
            mean, se = _mean_se([sum(ms) / len(ms) for ms in judged])
            lines.append("    at %2d stacks or fewer: judge's margin %+6.2f (standard error %s), won %3.0f%% (%d games)"
                         % (n, mean, _se_text(se), 100 * share_won([m for ms in judged for m in ms]), len(judged)))
        finals = [r["final"] for r in part]
        mean, se = _mean_se(finals)
        lines.append("    at the end of the real games:  margin %+6.2f (standard error %s), won %3.0f%%"
                     % (mean, _se_text(se), 100 * share_won(finals)))
    return "\n".join(lines)


def _se_text(se: float) -> str:
    return "-" if math.isnan(se) else "%.2f" % se


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=Path, help="a match file (benchmarks/bot/match.py --out)")
    ap.add_argument("judge", nargs="?", help="the player that plays both sides from each checkpoint")
    ap.add_argument("--side", choices=("a", "b"), default="a", help="the side measured (default a)")
    ap.add_argument("--number", type=int, default=0, help="judge only the first games of the file (default all)")
    ap.add_argument("--stacks", default=",".join(map(str, CHECKPOINTS)),
                    help="the checkpoints, in stacks on the board (default %(default)s)")
    ap.add_argument("--games-each", dest="each", type=int, default=1,
                    help="judge's games from each checkpoint (default 1)")
    add_run_options(ap, "game")
    args = ap.parse_args(argv)
    if args.summary:
        return match.print_summaries(args.summary, summary)
    if not args.games or not args.judge:
        ap.error("name a match file and a judge, or give --summary FILE")
    try:
        bounds = tuple(int(x) for x in args.stacks.split(","))
    except ValueError:
        ap.error("--stacks takes numbers of stacks separated by commas, not %r" % args.stacks)
    records = match.read_records(args.games)
    if args.number:
        records = records[:args.number]
    try:
        results = measure(records, args.judge, args.side, args.each, args.workers, args.seed, bounds, args.out)
    except (match.BotError, ValueError) as e:
        print("phases.py: %s" % e, file=sys.stderr)
        return 2
    print(summary(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
