"""The game: state, whole turns, the step-by-step turn API, undo, position strings.

>>> game = DiamondsGame()
>>> game.play("e5")
Move.parse('e5')
>>> game.to_move, list(game.legal_moves())[-1]
('white', Move.parse('swap'))
>>> game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
>>> turn = game.begin_turn("b6")
>>> [str(p) for p in turn.options()][:3]
['b6>b9', 'b6>e3', 'b6>e6']
>>> turn.step("c5>f5"); turn.step("f5>i2")
>>> turn.done, str(turn.move())
(True, 'b6 c5>f5 f5>i2')
>>> game.play(turn.move())
Move.parse('b6 c5>f5 f5>i2')
>>> game.stones("black"), game.score()
(['c5', 'd5', 'f5', 'g4', 'h3', 'i2'], (6, 3))
"""

from .board import BIT, CELLS, DIAMOND_MASK, DIAMONDS, DIAMONDS_AT, DIRECTION_TO, LINES, SIZE, index
from .moves import DROP, PASS, SWAP, IllegalMoveError, InvalidMoveError, Move, Pivot
from .position import PositionError, format_position, parse_position
from .rules import diamonds_after_drop, diamonds_of, options, outcomes, pivot

try:
    from typing import Dict, Iterator, List, Optional, Sequence, Tuple, Union
except ImportError:  # MicroPython
    pass

COLOURS = ("black", "white")

#: Most pivots a turn may hold in play() (a safety bound for hostile input; real chains are far shorter).
MAX_PIVOTS = 200


def _side(colour: str) -> int:
    if colour not in COLOURS:
        raise ValueError("colour must be 'black' or 'white', not %r" % (colour,))
    return COLOURS.index(colour)


def _cells(mask: int) -> "List[str]":
    return [CELLS[i] for i in range(SIZE) if mask >> i & 1]


class Turn:
    """A turn being built one step at a time: the drop, then each pivot.

    The game is not changed until the finished turn is played with
    ``game.play(turn.move())``.  :meth:`options` lists the legal pivots now;
    :meth:`step` takes one; :attr:`done` is true when no pivot is left.
    """

    def __init__(self, game: "DiamondsGame", cell: "Union[int, str]") -> None:
        c = index(cell) if isinstance(cell, str) else cell
        side = game._turn
        mine, opp = game._sides()
        if game.phase == "over":
            raise IllegalMoveError("cannot drop on %s: the game is over" % CELLS[c])
        if (mine | opp) & BIT[c]:
            raise IllegalMoveError("cannot drop on %s: the cell is not empty" % CELLS[c])
        self.side = side
        self.cell = c
        self._standing = bool(diamonds_of(mine))
        mine |= BIT[c]
        self._history = [(mine, opp, diamonds_after_drop(mine, c, self._standing))]  # type: List[Tuple[int, int, List[int]]]
        self._seen = {(mine, opp): True}  # type: Dict[Tuple[int, int], bool]
        self.pivots = []  # type: List[Pivot]
        # (the state it was computed for, the legal pivots, the sorted Pivots): a page asks for
        # the options several times per click.  The state is the history's last entry, held
        # here, so a new state (a step, an undo) is a new object.
        self._cache = None  # type: Optional[Tuple[object, List[Tuple[int, int, int, int, int]], List[Pivot]]]

    # --- state
    @property
    def mine(self) -> int:
        return self._history[-1][0]

    @property
    def opp(self) -> int:
        return self._history[-1][1]

    def diamonds(self) -> "List[Tuple[str, ...]]":
        """The mover's diamonds on the board now, as cell names."""
        return [tuple(CELLS[c] for c in DIAMONDS[k]) for k in self._history[-1][2]]

    def stones(self, colour: str) -> "List[str]":
        """The cells of a colour's stones now (in the middle of the turn)."""
        return _cells(self.mine if _side(colour) == self.side else self.opp)

    def _options(self) -> "Tuple[List[Tuple[int, int, int, int, int]], List[Pivot]]":
        state = self._history[-1]
        if self._cache is None or self._cache[0] is not state:
            mine, opp, ds = state
            legal = [o for o in options(mine, opp, ds) if (o[3], o[4]) not in self._seen]
            out = [_pivot_of(p, k, d, ds) for p, k, d, _, _ in legal]
            out.sort(key=lambda q: (q.cell, q.partner, q.far))
            self._cache = (state, legal, out)
        return self._cache[1], self._cache[2]

    def _legal(self) -> "List[Tuple[int, int, int, int, int]]":
        return self._options()[0]

    def options(self) -> "List[Pivot]":
        """The legal pivots now, in notation order (empty when the turn is done)."""
        return list(self._options()[1])

    @property
    def done(self) -> bool:
        return not self._legal()

    def _resolve(self, pv: Pivot) -> "Tuple[int, int, int]":
        mine, opp, ds = self._history[-1]
        if not ds:
            raise IllegalMoveError("no pivot is possible after %s: no diamond of the mover is on the board" % self._text())
        holding = [k for k in ds if DIAMOND_MASK[k] & BIT[pv.cell]]
        if not holding:
            raise IllegalMoveError("%s is not the pivot of a diamond (the diamonds now: %s)" % (_name(pv), self._diamond_text()))
        if pv.partner >= 0:
            holding = [k for k in holding if DIAMOND_MASK[k] & BIT[pv.partner] and _partner(k, pv.cell) == pv.partner]
            if not holding:
                raise IllegalMoveError("%s: %s is not the partner of %s in a diamond (the diamonds now: %s)" % (_name(pv), CELLS[pv.partner], CELLS[pv.cell], self._diamond_text()))
        elif len(holding) > 1:
            raise IllegalMoveError("%s is ambiguous: %s is in %d diamonds; name one by the pivot's partner, e.g. %s" % (_name(pv), CELLS[pv.cell], len(holding), Pivot(pv.cell, _partner(holding[0], pv.cell), pv.far)))
        d = DIRECTION_TO[pv.cell].get(pv.far, -1)
        if d < 0:
            raise IllegalMoveError("%s: %s is not three cells in a straight line from %s" % (_name(pv), CELLS[pv.far], CELLS[pv.cell]))
        k = holding[0]
        nm, no = pivot(mine, opp, pv.cell, k, d)
        if (nm, no) in self._seen:
            raise IllegalMoveError("%s would repeat a position of this turn" % _name(pv))
        return k, d, 0

    def step(self, pv: "Union[Pivot, str]") -> None:
        """Take one pivot (a :class:`Pivot` or its text); ``IllegalMoveError`` if it is not legal now."""
        if isinstance(pv, str):
            pv = Pivot.parse(pv)
        k, d, _ = self._resolve(pv)
        mine, opp, ds = self._history[-1]
        nm, no = pivot(mine, opp, pv.cell, k, d)
        self.pivots.append(_pivot_of(pv.cell, k, d, ds))
        self._seen[(nm, no)] = True
        self._history.append((nm, no, diamonds_of(nm)))

    def undo(self) -> "Optional[Pivot]":
        """Take back the last pivot of this turn (``None`` if there is none)."""
        if not self.pivots:
            return None
        mine, opp, _ = self._history.pop()
        del self._seen[(mine, opp)]
        return self.pivots.pop()

    def captured(self, pv: "Union[Pivot, str]") -> "List[str]":
        """The cells whose stones the pivot would capture now."""
        if isinstance(pv, str):
            pv = Pivot.parse(pv)
        k, d, _ = self._resolve(pv)
        mine, opp, _ = self._history[-1]
        keep = mine & ~(DIAMOND_MASK[k] ^ BIT[pv.cell])
        return [CELLS[c] for c in LINES[pv.cell][d] if (keep | opp) & BIT[c]]

    def line(self, pv: "Union[Pivot, str]") -> "List[str]":
        """The three cells the pivot's stones would land on."""
        if isinstance(pv, str):
            pv = Pivot.parse(pv)
        k, d, _ = self._resolve(pv)
        return [CELLS[c] for c in LINES[pv.cell][d]]

    def move(self) -> Move:
        """The turn so far as a :class:`Move` (complete once :attr:`done`)."""
        return Move(DROP, self.cell, tuple(self.pivots))

    def _text(self) -> str:
        return str(self.move())

    def _diamond_text(self) -> str:
        ds = self.diamonds()
        return ", ".join("{" + " ".join(d) + "}" for d in ds) if ds else "none"


def _name(pv: Pivot) -> str:
    return "pivot %r" % str(pv)


_PARTNER = {}  # type: Dict[Tuple[int, int], int]


def _partner(k: int, cell: int) -> int:
    from .board import partner

    key = (k, cell)
    p = _PARTNER.get(key, -1)
    if p < 0:
        p = partner(k, cell)
        _PARTNER[key] = p
    return p


def _pivot_of(p: int, k: int, d: int, ds: "List[int]") -> Pivot:
    shared = 0
    for j in ds:
        if DIAMOND_MASK[j] & BIT[p]:
            shared += 1
    return Pivot(p, _partner(k, p), LINES[p][d][2], shared > 1)


class DiamondsGame:
    """A game of Diamonds & Pivots.  ``DiamondsGame()`` is the empty board, Black to move."""

    def __init__(self) -> None:
        self._stones = [0, 0]  # black, white
        self._turn = 0
        self._swap_ok = False
        self._passes = 0
        self.swapped = False
        self.moves = []  # type: List[Move]
        self._undo = []  # type: List[Tuple[int, int, int, bool, int, bool]]
        self.start_position = None  # type: Optional[str]
        self.tags = {}  # type: Dict[str, str]

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_stones(cls, black: "Sequence[str]" = (), white: "Sequence[str]" = (), to_move: str = "black") -> "DiamondsGame":
        """A game from lists of cells; ``ValueError`` for an unknown cell or a cell given twice."""
        g = cls()
        seen = {}  # type: Dict[int, str]
        for side, cells in ((0, black), (1, white)):
            for name in cells:
                c = index(name)
                if c in seen:
                    raise ValueError("%s is given twice" % CELLS[c])
                seen[c] = name
                g._stones[side] |= BIT[c]
        g._turn = _side(to_move)
        g.start_position = g.position()
        return g

    @classmethod
    def from_position(cls, text: str) -> "DiamondsGame":
        """A game from a position string; ``PositionError`` (a ``ValueError``) saying what is wrong."""
        black, white, turn, swap_ok, passes = parse_position(text)
        g = cls()
        g._stones = [black, white]
        g._turn = turn
        g._swap_ok = swap_ok
        g._passes = passes
        g.start_position = g.position()
        return g

    @classmethod
    def from_record(cls, text: str) -> "DiamondsGame":
        """A game replayed from a record (see :mod:`dvonn_core.diamonds.record`)."""
        from .record import read

        return read(text)

    def record(self) -> str:
        """The game as a text record."""
        from .record import write

        return write(self)

    # ------------------------------------------------------------------ state
    def _sides(self) -> "Tuple[int, int]":
        return self._stones[self._turn], self._stones[1 - self._turn]

    @property
    def to_move(self) -> str:
        return COLOURS[self._turn]

    @property
    def phase(self) -> str:
        return "over" if self._passes >= 2 else "play"

    @property
    def can_swap(self) -> bool:
        """The pie rule applies now: the next move may be ``swap``."""
        return self._swap_ok and self._passes < 2

    @property
    def bits(self) -> "Tuple[int, int]":
        """(black, white) stones as bitmasks (the fast path for the bot)."""
        return self._stones[0], self._stones[1]

    def stones(self, colour: str) -> "List[str]":
        """The cells holding stones of ``colour``, in cell order."""
        return _cells(self._stones[_side(colour)])

    def stone(self, cell: str) -> str:
        """``"black"``, ``"white"`` or ``""`` for the stone on a cell."""
        b = BIT[index(cell)]
        if self._stones[0] & b:
            return "black"
        if self._stones[1] & b:
            return "white"
        return ""

    def score(self) -> "Tuple[int, int]":
        """(black, white): the stones each colour has on the board."""
        return _popcount(self._stones[0]), _popcount(self._stones[1])

    def winner(self) -> "Optional[str]":
        """``"black"`` or ``"white"`` once the game is over (equal counts: White, the second player), else ``None``."""
        if self.phase != "over":
            return None
        b, w = self.score()
        return "black" if b > w else "white"

    def position(self) -> str:
        return format_position(self._stones[0], self._stones[1], self._turn, self._swap_ok, self._passes)

    def diamonds(self, colour: "Optional[str]" = None) -> "List[Tuple[str, ...]]":
        """The diamonds of a colour (default: the side to move) on the board."""
        side = self._turn if colour is None else _side(colour)
        return [tuple(CELLS[c] for c in DIAMONDS[k]) for k in diamonds_of(self._stones[side])]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiamondsGame) and other.position() == self.position() and [str(m) for m in other.moves] == [str(m) for m in self.moves]

    def __repr__(self) -> str:
        return "DiamondsGame.from_position(%r)" % self.position()

    # ------------------------------------------------------------------ moves
    def begin_turn(self, cell: str) -> Turn:
        """Start a turn by dropping on ``cell``; see :class:`Turn`."""
        if not isinstance(cell, str):
            raise InvalidMoveError("a drop is a cell name like 'e5', not %r" % (cell,))
        try:
            c = index(cell.strip().lower())
        except ValueError as e:
            raise InvalidMoveError(str(e))
        return Turn(self, c)

    def drops(self) -> "List[str]":
        """The cells the side to move may drop on (none once the game is over)."""
        if self.phase == "over":
            return []
        occupied = self._stones[0] | self._stones[1]
        return [CELLS[i] for i in range(SIZE) if not occupied >> i & 1]

    def legal_moves(self) -> "LegalMoves":
        """Every legal whole turn, one per distinct result, as a lazy :class:`LegalMoves` view.

        Drops come by cell (each drop's turns in notation order), then
        ``pass``, then ``swap``.  Two chains of pivots that end on the same
        board are one turn here (the shortest chain is listed); :meth:`play`
        accepts any of them, and :meth:`iter_turns` lists them all.
        """
        return LegalMoves(self)

    def turns_after(self, cell: str) -> "List[Move]":
        """The distinct turns that begin with a drop on ``cell`` (one per final board), in notation order."""
        c = self.begin_turn(cell).cell
        return self._turns_at(c)

    def _turns_at(self, c: int) -> "List[Move]":
        mine, opp = self._sides()
        standing = bool(diamonds_of(mine))
        out = [_move_of(mine, opp, c, path, standing) for _, _, path in outcomes(mine, opp, c, standing)]
        out.sort(key=_sort_key)
        return out

    def iter_turns(self, cell: str) -> "Iterator[Move]":
        """Every legal chain of pivots after a drop on ``cell``, lazily and depth first (there can be millions)."""
        turn = self.begin_turn(cell)
        first = turn.options()
        if not first:
            yield turn.move()
            return
        stack = [first]
        while stack:
            opts = stack[-1]
            if not opts:
                stack.pop()
                if stack:
                    turn.undo()
                continue
            turn.step(opts.pop(0))
            nxt = turn.options()
            if nxt:
                stack.append(nxt)
            else:
                yield turn.move()
                turn.undo()

    def parse_move(self, move: "Union[Move, str]") -> Move:
        """The canonical legal :class:`Move` for a move or its text; raises like :meth:`play`."""
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError("a move must be a Move or text, not %r" % (move,))
        try:
            return self._resolve(move)
        except IllegalMoveError as e:
            raise IllegalMoveError("illegal move %r: %s in %s" % (str(move), e, self.position()))

    def _resolve(self, move: Move) -> Move:
        if self.phase == "over":
            raise IllegalMoveError("the game is over")
        if move.kind == PASS:
            return Move(PASS)
        if move.kind == SWAP:
            if not self.can_swap:
                raise IllegalMoveError("swap is allowed only as the second move of a game, right after the first drop")
            return Move(SWAP)
        if len(move.pivots) > MAX_PIVOTS:
            raise IllegalMoveError("too many pivots")
        turn = Turn(self, move.cell)
        for i in range(len(move.pivots)):
            if turn.done:
                raise IllegalMoveError("the turn was over after %s: no diamond is left to pivot" % turn._text())
            try:
                turn.step(move.pivots[i])
            except IllegalMoveError as e:
                raise IllegalMoveError("pivot %d: %s" % (i + 1, e))
        if not turn.done:
            raise IllegalMoveError("the turn is not finished: after %s a diamond must pivot (%s), e.g. %s" % (turn._text(), turn._diamond_text(), turn.options()[0]))
        return turn.move()

    def play(self, move: "Union[Move, str]") -> Move:
        """Play a whole turn (a :class:`Move` or its text) and return it in canonical form.

        ``InvalidMoveError`` for text that is not a turn, ``IllegalMoveError``
        for a turn that is not legal now; the game is unchanged after an error.
        """
        m = self.parse_move(move)
        self._push(m)
        return m

    def _push(self, m: Move) -> None:
        self._undo.append((self._stones[0], self._stones[1], self._turn, self._swap_ok, self._passes, self.swapped))
        if m.kind == PASS:
            self._passes += 1
            self._turn = 1 - self._turn
            self._swap_ok = False
        elif m.kind == SWAP:
            # The players exchange colours; the board and the side to move stay.
            self.swapped = not self.swapped
            self._swap_ok = False
            self._passes = 0
        else:
            mine, opp = self._sides()
            # The pie rule: Black's drop on the empty board, as the game's first move, may be swapped.
            first = self._turn == 0 and self._passes == 0 and not (mine | opp)
            mine |= BIT[m.cell]
            for pv in m.pivots:
                k = _diamond_of(mine, pv)
                d = DIRECTION_TO[pv.cell][pv.far]
                mine, opp = pivot(mine, opp, pv.cell, k, d)
            self._stones[self._turn] = mine
            self._stones[1 - self._turn] = opp
            self._turn = 1 - self._turn
            self._passes = 0
            self._swap_ok = first
        self.moves.append(m)

    def chain_move(self, cell: int, chain: "Tuple[Tuple[int, int, int], ...]") -> Move:
        """The canonical :class:`Move` of a drop on cell number ``cell`` and a chain of pivots
        ``(cell, diamond, direction)`` as :func:`~.rules.outcomes` gives them (fast path for the bot)."""
        mine, opp = self._sides()
        return _move_of(mine, opp, cell, chain, bool(diamonds_of(mine)))

    def copy(self) -> "DiamondsGame":
        """An independent copy (the moves, the tags and what undo needs), as ``Game.copy``.

        >>> game = DiamondsGame()
        >>> _ = game.play("e5"); twin = game.copy(); _ = twin.play("swap")
        >>> len(game.moves), len(twin.moves)
        (1, 2)
        """
        twin = DiamondsGame()
        twin._stones = list(self._stones)
        twin._turn = self._turn
        twin._swap_ok = self._swap_ok
        twin._passes = self._passes
        twin.swapped = self.swapped
        twin.moves = list(self.moves)
        twin._undo = list(self._undo)
        twin.start_position = self.start_position
        twin.tags = dict(self.tags)
        return twin

    def undo(self) -> Move:
        """Take back the last turn and return it; ``IndexError`` if no turn was played."""
        if not self.moves:
            raise IndexError("no move to undo")
        b, w, self._turn, self._swap_ok, self._passes, self.swapped = self._undo.pop()
        self._stones = [b, w]
        return self.moves.pop()


class LegalMoves:
    """The legal turns of a position, computed drop by drop as they are asked for.

    Iterate it, test ``move in legal`` (checked by playing it, so any chain
    counts), ``count()`` or ``len()`` it (that computes every drop), or
    ``list()`` it.  Most drops form no diamond and are one turn each; a drop
    that forms one can end on hundreds of boards, so prefer iteration.
    """

    def __init__(self, game: "DiamondsGame") -> None:
        self.game = game
        self._list = None  # type: Optional[List[Move]]

    def __iter__(self) -> "Iterator[Move]":
        if self._list is not None:
            for m in self._list:
                yield m
            return
        g = self.game
        if g.phase == "over":
            return
        mine, opp = g._sides()
        occupied = mine | opp
        for c in range(SIZE):
            if not occupied >> c & 1:
                for m in g._turns_at(c):
                    yield m
        yield Move(PASS)
        if g.can_swap:
            yield Move(SWAP)

    def _all(self) -> "List[Move]":
        if self._list is None:
            self._list = list(iter(self))
        return self._list

    def __len__(self) -> int:
        return len(self._all())

    def count(self) -> int:
        return len(self._all())

    def __getitem__(self, i: int) -> Move:
        return self._all()[i]

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Move, str)):
            return False
        try:
            self.game.parse_move(move)
        except ValueError:
            return False
        return True

    def __repr__(self) -> str:
        return "<LegalMoves of %s>" % self.game.position()


def _diamond_of(mine: int, pv: Pivot) -> int:
    for k in DIAMONDS_AT[pv.cell]:
        if mine & DIAMOND_MASK[k] == DIAMOND_MASK[k] and _partner(k, pv.cell) == pv.partner:
            return k
    raise AssertionError("unresolved pivot %s" % pv)


def _move_of(mine: int, opp: int, cell: int, path: "Tuple[Tuple[int, int, int], ...]", standing: bool) -> Move:
    """The canonical Move of a chain found by :func:`~.rules.outcomes`."""
    mine |= BIT[cell]
    ds = diamonds_after_drop(mine, cell, standing)
    pivots = []
    for p, k, d in path:
        pivots.append(_pivot_of(p, k, d, ds))
        mine, opp = pivot(mine, opp, p, k, d)
        ds = diamonds_of(mine)
    return Move(DROP, cell, tuple(pivots))


def _sort_key(m: Move) -> "Tuple[object, ...]":
    return m.key()


def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


__all__ = ["DiamondsGame", "Turn", "Move", "Pivot", "PositionError", "InvalidMoveError", "IllegalMoveError"]
