"""A game page, whatever the game: draws the session into the DOM and turns events into calls.

Runs on MicroPython on the main thread.  All game state lives in the game's session (a
``kernel.session.GameSession``); what to trust in a save, a link or a record is decided in the
game's ``persist`` module (``kernel/saves.py``), and ``kernel/game_io.py`` moves that text
to and from the browser.  The bot runs in a Pyodide worker (``kernel/bot_worker.py``), started
once the board accepts input: a position string goes in, a move text comes out.

This module holds, once for every game: the move list, review (step through any position,
"Back to the game", a new line from a past position), undo/redo, the new-game form, the turns of
human and bot, the hint, the game analysis (its graph and marked mistakes, from the study
package loaded on first use), "Copy embed code", the page's keys, and the board's clicks and keys
(the cells redrawn by ``kernel/board_dom.py``).  A game's page module subclasses :class:`GamePage`
with what only it knows: what its board shows, what a click on a cell does, and the parts of its
panel that no other game has.
"""

import asyncio

from pyscript import create_named_worker, document, window
from pyscript.ffi import create_proxy

from kernel import address, board_dom, by_link, deferred, dom_list, game_io, lazy
from kernel.i18n import N_, SIDE_NAMES, _, decimal

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict, Tuple

#: A move text longer than this takes a whole row of the move list (a half row is about 11 characters).
LONG_MOVE = 10
#: The controls every game page has (``data-testid``), found once.
ELEMENTS = ("status", "score", "history", "notice", "undo", "redo", "flip", "new-game", "bot-status",
            "score-white", "score-black", "white-player", "black-player", "level", "turn-white", "turn-black",
            "review-start", "review-back", "review-forward", "review-end", "back-to-game", "review-counter",
            "branch-box", "hint", "analyse", "analysis-progress", "analysis-graph", "analysis-note",
            "analysis-summary", "play-again", "open-editor", "open-analysis", "resign", "resign-box")

HINT_SECONDS = 1.0  # the hard bot's budget for a hint
#: The least time a move stays on the board before the bot's next move is shown (ms): a quick
#: reply, or the bot's moves around forced passes, can be followed one by one (issue 43).
BOT_PACE_MS = 600
#: The bot's levels of every game, as the new-game form names them (shown while the bot plays).
LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"), "master": N_("Master")}
#: Narrow portrait screens (phones): the board is drawn a quarter turn round, so cells stay >= 44 CSS px.
TURN_QUERY = "(max-width: 34rem) and (orientation: portrait)"


def level_name(level):
    """A bot level's name in the page's language (the level itself for one that has none)."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def verdict_name(kind):
    """The analysis's verdict on a move, as the move list names it."""
    return _("a mistake") if kind == "mistake" else _("a blunder")


class GamePage:
    """The page of one game: ``session`` its state, ``persist`` its saves and records.  A game's
    page module subclasses it (see the module's docstring) and calls :meth:`start`."""

    #: The worker's function for the hard bot's look at a position (hint, analysis).
    BOT_THINK = "think"
    #: The game's name for the worker's live search (``search``) and the analysis (``score``).
    GAME_KIND = "dvonn"
    #: The game analysis searches each position to this many nodes (no clock: the same verdicts on
    #: every run and device): about 0.25 s a position in Pyodide on a laptop, as the time budget it replaced.
    ANALYSIS_NODES = 4000
    #: The phases whose positions the analysis scores.
    SCORED_PHASES = ("movement",)
    #: The game's board editor (kernel/editor.py), opened at the position on screen.
    EDITOR_PAGE = "editor.html"
    #: The game's analysis board (kernel/analysis_board.py), opened at the position on screen.
    ANALYSIS_PAGE = "analysis.html"
    #: Extra ``data-testid`` elements the game's own drawing uses.
    MORE_ELEMENTS = ()  # type: Tuple[str, ...]

    def __init__(self, session, persist, render):
        self.S = session
        self.persist = persist
        self.render = render  # the game's renderer (see kernel/board_dom.py)
        self.body = document.body
        self.board = document.getElementById("board")
        self.keyed = board_dom.KeyedBoard(self.board, render)  # what the board shows, cell by cell
        self.input = board_dom.BoardInput(self.keyed, self)  # its clicks and keys, as on every board
        self.EL = {}
        for name in ELEMENTS + self.MORE_ELEMENTS:
            self.EL[name] = document.querySelector('[data-testid="%s"]' % name)
        self.written = {}  # (element, property) -> the value last written (put, toggle)
        self.history_items = []  # the move list's <li> items on screen
        self.turned = False  # the board drawn a quarter turn round (TURN_QUERY)
        self.asking_resign = False  # "Resign" was pressed: the page asks to confirm it
        self.bot = None  # the worker, once loaded
        self.bot_state = "loading"
        # The bot's search while it thinks: progress, "Move now" (kernel/bot_live.py): made by start_bot, once the
        # page is ready, as nothing of it is needed before the bot can move.
        self.thinking = None  # type: Any
        # The game analysis: the module (fetched on first use), the result, and whether it runs.
        self.analysis = {"module": None, "result": None, "running": False, "verdicts": {}}  # type: Dict[str, Any]
        self.scroll_pending = False
        self._scroll_proxy = create_proxy(self.scroll_history)
        self.shown_moves = -1  # the number of moves on the board when it last changed, and when (ms)
        self.shown_at = 0.0

    # -- what a game's page provides ---------------------------------------------------------
    def draw_board(self):
        """Draw the session's board into ``self.board`` (``self.keyed.draw``: only what changed)."""
        raise NotImplementedError

    def press(self, cell, by_key):
        """A click, tap or Enter/Space (``by_key``) on ``cell``: the session's step.  Whether
        anything changed."""
        return self.S.activate(cell)

    #: The order of the two sides in ``session.score()`` (and in the score's accessible name).
    SCORE_ORDER = ("white", "black")

    def draw_more(self):
        """Draw what only this game shows (its own buttons, what is left to place)."""

    def adopt_board(self):
        """Take the board drawn at build time as drawn, when it shows the game the page starts with."""

    def wire_board(self):
        """Listen to the board's clicks and keys (``board_dom.BoardInput``, which calls
        :meth:`press`; a game listens to more with ``self.listen``)."""
        self.input.wire(self.board, self.listen)

    def new_game_options(self):
        """The game's own options in the new-game form (DVONN's random setup)."""
        return {}

    def embed_snippet(self, base, position, flip):
        """The ``<iframe>`` code that embeds ``position`` (``base``: the site's address)."""
        raise NotImplementedError

    def bot_played(self, text, mover):
        """The bot's move ``text`` (by ``mover``) was played: a notice, if the game has one for it."""

    # -- drawing -----------------------------------------------------------------------------
    def put(self, name, prop, value):
        """``EL[name].prop = value`` ("data": body's dataset; "score": an attribute), unless the
        element already has that value: each call into the DOM costs MicroPython time (issue 12).
        Every write of these properties goes through here, so the record stays true."""
        key = (name, prop)
        if self.written.get(key, self.put) == value:
            return
        self.written[key] = value
        if name == "data":
            setattr(self.body.dataset, prop, value)
        elif name == "score":
            self.EL[name].setAttribute(prop, value)
        else:
            setattr(self.EL[name], prop, value)

    def toggle(self, name, cls, on):
        """``classList.toggle(cls, on)`` of ``EL[name]`` (or body), skipped when nothing changes."""
        key = (name, cls)
        on = bool(on)
        if self.written.get(key) is on:
            return
        self.written[key] = on
        (self.body if name == "body" else self.EL[name]).classList.toggle(cls, on)

    def redraw(self):
        S = self.S
        game_io.save()  # first: what storage did goes into the notice drawn below
        self.draw_board()
        self.put("status", "textContent", self.status_line())
        to_move = "" if S.over() else S.game.to_move
        self.toggle("turn-white", "on", to_move == "white")
        self.toggle("turn-black", "on", to_move == "black")
        self.put("notice", "textContent", S.notice)
        self.put("notice", "hidden", not S.notice)
        self.draw_history()
        self.put("undo", "disabled", not S.can_undo())
        self.put("redo", "disabled", not S.can_redo())
        self.asking_resign = self.asking_resign and S.can_resign()
        self.put("resign", "disabled", not S.can_resign())
        self.put("resign-box", "hidden", not self.asking_resign)
        self.toggle("body", "game-over", S.over())
        self.put("play-again", "hidden", not (S.over() and not S.ahead and "remote" not in S.players.values()))
        self.put("data", "phase", S.game.phase)
        self.put("data", "toMove", to_move)
        position = S.game.position()
        self.put("data", "position", position)
        # "Edit this position": the editor opens at the position shown (in review too); the game
        # stays saved here, and the editor's "Back to the game" reopens it as it was.
        self.put("open-editor", "href", self.EDITOR_PAGE + "#position=" + position)
        self.put("open-analysis", "href", self.ANALYSIS_PAGE + "#position=" + position)
        self.put("data", "flipped", "true" if S.flipped else "false")
        scores = S.score()
        for side, score in zip(self.SCORE_ORDER, scores):
            self.put("score-" + side, "textContent", str(score))
        self.put("score", "aria-label", _("Score: %(first)s %(a)d, %(second)s %(b)d") % {
            "first": _(SIDE_NAMES[self.SCORE_ORDER[0]]), "a": scores[0],
            "second": _(SIDE_NAMES[self.SCORE_ORDER[1]]), "b": scores[1]})
        self.draw_more()
        self.draw_review()
        self.draw_analysis()
        self.draw_bot_status()
        game_io.draw()
        by_link.draw()
        if S.live_ply() != self.shown_moves:  # a move is on the screen from now (see pace)
            self.shown_moves = S.live_ply()
            self.shown_at = window.performance.now()

    def human_against_bot(self):
        """The side a human plays against the bot on this page, else None."""
        players = self.S.players
        for side, other in (("white", "black"), ("black", "white")):
            if players[side] == "human" and players[other] == "bot":
                return side
        return None

    def status_line(self):
        """The session's status; at the end of a game against the bot, whether I won, first."""
        S = self.S
        text = S.status()
        mine = self.human_against_bot() if S.over() else None
        winner = S.game.winner() if mine else None
        if winner in ("white", "black"):
            text = (_("You win!") if winner == mine else _("You lose.")) + " " + text
        return text

    def history_prefix(self):
        """Items shown before the first move (DVONN: the random setup's seed)."""
        return []

    def draw_history(self):
        S = self.S
        items = []
        shown = S.ply()
        verdicts = self.analysis["verdicts"]
        for number, colour, text in S.history():
            current = number == shown
            kind = verdicts.get(number)  # drawn by CSS after the move: ? a mistake, ?? a blunder
            # Odd and even moves in a column each (c1, c2); a long turn (a chain of pivots) the whole row.
            place = " long" if len(text) > LONG_MOVE else " c%d" % (2 - number % 2)
            items.append('<li class="mv-%s%s%s%s"><span class="n">%d.</span> <button type="button" class="mv" '
                         'data-ply="%d" tabindex="%d"%s%s>%s</button></li>'
                         % (colour, place, " cur" if current else "", (" " + kind) if kind else "", number, number,
                            0 if current else -1, ' aria-current="step"' if current else "",
                            (' aria-label="%s, %s" title="%s"' % (text, verdict_name(kind), verdict_name(kind)))
                            if kind else "", text))
        items[:0] = self.history_prefix()
        dom_list.update_list(self.EL["history"], self.history_items, items)
        if not self.scroll_pending:
            self.scroll_pending = True
            window.requestAnimationFrame(self._scroll_proxy)

    def scroll_history(self, timestamp=None):
        """Scroll the move list to the move shown, in the next frame: reading the list's layout
        inside a click would make the browser lay out the page there and then (issue 12)."""
        self.scroll_pending = False
        history = self.EL["history"]
        cur = history.querySelector(".cur") if self.S.reviewing else None
        if cur:
            history.scrollTop = cur.offsetTop - history.offsetTop - 40
        else:
            history.scrollTop = history.scrollHeight

    def draw_review(self):
        """The review bar: where the board is in the game, and the way back to the live position."""
        S = self.S
        shown, live = S.ply(), S.live_ply()
        if S.reviewing:
            text = _("Review: the start") if shown == S.base else (
                _("Review: move %(shown)d of %(live)d") % {"shown": shown, "live": live})
        else:
            text = _("Move %d") % shown if shown else ""
        self.put("review-counter", "textContent", text)
        self.put("review-start", "disabled", shown <= S.base)
        self.put("review-back", "disabled", shown <= S.base)
        self.put("review-forward", "disabled", shown >= live)
        self.put("review-end", "disabled", shown >= live)
        self.put("back-to-game", "hidden", not S.reviewing)
        self.put("branch-box", "hidden", S.pending is None)
        self.put("data", "review", "true" if S.reviewing else "false")
        self.put("data", "ply", str(shown))
        self.toggle("body", "reviewing", S.reviewing)

    def draw_bot_status(self):
        S = self.S
        state = self.bot_state
        if not S.has_bot():
            text = "" if state == "ready" else _("Bot: loading in the background…")
        elif state == "loading":
            text = _("Bot: loading…")
        elif state == "failed":
            text = _("Bot: could not load.")
        elif S.bot_to_move():
            text = _("Bot (%(level)s): thinking…") % {"level": level_name(S.level)}
        else:
            text = _("Bot (%(level)s): ready.") % {"level": level_name(S.level)}
        self.put("bot-status", "textContent", text)
        self.put("data", "bot", state)
        self.put("hint", "disabled", not (S.human_to_move() and self.bot is not None and state != "failed"))
        self.put("analyse", "disabled", self.bot is None or self.analysis["running"] or S.live_ply() <= S.base)

    def notify(self, text):
        self.S.notice = text
        self.put("notice", "textContent", text)
        self.put("notice", "hidden", not text)

    # -- events --------------------------------------------------------------------------------
    def after_change(self):
        if self.thinking is not None:
            self.thinking.stale()  # a new game or an undo while the bot thinks: its search stops
        self.redraw()
        if self.S.bot_to_move():
            asyncio.create_task(self.bot_turn())

    def on_review(self, step):
        def handler(event):
            S = self.S
            if step == "start":
                changed = S.review_to(S.base)
            elif step == "end":
                changed = S.review_to(S.live_ply())
            else:
                changed = S.review_step(step)
            if changed:
                self.redraw()
        return handler

    def on_history_click(self, event):
        target = event.target
        item = target.closest("[data-ply]") if target and target.closest else None
        if item and self.S.review_to(int(item.getAttribute("data-ply"))):
            self.redraw()
            button = self.EL["history"].querySelector(".cur button")
            if button:
                button.focus()

    def on_back_to_game(self, event):
        if self.S.leave_review():
            self.after_change()

    def on_branch_confirm(self, event):
        if self.S.confirm_branch():
            self.after_change()

    def on_branch_cancel(self, event):
        if self.S.cancel_branch():
            self.redraw()

    def on_page_key(self, event):
        """Left/Right anywhere but on the board and in form fields: step through the game."""
        target = event.target
        if target and target.closest and target.closest("[data-cell], input, select, textarea, dialog"):
            return
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        key = event.key
        if key == "ArrowLeft":
            changed = self.S.review_step(-1)
        elif key == "ArrowRight" and self.S.reviewing:
            changed = self.S.review_step(1)
        else:
            return
        event.preventDefault()
        if changed:
            self.redraw()

    def on_resign(self, event):
        """"Resign" asks first (the box's "Yes, resign" and "Cancel")."""
        if self.S.can_resign():
            self.asking_resign = True
            self.redraw()
            document.querySelector('[data-testid="resign-confirm"]').focus()

    def on_resign_confirm(self, event):
        self.asking_resign = False
        if self.S.resign():
            self.after_change()

    def on_resign_cancel(self, event):
        self.asking_resign = False
        self.redraw()

    def on_undo(self, event):
        if self.S.undo():
            self.after_change()

    def on_redo(self, event):
        if self.S.redo():
            self.after_change()

    # -- the board's events (board_dom.BoardInput: a click, Enter/Space, the arrows, Escape) -----------
    @property
    def focus(self):
        """The cell in the board's tab order (the session keeps it)."""
        return self.S.focus

    @focus.setter
    def focus(self, cell):
        self.S.focus = cell

    def view(self):
        return self.S.flipped, self.turned

    def pressed(self, by_key):
        self.after_change()

    def escape(self):
        """Escape on the board: drop what was picked."""
        if self.S.deselect():
            self.redraw()
            return True
        return False

    def on_layout(self, event=None):
        """The screen turned or was resized across TURN_QUERY: turn the board with it."""
        turned = bool(window.matchMedia(TURN_QUERY).matches)
        self.body.dataset.turned = "true" if turned else "false"
        if turned != self.turned:
            self.turned = turned
            self.redraw()

    def on_flip(self, event):
        """Flip the board: only the board is drawn again (and the save notes it); the move list,
        the status and the panels do not change (issue 43: a flip took 100-500 ms on a loaded machine)."""
        self.S.flip()
        self.draw_board()
        self.put("data", "flipped", "true" if self.S.flipped else "false")
        game_io.save()

    def new_seed(self):
        """A new game's seed (its random setup, the bot's choices), from the browser's random."""
        return int(window.Math.floor(window.Math.random() * 1000000)) + 1

    def on_player(self, side):
        """A player chosen in the form takes that colour in the game on the board at once (the
        bot takes over a side, say, in a position opened from a link or the editor)."""
        def handler(event):
            S = self.S
            if S.players.get(side) == "remote":
                return  # a friend playing by link keeps the colour (kernel/by_link.py)
            S.players[side] = str(self.EL[side + "-player"].value)
            self.after_change()
        return handler

    def on_new_game(self, event):
        self.S.new_game(white=self.EL["white-player"].value, black=self.EL["black-player"].value,
                        level=self.EL["level"].value, seed=self.new_seed(), **self.new_game_options())
        self.after_change()
        self.show_board()

    def show_board(self):
        """Bring the board, and the bot's line under it, into view if the board is not all in it: on a
        phone the new-game form is below the board, and the page stayed scrolled there (issue 56)."""
        box = self.board.getBoundingClientRect()
        if box.top < 0 or box.bottom > window.innerHeight:
            document.querySelector("section.play").scrollIntoView(True)

    def on_play_again(self, event):
        """"Play again", at the end of a game: a new game with the same players, level and options."""
        S = self.S
        S.new_game(white=S.players["white"], black=S.players["black"], level=S.level, seed=self.new_seed(),
                   **S.options)
        game_io.sync_form()
        self.after_change()

    def on_hashchange(self, event):
        """A ``#record=`` or ``#position=`` link opened on the page already showing."""
        notice = self.S.notice
        refused = address.refused()  # an address too long, dropped unread: the game stays, and the page says why
        if refused:
            self.S.notice = refused
        if game_io.open_link() or by_link.open_link() or self.S.notice != notice:
            game_io.sync_form()
            self.after_change()

    def on_copy_embed(self, event):
        """"Copy embed code": the <iframe> of the embed page for the position on screen (issue 5)."""
        page = str(window.location.href).split("#")[0].split("?")[0]
        code = self.embed_snippet(page[:page.rfind("/") + 1], self.S.game.position(), self.S.flipped)
        field = document.querySelector('[data-testid="embed-code"]')
        field.value = code
        field.hidden = False
        copied = game_io.copy_box(field)
        self.notify(_("Embed code copied: paste it into your page.") if copied
                    else _("Copy the embed code from the box under the board."))

    # -- hint ------------------------------------------------------------------------------------
    def on_hint(self, event):
        asyncio.create_task(self.ask_hint())

    async def think(self, position, seconds):
        """The hard bot's look at ``position`` in the worker: (move text, the rest of its answer)."""
        answer = str(await getattr(self.bot, self.BOT_THINK)(position, "hard", self.S.seed, seconds))
        return answer

    async def ask_hint(self):
        """Ask the worker for the hard bot's move here; mark it on the board unless the position changed."""
        S = self.S
        if self.bot is None or not S.human_to_move():
            return
        position = S.game.position()
        self.put("hint", "disabled", True)
        self.EL["hint"].setAttribute("aria-busy", "true")
        self.notify(_("Hint: the bot is thinking…"))
        try:
            answer = await self.think(position, HINT_SECONDS)
        finally:
            self.EL["hint"].removeAttribute("aria-busy")
        if S.game.position() != position:
            return  # the game moved on while the bot thought: that hint is stale
        S.hint = move_of(answer)
        S.hint_position = position
        S.note_hint()
        S.notice = _("Hint: the bot would play %s (marked on the board).") % S.hint
        self.redraw()

    # -- game analysis -----------------------------------------------------------------------------
    def line_key(self):
        """Names the live line of moves: an analysis belongs to the line it scored."""
        return "%d %s" % (self.S.base, " ".join(h[2] for h in self.S.history()))

    def draw_analysis(self):
        S = self.S
        result = self.analysis["result"]
        if result is not None and result.key != self.line_key():
            self.analysis["result"] = result = None  # the game changed: that analysis is of another line
            self.analysis["verdicts"] = {}
            S.better = {}
            self.EL["analysis-summary"].textContent = ""
        self.EL["analysis-graph"].hidden = result is None
        note = ""
        if result is not None:
            shown = S.ply()
            self.EL["analysis-graph"].innerHTML = self.analysis["module"].graph_svg(result, shown - result.first)
            # The move selected (the one that led here) if it is marked; else, in review, the
            # next move if it is marked: this is the position its better move is marked in.
            move_no = shown
            kind = self.analysis["verdicts"].get(move_no)
            if not kind and S.ahead:
                move_no = shown + 1
                kind = self.analysis["verdicts"].get(move_no)
            if kind:
                i = move_no - 1 - result.first
                _kind, better, loss = result.verdicts()[i]
                values = {"number": move_no, "move": result.moves[i], "loss": decimal(loss / 100),
                          "units": _(self.UNITS), "better": better}
                if move_no == shown:
                    note = (_("Move %(number)d (%(move)s) was a mistake: it lost %(loss)s %(units)s. "
                              "The bot preferred %(better)s (marked on the board one move back).")
                            if kind == "mistake" else
                            _("Move %(number)d (%(move)s) was a blunder: it lost %(loss)s %(units)s. "
                              "The bot preferred %(better)s (marked on the board one move back).")) % values
                else:
                    note = (_("Move %(number)d (%(move)s) was a mistake: it lost %(loss)s %(units)s. "
                              "The bot preferred %(better)s (marked on the board).")
                            if kind == "mistake" else
                            _("Move %(number)d (%(move)s) was a blunder: it lost %(loss)s %(units)s. "
                              "The bot preferred %(better)s (marked on the board).")) % values
        self.EL["analysis-note"].textContent = note
        self.EL["analysis-note"].hidden = not note

    #: What the analysis counts (its scores are hundredths of one), and what it says when no
    #: position of the game could be scored.
    UNITS = N_("pieces")
    NOTHING_SCORED = N_("No position to score yet.")

    async def load_analysis(self):
        """The study package's analysis (study/analysis.py), fetched on first use: it is no part of the page's load."""
        if self.analysis["module"] is None:
            self.analysis["module"] = await lazy.load("study.analysis", self.body.dataset.studySrc)
        return self.analysis["module"]

    def on_analyse(self, event):
        asyncio.create_task(self.run_analysis())

    async def run_analysis(self):
        """Score every position of the live line in the worker, one at a time, with a progress bar."""
        S = self.S
        if self.bot is None or self.analysis["running"]:
            return
        self.analysis["running"] = True
        self.body.dataset.analysis = "running"
        self.put("analyse", "disabled", True)
        progress = self.EL["analysis-progress"]
        progress.value = 0
        progress.hidden = False
        self.EL["analysis-summary"].textContent = _("Analysing…")
        try:
            module = await self.load_analysis()
            key = self.line_key()
            game = S.live_game().copy()
            positions, movers, phases, moves = [], [], [], []
            while True:
                positions.append(game.position())
                movers.append(game.to_move)
                phases.append(game.phase)
                if len(game.moves) <= S.base:
                    break
                moves.append(str(game.undo()))
            for seq in (positions, movers, phases, moves):
                seq.reverse()
            result = module.Analysis(positions, movers, moves, key, S.base)
            result.unit = _(self.UNITS)
            final = self.final_margin(S.live_game())
            n = len(positions)
            searched = 0  # positions the worker searched (the others came from the cache)
            for i in range(n):
                if self.line_key() != key:
                    self.EL["analysis-summary"].textContent = _("Analysis stopped: the game changed.")
                    return
                if phases[i] == "over":
                    result.set_final(i, final, 0)
                elif phases[i] in self.SCORED_PHASES:
                    answer = module.CACHE.get(positions[i])
                    if answer is None:
                        answer = str(await self.bot.score(self.GAME_KIND, positions[i], self.ANALYSIS_NODES))
                        module.CACHE[positions[i]] = answer
                        searched += 1
                    result.add(i, answer)
                progress.value = int(100 * (i + 1) / n)
            result.fill_forced()
            verdicts = result.verdicts()
            self.analysis["result"] = result
            # Read by the tests: a second analysis of the same line asks the worker nothing.
            self.body.dataset.analysisSearched = str(searched)
            self.analysis["verdicts"] = {S.base + i + 1: v[0] for i, v in verdicts.items()}
            S.better = {S.base + i: v[1] for i, v in verdicts.items()}
            self.EL["analysis-summary"].textContent = result.summary() if any(
                s is not None for s in result.scores) else _(self.NOTHING_SCORED)
        finally:
            self.analysis["running"] = False
            progress.hidden = True
            self.body.dataset.analysis = "done"
            self.redraw()

    def final_margin(self, game):
        """White's final margin of a finished game (White's count minus Black's)."""
        white, black = game.score()
        return white - black

    def on_graph_click(self, event):
        target = event.target
        item = target.closest("[data-ply]") if target and target.closest else None
        if item and self.S.review_to(int(item.getAttribute("data-ply"))):
            self.redraw()

    # -- the bot -----------------------------------------------------------------------------------
    async def bot_turn(self):
        S = self.S
        if self.bot is None or self.bot_state == "busy":
            return  # start_bot() calls back once the worker is ready
        while S.bot_to_move():
            generation = S.generation
            position, level, seed = S.bot_request()
            self.bot_state = "busy"
            self.draw_bot_status()
            token = self.thinking.begin(generation)
            try:
                answer = str(await self.bot.search(self.GAME_KIND, position, level, seed, token,
                                                   self.thinking.name, self.thinking.hold()))
                await window.dvonnBotGate()  # a test may hold the answer here (game_head.html)
                await self.pace()
            finally:
                self.bot_state = "ready"
                self.thinking.end()
            if generation != S.generation:
                continue  # the game changed while the bot thought: ask again if still its turn
            if not self.play_bot_move(move_of(answer), generation):
                return
        self.draw_bot_status()

    async def pace(self):
        """Wait until the last move has been on the board for BOT_PACE_MS (the page keeps responding)."""
        wait = self.shown_at + BOT_PACE_MS - window.performance.now()
        if wait > 0:
            await window.dvonnSleep(int(wait))

    def play_bot_move(self, text, generation):
        """Play the bot's move ``text`` in the game at ``generation`` (dropped if the game moved on).
        False when the move is illegal (said on the page)."""
        S = self.S
        if generation != S.generation:
            return True
        mover = S.game.to_move
        if not S.bot_move(text, generation):
            S.notice = _("The bot suggested an illegal move (%s).") % text[:80]
            self.redraw()
            return False
        self.bot_played(text, mover)
        self.redraw()
        return True

    async def start_bot(self):
        from kernel.bot_live import BotThinking
        self.thinking = BotThinking(self)
        try:
            self.bot = await create_named_worker(src=self.body.dataset.botSrc, name="bot",
                                                 config=self.body.dataset.botConfig)
            self.thinking.live = "live" in str(await self.bot.ping())
            self.bot_state = "ready"
        except Exception as error:  # noqa: BLE001 - shown to the player, the game stays playable
            self.bot_state = "failed"
            self.S.notice = _("The bot could not start: %s") % error
            self.redraw()
            return
        finally:
            window.dvonnRegisterServiceWorker()
        self.draw_bot_status()
        if self.S.bot_to_move():
            await self.bot_turn()

    # -- start -------------------------------------------------------------------------------------
    def listen(self, element, kind, handler):
        deferred.listen(element, kind, handler)  # wired once the page is ready, or at the first input

    def start(self):
        """Wire the page, restore the saved game (then a link), draw, and start the bot."""
        S, EL = self.S, self.EL
        self.wire_board()
        self.listen(window.matchMedia(TURN_QUERY), "change", self.on_layout)
        self.turned = bool(window.matchMedia(TURN_QUERY).matches)
        self.body.dataset.turned = "true" if self.turned else "false"
        for name, handler in (("hint", self.on_hint), ("analyse", self.on_analyse),
                              ("analysis-graph", self.on_graph_click), ("undo", self.on_undo),
                              ("redo", self.on_redo), ("flip", self.on_flip), ("history", self.on_history_click),
                              ("back-to-game", self.on_back_to_game), ("new-game", self.on_new_game),
                              ("play-again", self.on_play_again), ("resign", self.on_resign)):
            self.listen(EL[name], "click", handler)
        steps = (("review-start", "start"), ("review-back", -1), ("review-forward", 1), ("review-end", "end"))
        for name, step in steps:
            self.listen(EL[name], "click", self.on_review(step))
        for side in ("white", "black"):
            self.listen(EL[side + "-player"], "change", self.on_player(side))
        for testid, handler in (("branch-confirm", self.on_branch_confirm), ("branch-cancel", self.on_branch_cancel),
                                ("copy-embed", self.on_copy_embed), ("resign-confirm", self.on_resign_confirm),
                                ("resign-cancel", self.on_resign_cancel)):
            deferred.listen_to(testid, "click", handler)
        self.listen(document, "keydown", self.on_page_key)
        window.onhashchange = create_proxy(self.on_hashchange)
        self.listen(document.querySelector("form.new-game"), "submit", lambda e: e.preventDefault())
        game_io.setup(S, self.persist, self.redraw, self.after_change)
        by_link.setup(self)
        S.new_game(white=EL["white-player"].value, black=EL["black-player"].value, level=EL["level"].value,
                   **self.new_game_options())
        # The saved game first, then a link (which keeps the saved game as the previous one).
        restored = game_io.restore_saved()
        game_io.open_link()
        by_link.open_link()
        refused = address.refused()
        if refused:
            S.notice = (S.notice + " " + refused).strip()
        if restored:
            S.notice = (restored + " " + S.notice).strip()
        game_io.sync_form()
        self.adopt_board()
        self.redraw()
        self.body.dataset.ready = "true"
        asyncio.create_task(self.start_bot())


def move_of(answer):
    """The move of the worker's ``think`` answer ("MOVE SCORE DEPTH NODES"; a move may hold spaces).

    >>> move_of("E3G3 120 4 900"), move_of("b6 c5>f5 f5>i2 -300 2 50")
    ('E3G3', 'b6 c5>f5 f5>i2')
    """
    return answer.rsplit(" ", 3)[0]
