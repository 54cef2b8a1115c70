"""Find puzzles for the site's puzzle pages: positions where one move is clearly better than every other.

    nice -n 10 python3 tools/puzzles.py dvonn        # puzzles/dvonn.tsv from tests/data/boardspace-games.txt
    nice -n 10 python3 tools/puzzles.py diamonds     # puzzles/diamonds.tsv from seeded self-play games
    python3 tools/puzzles.py dvonn --games 40,41     # print the puzzles of two games only (no files)

Both runs are reproducible: the same inputs and seed give the same file, whatever the machine's speed, because
every search is limited by nodes, never by the clock.  They can be stopped and resumed: each source game's result
is appended to a cache (``puzzles/.cache/*.jsonl``, not committed) as soon as it is known, and a second run
skips the games found there.  A game's puzzles depend on that game alone (each has its own transposition
table), so a resumed run writes the same file as one run from the start.

DVONN
-----
The positions come from the 9,575 Boardspace games, in the file's order, until ``--count`` puzzles are found.
Every position of a game's movement phase with at most :data:`MAX_STACKS` stacks and at least two legal
moves is examined, the last first (so the exact solver's table, shared along the game, already holds most of
what the earlier positions need):

1. *screen*: the exact solver (:mod:`dvonn_core.dvonn.endgame`) finds the best move's final margin, then asks
   of every other move with a null window only whether it reaches within ``MARGIN - 1`` pieces of it; the first
   that does rejects the position.  Searches past :data:`SCREEN_NODES` nodes give the position up.
2. *verify*: for the positions that pass, every other move's exact value is computed, so the file's margin is
   the exact difference between the best and the second best move.
3. *extend*: the defence's best reply (the solver's) is played and the next move of the solver's side is tested
   the same way; while it is unique by the same margin the puzzle goes on (at most :data:`MAX_SOLVER_MOVES`
   moves of the solver's side).

A game gives at most three puzzles, the earliest positions first, each starting after the line of the one
before it.

**The margin is 4 pieces** (:data:`MARGIN`).  One or two pieces separate moves that merely change the order of
play at the end (which side takes the last lone piece); from four pieces on, the other moves lose a whole stack
or more, which a player can see and learn from.

Diamonds & Pivots
-----------------
There are no human records, so the positions come from games the library's baseline bots play against each
other (seed ``s``: every turn ``greedy_move``, the most stones now, except one in :data:`D_RANDOM` that is
``random_move``, each seeded by ``s`` and the turn; at most :data:`D_MAX_PLY` turns).  The turns of a
position are the bot's (every drop, its chains up to the bot's cap of ``ROOT_BOARDS`` final boards a drop).
The screen: the stone balance after the best turn leads the second best's by :data:`D_MARGIN` (a capture
no other turn matches).  The check: by the bot's evaluation one ply ahead (medium's search: stones and the
diamonds each side threatens), the best turn leads every other by the margin; and after the best reply
(:data:`D_DEPTH` ply more, the :data:`D_DEEP` turns nearest it searched in full) it still leads them by the
margin.  The file's margin is the smaller of the two leads, in stones.  **The margin is one stone**
(:data:`D_MARGIN`): a turn captures one, two or three stones, so a stone is the difference between a capture
and none; the evaluation's threat terms are worth less than a stone.  A game gives at most
:data:`D_PER_GAME` puzzles.

Themes and rating
-----------------
DVONN: ``cut-off`` (a move of the solution cuts stacks off the DVONN pieces), ``sharpshooting`` (a stack of two
or more jumps onto an opponent's stack of two or more), ``dvonn-capture`` (the solution takes a DVONN piece
from the opponent or a lone one), ``out-of-moves`` (the defence must pass during the solution, or has no move
after it), ``exact`` (solved to the end of the game).  Diamonds & Pivots: ``chain`` (two pivots or more),
``pie-rule`` (the answer is to swap), ``blocking`` (the drop fills a cell where the opponent would have completed
a diamond).

The starting rating: 1000, plus 250 for every further move of the solver's side, plus 60 for every other move
that looks as good at first sight (DVONN: controls as many pieces right after it; Diamonds: wins as many stones
one turn ahead), at most ten, plus 5 for every legal move, at most thirty, clamped to 600-2500.
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from dvonn_core.common.portable import popcount  # noqa: E402
from dvonn_core.common.rng import Rng  # noqa: E402
from dvonn_core.diamonds import bot as dbot  # noqa: E402
from dvonn_core.diamonds.board import index  # noqa: E402
from dvonn_core.diamonds.game import DiamondsGame  # noqa: E402
from dvonn_core.diamonds.rules import diamonds_of, threats  # noqa: E402
from dvonn_core.dvonn import endgame  # noqa: E402
from dvonn_core.dvonn.game import Game  # noqa: E402
from dvonn_core.dvonn.moves import PASS_CODE, code_text  # noqa: E402

GAMES = os.path.join(ROOT, "tests", "data", "boardspace-games.txt")
OUT_DIR = os.path.join(ROOT, "puzzles")
CACHE_DIR = os.path.join(OUT_DIR, ".cache")

#: DVONN: the margin in pieces by which the solution's move beats the second best.
MARGIN = 4
#: DVONN: positions of at most this many stacks are examined.
MAX_STACKS = 14
#: DVONN: the node budget of the screen of one position, and of its verification and each extension.
SCREEN_NODES = 5000
VERIFY_NODES = 200000
#: DVONN: positions with fewer legal moves are not examined (two: one of them must lose by the margin).
MIN_LEGAL = 2
#: At most this many moves of the solver's side in a puzzle.
MAX_SOLVER_MOVES = 3
#: Puzzles per source game at most (a puzzle starts after the line of the one before it ends).
PER_GAME = 3

#: Diamonds & Pivots: the margin in hundredths of a stone, the search depth (plies after the turn), the first
#: ply examined (the opening drops are the pie rule's and the corners') and the node budget of one check.
D_MARGIN = 100
D_DEPTH = 1
D_FIRST_PLY = 2
D_NODES = 60000
#: Diamonds & Pivots: puzzles per self-play game at most.
D_PER_GAME = 6
#: Diamonds & Pivots: the turns nearest the best by the evaluation that are searched after the reply too.
D_DEEP = 6
#: Diamonds & Pivots: one self-play turn in this many is random (the rest greedy).
D_RANDOM = 3
#: Diamonds & Pivots: a self-play game is played to this many turns at most.
D_MAX_PLY = 90

DVONN_THEMES = ("cut-off", "sharpshooting", "dvonn-capture", "out-of-moves", "exact")
DIAMONDS_THEMES = ("chain", "pie-rule", "blocking")

HEADER = (
    "# id\tposition\tsolution\tmargin\tthemes\trating\tsource\n"
    "# Generated by tools/puzzles.py (see its docstring and the README); do not edit by hand.\n"
)


# ---------------------------------------------------------------------- DVONN: the exact solver, by nodes


class _NodeClock:
    """Makes :class:`endgame.Solver`'s deadline a node count shared by every solver of one check, so that a
    search stops at the same place on any machine: the solver reads ``endgame._now()``."""

    def __init__(self) -> None:
        self.current = None  # type: object
        self.spent = 0

    def now(self) -> float:
        return float(self.current.nodes) if self.current is not None else 0.0  # type: ignore[attr-defined]

    def start(self) -> None:
        self.current = None
        self.spent = 0

    def solver(self, game: Game, table: dict, history: list, budget: int) -> endgame.Solver:
        if self.current is not None:
            self.spent = self.current.nodes  # type: ignore[attr-defined]
        s = endgame.Solver(game, float(budget))
        s.table = table
        s.history = history
        s.nodes = self.spent
        self.current = s
        return s


CLOCK = _NodeClock()


def _final_value(game: Game) -> int:
    """The final margin of a finished game for the side that just moved."""
    w, b = game.score()
    return (w - b) if game.turn == 1 else (b - w)


def _child_value(game: Game, code: int, table: dict, history: list, budget: int, window: "tuple | None" = None) -> int:
    """The value of ``code`` for the side to move: exact, or within ``window`` = (alpha, beta) a bound."""
    game.push(code)
    try:
        if game.phase == "over":
            return _final_value(game)
        s = CLOCK.solver(game, table, history, budget)
        if window is None:
            return -s.margin()
        alpha, beta = window
        return -s.search(-beta, -alpha, s.turn, 0, False)
    finally:
        game.pop()


def dvonn_check(game: Game, table: dict, history: list, budget: int) -> "tuple | None":
    """(value, best code) if the best move beats every other by ``MARGIN`` pieces or more (screen), else None.
    Raises ``endgame.OutOfTime`` past ``budget`` nodes."""
    CLOCK.start()
    root = CLOCK.solver(game, table, history, budget)
    v1 = root.margin()
    best = root.best_move()
    threshold = v1 - MARGIN + 1
    for c in game.legal_codes():
        if c != best and _child_value(game, c, table, history, budget, (threshold - 1, threshold)) >= threshold:
            return None
    return v1, best


def dvonn_values(game: Game, table: dict, history: list, budget: int) -> "list":
    """(exact value, code) of every legal move, best first (ties by code)."""
    CLOCK.start()
    out = [(_child_value(game, c, table, history, budget), c) for c in game.legal_codes()]
    out.sort(key=lambda vc: (-vc[0], vc[1]))
    return out


def _pieces(game: Game, side: int) -> int:
    w, b = game.score()
    return w if side == 0 else b


def _looks_as_good(game: Game, best: int) -> int:
    """Other moves after which the mover controls as many pieces as after ``best`` (a first look)."""
    side = game.turn
    game.push(best)
    mine = _pieces(game, side)
    game.pop()
    n = 0
    for c in game.legal_codes():
        if c != best:
            game.push(c)
            if _pieces(game, side) >= mine:
                n += 1
            game.pop()
    return n


def _dvonn_themes(game: Game, line: "list") -> "list":
    """Themes of the solution ``line`` (codes, the solver's side first) from ``game`` (left unchanged)."""
    themes = set()
    side = game.turn
    played = 0
    for code in line:
        mover = game.turn
        if code == PASS_CODE:
            if mover != side:
                themes.add("out-of-moves")
        else:
            s, t = code >> 6, code & 63
            source, target = game.cells[s], game.cells[t]
            if mover == side:
                enemy = "b" if side == 0 else "w"
                if len(source) >= 2 and len(target) >= 2 and target[-1] == enemy:
                    themes.add("sharpshooting")
                if "d" in target and target[-1] != ("w" if side == 0 else "b"):
                    themes.add("dvonn-capture")
        game.push(code)
        played += 1
        if mover == side and game.last_removed:
            themes.add("cut-off")
    if game.phase != "over" and game.turn != side and game.legal_codes() == [PASS_CODE]:
        themes.add("out-of-moves")
    for _ in range(played):
        game.pop()
    themes.add("exact")
    return [t for t in DVONN_THEMES if t in themes]


def rating(solver_moves: int, alike: int, legal: int) -> int:
    r = 1000 + 250 * (solver_moves - 1) + 60 * min(alike, 10) + 5 * min(legal, 30)
    return max(600, min(2500, r))


def dvonn_puzzle(game: Game, table: dict, history: list) -> "dict | None":
    """The puzzle from ``game``'s position (which passed the screen), or None if its verification runs out of
    nodes.  ``game`` is left unchanged."""
    try:
        values = dvonn_values(game, table, history, VERIFY_NODES)
    except endgame.OutOfTime:
        return None
    (v1, best), (v2, _) = values[0], values[1]
    if v1 - v2 < MARGIN:
        return None
    legal = len(values)
    alike = _looks_as_good(game, best)
    line = [best]
    pushed = 0
    game.push(best)
    pushed += 1
    solver_moves = 1
    try:
        while solver_moves < MAX_SOLVER_MOVES and game.phase != "over":
            # The defence's best reply, then is the solver's next move unique?
            codes = game.legal_codes()
            if codes == [PASS_CODE]:
                reply = PASS_CODE
            else:
                replies = dvonn_values(game, table, history, VERIFY_NODES)
                reply = replies[0][1]
            game.push(reply)
            pushed += 1
            if game.phase == "over" or len(game.legal_codes()) < 2:
                break
            found = dvonn_check(game, table, history, VERIFY_NODES)
            if found is None:
                break
            more = dvonn_values(game, table, history, VERIFY_NODES)
            if more[0][0] - more[1][0] < MARGIN:
                break
            line += [reply, more[0][1]]
            game.push(more[0][1])
            pushed += 1
            solver_moves += 1
    except endgame.OutOfTime:
        pass
    finally:
        for _ in range(pushed):
            game.pop()
    return {
        "position": game.position(),
        "solution": " ".join(code_text(c) for c in line),
        "margin": v1 - v2,
        "value": v1,
        "alike": alike,
        "legal": legal,
    }


def dvonn_finish(p: dict) -> dict:
    """A cached puzzle with its themes and rating (found from the solution when the file is written, so that a
    change of either needs no new search)."""
    game = Game.from_position(p["position"])
    line = [_code(m) for m in p["solution"].split()]
    q = dict(p)
    q["themes"] = _dvonn_themes(game, line)
    q["rating"] = rating((len(line) + 1) // 2, p["alike"], p["legal"])
    return q


def _code(text: str) -> int:
    from dvonn_core.dvonn.moves import Move

    return Move.parse(text).code


def dvonn_game(moves: "list") -> "list":
    """The puzzles of one game (its moves in CodeCup notation), as dicts with the ply they start at."""
    clock = endgame._now  # type: ignore[attr-defined]
    endgame._now = CLOCK.now  # type: ignore[attr-defined]
    try:
        return _dvonn_game(moves)
    finally:
        endgame._now = clock  # type: ignore[attr-defined]


def _dvonn_game(moves: "list") -> "list":
    game = Game()
    plies = []
    for ply, move in enumerate(moves):
        if game.phase == "over":
            break
        if game.phase == "movement":
            n = bin(game.occupied).count("1")
            if n <= MAX_STACKS and len(game.legal_codes()) >= MIN_LEGAL:
                plies.append((ply, game.copy()))
        try:
            game.play(move)
        except ValueError:
            break
    table = {}  # type: dict
    history = [0] * 4096
    candidates = []
    for ply, g in reversed(plies):
        try:
            if dvonn_check(g, table, history, SCREEN_NODES) is not None:
                candidates.append((ply, g))
        except endgame.OutOfTime:
            pass
    out = []  # type: list
    for ply, g in sorted(candidates, key=lambda pg: pg[0]):
        if len(out) >= PER_GAME or (out and ply < out[-1]["ply"] + len(out[-1]["solution"].split())):
            continue
        p = dvonn_puzzle(g, table, history)
        if p is not None:
            p["ply"] = ply
            out.append(p)
    return out


def read_games(path: str = GAMES) -> "list":
    """(file name, moves) of every game of the Boardspace file, in order."""
    out = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            words = line.split()
            out.append((words[0], words[3:]))
    return out


# ---------------------------------------------------------------------- Diamonds & Pivots


class _Budget(Exception):
    pass


class _CountingSearch(dbot.Search):
    """The bot's search with a node budget instead of a clock (the same result on any machine)."""

    def __init__(self, nodes: int) -> None:
        super().__init__(0.0)
        self.limit = nodes

    def negamax(self, mine: int, opp: int, white: bool, depth: int, alpha: int, beta: int, passes: int) -> int:
        if self.nodes >= self.limit:
            raise _Budget()
        return super().negamax(mine, opp, white, depth, alpha, beta, passes)


def diamonds_check(game: DiamondsGame) -> "dict | None":
    """The puzzle at ``game``'s position, or None."""
    black, white = game.bits
    is_white = game.to_move == "white"
    mine, opp = (white, black) if is_white else (black, white)
    search = _CountingSearch(D_NODES)
    kids = search.children(mine, opp, dbot.ROOT_BOARDS, bool(diamonds_of(mine)))
    if len(kids) < 2:
        return None
    # The screen: the stone balance after each turn (a plain drop adds one stone whatever the cell), the
    # best ahead of the second best by the margin.
    balance = sorted((popcount(nm) - popcount(no) for _, _, nm, no, _ in kids), reverse=True)
    if 100 * (balance[0] - balance[1]) < D_MARGIN:
        return None
    # Every turn one ply ahead (the bot's evaluation, medium's search)...
    first = [-dbot.evaluate(no, nm) for _, _, nm, no, _ in kids]
    order = sorted(range(len(kids)), key=lambda i: (-first[i], i))
    b = order[0]
    gap1 = first[b] - first[order[1]]
    if gap1 < D_MARGIN:
        return None
    # ... and the nearest ones after the best reply as well.
    deep = {}
    try:
        for i in order[:D_DEEP]:
            _, _, nm, no, _ = kids[i]
            deep[i] = -search.negamax(no, nm, not is_white, D_DEPTH, -dbot.WIN * 2, dbot.WIN * 2, 0)
    except _Budget:
        return None
    gap2 = deep[b] - max(v for i, v in deep.items() if i != b)
    if gap2 < D_MARGIN:
        return None
    kid = kids[b]
    move = game.chain_move(kid[1], kid[4])
    alike = sum(1 for i in range(len(kids)) if i != b and 100 * (popcount(kids[i][2]) - popcount(kids[i][3]))
                >= 100 * (popcount(kid[2]) - popcount(kid[3])) - 100)
    return {
        "position": game.position(),
        "solution": str(move),
        "margin": min(gap1, gap2),
        "value": deep[b],
        "alike": alike,
        "legal": len(kids),
    }


def diamonds_finish(p: dict) -> dict:
    """A cached puzzle with its themes and rating, found from the solution."""
    game = DiamondsGame.from_position(p["position"])
    words = p["solution"].split()
    themes = []
    if sum(1 for w in words if ">" in w) >= 2:
        themes.append("chain")
    if words[0] == "swap":
        themes.append("pie-rule")
    else:
        black, white = game.bits
        opp = black if game.to_move == "white" else white
        empty = ~(black | white) & ((1 << 61) - 1)
        if threats(opp, empty) & (1 << index(words[0])):
            themes.append("blocking")
    q = dict(p)
    q["themes"] = themes
    q["rating"] = rating(1, p["alike"], p["legal"])
    q["margin"] = diamonds_margin_text(p["margin"])
    return q


def diamonds_game(seed: int) -> "dict":
    """The self-play game of ``seed`` (its turns) and its puzzles."""
    game = DiamondsGame()
    turns = []
    out = []  # type: list
    ply = 0
    while game.phase != "over" and ply < D_MAX_PLY:
        if ply >= D_FIRST_PLY and len(out) < D_PER_GAME and (not out or ply > out[-1]["ply"]):
            p = diamonds_check(game)
            if p is not None and not (out and out[-1]["solution"] == p["solution"]):
                p["ply"] = ply
                out.append(p)
        # The library's baseline bots: greedy (the most stones now), and one turn in D_RANDOM at random.
        pick = Rng(seed * 1000 + ply)
        if pick.below(D_RANDOM) == 0:
            move = dbot.random_move(game, seed * 1000 + ply)
        else:
            move = dbot.greedy_move(game, seed * 1000 + ply)
        game.play(move)
        turns.append(str(move))
        ply += 1
    return {"turns": turns, "puzzles": out}


# ---------------------------------------------------------------------- files


def _load_cache(path: str) -> "dict":
    done = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue  # a line cut short by an interrupted run: that game is done again
                done[entry["key"]] = entry
    return done


def _append_cache(path: str, entry: dict) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "a") as f:
        f.write(json.dumps(entry, sort_keys=True) + "\n")
        f.flush()


def tsv_line(pid: str, p: dict, source: str) -> str:
    fields = [pid, p["position"], p["solution"], str(p["margin"]), ",".join(p["themes"]), str(p["rating"]), source]
    return "\t".join(fields)


def diamonds_margin_text(hundredths: int) -> str:
    return "%d.%02d" % (hundredths // 100, hundredths % 100)


def run_dvonn(args: argparse.Namespace) -> None:
    games = read_games()
    cache = os.path.join(CACHE_DIR, "dvonn.jsonl")
    done = _load_cache(cache)
    lines = []
    used = []
    start = time.time()
    for i, (name, moves) in enumerate(games):
        if len(lines) >= args.count:
            break
        key = str(i)
        entry = done.get(key)
        if entry is None:
            entry = {"key": key, "name": name, "puzzles": dvonn_game(moves)}
            _append_cache(cache, entry)
            if args.verbose:
                print("game %d %s: %d puzzles, %d in all, %.0f s" % (
                    i, name, len(entry["puzzles"]), len(lines) + len(entry["puzzles"]), time.time() - start),
                    flush=True)
        for p in entry["puzzles"]:
            lines.append(tsv_line("d%d.%d" % (i, p["ply"]), dvonn_finish(p), "%s:%d" % (name, p["ply"])))
        if entry["puzzles"]:
            used.append((i, name, moves))
    _write(os.path.join(OUT_DIR, "dvonn.tsv"), lines, "DVONN", len(games))
    _write_games(os.path.join(OUT_DIR, "dvonn-games.txt"), ["%d %s %s" % (i, n, " ".join(m)) for i, n, m in used])
    print("%d DVONN puzzles from %d games in %.0f s" % (len(lines), len(used), time.time() - start))


def run_diamonds(args: argparse.Namespace) -> None:
    cache = os.path.join(CACHE_DIR, "diamonds.jsonl")
    done = _load_cache(cache)
    lines = []
    used = []
    start = time.time()
    seed = args.seed
    while len(lines) < args.count:
        key = str(seed)
        entry = done.get(key)
        if entry is None:
            g = diamonds_game(seed)
            entry = {"key": key, "turns": g["turns"], "puzzles": g["puzzles"]}
            _append_cache(cache, entry)
            if args.verbose:
                print("seed %d: %d puzzles, %d in all, %.0f s" % (
                    seed, len(g["puzzles"]), len(lines) + len(g["puzzles"]), time.time() - start), flush=True)
        for p in entry["puzzles"]:
            lines.append(tsv_line("p%d.%d" % (seed, p["ply"]), diamonds_finish(p), "seed %d:%d" % (seed, p["ply"])))
        if entry["puzzles"]:
            used.append("%d %s" % (seed, ",".join(entry["turns"])))
        seed += 1
    _write(os.path.join(OUT_DIR, "diamonds.tsv"), lines, "Diamonds & Pivots", seed - args.seed)
    _write_games(os.path.join(OUT_DIR, "diamonds-games.txt"), used)
    print("%d Diamonds & Pivots puzzles from %d games in %.0f s" % (len(lines), len(used), time.time() - start))


def _write(path: str, lines: "list", game: str, sources: int) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(HEADER)
        f.write("# %s: %d puzzles\n" % (game, len(lines)))
        for line in lines:
            f.write(line + "\n")


def _write_games(path: str, lines: "list") -> None:
    with open(path, "w") as f:
        f.write("# The source games of the puzzles, for \"See the game\": index, then the moves (tools/puzzles.py)\n")
        for line in lines:
            f.write(line + "\n")


def main(argv: "list | None" = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=("dvonn", "diamonds"))
    ap.add_argument("--count", type=int, default=0,
                    help="puzzles wanted (default: 2100 DVONN, 300 Diamonds)")
    ap.add_argument("--seed", type=int, default=1, help="Diamonds: the first self-play seed")
    ap.add_argument("--games", default="",
                    help="only these game indexes or seeds (comma-separated): print, write nothing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if args.games:
        for k in args.games.split(","):
            if args.game == "dvonn":
                name, moves = read_games()[int(k)]
                print(json.dumps({"key": k, "name": name, "puzzles": dvonn_game(moves)}, sort_keys=True))
            else:
                g = diamonds_game(int(k))
                print(json.dumps({"key": k, "turns": g["turns"], "puzzles": g["puzzles"]}, sort_keys=True))
        return
    if args.game == "dvonn":
        args.count = args.count or 2100
        run_dvonn(args)
    else:
        args.count = args.count or 300
        run_diamonds(args)


if __name__ == "__main__":
    main()
