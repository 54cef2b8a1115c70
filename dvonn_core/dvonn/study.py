"""The search of the study tools (the analysis board, the post-game analysis, the hint): several lines,
and every legal move's exact outcome where the endgame solver reaches.

:class:`StudySearch` is the hard bot's search (:class:`~dvonn_core.dvonn.bot.Search`: the same tree,
evaluation, table and pruning) with a root that keeps the best ``lines`` moves exact instead of one
(multi-PV): the first ``lines`` moves are searched with the full window, each later one with a null
window at the score of the ``lines``-th best so far, and again with the full window above it when it
beats it.  Its leaves add :data:`TEMPO` for the side to move (the bot's evaluation leaves out whose move it
is: without it the score swings with the parity of the depth).  With one line and no tempo it is the hard
bot's root, move for move.  Every line is searched to the
same depth; the scores are for the side to move, in hundredths of a piece (a won game ``WIN`` plus
its margin).  The bot levels never use it.

:func:`exact_moves` asks the exact solver (:mod:`~dvonn_core.dvonn.endgame`) for the final margin of
every legal move, best first, sharing one table between the moves.

>>> from dvonn_core.dvonn.game import Game
>>> game = Game.from_position("W1bBWBbB1WB-1BBwbWWWWBbbbWW-WbBWWWWwBBWBD-WB1dBB1BD1wB-W2wW1W3.w")
>>> search = StudySearch(game, lines=3)
>>> lines = search.deepen(3)
>>> search.completed, len(search.principal(game, 4)), lines[0][0] >= lines[1][0] >= lines[2][0]
(3, 3, True)
>>> end = Game.from_position("WbW1wwB5-wBBBW2wbB3-bdW4bbWB4-3bbwbwW2wB3-2dB1BD3.b")
>>> moves = exact_moves(end)
>>> moves[0][1], len(moves) == len(end.legal_codes())
(21, True)
"""

from ..common.portable import popcount
from ..common.rng import Rng
from .bot import MAX_DEPTH, SOLVE_STACKS, WIN, Search, _Timeout
from .endgame import OutOfTime, Solver
from .game import Game

try:
    from typing import Callable, List, Optional, Tuple
except ImportError:  # MicroPython
    pass

__all__ = ["StudySearch", "exact_moves", "solvable", "LINES", "MOST_LINES", "TEMPO", "StudyStopped"]

#: The lines shown by default, and the most that can be asked for.
LINES = 3
MOST_LINES = 5
#: Added to the evaluation of every leaf for the side to move (hundredths of a piece): the bot's evaluation
#: leaves out whose move it is, and the side to move gains by moving (the bot's comments measure a median
#: of about 430 at depth 1), so the best score swung with the parity of the depth: on the 20 committed
#: middle games (tests/data/analysis-positions.txt), from depth 3 to 8, the median change between
#: successive depths was 266 with 61 of 74 pairs of successive changes of opposite signs; with 200 here,
#: 79 and 48 of 74 (150: 88 and 250: 103 at depths 3 to 6, against 72 with 200).  The bot levels keep 0.
TEMPO = 200


class StudyStopped(Exception):
    """The hook asked the exact solver to stop before every move was solved."""


class StudySearch(Search):
    """The hard bot's search of ``game`` (a copy is searched) keeping the best ``lines`` root moves
    exact, with no clock: it stops at ``max_nodes`` nodes (0: none) or when ``hook`` (called with the
    search every 32 nodes) returns True.  After each depth done, :attr:`lines` holds that depth's
    ``(score, move code)`` of every root move, the best ``lines`` first (exact), then the others
    (upper bounds) in the order they will be searched next."""

    def __init__(self, game: Game, lines: int = LINES, max_nodes: int = 0,
                 hook: "Optional[Callable[[Search], bool]]" = None, seconds: float = 1e9) -> None:
        Search.__init__(self, game.copy(), seconds, max_nodes, hook)
        self.deadline = self.start + seconds  # all of it (the bot keeps 5% of its budget back)
        self.multipv = max(1, min(MOST_LINES, int(lines)))
        self.lines = []  # type: List[Tuple[int, int]]
        self.tempo = TEMPO

    def deepen(self, max_depth: int = MAX_DEPTH, rng: "Optional[Rng]" = None) -> "List[Tuple[int, int]]":
        """Deepen from depth 1 until ``max_depth``, the node budget, the hook, or a root solved to the
        end; the lines of the last depth done (empty when not even depth 1 was).  ``ValueError`` when the
        game is over."""
        g = self.game
        root = list(g.legal_codes())
        if not root:
            raise ValueError("the game is over: there is no move to choose in %s" % g.position())
        rng = rng or Rng(1)  # the seed the study tools have always given the hard bot
        keys = [rng.next() for _ in root]
        order = sorted(range(len(root)), key=lambda k: (-self._order_key(root[k], 0, 0), keys[k]))
        moves = [root[k] for k in order]
        for depth in range(1, max_depth + 1):
            self.partial = 0
            try:
                scored = self._root_lines(moves, depth)
            except _Timeout:
                break
            self.lines = scored
            self.best_score, self.best = scored[0]
            self.completed = depth
            moves = [code for _, code in scored]
            if not self.leaf:
                self.solved = True
                break
        return self.lines

    def _root_lines(self, moves: "List[int]", depth: int) -> "List[Tuple[int, int]]":
        """Every root move's ``(score, code)`` at ``depth``: the best ``multipv`` exact and first."""
        g = self.game
        k = self.multipv
        top = []  # type: List[Tuple[int, int, int]]  # (-score, index, code) of the exact scores, best first
        rest = []  # type: List[Tuple[int, int, int]]  # the others: upper bounds
        alpha = -WIN * 4  # the k-th best exact score so far (none yet: the full window)
        self.leaf = False
        leaf = False
        for i, code in enumerate(moves):
            g.push(code)
            try:
                if len(top) < k:
                    v = -self._negamax(depth - 1, -WIN * 4, WIN * 4, 1)
                else:
                    v = -self._negamax(depth - 1, -alpha - 1, -alpha, 1)
                    if v > alpha:
                        v = -self._negamax(depth - 1, -WIN * 4, -alpha, 1)
            finally:
                g.pop()
            leaf = leaf or self.leaf
            self.leaf = False
            if len(top) < k or v > alpha:
                if top and v > -top[0][0]:
                    self.partial = code  # a move that beat the best so far (for a live report)
                top.append((-v, i, code))
                top.sort()
                if len(top) > k:
                    rest.append(top.pop())
                if len(top) == k:
                    alpha = -top[-1][0]
            else:
                rest.append((-v, i, code))
        self.leaf = leaf
        rest.sort(key=_by_index)  # the others keep their order (they were searched with bounds only)
        return [(-v, code) for v, _, code in top] + [(-v, code) for v, _, code in rest]

    def principal(self, game: Game, plies: int) -> "List[Tuple[int, List[int]]]":
        """The best ``multipv`` lines of the last depth done as ``(score, moves)``, each line at most
        ``plies`` moves from ``game`` (the position searched)."""
        return [(score, self.line(game, code, plies)) for score, code in self.lines[:self.multipv]]


def _by_index(item: "Tuple[int, int, int]") -> int:
    return item[1]


def solvable(game: Game) -> bool:
    """Whether ``game`` is a movement position small enough for the exact solver (as hard asks it)."""
    return game.placed == 49 and popcount(game.occupied) <= SOLVE_STACKS and bool(game.legal_codes())


def exact_moves(game: Game, max_nodes: int = 0, hook: "Optional[Callable[[Solver], bool]]" = None
                ) -> "List[Tuple[int, int]]":
    """``(move code, final margin for the side to move)`` for every legal move of ``game``, best first
    (equal margins in the order of the legal moves), by the exact solver.  Raises :exc:`OutOfTime`
    past ``max_nodes`` nodes in all (0: no limit) and :exc:`StudyStopped` when ``hook`` (called with
    the solver every 1024 nodes) returns True.  The solver's table is shared by the moves."""
    if game.placed < 49:
        raise ValueError("the solver plays stack moves only: the placement phase is not over")
    table = {}  # type: dict
    history = [0] * 4096
    used = 0
    out = []  # type: List[Tuple[int, int, int]]
    stopped = []  # type: List[bool]

    def check(solver: Solver) -> bool:
        if hook is not None and hook(solver):
            stopped.append(True)
            return True
        return False

    for i, code in enumerate(game.legal_codes()):
        child = game.copy()
        child.push(code)
        solver = Solver(child, None, max_nodes - used if max_nodes else 0, check)
        solver.table = table
        solver.history = history
        try:
            margin = -solver.margin()
        except OutOfTime:
            if stopped:
                raise StudyStopped()
            raise
        finally:
            used += solver.nodes
        out.append((-margin, i, code))
    out.sort()
    return [(code, -m) for m, _, code in out]

