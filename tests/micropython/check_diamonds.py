# Portable check of dvonn_core.diamonds: prints one line per result.  tests/test_micropython.py
# runs this file under CPython and under MicroPython (WebAssembly, in Node) and requires identical output.
try:
    DATA = DATA_DIR  # set by the CPython runner
except NameError:
    DATA = "/data"

from dvonn_core.diamonds import DiamondsGame, bot
from dvonn_core.diamonds.board import CELLS
from dvonn_core.diamonds.perft import perft
from dvonn_core.diamonds.rules import count_chains, outcomes

# 1. The worked example, step by step.
g = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
t = g.begin_turn("b6")
print("drop", t.diamonds(), len(t.options()))
for p in ["c5>f5", "f5>i2"]:
    print("pivot", p, t.captured(p), t.line(p))
    t.step(p)
    print("after", t.stones("black"), t.stones("white"), t.diamonds())
print("turn", g.play(t.move()), g.position(), g.score())
g.undo()
print(
    "b6 ends",
    len(outcomes(g.bits[0], g.bits[1], CELLS.index("b6"))),
    count_chains(g.bits[0], g.bits[1], CELLS.index("b6")),
)

# 2. perft.
with open(DATA + "/perft.txt") as f:
    for line in f:
        if line.startswith("#") or not line.strip():
            continue
        position, depth, count = line.split()
        if int(count) < 3000:
            n = perft(DiamondsGame.from_position(position), int(depth))
            print("perft", position, depth, n, "ok" if n == int(count) else "MISMATCH")

# 3. Random games from seeds: same moves everywhere; positions and records round-trip; undo restores.
for seed in range(8):
    g = DiamondsGame()
    for i in range(45):
        if g.phase == "over":
            break
        m = bot.random_move(g, seed * 1000 + i)
        if m.is_pass and i % 5:
            continue
        g.play(m)
    text = g.position()
    assert DiamondsGame.from_position(text).position() == text
    back = DiamondsGame.from_record(g.record())
    moves = [str(m) for m in g.moves]
    while g.moves:
        g.undo()
    print("random", seed, len(moves), " | ".join(moves[-3:]), text, back.position() == text, g.position())

# 4. Error messages are the same text.
g = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
for bad in ["z9", "b6", "b6 c5>f6", "b6 c5>f5 d6>a6", "swap", "b6 e5>h5", "5-6-7.b", "5-6-7-8-9-8-7-6-5.ws"]:
    try:
        if "." in bad:
            DiamondsGame.from_position(bad)
        else:
            g.play(bad)
        print("error", bad, "accepted")
    except ValueError as e:
        print("error", bad, type(e).__name__, str(e))

# 5. The bots, deterministic for a seed.
g = DiamondsGame()
for i in range(12):
    level = ("easy", "greedy", "medium")[i % 3]
    m = bot.greedy_move(g, i) if level == "greedy" else bot.choose_move(g, level, seed=i)
    g.play(m)
    print("bot", i, level, m)
# 6. Turns of any length, legal turns found lazily, short messages, documented errors.
with open(DATA + "/long-chain.txt") as f:
    lc_position, lc_turn = f.read().split("\n")[:2]
g = DiamondsGame.from_position(lc_position)
m = g.play(lc_turn)
print("long chain", len(m.pivots), g.position(), DiamondsGame.from_record(g.record()).position() == g.position())
g.undo()
first = []
for m in g.legal_moves():
    first.append(str(m))
    if len(first) == 5:
        break
print("first turns", first)
print("medium", bot.choose_move(g, "medium", seed=1, time_limit=60), "random", bot.random_move(g, 1))
for bad in [lc_turn + " e5>e8", lc_turn.rsplit(" ", 1)[0], "\u0130" + "5", "x" * 5000]:
    try:
        g.play(bad)
        print("long", "accepted")
    except ValueError as e:
        print("long", type(e).__name__, str(e))
for kwargs in [{"black": None}, {"black": ["e5", "e5"]}, {"to_move": "red"}, {"black": [["e5"]]},
               {"white": ["x" * 5000]}]:
    try:
        DiamondsGame.from_stones(**kwargs)
        print("from_stones accepted")
    except ValueError as e:
        print("from_stones", type(e).__name__, str(e))
print("bom", DiamondsGame.from_record("\ufeffe5 swap").position())
print("done")
