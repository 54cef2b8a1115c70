# Portable check: prints one line per result.  tests/test_micropython.py runs this
# file under CPython and under MicroPython (WebAssembly, in Node) and requires
# identical output.  Data files are read from DATA (a directory).

try:
    DATA = DATA_DIR  # set by the CPython runner
except NameError:
    DATA = "/data"

from dvonn_core import Game
from dvonn_core.dvonn.perft import perft
from dvonn_core.dvonn.setup import random_game, random_setup

# 1. A sample of the real games replayed: every move legal, final scores equal.
n = 0
with open(DATA + "/boardspace-sample.txt") as f:
    for line in f:
        if line.startswith("#") or not line.strip():
            continue
        parts = line.split()
        g = Game()
        for m in parts[3:]:
            g.play(m)
        ok = g.score() == (int(parts[1]), int(parts[2]))
        print("game", parts[0], g.score(), g.winner(), g.position(), "ok" if ok else "MISMATCH")
        n += 1
print("games", n)

# 2. perft from the fixture position.
with open(DATA + "/perft.txt") as f:
    for line in f:
        if line.startswith("setup "):
            setup = line.split()[1:]
g = Game()
for m in setup:
    g.play(m)
print("perft", perft(g, 1), perft(g, 2))

# 3. Random games and setups from seeds: same moves everywhere; positions round-trip; undo restores.
for seed in range(12):
    g = random_game(seed)
    text = g.position()
    back = Game.from_position(text)
    assert back.position() == text
    start = random_setup(seed).position()
    moves = [str(m) for m in g.moves]
    while g.moves:
        g.undo()
    print("random", seed, len(moves), " ".join(moves[-6:]), text, start, g.position())

# 4. Error messages are the same text.
for bad in ["Z9", "E3E3", "9-10-11-10-9.x", "W-10-11-10-9.wp", "9-10-11-10.wp"]:
    try:
        Move = None
        if "." in bad:
            Game.from_position(bad)
        else:
            Game().play(bad)
        print("error", bad, "accepted")
    except ValueError as e:
        print("error", bad, type(e).__name__, str(e))

# 5. Records and SVG, when those modules are present.
try:
    from dvonn_core.dvonn import record
except ImportError:
    record = None
if record is not None:
    for seed in range(6):
        g = random_game(seed)
        text = record.write(g)
        back = record.read(text)
        print(
            "record", seed, back.position() == g.position(), [str(m) for m in back.moves] == [str(m) for m in g.moves]
        )
    with open(DATA + "/littlegolem-demo.txt") as f:
        lg = record.read(f.read())
    print("littlegolem", lg.score(), lg.resigned, len(lg.moves))
    # Non-ASCII letters are no cell names, whatever str.upper()/lower() make of them on each Python.
    for text in ["\u01313", "PA\u017fS", "E3 D3 resign blac\u212a", "\ufeffE3 D3",
                 "(;GM[Dvonn];P0[1 dropb E 3];P0[2 done]) x"]:
        try:
            print("ascii", record.read(text).position())
        except ValueError as e:
            print("ascii", type(e).__name__, str(e))
try:
    from dvonn_core.dvonn import svg
except ImportError:
    svg = None
if svg is not None:
    for seed in range(4):
        g = random_game(seed)
        for _ in range(seed * 7):
            g.undo()
        out = svg.render(g)
        h = 0
        for ch in out:
            h = (h * 31 + ord(ch)) & 0xFFFFFFFF
        print("svg", seed, len(out), h)

# 6. The pages' boards, drawn with the same hex layout (dvonn_core.common.layout) as the diagrams.
from diamonds import render as diamonds_render  # noqa: E402 - web/, on the path as on the page
from dvonn import render as dvonn_render  # noqa: E402


def _digest(text):
    h = 0
    for ch in text:
        h = (h * 31 + ord(ch)) & 0xFFFFFFFF
    return h


print("layout", dvonn_render.VIEWBOX, dvonn_render.VIEWBOX_TURNED, _digest(dvonn_render.DEFS))
g = random_game(3)
for _ in range(20):
    g.undo()
stacks = {}
for c in dvonn_render.CELLS:
    stacks[c] = g.stack(c)
for flipped in (False, True):
    for turned in (False, True):
        out = dvonn_render.board_svg(stacks, {"E3": "movable"}, flipped, "E3", turned)
        print("page board", flipped, turned, len(out), _digest(out))
print("diamonds layout", diamonds_render.VIEWBOX, _digest(diamonds_render.DEFS))
for flipped in (False, True):
    out = diamonds_render.board_svg({"c5": "b", "e5": "w"}, {"e5": "last"}, flipped, "e5",
                                    [("b6", "b7", "c5", "c6")], ("b6", "b7", "c5", "c6"))
    print("diamonds board", flipped, len(out), _digest(out))

# 7. The old paths of DVONN's modules (one-line re-exports) import on MicroPython too.
from dvonn_core.board import CELLS as OLD_CELLS  # noqa: E402
from dvonn_core.setup import random_setup as old_random_setup  # noqa: E402

print("old paths", OLD_CELLS[24], old_random_setup(7).position() == random_setup(7).position())
# 8. The DVONN bot searches the same tree on every Python: medium (a node budget), a fixed-depth hard
# search (its move and node count), and hard's placement search with a node budget.
from dvonn_core.common.rng import Rng  # noqa: E402
from dvonn_core.dvonn import bot  # noqa: E402
from dvonn_core.dvonn.moves import code_text  # noqa: E402
from dvonn_core.dvonn.placement import PlacementSearch  # noqa: E402

for seed in (1, 2):
    g = random_setup(seed)
    s = bot.Search(g.copy(), 1e9, 0)
    code = s.run(3, Rng(seed), 0)
    print("bot", seed, code_text(code), s.nodes, s.best_score, bot.choose_move(g, "medium", seed), bot.evaluate(g))
g = Game()
for cell in ("C3", "F3", "I3", "A1", "B1", "E5"):
    g.play(cell)
ps = PlacementSearch(g.cells, g.turn, 1e9, max_nodes=3000)
print("placement", ps.run([i for i in range(49) if not g.cells[i]]), ps.completed, ps.best_score)
print("done")
