"""The search of the study tools (the analysis board, the post-game analysis, the hint) for Diamonds &
Pivots: the hard bot's search (:class:`~dvonn_core.diamonds.bot.Search`, the same turns, evaluation and
tree) with a root that keeps the best ``lines`` turns exact instead of one (multi-PV), and :data:`TEMPO`
added to every leaf's evaluation for the side to move.  With one line and no tempo it is the hard bot's
root, turn for turn.  The bot levels never use it.

Where an exact solver would stop: the game has no exact solver.  A turn's chains of pivots can reach
millions of boards (``rules.TooManyTurnsError`` past 100,000), so even a position with a few empty
cells can have more turns than a search can list, and the game ends only after two passes in a row, so
a position ends within a known number of plies only once the board is nearly full.  The search scores a
finished game exactly (``WIN`` plus the margin) and stops deepening once every line ends the game.

>>> from dvonn_core.diamonds import DiamondsGame
>>> game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
>>> search = StudySearch(game, lines=3, hook=lambda s: s.completed >= 2)
>>> lines = search.deepen()
>>> search.completed, len(lines), lines[0][0] >= lines[1][0] >= lines[2][0]
(2, 3, True)
>>> all(game.copy().play(turns[0]) for _, turns in lines)
True
"""

from .bot import ROOT_BOARDS, WIN, Search, _Timeout, line_moves
from .game import DiamondsGame
from .moves import PASS, Move
from .rules import diamonds_of

try:
    from typing import Any, Callable, Dict, List, Optional, Tuple
except ImportError:  # MicroPython
    pass

__all__ = ["StudySearch", "LINES", "MOST_LINES", "TEMPO"]

#: The lines shown by default, and the most that can be asked for.
LINES = 3
MOST_LINES = 5
#: The deepest search (plies).
MAX_DEPTH = 64
#: Added to the evaluation of every leaf for the side to move (hundredths of a stone): without it the best
#: score swings with the parity of the depth (the side to move gains by moving).  On the 20 committed
#: positions (tests/data/analysis-positions.txt) at depths 1 to 3: the median change between successive
#: depths 190, the largest 290, and 20 of 20 pairs of successive changes in opposite directions; with 95,
#: 20, 100 and 5 (110: 30, 110 and 12; 125: 60, 140 and 15).  The bot levels keep 0.
TEMPO = 95


class StudySearch(Search):
    """The hard bot's search of ``game`` keeping the best ``lines`` turns exact, with no clock: it stops
    when ``hook`` (called with the search whenever it reads its clock) returns True.  After each depth
    done, :attr:`pvs` holds the best ``lines`` turns as ``(score, turns)`` (the score for the side to
    move in hundredths of a stone, the turn and the line it begins as :class:`Move` values)."""

    def __init__(self, game: DiamondsGame, lines: int = LINES,
                 hook: "Optional[Callable[[Search], bool]]" = None) -> None:
        Search.__init__(self, 1e18, hook, True)
        self.root = game.copy()
        self.multipv = max(1, min(MOST_LINES, int(lines)))
        self.pvs = []  # type: List[Tuple[int, List[Move]]]
        self.tempo = TEMPO

    def deepen(self, max_depth: int = MAX_DEPTH) -> "List[Tuple[int, List[Move]]]":
        """Deepen from one ply until ``max_depth``, the hook, or every line ends the game; the lines of
        the last depth done (empty when not even one ply was; ``ValueError`` when the game is over)."""
        game = self.root
        if game.phase == "over":
            raise ValueError("the game is over: there is no move to choose in %s" % game.position())
        black, white = game.bits
        is_white = game.to_move == "white"
        mine, opp = (white, black) if is_white else (black, white)
        kids = self.children(mine, opp, ROOT_BOARDS, bool(diamonds_of(mine)), partial=True)
        passes = 1 if game.position().endswith("p") else 0
        for depth in range(1, max_depth + 1):
            try:
                scored, below = self._root_lines(kids, is_white, depth, passes, mine, opp)
            except _Timeout:
                break
            lines = []
            for v, i in scored[:self.multipv]:
                kid = None if i < 0 else kids[i]
                self.best_line = (kid, below.get(i))
                lines.append((v, line_moves(game, self.principal_line()[:depth])))
            self.pvs = lines
            self.best_line = None
            order = [i for _, i in scored if i >= 0]
            kids = [kids[i] for i in order]
            self.completed, self.best_score = depth, scored[0][0]
            best = scored[0][1]
            self.best = None if best < 0 else kids[0]
            if all(abs(v) >= WIN // 2 for v, _ in scored[:self.multipv]):
                break  # every line shown ends the game: deeper changes nothing
        return self.pvs

    def _root_lines(self, kids: "List[Tuple[int, int, int, int, tuple]]", is_white: bool, depth: int, passes: int,
                    mine: int, opp: int) -> "Tuple[List[Tuple[int, int]], Dict[int, Any]]":
        """``(score, child index)`` of every root child at ``depth`` (a pass is index -1), the best
        ``multipv`` exact and first, and the line below each of those."""
        k = self.multipv
        top = []  # type: List[Tuple[int, int]]  # (-score, index), best first
        rest = []  # type: List[Tuple[int, int]]
        below = {}  # type: Dict[int, Any]
        alpha = -WIN * 2
        lines = self.lines  # type: Any  # the bot's links of the line below each node
        items = list(range(len(kids))) + ([-1] if passes == 1 or not kids else [])
        for i in items:
            if i < 0:
                v = -self.negamax(opp, mine, not is_white, depth - 1, -WIN * 2, -alpha if len(top) >= k else WIN * 2,
                                  passes + 1)
            else:
                _, _, nm, no, _ = kids[i]
                v = -self.negamax(no, nm, not is_white, depth - 1, -WIN * 2, -alpha if len(top) >= k else WIN * 2, 0)
            if len(top) < k or v > alpha:
                below[i] = lines.get(depth - 1)
                top.append((-v, i if i >= 0 else 1 << 30))
                top.sort()
                if len(top) > k:
                    rest.append(top.pop())
                if len(top) == k:
                    alpha = -top[-1][0]
            else:
                rest.append((-v, i if i >= 0 else 1 << 30))
        rest.sort(key=_second)
        return [(-v, i if i < 1 << 30 else -1) for v, i in top + rest], below


def _second(item: "Tuple[int, int]") -> int:
    return item[1]


def turn_of(game: DiamondsGame, turns: "List[Move]") -> Move:
    """The first turn of a line (a pass when the line is empty)."""
    return turns[0] if turns else Move(PASS)
