"""DVONN's session: the page kernel's ``GameSession`` (players, undo/redo, review, hint) with
what only DVONN knows: the placement and the stack moves by clicks, the selected stack and the
previewed target, forced passes, the board's marks and the status line.  No DOM access; runs on
MicroPython and CPython alike.

>>> s = Session()
>>> for m in ("F3", "C3", "I3"): s.play(m)
True
True
True
>>> s.review_to(1), s.ply(), s.ahead
(True, 1, ['C3', 'I3'])
>>> s.activate("A1"), s.pending
(True, 'A1')
>>> s.confirm_branch(), [str(m) for m in s.game.moves], s.reviewing
(True, ['F3', 'A1'], False)
>>> s.undo(), [str(m) for m in s.game.moves]
(True, ['F3', 'C3', 'I3'])
"""

from dvonn import choice
from dvonn.render import mark_last_move, mark_selection, mark_turn
from dvonn_core import Game, Move
from dvonn_core.dvonn.board import CELLS
from kernel.i18n import _, ngettext
from kernel.session import GameSession

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Dict

PIECES_PER_SIDE = 23
DVONN_PIECES = 3


def _setup_random(seed):
    from dvonn_core.dvonn.setup import random_setup
    return random_setup(seed)


class Session(GameSession):
    """The UI state of the DVONN page."""

    START_FOCUS = "E3"

    # -- the kernel's hooks -------------------------------------------------------------
    def fresh_game(self, position=None, seed=1, random_setup=False, **options):  # (no other options)
        if position is not None:
            return Game.from_position(position)
        return _setup_random(seed) if random_setup else Game()

    @property
    def random_setup(self):
        """Whether this game began with a random setup (the record and the move list say so)."""
        return bool(self.options.get("random_setup")) and not self.game.start_position

    def forced_passes(self):
        """A side with no legal move passes at once, with a notice saying so."""
        sides = choice.forced_passes(self.game)
        for colour in sides:
            self.movers.append(colour)
            self.kinds.append("auto")
        if sides:
            self.notice = choice.pass_notice(sides)
        return sides

    def kind_of(self, colour, move):
        return "auto" if move.is_pass else self.players[colour]

    def clear_selection(self):
        self.selected = None
        self.preview = None
        self.armed = False  # the previewed move waits for a second tap / Enter

    def after_moving(self, forward):
        self.vanishing = self.game.last_removed_stacks if forward else {}

    # -- queries ------------------------------------------------------------------
    def stacks(self):
        return {cell: self.game.stack(cell) for cell in CELLS}

    def movable(self):
        """Cells of stacks the human to move may pick up (movement phase)."""
        if not self.human_to_move() or self.game.phase != "movement":
            return []
        return choice.movable(self.game)

    def targets(self):
        """Target cell -> move text for the selected stack."""
        return choice.targets(self.game, self.selected)

    def doomed(self):
        """Cells the previewed move would cut off and remove."""
        return choice.doomed(self.game, self.targets(), self.preview)

    def marks(self):
        """Cell -> CSS classes describing highlights."""
        marks = {}  # type: Dict[str, str]
        moves = self.game.moves
        if len(moves) > self.base:
            mark_last_move(marks, moves[-1])
        mark_turn(marks, self.game, self.human_to_move(), self.movable())
        if self.selected:
            mark_selection(marks, self.selected, self.targets(), self.preview, self.doomed() if self.preview else ())
        for text, cls in self.marked_moves():
            mark_last_move(marks, Move.parse(text), cls)
        return marks

    def piece_to_place(self):
        """'d', 'w' or 'b' during placement, else None."""
        if self.game.phase != "placement":
            return None
        placed = self._placed()
        if placed["d"] < DVONN_PIECES:
            return "d"
        return "w" if self.game.to_move == "white" else "b"

    def _placed(self):
        counts = {"w": 0, "b": 0, "d": 0}
        for cell in CELLS:
            for piece in self.game.stack(cell):
                counts[piece] += 1
        return counts

    def reserves(self):
        """Pieces left to place: {'white': (dvonn, own), 'black': (dvonn, own)}."""
        if self.game.phase != "placement":
            return {"white": (0, 0), "black": (0, 0)}
        placed = self._placed()
        # White places DVONN pieces 1 and 3, Black places piece 2.
        white_d = 2 - (placed["d"] + 1) // 2
        black_d = 1 - placed["d"] // 2
        return {"white": (white_d, PIECES_PER_SIDE - placed["w"]),
                "black": (black_d, PIECES_PER_SIDE - placed["b"])}

    def score(self):
        return self.game.score()

    def status_to_move(self, side):
        game = self.game
        piece = self.piece_to_place()
        if piece == "d":
            return _("%s: place a DVONN piece on an empty cell.") % side
        if piece:
            return _("%s: place a piece on an empty cell.") % side
        if self.selected is None:
            return _("%s to move: pick one of your stacks.") % side
        if self.preview:
            doomed = self.doomed()
            if doomed:
                pieces = sum(len(game.stack(c)) for c in doomed)
                text = _("%(move)s cuts off %(stacks)s (%(pieces)s): %(cells)s.") % {
                    "move": self.selected + self.preview,
                    "stacks": ngettext("%d stack", "%d stacks", len(doomed)) % len(doomed),
                    "pieces": ngettext("%d piece", "%d pieces", pieces) % pieces, "cells": " ".join(sorted(doomed))}
                if self.armed:
                    text += " " + _("Choose %s again to play it.") % self.preview
                return text
        return _("%(side)s: move %(cell)s to a highlighted cell.") % {"side": side, "cell": self.selected}

    # -- actions ------------------------------------------------------------------
    def activate(self, cell, confirmed=True):
        """A click, tap or Enter on ``cell`` by the human to move.

        ``confirmed`` is False for touch and keyboard: a move that removes stacks is then
        previewed first and played on the second activation.  Returns True if anything changed.
        """
        if not self.human_to_move() or self.pending:
            return False
        game = self.game
        if game.phase == "placement":
            if game.stack(cell):
                return False
            return self.human_play(cell)
        targets = self.targets()
        if cell in targets:
            if not confirmed and not (self.armed and self.preview == cell) and game.removed_by(targets[cell]):
                self.preview = cell
                self.armed = True
                return True
            return self.human_play(targets[cell])
        if cell == self.selected:
            self.clear_selection()
            return True
        if cell in self.movable():
            self.clear_selection()
            self.selected = cell
            return True
        if self.selected is not None:
            self.clear_selection()
            return True
        return False

    def hover(self, cell):
        """Pointer over ``cell``: preview the removals of the move there, if it is a target."""
        new = cell if cell in self.targets() else None
        if new == self.preview or self.armed:
            return False
        self.preview = new
        return True

    def deselect(self):
        picked = self.selected is not None or self.preview is not None
        self.clear_selection()
        return picked

