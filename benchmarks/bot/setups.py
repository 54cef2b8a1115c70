"""How good are a bot's set-ups?  It places against a judge, then the judge plays both sides from each set-up.

A match from the empty board mixes the placement phase with the movement phase; this isolates the first.
For each set-up, the placer (a bot version, ``REV[:LEVEL[:SECONDS]]`` as in ``benchmarks/bot/match.py``)
places against the judge (any player of ``match.py``, usually an external program ``engine:CMD``) from the
empty board, White in even set-ups, Black in odd ones.  The judge then plays *both* sides of the movement
phase from the finished board, ``--games`` times with different seeds, and the placer's side's final margin
is recorded: a strong judge playing both sides makes the result depend on the set-up alone::

    python benchmarks/bot/setups.py WORKTREE:hard "engine:/path/to/player --time=2 --state={state} --seed={seed}" \\
        --setups 40 --workers 2 --out setups.jsonl
    python benchmarks/bot/setups.py --summary setups.jsonl other.jsonl

In ``{state}``/``{position}`` the judge receives the finished set-up for the movement games and the empty
board for the placement (see ``benchmarks/bot/external.py``); the judge's command serves both, so its time
setting is the same in each.  Output: one JSON line per set-up (the placements, the set-up, the placer's
colour, the judge's games and their margins, the placer's think time) and a table: set-ups, the mean
margin of the placer's side (the mean of each set-up's games) with its standard error, the same by
colour, the placer's score over all games, and its think time per set-up.  The seeds of set-up ``k``
depend only on ``--seed`` and ``k``, so two placers measured with the same seed face the same judge
settings.
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
from dvonn_core.dvonn.board import SIZE  # noqa: E402
from dvonn_core.dvonn.game import Game  # noqa: E402


def place(placer: match.Bot | match.EngineBot, judge: match.Bot | match.EngineBot, colour: int,
          seed: int) -> tuple[list[str], str, float]:
    """The 49 placements of a game from the empty board, the placer playing ``colour`` (0 White);
    (the moves, the position they lead to, the placer's thinking seconds)."""
    game = Game()
    moves: list[str] = []
    think = 0.0
    placer.new_game(None, seed)
    judge.new_game(None, seed + 1)
    try:
        while game.placed < SIZE:
            if game.turn == colour:
                text, seconds = placer.ask(None, moves, match.bot_seed(seed, 0, len(moves)))
                think += seconds
            else:
                text, _ = judge.ask(None, moves, match.bot_seed(seed, 1, len(moves)))
            moves.append(str(game.play(text)))
    finally:
        placer.end_game()
        judge.end_game()
    return moves, game.position(), think


def judge_both_sides(sides: list[match.Bot | match.EngineBot], start: str, seed: int, number: int) -> dict:
    """A game from ``start`` that the judge plays on both sides (``match.play_game``'s record, its game
    ``number``); raises ``match.BotError`` if it ended by an error."""
    task = {"run": "", "game": number, "pair": number, "start": "set-up", "position": start, "white": "a"}
    record = match.play_game(task, {"a": sides[0], "b": sides[1]}, seed, threading.Event())
    assert record is not None  # never stopped
    if record["error"]:
        raise match.BotError(record["error"])
    return record


def measure(placer_spec: str, judge_spec: str, setups: int, games: int, workers: int, seed: int,
            out: Path | None = None, first: int = 0, timeout: float = 120.0) -> list[dict]:
    """Play ``setups`` set-ups (numbered from ``first``) on ``workers`` threads; one record per set-up."""
    placer_player = match.resolve(match.parse_player(placer_spec))
    judge_player = match.resolve(match.parse_player(judge_spec))
    records: list[dict] = []
    lock = threading.Lock()
    todo = list(range(first, first + setups))
    errors: list[str] = []

    def worker() -> None:
        placer = match.make_bot(placer_player, timeout)
        judge = match.make_bot(judge_player, timeout)
        sides = [match.make_bot(judge_player, timeout), match.make_bot(judge_player, timeout)]
        try:
            while True:
                with lock:
                    if not todo or errors:
                        return
                    k = todo.pop(0)
                colour = k % 2
                base = (seed * 1000003 + k * 7919) % 2**31
                try:
                    moves, start, think = place(placer, judge, colour, base)
                    margins = []
                    played = []
                    for g in range(games):
                        game = judge_both_sides(sides, start, base, g)
                        w, b = game["score"]
                        margins.append(w - b if colour == 0 else b - w)
                        played.append({"moves": game["moves"], "score": [w, b]})
                except (match.BotError, ValueError) as e:
                    with lock:
                        errors.append("set-up %d: %s" % (k, e))
                    return
                record = {"setup": k, "placer": placer_player.describe(), "judge": judge_player.describe(),
                          "placer_white": colour == 0, "moves": moves, "position": start, "margins": margins,
                          "games": played, "think": round(think, 4)}
                with lock:
                    records.append(record)
                    if out is not None:
                        with open(out, "a") as f:
                            f.write(json.dumps(record) + "\n")
                    print("set-up %d/%d placer %s: margins %s, placer think %.2f s"
                          % (len(records), setups, "white" if colour == 0 else "black", margins, think), flush=True)
        finally:
            for b in [placer, judge] + sides:
                b.close()

    match.run_threads(worker, workers)
    if errors:
        raise match.BotError("; ".join(errors))
    records.sort(key=lambda r: r["setup"])
    return records


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def share_won(margins: list[int]) -> float:
    """The score of a side over games with these margins (a draw counts half)."""
    return (sum(1 for m in margins if m > 0) + 0.5 * sum(1 for m in margins if m == 0)) / len(margins)


def summary(records: list[dict]) -> str:
    """The table of a run (or of several runs' records of one placer)."""
    if not records:
        return "no set-ups"
    lines = ["placer %s, judge %s" % (records[0]["placer"]["spec"], records[0]["judge"]["spec"])]
    per = [sum(r["margins"]) / len(r["margins"]) for r in records]
    mean, se = _mean_se(per)
    lines.append("  set-ups %d, %d games   placer's side: mean margin %+.2f (standard error %.2f)"
                 % (len(records), sum(len(r["margins"]) for r in records), mean, se))
    for name, white in (("as White", True), ("as Black", False)):
        part = [p for p, r in zip(per, records, strict=True) if r["placer_white"] == white]
        if part:
            m, s = _mean_se(part)
            lines.append("    %s: %d set-ups, mean margin %+.2f (standard error %.2f)" % (name, len(part), m, s))
    score = share_won([m for r in records for m in r["margins"]])
    lines.append("  placer's side scores %.1f%% of the judge's games; placer think %.2f s a set-up"
                 % (100 * score, sum(r["think"] for r in records) / len(records)))
    return "\n".join(lines)


def add_run_options(ap: argparse.ArgumentParser, item: str) -> None:
    """The options of a tool that judges ``item``s (set-ups, games) on threads: --workers, --seed, --out, --summary."""
    ap.add_argument("--workers", type=int, default=1, help="%ss judged at a time (default 1)" % item)
    ap.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    ap.add_argument("--out", type=Path, help="append one JSON line per %s to this file" % item)
    ap.add_argument("--summary", nargs="+", type=Path, metavar="FILE", help="print the table of earlier runs' files")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("placer", nargs="?", help="the bot whose set-ups are measured: REV[:LEVEL[:SECONDS]]")
    ap.add_argument("judge", nargs="?", help="the player that places the other side and plays both sides after")
    ap.add_argument("--setups", type=int, default=20, help="how many set-ups (default 20, half with each colour)")
    ap.add_argument("--games", type=int, default=2, help="judge's games from each set-up (default 2)")
    ap.add_argument("--first", type=int, default=0, help="the number of the first set-up (to extend a run)")
    add_run_options(ap, "set-up")
    args = ap.parse_args(argv)
    if args.summary:
        return match.print_summaries(args.summary, summary)
    if not args.placer or not args.judge:
        ap.error("name a placer and a judge, or give --summary FILE")
    try:
        records = measure(args.placer, args.judge, args.setups, args.games, args.workers, args.seed, args.out,
                          args.first)
    except (match.BotError, ValueError) as e:
        print("setups.py: %s" % e, file=sys.stderr)
        return 2
    print(summary(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
