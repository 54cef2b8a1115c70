"""What the Diamonds & Pivots page knows about the game in progress: no DOM access.

``Session`` holds the ``dvonn_core.diamonds`` game, who plays each colour, the turn
being built (a drop, then its pivots, with the library's step API ``game.begin_turn``),
the pivot and line end the player has picked, the undo/redo stacks and the notice.  The
page (``main.py``) turns clicks into calls here and draws what the queries return.  Every
rule comes from the library: this module only asks it.  Runs on MicroPython and CPython.

A turn by clicks: a drop on an empty cell; if it forms diamonds, a stone of one of them
(the pivot; clicking it again picks its other diamond when it is in two), then the far
end of a line (the captures are previewed), then the same cell again (or ``confirm``)
to lay the line down; a chain goes on the same way.  ``undo`` inside a turn takes back
its last step (the line end, the pivot, a laid pivot, the drop).

>>> s = Session()
>>> s.new_game(position="5-3b2-2bb3-4b3-5b3-8-7-wwww2-1w3.b")
>>> s.activate("b6"), s.turn is not None, s.pivot_cells()
(True, True, ['b6', 'b7', 'c5', 'c6'])
>>> s.activate("c5"), s.targets()
(True, ['c8', 'f2', 'f5'])
>>> s.activate("f5"), s.captured(), s.line()
(True, [], ['d5', 'e5', 'f5'])
>>> s.activate("f5"), s.pivot_cells()
(True, ['d5', 'd6', 'e5', 'e6', 'f5'])
>>> s.activate("f5"), s.partners("f5")
(True, ['d6'])
>>> s.activate("i2"), s.captured()
(True, ['h3', 'i2'])
>>> s.undo(), s.far, s.undo(), s.pivot, s.undo(), s.pivot_cells()
(True, None, True, None, True, ['b6', 'b7', 'c5', 'c6'])
>>> for c in ("c5", "f5", "f5", "f5", "i2", "i2"): _ = s.activate(c)
>>> [str(m) for m in s.game.moves], s.game.score()
(['b6 c5>f5 f5>i2'], (6, 3))
"""

from dvonn_core.diamonds import DiamondsGame, Move
from kernel.i18n import N_, _, ngettext
from kernel.session import OTHER, GameSession, add_mark

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Dict, Optional

    from dvonn_core.diamonds import Turn  # noqa: F401 - read by mypy in a type comment

CELL_CODE = {"black": "b", "white": "w", "": ""}


class Session(GameSession):
    """The UI state of the Diamonds & Pivots page."""

    START_FOCUS = "e5"
    TIE = N_("(Equal counts: White, the second player, wins.)")

    # -- the kernel's hooks -------------------------------------------------------------
    def fresh_game(self, position=None, seed=1, **options):  # the game has no options of its own
        return DiamondsGame.from_position(position) if position is not None else DiamondsGame()

    def bot_seed(self):
        return self.seed + len(self.game.moves)

    def clear_selection(self):
        self.turn = None  # type: Optional[Turn]  # the turn being built: the drop, then its pivots
        self._clear_pick()

    def _clear_pick(self):
        self.pivot = None  # the pivot cell picked
        self.partner = None  # the partner naming its diamond
        self.far = None  # the line end picked (previewed, waiting for confirmation)

    # -- queries ------------------------------------------------------------------
    def stones(self):
        """Cell -> ``"b"``, ``"w"`` or ``""``: the board on screen (mid-turn included)."""
        out = {}
        src = self.turn if self.turn is not None else self.game
        for colour in ("black", "white"):
            code = CELL_CODE[colour]
            for cell in src.stones(colour):
                out[cell] = code
        return out

    def score(self):
        """(black, white) stones on the board on screen."""
        stones = self.stones()
        black = sum(1 for v in stones.values() if v == "b")
        return black, len(stones) - black

    def diamonds(self):
        """The mover's diamonds that must pivot now (only during a turn)."""
        return self.turn.diamonds() if self.turn is not None else []

    def pivot_options(self):
        return self.turn.options() if self.turn is not None else []

    def pivot_cells(self):
        """The cells that can be the pivot now, sorted."""
        return sorted({_cell(o.cell) for o in self.pivot_options()})

    def partners(self, cell):
        """The partners (one per diamond) of a pivot cell, sorted."""
        return sorted({_cell(o.partner) for o in self.pivot_options() if _cell(o.cell) == cell})

    def chosen_diamond(self):
        """The diamond of the picked pivot (cells), or None."""
        if self.pivot is None:
            return None
        for d in self.diamonds():
            if self.pivot in d and _partner(d, self.pivot) == self.partner:
                return d
        return None

    def _picked_options(self):
        return [o for o in self.pivot_options() if _cell(o.cell) == self.pivot and _cell(o.partner) == self.partner]

    def targets(self):
        """The line ends of the picked pivot, sorted."""
        return sorted(_cell(o.far) for o in self._picked_options())

    def picked(self):
        """The :class:`Pivot` of the picked pivot and line end, or None."""
        for o in self._picked_options():
            if _cell(o.far) == self.far:
                return o
        return None

    def captured(self):
        pv = self.picked()
        return self.turn.captured(pv) if pv is not None and self.turn is not None else []

    def line(self):
        pv = self.picked()
        return self.turn.line(pv) if pv is not None and self.turn is not None else []

    def marks(self):
        """Cell -> CSS classes describing highlights."""
        marks = {}  # type: Dict[str, str]
        moves = self.game.moves
        if self.turn is not None:
            add_mark(marks, _cell(self.turn.cell), "last")
        elif len(moves) > self.base and moves[-1].drop:
            add_mark(marks, moves[-1].drop, "last")
        if self.turn is None:
            if self.human_to_move() and not self.pending:
                for cell in self.game.drops():
                    add_mark(marks, cell, "droppable")
            for text, cls in self.marked_moves():
                self._mark_turn(marks, text, cls)
            return marks
        for cell in self.pivot_cells():
            add_mark(marks, cell, "pivotable")
        if self.pivot is not None:
            add_mark(marks, self.pivot, "selected")
            for cell in self.targets():
                add_mark(marks, cell, "target")
        if self.far is not None:
            add_mark(marks, self.far, "previewed")
            for cell in self.line():
                add_mark(marks, cell, "line")
            for cell in self.captured():
                add_mark(marks, cell, "doomed")
        return marks

    def _mark_turn(self, marks, text, cls):
        """Mark the cells of a whole turn's text: its drop and each pivot's line end."""
        move = Move.parse(text)
        if move.drop:
            add_mark(marks, move.drop, cls)
        for cell in _far_ends(text):
            add_mark(marks, cell, cls)

    def status_to_move(self, side):
        game = self.game
        if self.turn is None:
            if not game.drops():
                return _("%(side)s: no empty cell is left, so %(side)s must pass.") % {"side": side}
            if game.can_swap:
                return _("%s: drop a stone on an empty cell, or swap sides (the pie rule).") % side
            return _("%s: drop a stone on an empty cell (or pass).") % side
        n = len(self.diamonds())
        head = ngettext("%(side)s: a diamond must pivot.", "%(side)s: %(count)d diamonds must pivot.", n) % {
            "side": side, "count": n}
        if self.pivot is None:
            return head + " " + _("Pick a stone of one as the pivot.")
        if self.far is None:
            more = ""
            partners = self.partners(self.pivot)
            if len(partners) > 1:
                # Which diamond is chosen, in words as well as drawn (a screen reader has no outline).
                # Its partner is what the record writes (``d6/e4``).
                more = " " + _("in the diamond %(cells)s (%(pivot)s/%(partner)s, %(index)d of %(count)d: "
                               "pick %(pivot)s again for the next)") % {
                    "cells": " ".join(self.chosen_diamond()), "pivot": self.pivot, "partner": self.partner,
                    "index": partners.index(self.partner) + 1, "count": len(partners)}
            return _("%(side)s: pivot on %(pivot)s%(more)s; pick the far end of a line.") % {
                "side": side, "pivot": self.pivot, "more": more}
        taken = self.captured()
        what = (_("captures %s") % " ".join(taken)) if taken else _("captures nothing")
        return _("%(side)s: %(turn)s %(what)s. Pick %(far)s again to play it.") % {
            "side": side, "turn": self.pivot + ">" + self.far, "what": what, "far": self.far}

    def in_turn(self):
        return self.turn is not None

    # -- acting ---------------------------------------------------------------------
    def activate(self, cell):
        """A click (or Enter) on ``cell``; True when something changed."""
        if not self.human_to_move() or self.pending:
            return False
        self.notice = ""
        if self.turn is None:
            if self.game.stone(cell):
                return False
            self.turn = self.game.begin_turn(cell)
            self._clear_pick()
            self._finish_if_done()
            return True
        if self.far is not None and cell == self.far:
            return self.confirm()
        if self.pivot is not None and cell in self.targets():
            self.far = cell
            return True
        if cell in self.pivot_cells():
            partners = self.partners(cell)
            if cell == self.pivot and len(partners) > 1:
                self.partner = partners[(partners.index(self.partner) + 1) % len(partners)]
            elif cell == self.pivot:
                self._clear_pick()
                return True
            else:
                self.pivot, self.partner = cell, partners[0]
            self.far = None
            return True
        if self.pivot is not None:
            self._clear_pick()
            return True
        return False

    def confirm(self):
        """Lay down the previewed pivot; True if there was one."""
        pv = self.picked()
        if pv is None or self.turn is None:  # (a picked pivot is always in a turn)
            return False
        self.turn.step(pv)
        self._clear_pick()
        self._finish_if_done()
        return True

    def deselect(self):
        changed = self.pivot is not None
        self._clear_pick()
        return changed

    def _finish_if_done(self):
        if self.turn is not None and self.turn.done:
            move = self.turn.move()
            self.turn = None
            self.human_play(str(move))

    def pass_turn(self):
        return self.human_to_move() and not self.pending and self.human_play("pass")

    def swap(self):
        return self.game.can_swap and self.human_to_move() and not self.pending and self.human_play("swap")

    # -- undo / redo ---------------------------------------------------------------
    def can_undo(self):
        return self.turn is not None or GameSession.can_undo(self)

    def can_redo(self):
        return self.turn is None and GameSession.can_redo(self)

    def undo(self):
        """Inside a turn: take back its last step.  Else take back turns up to the last
        human's turn (so against the bot, the bot's reply and the human's move)."""
        if self.turn is not None:
            if self.far is not None:
                self.far = None
            elif self.pivot is not None:
                self._clear_pick()
            elif self.turn.pivots:
                self.turn.undo()
            else:
                self.turn = None
            self.notice = ""
            return True
        return GameSession.undo(self)



def split_turns(text):
    """The turns of a list written with commas (a turn holds spaces: ``b6 c5>f5``), as the
    embed's ``moves`` and a rules figure's ``data-moves`` write them.

    >>> split_turns(" e5, swap ,b6 c5>f5,")
    ['e5', 'swap', 'b6 c5>f5']
    """
    return [turn.strip() for turn in text.split(",") if turn.strip()]


def example_session(position=None, moves=()):
    """A session at a documentation example: ``position`` (None: the empty board), then the
    turns ``moves``, none of which can be taken back; the reader plays both sides.  What
    board_view.BoardView starts (and Reset goes back to), and what build.py draws into the
    rules page; an illegal turn raises as ``Session.play`` does."""
    s = Session()
    s.new_game(position=position)
    for move in moves:
        s._play_one(move)  # raises for a turn that cannot be played
    s.base = len(s.game.moves)
    s.movers, s.kinds = [], []
    return s


def _cell(i):
    from dvonn_core.diamonds.board import CELLS
    return CELLS[i]


def _partner(diamond, cell):
    """The partner of ``cell`` in ``diamond`` (cell names), as the library names it."""
    from dvonn_core.diamonds.board import DIAMONDS, index, partner
    k = DIAMONDS.index(tuple(sorted(index(c) for c in diamond)))
    return _cell(partner(k, index(cell)))


def _far_ends(text):
    """The line ends of a turn's pivots (``c5>f5`` ends on f5).

    >>> _far_ends("b6 c5>f5 f5/d6>i2")
    ['f5', 'i2']
    """
    return [word.split(">")[1] for word in text.split() if ">" in word]


__all__ = ["Session", "Move", "OTHER"]
