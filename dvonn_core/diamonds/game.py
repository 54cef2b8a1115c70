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

Turns of any length
-------------------
The rules put no bound on a chain but the repetition rule, and a turn's
boards can number in the millions: on the long-chain position
(``tests/data/diamonds/long-chain.txt``) a depth-first walk over the boards
of one drop found a legal chain of 15,445 pivots after a million boards, and
longer ones with more.  So nothing here limits a turn: :meth:`DiamondsGame.play`,
:meth:`Move.parse` and the record reader take any number of pivots, and each
pivot is checked in the same time, so checking is linear in the turn's length.
Listing turns is another matter: :meth:`DiamondsGame.legal_moves` finds them
drop by drop and lazily, keeping at most :data:`~.rules.MAX_BOARDS` boards
(about 25 MB), and raises :class:`~.rules.TooManyTurnsError` past that.  The
bots and ``random_move`` build their turns pivot by pivot and never list them.
"""

from ..common.errors import quote
from .board import BIT, CELLS, DIAMOND_MASK, DIAMONDS, DIAMONDS_AT, DIRECTION_TO, LINES, SIZE, index, is_cell, partner
from .moves import DROP, PASS, SWAP, IllegalMoveError, InvalidMoveError, Move, Pivot, short_turn
from .position import PositionError, format_position, parse_position
from .rules import TooManyTurnsError, all_ends, diamonds_after_drop, diamonds_of, ends, next_diamonds, options, pivot

try:
    from typing import Dict, Iterator, List, Optional, Sequence, Tuple, Union
except ImportError:  # MicroPython
    pass

COLOURS = ("black", "white")


def _side(colour: str) -> int:
    if colour not in COLOURS:
        raise ValueError("colour must be 'black' or 'white', not %s" % quote(colour))
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
        if type(c) is not int or not 0 <= c < SIZE:
            raise InvalidMoveError("a drop is on a cell of the board, not %s" % quote(cell if isinstance(cell, str) else repr(cell)))
        side = game._turn
        mine, opp = game._sides()
        if game.phase == "over":
            raise IllegalMoveError("cannot drop on %s: the game is over" % CELLS[c], rule="over")
        if (mine | opp) & BIT[c]:
            raise IllegalMoveError("cannot drop on %s: the cell is not empty" % CELLS[c], rule="occupied", cell=CELLS[c])
        self.side = side
        self.cell = c
        self._start = game._state()
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

    def diamond_numbers(self) -> "List[int]":
        """The mover's diamonds now as their numbers in :data:`~.board.DIAMONDS`, in number order."""
        return list(self._history[-1][2])

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
        if not isinstance(pv, Pivot) or not all(type(c) is int and -1 <= c < SIZE for c in (pv.cell, pv.partner, pv.far)) or min(pv.cell, pv.far) < 0:
            raise InvalidMoveError("a pivot is a Pivot or text like 'c5>f5', not %s" % quote(pv if isinstance(pv, str) else repr(pv)))
        mine, opp, ds = self._history[-1]
        if not ds:
            raise IllegalMoveError("no pivot is possible after %s: no diamond of the mover is on the board" % self._text(), rule="no-diamond")
        holding = [k for k in ds if DIAMOND_MASK[k] & BIT[pv.cell]]
        if not holding:
            raise IllegalMoveError("%s is not the pivot of a diamond (the diamonds now: %s)" % (_name(pv), self._diamond_text()), rule="not-pivot", cell=CELLS[pv.cell])
        if pv.partner >= 0:
            holding = [k for k in holding if DIAMOND_MASK[k] & BIT[pv.partner] and _partner(k, pv.cell) == pv.partner]
            if not holding:
                raise IllegalMoveError("%s: %s is not the partner of %s in a diamond (the diamonds now: %s)" % (_name(pv), CELLS[pv.partner], CELLS[pv.cell], self._diamond_text()), rule="not-partner", cell=CELLS[pv.cell])
        elif len(holding) > 1:
            raise IllegalMoveError("%s is ambiguous: %s is in %d diamonds; name one by the pivot's partner, e.g. %s" % (_name(pv), CELLS[pv.cell], len(holding), Pivot(pv.cell, _partner(holding[0], pv.cell), pv.far)), rule="ambiguous", cell=CELLS[pv.cell])
        d = DIRECTION_TO[pv.cell].get(pv.far, -1)
        if d < 0:
            raise IllegalMoveError("%s: %s is not three cells in a straight line from %s" % (_name(pv), CELLS[pv.far], CELLS[pv.cell]), rule="not-in-line", cell=CELLS[pv.far])
        k = holding[0]
        nm, no = pivot(mine, opp, pv.cell, k, d)
        if (nm, no) in self._seen:
            raise IllegalMoveError("%s would repeat a position of this turn" % _name(pv), rule="repeat")
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
        self._history.append((nm, no, next_diamonds(nm, ds, pv.cell, d)))

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
        """The turn so far as a :class:`Move` (complete once :attr:`done`).

        A finished turn's Move remembers that it was checked pivot by pivot, so
        :meth:`DiamondsGame.play` takes it at once in the position the turn began
        in (a chain of thousands of pivots is not checked twice).
        """
        m = Move(DROP, self.cell, tuple(self.pivots))
        if self.done:
            m._proof = (self._start, m.key(), self.mine, self.opp)
        return m

    def _text(self) -> str:
        """The turn so far, shortened for a message (a chain can be thousands of pivots long)."""
        return short_turn(self.move())

    def _last(self) -> str:
        """Where the turn stands, for a message: ``the drop on b6`` or ``pivot 2 (f5>i2)``."""
        if not self.pivots:
            return "the drop on %s" % CELLS[self.cell]
        return "pivot %d (%s)" % (len(self.pivots), self.pivots[-1])

    def _diamond_text(self) -> str:
        ds = self.diamonds()
        if not ds:
            return "none"
        text = ", ".join("{" + " ".join(d) + "}" for d in ds[:3])
        return text + (" and %d more" % (len(ds) - 3) if len(ds) > 3 else "")


def _name(pv: Pivot) -> str:
    return "pivot %r" % str(pv)


_PARTNER = {}  # type: Dict[Tuple[int, int], int]


def _partner(k: int, cell: int) -> int:
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
        #: The side that resigned (the game is then over), or ``None``.
        self.resigned = None  # type: Optional[str]

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_stones(cls, black: "Sequence[str]" = (), white: "Sequence[str]" = (), to_move: str = "black") -> "DiamondsGame":
        """A game from lists of cell names and the side to move.

        :class:`PositionError` (a ``ValueError``) for anything else: an argument
        of the wrong type, an unknown cell, a cell given twice, a side that is
        not ``"black"`` or ``"white"``.

        >>> DiamondsGame.from_stones(black=["e5"], white=["E6"], to_move="white")
        DiamondsGame.from_position('5-6-7-8-4bw3-8-7-6-5.w')
        >>> DiamondsGame.from_stones(black=["e5"], white=["e5"])
        Traceback (most recent call last):
        ...
        dvonn_core.diamonds.position.PositionError: from_stones: e5 is given twice
        """
        g = cls()
        seen = {}  # type: Dict[int, bool]
        for side, cells in ((0, black), (1, white)):
            what = COLOURS[side]
            if isinstance(cells, str) or not isinstance(cells, (list, tuple, set, frozenset)):
                raise PositionError("from_stones: %s must be a list of cell names like ['e5', 'b6'], not %s" % (what, quote(cells)))
            for name in cells:
                if not isinstance(name, str) or not is_cell(name):
                    raise PositionError("from_stones: %s: %s is not a cell (cells are a5-a9, b4-b9, ... e1-e9, ... i1-i5)" % (what, quote(name)))
                c = index(name)
                if c in seen:
                    raise PositionError("from_stones: %s is given twice" % CELLS[c])
                seen[c] = True
                g._stones[side] |= BIT[c]
        if not isinstance(to_move, str) or to_move not in COLOURS:
            raise PositionError("from_stones: to_move must be 'black' or 'white', not %s" % quote(to_move))
        g._turn = COLOURS.index(to_move)
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
        return "over" if self._passes >= 2 or self.resigned is not None else "play"

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
        if self.resigned is not None:
            return "black" if self.resigned == "white" else "white"
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
        return (isinstance(other, DiamondsGame) and other.position() == self.position() and other.resigned == self.resigned
                and [str(m) for m in other.moves] == [str(m) for m in self.moves])

    def __repr__(self) -> str:
        return "DiamondsGame.from_position(%r)" % self.position()

    # ------------------------------------------------------------------ moves
    def begin_turn(self, cell: str) -> Turn:
        """Start a turn by dropping on ``cell``; see :class:`Turn`."""
        if not isinstance(cell, str):
            raise InvalidMoveError("a drop is a cell name like 'e5', not %s" % quote(cell))
        name = cell.strip()
        if not is_cell(name):
            raise InvalidMoveError("%s is not a cell (cells are a5-a9, b4-b9, ... e1-e9, ... i1-i5)" % quote(name))
        return Turn(self, index(name))

    def drops(self) -> "List[str]":
        """The cells the side to move may drop on (none once the game is over)."""
        if self.phase == "over":
            return []
        occupied = self._stones[0] | self._stones[1]
        return [CELLS[i] for i in range(SIZE) if not occupied >> i & 1]

    def legal_moves(self) -> "LegalMoves":
        """The legal whole turns, one per distinct result, as a lazy :class:`LegalMoves` view.

        Drops come by cell, each drop's turns as :func:`~.rules.ends` finds
        them (shortest chains first), then ``pass``, then ``swap``.  Two chains
        of pivots that end on the same board are one turn here (a shortest
        chain is listed); :meth:`play` accepts any of them, and
        :meth:`iter_turns` lists them all.  A drop whose turns reach more than
        :data:`~.rules.MAX_BOARDS` boards raises :class:`~.rules.TooManyTurnsError`
        when the iteration gets there: to choose a turn in any position, build
        it step by step (:meth:`begin_turn`).
        """
        return LegalMoves(self)

    def turns_after(self, cell: str) -> "List[Move]":
        """The distinct turns that begin with a drop on ``cell`` (one per final board), in notation order.

        :class:`~.rules.TooManyTurnsError` if they reach more than :data:`~.rules.MAX_BOARDS` boards.
        """
        c = self.begin_turn(cell).cell
        mine, opp = self._sides()
        standing = bool(diamonds_of(mine))
        # The whole search first: a drop with too many turns is refused before any turn is built.
        out = [_move_of(mine, opp, c, path, standing) for _, _, path in all_ends(mine, opp, c, standing)]
        out.sort(key=_sort_key)
        return out

    def _turns_at(self, c: int) -> "Iterator[Move]":
        mine, opp = self._sides()
        standing = bool(diamonds_of(mine))
        for _, _, path in ends(mine, opp, c, standing):
            yield _move_of(mine, opp, c, path, standing)

    def _count_at(self, c: int) -> int:
        mine, opp = self._sides()
        n = 0
        for _ in ends(mine, opp, c, bool(diamonds_of(mine)), chains=False):
            n += 1
        return n

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
        return self._checked(move)[0]

    def _state(self) -> "Tuple[int, int, int, bool, int]":
        return (self._stones[0], self._stones[1], self._turn, self._swap_ok, self._passes)

    def _checked(self, move: "Union[Move, str]") -> "Tuple[Move, Optional[Tuple[int, int]]]":
        """The canonical legal Move and, for a drop, the mover's and the opponent's stones after it."""
        if isinstance(move, Move) and move._proof is not None:
            proof = move._proof
            if proof[0] == self._state() and proof[1] == move.key():
                return move, (proof[2], proof[3])  # a finished Turn of this position: checked already
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError("a move must be a Move or text, not %s" % quote(move))
        try:
            return self._resolve(move)
        except IllegalMoveError as e:
            raise IllegalMoveError("illegal move %r: %s in %s" % (short_turn(move), e, self.position()), **e.values)

    def _resolve(self, move: Move) -> "Tuple[Move, Optional[Tuple[int, int]]]":
        if move.kind not in (DROP, PASS, SWAP):
            raise InvalidMoveError("a turn is a drop, 'pass' or 'swap', not %s" % quote(move.kind))
        if self.phase == "over":
            raise IllegalMoveError("the game is over", rule="over")
        if move.kind == PASS:
            return Move(PASS), None
        if move.kind == SWAP:
            if not self.can_swap:
                raise IllegalMoveError("swap is allowed only as the second move of a game, right after the first drop", rule="swap-late")
            return Move(SWAP), None
        # No limit on the pivots: the rules allow chains of many thousands (a
        # depth-first search finds one of 15,445 on the long-chain position), and
        # each step below takes the same time, so checking is linear in the turn.
        turn = Turn(self, move.cell)
        for i in range(len(move.pivots)):
            if not turn._history[-1][2]:
                raise IllegalMoveError("the turn was over after %s: no diamond is left to pivot" % turn._last(), rule="turn-over")
            try:
                turn.step(move.pivots[i])
            except IllegalMoveError as e:
                if turn.done:
                    raise IllegalMoveError("the turn was over after %s: every pivot would repeat a board of the turn" % turn._last(), rule="turn-over")
                raise IllegalMoveError("pivot %d: %s" % (i + 1, e), **e.values)
        if not turn.done:
            raise IllegalMoveError("the turn is not finished: after %s a diamond must pivot (%s), e.g. %s" % (turn._last(), turn._diamond_text(), turn.options()[0]), rule="unfinished")
        return Move(DROP, turn.cell, tuple(turn.pivots)), (turn.mine, turn.opp)

    def play(self, move: "Union[Move, str]") -> Move:
        """Play a whole turn (a :class:`Move` or its text) and return it in canonical form.

        ``InvalidMoveError`` for text that is not a turn, ``IllegalMoveError``
        for a turn that is not legal now; the game is unchanged after an error.
        """
        m, after = self._checked(move)
        self._push(m, after)
        return m

    def _push(self, m: Move, after: "Optional[Tuple[int, int]]" = None) -> None:
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
            if after is not None:
                mine, opp = after  # checked pivot by pivot already
            else:
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
        ``(cell, diamond, direction)`` as :func:`~.rules.ends` gives them (fast path for the bot)."""
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
        twin.resigned = self.resigned
        return twin

    def undo(self) -> Move:
        """Take back the last turn and return it (a resignation is withdrawn with it); ``IndexError``
        if no turn was played."""
        if not self.moves:
            raise IndexError("no move to undo")
        self.resigned = None
        b, w, self._turn, self._swap_ok, self._passes, self.swapped = self._undo.pop()
        self._stones = [b, w]
        return self.moves.pop()

    def resign(self, side: "Optional[str]" = None) -> None:
        """Record that ``side`` (default: the side to move) resigned; the game is then over and the
        other side wins, whatever the stones.  As ``Game.resign``; records end in ``resign``.

        >>> game = DiamondsGame(); _ = game.play("e5"); game.resign()
        >>> game.phase, game.winner(), game.record().split("\\n")[-3:]
        ('over', 'black', ['1. e5', '2. resign', ''])
        """
        if side is None:
            side = self.to_move
        _side(side)
        if self.phase == "over":
            raise IllegalMoveError("cannot resign: the game is over")
        self.resigned = side


class LegalMoves:
    """The legal turns of a position, computed drop by drop as they are asked for.

    Iterate it (lazily: the first turn comes at once, whatever the position),
    test ``move in legal`` (checked by playing it, so any chain counts), or
    ``count()`` / ``len()`` it (that searches every drop but builds no turn).
    Nothing is kept but the count: memory is the search of one drop, at most
    :data:`~.rules.MAX_BOARDS` boards.  Most drops form no diamond and are one
    turn each; a drop that forms one can end on millions of boards, and then
    the iteration or the count raises :class:`~.rules.TooManyTurnsError` when
    it gets there.
    """

    def __init__(self, game: "DiamondsGame") -> None:
        self.game = game
        self._count = (-1, "")  # (count, the position it was made for): the view follows the game

    def __iter__(self) -> "Iterator[Move]":
        g = self.game
        if g.phase == "over":
            return
        mine, opp = g._sides()
        occupied = mine | opp
        for c in range(SIZE):
            if not occupied >> c & 1:
                yield from g._turns_at(c)
        yield Move(PASS)
        if g.can_swap:
            yield Move(SWAP)

    def count(self) -> int:
        """The number of distinct legal turns (drops searched one at a time; no turn is built)."""
        g = self.game
        position = g.position()
        if self._count[1] != position:
            n = 0
            if g.phase != "over":
                mine, opp = g._sides()
                occupied = mine | opp
                n = 2 if g.can_swap else 1
                for c in range(SIZE):
                    if not occupied >> c & 1:
                        n += g._count_at(c)
            self._count = (n, position)
        return self._count[0]

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, i: "Union[int, slice]") -> "Union[Move, List[Move]]":
        """The turn at index ``i`` (found by iterating to it); a slice lists every turn first."""
        if isinstance(i, slice):
            return list(self)[i]
        if not isinstance(i, int):
            raise TypeError("legal moves are indexed by an int or a slice")
        if i < 0:
            i += self.count()
        if i >= 0:
            for m in self:
                if i == 0:
                    return m
                i -= 1
        raise IndexError("legal move index out of range")

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
    """The canonical Move of a chain found by :func:`~.rules.ends`."""
    mine |= BIT[cell]
    ds = diamonds_after_drop(mine, cell, standing)
    pivots = []
    for p, k, d in path:
        pivots.append(_pivot_of(p, k, d, ds))
        mine, opp = pivot(mine, opp, p, k, d)
        ds = next_diamonds(mine, ds, p, d)
    return Move(DROP, cell, tuple(pivots))


def _sort_key(m: Move) -> "Tuple[object, ...]":
    return m.key()


def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


__all__ = ["DiamondsGame", "Turn", "Move", "Pivot", "PositionError", "InvalidMoveError", "IllegalMoveError", "TooManyTurnsError"]
