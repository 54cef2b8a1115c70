"""The rules of DVONN: a game state with legal moves, play, undo, removal and scoring.

>>> game = Game()
>>> game.phase, game.to_move
('placement', 'white')
>>> game.play("F3")          # White places the first DVONN piece
Move.parse('F3')
>>> game.stack("F3")
'd'
>>> len(game.legal_moves())
48
"""

from ..common.errors import quote
from . import position as _position
from .board import BIT, CELLS, EDGE, JUMPS, NEIGHBOUR_BITS, ONE_ARC, RING, SIZE, index
from .moves import PASS_CODE, PLACE_BASE, IllegalMoveError, InvalidMoveError, Move, code_text

try:
    from typing import Dict, List, Optional, Tuple, Union
except ImportError:  # MicroPython
    pass

WHITE = 0
BLACK = 1
COLOUR_NAMES = ("white", "black")
_TOPS = ("w", "b")


def flood(seeds: int, occupied: int) -> int:
    """The cells of the bitboard ``occupied`` linked to ``seeds`` through adjacent occupied cells."""
    reach = seeds & occupied
    while True:
        grown = (
            reach | (reach << 1) | (reach >> 1) | (reach << 12) | (reach >> 12) | (reach << 13) | (reach >> 13)
        ) & occupied
        if grown == reach:
            return reach
        reach = grown


class Game:
    """A game of DVONN from the empty board (or from a position), with its move history.

    The state is a list of 49 stacks (strings of ``w``, ``b``, ``d`` from bottom to
    top), the side to move and the number of placements made.  Every change
    goes through :meth:`play` and can be taken back with :meth:`undo`.
    """

    def __init__(self) -> None:
        self._stacks = [""] * SIZE  # type: List[str]
        self._turn = WHITE
        self._placed = 0
        self._occ = 0  # bitboard of occupied cells
        self._dvm = 0  # bitboard of cells whose stack holds a DVONN piece
        self._codes = []  # type: List[int]
        self._undo = []  # type: List[tuple]
        self._legal = None  # type: Optional[List[int]]
        self._start = None  # type: Optional[str]
        self.resigned = None  # type: Optional[str]
        #: Header tags of the game record (players, event, date, ...).
        self.tags = {}  # type: dict

    # ------------------------------------------------------------------ creation

    @classmethod
    def from_position(cls, text: str) -> "Game":
        """A game starting from a position string (see :mod:`dvonn_core.dvonn.position`)."""
        stacks, turn, placing = _position.parse(text)
        game = cls()
        game._set(stacks, turn, placing)
        game._start = game.position()
        return game

    def _set(self, stacks: "List[str]", turn: int, placing: bool) -> None:
        self._stacks = list(stacks)
        self._turn = turn
        occ = 0
        dvm = 0
        pieces = 0
        for i in range(SIZE):
            s = stacks[i]
            if s:
                occ |= BIT[i]
                pieces += len(s)
                if "d" in s:
                    dvm |= BIT[i]
        self._occ = occ
        self._dvm = dvm
        self._placed = pieces if placing else SIZE
        self._codes = []
        self._undo = []
        self._legal = None

    @classmethod
    def from_record(cls, text: str) -> "Game":
        """A game replayed from a record in any supported format (see :mod:`dvonn_core.dvonn.record`)."""
        from . import record

        return record.read(text)

    def record(self) -> str:
        """The game as a plain-text record: header tags, then the moves (see :mod:`dvonn_core.dvonn.record`)."""
        from . import record

        return record.write(self)

    def copy(self) -> "Game":
        """An independent copy with the same position and history."""
        g = Game()
        g._stacks = list(self._stacks)
        g._turn = self._turn
        g._placed = self._placed
        g._occ = self._occ
        g._dvm = self._dvm
        g._codes = list(self._codes)
        g._undo = list(self._undo)
        g._legal = None
        g._start = self._start
        g.resigned = self.resigned
        g.tags = dict(self.tags)
        return g

    # ------------------------------------------------------------------ queries

    @property
    def to_move(self) -> str:
        """``"white"`` or ``"black"``: the side whose turn it is."""
        return COLOUR_NAMES[self._turn]

    @property
    def phase(self) -> str:
        """``"placement"``, ``"movement"`` or ``"over"``."""
        if self.resigned is not None:
            return "over"
        if self._placed < SIZE:
            return "placement"
        if not self.legal_codes():
            return "over"
        return "movement"

    @property
    def moves(self) -> "List[Move]":
        """The moves played so far (placements, stack moves and passes), oldest first."""
        return [Move.from_code(c) for c in self._codes]

    @property
    def start_position(self) -> "Optional[str]":
        """The position the game started from, or ``None`` for the empty board."""
        return self._start

    @property
    def last_removed(self) -> "List[str]":
        """The cells whose stacks the last move removed (cut off from every DVONN piece)."""
        if not self._undo:
            return []
        removed = self._undo[-1][6]
        return [CELLS[c] for c, _ in removed] if removed else []

    @property
    def last_removed_stacks(self) -> "Dict[str, str]":
        """The stacks the last move removed, by cell (what was on each cell just before).

        Pages draw them fading out or as ghosts without keeping a copy of the board.

        >>> g = Game.from_position("BbW7-B1WBD5-3DWB5-4D5-9.w")
        >>> _ = g.play("C2D3"); g.last_removed_stacks
        {'A1': 'b', 'B1': 'bw', 'A2': 'b'}
        """
        if not self._undo or not self._undo[-1][6]:
            return {}
        return {CELLS[c]: stack for c, stack in self._undo[-1][6]}

    def why_stuck(self, cell: str) -> str:
        """Why the stack on ``cell`` cannot move now, in words (``""`` when it can).

        >>> g = Game.from_position("BbW7-B1WBD5-3DWB5-4D5-9.w")
        >>> print(g.why_stuck("A1"))
        the stack on A1 belongs to black, and it is white's turn
        >>> g.why_stuck("C2")
        ''
        """
        s = index(cell)
        if any(code >> 6 == s for code in self.legal_codes() if code < PLACE_BASE):
            return ""
        if self._placed < SIZE:
            return "stacks cannot move until all 49 pieces are placed"
        if self.phase == "over":
            return "the game is over"
        reason = self._why_source(s, surrounded_first=True)[1]
        if reason:
            return reason
        height = len(self._stacks[s])
        return "the stack on %s has no occupied cell exactly %d cell%s away in a straight line to land on" % (
            cell, height, "" if height == 1 else "s")

    def _why_source(self, s: int, surrounded_first: bool = False) -> "Tuple[str, str]":
        """Why no stack on cell ``s`` may move for the side to move: (the rule's name, the reason in
        words); ``("", "")`` if none of these.

        ``surrounded_first``: a surrounded stack is reported as such whoever owns it (what a
        player picking it up wants to hear); otherwise ownership is checked first."""
        side = COLOUR_NAMES[self._turn]
        x = self._stacks[s]
        if not x:
            return "no-stack", "there is no stack on %s" % CELLS[s]
        if x == "d":
            return "lone-dvonn", "a lone DVONN piece on %s cannot move" % CELLS[s]
        nb = NEIGHBOUR_BITS[s]
        surrounded = not EDGE[s] and self._occ & nb == nb
        if surrounded and surrounded_first:
            return "surrounded", "the stack on %s is surrounded on all six sides" % CELLS[s]
        if x[-1] != _TOPS[self._turn]:
            return "not-yours", "the stack on %s belongs to %s, and it is %s's turn" % (
                CELLS[s], COLOUR_NAMES[1 - self._turn], side)
        if surrounded:
            return "surrounded", "the stack on %s is surrounded on all six sides" % CELLS[s]
        return "", ""

    def stack(self, cell: str) -> str:
        """The pieces on a cell from bottom to top (``w``, ``b``, ``d``); ``""`` if empty."""
        return self._stacks[index(cell)]

    def stacks(self) -> "List[str]":
        """All 49 stacks in cell order (see :data:`dvonn_core.dvonn.board.CELLS`)."""
        return list(self._stacks)

    def pieces_to_place(self) -> "Tuple[int, int]":
        """(white, black) placements still to make, DVONN pieces included."""
        left = SIZE - self._placed
        return ((left + 1) // 2, left // 2)

    def score(self) -> "Tuple[int, int]":
        """(white, black): the pieces in the stacks each side controls now."""
        w = 0
        b = 0
        for s in self._stacks:
            if s:
                top = s[-1]
                if top == "w":
                    w += len(s)
                elif top == "b":
                    b += len(s)
        return (w, b)

    def winner(self) -> "Optional[str]":
        """``"white"``, ``"black"``, ``"draw"``, or ``None`` while the game goes on."""
        if self.resigned is not None:
            return "black" if self.resigned == "white" else "white"
        if self.phase != "over":
            return None
        w, b = self.score()
        if w > b:
            return "white"
        if b > w:
            return "black"
        return "draw"

    def position(self) -> str:
        """The position as a canonical, URL-safe string (see :mod:`dvonn_core.dvonn.position`)."""
        return _position.format(self._stacks, self._turn, self._placed < SIZE)

    def legal_moves(self) -> "List[Move]":
        """The legal moves in a fixed order (by source cell, then target cell).

        During movement, a side with no stack move while the other side can move
        has exactly one legal move: ``PASS``.  A finished game has none.
        """
        return [Move.from_code(c) for c in self.legal_codes()]

    def is_legal(self, move: "Union[Move, str]") -> bool:
        """True when ``move`` (a Move or its text) can be played now."""
        try:
            m = move if isinstance(move, Move) else Move.parse(move)
        except InvalidMoveError:
            return False
        return self.resigned is None and m.code in self.legal_codes()

    def removed_by(self, move: "Union[Move, str]") -> "List[str]":
        """The cells whose stacks ``move`` would remove, without changing the game."""
        self.play(move)
        try:
            return self.last_removed
        finally:
            self.undo()

    def __repr__(self) -> str:
        return "Game.from_position(%r)" % self.position()

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other._stacks == self._stacks
            and other._turn == self._turn
            and other._placed == self._placed
            and other._codes == self._codes
            and other._start == self._start
            and other.resigned == self.resigned
        )

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    # ------------------------------------------------------------------ changes

    def play(self, move: "Union[Move, str]") -> Move:
        """Play a move (a :class:`Move` or its notation) and return it.

        Raises :class:`InvalidMoveError` for text that is not a move and
        :class:`IllegalMoveError` for a move that is not legal now; the game is
        unchanged after an error.
        """
        if isinstance(move, Move):
            m = move
        elif isinstance(move, str):
            m = Move.parse(move)
        else:
            raise InvalidMoveError("a move must be a Move or text like 'E3G3', not %s" % quote(move))
        if self.resigned is not None:
            raise IllegalMoveError(
                "illegal move %r: the game is over (%s resigned) in %s" % (str(m), self.resigned, self.position())
            )
        code = m.code
        if code not in self.legal_codes():
            rule, reason = self._why_illegal(code)
            raise IllegalMoveError("illegal move %r: %s in %s" % (str(m), reason, self.position()), move=str(m),
                                   rule=rule)
        self.push(code)
        return m

    def undo(self) -> Move:
        """Take back the last move and return it (a resignation is withdrawn with it)."""
        if not self._codes:
            raise IndexError("no move to undo")
        self.resigned = None
        code = self._codes[-1]
        self.pop()
        return Move.from_code(code)

    def resign(self, side: "Optional[str]" = None) -> None:
        """Record that ``side`` (default: the side to move) resigned; the game is then over."""
        if side is None:
            side = self.to_move
        if side not in COLOUR_NAMES:
            raise ValueError("side must be 'white' or 'black', not %r" % (side,))
        self.resigned = side

    # ------------------------------------------------------------------ fast path
    # The public fast path, for search, perft, replay and engines: integer move
    # codes (see :func:`dvonn_core.dvonn.moves.encode`; ``Move.from_code`` and
    # ``Move.code`` convert), ``push``/``pop`` without validation, and read-only
    # views of the state.  Like OpenSpiel's ``legal_actions``/``apply_action``.

    @property
    def ply(self) -> int:
        """The number of moves played (placements, stack moves and passes)."""
        return len(self._codes)

    @property
    def last_code(self) -> int:
        """The code of the last move played, -1 before the first.

        >>> g = Game(); g.last_code
        -1
        >>> g.push(g.legal_codes()[0]); g.last_code == Move.parse("A1").code
        True
        """
        codes = self._codes
        return codes[-1] if codes else -1

    @property
    def turn(self) -> int:
        """The side to move as a number: 0 for White, 1 for Black."""
        return self._turn

    @property
    def placed(self) -> int:
        """The number of pieces placed so far (49 once the movement phase has begun)."""
        return self._placed

    @property
    def occupied(self) -> int:
        """Bitboard of the occupied cells (``dvonn_core.dvonn.board.BIT[i]`` is cell ``i``'s bit)."""
        return self._occ

    @property
    def dvonn_bits(self) -> int:
        """Bitboard of the cells whose stack holds a DVONN piece."""
        return self._dvm

    @property
    def cells(self) -> "List[str]":
        """The live list of the 49 stacks in cell order (bottom to top, ``w``/``b``/``d``).

        It is the game's own list, for fast reading: never change it (use :meth:`stacks` for a copy).
        """
        return self._stacks

    def legal_codes(self) -> "List[int]":
        """The legal moves as integer codes, ascending (the order of :meth:`legal_moves`).

        The list is cached until the next push or pop: read it, do not change it.

        >>> g = Game.from_position("9-10-11-10-9.wp")
        >>> len(g.legal_codes()), Move.from_code(g.legal_codes()[0])
        (49, Move.parse('A1'))
        """
        legal = self._legal
        if legal is None:
            if self._placed < SIZE:
                st = self._stacks
                legal = [PLACE_BASE + i for i in range(SIZE) if not st[i]]
            else:
                legal = self._stack_moves(self._turn)
                if not legal and self._stack_moves(1 - self._turn):
                    legal = [PASS_CODE]
            self._legal = legal
        return legal

    def _stack_moves(self, side: int) -> "List[int]":
        """Codes of the stack moves of ``side``, ascending (source, then target)."""
        mine = _TOPS[side]
        st = self._stacks
        occ = self._occ
        out = []
        for s in range(SIZE):
            x = st[s]
            if x and x[-1] == mine:
                nb = NEIGHBOUR_BITS[s]
                if EDGE[s] or occ & nb != nb:
                    base = s * 64
                    for t in JUMPS[s][len(x)]:
                        if st[t]:
                            out.append(base + t)
        return out

    def stack_moves(self, side: int) -> "List[int]":
        """The codes of the stack moves ``side`` (0 White, 1 Black) would have now, whoever is to move."""
        return self._stack_moves(side)

    def push(self, code: int) -> None:
        """Play the move ``code``, which must be in :meth:`legal_codes` (not checked: use :meth:`play` to check).

        >>> g = Game()
        >>> g.push(g.legal_codes()[0]); g.ply, g.stack("A1")
        (1, 'd')
        >>> g.pop() == Move.parse("A1").code, g.ply
        (True, 0)
        """
        st = self._stacks
        turn = self._turn
        occ = self._occ
        dvm = self._dvm
        if code >= PLACE_BASE:
            if code == PASS_CODE:
                self._undo.append((code, turn, occ, dvm, None, None, None))
                self._turn = 1 - turn
            else:
                t = code - PLACE_BASE
                self._undo.append((code, turn, occ, dvm, None, None, None))
                if self._placed < 3:
                    st[t] = "d"
                    self._dvm = dvm | BIT[t]
                else:
                    st[t] = _TOPS[turn]
                self._occ = occ | BIT[t]
                self._placed += 1
                self._turn = 0 if self._placed == SIZE else self._placed & 1
        else:
            occ0 = occ
            dvm0 = dvm
            s = code >> 6
            t = code & 63
            moving = st[s]
            under = st[t]
            st[t] = under + moving
            st[s] = ""
            bs = BIT[s]
            occ ^= bs
            self._occ = occ
            removed = None
            has_dvonn = dvm & bs
            if has_dvonn:
                dvm = (dvm ^ bs) | BIT[t]
                self._dvm = dvm
            ring = RING[s]
            if has_dvonn or not ONE_ARC[
                (1 if occ & ring[0] else 0)
                | (2 if occ & ring[1] else 0)
                | (4 if occ & ring[2] else 0)
                | (8 if occ & ring[3] else 0)
                | (16 if occ & ring[4] else 0)
                | (32 if occ & ring[5] else 0)
            ]:
                alive = flood(dvm, occ)
                if alive != occ:
                    removed = []
                    for c in range(SIZE):
                        if st[c] and not alive & BIT[c]:
                            removed.append((c, st[c]))
                            st[c] = ""
                    self._occ = alive
            self._undo.append((code, turn, occ0, dvm0, moving, under, removed))
            self._turn = 1 - turn
        self._codes.append(code)
        self._legal = None

    def pop(self) -> int:
        """Take back the last move (a resignation is not withdrawn: see :meth:`undo`) and return its code."""
        code, turn, occ, dvm, moving, under, removed = self._undo.pop()
        self._codes.pop()
        st = self._stacks
        if code < PLACE_BASE:
            if removed:
                for c, x in removed:
                    st[c] = x
            st[code >> 6] = moving
            st[code & 63] = under
        elif code != PASS_CODE:
            st[code - PLACE_BASE] = ""
            self._placed -= 1
        self._turn = turn
        self._occ = occ
        self._dvm = dvm
        self._legal = None
        return code

    def _why_illegal(self, code: int) -> "Tuple[str, str]":
        """Why a move code is not legal now: (the rule's name, a short reason in words).  The name is
        what ``IllegalMoveError.values["rule"]`` carries, so that a page can say the rule in its
        player's language: ``placement-occupied``, ``placement-first``, ``placement-pass``,
        ``placement-over``, ``over``, ``no-pass``, ``must-pass``, ``no-stack``, ``lone-dvonn``,
        ``not-yours``, ``surrounded``, ``distance``, ``empty-target``.

        >>> try:
        ...     Game.from_position("BbW7-B1WBD5-3DWB5-4D5-9.w").play("C2E2")
        ... except IllegalMoveError as error:
        ...     print(error.values["rule"])
        distance
        """
        side = COLOUR_NAMES[self._turn]
        st = self._stacks
        if self._placed < SIZE:
            if code == PASS_CODE:
                return "placement-pass", "no passing during the placement phase"
            if code < PLACE_BASE:
                return "placement-first", "stacks cannot move until all 49 pieces are placed"
            return "placement-occupied", "%s is already occupied" % CELLS[code - PLACE_BASE]
        if self.phase == "over":
            return "over", "the game is over"
        if code == PASS_CODE:
            return "no-pass", "%s can move, so may not pass" % side
        if code >= PLACE_BASE:
            return "placement-over", "all pieces are placed; a move names a source and a target cell, like E3G3"
        s = code >> 6
        t = code & 63
        x = st[s]
        if self.legal_codes() == [PASS_CODE]:
            return "must-pass", "%s has no legal move and must pass" % side
        rule, reason = self._why_source(s)
        if rule:
            return rule, reason
        if t not in JUMPS[s][len(x)]:
            return "distance", "the stack on %s has height %d, so it must move exactly %d cell%s in a straight line" % (
                CELLS[s],
                len(x),
                len(x),
                "" if len(x) == 1 else "s",
            )
        return "empty-target", "a move must end on an occupied cell, and %s is empty" % CELLS[t]


def text_of(code: int) -> str:
    """Notation of an internal move code (re-exported for the bot)."""
    return code_text(code)
