"""The placement phase: an evaluation of set-ups, and a search that uses it.

After the three DVONN pieces, the players fill the other 46 cells.  Where a
piece goes matters for the whole game: pieces far from the DVONN pieces are
cut off and lost, pieces next to one are the safest, pieces surrounded by their
own colour cannot move.  This module describes every piece of a (partly) filled
board by a few counts (:data:`NAMES`), weighted by :data:`WEIGHTS`.

The weights say: stay close to all three DVONN pieces (each step away from any
of them costs a point), best next to one (10 points) or two steps from one (5),
and keep at least two neighbours that are not your own colour (5 points for
each one missing).  This is the set-up knowledge of PrimaDvonna, the CodeCup
2011 winner; judged by that program playing both sides from the finished
set-up, it is worth about 14 pieces a game over the weights fitted to the
set-ups of 9,575 Boardspace games by ``tools/tune_setup.py`` (which still
fits all the counts and prints the fit on held-out games).

The value of a board is the sum over White's pieces minus the sum over Black's,
so a placement changes it only around the cell it fills.  :class:`PlacementSearch`
keeps the value up to date as it places and takes back pieces, and searches the
placement phase by iterative-deepening alpha-beta with a transposition table
(the same cells filled in another order are the same board), judged by that value.

>>> from dvonn_core.dvonn.game import Game
>>> g = Game()
>>> for cell in ("C3", "F3", "I3", "A1", "B1"):
...     _ = g.play(cell)
>>> len(features(g.cells)) == len(NAMES)
True
>>> isinstance(value(g.cells), int)
True
"""

from ..common.portable import now as _now
from .board import EDGE, NEIGHBOURS, SIZE, distance

try:
    from typing import List, Tuple
except ImportError:  # MicroPython
    pass

#: The counts of a piece, in the order of :data:`WEIGHTS`.  The first nine depend
#: only on the cell and the DVONN pieces; the others on the neighbours.
NAMES = (
    "next_to_dvonn",  # one step from the nearest DVONN piece
    "two_from_dvonn",  # two steps
    "three_from_dvonn",  # three steps (four steps is the reference: weight 0)
    "far_from_dvonn",  # five or more steps: likely cut off
    "near_two_dvonns",  # the second nearest DVONN piece is at most two steps away
    "edge",  # fewer than six neighbours: can move from the start
    "corner",  # three neighbours
    "edge_next_to_dvonn",  # on the edge and next to a DVONN piece
    "two_dvonn_neighbours",  # two or more DVONN pieces next to it
    "dvonn_distance",  # steps to the three DVONN pieces, added up
    "own_neighbours",  # neighbours of its own colour (counted per neighbour)
    "alone",  # no neighbour of its own colour
    "exposed",  # an enemy piece on the edge next to it (can take it at once)
    "attacker",  # on the edge with an enemy piece next to it
    "crowded",  # how many of the two neighbours not of its colour it needs are missing (0, 1 or 2)
)
N_STATIC = 10

#: Points per piece (see the module's docstring); the counts weighted 0 are described for tools/tune_setup.py.
WEIGHTS = [10, 5, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, -5]  # type: List[int]


def static_counts(cell: int, dvonns: "List[int]") -> "List[int]":
    """The first :data:`N_STATIC` counts of a piece on ``cell`` (0 or 1 each, but the distance)."""
    ds = sorted([distance(cell, d) for d in dvonns])
    d = ds[0]
    near = 0
    for x in NEIGHBOURS[cell]:
        if x in dvonns:
            near += 1
    return [
        1 if d == 1 else 0,
        1 if d == 2 else 0,
        1 if d == 3 else 0,
        1 if d >= 5 else 0,
        1 if len(ds) > 1 and ds[1] <= 2 else 0,
        1 if EDGE[cell] else 0,
        1 if len(NEIGHBOURS[cell]) <= 3 else 0,
        1 if EDGE[cell] and d == 1 else 0,
        1 if near >= 2 else 0,
        sum(ds),
    ]


def _dynamic(cells: "List[str]", cell: int, me: str) -> "Tuple[int, int, int, int, int]":
    own = 0
    exposed = 0
    attacker = 0
    for n in NEIGHBOURS[cell]:
        x = cells[n]
        if x == me:
            own += 1
        elif x and x != "d":
            attacker = 1
            if EDGE[n]:
                exposed = 1
    others = len(NEIGHBOURS[cell]) - own
    return own, 1 if own == 0 else 0, exposed, attacker if EDGE[cell] else 0, 2 - others if others < 2 else 0


def features(cells: "List[str]") -> "List[int]":
    """White's counts minus Black's, over the pieces on a board whose three DVONN pieces are placed."""
    dvonns = [i for i in range(SIZE) if cells[i] == "d"]
    out = [0] * len(NAMES)
    for i in range(SIZE):
        me = cells[i]
        if me != "w" and me != "b":
            continue
        sign = 1 if me == "w" else -1
        counts = static_counts(i, dvonns) + list(_dynamic(cells, i, me))
        for k in range(len(NAMES)):
            out[k] += sign * counts[k]
    return out


def value(cells: "List[str]") -> int:
    """The value of a board for White (points, see :data:`WEIGHTS`)."""
    return sum([w * f for w, f in zip(WEIGHTS, features(cells))])


class PlacementSearch:
    """Alpha-beta over the remaining placements of a board whose DVONN pieces are placed.

    ``cells`` are single pieces or empty; ``turn`` is 0 when White places next.
    """

    def __init__(self, cells: "List[str]", turn: int, budget: float, max_nodes: int = 0) -> None:
        self.cells = list(cells)
        self.turn = turn
        self.start = _now()
        self.budget = budget
        self.deadline = self.start + budget * 0.9
        self.max_nodes = max_nodes
        self.nodes = 0
        self.completed = 0
        self.solved = False
        self.best_score = 0
        self.tt = {}  # type: dict
        dvonns = [i for i in range(SIZE) if self.cells[i] == "d"]
        ws = WEIGHTS
        self.static = [sum([w * c for w, c in zip(ws, static_counts(i, dvonns))]) for i in range(SIZE)]
        self.total = value(self.cells)

    def _piece(self, cell: int, me: str) -> int:
        ws = WEIGHTS
        own, alone, exposed, attacker, crowded = _dynamic(self.cells, cell, me)
        v = self.static[cell] + ws[10] * own + ws[11] * alone + ws[12] * exposed + ws[13] * attacker + ws[14] * crowded
        return v if me == "w" else -v

    def _around(self, cell: int) -> int:
        st = self.cells
        v = 0
        for n in NEIGHBOURS[cell]:
            x = st[n]
            if x == "w" or x == "b":
                v += self._piece(n, x)
        return v

    def delta(self, cell: int, me: str) -> int:
        """How White's value changes when ``me`` places on the empty ``cell``."""
        before = self._around(cell)
        self.cells[cell] = me
        after = self._around(cell) + self._piece(cell, me)
        self.cells[cell] = ""
        return after - before

    def run(self, order: "List[int]", max_depth: int = 64) -> int:
        """The best cell for the side to place; ``order`` (the empty cells) breaks ties, first best."""
        best = order[0]
        for depth in range(1, max_depth + 1):
            try:
                score, move = self._root(order, depth)
            except _Timeout:
                break
            best = move
            self.best_score = score
            self.completed = depth
            order.remove(move)
            order.insert(0, move)
            if depth >= len(order):
                self.solved = True
                break
            if _now() - self.start > self.budget * 0.3 or (self.max_nodes and self.nodes > self.max_nodes * 0.3):
                break
        return best

    def _root(self, order: "List[int]", depth: int) -> "Tuple[int, int]":
        alpha = -(1 << 40)
        beta = 1 << 40
        best = order[0]
        me = "w" if self.turn == 0 else "b"
        for cell in order:
            d = self.delta(cell, me)
            self.cells[cell] = me
            self.total += d
            try:
                v = -self._negamax(depth - 1, -beta, -alpha, 1 - self.turn)
            finally:
                self.cells[cell] = ""
                self.total -= d
            if v > alpha:
                alpha = v
                best = cell
        return alpha, best

    def _negamax(self, depth: int, alpha: int, beta: int, turn: int) -> int:
        self.nodes += 1
        if not self.nodes & 63:
            if _now() > self.deadline or (self.max_nodes and self.nodes > self.max_nodes):
                raise _Timeout()
        sign = 1 if turn == 0 else -1
        st = self.cells
        empties = [i for i in range(SIZE) if not st[i]]
        if depth <= 0 or not empties:
            return sign * self.total
        me = "w" if turn == 0 else "b"
        if depth == 1:  # the best placement's gain, without placing it
            return sign * self.total + max([sign * self.delta(c, me) for c in empties])
        key = "".join([x or "." for x in st])
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            e_depth, e_flag, e_score, first = entry
            if e_depth >= depth and (
                e_flag == 0 or (e_flag == 1 and e_score >= beta) or (e_flag == -1 and e_score <= alpha)
            ):
                return e_score
        # Best immediate gain first (the table's move before all).
        scored = [(sign * self.delta(c, me), c) for c in empties]
        scored.sort(reverse=True)
        if first >= 0:
            for k in range(len(scored)):
                if scored[k][1] == first:
                    scored.insert(0, scored.pop(k))
                    break
        alpha0 = alpha
        best = -(1 << 40)
        best_cell = scored[0][1]
        for gain, c in scored:
            d = sign * gain
            st[c] = me
            self.total += d
            try:
                v = -self._negamax(depth - 1, -beta, -alpha, 1 - turn)
            finally:
                st[c] = ""
                self.total -= d
            if v > best:
                best = v
                best_cell = c
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        flag = 1 if best >= beta else (0 if best > alpha0 else -1)
        self.tt[key] = (depth, flag, best, best_cell)
        return best


class _Timeout(Exception):
    pass
