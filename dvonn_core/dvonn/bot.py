"""A DVONN bot with four levels: easy, medium, hard and master.

>>> from dvonn_core.dvonn.setup import random_setup
>>> game = random_setup(1)
>>> move = choose_move(game, "easy", seed=3)
>>> game.is_legal(move)
True

Design
------
* **Placement** (49 plies, up to 49 choices each) uses a fast heuristic policy
  (:func:`placement_scores`): DVONN pieces spread out and away from the edge;
  own pieces close to the DVONN pieces, on the edge (mobile from the start),
  not clumped with other own pieces, next to enemy pieces (future captures).
  The levels differ by the noise added from the seeded :class:`~dvonn_core.common.rng.Rng`.
  Hard searches every placement after the DVONN pieces
  (:data:`SEARCH_LAST_PLACEMENTS`) by iterative deepening over the placements
  to come (:class:`~dvonn_core.dvonn.placement.PlacementSearch`, to the end of the
  phase once few cells are left), judged by the set-up value of
  :mod:`dvonn_core.dvonn.placement`, within its budget.
* **Movement** is searched by iterative-deepening negamax alpha-beta with
  principal-variation search, late move reductions (:data:`LMR_DEPTH`: the late
  moves onto the mover's own stacks first searched a ply shallower), futility pruning both ways (:data:`FUTILITY_DEPTH`:
  a null-window node one or two plies from the leaves whose evaluation is far below alpha, or one to three
  plies from them far above beta, is not searched, while 20 or more stacks are on the board), a transposition
  table (keyed by the 49 stacks,
  one table per side to move, rebuilt for every call so a seed always gives
  the same move), move ordering (TT move, moves onto enemy stacks by height,
  onto DVONN stacks, killer moves, history), and the evaluation of
  :mod:`dvonn_core.dvonn.evaluation`: the cells of the stacks each side controls
  and of the cells they could land on, each cell weighted by its closeness to
  the DVONN pieces, with more for the DVONN and enemy stacks a stack that can
  move now could land on (PrimaDvonna's evaluation; pieces count only in the
  final score).  Every position on the search's line keeps the terms of that
  evaluation, found from its parent's by looking only at the stacks the move
  changed (:mod:`dvonn_core.dvonn.incremental`), with the moves of each stack;
  the legal moves come from them, and the leaves are evaluated from their
  parent's terms, most of them without playing the move
  (:func:`~dvonn_core.dvonn.incremental.leaf_score`; the others are cached by
  position for the length of a search).  A node one ply from the leaves tries
  its first move (the table's, or the capture that heads the order) before it
  lists and orders the others: that move decides almost all of them.  Subtrees that reach the end of
  the game everywhere are stored as exact, so the endgame is solved exactly
  (the search stops early once the root is solved).
* **The end of the game**: with :data:`SOLVE_STACKS` stacks or fewer, hard first
  asks the exact solver of :mod:`dvonn_core.dvonn.endgame` (no evaluation; two to
  three times as many positions a second) whether the position is won, drawn or
  lost, within half its budget, and when it is won, by how much, within 90% of
  it (master: within :data:`MASTER_SOLVE_NODES` and :data:`MASTER_MARGIN_NODES`
  of the solver's nodes).  A won or drawn position is played from the solver's proof; a lost one,
  or one not solved in time, is searched as above with the time left (master: half its late budget).
* **Levels**: easy searches 2 plies (at most 2000 nodes) and picks at random
  among the root moves scoring within one plain stack of the best (believable,
  beatable); medium searches a fixed budget of 2500 nodes (the same move on
  every machine); hard deepens until its time budget runs out: 1 s a move by
  default, 1.8 s while 42 or more stacks are on the board (the first moves
  after placement, when there are most choices).  Master plays as hard does
  (the same placement search, search and exact solver) within node budgets
  instead of a clock (:data:`MASTER_NODES`): the same move on every machine and
  runtime, several times hard's search where the game is decided (above
  :data:`MASTER_LATE_STACKS` stacks), less after that; its time limit (60 s)
  is only a safety cap for a very slow device.  A single legal move is
  returned at once, and a solved endgame stops the search early.

The search works on a private copy of the game through the core's fast
path (``legal_codes``, ``push``, ``pop``), so the caller's game is
never changed.  The clock is checked every 32 nodes; the budget is never
exceeded by more than a few milliseconds plus one node.
"""

import gc

from ..common.portable import now as _now
from ..common.portable import popcount
from ..common.rng import Rng
from .board import COORDS, EDGE, NEIGHBOURS, SIZE, distance
from .endgame import OutOfTime, Solver
from .evaluation import SCALE
from .evaluation import score_of as _score_of
from .game import Game
from .incremental import child_score_of as _child_score_of
from .incremental import child_terms as _child_terms
from .incremental import leaf_score as _leaf_score
from .incremental import moves_of as _moves_of
from .incremental import parent_terms as _parent_terms
from .moves import PASS_CODE, PLACE_BASE, Move, code_text
from .placement import PlacementSearch

try:
    from typing import Callable, Dict, List, Optional, Tuple
except ImportError:  # pragma: no cover
    pass

__all__ = ["LEVELS", "choose_move", "choose_move_text", "greedy_move", "random_move", "evaluate", "Search"]

# ---------------------------------------------------------------------- tables

#: DIST[a][b]: number of steps between two cells.
DIST = [[distance(a, b) for b in range(SIZE)] for a in range(SIZE)]

# Search scores (a lone stack on a plain cell is 100; the evaluation is dvonn_core.dvonn.evaluation).
WIN = 100000  # a won final position (plus the piece margin)
EXACT = 1000  # TT depth marking an exactly solved subtree

# ---------------------------------------------------------------------- levels


class Level:
    """Search settings of a level."""

    __slots__ = ("name", "time", "depth", "nodes", "noise", "place_noise")

    def __init__(self, name: str, time: float, depth: int, nodes: int, noise: int, place_noise: int) -> None:
        self.name = name
        self.time = time  # default budget in seconds (a safety cap for easy/medium)
        self.depth = depth  # deepest iteration
        self.nodes = nodes  # node budget (0: none)
        self.noise = noise  # random points added to root move scores (0: pure search; 100 = a plain stack)
        self.place_noise = place_noise  # random points added to placement scores


#: The deepest search :func:`choose_move` accepts as its ``depth`` (the search's tables of killer moves and
#: evaluation terms by ply are sized for it).
MAX_DEPTH = 64

#: Hard (and master) searches this many last placements (all after the three DVONN pieces), judged by the set-up value.
SEARCH_LAST_PLACEMENTS = SIZE - 3

#: The hard level's budget while at least OPENING_STACKS stacks are on the board.
HARD_OPENING_TIME = 1.8
OPENING_STACKS = 42

#: Late move reductions: at depth LMR_DEPTH or more, the moves after the first LMR_AFTER whose
#: ordering key is below QUIET_KEY (onto a stack of the mover's own, no DVONN piece there; not a
#: killer or the table's move) are searched one ply shallower first, at full depth only if they beat alpha.
LMR_DEPTH = 3
LMR_AFTER = 3
QUIET_KEY = 300000

#: Move ordering keys (plus the move's history): a capture (plus 1000 for every piece taken), a move onto a
#: DVONN stack, and the bonus of a killer move.
CAPTURE_KEY = 1000000
DVONN_KEY = 500000
KILLER_KEY = 300000

#: Futility pruning (hard, master), both ways: a null-window node at depth FUTILITY_DEPTH or less, with FUTILITY_STACKS
#: stacks or more on the board and a stack that can move, is not searched when its evaluation is far from the window.
#: Plus FUTILITY_MARGIN[depth] still at or below alpha, it returns that sum (the side to move gains by moving: a
#: median of about 430 points at depth 1, hence the margins; never at depth 3, measured no better); minus
#: REVERSE_MARGIN[depth] still at or above beta, it returns that difference.
FUTILITY_DEPTH = 3
FUTILITY_STACKS = 20
FUTILITY_MARGIN = (0, 600, 500, 10 * WIN)
REVERSE_MARGIN = (0, 0, 300, 200)

#: Master's node budgets (see :data:`LEVELS`): a searched placement, a stack move while more than MASTER_LATE_STACKS
#: stacks are on the board (where the games against PrimaDvonna are decided) and one with fewer; the exact solver's
#: nodes to learn whether a position of SOLVE_STACKS stacks or fewer is won, then in all to learn by how much (its node
#: is about twice as fast as the search's).  A search stops deepening once its iterations used NODE_SHARE of its
#: budget (medium's too) and gives up at the budget; its time limit is only a safety cap, never reached on the
#: machines measured.
MASTER_PLACE_NODES = 20000
MASTER_NODES = 360000
MASTER_LATE_STACKS = 30
MASTER_LATE_NODES = 240000
MASTER_SOLVE_NODES = 250000
MASTER_MARGIN_NODES = 500000
NODE_SHARE = 0.3

#: Hard (and master) first solves a position of at most SOLVE_STACKS stacks exactly (:mod:`~dvonn_core.dvonn.endgame`):
#: won, drawn or lost within SOLVE_SHARE of its budget, then, when won, by how much within MARGIN_SHARE
#: of it.  A lost position, or one not solved in time, is searched as any other with what is left.
SOLVE_STACKS = 22
SOLVE_SHARE = 0.5
MARGIN_SHARE = 0.9

LEVELS = {
    "easy": Level("easy", 3.0, 2, 2000, 100, 20),
    "medium": Level("medium", 4.0, 64, 2500, 0, 8),
    "hard": Level("hard", 1.0, 64, 0, 0, 3),
    "master": Level("master", 60.0, 64, MASTER_NODES, 0, 3),
}  # type: Dict[str, Level]

#: The levels that search placements, prune futile nodes and solve the endgame exactly (hard by the clock,
#: master by node budgets).
STRONG = ("hard", "master")


def _level(level: str) -> Level:
    lv = LEVELS.get(level) if isinstance(level, str) else None
    if lv is None:
        raise ValueError("unknown bot level %r (choose 'easy', 'medium', 'hard' or 'master')" % (level,))
    return lv


# ---------------------------------------------------------------------- public API


def choose_move(
    game: Game, level: str = "easy", seed: int = 0, time_limit: "Optional[float]" = None, depth: "Optional[int]" = None
) -> Move:
    """The bot's move for the side to move in ``game`` (which is left unchanged).

    ``level`` is ``"easy"``, ``"medium"``, ``"hard"`` or ``"master"``; ``seed`` makes the
    choice reproducible; ``time_limit`` (seconds) replaces the level's budget (master's safety cap:
    its node budgets still apply);
    ``depth`` (plies, 1 to 64) searches stack moves to exactly that depth with no clock
    and no node budget, as engines' fixed-depth play does (placements are chosen
    as the level chooses them).  Raises ``ValueError`` when the game is over.
    """
    return Move.from_code(choose_code(game, level, seed, time_limit, depth=depth))


def choose_move_text(
    position: str,
    level: str = "easy",
    seed: int = 0,
    time_limit: "Optional[float]" = None,
    depth: "Optional[int]" = None,
) -> str:
    """The bot's move, as text, in a position string (for the web worker).

    >>> choose_move_text("9-10-11-10-9.wp", "hard")
    'F3'
    """
    return code_text(choose_code(Game.from_position(position), level, seed, time_limit, depth=depth))


def choose_code(
    game: Game,
    level: str = "easy",
    seed: int = 0,
    time_limit: "Optional[float]" = None,
    info: "Optional[dict]" = None,
    depth: "Optional[int]" = None,
    solve: bool = True,
    hook: "Optional[Callable[[Search], bool]]" = None,
) -> int:
    """Like :func:`choose_move` but returns the internal move code; ``info`` (a dict) receives search statistics.

    ``hook``: called with the :class:`Search` whenever the search reads its clock (every 32 nodes), to
    report its progress (``completed``, ``best``, ``best_score``, ``nodes``) or to stop it: when it returns
    True the search ends as if its time were up, with the best move found so far.  It plays no part
    in the move chosen otherwise (the exact solver, the placements and easy's noisy root do not call it).

    ``solve=False``: hard does not ask the exact solver first (see :data:`SOLVE_STACKS`), so that every
    score is the search's, on one scale (an analysis compares the scores of successive positions, and a
    proof alone may not know the margin of a win, or the margin of a loss at all)."""
    lv = _level(level)
    if time_limit is not None and not time_limit > 0:
        raise ValueError("time_limit must be a positive number of seconds, not %r" % (time_limit,))
    if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= MAX_DEPTH):
        raise ValueError("depth must be a whole number of plies from 1 to %d, not %r" % (MAX_DEPTH, depth))
    budget = lv.time if time_limit is None else float(time_limit)
    if time_limit is None and lv.name == "hard" and game.placed == SIZE and popcount(game.occupied) >= OPENING_STACKS:
        budget = HARD_OPENING_TIME  # the first moves, with many choices, get more time
    if game.resigned is not None:
        raise ValueError("the game is over (%s resigned): there is no move to choose" % game.resigned)
    legal = game.legal_codes()
    if not legal:
        raise ValueError("the game is over: there is no move to choose in %s" % game.position())
    if len(legal) == 1:
        if info is not None:
            info.update(depth=0, nodes=0, score=None, forced=True)
        return legal[0]
    rng = Rng(seed)
    if lv.name in STRONG and 0 < SIZE - game.placed <= SEARCH_LAST_PLACEMENTS:
        return _search_placement(game, budget, rng, info, MASTER_PLACE_NODES if lv.name == "master" else 0)
    if game.placed < SIZE:
        scores = placement_scores(game)
        best = -1 << 30
        choice = legal[0]
        for code in legal:  # ascending cell order
            v = scores[code - PLACE_BASE] + (rng.below(lv.place_noise + 1) if lv.place_noise else 0)
            if v > best:
                best = v
                choice = code
        if info is not None:
            info.update(depth=0, nodes=0, score=best, forced=False)
        return choice
    # Neither the solver nor the search makes reference cycles; a full collection over a large
    # table could otherwise stall them past their deadline.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _movement(game, lv, budget, depth, rng, info, solve, hook)
    finally:
        if collecting:
            gc.enable()


def _movement(
    game: Game, lv: Level, budget: float, depth: "Optional[int]", rng: Rng, info: "Optional[dict]", solve: bool,
    hook: "Optional[Callable[[Search], bool]]" = None,
) -> int:
    """:func:`choose_code`'s stack move: the exact solver's (hard or master, few stacks, no fixed depth) or the
    search's."""
    master = lv.name == "master"
    stacks = popcount(game.occupied)
    nodes = lv.nodes
    if master and stacks <= MASTER_LATE_STACKS:
        nodes = MASTER_LATE_NODES
    if solve and depth is None and lv.name in STRONG and stacks <= SOLVE_STACKS:
        start = _now()
        code = _solve_end(game, start, budget, info, master)
        if code:
            return code
        budget -= _now() - start  # lost, or not solved in time
        if master:
            nodes = MASTER_LATE_NODES // 2
    if depth is None:
        search = Search(game.copy(), budget, nodes, hook)
        depth = lv.depth
    else:
        search = Search(game.copy(), float("inf"), 0, hook)  # a fixed depth: no clock, no node budget
    if lv.name not in STRONG:
        search.futility = 0  # easy and medium search as they did (futility pruning was measured for hard)
    code = search.run(depth, rng, lv.noise)
    if info is not None:
        info.update(depth=search.completed, nodes=search.nodes, score=search.best_score, forced=False,
                    solved=search.solved, elapsed=_now() - search.start)
    return code


def _solve_end(game: Game, start: float, budget: float, info: "Optional[dict]", master: bool = False) -> int:
    """Hard's (or master's) move in a position of few stacks when it is won or drawn and the solver proves it in
    time, or within master's nodes (see :data:`SOLVE_STACKS`); else 0."""
    solver = Solver(game, start + budget * SOLVE_SHARE, MASTER_SOLVE_NODES if master else 0)
    try:
        outcome = solver.outcome()
    except OutOfTime:
        return 0
    if outcome < 0:
        return 0  # lost: the heuristic search plays on for the opponent's mistakes
    code = solver.best_move()
    score = 0  # type: Optional[int]  # a draw is exact already
    if outcome > 0:
        solver.deadline = start + budget * MARGIN_SHARE
        if master:
            solver.max_nodes = MASTER_MARGIN_NODES
        try:
            score = WIN + solver.margin()
            code = solver.best_move()
        except OutOfTime:
            score = None  # won, by an unknown margin
    if info is not None:
        info.update(depth=solver.deepest, nodes=solver.nodes, score=score, forced=False,
                    solved=score is not None, outcome=outcome, elapsed=_now() - start)
    return code


def _search_placement(game: Game, budget: float, rng: Rng, info: "Optional[dict]", nodes: int = 0) -> int:
    """Hard's (or master's, within ``nodes``) placement: a search of the placements to come, judged by the
    fitted set-up value."""
    search = PlacementSearch(game.cells, game.turn, budget, nodes)
    me = "w" if game.turn == 0 else "b"
    sign = 1 if game.turn == 0 else -1
    empties = [i for i in range(SIZE) if not game.cells[i]]
    keys = [(-sign * search.delta(c, me), rng.next(), c) for c in empties]
    keys.sort()
    cell = search.run([k[2] for k in keys])
    if info is not None:
        info.update(depth=search.completed, nodes=search.nodes, score=search.best_score, forced=False,
                    solved=search.solved, elapsed=_now() - search.start)
    return PLACE_BASE + cell


def random_move(game: Game, seed: int = 0) -> Move:
    """A uniformly random legal move (the bottom of the strength ladder)."""
    legal = game.legal_codes()
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    return Move.from_code(legal[Rng(seed).below(len(legal))])


def greedy_move(game: Game, seed: int = 0) -> Move:
    """The move after which the mover controls the most pieces (ties broken by ``seed``); placements at random."""
    legal = game.legal_codes()
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    rng = Rng(seed)
    if len(legal) == 1 or game.placed < SIZE:
        return Move.from_code(legal[rng.below(len(legal))])
    g = game.copy()
    me = "w" if g.turn == 0 else "b"
    best = -1 << 30
    choice = []  # type: List[int]
    for code in legal:
        g.push(code)
        n = 0
        for s in g.cells:
            if s:
                if s[-1] == me:
                    n += 1000 * len(s)
                elif s[-1] != "d":
                    n -= len(s)  # ties: the fewest pieces left to the opponent
        g.pop()
        if n > best:
            best = n
            choice = [code]
        elif n == best:
            choice.append(code)
    return Move.from_code(choice[rng.below(len(choice))])


# ---------------------------------------------------------------------- placement


def placement_scores(game: Game) -> "List[int]":
    """A heuristic score for placing on each cell (higher is better; only empty cells matter)."""
    st = game.cells
    placed = game.placed
    scores = [0] * SIZE
    dvonns = [i for i in range(SIZE) if st[i] == "d"]
    if placed < 3:
        for c in range(SIZE):
            if st[c]:
                continue
            v = 0 if EDGE[c] else 30
            col, row = COORDS[c]
            v -= 6 * abs(row - 2)  # the middle rows are hard to cut off
            if dvonns:
                d = min([DIST[c][x] for x in dvonns])
                v += 12 * min(d, 4)
            else:
                v -= 4 * abs(col - 5)
            scores[c] = v
        return scores
    mine = "w" if game.turn == 0 else "b"
    for c in range(SIZE):
        if not st[c]:
            scores[c] = rule_score(st, c, mine, dvonns)
    return scores


def rule_score(cells: "List[str]", cell: int, mine: str, dvonns: "List[int]") -> int:
    """The placement rule's score of a piece of colour ``mine`` on ``cell``, given its neighbours in
    ``cells`` and the DVONN pieces on ``dvonns`` (the cell itself is not looked at)."""
    theirs = "b" if mine == "w" else "w"
    d = min([DIST[cell][x] for x in dvonns])
    v = (0, 40, 24, 10, 2)[d] if d < 5 else 0
    if EDGE[cell]:
        v += 14
    own = 0
    enemy = 0
    empty = 0
    for n in NEIGHBOURS[cell]:
        x = cells[n]
        if x == mine:
            own += 1
        elif x == theirs:
            enemy += 1
        elif not x:
            empty += 1
    return v + 5 * enemy - 8 * own + 2 * empty


# ---------------------------------------------------------------------- evaluation


def evaluate(game: Game) -> int:
    """Static score of a movement position for the side to move (a lone stack on a plain cell is 100).

    A finished game (no stack of either side can move) gets its exact :func:`final_score`.
    """
    return _evaluate(game)[0]


def _evaluate(game: Game) -> "Tuple[int, bool]":
    """(score, exact): exact is True when the game is over and the score is final."""
    v, moving = _score_of(game)
    if not moving:
        return final_score(game), True
    return v, False


def final_score(game: Game) -> int:
    """Exact value of a finished game for the side to move: a win beats any heuristic score."""
    w, b = game.score()
    m = w - b if game.turn == 0 else b - w
    if m > 0:
        return WIN + m
    if m < 0:
        return -WIN + m
    return 0


# ---------------------------------------------------------------------- search


class _Timeout(Exception):
    pass


class Search:
    """Iterative-deepening alpha-beta over a private game copy."""

    def __init__(self, game: Game, budget: float, max_nodes: int = 0,
                 hook: "Optional[Callable[[Search], bool]]" = None) -> None:
        self.game = game
        self.hook = hook  # see choose_code
        self.start = _now()
        self.budget = budget
        self.deadline = self.start + budget * 0.95
        self.max_nodes = max_nodes
        self.nodes = 0
        self.tt = ({}, {})  # type: Tuple[dict, dict]
        self.evals = ({}, {})  # type: Tuple[dict, dict]  # leaf evaluations by position
        self.history = [0] * 4096
        self.history_max = 0  # the largest entry of history
        #: The evaluation terms (dvonn_core.dvonn.evaluation.parent_terms) of the position at each ply
        #: of the current line, the root's first.
        self.terms = [_parent_terms(game)] + [None] * 255  # type: List
        self.killers = [[0, 0] for _ in range(128)]
        self.leaf = False  # a heuristic leaf was met in the current subtree
        self.completed = 0
        self.best = 0  # the best move of the last iteration completed (0: none yet)
        self.best_score = 0
        self.solved = False
        self.partial = 0  # a root move that beat the first one in the current iteration
        self.futility = FUTILITY_DEPTH  # the depth up to which futility pruning applies (0: none)
        #: Added to every heuristic evaluation for the side to move (0 for the bot levels; the study tools'
        #: search, dvonn_core.dvonn.study, sets its measured value: the side to move gains by moving).
        self.tempo = 0

    # ---------------------------------------------------------------- root

    def run(self, max_depth: int, rng: Rng, noise: int) -> int:
        g = self.game
        root = list(g.legal_codes())
        # The seed decides the order of otherwise equal moves.
        keys = [rng.next() for _ in root]
        order = sorted(range(len(root)), key=lambda k: (-self._order_key(root[k], 0, 0), keys[k]))
        moves = [root[k] for k in order]
        best = moves[0]
        if noise:
            return self._noisy_root(moves, max_depth, rng, noise)
        for depth in range(1, max_depth + 1):
            self.partial = 0
            try:
                score, move = self._root(moves, depth)
            except _Timeout:
                # A move that beat the previous best in the unfinished iteration is better still.
                if self.partial:
                    best = self.partial
                break
            best = move
            self.best = move
            self.best_score = score
            self.completed = depth
            # Best move first next time, the rest by their earlier order.
            moves.remove(move)
            moves.insert(0, move)
            if not self.leaf:
                self.solved = True
                break
            elapsed = _now() - self.start
            if elapsed > self.budget * 0.45:
                break
            if self.max_nodes and self.nodes > self.max_nodes * NODE_SHARE:
                break
        return best

    def _root(self, moves: "List[int]", depth: int) -> "Tuple[int, int]":
        g = self.game
        alpha = -WIN * 4
        beta = WIN * 4
        best = moves[0]
        self.leaf = False
        leaf = False
        first = True
        for code in moves:
            g.push(code)
            try:
                if first:
                    v = -self._negamax(depth - 1, -beta, -alpha, 1)
                else:
                    v = -self._negamax(depth - 1, -alpha - 1, -alpha, 1)
                    if v > alpha:
                        v = -self._negamax(depth - 1, -beta, -alpha, 1)
            finally:
                g.pop()
            leaf = leaf or self.leaf
            self.leaf = False
            if first or v > alpha:
                if not first:
                    self.partial = code
                alpha = v
                best = code
                first = False
        self.leaf = leaf
        return alpha, best

    def _noisy_root(self, moves: "List[int]", depth: int, rng: Rng, noise: int) -> int:
        """Search to ``depth``, then pick among the root moves scoring within ``noise`` of
        the best, each with a random bonus below ``noise`` (an imprecise but sensible player)."""
        for d in range(1, depth):  # shallower iterations order the moves and fill the table
            try:
                _, move = self._root(moves, d)
            except _Timeout:
                return moves[0]
            moves.remove(move)
            moves.insert(0, move)
        g = self.game
        best = moves[0]
        top = None  # best exact score so far
        best_v = None  # best score with noise
        for code in moves:
            floor = -WIN * 4 if top is None else top - noise
            g.push(code)
            try:
                v = -self._negamax(depth - 1, -WIN * 4, -floor, 1)
            except _Timeout:
                g.pop()
                break
            g.pop()
            if v <= floor:
                continue  # more than ``noise`` below the best: never chosen
            if top is None or v > top:
                top = v
            if abs(v) < WIN:
                v += rng.below(noise + 1)
            if best_v is None or v > best_v:
                best_v = v
                best = code
        self.completed = depth
        self.best_score = top if top is not None else 0
        return best

    def line(self, game: Game, first: int, plies: int) -> "List[int]":
        """The principal line from ``game``, the search's root position (given again: while the search runs,
        its own copy is somewhere in its tree): ``first``, then the table's best move in each position it
        leads to, at most ``plies`` moves, each legal there (a live analysis shows it as the best line).

        >>> game = Game.from_position("9-10-11-10-9.wp")
        >>> search = Search(game.copy(), 1.0)
        >>> first = search.run(3, Rng(1), 0)
        >>> search.line(game, first, 1) == [first]
        True
        """
        g = game.copy()
        out = []  # type: List[int]
        code = first
        while code and len(out) < plies and code in g.legal_codes():
            out.append(code)
            g.push(code)
            entry = self.tt[g.turn].get(tuple(g.cells))
            code = entry[3] if entry is not None else 0
        return out

    # ---------------------------------------------------------------- interior

    def _order_key(self, code: int, tt_move: int, ply: int) -> int:
        if code == tt_move:
            return 1 << 30
        if code >= PLACE_BASE:
            return 0
        st = self.game.cells
        x = st[code & 63]
        top = x[-1]
        mover = st[code >> 6][-1]
        if top != mover and top != "d":
            k = CAPTURE_KEY + 1000 * len(x)
        elif "d" in x:
            k = DVONN_KEY
        else:
            k = 0
        if ply < 128:
            kl = self.killers[ply]
            if code == kl[0] or code == kl[1]:
                k += KILLER_KEY
        return k + self.history[code]

    def _check_clock(self) -> None:
        if _now() > self.deadline or (self.max_nodes and self.nodes > self.max_nodes):
            raise _Timeout()
        if self.hook is not None and self.hook(self):
            raise _Timeout()

    def _cutoff(self, code: int, depth: int, ply: int) -> None:
        """Remember a move that caused a beta cutoff (history and killers)."""
        if code < PLACE_BASE:
            h = self.history[code] + depth * depth
            self.history[code] = h
            if h > self.history_max:
                self.history_max = h
            if ply < 128:
                kl = self.killers[ply]
                if kl[0] != code:
                    kl[1] = kl[0]
                    kl[0] = code

    def _ordered(self, legal: "List[int]", tt_move: int, depth: int, ply: int) -> "Tuple[List[int], int]":
        """(``legal`` in search order, the index of the first move to reduce): the keys of
        :meth:`_order_key`, computed here (the mover is the side to move)."""
        st = self.game.cells
        me = "b" if self.game.turn else "w"
        hist = self.history
        k0, k1 = self.killers[ply] if ply < 128 else (0, 0)
        scored = []
        for c in legal:
            if c == tt_move:
                k = 1 << 30
            else:
                x = st[c & 63]
                top = x[-1]
                if top != me and top != "d":
                    k = CAPTURE_KEY + 1000 * len(x)
                elif "d" in x:
                    k = DVONN_KEY
                else:
                    k = 0
                if c in (k0, k1):
                    k += KILLER_KEY
                k += hist[c]
            scored.append((k, c))
        scored.sort(reverse=True)
        quiet = 1 << 30
        if depth >= LMR_DEPTH:
            quiet = LMR_AFTER
            while quiet < len(scored) and scored[quiet][0] >= QUIET_KEY:
                quiet += 1
        return [c for _, c in scored], quiet

    def _first_capture(self, by_cell: "List[List[int]]", ply: int) -> int:
        """The first move of :meth:`_ordered`'s order (no table move) when it is a capture that no other
        kind of move can outrank, found without ordering the others; else 0 (``by_cell``: the side to
        move's moves by source cell, from the position's terms)."""
        st = self.game.cells
        them = "w" if self.game.turn else "b"
        hist = self.history
        k0, k1 = self.killers[ply] if ply < 128 else (0, 0)
        best = 0
        head = 0
        for codes in by_cell:
            for c in codes:
                x = st[c & 63]
                if x[-1] == them:
                    k = CAPTURE_KEY + 1000 * len(x) + hist[c]
                    if c in (k0, k1):
                        k += KILLER_KEY
                    if k > best or (k == best and c > head):
                        best = k
                        head = c
        # Any other move's key is at most that of a DVONN stack, plus a killer's bonus and its history.
        return head if best > DVONN_KEY + KILLER_KEY + self.history_max else 0

    def _frontier(
        self, moves: "List[int]", terms: tuple, alpha: int, beta: int, ply: int, first: bool
    ) -> "Tuple[int, int]":
        """(best score, best move) of a depth-1 node: its children, leaves, are evaluated here from
        this position's ``terms``, the nodes counted as :meth:`_negamax` would count them
        (``first``: ``moves`` begins with the node's first move)."""
        g = self.game
        push = g.push
        pop = g.pop
        cells = g.cells
        cache = self.evals[1 - g.turn]
        tempo = self.tempo
        best = -WIN * 4
        best_move = moves[0]
        leaf = False
        for code in moves:
            sc = _leaf_score(cells, terms, code >> 6, code & 63) if code < PLACE_BASE else None
            if sc is None:  # played, and cached by position
                push(code)
                try:
                    leaf_key = tuple(cells)
                    hit = cache.get(leaf_key)
                    if hit is None:
                        if code < PLACE_BASE:
                            sc, moving = _child_score_of(g, terms, code >> 6, code & 63)
                        else:
                            sc, moving = _score_of(g)
                        hit = cache[leaf_key] = (sc, False) if moving else (final_score(g), True)
                finally:
                    pop()
                v = -hit[0]
                if not hit[1]:
                    leaf = True
                    v -= tempo
            else:  # found without playing the move (never the end of the game)
                v = -sc - tempo
                leaf = True
            self.nodes += 1
            if not self.nodes & 31:
                self._check_clock()
            if not first and alpha < v < beta:  # the re-search _negamax would make
                self.nodes += 1
                if not self.nodes & 31:
                    self._check_clock()
            first = False
            if v > best:
                best = v
                best_move = code
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        self._cutoff(code, 1, ply)
                        break
        if leaf:
            self.leaf = True
        return best, best_move

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if not self.nodes & 31:
            self._check_clock()
        g = self.game
        if depth <= 0:
            cache = self.evals[g.turn]
            key = tuple(g.cells)
            hit = cache.get(key)
            if hit is None:
                hit = cache[key] = _evaluate(g)
            if not hit[1]:
                self.leaf = True
                return hit[0] + self.tempo
            return hit[0]
        key = tuple(g.cells)
        table = self.tt[g.turn]
        entry = table.get(key)  # never a finished game's position: those are not stored
        tt_move = 0
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_flag == 0 or (e_flag == 1 and e_score >= beta) or (e_flag == -1 and e_score <= alpha):
                    if e_depth < EXACT:
                        self.leaf = True
                    return e_score
        # This position's evaluation terms and moves, from its parent's terms: its children's come from them.
        last = g.last_code
        terms = self.terms[ply - 1]
        if last < PLACE_BASE:
            terms = _child_terms(g, terms, last >> 6, last & 63)
        elif last != PASS_CODE:
            terms = _parent_terms(g)
        self.terms[ply] = terms
        if depth <= self.futility and beta - alpha == 1 and terms[3] and popcount(terms[4]) >= FUTILITY_STACKS:
            # Futility: a null-window node near the leaves whose evaluation is far below alpha or above beta.
            stand = (-terms[2] if g.turn else terms[2]) // SCALE + self.tempo
            if stand + FUTILITY_MARGIN[depth] <= alpha:
                self.leaf = True
                return stand + FUTILITY_MARGIN[depth]
            if stand - REVERSE_MARGIN[depth] >= beta:
                self.leaf = True
                return stand - REVERSE_MARGIN[depth]
        outer_leaf = self.leaf
        alpha0 = alpha
        if depth == 1 and g.placed == SIZE:
            # A frontier node. Its first move almost always decides it (a cutoff): that move (the
            # table's, or a capture that heads the order) is tried before the others are listed.
            head = tt_move or self._first_capture(terms[9] if g.turn else terms[8], ply)
            self.leaf = False
            best = -WIN * 4
            best_move = 0
            if head:
                best, best_move = self._frontier([head], terms, alpha, beta, ply, True)
            if best < beta:
                legal = _moves_of(terms, g.turn)
                if not legal:
                    self.leaf = outer_leaf
                    return final_score(g)
                if head:
                    if len(legal) > 1:
                        moves, _ = self._ordered(legal, tt_move, depth, ply)
                        v, code = self._frontier(moves[1:], terms, best if best > alpha else alpha, beta, ply, False)
                        if v > best:
                            best = v
                            best_move = code
                else:
                    moves = self._ordered(legal, tt_move, depth, ply)[0] if len(legal) > 1 else legal
                    best, best_move = self._frontier(moves, terms, alpha, beta, ply, True)
        else:
            legal = _moves_of(terms, g.turn) if g.placed == SIZE else g.legal_codes()
            if not legal:
                return final_score(g)
            if len(legal) == 1:
                moves = legal
                quiet = 1 << 30  # the index of the first move to reduce
            else:
                moves, quiet = self._ordered(legal, tt_move, depth, ply)
            self.leaf = False
            best = -WIN * 4
            best_move = moves[0]
            first = True
            for k, code in enumerate(moves):
                g.push(code)
                try:
                    if first:
                        v = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
                    else:
                        if k >= quiet:
                            v = -self._negamax(depth - 2, -alpha - 1, -alpha, ply + 1)
                            if v > alpha:
                                v = -self._negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                        else:
                            v = -self._negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                        if alpha < v < beta:
                            v = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
                finally:
                    g.pop()
                first = False
                if v > best:
                    best = v
                    best_move = code
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            self._cutoff(code, depth, ply)
                            break
        exact = not self.leaf
        self.leaf = outer_leaf or self.leaf
        flag = 1 if best >= beta else (0 if best > alpha0 else -1)
        table[key] = (EXACT if exact else depth, flag, best, best_move)
        return best
