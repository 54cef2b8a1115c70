"""A longer fuzz run of the three parsers than the test suite makes (tests/test_fuzz_parsers.py,
tests/test_record.py): random and mutated inputs; every input must parse or raise the library's
own error (InvalidMoveError, PositionError, RecordError).  Prints the counts and the slowest case.

    python benchmarks/fuzz.py [--cases 20000] [--seed 1]
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout
from dvonn_core import Game, InvalidMoveError, Move, PositionError, RecordError, record
from dvonn_core.dvonn.setup import random_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DATA = os.path.join(ROOT, "tests", "data")
NOISE = "wbdWBD0123456789-.p []()\";\\\n\tPASSpassresign1.AaKk5 \u00e9\x00\ufffd"


def samples():
    positions, records = [], []
    for seed in range(20):
        g = random_game(seed)
        records.append(g.record())
        records.append(" ".join(str(m) for m in g.moves))
        while g.moves:
            if len(g.moves) % 7 == 0:
                positions.append(g.position())
            g.undo()
    with open(os.path.join(DATA, "littlegolem-demo.txt")) as f:
        records.append(f.read())
    for name in sorted(os.listdir(os.path.join(DATA, "sgf"))):
        with open(os.path.join(DATA, "sgf", name), "rb") as f:
            records.append(f.read().decode("latin-1"))
    return positions, records


def mutate(rng, text):
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(NOISE)
        elif op == 1 and chars:
            del chars[min(i, len(chars) - 1) : min(i, len(chars) - 1) + rng.randint(1, 20)]
        elif op == 2:
            chars[i:i] = [rng.choice(NOISE) for _ in range(rng.randint(1, 5))]
        else:
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[j : j + rng.randint(1, 30)]
    return "".join(chars)


def random_text(rng, n):
    if rng.random() < 0.5:
        return "".join(rng.choice(NOISE) for _ in range(rng.randrange(n)))
    return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(n)))


def run(name, parse, expected, inputs):
    ok = rejected = 0
    slowest = (0.0, "")
    for text in inputs:
        start = time.perf_counter()
        try:
            parse(text)
            ok += 1
        except expected:
            rejected += 1
        except Exception as err:  # noqa: BLE001 - that is what the fuzz run looks for
            print("%s: %r raised %s: %s" % (name, text[:80], type(err).__name__, err))
            sys.exit(1)
        took = time.perf_counter() - start
        if took > slowest[0]:
            slowest = (took, text[:40])
    print(
        "%-9s %6d cases: %6d parsed, %6d rejected with the library's error; slowest %.2f ms"
        % (name, ok + rejected, ok, rejected, slowest[0] * 1000)
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    positions, records = samples()
    half = args.cases // 2
    moves = [random_text(rng, 12) for _ in range(half)] + [
        mutate(rng, rng.choice(["E3", "E3G3", "PASS", "k5-j4"])) for _ in range(half)
    ]
    run("moves", Move.parse, InvalidMoveError, moves)
    pos = [random_text(rng, 120) for _ in range(half)] + [mutate(rng, rng.choice(positions)) for _ in range(half)]
    run("positions", Game.from_position, PositionError, pos)
    recs = [random_text(rng, 400) for _ in range(half)] + [mutate(rng, rng.choice(records)) for _ in range(half)]
    run("records", record.read, RecordError, recs)


if __name__ == "__main__":
    main()
