"""The make-up of the committed puzzle sets (issue 53): puzzles by stacks on the board (DVONN), by theme, by the
length of the solution and by rating, and the share whose solution decides the result as the generator proved it.

    python3 benchmarks/core/puzzle_set.py
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from dvonn_core.diamonds import DiamondsGame  # noqa: E402
from dvonn_core.dvonn.game import Game  # noqa: E402


def rows(name: str) -> list[list[str]]:
    return [line.split("\t") for line in (ROOT / "puzzles" / name).read_text().splitlines()
            if line and not line.startswith("#")]


def table(title: str, counts: Counter, total: int, order: list | None = None) -> None:
    print(f"  {title}:")
    for key in order if order is not None else sorted(counts):
        n = counts.get(key, 0)
        print(f"    {key!s:>16} {n:6d}  {100.0 * n / total:5.1f}%")


def solver_moves(solution: str, diamonds: bool) -> int:
    words = solution.split()
    if diamonds:
        return sum(1 for w in words if ">" not in w)  # turns, not pivots
    return (len(words) + 1) // 2


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    for name, diamonds in (("dvonn.tsv", False), ("diamonds.tsv", True)):
        rs = rows(name)
        total = len(rs)
        print(f"{name}: {total} puzzles")
        if not diamonds:
            stacks = Counter(bin(Game.from_position(r[1]).occupied).count("1") for r in rs)
            table("stacks on the board", stacks, total)
            bands = Counter("more than 20" if n > 20 else ("15-20" if n >= 15 else "at most 14")
                            for n in (bin(Game.from_position(r[1]).occupied).count("1") for r in rs))
            table("bands (issue 53: at least 40% above 20, 15% at 15-20)", bands, total,
                  ["more than 20", "15-20", "at most 14"])
            results = Counter("win" if int(r[3]) > 0 else "draw saved" for r in rs)
            table("what the solution achieves (exact)", results, total)
            missed = Counter("missed in the game" if " played " in r[6] else "found in the game" for r in rs)
            table("the player of the source game", missed, total)
        else:
            empty = Counter(sum(1 for c in DiamondsGame.from_position(r[1]).position().split(".")[0] if c in "bw")
                            // 10 * 10 for r in rs)
            table("stones on the board (tens)", empty, total)
        themes = Counter(t for r in rs for t in r[4].split(",") if t)
        table("themes", themes, total, sorted(themes, key=lambda t: -themes[t]))
        table("moves of the solver's side", Counter(solver_moves(r[2], diamonds) for r in rs), total)
        table("rating (hundreds)", Counter(int(r[5]) // 100 * 100 for r in rs), total)
        print()


if __name__ == "__main__":
    main()
