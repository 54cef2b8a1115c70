"""What the page knows about the game in progress: a small object, no DOM access.

``Session`` holds the ``dvonn_core`` game, who plays each colour, the selected stack,
the previewed target, the undo/redo stacks and the notice shown to the player.  The page
(``main.py``) turns clicks into calls here and draws what the queries return; it never
reads game state back from the DOM.  Runs on MicroPython and CPython alike.
"""

from dvonn_core import Game, IllegalMoveError, InvalidMoveError
from dvonn_core.board import CELLS
from render import capital as _cap
from render import mark_last_move, mark_selection, mark_turn, result_text

OTHER = {"white": "black", "black": "white"}
PIECES_PER_SIDE = 23
DVONN_PIECES = 3


def _setup_random(seed):
    from dvonn_core.setup import random_setup
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
        self._clear_selection()
        self.generation += 1
        self._auto_pass()

    def adopt(self, game, players=None, level=None, base=0, redo=(), random_setup=False, seed=1):
        """Continue ``game`` (a restored save or an imported record, already replayed).

        Moves after ``base`` can be taken back; ``redo`` holds groups of move texts taken
        back by undo (the last group is redone first).  Imported games are played hotseat.
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
        self._clear_selection()
        self.generation += 1
        self._auto_pass()

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
        return not self.over() and self.players[self.game.to_move] == "bot"

    def human_to_move(self):
        return not self.over() and self.players[self.game.to_move] == "human"

    def has_bot(self):
        return "bot" in (self.players["white"], self.players["black"])

    def movable(self):
        """Cells of stacks the human to move may pick up (movement phase)."""
        if not self.human_to_move() or self.game.phase != "movement":
            return set()
        return set(m.source for m in self.game.legal_moves() if m.source)

    def targets(self):
        """Target cell -> move text for the selected stack."""
        if self.selected is None:
            return {}
        out = {}
        for m in self.game.legal_moves():
            if m.source == self.selected:
                out[m.target] = str(m)
        return out

    def doomed(self):
        """Cells the previewed move would cut off and remove."""
        move = self.targets().get(self.preview) if self.preview else None
        return self.game.removed_by(move) if move else []

    def marks(self):
        """Cell -> CSS classes describing highlights."""
        marks = {}
        moves = self.game.moves
        if len(moves) > self.base:
            mark_last_move(marks, moves[-1])
        mark_turn(marks, self.game, self.human_to_move(), self.movable())
        if self.selected:
            mark_selection(marks, self.selected, self.targets(), self.preview, self.doomed() if self.preview else ())
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
        """(number, colour, move text) for each move since the start of this game."""
        out = []
        moves = self.game.moves
        for i in range(self.base, len(moves)):
            out.append((i + 1, self.movers[i - self.base], str(moves[i])))
        return out

    def can_undo(self):
        return len(self.game.moves) > self.base and (not self.has_bot() or self._human_turn_before())

    def _human_turn_before(self):
        # Against the bot, undo only makes sense if a human moved since the start.
        for colour in self.movers:
            if self.players[colour] == "human":
                return True
        return False

    def can_redo(self):
        return bool(self.redo_stack)

    def bot_request(self):
        """Arguments for the bot worker: position, level, seed (plain values)."""
        return (self.game.position(), self.level, self.seed * 1000 + len(self.game.moves))

    # -- actions ------------------------------------------------------------------
    def activate(self, cell, confirmed=True):
        """A click, tap or Enter on ``cell`` by the human to move.

        ``confirmed`` is False for touch and keyboard: a move that removes stacks is then
        previewed first and played on the second activation.  Returns True if anything changed.
        """
        if not self.human_to_move():
            return False
        game = self.game
        if game.phase == "placement":
            if game.stack(cell):
                return False
            self.play(cell)
            return True
        targets = self.targets()
        if cell in targets:
            if not confirmed and not (self.armed and self.preview == cell) and game.removed_by(targets[cell]):
                self.preview = cell
                self.armed = True
                return True
            self.play(targets[cell])
            return True
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
        self._auto_pass()
        self.generation += 1
        return True

    def _play_one(self, text):
        before = {}
        colour = self.game.to_move
        for cell in CELLS:
            before[cell] = self.game.stack(cell)
        self.game.play(text)
        self.movers.append(colour)
        self.vanishing = {c: before[c] for c in self.game.last_removed}
        self._clear_selection()

    def _auto_pass(self):
        """A side with no legal move passes at once, with a notice saying so."""
        notes = []
        while not self.over():
            moves = self.game.legal_moves()
            if len(moves) != 1 or not moves[0].is_pass:
                break
            notes.append("%s has no legal move and passes." % _cap(self.game.to_move))
            vanishing = self.vanishing
            self._play_one(moves[0])
            self.vanishing = vanishing
        if notes:
            self.notice = " ".join(notes)

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
        self.redo_stack.append(group)
        self._after_jump()
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

    def bot_move(self, text, generation):
        """The bot's answer, ignored if the game changed while it was thinking."""
        if generation != self.generation or not self.bot_to_move():
            return False
        return self.play(text)

    def deselect(self):
        self._clear_selection()

    def flip(self):
        self.flipped = not self.flipped
