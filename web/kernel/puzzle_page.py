"""A puzzle page, whatever the game: find the best move in a position from a real game.

Runs on MicroPython on the main thread.  The board is the game's own (its session, its renderer,
the kernel's keyed redraw ``kernel/board_dom.py``); a game's puzzle module (``dvonn/puzzles.py``,
``diamonds/puzzles.py``) gives an :class:`Adapter` with what only it knows: how its board is
drawn, what a click does, where the hint points, what a wrong move gives away, and the link to
the game a puzzle came from.  The puzzles, the day's choice and the rating are
``kernel/puzzles.py``; the set is fetched when the page starts, the source games only when
"See the game" is asked for.
"""

import asyncio

from pyscript import document, fetch, window
from pyscript.ffi import create_proxy

from kernel import address, board_dom, storage
from kernel import puzzles as P
from kernel.i18n import _
from kernel.url import link_value

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any

#: Narrow portrait screens: the board a quarter turn round, as on the game pages (kernel/page.py).
TURN_QUERY = "(max-width: 34rem) and (orientation: portrait)"
#: Seconds before the defence's reply (and between the moves of "Solution").
REPLY_DELAY = 0.5

ELEMENTS = ("puzzle-status", "puzzle-rating", "puzzle-rating-note",
            "puzzle-streak", "puzzle-hint", "puzzle-solution", "puzzle-retry",
            "puzzle-next", "puzzle-daily", "puzzle-theme", "puzzle-difficulty", "puzzle-info", "puzzle-analyse",
            "puzzle-game", "puzzle-share", "puzzle-link", "puzzle-notice")


class Adapter:
    """What a game's puzzle page brings (see the module's docstring)."""

    #: localStorage key of the player's rating and streak.
    KEY = ""
    #: The analysis page and the game page (links after a puzzle).
    ANALYSIS = ""
    GAME_PAGE = ""
    #: The theme ids of the set with their names (N_), as pairs (the theme filter's options are the template's).
    THEMES = ()  # type: tuple

    def __init__(self, session, render):
        self.S = session
        self.render = render

    def draw_board(self, page, marks):
        raise NotImplementedError

    def press(self, page, cell, by_key):
        return self.S.activate(cell)

    def wire(self, page):
        """Listen to more of the board's events (DVONN's hover preview)."""

    def hint_cell(self, move):
        """The cell of the piece to move (DVONN: the stack's cell; Diamonds & Pivots: the drop)."""
        raise NotImplementedError

    def side_name(self, colour):
        return _("White") if colour == "white" else _("Black")

    def margin_text(self, margin):
        """The margin of the file (pieces, stones) in words."""
        raise NotImplementedError

    def solved_text(self, puzzle, side):
        """What the solution achieves, said when the puzzle is done (``side``: the solver's colour's name)."""
        raise NotImplementedError

    def wrong(self, game, puzzle):
        """(text, marks) saying what the wrong move just played in ``game`` gives away."""
        raise NotImplementedError

    def game_link(self, games_text, puzzle):
        """The address of the whole source game shown at the puzzle's move (``#record=...&ply=N``;
        ``games_text``: the source games' file), or None."""
        raise NotImplementedError


class PuzzlePage:
    def __init__(self, adapter):
        self.A = adapter
        self.S = adapter.S
        self.body = document.body
        self.board = document.getElementById("board")
        self.keyed = board_dom.KeyedBoard(self.board, adapter.render)
        self.EL = {}
        for name in ELEMENTS:
            self.EL[name] = document.querySelector('[data-testid="%s"]' % name)
        self.turned = False
        self.lines = []  # the set's lines, parsed on demand (P.lines)
        self.parsed = None  # every puzzle, once the stream needs them
        self.puzzle = None  # type: Any
        self.step = 0  # moves of the solution played
        self.state = "solve"  # solve / wrong / solved
        self.helped = False  # a wrong move, the hint or the solution: the attempt counts as failed
        self.rated = False
        self.hint_on = False
        self.wrong_marks = {}
        self.busy = False  # the defence's reply or the solution is being played
        self.message = ""
        self.daily = False
        self.change = None  # (rating change, the puzzle's rating, solved) of the last rated attempt
        self.games_text = None
        self.hold = False  # a rating that could not be read, nor set aside: not written over
        self.notice = ""
        self.player = self.load_player()

    def load_player(self):
        """The player's saved rating (its size first: no more than :data:`P.MAX_STATE` is read).  One
        that cannot be read is set aside once, with a notice, and a new player's is stored in its
        place: the notice is not shown again on the next load."""
        key = self.A.KEY
        size = storage.size(key)
        if size < 0:
            return dict(P.START)
        player, damaged = P.load_state(None if size > P.MAX_STATE else window.dvonnSafe.get(key))
        if size <= P.MAX_STATE and not damaged:
            return player
        aside = storage.free_aside(key)
        done, dropped = storage.set_aside(key, aside)
        if done and storage.write(key, P.dump_state(player))[0]:
            self.notice = (_("Your saved puzzle rating could not be read; it starts again. The data is kept in this "
                             "browser under \"%s\".") % aside)
        else:
            self.hold = True
            self.notice = _("Your saved puzzle rating could not be read; it starts again.")
        if dropped:
            self.notice += " " + storage.dropped_notice(dropped)
        return player

    # -- drawing ---------------------------------------------------------------------------------
    def marks(self):
        marks = dict(self.wrong_marks)
        if self.hint_on and self.state == "solve" and self.step < len(self.puzzle["solution"]):
            cell = self.A.hint_cell(self.puzzle["solution"][self.step])
            if cell:
                marks[cell] = (marks.get(cell, "") + " hint-from hint").strip()
        return marks

    def redraw(self):
        self.A.draw_board(self, self.marks())
        el = self.EL["puzzle-status"]
        el.textContent = self.message
        el.setAttribute("data-state", self.state)
        self.body.dataset.position = self.S.game.position()
        self.body.dataset.puzzleId = self.puzzle["id"] if self.puzzle else ""
        self.body.dataset.puzzleState = self.state
        p = self.player
        self.EL["puzzle-rating"].textContent = "%d" % round(p["rating"])
        self.EL["puzzle-rating"].setAttribute("title", _("Rating deviation: ±%d") % round(p["rd"]))
        self.EL["puzzle-rating-note"].textContent = self.rating_note()
        self.EL["puzzle-streak"].textContent = _("Streak: %(now)d (best %(best)d)") % {"now": p["streak"],
                                                                                     "best": p["best"]}
        done = self.state == "solved"
        self.EL["puzzle-hint"].disabled = done or self.busy
        self.EL["puzzle-solution"].disabled = done or self.busy
        self.EL["puzzle-retry"].hidden = self.state != "wrong"
        self.EL["puzzle-analyse"].hidden = not done
        self.EL["puzzle-game"].hidden = not done
        if self.puzzle:
            self.EL["puzzle-analyse"].setAttribute(
                "href", "./%s#position=%s" % (self.A.ANALYSIS, self.puzzle["position"]))
            names = dict(self.A.THEMES)
            themes = ", ".join(_(names[t]) for t in self.puzzle["themes"] if t in names)
            info = _("Puzzle %(id)s · rating %(rating)d · %(themes)s") % {
                "id": self.puzzle["id"], "rating": self.puzzle["rating"], "themes": themes or "-"}
            if self.daily:
                info = _("Puzzle of the day") + " · " + info
            self.EL["puzzle-info"].textContent = info
        self.EL["puzzle-notice"].textContent = self.notice
        self.EL["puzzle-notice"].hidden = not self.notice

    # -- a puzzle ----------------------------------------------------------------------------------
    def open(self, puzzle, daily=False):
        self.puzzle = puzzle
        # Shown is remembered, tried or not: "Next puzzle" does not bring it back while the filter has others.
        self.player = P.shown(self.player, puzzle["id"])
        self.save_player()
        self.daily = daily
        self.step = 0
        self.state = "solve"
        self.helped = False
        self.rated = False
        self.hint_on = False
        self.wrong_marks = {}
        self.S.new_game(position=puzzle["position"])
        self.keyed.forget()
        self.solver = self.S.game.to_move
        self.message = self.ask()
        self.EL["puzzle-link"].hidden = True

    def ask(self):
        side = self.A.side_name(self.solver)
        if self.step == 0:
            return _("%s to move: find the best move.") % side
        return _("Right. %s to move: find the next move.") % side

    def rating_note(self):
        """What the last rated attempt did to the rating, and why it moves by so much at first."""
        parts = []
        if self.change is not None:
            change, rating, solved = self.change
            text = (_("%(change)+d: you solved a puzzle rated %(rating)d.") if solved
                    else _("%(change)+d: a puzzle rated %(rating)d was not solved at the first try."))
            parts.append(text % {"change": change, "rating": rating})
        if P.provisional(self.player):
            parts.append(_("Your rating is provisional (±%d): it moves by much more in your first attempts, "
                           "until it knows your level.") % round(self.player["rd"]))
        return " ".join(parts)

    def save_player(self):
        """Store the player's rating and the puzzles shown (not over a rating that could not be set aside); a
        write that fails says so, and what was dropped to make room."""
        if self.hold:
            return
        stored, dropped = storage.write(self.A.KEY, P.dump_state(self.player))
        told = [] if stored else [_("Your puzzle rating could not be saved: this browser's storage is full or "
                                    "disabled.")]
        if dropped:
            told.append(storage.dropped_notice(dropped))
        if told:
            self.notice = " ".join(told)

    def rate(self, solved):
        if self.rated:
            return
        self.rated = True
        before = self.player["rating"]
        self.player = P.record_attempt(self.player, self.puzzle, solved)
        self.change = (round(self.player["rating"]) - round(before), self.puzzle["rating"], solved)
        self.save_player()

    def after_press(self):
        """A move was completed on the board: is it the solution's?"""
        S = self.S
        played = len(S.game.moves)
        if played <= self.step:
            self.redraw()
            return
        expected = self.puzzle["solution"][self.step]
        before = S.game.copy()
        for _i in range(played - self.step):
            before.undo()
        right = before.copy()
        try:
            right.play(expected)
        except ValueError:
            right = None
        if right is not None and right.position() == self.after_one(S.game, played - self.step):
            self.step += 1
            self.hint_on = False
            # A pass the rules forced (DVONN) is the solution's next move already.
            while self.step < played and self.step < len(self.puzzle["solution"]):
                self.step += 1
            self.next_or_done()
        else:
            self.helped = True
            self.rate(False)
            self.state = "wrong"
            text, marks = self.A.wrong(S.game, self.puzzle)
            self.wrong_marks = marks
            self.message = text
        self.redraw()

    def after_one(self, game, extra):
        """The position after the first of the ``extra`` moves last played in ``game``."""
        g = game.copy()
        for _i in range(extra - 1):
            g.undo()
        return g.position()

    def next_or_done(self):
        if self.step >= len(self.puzzle["solution"]):
            self.finish()
        else:
            self.message = _("Right.") + " " + _("%s answers…") % self.A.side_name(self.S.game.to_move)
            self.busy = True
            asyncio.create_task(self.reply())

    async def reply(self):
        await asyncio.sleep(REPLY_DELAY)
        self.S.play(self.puzzle["solution"][self.step])
        self.step += 1
        while self.step < len(self.S.game.moves) and self.step < len(self.puzzle["solution"]):
            self.step += 1
        self.busy = False
        if self.step >= len(self.puzzle["solution"]):
            self.finish()
        else:
            self.message = self.ask()
        self.redraw()

    def finish(self):
        self.state = "solved"
        self.rate(not self.helped)
        text = self.A.solved_text(self.puzzle, self.A.side_name(self.solver))
        self.message = (_("Solved!") if not self.helped else _("Done.")) + " " + text
        played = self.puzzle.get("played")
        if played:
            self.message += " " + _("In the game, %(side)s played %(move)s here instead.") % {
                "side": self.A.side_name(self.solver), "move": played}

    def retry(self):
        """Take the wrong move back: the position of the step before."""
        S = self.S
        while len(S.game.moves) > self.step:
            S.game.undo()
        S.clear_selection()
        S.after_moving(False)
        self.keyed.forget()
        self.wrong_marks = {}
        self.state = "solve"
        self.message = self.ask()

    # -- events -------------------------------------------------------------------------------------
    def on_board_click(self, event):
        cell = board_dom.cell_of(event)
        if cell is not None:
            self.S.focus = cell
            self.press(cell, False)

    def press(self, cell, by_key):
        if self.busy or self.puzzle is None or self.state == "solved":
            return
        if self.state == "wrong":
            self.retry()
        changed = self.A.press(self, cell, by_key)
        if changed:
            self.after_press()

    def on_board_key(self, event):
        S = self.S
        cell = board_dom.cell_of(event)
        if cell is None:
            return
        key = event.key
        if key in ("Enter", " "):
            event.preventDefault()
            S.focus = cell
            self.press(cell, True)
            el = board_dom.cell_element(self.board, S.focus)
            if el:
                el.focus()
        elif key == "Escape":
            if S.deselect():
                self.redraw()
        elif key in self.A.render.KEY_STEPS:
            event.preventDefault()
            c = self.keyed.move_focus(cell, key, S.flipped, self.turned)
            if c is not None:
                S.focus = c

    def on_hint(self, event):
        if self.state == "wrong":
            self.retry()
        self.hint_on = True
        self.helped = True
        self.message = _("Hint: move the marked piece.")
        self.redraw()

    def on_solution(self, event):
        if self.busy or self.state == "solved":
            return
        self.helped = True
        self.rate(False)
        if self.state == "wrong":
            self.retry()
        self.hint_on = False
        self.busy = True
        asyncio.create_task(self.play_solution())

    async def play_solution(self):
        sol = self.puzzle["solution"]
        while self.step < len(sol):
            self.message = _("Solution: %s") % sol[self.step]
            self.S.play(sol[self.step])
            self.step += 1
            while self.step < len(self.S.game.moves) and self.step < len(sol):
                self.step += 1
            self.redraw()
            await asyncio.sleep(REPLY_DELAY * 2)
        self.busy = False
        self.finish()
        self.message = _("The solution: %s.") % " · ".join(sol) + " " + self.message
        self.redraw()

    def on_retry(self, event):
        self.retry()
        self.redraw()

    def filters(self):
        return self.EL["puzzle-theme"].value, self.EL["puzzle-difficulty"].value

    def on_next(self, event=None):
        theme, difficulty = self.filters()
        if self.parsed is None:
            self.parsed = P.parse("\n".join(self.lines))
        p = P.pick(self.parsed, self.player, theme, difficulty, self.puzzle["id"] if self.puzzle else "")
        if p is None:
            self.notice = _("No puzzle has that theme.")
        else:
            self.notice = ""
            self.open(p)
        self.redraw()

    def today(self):
        d = window.Date.new()
        return P.parse_line(P.daily(self.lines, int(d.getFullYear()), int(d.getMonth()) + 1, int(d.getDate())))

    def on_daily(self, event=None):
        self.notice = ""
        self.open(self.today(), daily=True)
        self.redraw()

    def on_share(self, event):
        url = str(window.location.origin) + str(window.location.pathname) + "#id=" + self.puzzle["id"]
        box = self.EL["puzzle-link"]
        box.value = url
        box.hidden = False
        box.focus()
        box.select()
        try:
            copied = bool(document.execCommand("copy"))
        except Exception:  # noqa: BLE001 - no clipboard: the box shows the link
            copied = False
        self.notice = _("Link copied: it opens this puzzle.") if copied else _("Copy the link from the box.")
        self.redraw()

    async def see_game(self):
        if self.games_text is None:
            # The source games are not precached (issue 45: 0.23 MB of a first visit): the service worker keeps
            # them once fetched.  Offline before that, a notice, and the puzzle stays as it is.
            try:
                response = await fetch(self.body.dataset.gamesSrc)
                if not response.ok:
                    raise OSError(response.status)
                self.games_text = await response.text()
            except Exception:  # noqa: BLE001 - offline, or the host failed: the same for the player
                self.notice = _("The game of this puzzle could not be loaded: the first time, it needs a connection.")
                self.redraw()
                return
        url = self.A.game_link(self.games_text, self.puzzle)
        if url:
            window.location.href = url

    def on_game(self, event):
        event.preventDefault()
        asyncio.create_task(self.see_game())

    def open_hash(self):
        """Open the puzzle ``#id=<id>``; whether there was one (a bad id gets a notice)."""
        text = str(window.dvonnSafe.hashStart(40))
        if not text.startswith("#id="):
            return False
        pid = str(window.dvonnSafe.decode(link_value(text, "#id=")) or "")
        line = P.line_of(self.lines, pid)
        p = P.parse_line(line) if line is not None else None
        if p is None:
            self.notice = _("There is no puzzle %s in this set: here is the puzzle of the day.") % pid[:20]
            return False
        self.open(p, daily=p["id"] == self.today()["id"])
        return True

    def on_hashchange(self, event):
        if self.open_hash():
            self.notice = ""
        self.notice = address.refused() or self.notice  # an address too long, dropped unread
        self.redraw()

    def on_layout(self, event=None):
        turned = bool(window.matchMedia(TURN_QUERY).matches)
        self.body.dataset.turned = "true" if turned else "false"
        if turned != self.turned:
            self.turned = turned
            self.keyed.forget()
            if self.puzzle:
                self.redraw()

    def offer_themes(self):
        """The theme filter offers the themes that have puzzles, each with its count (the build's counts)."""
        select = self.EL["puzzle-theme"]
        counts = P.theme_counts(str(select.dataset.counts or ""))
        for option in list(select.options):
            value = str(option.value)
            if not value:
                continue
            if value in counts:
                option.textContent = "%s (%d)" % (str(option.textContent), counts[value])
            else:
                option.remove()

    def listen(self, element, kind, handler):
        element.addEventListener(kind, create_proxy(handler))

    async def start(self):
        self.listen(self.board, "click", self.on_board_click)
        self.listen(self.board, "keydown", self.on_board_key)
        self.A.wire(self)
        for name, handler in (("puzzle-hint", self.on_hint), ("puzzle-solution", self.on_solution),
                              ("puzzle-retry", self.on_retry), ("puzzle-next", self.on_next),
                              ("puzzle-daily", self.on_daily), ("puzzle-share", self.on_share),
                              ("puzzle-game", self.on_game)):
            self.listen(self.EL[name], "click", handler)
        for name in ("puzzle-theme", "puzzle-difficulty"):
            self.listen(self.EL[name], "change", self.on_next)
        self.offer_themes()
        self.listen(window.matchMedia(TURN_QUERY), "change", self.on_layout)
        self.on_layout()
        window.onhashchange = create_proxy(self.on_hashchange)
        self.lines = P.lines(str(await fetch(self.body.dataset.puzzlesSrc).text()))
        if not self.open_hash():
            self.open(self.today(), daily=True)
        self.notice = address.refused() or self.notice  # an address too long, dropped unread
        self.redraw()
        self.body.dataset.ready = "true"
