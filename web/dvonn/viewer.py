"""A documentation board's state: a position, a line of moves to step through, play-on.

Used by the embed page and by each example board of the rules page.  Pure Python, no
DOM (the pages draw what the queries return and turn clicks into calls), so it runs on
MicroPython and is tested on CPython.

The author's *line* is a list of moves from the start position; the *cursor* says how
many of them are on the board.  With ``play`` the reader may move too (both sides): a
move that is the line's next move just follows the line, any other move starts a
*branch*, which stepping back takes back first.  A side with no legal move passes at
once, with a notice.

>>> v = Viewer(moves=["F3", "C3", "I3"], at=1)
>>> v.cursor, v.counter(), v.game.stack("F3")
(1, 'Move 1 of 3', 'd')
>>> v.forward() and v.cursor
2
"""

from dvonn import choice
from dvonn.render import mark_last_move, mark_selection, mark_turn
from dvonn_core import Game, IllegalMoveError, InvalidMoveError
from dvonn_core.dvonn.board import CELLS
from kernel.i18n import _, side_name
from kernel.session import add_mark, result_text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Dict


class Viewer:
    """The state of one documentation board (see the module docstring)."""

    def __init__(self, position=None, moves=(), at=None, play=False, highlight=()):
        self.start = position  # position string, or None for the empty board
        self.line = [str(m) for m in moves]
        self.home = len(self.line) if at is None else at
        self.play_on = play
        self.highlight = list(highlight)
        self.reset()

    # -- moving through the line ---------------------------------------------------
    def _fresh(self):
        return Game.from_position(self.start) if self.start else Game()

    def reset(self):
        """Back to the position the board opened with."""
        self.game = self._fresh()
        for move in self.line[:self.home]:
            self.game.play(move)
        self.cursor = self.home
        self.branch = []  # groups of move texts played off the line by the reader
        self.notice = ""
        self.ghosts = self.game.last_removed_stacks
        self.vanishing = {}
        self._clear()

    def _clear(self):
        self.selected = None
        self.preview = None

    def can_back(self):
        return bool(self.branch) or self.cursor > 0

    def can_forward(self):
        return not self.branch and self.cursor < len(self.line)

    def back(self):
        """One step back: the reader's last move (with its forced passes), else the line's."""
        if self.branch:
            for _i in self.branch.pop():
                self.game.undo()
        elif self.cursor > 0:
            self.game.undo()
            self.cursor -= 1
        else:
            return False
        self._after_step({})
        return True

    def forward(self):
        """One move further along the line (when not on a branch)."""
        if not self.can_forward():
            return False
        self.game.play(self.line[self.cursor])
        self.cursor += 1
        self._after_step(self.game.last_removed_stacks)
        return True

    def first(self):
        changed = False
        while self.can_back():
            self.back()
            changed = True
        return changed

    def last(self):
        changed = False
        while self.branch:
            self.back()
            changed = True
        while self.can_forward():
            self.forward()
            changed = True
        return changed

    def _after_step(self, vanishing):
        self.notice = ""
        self.vanishing = vanishing
        self.ghosts = self.game.last_removed_stacks  # the stacks the move that led here removed
        self._clear()

    # -- the reader plays ------------------------------------------------------------
    def movable(self):
        if not self.play_on or self.game.phase != "movement":
            return []
        return choice.movable(self.game)

    def targets(self):
        """Target cell -> move text, for the selected stack."""
        return choice.targets(self.game, self.selected)

    def doomed(self):
        """Cells the previewed move would cut off and remove."""
        return choice.doomed(self.game, self.targets(), self.preview)

    def activate(self, cell, confirmed=True):
        """A click (or Enter) on ``cell``; returns True if anything changed.

        ``confirmed`` False (touch, keyboard): a move that removes stacks is previewed
        first and played on the second activation.
        """
        if not self.play_on or self.game.phase == "over":
            return False
        game = self.game
        if game.phase == "placement":
            if game.stack(cell):
                self.notice = _("%s is taken: during placement a piece goes on an empty cell.") % cell
                return True
            return self.play(cell)
        targets = self.targets()
        if cell in targets:
            if not confirmed and self.preview != cell and game.removed_by(targets[cell]):
                self.preview = cell
                return True
            return self.play(targets[cell])
        if cell == self.selected:
            self._clear()
            self.notice = ""
            return True
        if cell in self.movable():
            self.selected = cell
            self.preview = None
            self.notice = ""
            return True
        self._clear()
        self.notice = self.why_not(cell)
        return True

    def hover(self, cell):
        """Pointer over ``cell``: preview what the move there would remove."""
        new = cell if cell in self.targets() else None
        if new == self.preview:
            return False
        self.preview = new
        return True

    def why_not(self, cell):
        """Why the stack on ``cell`` cannot be picked up now, in words (the core's reason)."""
        stack = self.game.stack(cell)
        if not stack:
            return (_("%s is empty: pick one of White's stacks.") if self.game.to_move == "white"
                    else _("%s is empty: pick one of Black's stacks.")) % cell
        if stack == "d":
            return _("%s is a lone DVONN piece: it never moves by itself, but stacks may land on it.") % cell
        return _("%(cell)s cannot move: %(reason)s.") % {"cell": cell, "reason": self.game.why_stuck(cell)}

    def play(self, text):
        """Play a move for the side to move, then any forced passes; True if it was legal."""
        try:
            self.game.play(text)
        except (IllegalMoveError, InvalidMoveError) as error:
            self.notice = str(error)
            return True
        gone = self.game.last_removed_stacks
        if not self.branch and self.cursor < len(self.line) and self.line[self.cursor] == str(self.game.moves[-1]):
            self.cursor += 1
            group = None
        else:
            group = [text]
            self.branch.append(group)
        sides = choice.forced_passes(self.game)
        for _side in sides:
            if group is None and self.cursor < len(self.line) and self.line[self.cursor] == "PASS":
                self.cursor += 1  # the line passes here too
                continue
            if group is None:
                group = []
                self.branch.append(group)
            group.append("PASS")
        self._after_step(gone)
        self.ghosts = gone
        self.notice = choice.pass_notice(sides)
        return True

    # -- what to draw ------------------------------------------------------------------
    def stacks(self):
        return {cell: self.game.stack(cell) for cell in CELLS}

    def marks(self):
        """Cell -> space-separated CSS classes (the classes of ``render.board_svg``)."""
        marks = {}  # type: Dict[str, str]
        for cell in self.highlight:
            add_mark(marks, cell, "hl")
        moves = self.game.moves
        if moves:
            mark_last_move(marks, moves[-1])
        for cell in self.ghosts:
            add_mark(marks, cell, "removed")
        mark_turn(marks, self.game, self.play_on, self.movable())
        if self.selected:
            mark_selection(marks, self.selected, self.targets(), self.preview, self.doomed() if self.preview else ())
        return marks

    def counter(self):
        """Where the board is in the line: 'Move 3 of 10' (plus the reader's own moves)."""
        if not self.line:
            return ""
        text = _("Move %(shown)d of %(count)d") % {"shown": self.cursor, "count": len(self.line)}
        extra = 0
        for group in self.branch:
            extra += len(group)
        if extra:
            text += " " + _("+ %d of yours") % extra
        return text

    def status(self):
        """One line: the last move, whose turn it is, or the result."""
        game = self.game
        if game.phase == "over":
            return result_text(game)
        side = side_name(game.to_move)
        if game.phase == "placement":
            dvonns = 0
            for s in game.stacks():
                dvonns += s.count("d")
            piece = "d" if dvonns < 3 else game.to_move[0]
            if self.play_on:
                return {"d": _("%s places a DVONN piece: click an empty cell."),
                        "w": _("%s places a white piece: click an empty cell."),
                        "b": _("%s places a black piece: click an empty cell.")}[piece] % side
            return {"d": _("%s places a DVONN piece next."), "w": _("%s places a white piece next."),
                    "b": _("%s places a black piece next.")}[piece] % side
        if self.selected:
            doomed = self.doomed()
            if doomed:
                return (_("%(move)s would cut off %(cells)s and remove it.") if len(doomed) == 1 else
                        _("%(move)s would cut off %(cells)s and remove them.")) % {
                    "move": self.selected + self.preview, "cells": " ".join(sorted(doomed))}
            return _("%(side)s: move %(cell)s to a highlighted cell.") % {"side": side, "cell": self.selected}
        if self.play_on:
            return _("%s to move: pick one of your stacks.") % side
        return _("%s to move.") % side

    def score(self):
        return self.game.score()
