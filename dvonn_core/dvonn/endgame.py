"""The exact end of a sparse DVONN game: who wins, and by how many pieces, with no evaluation.

:class:`Solver` searches a position of few stacks to the end.  It keeps only what decides the rest
of a game (a stack's height, its top piece and whether it holds a DVONN piece: the pieces below the
top never matter again), so positions that differ only in buried pieces share one table entry, and a
move changes a few numbers and a 64-bit Zobrist key instead of 49 strings.  With no evaluation to
keep up to date it searches two to three times as many positions a second as the bot's heuristic
search: most positions of 22 stacks or fewer are proved won, drawn or lost within half a second in
CPython.  The hard bot asks it first in those positions (:data:`~dvonn_core.dvonn.bot.SOLVE_STACKS`),
where its heuristic search solved few; programs that study games can use it on its own.

Its scores are final piece margins for the side to move.  A search with the window (-1, 1) tells
only won, drawn or lost (:meth:`Solver.outcome`), which is several times cheaper than the margin
(:meth:`Solver.margin`); the table keeps both bounds of every position, so a margin search after an
outcome search reuses all of its work.

>>> from dvonn_core.dvonn.game import Game
>>> g = Game.from_position("WbW1wwB5-wBBBW2wbB3-bdW4bbWB4-3bbwbwW2wB3-2dB1BD3.b")
>>> s = Solver(g)
>>> s.outcome(), s.margin(), s.best_move() in g.legal_codes()
(1, 21, True)
"""

from ..common.portable import now as _now
from ..common.rng import Rng
from .board import BIT, EDGE, NEIGHBOUR_BITS, SIZE
from .game import Game, flood
from .incremental import ARC_SAFE, CELL_OF, RAY_BITS

try:
    from typing import Callable, List, Optional, Tuple
except ImportError:  # MicroPython
    pass

__all__ = ["Solver", "OutOfTime"]

#: A score beyond any margin (49 pieces).
INFINITY = 1000


def _keys() -> "Tuple[List[int], List[int], int]":
    rng = Rng(2001)
    # STACK_KEYS[i * 150 + h * 3 + top]: a stack of height h (up to 49) with top 0 (White), 1 (Black) or
    # 2 (a lone DVONN piece) on cell i; DVONN_KEYS[i]: a DVONN piece in the stack on cell i.
    stack_keys = [(rng.next() << 32) ^ rng.next() for _ in range(SIZE * 150)]
    dvonn_keys = [(rng.next() << 32) ^ rng.next() for _ in range(SIZE)]
    black_key = (rng.next() << 32) ^ rng.next()
    return stack_keys, dvonn_keys, black_key


STACK_KEYS, DVONN_KEYS, BLACK_KEY = _keys()


class OutOfTime(Exception):
    """The solver's deadline passed before the answer was known."""


class Solver:
    """An exact alpha-beta search to the end of the game of a copy of ``game``'s position (stack moves
    only: the placement must be over), stopped by :exc:`OutOfTime` at ``deadline`` (a time of
    :func:`~dvonn_core.common.portable.now`; None: no limit) or after ``max_nodes`` nodes in all (0: no limit;
    checked every 1024 nodes, so the same nodes give the same answer on every machine).  ``hook``: called
    with the solver at those checks as well (a live analysis reports its progress and is stopped this
    way): when it returns True the solver stops with :exc:`OutOfTime`."""

    def __init__(self, game: Game, deadline: "Optional[float]" = None, max_nodes: int = 0,
                 hook: "Optional[Callable[[Solver], bool]]" = None) -> None:
        if game.placed < SIZE:
            raise ValueError("the solver plays stack moves only: the placement phase is not over")
        st = game.cells
        self.heights = [len(s) for s in st]
        self.tops = [0 if not s or s[-1] == "w" else (1 if s[-1] == "b" else 2) for s in st]
        self.occupied = game.occupied
        self.dvonns = game.dvonn_bits
        self.owned = [0, 0]  # the stacks White and Black control, as bitboards
        key = 0
        for i in range(SIZE):
            if st[i]:
                key ^= STACK_KEYS[i * 150 + self.heights[i] * 3 + self.tops[i]]
                if self.tops[i] < 2:
                    self.owned[self.tops[i]] |= BIT[i]
            if self.dvonns & BIT[i]:
                key ^= DVONN_KEYS[i]
        self.key = key
        self.turn = game.turn
        self.deadline = deadline
        self.max_nodes = max_nodes  # stop with OutOfTime after this many nodes in all (0: no limit)
        self.hook = hook
        self.table = {}  # type: dict  # key -> (lower bound, upper bound, best move)
        self.history = [0] * 4096
        self.nodes = 0
        self.deepest = 0  # the longest line searched, in plies

    # ------------------------------------------------------------------ answers

    def outcome(self) -> int:
        """1 if the side to move wins with best play, 0 for a draw, -1 if it loses."""
        v = self.search(-1, 1, self.turn, 0, False)
        return 1 if v > 0 else (-1 if v < 0 else 0)

    def margin(self) -> int:
        """The final margin (own pieces less the opponent's) of the side to move, with best play."""
        return self.search(-INFINITY, INFINITY, self.turn, 0, False)

    def best_move(self) -> int:
        """The move code of the best move found by the last :meth:`outcome` or :meth:`margin` (a winning
        or drawing move after :meth:`outcome`, when there is one); 0 if the side to move has none."""
        entry = self.table.get(self.key ^ (BLACK_KEY if self.turn else 0))
        return entry[2] if entry is not None else 0

    # ------------------------------------------------------------------ search

    def moves(self, side: int) -> "List[int]":
        """The codes of ``side``'s stack moves, by source cell."""
        heights = self.heights
        occ = self.occupied
        out = []
        m = self.owned[side]
        while m:
            b = m & -m
            m ^= b
            i = CELL_OF[b]
            nb = NEIGHBOUR_BITS[i]
            if EDGE[i] or occ & nb != nb:
                h = heights[i]
                if h < 11:
                    # The cells h steps away in a line are those from which a stack of height h lands on i.
                    targets = RAY_BITS[i][h] & occ
                    base = i * 64
                    while targets:
                        tb = targets & -targets
                        targets ^= tb
                        out.append(base + CELL_OF[tb])
        return out

    def _final(self, side: int) -> int:
        heights = self.heights
        v = 0
        m = self.owned[side]
        while m:
            b = m & -m
            m ^= b
            v += heights[CELL_OF[b]]
        m = self.owned[1 - side]
        while m:
            b = m & -m
            m ^= b
            v -= heights[CELL_OF[b]]
        return v

    def search(self, alpha: int, beta: int, side: int, ply: int, passed: bool) -> int:
        """The final margin for ``side``, to move, within the window (``alpha``, ``beta``): exact inside
        it, a bound outside (``passed``: the other side passed the move before)."""
        self.nodes += 1
        if not self.nodes & 1023 and (
            (self.deadline is not None and _now() > self.deadline) or (self.max_nodes and self.nodes > self.max_nodes)
            or (self.hook is not None and self.hook(self))
        ):
            raise OutOfTime()
        if ply > self.deepest:
            self.deepest = ply
        key = self.key ^ (BLACK_KEY if side else 0)
        table = self.table
        entry = table.get(key)
        lower = -INFINITY
        upper = INFINITY
        first = 0
        if entry is not None:
            lower, upper, first = entry
            if lower >= beta or lower == upper:
                return lower
            if upper <= alpha:
                return upper
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        legal = self.moves(side)
        if not legal:
            if passed or not self.moves(1 - side):
                return self._final(side)
            return -self.search(-beta, -alpha, 1 - side, ply + 1, True)
        heights = self.heights
        tops = self.tops
        owned = self.owned
        if len(legal) > 1:
            # The table's move, then captures of the tallest stacks, then by history.
            enemy = owned[1 - side]
            history = self.history
            keyed = []
            for code in legal:
                if code == first:
                    k = 1 << 40
                else:
                    t = code & 63
                    k = history[code]
                    if enemy & BIT[t]:
                        k += 1000000 + 1000 * heights[t]
                keyed.append((k, code))
            keyed.sort(reverse=True)
            legal = [c for _, c in keyed]
        alpha0 = alpha
        best = -INFINITY
        best_move = legal[0]
        for code in legal:
            s = code >> 6
            t = code & 63
            hs = heights[s]
            ht = heights[t]
            ts = tops[s]
            tt = tops[t]
            occ0 = self.occupied
            dvm0 = self.dvonns
            key0 = self.key
            own0 = owned[0]
            own1 = owned[1]
            bs = BIT[s]
            bt = BIT[t]
            h2 = hs + ht
            heights[t] = h2
            tops[t] = ts
            heights[s] = 0
            occ = occ0 ^ bs
            k = key0 ^ STACK_KEYS[s * 150 + hs * 3 + ts] ^ STACK_KEYS[t * 150 + ht * 3 + tt]
            k ^= STACK_KEYS[t * 150 + h2 * 3 + ts]
            if tt == ts:
                owned[ts] ^= bs
            else:
                owned[ts] ^= bs | bt
                if tt < 2:
                    owned[tt] ^= bt
            dvm = dvm0
            moved_dvonn = dvm & bs
            if moved_dvonn:
                k ^= DVONN_KEYS[s] if dvm & bt else DVONN_KEYS[s] ^ DVONN_KEYS[t]
                dvm = (dvm ^ bs) | bt
            removed = None  # type: Optional[List[Tuple[int, int, int]]]
            if moved_dvonn or not ARC_SAFE[s][occ & NEIGHBOUR_BITS[s]]:
                alive = flood(dvm, occ)
                if alive != occ:
                    removed = []
                    m = occ & ~alive
                    while m:
                        b = m & -m
                        m ^= b
                        c = CELL_OF[b]
                        removed.append((c, heights[c], tops[c]))
                        k ^= STACK_KEYS[c * 150 + heights[c] * 3 + tops[c]]
                        heights[c] = 0
                    owned[0] &= alive
                    owned[1] &= alive
                    occ = alive
            self.occupied = occ
            self.dvonns = dvm
            self.key = k
            try:
                v = -self.search(-beta, -alpha, 1 - side, ply + 1, False)
            finally:
                if removed:
                    for c, h, top in removed:
                        heights[c] = h
                        tops[c] = top
                heights[s] = hs
                heights[t] = ht
                tops[t] = tt
                self.occupied = occ0
                self.dvonns = dvm0
                self.key = key0
                owned[0] = own0
                owned[1] = own1
            if v > best:
                best = v
                best_move = code
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        self.history[code] += 1
                        break
        if best <= alpha0:
            upper = best
        elif best >= beta:
            lower = best
        else:
            lower = upper = best
        table[key] = (lower, upper, best_move)
        return best
