"""What the page knows about the game in progress: a small object, no DOM access.

``Session`` holds the ``dvonn_core`` game, who plays each colour, the selected stack,
the previewed target, the undo/redo stacks and the notice shown to the player.  The page
(``main.py``) turns clicks into calls here and draws what the queries return; it never
reads game state back from the DOM.  Runs on MicroPython and CPython alike.

Review: ``self.game`` is always the position on the board.  While a past position is
shown, the moves after it wait in ``self.ahead`` (the live line is ``game.moves + ahead``)
and ``self.reviewing`` is True; stepping back undoes a move into ``ahead``, stepping
forward plays it again.  A move played there starts a new line once confirmed, and the
line it replaced is kept in ``self.branches`` so that Undo brings it back.

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
from dvonn_core import Game, IllegalMoveError, InvalidMoveError, Move
from dvonn_core.dvonn.board import CELLS
from dvonn.render import capital as _cap
from dvonn.render import mark_last_move, mark_selection, mark_turn, result_text

OTHER = {"white": "black", "black": "white"}
PIECES_PER_SIDE = 23
DVONN_PIECES = 3


def _setup_random(seed):
    from dvonn_core.dvonn.setup import random_setup
    return random_setup(seed)


class Session:
    """The UI state of one page."""

    def __init__(self):
        self.flipped = False
        self.generation = 0  # bumped whenever a pending bot answer becomes stale
        self.focus = "E3"  # the cell in the keyboard tab order
        self.new_game()

    # -- starting -----------------------------------------------------------------
    def new_game(self, white="human", black="human", level="easy", random_setup=False, seed=1,
                 position=None):
        """Start again; ``position`` (a position string) starts from that position instead."""
        self.players = {"white": white, "black": black}
        self.level = level
        self.seed = seed
        self.random_setup = random_setup and position is None
        if position is not None:
            self.game = Game.from_position(position)
        elif random_setup:
            self.game = _setup_random(seed)
        else:
            self.game = Game()
        self.base = len(self.game.moves)  # moves before this point are not undoable
        self.movers = []  # colour of each move played since base
        self.redo_stack = []  # groups of move texts taken back by undo
        self.vanishing = {}
        self.notice = ""
        self._reset_review()
        self._clear_selection()
        self.generation += 1
        self._auto_pass()

    def _reset_review(self):
        self.ahead = []  # move texts after the position shown (review)
        self.reviewing = False
        self.pending = None  # a move played in a past position, waiting for confirm_branch()
        self.branches = []  # (ply, tail, redo groups, tail movers) of lines replaced by a new one
        self.better = {}  # ply -> the bot's better move where the analysis found a mistake
        self.hint = None  # the move text the bot suggests here (drawn on the board)
        self.hint_position = None

    def adopt(self, game, players=None, level=None, base=0, redo=(), random_setup=False, seed=1,
              review=False):
        """Continue ``game`` (a restored save or an imported record, already replayed).

        Moves after ``base`` can be taken back; ``redo`` holds groups of move texts taken
        back by undo (the last group is redone first).  Imported games are played hotseat.
        ``review`` opens the game in review at its last move (an import or a shared link).
        """
        probe = game.copy()
        movers = []
        for _ in range(len(game.moves) - base):
            probe.undo()
            movers.append(probe.to_move)
        movers.reverse()
        self.players = dict(players or {"white": "human", "black": "human"})
        if level is not None:
            self.level = level
        self.seed = seed
        self.random_setup = random_setup
        self.game = game
        self.base = base
        self.movers = movers
        self.redo_stack = [list(group) for group in redo]
        self.vanishing = {}
        self.notice = ""
        self._reset_review()
        self._clear_selection()
        self.generation += 1
        self._auto_pass()
        self.reviewing = bool(review)

    def _clear_selection(self):
        self.selected = None
        self.preview = None
        self.armed = False  # the previewed move waits for a second tap / Enter

    # -- queries ------------------------------------------------------------------
    def stacks(self):
        return {cell: self.game.stack(cell) for cell in CELLS}

    def over(self):
        return self.game.phase == "over"

    def bot_to_move(self):
        return not self.reviewing and not self.over() and self.players[self.game.to_move] == "bot"

    def human_to_move(self):
        return not self.over() and self.players[self.game.to_move] == "human"

    def has_bot(self):
        return "bot" in (self.players["white"], self.players["black"])

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
        marks = {}
        moves = self.game.moves
        if len(moves) > self.base:
            mark_last_move(marks, moves[-1])
        mark_turn(marks, self.game, self.human_to_move(), self.movable())
        if self.selected:
            mark_selection(marks, self.selected, self.targets(), self.preview, self.doomed() if self.preview else ())
        if self.pending:
            mark_last_move(marks, Move.parse(self.pending), "pending")
        better = self.better.get(self.ply())
        if better and self.ahead:
            mark_last_move(marks, Move.parse(better), "better")
        if self.hint and self.hint_position == self.game.position():
            mark_last_move(marks, Move.parse(self.hint), "hint")
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

    def status(self):
        """One line telling the player what is going on."""
        game = self.game
        if game.phase == "over":
            return result_text(game)
        side = _cap(game.to_move)
        if self.bot_to_move():
            return "%s (bot) is thinking…" % side
        piece = self.piece_to_place()
        if piece == "d":
            return "%s: place a DVONN piece on an empty cell." % side
        if piece:
            return "%s: place a piece on an empty cell." % side
        if self.selected is None:
            return "%s to move: pick one of your stacks." % side
        if self.preview:
            doomed = self.doomed()
            if doomed:
                pieces = sum(len(game.stack(c)) for c in doomed)
                text = "%s%s cuts off %d stack%s (%d piece%s): %s." % (
                    self.selected, self.preview, len(doomed), "" if len(doomed) == 1 else "s",
                    pieces, "" if pieces == 1 else "s", " ".join(sorted(doomed)))
                if self.armed:
                    text += " Choose %s again to play it." % self.preview
                return text
        return "%s: move %s to a highlighted cell." % (side, self.selected)

    def history(self):
        """(number, colour, move text) for each move of the live line since the start of this game
        (in review, the moves after the position shown too)."""
        out = []
        moves = [str(m) for m in self.game.moves] + self.ahead
        for i in range(self.base, len(moves)):
            out.append((i + 1, self.movers[i - self.base], moves[i]))
        return out

    # -- review ---------------------------------------------------------------------
    def ply(self):
        """The number of moves on the board (the position shown)."""
        return len(self.game.moves)

    def live_ply(self):
        """The number of moves of the live game."""
        return len(self.game.moves) + len(self.ahead)

    def live_game(self):
        """The live game (a copy with the moves ahead played, while a past position is shown)."""
        if not self.ahead:
            return self.game
        game = self.game.copy()
        for text in self.ahead:
            game.play(text)
        return game

    def review_to(self, ply):
        """Show the position after ``ply`` moves of the live line (clamped to what can be shown).

        Returns True if the board changed or review started."""
        ply = max(self.base, min(ply, self.live_ply()))
        was = self.reviewing
        if ply == self.ply() and was:
            return False
        vanishing = {}
        while self.ply() > ply:
            self.ahead.insert(0, str(self.game.undo()))
        while self.ply() < ply:
            self.game.play(self.ahead.pop(0))
            vanishing = self.game.last_removed_stacks
        self.reviewing = True
        self.pending = None
        self._after_jump()
        self.vanishing = vanishing
        return True

    def review_step(self, step):
        """Back (``-1``) or forward (``+1``) one move; review starts at the live position."""
        return self.review_to(self.ply() + step)

    def leave_review(self):
        """Back to the live position ("Back to the game")."""
        if not self.reviewing:
            return False
        while self.ahead:
            self.game.play(self.ahead.pop(0))
        self.reviewing = False
        self.pending = None
        self._after_jump()
        return True

    def confirm_branch(self):
        """Play the pending move from the past position shown: a new line starts here.

        The replaced line (and the redo stack) is kept; undoing back to here restores it."""
        text = self.pending
        if text is None:
            return False
        k = self.ply()
        self.branches.append((k, list(self.ahead), [list(g) for g in self.redo_stack], self.movers[k - self.base:]))
        del self.movers[k - self.base:]
        self.ahead = []
        self.pending = None
        self.reviewing = False
        if not self.play(text):
            return False
        self.notice = "A new line starts at move %d. Undo brings the old line back." % (k + 1)
        return True

    def note_hint(self):
        """Count a hint in the record's ``Hints`` tag (the record says hints were used)."""
        try:
            count = int(self.game.tags.get("Hints", "0"))
        except ValueError:
            count = 0
        self.game.tags["Hints"] = str(count + 1)

    def cancel_branch(self):
        if self.pending is None:
            return False
        self.pending = None
        self.notice = ""
        return True

    def _human_play(self, text):
        """A move chosen on the board: played, or held for confirmation in a past position."""
        if self.ahead:
            self.pending = text
            self._clear_selection()
            n = len(self.ahead)
            self.notice = ("Playing %s here starts a new line: the %d later move%s of this game will be "
                           "replaced (Undo brings them back)." % (text, n, "" if n == 1 else "s"))
            return True
        self.reviewing = False
        self.play(text)
        return True

    def can_undo(self):
        return not self.reviewing and len(self.game.moves) > self.base and (not self.has_bot() or self._human_turn_before())

    def _human_turn_before(self):
        # Against the bot, undo only makes sense if a human moved since the start.
        for colour in self.movers:
            if self.players[colour] == "human":
                return True
        return False

    def can_redo(self):
        return not self.reviewing and bool(self.redo_stack)

    def bot_request(self):
        """Arguments for the bot worker: position, level, seed (plain values)."""
        return (self.game.position(), self.level, self.seed * 1000 + len(self.game.moves))

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
            return self._human_play(cell)
        targets = self.targets()
        if cell in targets:
            if not confirmed and not (self.armed and self.preview == cell) and game.removed_by(targets[cell]):
                self.preview = cell
                self.armed = True
                return True
            return self._human_play(targets[cell])
        if cell == self.selected:
            self._clear_selection()
            return True
        if cell in self.movable():
            self._clear_selection()
            self.selected = cell
            return True
        if self.selected is not None:
            self._clear_selection()
            return True
        return False

    def hover(self, cell):
        """Pointer over ``cell``: preview the removals of the move there, if it is a target."""
        new = cell if cell in self.targets() else None
        if new == self.preview or self.armed:
            return False
        self.preview = new
        return True

    def play(self, text, keep_redo=False):
        """Play a move for the side to move, then any forced passes that follow."""
        try:
            self._play_one(text)
        except (IllegalMoveError, InvalidMoveError):
            return False
        if not keep_redo:
            self.redo_stack = []
        self.notice = ""
        self.hint = None
        self._auto_pass()
        self.generation += 1
        return True

    def _play_one(self, text):
        colour = self.game.to_move
        self.game.play(text)
        self.movers.append(colour)
        self.vanishing = self.game.last_removed_stacks
        self._clear_selection()

    def _auto_pass(self):
        """A side with no legal move passes at once, with a notice saying so."""
        sides = choice.forced_passes(self.game)
        self.movers.extend(sides)
        if sides:
            self.notice = choice.pass_notice(sides)

    def undo(self):
        """Take back moves: one, or against the bot back to the human's last turn."""
        if not self.can_undo():
            return False
        group = []
        while len(self.game.moves) > self.base:
            group.append(str(self.game.undo()))
            self.movers.pop()
            if self._stop_undo():
                break
        group.reverse()
        self._after_jump()
        if self.branches and self.ply() <= self.branches[-1][0]:
            k, tail, redo, movers = self.branches.pop()
            if self.ply() == k:
                for text in tail:
                    self.game.play(text)
                self.movers.extend(movers)
                self.redo_stack = redo
                self.notice = "The line you replaced is back."
                return True
        self.redo_stack.append(group)
        return True

    def _stop_undo(self):
        if not self.has_bot():
            moves = self.game.legal_moves()
            # Skip back over forced passes: they are replayed automatically anyway.
            return not (len(moves) == 1 and moves[0].is_pass)
        return self.human_to_move() and not (len(self.game.legal_moves()) == 1
                                             and self.game.legal_moves()[0].is_pass)

    def redo(self):
        if not self.redo_stack:
            return False
        for text in self.redo_stack.pop():
            self._play_one(text)
        self._after_jump()
        return True

    def _after_jump(self):
        self.vanishing = {}
        self.notice = ""
        self._clear_selection()
        self.generation += 1
        self.hint = None

    def bot_move(self, text, generation):
        """The bot's answer, ignored if the game changed while it was thinking."""
        if generation != self.generation or not self.bot_to_move():
            return False
        return self.play(text)

    def deselect(self):
        self._clear_selection()

    def flip(self):
        self.flipped = not self.flipped
