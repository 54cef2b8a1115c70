"""DVONN's lessons (``learn.html``, issue 55): what a goal of ``lessons/dvonn.txt`` asks and how a
try is judged, by the rules core alone.  No DOM; runs on MicroPython and CPython alike.

The goals (a word, then its arguments)::

    move E3G3 E3C3     one of these moves (a placement is its cell)
    lands H3           a stack move that lands on H3
    removes A1 B1      a move that cuts off at least these stacks
    beside-dvonn       a placement next to a DVONN piece
    on-edge            a placement on the edge of the board
    wins               a move after which the game is over (passes forced by the rules played) and won
    tap-movable        tap every stack the side to move can move, then Check
    tap-removed E3G3   tap the stacks that move would cut off, then Check
    tap-owned white    tap every stack that side owns (its colour on top), then Check

A refused move is explained with the rule the core names (``IllegalMoveError.values["rule"]``).

>>> rules = Rules()
>>> game = rules.game("9-3D6-4bwW2B3-3DWBD3-9.w")
>>> rules.judge(game, "lands H3", "E3H3", "")[0], rules.judge(game, "lands H3", "E3B3", "")[0]
('ok', 'illegal')
>>> rules.judge(game, "lands H3", "E3B3", "")[1]
'A move must end on a stack or a DVONN piece, never on an empty cell: B3 is empty.'
"""

from dvonn import choice
from dvonn_core import Game
from dvonn_core.common.errors import IllegalMoveError
from dvonn_core.dvonn.board import CELLS, EDGE, index, is_cell, neighbours
from kernel.i18n import N_, _, ngettext, side_name

#: What each rule the core names (``IllegalMoveError.values["rule"]``) says to the player; ``%(cell)s``
#: is the cell the try starts from (or places on), ``%(target)s`` where it ends, ``%(height)d`` the
#: stack's height.
RULES = {
    "placement-occupied": N_("During the placement a piece goes on an empty cell, and %(cell)s is taken."),
    "placement-first": N_("Stacks move only once all 49 pieces are on the board."),
    "placement-pass": N_("Nobody passes while the pieces are being placed."),
    "placement-over": N_("All the pieces are placed: now a move takes a stack from its cell to another."),
    "over": N_("The game is over: no stack can move."),
    "no-pass": N_("You may pass only when you have no move."),
    "must-pass": N_("You have no move, so you must pass."),
    "no-stack": N_("There is no stack on %(cell)s to move."),
    "lone-dvonn": N_("A DVONN piece standing alone never moves."),
    "not-yours": N_("The stack on %(cell)s belongs to your opponent: you move only stacks with your colour on top."),
    "surrounded": N_("The stack on %(cell)s has neighbours on all six sides, so it cannot move."),
    "distance": N_("A stack moves in a straight line exactly as many cells as it is high, and the stack on "
                   "%(cell)s is %(height)d high."),
    "empty-target": N_("A move must end on a stack or a DVONN piece, never on an empty cell: %(target)s is empty."),
}
GOALS = ("move", "lands", "removes", "beside-dvonn", "on-edge", "wins", "tap-movable", "tap-removed", "tap-owned")


def rule_text(game, move, error):
    """The rule that refuses ``move`` in ``game`` (``error``: the core's error), in the player's language."""
    rule = str(getattr(error, "values", {}).get("rule") or "")
    text = RULES.get(rule)
    if text is None:
        return _("That is not a move of this game.")
    cell = move[:2] if len(move) >= 2 else move
    return _(text) % {"cell": cell, "target": move[2:4], "height": len(game.stack(cell)) if is_cell(cell) else 0}


def words(goal):
    parts = goal.split()
    return parts[0], parts[1:]


class Rules:
    """The rules adapter of the lessons' kernel (``kernel/lessons.py``)."""

    def game(self, position):
        return Game.from_position(position)

    def after(self, game, move):
        """The game after ``move`` and the passes the rules then force (a ValueError if it is refused)."""
        out = game.copy()
        out.play(move)
        choice.forced_passes(out)
        return out

    def taps(self, goal):
        return goal.startswith("tap-")

    def tapped_answer(self, game, goal):
        kind, args = words(goal)
        if kind == "tap-movable":
            return choice.movable(game)
        if kind == "tap-removed":
            return sorted(game.removed_by(args[0]))
        side = "w" if args and args[0] == "white" else "b"
        return [cell for cell in CELLS if game.stack(cell)[-1:] == side]

    def meets(self, game, goal, move, after):
        """Whether the legal ``move`` (played: ``after``) meets ``goal``."""
        kind, args = words(goal)
        if kind == "move":
            return any(after.position() == self.after(game, m).position() for m in args)
        if kind == "lands":
            return len(move) == 4 and move[2:] == args[0]
        if kind == "removes":
            removed = game.removed_by(move) if len(move) == 4 else []
            return all(cell in removed for cell in args)
        if kind == "beside-dvonn":
            return len(move) == 2 and any("d" in game.stack(cell) for cell in neighbours(move))
        if kind == "on-edge":
            return len(move) == 2 and EDGE[index(move)]
        if kind == "wins":
            return after.phase == "over" and after.winner() == game.to_move
        return False

    def legal(self, game):
        return [str(m) for m in game.legal_moves() if not m.is_pass]

    def solution(self, game, goal):
        """An answer that meets ``goal``: a move's text, or the cells to tap (a list)."""
        if self.taps(goal):
            return self.tapped_answer(game, goal)
        kind, args = words(goal)
        if kind == "move":
            return args[0]
        for move in self.legal(game):
            if self.meets(game, goal, move, self.after(game, move)):
                return move
        return None

    def check_goal(self, game, goal):
        """What is wrong with ``goal`` in ``game`` (build time), or ``""``."""
        kind, args = words(goal)
        if kind not in GOALS:
            return "unknown goal %r (the goals: %s)" % (kind, ", ".join(GOALS))
        try:
            if kind in ("move", "removes", "lands", "tap-removed") and not args:
                return "it needs a move or cells"
            if kind == "move":
                for move in args:
                    self.after(game, move)
            if kind == "tap-removed":
                self.after(game, args[0])
            if kind == "tap-owned" and args != ["white"] and args != ["black"]:
                return "tap-owned takes white or black"
        except ValueError as error:
            return "its answer is not legal: %s" % error
        if self.taps(goal):
            return "" if self.tapped_answer(game, goal) else "there is nothing to tap"
        moves = self.legal(game)
        good = [m for m in moves if self.meets(game, goal, m, self.after(game, m))]
        if not good:
            return "no move meets it"
        if len(good) == len(moves):
            return "every move meets it"
        return ""

    def wrong_try(self, game, goal):
        """A legal try that does not meet ``goal`` (for the tests), or None."""
        if self.taps(goal):
            answer = self.tapped_answer(game, goal)
            return answer[1:]
        for move in self.legal(game):
            if not self.meets(game, goal, move, self.after(game, move)):
                return move
        return None

    def clicks(self, game, move):
        """The cells a player clicks to make ``move`` on the lessons page (``dvonn/learn.py``)."""
        return [move] if len(move) == 2 else [move[:2], move[2:]]

    def illegal_try(self, game, goal):
        """A try the rules refuse in ``game`` (for the tests): a placement on a taken cell, or a stack
        sent where it may not go; None for a tap goal."""
        if self.taps(goal):
            return None
        for source in CELLS:
            if game.phase == "placement":
                if game.stack(source):
                    return source
                continue
            for target in CELLS:
                if source != target and game.stack(source):
                    try:
                        game.copy().play(source + target)
                    except IllegalMoveError:
                        return source + target
        return "E3G3"

    def judge(self, game, goal, answer, asked):
        """``(verdict, text, after)`` for a try (see ``kernel.lessons.Run.judge``)."""
        if self.taps(goal):
            want = sorted(self.tapped_answer(game, goal))
            got = sorted(answer)
            if got == want:
                return "ok", _("Right: %s.") % " ".join(want), None
            missing = [c for c in want if c not in got]
            extra = [c for c in got if c not in want]
            text = _("Not quite.")
            if extra:
                text += " " + _("Not these: %s.") % " ".join(extra)
            if missing:
                text += " " + ngettext("%d stack is missing.", "%d stacks are missing.", len(missing)) % len(missing)
            return "wrong", text, None
        move = answer
        try:
            after = self.after(game, move)
        except IllegalMoveError as error:
            return "illegal", rule_text(game, move, error), None
        except ValueError:
            return "illegal", _("That is not a move of this game."), None
        did = self.describe(game, move, after)
        if self.meets(game, goal, move, after):
            return "ok", _("Right!") + " " + did, after
        return "wrong", did + " " + self.asked(goal), after

    def asked(self, goal):
        """What ``goal`` asks, in a sentence (after a legal try that does not meet it)."""
        kind, args = words(goal)
        if kind == "lands":
            return _("The task: land on %s.") % args[0]
        if kind == "removes":
            return _("The task: cut off %s.") % " ".join(args)
        if kind == "beside-dvonn":
            return _("The task: a piece next to a DVONN piece.")
        if kind == "on-edge":
            return _("The task: a piece on the edge of the board.")
        if kind == "wins":
            return _("The task: end the game as the winner.")
        return _("The task asks for another move: read it again.")

    def describe(self, game, move, after):
        """What a legal move did, in words: where it went, what it cut off, the end of the game."""
        if len(move) == 2:
            text = _("%s: a piece placed there.") % move
        else:
            text = _("%(move)s: the stack on %(source)s landed on %(target)s.") % {
                "move": move, "source": move[:2], "target": move[2:]}
            removed = game.removed_by(move)
            if removed:
                pieces = sum(len(game.stack(c)) for c in removed)
                text += " " + _("It cut off %(cells)s (%(pieces)s).") % {
                    "cells": " ".join(sorted(removed)), "pieces": ngettext("%d piece", "%d pieces", pieces) % pieces}
            else:
                text += " " + _("It cut nothing off.")
        if after.phase == "over":
            white, black = after.score()
            winner = after.winner()
            text += " " + _("The game is over: White %(white)d, Black %(black)d.") % {"white": white, "black": black}
            if winner in ("white", "black"):
                text += " " + _("%s wins.") % side_name(winner)
        return text
