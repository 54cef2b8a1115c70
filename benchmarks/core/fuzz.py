"""A longer fuzz run of both games' parsers than the test suite makes (tests/test_fuzz_parsers.py,
tests/test_record.py, tests/test_input_errors.py): random and mutated inputs; every input must parse
or raise the library's own error (InvalidMoveError, IllegalMoveError, PositionError, RecordError)
with a message of at most 400 characters, and a refused move must leave the game unchanged.  Prints,
per entry point, the cases, the exception types seen and the slowest case; exits 1 on any other
exception or a long message.

    python benchmarks/core/fuzz.py [--cases 20000] [--seed 1]

The pages' parsers (game links, embeds, saves, imports; issue 44) have their own: benchmarks/pages/fuzz_pages.py.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))  # the checkout
from dvonn_core import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    PositionError,
    RecordError,
)
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds import Move as DMove
from dvonn_core.diamonds import PositionError as DPositionError
from dvonn_core.diamonds.bot import random_move as diamonds_random_move
from dvonn_core.dvonn import record
from dvonn_core.dvonn.setup import random_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")
NOISE = "wbdWBD0123456789-.p []()\";\\\n\tPASSpassresign1.AaKk5 \u00e9\x00\ufffd\ufeff\u0131\u212a\u017f"
D_NOISE = "abcdefghiABCI0123456789>/ .-wbsp\n\t[]\"()\ufeff\u0131\u0130\u212a\u00e9"
MAX_MESSAGE = 400


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


def mutate(rng, text, noise=NOISE):
    """``text`` with 1-6 random edits: a character replaced, a run deleted, noise inserted, a run copied."""
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(noise)
        elif op == 1 and chars:
            del chars[min(i, len(chars) - 1) : min(i, len(chars) - 1) + rng.randint(1, 20)]
        elif op == 2:
            chars[i:i] = [rng.choice(noise) for _ in range(rng.randint(1, 5))]
        else:
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[j : j + rng.randint(1, 30)]
    return "".join(chars)


def random_text(rng, n):
    if rng.random() < 0.5:
        return "".join(rng.choice(NOISE) for _ in range(rng.randrange(n)))
    return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(n)))


def run(name, parse, expected, inputs):
    """Feed every input to ``parse``; count successes and each exception type; fail on the unexpected."""
    ok = 0
    seen = {}
    bad = 0
    slowest = (0.0, "")
    for text in inputs:
        start = time.perf_counter()
        try:
            parse(text)
            ok += 1
        except expected as err:
            kind = type(err).__name__
            seen[kind] = seen.get(kind, 0) + 1
            if len(str(err)) > MAX_MESSAGE:
                bad += 1
                print("%s: %r gave a message of %d characters: %s..."
                      % (name, str(text)[:80], len(str(err)), str(err)[:120]))
        except Exception as err:  # noqa: BLE001 - that is what the fuzz run looks for
            bad += 1
            kind = "UNEXPECTED " + type(err).__name__
            seen[kind] = seen.get(kind, 0) + 1
            print("%s: %r raised %s: %s" % (name, str(text)[:80], type(err).__name__, str(err)[:200]))
        took = time.perf_counter() - start
        if took > slowest[0]:
            slowest = (took, str(text)[:40])
    kinds = ", ".join("%s %d" % (k, seen[k]) for k in sorted(seen)) or "none"
    print("%-18s %7d cases: %7d accepted; refused: %s; slowest %.2f ms"
          % (name, len(inputs), ok, kinds, slowest[0] * 1000))
    return bad


def random_diamonds_games(count, plies):
    """``count`` reproducible random Diamonds & Pivots games of up to ``plies`` turns (few passes)."""
    games = []
    for seed in range(count):
        g = DiamondsGame()
        for i in range(plies):
            if g.phase == "over":
                break
            m = diamonds_random_move(g, seed * 1000 + i)
            if m.is_pass and i % 5:
                continue
            g.play(m)
        games.append(g)
    return games


def diamonds_samples():
    games = random_diamonds_games(12, 60)
    positions = [g.position() for g in games]
    records = [g.record() for g in games] + [" ".join(str(m) for m in g.moves) for g in games]
    turns = [str(m) for g in games for m in g.moves]
    with open(os.path.join(DATA, "diamonds", "long-chain.txt")) as f:
        position, turn = f.read().splitlines()[:2]
    positions.append(position)
    turns.append(turn)
    return games, positions, records, turns


def unchanged_after(game, play):
    """``play`` as a parse function that also checks a refused move leaves ``game`` unchanged."""

    def parse(text):
        before = game.position()
        try:
            play(text)
        except (InvalidMoveError, IllegalMoveError):
            if game.position() != before:
                raise AssertionError("a refused move changed the game") from None
            raise
        game.undo()
        if game.position() != before:
            raise AssertionError("undo did not restore the game")

    return parse


def from_stones_case(rng):
    cells = ["e5", "E5", "a5", "i1", "b6", "z9", "\u0131" + "3", "e5 ", "", "x" * rng.randrange(100)]

    def anything():
        r = rng.randrange(6)
        if r == 0:
            return None
        if r == 1:
            return rng.randrange(-5, 100)
        if r == 2:
            return rng.choice(cells)
        if r == 3:
            return [rng.choice(cells) for _ in range(rng.randrange(5))]
        if r == 4:
            return [[rng.choice(cells)] for _ in range(rng.randrange(3))]
        return set(rng.sample(["e5", "d4", "c3", "b6"], rng.randrange(4)))

    to_move = rng.choice(["black", "white", anything()])
    return (anything(), anything(), to_move)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=20000, help="cases per entry point (default 20,000)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    positions, records = samples()
    half = args.cases // 2
    bad = 0
    moves = [random_text(rng, 12) for _ in range(half)] + [
        mutate(rng, rng.choice(["E3", "E3G3", "PASS", "k5-j4"])) for _ in range(half)
    ]
    bad += run("dvonn move", Move.parse, InvalidMoveError, moves)
    game = Game.from_position(positions[len(positions) // 2])
    bad += run("dvonn play", unchanged_after(game, game.play), (InvalidMoveError, IllegalMoveError), moves)
    pos = [random_text(rng, 120) for _ in range(half)] + [mutate(rng, rng.choice(positions)) for _ in range(half)]
    bad += run("dvonn position", Game.from_position, PositionError, pos)
    recs = [random_text(rng, 400) for _ in range(half)] + [mutate(rng, rng.choice(records)) for _ in range(half)]
    bad += run("dvonn record", record.read, RecordError, recs)

    games, d_positions, d_records, d_turns = diamonds_samples()
    def d_random(n):
        if rng.random() < 0.5:
            return "".join(rng.choice(D_NOISE) for _ in range(rng.randrange(n)))
        return random_text(rng, n)

    turns = [d_random(40) for _ in range(half)] + [mutate(rng, rng.choice(d_turns)) for _ in range(half)]
    bad += run("diamonds turn", DMove.parse, InvalidMoveError, turns)
    for g in games[:3]:
        while g.moves and g.phase == "over":
            g.undo()
    playing = [games[i % 3] for i in range(len(turns))]
    cases = list(zip(playing, turns, strict=True))
    bad += run("diamonds play", lambda case: unchanged_after(case[0], case[0].play)(case[1]),
               (InvalidMoveError, IllegalMoveError), cases)
    pos = [d_random(120) for _ in range(half)] + [mutate(rng, rng.choice(d_positions)) for _ in range(half)]
    bad += run("diamonds position", DiamondsGame.from_position, DPositionError, pos)
    recs = [d_random(400) for _ in range(half)] + [mutate(rng, rng.choice(d_records)) for _ in range(half)]
    bad += run("diamonds record", DiamondsGame.from_record, RecordError, recs)
    stones = [from_stones_case(rng) for _ in range(args.cases)]
    bad += run("diamonds from_stones", lambda a: DiamondsGame.from_stones(black=a[0], white=a[1], to_move=a[2]),
               DPositionError, stones)
    if bad:
        print("%d cases failed" % bad)
        sys.exit(1)


if __name__ == "__main__":
    main()
