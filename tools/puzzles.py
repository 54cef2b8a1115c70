"""Find puzzles for the site's puzzle pages: positions where one move decides the result and no other does.

    python3 tools/puzzles.py dvonn -v                    # puzzles/dvonn.tsv from tests/data/boardspace-games.txt
    python3 tools/puzzles.py dvonn -v --shard 0/2 &      # the same in two processes (one a core) ...
    python3 tools/puzzles.py dvonn -v --shard 1/2        # ... then once without --shard (or --cached) to write
    python3 tools/puzzles.py dvonn --cached              # write the set from what the cache holds, search nothing
    python3 tools/puzzles.py diamonds -v                 # puzzles/diamonds.tsv from seeded self-play games
    python3 tools/puzzles.py dvonn --games 40,41         # print the puzzles of two games only (no files)

Both runs are reproducible: the same inputs give the same file whatever the machine's speed, because every search
is limited by nodes, never by the clock.  They can be stopped and resumed: each source game's result is appended to
a cache (``puzzles/cache/*.jsonl``, committed) as soon as it is known, and a later run, here or on a fresh clone,
skips the games found there.  A game's puzzles depend on that game alone (its own solver table), so a resumed or
sharded run writes the same file as one run from the start.

DVONN: the criterion
--------------------
A DVONN game is won or lost; the margin only breaks ties.  So a puzzle is a position of a real game where **one
move wins and every other move does not** (or, in a position that cannot be won, one move draws and every other
loses), with the best play of both sides, as the exact solver (:mod:`dvonn_core.dvonn.endgame`) proves:

1. the solver finds the position's result (won, drawn or lost) and a move that reaches it; a lost position is no
   puzzle;
2. every other legal move is asked, with a null window, whether it reaches that result too; the first that does
   rejects the position (:meth:`Exact.unique`);
3. the solution's final margin is found (the file's margin: "wins by 6", or 0 for a saved draw);
4. the defence answers with its most resilient reply (the solver's: the smallest loss), and the puzzle goes on
   while the solver's side again has exactly one move that keeps the result (at most :data:`MAX_SOLVER_MOVES`
   moves of the solver's side).

Every position of a game's movement phase with at most :data:`EXACT_STACKS` stacks (``--max-stacks``) and at least
two legal moves is examined, from the end of the game backwards, with one solver table for the whole game and a
budget of :data:`EXACT_NODES` nodes for each position; a position past it is given up (never guessed), and after
two in a row the game's earlier positions.  Beyond the solver's reach there are no puzzles: a heuristic search
proves no result, and the issue's criterion is not relaxed to fill a quota.

A game gives at most :data:`PER_BAND` puzzles in each band of stacks (:func:`band`: at most 14, 15-20, more than
20), those where the player of the real game missed the move first (the page then says what was played), then
those with the most stacks; no puzzle starts inside the line of another.

Diamonds & Pivots: the criterion
--------------------------------
There are no human records, so the positions come from games the library's baseline bots play against each other
(seed ``s``: every turn ``greedy_move``, the most stones now, except one in :data:`D_RANDOM` that is
``random_move``, each seeded by ``s`` and the turn; at most :data:`D_MAX_PLY` turns).  As lichess's puzzles start
after the opponent's mistake, the positions right after a random turn are the ones examined.  A puzzle is a turn (a
drop and its pivots; the bot's turns: every drop, a drop's chains capped at ``ROOT_BOARDS`` final boards) that
gains at least :data:`D_GAIN` stones more than every other turn (a pass included) **after the opponent's best
reply, and again after the turn that follows it**: two searches of stones alone, of 2 and :data:`D_TURNS` turns
(a game that ends sooner is scored by its result), that agree on the turn.  The file's margin is the solution's
stone balance after those three turns.

Themes and rating
-----------------
Themes are found from the solution.  DVONN: ``cut-off`` (a move of the solution cuts stacks off the DVONN
pieces), ``sharpshooting`` (a stack of two or more jumps onto an opponent's stack of two or more),
``dvonn-capture`` (the solution takes a DVONN piece), ``out-of-moves`` (the defence must pass during the solution,
or has no move after it), ``quiet-move`` (none of these), the phase (``middlegame``: more than
:data:`MIDDLE_STACKS` stacks, ``endgame``, ``late-endgame``: at most :data:`LATE_STACKS`) and the length
(``two-moves``, ``three-moves``).  Diamonds & Pivots: ``capture``, ``big-capture`` (three stones or more),
``chain`` (two pivots or more), ``long-chain`` (four or more), ``blocking`` (the drop fills a cell where the
opponent would complete a diamond), ``pie-rule`` (the answer is to swap).

A puzzle's starting rating is its rank in its set by how hard the solution is to find, spread over
:data:`RATING_RANGE`: DVONN by the nodes the bot's search (hard's, without the solver) spends before it settles on
the first move for good (:func:`difficulty`), then the solver's moves; Diamonds & Pivots by which baseline finds
the turn (greedy, then medium, then neither), then the pivots.  The player's rating then moves by Glicko-2 on the
page (``web/kernel/puzzles.py``).
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
from dvonn_core.dvonn import bot as dbot_dvonn  # noqa: E402
from dvonn_core.dvonn import endgame  # noqa: E402
from dvonn_core.dvonn.game import Game  # noqa: E402
from dvonn_core.dvonn.moves import PASS_CODE, code_text  # noqa: E402

GAMES = os.path.join(ROOT, "tests", "data", "boardspace-games.txt")
OUT_DIR = os.path.join(ROOT, "puzzles")
#: Each source game's result, one JSON line a game, appended as soon as it is known: committed, so that a run
#: resumes where the last one stopped, on this machine or another (``--fresh`` starts again).
CACHE_DIR = os.path.join(OUT_DIR, "cache")

#: DVONN: positions of at most this many stacks are solved exactly (``--max-stacks``; a cached game searched with
#: fewer is searched again).
EXACT_STACKS = 20
#: DVONN: the node budget of one position's exact check (the solver's nodes, its outcome, every other move's
#: null window and the margin).  A position past it is given up, and after two in a row the game's earlier ones.
EXACT_NODES = 200000
#: DVONN: the solver's table is emptied between two positions when it holds more entries than this.
TABLE_MAX = 2000000
#: DVONN: positions with fewer legal moves are not examined (two: the other one must lose).
MIN_LEGAL = 2
#: At most this many moves of the solver's side in a puzzle.
MAX_SOLVER_MOVES = 3
#: DVONN: puzzles of one source game at most in each band of stacks (:func:`band`).
PER_BAND = 2
#: DVONN: the phase themes' bounds (stacks on the board).
MIDDLE_STACKS = 20
LATE_STACKS = 13
#: DVONN: the node budget of the search that rates a puzzle (:func:`difficulty`).
RATE_NODES = 40000
#: The ratings' range: the easiest puzzle of a set gets the first, the hardest the last.
RATING_RANGE = (800, 2400)
#: The version of the criterion: a cached game of another version is searched again.
VERSION = 2

#: Diamonds & Pivots: the gain in hundredths of a stone by which the solution's turn beats every other, after the
#: opponent's best reply and after the turn that follows it (:func:`diamonds_check`).
D_GAIN = 200
#: Diamonds & Pivots: the turns of the deeper of the two searches (the solution's turn included).
D_TURNS = 3
#: Diamonds & Pivots: the first ply examined (the opening drops are the pie rule's and the corners') and the node
#: budget of one position's check.
D_FIRST_PLY = 2
D_NODES = 200000
#: Diamonds & Pivots: puzzles per self-play game at most.
D_PER_GAME = 6
#: Diamonds & Pivots: one self-play turn in this many is random (the rest greedy).
D_RANDOM = 3
#: Diamonds & Pivots: a self-play game is played to this many turns at most.
D_MAX_PLY = 90

DVONN_THEMES = ("cut-off", "sharpshooting", "dvonn-capture", "out-of-moves", "quiet-move", "middlegame", "endgame",
                "late-endgame", "two-moves", "three-moves")
DIAMONDS_THEMES = ("capture", "big-capture", "chain", "long-chain", "blocking", "pie-rule")

HEADER = (
    "# id\tposition\tsolution\tmargin\tthemes\trating\tsource\n"
    "# Generated by tools/puzzles.py (see its docstring and the README); do not edit by hand.\n"
)


# ---------------------------------------------------------------------- DVONN: the exact criterion


def _result(v: int) -> int:
    """A final margin as a result: 1 won, 0 drawn, -1 lost."""
    return (v > 0) - (v < 0)


def _final_value(game: Game) -> int:
    """The final margin of a finished game for the side that just moved."""
    w, b = game.score()
    return (w - b) if game.turn == 1 else (b - w)


class Exact:
    """The exact checks of one source game's positions: one solver table shared by all of them, the positions
    taken from the end of the game backwards (each earlier one finds most of what it needs in the table), and a
    node budget for each position (so the same games give the same puzzles on any machine)."""

    def __init__(self, budget: int) -> None:
        self.table = {}  # type: dict
        self.history = [0] * 4096
        self.budget = budget
        self.spent = 0  # nodes of the current position's checks so far

    def start(self) -> None:
        self.spent = 0
        if len(self.table) > TABLE_MAX:
            self.table.clear()  # memory, not time: the same size on every machine, so the same puzzles

    def _solver(self, game: Game) -> endgame.Solver:
        left = self.budget - self.spent
        if left <= 0:
            raise endgame.OutOfTime()
        s = endgame.Solver(game, None, left)
        s.table = self.table
        s.history = self.history
        return s

    def _run(self, s: endgame.Solver, alpha: int, beta: int) -> int:
        try:
            return s.search(alpha, beta, s.turn, 0, False)
        finally:
            self.spent += s.nodes

    def _best(self, game: Game, alpha: int, beta: int) -> "tuple":
        """(value within the window, the solver's best code) of the side to move."""
        s = self._solver(game)
        return self._run(s, alpha, beta), s.best_move()

    def outcome(self, game: Game) -> "tuple":
        """(result, best code) of the side to move."""
        v, best = self._best(game, -1, 1)
        return _result(v), best

    def margin(self, game: Game) -> "tuple":
        """(final margin, best code) of the side to move."""
        return self._best(game, -endgame.INFINITY, endgame.INFINITY)

    def reaches(self, game: Game, code: int, result: int) -> bool:
        """Whether ``code`` reaches ``result`` (or better) for the side to move, by a null window."""
        game.push(code)
        try:
            if game.phase == "over":
                return _result(_final_value(game)) >= result
            s = self._solver(game)
            # The mover reaches ``result`` when the opponent's value is at most -result.
            return self._run(s, -result, -result + 1) <= -result
        finally:
            game.pop()

    def unique(self, game: Game) -> "tuple | None":
        """(result, the one move that reaches it, final margin) when one move wins (or draws where every other
        loses) and no other move reaches that result; else None.  Raises ``endgame.OutOfTime`` past the budget."""
        codes = game.legal_codes()
        if len(codes) < MIN_LEGAL:
            return None
        result, best = self.outcome(game)
        if result < 0:
            return None
        for c in codes:
            if c != best and self.reaches(game, c, result):
                return None
        value, _ = self.margin(game)
        return result, best, value


def _dvonn_themes(game: Game, line: "list", stacks: int) -> "list":
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
    themes.add(phase_theme(stacks))
    solver_moves = (len(line) + 1) // 2
    if solver_moves >= 2:
        themes.add("two-moves" if solver_moves == 2 else "three-moves")
    if not any(t in themes for t in ("cut-off", "sharpshooting", "dvonn-capture", "out-of-moves")):
        themes.add("quiet-move")
    return [t for t in DVONN_THEMES if t in themes]


def phase_theme(stacks: int) -> str:
    """The phase of a position by its stacks: the middle game above :data:`MIDDLE_STACKS`, then the endgame,
    and the late endgame at :data:`LATE_STACKS` or fewer."""
    if stacks > MIDDLE_STACKS:
        return "middlegame"
    return "endgame" if stacks > LATE_STACKS else "late-endgame"


def band(stacks: int) -> int:
    """The issue's bands of the movement phase: 0 (at most 14 stacks), 1 (15-20), 2 (more than 20)."""
    return 2 if stacks > 20 else (1 if stacks >= 15 else 0)


def dvonn_puzzle(game: Game, exact: Exact, found: "tuple") -> dict:
    """The puzzle from ``game``'s position, whose first move ``found`` (result, code, margin) decides the result:
    the defence's most resilient reply (the solver's: the smallest loss), then the solver's next move while it is
    again the only one that keeps the result (at most :data:`MAX_SOLVER_MOVES` moves of the solver's side).
    ``game`` is left unchanged."""
    result, best, value = found
    line = [best]
    pushed = 0
    game.push(best)
    pushed += 1
    try:
        while (len(line) + 1) // 2 < MAX_SOLVER_MOVES and game.phase != "over":
            codes = game.legal_codes()
            exact.start()
            reply = PASS_CODE if codes == [PASS_CODE] else exact.margin(game)[1]
            game.push(reply)
            pushed += 1
            if game.phase == "over":
                break
            exact.start()
            more = exact.unique(game)
            if more is None or more[0] != result:
                break
            line += [reply, more[1]]
            game.push(more[1])
            pushed += 1
    except endgame.OutOfTime:
        pass
    finally:
        for _ in range(pushed):
            game.pop()
    return {"position": game.position(), "solution": " ".join(code_text(c) for c in line), "margin": value,
            "result": result, "legal": len(game.legal_codes())}


def difficulty(game: Game, solution: int) -> int:
    """How hard the first move is to find: the nodes the bot's search (hard's, without the exact solver)
    spends until it settles on the move for good, deepening one ply at a time up to :data:`RATE_NODES` nodes;
    ``RATE_NODES * 2`` when it has not settled on it by then."""
    search = dbot_dvonn.Search(game.copy(), float("inf"), RATE_NODES)
    root = game.legal_codes()
    moves = sorted(root, key=lambda c: -search._order_key(c, 0, 0))
    settled = None  # nodes when the search first chose the move, since when it has kept it
    for depth in range(1, 40):
        try:
            _, move = search._root(moves, depth)
        except dbot_dvonn._Timeout:
            break
        moves.remove(move)
        moves.insert(0, move)
        if move == solution:
            if settled is None:
                settled = search.nodes
        else:
            settled = None
        if not search.leaf or search.nodes >= RATE_NODES:
            break
    return settled if settled is not None else RATE_NODES * 2


def dvonn_finish(p: dict) -> dict:
    """A cached puzzle with its themes (found from the solution when the file is written, so that a change of
    them needs no new search)."""
    game = Game.from_position(p["position"])
    line = [_code(m) for m in p["solution"].split()]
    q = dict(p)
    q["themes"] = _dvonn_themes(game, line, p["stacks"])
    return q


def _code(text: str) -> int:
    from dvonn_core.dvonn.moves import Move

    return Move.parse(text).code


def dvonn_game(moves: "list", max_stacks: int = EXACT_STACKS) -> "list":
    """Every puzzle of one game (its moves in CodeCup notation), as dicts with the ply they start at, in the
    order of the game (:func:`select_dvonn` chooses the set's)."""
    game = Game()
    plies = []
    for ply, move in enumerate(moves):
        if game.phase == "over":
            break
        if game.phase == "movement":
            n = popcount(game.occupied)
            if n <= max_stacks:
                plies.append((ply, n, game.copy(), move))
        try:
            game.play(move)
        except ValueError:
            break
    exact = Exact(EXACT_NODES)
    candidates = []
    failed = 0
    for ply, n, g, played in reversed(plies):
        if failed >= 2:
            break  # the positions before are larger still: give up this game's earlier ones
        exact.start()
        try:
            found = exact.unique(g)
            failed = 0
        except endgame.OutOfTime:
            failed += 1
            continue
        if found is not None:
            try:
                missed = _code(played) != found[1]
            except ValueError:
                missed = False
            candidates.append((ply, n, g, found, missed, played))
    out = []  # type: list
    for ply, n, g, found, missed, played in candidates:
        p = dvonn_puzzle(g, exact, found)
        p["ply"] = ply
        p["stacks"] = n
        p["played"] = played.upper() if missed else ""
        p["nodes"] = difficulty(g, found[1])
        out.append(p)
    out.sort(key=lambda p: p["ply"])
    return out


def select_dvonn(puzzles: "list") -> "list":
    """The puzzles of one game that the set keeps: at most :data:`PER_BAND` in each band of :func:`band`, those
    where the player missed the move first, then those with the most stacks; no puzzle's position inside the
    line of another."""
    chosen = []  # type: list
    for b in (2, 1, 0):
        mine = [p for p in puzzles if band(p["stacks"]) == b]
        mine.sort(key=lambda p: (not p["played"], -p["stacks"], p["ply"]))
        kept = 0
        for p in mine:
            if kept >= PER_BAND:
                break
            span = (p["ply"], p["ply"] + len(p["solution"].split()))
            if any(span[0] < q["ply"] + len(q["solution"].split()) and q["ply"] < span[1] for q in chosen):
                continue
            chosen.append(p)
            kept += 1
    chosen.sort(key=lambda p: p["ply"])
    return chosen


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


class _StoneSearch(dbot.Search):
    """The bot's turns (its children: every drop, the chains of a drop capped as the bot caps them) searched by
    stones alone: a leaf is the stone balance, a finished game its result, with a node budget instead of a
    clock (the same result on any machine)."""

    def __init__(self, nodes: int) -> None:
        super().__init__(0.0)
        self.limit = nodes

    def negamax(self, mine: int, opp: int, white: bool, depth: int, alpha: int, beta: int, passes: int) -> int:
        self.nodes += 1
        if self.nodes >= self.limit:
            raise _Budget()
        if passes >= 2:
            return dbot.final_score(mine, opp, white)
        if depth == 0:
            return 100 * (popcount(mine) - popcount(opp))
        best = -dbot.WIN * 2
        kids = self.children(mine, opp, dbot.INNER_BOARDS)
        for _, _, nm, no, _ in kids:
            v = -self.negamax(no, nm, not white, depth - 1, -beta, -alpha, 0)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        return best
        if passes == 1 or not kids:
            v = -self.negamax(opp, mine, not white, depth - 1, -beta, -alpha, passes + 1)
            if v > best:
                best = v
        return best


def diamonds_check(game: DiamondsGame) -> "dict | None":
    """The puzzle at ``game``'s position, or None: the turn (a drop and its pivots) that gains at least
    :data:`D_GAIN` stones more than every other turn after the opponent's best reply, by a search of stones
    alone, and again after the turn that follows it (:data:`D_TURNS`: two successive depths, so that neither
    side's last turn decides alone; a game that ends sooner is scored by its result)."""
    if game.phase == "over" or game.to_move is None:
        return None
    black, white = game.bits
    is_white = game.to_move == "white"
    mine, opp = (white, black) if is_white else (black, white)
    search = _StoneSearch(D_NODES)
    kids = search.children(mine, opp, dbot.ROOT_BOARDS, bool(diamonds_of(mine)))
    if len(kids) < 2:
        return None
    inf = dbot.WIN * 2
    gaps = []
    best = None
    try:
        for turns in range(D_TURNS - 1, D_TURNS + 1):
            # The best turn and its value, then every other turn only asked whether it comes within the gain.
            _, _, nm, no, _ = kids[0]
            b_v, b = -search.negamax(no, nm, not is_white, turns - 1, -inf, inf, 0), 0
            for i in range(1, len(kids)):
                _, _, nm, no, _ = kids[i]
                v = -search.negamax(no, nm, not is_white, turns - 1, -inf, -b_v, 0)
                if v > b_v:
                    b_v, b = -search.negamax(no, nm, not is_white, turns - 1, -inf, inf, 0), i
            if best is not None and b != best:
                return None
            best = b
            floor = b_v - D_GAIN + 1  # every other turn must stay below it
            for i in range(len(kids)):
                if i == b:
                    continue
                _, _, nm, no, _ = kids[i]
                if -search.negamax(no, nm, not is_white, turns - 1, -floor, -floor + 1, 0) >= floor:
                    return None
            # Passing is a turn too.
            if -search.negamax(opp, mine, not is_white, turns - 1, -floor, -floor + 1, 1) >= floor:
                return None
            gaps.append(b_v)
    except _Budget:
        return None
    kid = kids[best]
    move = game.chain_move(kid[1], kid[4])
    return {
        "position": game.position(),
        "solution": str(move),
        "margin": gaps[-1] // 100,  # the stone balance after the three turns, with the best play
        "value": gaps[-1],
        "legal": len(kids),
        "nodes": search.nodes,
    }


def diamonds_finish(p: dict) -> dict:
    """A cached puzzle with its themes, found from the solution: ``chain`` (two pivots or more), ``long-chain``
    (four or more), ``capture`` (the turn takes one or two of the opponent's stones), ``big-capture`` (three or
    more), ``blocking`` (the drop fills a cell where the opponent would complete a diamond), ``pie-rule``."""
    game = DiamondsGame.from_position(p["position"])
    words = p["solution"].split()
    themes = []
    pivots = sum(1 for w in words if ">" in w)
    if pivots >= 2:
        themes.append("chain")
    if pivots >= 4:
        themes.append("long-chain")
    if words[0] == "swap":
        themes.append("pie-rule")
    else:
        black, white = game.bits
        opp = black if game.to_move == "white" else white
        empty = ~(black | white) & ((1 << 61) - 1)
        if threats(opp, empty) & (1 << index(words[0])):
            themes.append("blocking")
        after = game.copy()
        after.play(p["solution"])
        b2, w2 = after.bits
        taken = popcount(opp) - popcount(b2 if game.to_move == "white" else w2)
        if taken >= 3:
            themes.append("big-capture")
        elif taken >= 1:
            themes.append("capture")
    q = dict(p)
    q["themes"] = [t for t in DIAMONDS_THEMES if t in themes]
    return q


def diamonds_game(seed: int) -> "dict":
    """The self-play game of ``seed`` (its turns) and its puzzles: the positions right after a random turn are
    examined (as lichess's puzzles start after the opponent's mistake), the others not."""
    game = DiamondsGame()
    turns = []
    out = []  # type: list
    ply = 0
    blunder = False  # the last turn was the random one
    while game.phase != "over" and ply < D_MAX_PLY:
        if blunder and ply >= D_FIRST_PLY and len(out) < D_PER_GAME and (not out or ply > out[-1]["ply"]):
            p = diamonds_check(game)
            if p is not None and not (out and out[-1]["solution"] == p["solution"]):
                p["ply"] = ply
                out.append(p)
        # The library's baseline bots: greedy (the most stones now), and one turn in D_RANDOM at random.
        pick = Rng(seed * 1000 + ply)
        blunder = pick.below(D_RANDOM) == 0
        baseline = dbot.random_move if blunder else dbot.greedy_move
        move = baseline(game, seed * 1000 + ply)
        game.play(move)
        turns.append(str(move))
        ply += 1
    return {"turns": turns, "puzzles": out}


# ---------------------------------------------------------------------- files


def _load_cache(path: str, version: int = 1) -> "dict":
    """The cached games of the current criterion ``version`` (an entry of another is searched again)."""
    done = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue  # a line cut short by an interrupted run: that game is done again
                if entry.get("version", 1) != version:
                    continue
                known = done.get(entry["key"])
                # Of two entries of a game, the one that examined more stacks (then the later one).
                if known is None or entry.get("max_stacks", 0) >= known.get("max_stacks", 0):
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


def spread_ratings(keys: "list") -> "list":
    """Ratings over :data:`RATING_RANGE` by rank: the easiest key gets the first, the hardest the last, equal
    keys the same (their mean rank).

    >>> spread_ratings([5, 1, 5, 9])
    [1600, 800, 1600, 2400]
    """
    lo, hi = RATING_RANGE
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    ranks = [0.0] * len(keys)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and keys[order[j + 1]] == keys[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2.0
        i = j + 1
    top = max(1, len(keys) - 1)
    return [round(lo + (hi - lo) * r / top) for r in ranks]


def dvonn_key(p: dict) -> "tuple":
    """A puzzle's difficulty, for its rating: the nodes the search needed to settle on the first move, then
    the moves of the solver's side, then the legal moves."""
    return (p["nodes"], (len(p["solution"].split()) + 1) // 2, p["legal"])


def run_dvonn(args: argparse.Namespace) -> None:
    games = read_games()
    cache = os.path.join(CACHE_DIR, "dvonn.jsonl")
    done = {} if args.fresh else _load_cache(cache, VERSION)
    found = []
    used = []
    start = time.time()
    stop = len(games) if not args.limit else min(len(games), args.limit)
    for i, (name, moves) in enumerate(games[:stop]):
        if args.count and len(found) >= args.count:
            break
        key = str(i)
        entry = done.get(key)
        if entry is not None and entry.get("max_stacks", 0) < args.max_stacks and i >= args.start:
            entry = None  # searched again, up to more stacks (the games before --start keep their entries)
        if entry is None and (args.cached or (args.shard and i % args.shard[1] != args.shard[0])):
            continue  # another process's game: it reaches the file when that process has cached it
        if entry is None:
            entry = {"key": key, "version": VERSION, "max_stacks": args.max_stacks, "name": name,
                     "puzzles": dvonn_game(moves, args.max_stacks)}
            _append_cache(cache, entry)
            if args.verbose:
                print("game %d %s: %d puzzles, %d in all, %.0f s" % (
                    i, name, len(entry["puzzles"]), len(found) + len(entry["puzzles"]), time.time() - start),
                    flush=True)
        for p in select_dvonn(entry["puzzles"]):
            found.append((i, name, dvonn_finish(p)))
        if entry["puzzles"]:
            used.append((i, name, moves))
    ratings = spread_ratings([dvonn_key(p) for _, _, p in found])
    lines = []
    for (i, name, p), r in zip(found, ratings, strict=True):
        p["rating"] = r
        source = "%s:%d" % (name, p["ply"]) + (" played %s" % p["played"] if p["played"] else "")
        lines.append(tsv_line("d%d.%d" % (i, p["ply"]), p, source))
    _write(os.path.join(OUT_DIR, "dvonn.tsv"), lines, "DVONN", len(games))
    _write_games(os.path.join(OUT_DIR, "dvonn-games.txt"), ["%d %s %s" % (i, n, " ".join(m)) for i, n, m in used])
    print("%d DVONN puzzles from %d games in %.0f s" % (len(lines), len(used), time.time() - start))


def diamonds_difficulty(game: DiamondsGame, solution: str) -> int:
    """How hard the turn is to find: 0 when the greedy baseline takes it (the most stones now), 1 when medium
    does (one turn ahead, its evaluation), 2 when neither does."""
    if str(dbot.greedy_move(game, 0)) == solution:
        return 0
    return 1 if str(dbot.choose_move(game, "medium", seed=0)) == solution else 2


def diamonds_key(p: dict) -> "tuple":
    """A Diamonds & Pivots puzzle's difficulty, for its rating: which bot finds it, then its pivots, then the
    node count of its check (how much search the proof took)."""
    return (p["found_by"], sum(1 for w in p["solution"].split() if ">" in w), p["nodes"])


def run_diamonds(args: argparse.Namespace) -> None:
    cache = os.path.join(CACHE_DIR, "diamonds.jsonl")
    done = {} if args.fresh else _load_cache(cache, VERSION)
    found = []
    used = []
    start = time.time()
    seed = args.seed
    stop = args.seed + (args.limit or 1000000)
    while seed < stop and not (args.count and len(found) >= args.count):
        key = str(seed)
        entry = done.get(key)
        if entry is None and (args.cached or (args.shard and seed % args.shard[1] != args.shard[0])):
            seed += 1
            continue
        if entry is None:
            g = diamonds_game(seed)
            for p in g["puzzles"]:
                p["found_by"] = diamonds_difficulty(DiamondsGame.from_position(p["position"]), p["solution"])
            entry = {"key": key, "version": VERSION, "turns": g["turns"], "puzzles": g["puzzles"]}
            _append_cache(cache, entry)
            if args.verbose:
                print("seed %d: %d puzzles, %d in all, %.0f s" % (
                    seed, len(g["puzzles"]), len(found) + len(g["puzzles"]), time.time() - start), flush=True)
        for p in entry["puzzles"]:
            found.append((seed, diamonds_finish(p)))
        if entry["puzzles"]:
            used.append("%d %s" % (seed, ",".join(entry["turns"])))
        seed += 1
    ratings = spread_ratings([diamonds_key(p) for _, p in found])
    lines = []
    for (sd, p), r in zip(found, ratings, strict=True):
        p["rating"] = r
        lines.append(tsv_line("p%d.%d" % (sd, p["ply"]), p, "seed %d:%d" % (sd, p["ply"])))
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
    ap.add_argument("--limit", type=int, default=0,
                    help="DVONN: examine the first N source games only (0: all); the cache keeps what is done")
    ap.add_argument("--shard", type=lambda t: tuple(int(x) for x in t.split("/")), default=None,
                    help="K/N: search only the games whose index is K modulo N (run N processes, then one without)")
    ap.add_argument("--start", type=int, default=0,
                    help="DVONN: search games from this index on (those before keep their cached entries)")
    ap.add_argument("--max-stacks", type=int, default=EXACT_STACKS,
                    help="DVONN: examine the positions of at most this many stacks (default %(default)s)")
    ap.add_argument("--cached", action="store_true", help="write the set from the cache only: search no game")
    ap.add_argument("--fresh", action="store_true", help="ignore the cache (and append to it anew)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if args.games:
        for k in args.games.split(","):
            if args.game == "dvonn":
                name, moves = read_games()[int(k)]
                print(json.dumps({"key": k, "name": name, "puzzles": dvonn_game(moves, args.max_stacks)},
                                 sort_keys=True))
            else:
                g = diamonds_game(int(k))
                print(json.dumps({"key": k, "turns": g["turns"], "puzzles": g["puzzles"]}, sort_keys=True))
        return
    if args.game == "dvonn":
        run_dvonn(args)
    else:
        if not args.limit and not args.count:
            args.limit = 2000  # seeds 1-2000 unless told otherwise
        run_diamonds(args)


if __name__ == "__main__":
    main()
