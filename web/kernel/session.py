"""What a game page knows about the game in progress, whatever the game: a small object, no DOM.

``GameSession`` holds the game (a rules object of the library: ``play``, ``undo``, ``moves``,
``to_move``, ``phase``, ``position()``, ``copy()``), who plays each colour, the undo/redo
stacks, the review of past positions, the bot's hint and the analysis' better moves, and the
notice shown to the player.  A game's adapter subclasses it with what only that game knows:
how a game starts (:meth:`fresh_game`), what a click on a cell does (``activate``), what the
board marks and the status line say.  Runs on MicroPython and CPython alike.

Review: ``self.game`` is always the position on the board.  While a past position is shown,
the moves after it wait in ``self.ahead`` (the live line is ``game.moves + ahead``) and
``self.reviewing`` is True; stepping back undoes a move into ``ahead``, stepping forward plays
it again.  A move played there starts a new line once confirmed, and the line it replaced is
kept in ``self.branches`` so that Undo brings it back.

Who made each move since ``base`` is in ``self.kinds``: ``"human"``, ``"bot"``, ``"auto"``
(a pass the rules force, played by the page at once) or ``"remote"`` (a friend playing by link,
whose moves are never taken back here).  Undo takes back moves up to and
including the last human one, so against the bot it also takes back the bot's answer.
"""

from kernel.i18n import _, ngettext, side_name

OTHER = {"white": "black", "black": "white"}


def resignation_text(game):
    """The status line of a game ended by a resignation (who resigned, who wins), else None."""
    side = getattr(game, "resigned", None)
    if side == "white":
        return _("Game over: White resigned, so Black wins.")
    if side == "black":
        return _("Game over: Black resigned, so White wins.")
    return None


def result_text(game, tie=""):
    """The status line of a finished game: who resigned, else the winner (or a draw) and the score, the
    higher count first; ``tie`` is added to a win on equal counts (a game whose rules break ties).

    >>> class Over:
    ...     resigned = None
    ...     def __init__(self, score, winner): self.score, self.winner = lambda: score, lambda: winner
    >>> result_text(Over((12, 30), "black")), result_text(Over((9, 9), "draw"))
    ('Game over: Black wins, 30 to 12.', 'Game over: a draw, 9 to 9.')
    >>> result_text(Over((7, 7), "white"), "(White wins ties.)")
    'Game over: White wins, 7 to 7. (White wins ties.)'
    """
    resigned = resignation_text(game)
    if resigned:
        return resigned
    score = game.score()
    high, low = max(score), min(score)
    winner = game.winner()
    if winner == "draw":
        return _("Game over: a draw, %d to %d.") % (high, low)
    text = (_("Game over: White wins, %d to %d.") if winner == "white" else _("Game over: Black wins, %d to %d.")) % (
        high, low)
    return text + " " + tie if tie and high == low else text


def add_mark(marks, cell, cls):
    """Add the CSS class ``cls`` to ``marks[cell]`` (marks: cell -> space-separated classes).

    >>> marks = {"e3": "last"}
    >>> add_mark(marks, "e3", "hint"); add_mark(marks, "f4", "hint"); marks
    {'e3': 'last hint', 'f4': 'hint'}
    """
    marks[cell] = (marks[cell] + " " + cls) if cell in marks else cls


class GameSession:
    """The UI state of one game page (see the module's docstring); a game's adapter subclasses it."""

    #: The cell in the keyboard tab order at the start.
    START_FOCUS = ""
    #: What the result line adds to a win on equal counts (``N_``-marked), where the rules break ties.
    TIE = ""

    def __init__(self):
        self.flipped = False
        self.generation = 0  # bumped whenever a pending bot answer becomes stale
        self.focus = self.START_FOCUS
        self.level = "easy"
        self.new_game()

    # -- what a game's adapter provides ------------------------------------------------
    def fresh_game(self, position=None, seed=1, **options):
        """A new game object: the start, or the position string ``position``."""
        raise NotImplementedError

    def forced_passes(self):
        """Play the passes the rules now force (none by default); returns the sides that passed."""
        return []

    def clear_selection(self):
        """Forget what the player has picked on the board (a stack, a pivot...)."""

    def deselect(self):
        """Escape: forget what the player has picked on the board; whether anything was."""
        return False

    def after_moving(self, forward):
        """Called after a move is played (``forward``) or taken back (review, undo, redo)."""

    def bot_seed(self):
        """The seed the bot gets for the position on the board (reproducible games)."""
        return self.seed * 1000 + len(self.game.moves)

    def kind_of(self, colour, move):
        """Who made ``move`` (just played by ``colour``), as :attr:`kinds` records it."""
        return self.players[colour]

    def status_to_move(self, side):
        """The status line while ``side`` (its name) is to move and no bot is thinking: what it may do."""
        raise NotImplementedError

    # -- starting ---------------------------------------------------------------------
    def new_game(self, white="human", black="human", level=None, seed=1, position=None, **options):
        """Start again (``position``: from that position string); ``options`` go to :meth:`fresh_game`."""
        self.adopt(self.fresh_game(position, seed, **options), {"white": white, "black": black}, level, seed=seed,
                   base=None, **options)

    def adopt(self, game, players=None, level=None, base=0, redo=(), seed=1, kinds=None, review=False, **options):
        """Continue ``game`` (a restored save, an imported record, a link, a new game).

        ``players`` says who holds each colour now.  Moves after ``base`` (None: all the game's
        moves are its start) can be taken back; ``redo`` holds groups of move texts taken back
        by undo (the last group is redone first); ``kinds`` says who made each move since
        ``base`` (by default whoever holds its colour now).  ``review`` opens the game in
        review at its last move (an import or a shared link).  ``options`` are the game's own
        settings (DVONN's random setup), kept in :attr:`options` and saved with the game.
        """
        self.options = dict(options)
        if base is None:
            base = len(game.moves)
        probe = game.copy()
        movers = []
        played = []
        for _i in range(len(game.moves) - base):
            played.append(probe.undo())
            movers.append(probe.to_move)
        movers.reverse()
        played.reverse()
        self.players = dict(players or {"white": "human", "black": "human"})
        if level is not None:
            self.level = level
        self.seed = seed
        self.game = game
        self.base = base
        self.movers = movers  # the colour of each move since base
        if kinds is None or len(kinds) != len(movers):
            kinds = [self.kind_of(movers[i], played[i]) for i in range(len(movers))]
        self.kinds = list(kinds)
        self.redo_stack = [list(group) for group in redo]
        self.notice = ""
        self._reset_review()
        self._after_jump()
        self.forced_passes()
        self.reviewing = bool(review)

    def _reset_review(self):
        self.ahead = []  # move texts after the position shown (review)
        self.reviewing = False
        self.pending = None  # a move played in a past position, waiting for confirm_branch()
        self.branches = []  # (ply, tail, redo groups, tail movers, tail kinds) of lines replaced by a new one
        self.resigned_ahead = None  # in review: the side that resigned at the end of the live line
        self.better = {}  # ply -> the bot's better move where the analysis found a mistake
        self.hint = None  # the move text the bot suggests here (marked on the board)
        self.hint_position = None

    # -- queries ------------------------------------------------------------------------
    def over(self):
        return self.game.phase == "over"

    def bot_to_move(self):
        return not self.reviewing and not self.over() and self.players[self.game.to_move] == "bot"

    def human_to_move(self):
        return not self.over() and self.players[self.game.to_move] == "human"

    def has_bot(self):
        return "bot" in (self.players["white"], self.players["black"])

    def history(self):
        """(number, colour, move text) for each move of the live line since the start of this game
        (in review, the moves after the position shown too)."""
        moves = [str(m) for m in self.game.moves] + self.ahead
        return [(i + 1, self.movers[i - self.base], moves[i]) for i in range(self.base, len(moves))]

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
        if self.resigned_ahead is not None:
            game.resign(self.resigned_ahead)
        return game

    def hint_shown(self):
        """The hint's move text if it is for the position on the board, else None."""
        return self.hint if self.hint and self.hint_position == self.game.position() else None

    def better_shown(self):
        """The analysis' better move for the position shown (in review), else None."""
        return self.better.get(self.ply()) if self.ahead else None

    def marked_moves(self):
        """The moves the board marks besides the last one, as (move text, CSS class): a move played in a
        past position waiting for confirmation, the analysis' better move, the bot's hint."""
        return [(text, cls) for text, cls in ((self.pending, "pending"), (self.better_shown(), "better"),
                                              (self.hint_shown(), "hint")) if text]

    def status(self):
        """One line telling the player what is going on: the result, the bot thinking, or what the side to
        move may do (:meth:`status_to_move`)."""
        game = self.game
        if game.phase == "over":
            return result_text(game, _(self.TIE) if self.TIE else "")
        side = side_name(game.to_move)
        if self.bot_to_move():
            return _("%s (bot) is thinking…") % side
        return self.status_to_move(side)

    # -- review -------------------------------------------------------------------------
    def review_to(self, ply):
        """Show the position after ``ply`` moves of the live line (clamped to what can be shown).

        Returns True if the board changed or review started."""
        ply = max(self.base, min(ply, self.live_ply()))
        if ply == self.ply() and self.reviewing:
            return False
        moved = False
        if self.ply() > ply and not self.ahead and getattr(self.game, "resigned", None) is not None:
            self.resigned_ahead = self.game.resigned  # undo withdraws it: it comes back at the end
        while self.ply() > ply:
            self.ahead.insert(0, str(self.game.undo()))
        while self.ply() < ply:
            self.game.play(self.ahead.pop(0))
            moved = True
        self._resign_again()
        self.reviewing = True
        self.pending = None
        self._after_jump()
        if moved:
            self.after_moving(True)
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
        self._resign_again()
        self.reviewing = False
        self.pending = None
        self._after_jump()
        return True

    def _resign_again(self):
        """At the end of the live line again (review): the resignation that ended it is back."""
        if not self.ahead and self.resigned_ahead is not None:
            self.game.resign(self.resigned_ahead)
            self.resigned_ahead = None

    def confirm_branch(self):
        """Play the pending move from the past position shown: a new line starts here.

        The replaced line (and the redo stack) is kept; undoing back to here restores it."""
        text = self.pending
        if text is None:
            return False
        k = self.ply()
        cut = k - self.base
        self.branches.append((k, list(self.ahead), [list(g) for g in self.redo_stack], self.movers[cut:],
                              self.kinds[cut:]))
        del self.movers[cut:]
        del self.kinds[cut:]
        self.ahead = []
        self.resigned_ahead = None
        self.pending = None
        self.reviewing = False
        if not self.play(text):
            return False
        self.notice = _("A new line starts at move %d. Undo brings the old line back.") % (k + 1)
        return True

    def cancel_branch(self):
        if self.pending is None:
            return False
        self.pending = None
        self.notice = ""
        return True

    def note_hint(self):
        """Count a hint in the record's ``Hints`` tag (the record says hints were used)."""
        try:
            count = int(self.game.tags.get("Hints", "0"))
        except ValueError:
            count = 0
        self.game.tags["Hints"] = str(count + 1)

    # -- playing ------------------------------------------------------------------------
    def human_play(self, text):
        """A move the human chose on the board: played, or held for confirmation in a past position."""
        if self.ahead:
            self.pending = text
            self.clear_selection()
            n = len(self.ahead)
            self.notice = (ngettext("Playing %(move)s here starts a new line: the %(count)d later move of this "
                                    "game will be replaced (Undo brings it back).",
                                    "Playing %(move)s here starts a new line: the %(count)d later moves of this "
                                    "game will be replaced (Undo brings them back).", n) % {"move": text, "count": n})
            return True
        self.reviewing = False
        return self.play(text)

    def play(self, text, keep_redo=False):
        """Play a move for the side to move, then any passes the rules force.  False (the game
        unchanged) if it is not a legal move."""
        try:
            self._play_one(text)
        except ValueError:
            return False
        if not keep_redo:
            self.redo_stack = []
        self.notice = ""
        self.hint = None
        self.forced_passes()
        self.generation += 1
        return True

    def _play_one(self, text):
        colour = self.game.to_move
        move = self.game.play(text)
        self.movers.append(colour)
        self.kinds.append(self.kind_of(colour, move))
        if getattr(move, "is_swap", False):
            self._swap_players()
        self.clear_selection()
        self.after_moving(True)
        return move

    def _swap_players(self):
        """The pie rule: the players exchange colours (the board and the side to move stay)."""
        self.players = {"white": self.players["black"], "black": self.players["white"]}

    def bot_request(self):
        """Arguments for the bot worker: position, level, seed (plain values)."""
        return self.game.position(), self.level, self.bot_seed()

    def bot_move(self, text, generation):
        """The bot's answer, ignored (True) if the game changed while it thought; False if it is
        not a legal move here."""
        if generation != self.generation or not self.bot_to_move():
            return True
        return self.play(text)

    # -- resigning ----------------------------------------------------------------------
    def can_resign(self):
        """The human to move may resign (not in review, not once the game is over)."""
        return not self.reviewing and self.pending is None and self.human_to_move() and hasattr(self.game, "resign")

    def resign(self):
        """The human to move resigns: the game is over, the other side wins (Undo takes it back)."""
        if not self.can_resign():
            return False
        self.game.resign(self.game.to_move)
        self.redo_stack = []
        self._after_jump()
        return True

    # -- undo / redo ----------------------------------------------------------------------
    def can_undo(self):
        """A human move (or a human's resignation) to take back, and no friend's move by link
        (``"remote"``) after it."""
        if self.reviewing:
            return False
        resigned = getattr(self.game, "resigned", None)
        if resigned is not None:
            return self.players[resigned] == "human"
        for kind in reversed(self.kinds):
            if kind == "human":
                return True
            if kind == "remote":
                return False
        return False

    def can_redo(self):
        return not self.reviewing and bool(self.redo_stack)

    def undo(self):
        """Take back moves up to and including the last human one (so against the bot, its
        answer too).  A line replaced from a past position comes back when undo returns there."""
        if not self.can_undo():
            return False
        if getattr(self.game, "resigned", None) is not None:
            self.game.resigned = None  # the resignation alone is taken back
            self._after_jump()
            return True
        group = []
        while len(self.game.moves) > self.base:
            move = self.game.undo()
            group.append(str(move))
            self.movers.pop()
            if getattr(move, "is_swap", False):
                self._swap_players()
            if self.kinds.pop() == "human":
                break
        group.reverse()
        self._after_jump()
        if self.branches and self.ply() <= self.branches[-1][0]:
            k, tail, redo, movers, kinds = self.branches.pop()
            if self.ply() == k:
                for text in tail:
                    self.game.play(text)
                self.movers.extend(movers)
                self.kinds.extend(kinds)
                self.redo_stack = redo
                self.notice = _("The line you replaced is back.")
                return True
        self.redo_stack.append(group)
        return True

    def redo(self):
        if not self.can_redo():
            return False
        for text in self.redo_stack.pop():
            self._play_one(text)
        self._after_jump()
        return True

    def _after_jump(self):
        self.notice = ""
        self.clear_selection()
        self.after_moving(False)
        self.generation += 1
        self.hint = None

    def flip(self):
        self.flipped = not self.flipped
