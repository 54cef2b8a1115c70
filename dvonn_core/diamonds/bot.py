"""A Diamonds & Pivots bot: random and greedy baselines and three search levels.

>>> from dvonn_core.diamonds import DiamondsGame
>>> game = DiamondsGame()
>>> str(choose_move(game, "medium", seed=1))      # opens where it would not mind a swap
'i1'
>>> game.play("e5")
Move.parse('e5')
>>> str(choose_move(game, "easy"))                # a centre drop is strong: swap it
'swap'

Design
------
* **Turns.** The search works on the two sides' stones as bitmasks, through
  the fast functions of :mod:`~dvonn_core.diamonds.rules`.  A drop that forms
  no diamond is one child; a drop that forms one expands to its distinct final
  boards (:func:`best_chains`: the boards with the fewest opponent stones
  first), capped at :data:`ROOT_BOARDS` boards per drop at the root and
  :data:`INNER_BOARDS` inside the tree (a drop's chains can reach millions of
  boards; every result found is legal).  No list of every turn is ever made.
* **Evaluation** (for the side to move): stones on the board, in hundreds,
  plus the diamonds each side threatens (empty cells where one more stone
  completes a diamond): the side to move cashes one threat, the other side
  can block only one, so two or more threats of the opponent are a loss of
  material to come.
* **Search.** Negamax alpha-beta over whole turns, children ordered by a
  quick score (material, blocking the opponent's threats, making threats).
  Passing is a child too; two passes in a row end the game, scored exactly
  (equal counts: White wins).
* **Levels.** easy and medium look one ply ahead (every turn of the mover,
  scored by the evaluation); easy adds up to :attr:`Level.noise` points of
  seeded noise (a stone and a half), so it often misses the best turn;
  medium takes it.  Hard deepens from one ply while its budget lasts (0.5 s
  by default).  The steps were set by the ladder: a second ply of search gave
  hard only 61% against a two-ply medium (41 games), so medium looks one ply
  ahead.  Every level keeps its budget in any position (easy and medium have
  2 s, which they need only where chains run long: 18 and 63 ms on the
  long-chain position), because the clock is read inside the generation of
  turns and while they are scored; when it runs out there, the bot chooses
  among the turns found and scored so far (a pass if none).  Easy and
  medium are deterministic for a seed while their budget lasts; hard is too
  except where its depth depends on the clock.
* **Pie rule.** The first drop's strength is judged by its distance from the
  edge (Bill Taylor: a drop on a side is the weakest, a corner is better).  As
  White the bot swaps any first drop off the edge; as Black it opens in a
  corner, a drop it would not mind being swapped.
* **Baselines.** :func:`random_move` (a random drop or pass, then a random
  chain of pivots) and :func:`greedy_move` (the turn after which the mover has
  the most stones, ties: the fewest stones left to the opponent).
"""

import time
from heapq import heappop, heappush

from ..common.errors import quote
from ..common.portable import popcount
from ..common.rng import Rng
from .board import BIT, DIAMOND_MASK, DIAMONDS_AT, NEIGHBOURS, SIZE
from .game import DiamondsGame
from .moves import PASS, SWAP, Move
from .rules import diamonds_after_drop, diamonds_of, next_diamonds, options, threats

try:
    from typing import Any, Callable, Dict, List, Optional, Tuple
except ImportError:  # MicroPython
    pass

__all__ = ["LEVELS", "choose_move", "line_moves", "random_move", "greedy_move", "evaluate", "opening_strength", "Search"]

#: Most boards searched per drop at the root and inside the tree.
ROOT_BOARDS = 150
INNER_BOARDS = 24
#: When no turn has ended within those boards, the search of a drop goes on up to this
#: many times as many, then gives the drop up (a pass is always legal).
EXTRA_FACTOR = 8
#: Boards per drop for the greedy baseline.
GREEDY_BOARDS = 60
#: Score of a won game (plus the margin).
WIN = 100000

# ---------------------------------------------------------------------- tables


def _edge_distance() -> "List[int]":
    dist = [-1] * SIZE
    frontier = [c for c in range(SIZE) if len(NEIGHBOURS[c]) < 6]
    for c in frontier:
        dist[c] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if dist[n] < 0:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


EDGE_DISTANCE = _edge_distance()


def opening_strength(cell: int) -> int:
    """How strong a first drop on ``cell`` is judged: 0 on a side, 1 in a corner, 2 + distance from the edge inside."""
    if EDGE_DISTANCE[cell] == 0:
        return 1 if len(NEIGHBOURS[cell]) == 3 else 0
    return 1 + EDGE_DISTANCE[cell]


#: The bot swaps a first drop at least this strong.
SWAP_STRENGTH = 2
CORNERS = [c for c in range(SIZE) if len(NEIGHBOURS[c]) == 3]


class Level:
    """Settings of a level: plies (``depth``), default time budget (seconds) and root noise."""

    __slots__ = ("name", "depth", "time", "noise")

    def __init__(self, name: str, depth: int, time: float, noise: int) -> None:
        self.name = name
        self.depth = depth
        self.time = time
        self.noise = noise


LEVELS = {
    "easy": Level("easy", 1, 2.0, 150),
    "medium": Level("medium", 1, 2.0, 0),
    "hard": Level("hard", 8, 0.5, 0),
}  # type: Dict[str, Level]


_popcount = popcount  # int.bit_count where there is one (dvonn_core.common.portable)


# ---------------------------------------------------------------------- evaluation


def evaluate(mine: int, opp: int) -> int:
    """The position for the side to move (stones ``mine``) against ``opp``, in hundredths of a stone."""
    empty = ~(mine | opp) & ((1 << SIZE) - 1)
    t_mine = threats(mine, empty)
    t_opp = threats(opp, empty)
    score = 100 * (_popcount(mine) - _popcount(opp))
    if t_mine:
        score += 150
    n_opp = _popcount(t_opp)
    if n_opp >= 2:
        score -= 120 + 20 * n_opp
    elif n_opp:
        score -= 20
    return score


def final_score(mine: int, opp: int, mine_is_white: bool) -> int:
    """A finished game from the side of ``mine``: a win or a loss, by the margin."""
    margin = _popcount(mine) - _popcount(opp)
    if margin > 0 or (margin == 0 and mine_is_white):
        return WIN + margin
    return -WIN + margin


# ---------------------------------------------------------------------- search


def best_chains(mine: int, opp: int, cell: int, limit: int, standing: bool = False, clock: "Optional[Search]" = None) -> "List[Tuple[int, int, tuple]]":
    """Final boards of a drop on ``cell`` as ``(mine, opp, chain)``, searching at most ``limit`` boards,
    those with the best stone balance first (so big captures are found early even in long chains).

    Every result is a legal turn.  If no final board turns up within the
    limit, the search goes on until the first one, up to ``EXTRA_FACTOR *
    limit`` boards; then the drop is given up (``[]``).  It never lists every
    turn of the drop, which can be millions.  ``clock``: a :class:`Search`
    whose deadline is read every 64 boards (raising ``_Timeout``).
    """
    mm = mine | BIT[cell]
    ds = diamonds_after_drop(mm, cell, standing)
    if not ds:
        return [(mm, opp, ())]
    parent = {(mm, opp): None}  # type: Dict[Tuple[int, int], Optional[Tuple[int, int, int, int, int]]]
    heap = [(0, 0, mm, opp, ds)]  # type: List[Tuple[int, int, int, int, List[int]]]
    base = _popcount(opp)
    finals = []  # type: List[Tuple[int, int]]
    n = 0
    most = limit * EXTRA_FACTOR
    while heap and (len(parent) < limit or (not finals and len(parent) < most)):
        if clock is not None and clock.deadline and n & 63 == 0:
            clock.tick()
        _, _, m, o, dl = heappop(heap)
        for p, k, d, nm, no in options(m, o, dl):
            key = (nm, no)
            if key in parent:
                continue
            parent[key] = (m, o, p, k, d)
            nds = next_diamonds(nm, dl, p, d)
            if nds:
                n += 1
                # Fewest opponent stones first; among equals, the oldest board (breadth first).
                heappush(heap, (_popcount(no) - base, n, nm, no, nds))
            else:
                finals.append(key)
    out = []
    for key in finals:
        chain = []
        step = parent[key]
        while step is not None:
            m, o, p, k, d = step
            chain.append((p, k, d))
            step = parent[(m, o)]
        chain.reverse()
        out.append((key[0], key[1], tuple(chain)))
    return out



_SEQ = 1 << 20


class _Timeout(Exception):
    pass


class Search:
    """Negamax alpha-beta over whole turns on bitmasks; ``deadline`` (``time.time()``) or 0 for none.

    The clock is read while the turns of a drop are generated as well as
    between nodes, so a position whose chains run long cannot hold it past
    its deadline.
    """

    def __init__(self, deadline: float = 0.0, hook: "Optional[Callable[[Search], bool]]" = None, line: bool = False) -> None:
        self.deadline = deadline
        self.nodes = 0
        self.hook = hook  # see choose_move
        # The progress of choose_move's iterations, for the hook: the depth done, its best root
        # child (an item of children(), None for a pass) and its score.
        self.completed = 0
        self.best = None  # type: Optional[Tuple[int, int, int, int, tuple]]
        self.best_score = 0
        # ``line``: the search keeps its principal line (see :meth:`principal_line`).  ``lines[d]``:
        # the line below the node last searched with ``d`` plies left, as ``(child, rest)`` links
        # (a child of children(), None for a pass; ``rest`` the next link or None).  Keeping it
        # changes no score, no order and no count: the same turn is chosen either way.
        self.lines = {} if line else None  # type: Optional[Dict[int, Any]]
        self.best_line = None  # type: Any  # the line of the last depth done, from the root
        #: Added to the evaluation of every leaf for the side to move (0 for the bot levels; the study
        #: tools' search, dvonn_core.diamonds.study, sets its measured value).
        self.tempo = 0

    def principal_line(self) -> "List[Optional[Tuple[int, int, int, int, tuple]]]":
        """The turns of the best line of the last depth done, from the root: items of children()
        (``None`` for a pass); empty when the search does not keep its line (see :func:`line_moves`)."""
        out = []  # type: List[Optional[Tuple[int, int, int, int, tuple]]]
        link = self.best_line
        while link is not None:
            out.append(link[0])
            link = link[1]
        return out

    def tick(self) -> None:
        """Raise ``_Timeout`` once the deadline has passed, or when the hook asks to stop."""
        if self.deadline and time.time() > self.deadline:
            raise _Timeout()
        if self.hook is not None and self.hook(self):
            raise _Timeout()

    def children(self, mine: int, opp: int, limit: int, standing: bool = False, partial: bool = False) -> "List[Tuple[int, int, int, int, tuple]]":
        """``(order key, cell, mine after, opp after, chain)`` for every drop (chains capped at ``limit`` boards).

        ``partial``: when the deadline passes, return the children found so far
        instead of raising ``_Timeout``.
        """
        out = []  # type: List[Tuple[int, int, int, int, tuple]]
        try:
            self._children(out, mine, opp, limit, standing)
        except _Timeout:
            if not partial:
                raise
        # The keys are unique (the order found breaks ties), so any sort gives the same order:
        # MicroPython's sort is not stable.
        out.sort(key=_first, reverse=True)
        return out

    def _children(self, out: "List[Tuple[int, int, int, int, tuple]]", mine: int, opp: int, limit: int, standing: bool) -> None:
        occupied = mine | opp
        empty = ~occupied & ((1 << SIZE) - 1)
        t_opp = threats(opp, empty)
        dm = DIAMOND_MASK
        for c in range(SIZE):
            b = BIT[c]
            if occupied & b:
                continue
            mm = mine | b
            forms = standing
            if not forms:
                for k in DIAMONDS_AT[c]:
                    if mm & dm[k] == dm[k]:
                        forms = True
                        break
            if not forms:
                key = 10 if t_opp & b else 0
                for n in NEIGHBOURS[c]:
                    if mine & BIT[n]:
                        key += 1
                out.append((key * _SEQ - len(out), c, mm, opp, ()))
                continue
            for nm, no, chain in best_chains(mine, opp, c, limit, standing, self):
                key = 100 * (_popcount(nm) - _popcount(no)) + 1000
                out.append((key * _SEQ - len(out), c, nm, no, chain))

    def negamax(self, mine: int, opp: int, white: bool, depth: int, alpha: int, beta: int, passes: int) -> int:
        self.nodes += 1
        if self.deadline and self.nodes & 7 == 0:
            self.tick()
        if passes >= 2 or depth == 0:
            if self.lines is not None:
                self.lines[depth] = None  # the line ends here
            return final_score(mine, opp, white) if passes >= 2 else evaluate(mine, opp) + self.tempo
        best = -WIN * 2
        lines = self.lines
        line = None  # type: Any
        kids = self.children(mine, opp, INNER_BOARDS)
        for kid in kids:
            _, _, nm, no, _ = kid
            v = -self.negamax(no, nm, not white, depth - 1, -beta, -alpha, 0)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if lines is not None:
                        line = (kid, lines.get(depth - 1))
                    if alpha >= beta:
                        return best
        # Passing: only worth a look when the opponent just passed (it ends the game) or nothing else is left.
        if passes == 1 or not kids:
            v = -self.negamax(opp, mine, not white, depth - 1, -beta, -alpha, passes + 1)
            if v > best:
                if lines is not None and v > alpha:
                    line = (None, lines.get(depth - 1))
                best = v
        if lines is not None:
            lines[depth] = line
        return best


def _first(item: "Tuple[int, int, int, int, tuple]") -> int:
    return item[0]


# ---------------------------------------------------------------------- public API


def _level(level: str) -> Level:
    lv = LEVELS.get(level) if isinstance(level, str) else None
    if lv is None:
        raise ValueError("unknown bot level %s (choose 'easy', 'medium' or 'hard')" % quote(level))
    return lv


def choose_move(game: DiamondsGame, level: str = "easy", seed: int = 0, time_limit: "Optional[float]" = None, info: "Optional[dict]" = None,
                hook: "Optional[Callable[[Search], bool]]" = None, line: bool = False) -> Move:
    """The bot's turn for the side to move in ``game`` (which is left unchanged).

    ``level`` is ``"easy"``, ``"medium"`` or ``"hard"``; ``seed`` makes the
    choice reproducible; ``time_limit`` (seconds) replaces the level's budget.
    The budget holds in any position: the clock is read while turns are
    generated, drop by drop and pivot by pivot, and no whole list of turns is
    ever made.  ``info`` (a dict) receives ``depth``, ``nodes``, ``elapsed`` and ``score`` (the
    searched value for the side to move, hundredths of a stone; None if no depth was done).
    ``hook``: called with the :class:`Search` whenever it reads its clock, to report its progress
    (``completed``, ``best``, ``best_score``, ``nodes``) or to stop it: when it returns True the search
    ends as if its time were up.  It plays no part in the turn chosen otherwise.
    ``line``: the search keeps its best line, which ``info["line"]`` receives (the turns, from this
    one on, one per ply of the depth reached or until the game ends) and the hook can read
    (:meth:`Search.principal_line`); the turn chosen is the same with or without it.
    Raises ``ValueError`` when the game is over.

    >>> game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
    >>> info = {}
    >>> turn = choose_move(game, "hard", time_limit=1e9, info=info, hook=lambda s: s.completed >= 3, line=True)
    >>> info["depth"], len(info["line"]), info["line"][0] == turn
    (3, 3, True)
    """
    lv = _level(level)
    if time_limit is not None and (not isinstance(time_limit, (int, float)) or not time_limit > 0):
        shown = repr(time_limit) if isinstance(time_limit, (int, float)) else quote(time_limit)
        raise ValueError("time_limit must be a positive number of seconds, not %s" % shown)
    if game.phase == "over":
        raise ValueError("the game is over: there is no move to choose in %s" % game.position())
    rng = Rng(seed)
    black, white = game.bits
    if game.can_swap:
        first = black & -black
        cell = _popcount(first - 1)
        if opening_strength(cell) >= SWAP_STRENGTH:
            return Move(SWAP)
    if not black and not white and game.to_move == "black":
        return game.chain_move(CORNERS[rng.below(len(CORNERS))], ())
    budget = lv.time if time_limit is None else float(time_limit)
    start = time.time()
    search = Search(start + budget if budget else 0.0, hook, line)
    is_white = game.to_move == "white"
    mine, opp = (white, black) if is_white else (black, white)
    standing = bool(diamonds_of(mine))
    # The clock runs from here: if it runs out while the turns are generated, the bot chooses
    # among those found so far (a pass if none).
    kids = search.children(mine, opp, ROOT_BOARDS, standing, partial=True)
    passes = 1 if game.position().endswith("p") else 0
    if not kids:
        return Move(PASS)
    best_kid = kids[0]  # type: Optional[Tuple[int, int, int, int, tuple]]
    best_depth = 0
    best_v = 0
    for depth in range(1, lv.depth + 1):
        scored = []  # type: List[Tuple[int, int]]
        below = {}  # type: Dict[int, Any]
        out_of_time = False
        try:
            _root(search, kids, is_white, depth, passes, mine, opp, scored, below)
        except _Timeout:
            # Out of time: a deeper search is dropped; the first ply keeps the turns it scored
            # (the most promising come first).
            if depth > 1 or not scored:
                break
            out_of_time = True
        best_depth = depth
        if lv.noise:
            scored = [(v + rng.below(lv.noise + 1), i) for v, i in scored]
        scored.sort(key=_neg_first)
        best_v, best_i = scored[0]
        best_kid = None if best_i < 0 else kids[best_i]
        if search.lines is not None:
            search.best_line = (best_kid, below.get(best_i))
        if best_i >= 0:
            kids.insert(0, kids.pop(best_i))  # search the best turn first at the next depth
        search.completed, search.best, search.best_score = depth, best_kid, best_v
        if abs(best_v) >= WIN // 2 or out_of_time:
            break  # the game's end is in sight (deeper search changes nothing), or the clock
    if info is not None:
        info.update(depth=best_depth, nodes=search.nodes, elapsed=time.time() - start,
                    score=best_v if best_depth else None)
        if line:
            info["line"] = line_moves(game, search.principal_line())
    if best_kid is None:
        return Move(PASS)
    return game.chain_move(best_kid[1], best_kid[4])


def line_moves(game: DiamondsGame, items: "List[Optional[Tuple[int, int, int, int, tuple]]]") -> "List[Move]":
    """The turns of a line of children (:meth:`Search.principal_line`) from ``game`` (left unchanged),
    each played in turn on a copy; the line stops at a turn the game does not take."""
    g = game.copy()
    out = []  # type: List[Move]
    for item in items:
        try:
            move = Move(PASS) if item is None else g.chain_move(item[1], item[4])
            g.play(move)
        except ValueError:
            break
        out.append(move)
    return out


def _neg_first(item: "Tuple[int, int]") -> "Tuple[int, int]":
    return (-item[0], item[1])


def _root(search: Search, kids: "List[Tuple[int, int, int, int, tuple]]", is_white: bool, depth: int, passes: int, mine: int, opp: int, out: "List[Tuple[int, int]]",
          lines: "Dict[int, Any]") -> None:
    """Append ``(score, child index)`` to ``out`` for every root child (a pass is index -1), exact at this depth;
    when the search keeps its line, ``lines[index]`` is the line below each child that raised the best score."""
    alpha = -WIN * 2
    for i in range(len(kids)):
        _, _, nm, no, _ = kids[i]
        # Alpha-beta: the best turn's score is exact, the others' only bounded (noise is used at depth 1 only).
        v = -search.negamax(no, nm, not is_white, depth - 1, -WIN * 2, -alpha, 0)
        if v > alpha:
            alpha = v
            if search.lines is not None:
                lines[i] = search.lines.get(depth - 1)
        out.append((v, i))
    if passes == 1:
        v = -search.negamax(opp, mine, not is_white, depth - 1, -WIN * 2, WIN * 2, 2)
        if search.lines is not None:
            lines[-1] = search.lines.get(depth - 1)
        out.append((v, -1))


def random_move(game: DiamondsGame, seed: int = 0) -> Move:
    """A random drop, pass or swap, then a random chain of pivots (the bottom of the strength ladder)."""
    if game.phase == "over":
        raise ValueError("the game is over: there is no move to choose")
    rng = Rng(seed)
    drops = game.drops()
    n = len(drops) + 1 + (1 if game.can_swap else 0)
    i = rng.below(n)
    if i == len(drops):
        return Move(PASS)
    if i > len(drops):
        return Move(SWAP)
    turn = game.begin_turn(drops[i])
    opts = turn.options()
    while opts:
        turn.step(opts[rng.below(len(opts))])
        opts = turn.options()
    return turn.move()


def greedy_move(game: DiamondsGame, seed: int = 0) -> Move:
    """The turn after which the mover has the most stones (ties: the fewest left to the opponent, then ``seed``)."""
    if game.phase == "over":
        raise ValueError("the game is over: there is no move to choose")
    rng = Rng(seed)
    black, white = game.bits
    if game.can_swap:
        return Move(SWAP)  # the swapper owns the only stone
    is_white = game.to_move == "white"
    mine, opp = (white, black) if is_white else (black, white)
    kids = Search().children(mine, opp, GREEDY_BOARDS, bool(diamonds_of(mine)))
    if not kids:
        return Move(PASS)
    best = None  # type: Optional[int]
    choice = []  # type: List[int]
    for i in range(len(kids)):
        v = 1000 * _popcount(kids[i][2]) - _popcount(kids[i][3])
        if best is None or v > best:
            best = v
            choice = [i]
        elif v == best:
            choice.append(i)
    kid = kids[choice[rng.below(len(choice))]]
    return game.chain_move(kid[1], kid[4])

