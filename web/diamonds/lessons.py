"""Diamonds & Pivots' lessons (``diamonds-learn.html``, issue 55): what a goal of
``lessons/diamonds.txt`` asks and how a try is judged, by the rules core alone.  No DOM; runs on
MicroPython and CPython alike.

The goals (a word, then its arguments)::

    move b6, e5, swap  one of these turns, separated by commas (compared by the board they leave)
    drop e5            a turn whose drop is on e5
    diamond            a turn whose drop makes a diamond (it pivots)
    captures 3         a turn that captures at least three stones
    chain 2            a turn of at least two pivots
    wins               a turn after which the game is over and won
    tap-drops          tap every empty cell where a drop makes the side to move a diamond, then Check
    tap-captured T     tap the stones the turn T captures, then Check

A try is a whole turn, or the part of one up to a step the rules refuse (a drop on a stone, a pivot
that is not one, a line that does not run three cells straight); the refusal is explained with the
rule the core names (``IllegalMoveError.values["rule"]``).

>>> rules = Rules()
>>> game = rules.game("5-3b2-2bb3-4b3-5b3-8-7-wwww2-1w3.b")
>>> rules.judge(game, "captures 2", "b6 c5>f5 f5>i2", "")[0], rules.judge(game, "captures 2", "h1", "")[1]
('ok', 'A stone is dropped on an empty cell, and h1 is taken.')
"""

from dvonn_core.common.errors import IllegalMoveError
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds.board import CELLS
from kernel.i18n import N_, _, ngettext, side_name

#: What each rule the core names says to the player; ``%(cell)s`` is the cell the core names.
RULES = {
    "occupied": N_("A stone is dropped on an empty cell, and %(cell)s is taken."),
    "over": N_("The game is over: two passes in a row ended it."),
    "no-diamond": N_("No diamond of yours is on the board, so nothing pivots."),
    "not-pivot": N_("%(cell)s is not a stone of a diamond that can pivot: pick a stone of one of your diamonds."),
    "not-partner": N_("That stone is not in that diamond: pick the pivot again to choose its other diamond."),
    "ambiguous": N_("%(cell)s is in two diamonds: pick it again to choose the other one."),
    "not-in-line": N_("The three other stones go to the three cells in a straight line from the pivot: pick the "
                      "far end of such a line, three cells away, not %(cell)s."),
    "repeat": N_("That pivot would bring back a board this turn has had already."),
    "swap-late": N_("Swapping sides is allowed only as the second move of the game, right after the first drop."),
    "turn-over": N_("The turn is over: no diamond is left to pivot."),
    "unfinished": N_("A diamond of yours is still on the board: it must pivot before the turn ends."),
}
GOALS = ("move", "drop", "diamond", "captures", "chain", "wins", "tap-drops", "tap-captured")
#: Most turns looked at to find one that meets a goal (the lessons' positions have far fewer).
MOST_TURNS = 20000


def words(goal):
    """A goal's word and its arguments: the turns of ``move`` (separated by commas), the one turn of
    ``tap-captured``, the cell or number of the others."""
    kind, _sep, rest = goal.strip().partition(" ")
    if kind == "move":
        return kind, [turn.strip() for turn in rest.split(",") if turn.strip()]
    if kind == "tap-captured":
        return kind, [rest.strip()] if rest.strip() else []
    return kind, rest.split()


def rule_text(error):
    values = getattr(error, "values", {})
    text = RULES.get(str(values.get("rule") or ""))
    if text is None:
        return _("That is not a move of this game.")
    return _(text) % {"cell": values.get("cell", "")}


class Rules:
    """The rules adapter of the lessons' kernel (``kernel/lessons.py``)."""

    def game(self, position):
        return DiamondsGame.from_position(position)

    def after(self, game, move):
        out = game.copy()
        out.play(move)
        return out

    def taps(self, goal):
        return goal.startswith("tap-")

    def tapped_answer(self, game, goal):
        kind, args = words(goal)
        if kind == "tap-drops":
            return [cell for cell in game.drops() if not game.begin_turn(cell).done]
        before = set(game.stones(_other(game.to_move)))
        return sorted(before - set(self.after(game, args[0]).stones(_other(game.to_move))))

    def meets(self, game, goal, move, after):
        kind, args = words(goal)
        if kind == "move":
            return any(after.position() == self.after(game, m).position() for m in args)
        if kind == "drop":
            return move.split(" ")[0] == args[0]
        if kind == "diamond":
            return ">" in move
        if kind == "captures":
            other = _other(game.to_move)
            return len(game.stones(other)) - len(after.stones(other)) >= int(args[0])
        if kind == "chain":
            return move.count(">") >= int(args[0])
        if kind == "wins":
            return after.phase == "over" and after.winner() == game.to_move
        return False

    def legal(self, game):
        out = []
        for move in game.legal_moves():
            out.append(str(move))
            if len(out) >= MOST_TURNS:
                break
        return out

    def solution(self, game, goal):
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
        if kind in ("move", "drop", "captures", "chain", "tap-captured") and not args:
            return "it needs a turn, a cell or a number"
        try:
            if kind == "move":
                for move in args:
                    self.after(game, move)
            if kind == "tap-captured":
                self.after(game, args[0])
            if kind in ("captures", "chain"):
                int(args[0])
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
        if self.taps(goal):
            return self.tapped_answer(game, goal)[1:]
        for move in self.legal(game):
            if not self.meets(game, goal, move, self.after(game, move)):
                return move
        return None

    def illegal_try(self, game, goal):
        if self.taps(goal):
            return None
        stones = game.stones("black") + game.stones("white")
        if stones:
            return stones[0]
        return None if game.can_swap else "swap"

    def clicks(self, game, move):
        """The cells a player clicks to make ``move`` on the lessons page (``diamonds/learn.py``): the
        drop, then for each pivot its stone (again, to choose its other diamond), the line's far end, and
        the far end again to lay the line down.  (``swap`` and ``pass`` are buttons.)"""
        from dvonn_core.diamonds.moves import Pivot

        parts = move.split(" ")
        out = [parts[0]]
        turn = game.begin_turn(parts[0])
        for text in parts[1:]:
            pivot = Pivot.parse(text)
            cell, far = CELLS[pivot.cell], CELLS[pivot.far]
            partners = sorted({CELLS[o.partner] for o in turn.options() if o.cell == pivot.cell})
            out.append(cell)
            if pivot.partner >= 0:
                out += [cell] * partners.index(CELLS[pivot.partner])
            out += [far, far]
            turn.step(text)
        return out

    def judge(self, game, goal, answer, asked):
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
                text += " " + ngettext("%d cell is missing.", "%d cells are missing.", len(missing)) % len(missing)
            return "wrong", text, None
        try:
            after = self.after(game, answer)
        except IllegalMoveError as error:
            return "illegal", rule_text(error), None
        except ValueError:
            return "illegal", _("That is not a move of this game."), None
        did = self.describe(game, answer, after)
        if self.meets(game, goal, answer, after):
            return "ok", _("Right!") + " " + did, after
        return "wrong", did + " " + self.asked(goal), after

    def asked(self, goal):
        kind, args = words(goal)
        if kind == "drop":
            return _("The task: a drop on %s.") % args[0]
        if kind == "diamond":
            return _("The task: a drop that makes a diamond.")
        if kind == "captures":
            n = int(args[0])
            return ngettext("The task: capture at least %d stone.", "The task: capture at least %d stones.", n) % n
        if kind == "chain":
            return _("The task: a turn of at least %d pivots.") % int(args[0])
        if kind == "wins":
            return _("The task: end the game as the winner.")
        return _("The task asks for another move: read it again.")

    def describe(self, game, move, after):
        """What a legal turn did, in words."""
        if move == "swap":
            text = _("You swapped sides: the first stone is yours now.")
        elif move == "pass":
            text = _("You passed.")
        else:
            pivots = move.count(">")
            text = (_("%s: a stone dropped there, with no diamond.") % move if not pivots else
                    ngettext("%(turn)s: the drop made a diamond, and it pivoted once.",
                             "%(turn)s: the drop made a diamond, and it pivoted %(n)d times.", pivots)
                    % {"turn": move, "n": pivots})
            other = _other(game.to_move)
            taken = sorted(set(game.stones(other)) - set(after.stones(other)))
            text += " " + (_("It captured %s.") % " ".join(taken) if taken else _("It captured nothing."))
        if after.phase == "over":
            black, white = after.score()
            text += " " + _("The game is over: Black %(black)d, White %(white)d.") % {"black": black, "white": white}
            winner = after.winner()
            if winner in ("white", "black"):
                text += " " + _("%s wins.") % side_name(winner)
        return text


def _other(colour):
    return "white" if colour == "black" else "black"
