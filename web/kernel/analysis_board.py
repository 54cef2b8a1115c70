"""The analysis board of any game (``analysis.html``, ``diamonds-analysis.html``): the bot in the
worker searches the position on screen without a clock, and the page shows as it deepens the
evaluation (in pieces or stones, from White's view), an evaluation bar, the depth and the best line,
with the best move marked on the board.  The moves played here can be copied as a record, opened as
a game, or embedded (the ``<iframe>`` of the game's embed page, at the move on screen).

Runs on MicroPython on the main thread, which never waits on the worker.  Moves are played on the
board for either side through the game's own session (both players human), so the board takes its
clicks and keys from ``kernel/board_dom.BoardInput`` as every board does.  Each search has a token;
a move (or Back, Forward, a move of the best line) asks the worker to stop the search under way
(``bot_worker.stop``) and starts one on the new position at once; the reports of any other token
are dropped.  The game brings an adapter (``dvonn/analysis.py``, ``diamonds/analysis.py``): its
session, how its board is drawn, what a press on a cell does, and its pages' names.

Test hooks: ``body.dataset.position``, ``body.dataset.ready``, ``body.dataset.analysing`` ("true"
while the worker searches the position on screen), ``body.dataset.depth`` and ``body.dataset.line``
(the best line's moves, space-separated, for the position on screen); ``body.dataset.firstReportAt``
(``performance.now()`` of the first evaluation of the position on screen (depth 1), for the figures),
``body.dataset.nodes`` and ``body.dataset.seconds`` (the nodes and seconds of its last report).
``body.dataset.analysisDepth`` (set by a test before a search starts): each search ends once it has
done that depth, so that a test reads a best line that no longer changes.
"""

import asyncio
import json

from pyscript import create_named_worker, document, window
from pyscript.ffi import create_proxy

from kernel import address, board_dom, reasons
from kernel.i18n import _, decimal
from kernel.url import link_value, quote
from study.exact_marks import escape, marks_html

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any

#: Narrow portrait screens: the board a quarter turn round, as on the game page (kernel/page.py).
TURN_QUERY = "(max-width: 34rem) and (orientation: portrait)"
#: The longest position text read from the address (as the editor's bound).
MAX_TEXT = 1000
#: The evaluation bar is full at this margin (in pieces or stones).
BAR_SPAN = 8.0


def _el(testid):
    return document.querySelector('[data-testid="%s"]' % testid)


#: The worker reports a finished game found by the search as its final margin times 100 plus or minus
#: this (kernel/bot_worker.py, ``think``).
DECIDED = 5000


def number(value):
    """An evaluation (pieces or stones, White's view) as the page shows it: every evaluation shown
    goes through here (the one place to change its format).

    >>> number(1.25), number(-0.5), number(0.0)
    ('+1.25', '-0.50', '0.00')
    """
    return decimal(value, 2, sign=True)


def white_view(score, to_move):
    """The worker's score (hundredths, for the side to move; "-" for none) from White's view, in
    pieces, as text and as a number (None for none).  A finished game found by the search is its
    final margin.

    >>> white_view("125", "black"), white_view("-", "white"), white_view("0", "white")
    (('-1.25', -1.25), ('-', None), ('0.00', 0.0))
    >>> white_view("5600", "black"), white_view("-5300", "white")
    (('-6.00', -6.0), ('-3.00', -3.0))
    """
    if score in (None, "", "-"):
        return "-", None
    points = int(score)
    if points >= DECIDED:
        points -= DECIDED
    elif points <= -DECIDED:
        points += DECIDED
    value = points / 100.0
    if to_move == "black":
        value = -value
    return number(value), value


class AnalysisBoard:
    """The analysis page over a game's adapter ``A`` (see the module's docstring)."""

    def __init__(self, adapter):
        self.A = adapter
        self.S = adapter.session
        self.svg = document.getElementById("board")
        self.keyed = adapter.keyed_board(self.svg)
        self.input = board_dom.BoardInput(self.keyed, self)
        self.turned = False
        self.bot = None  # type: Any  # the worker, once loaded
        self.live = False
        self.name = "analysis-%d" % int(window.Math.floor(window.Math.random() * 1000000000))
        self.channel = window.BroadcastChannel.new(self.name)
        self.count = 0
        self.token = None  # the search of the position on screen
        self.searched = None  # that position
        self.report = None  # its last report
        self.finished = False  # whether that search ended (its final report came)
        self.line = []  # the best line's moves, for the position on screen
        self.lines = []  # the report's lines ({move, score, line}), for the position on screen
        self.exact = []  # the exact solver's moves ({move, outcome, margin}), when it reached
        self.multipv = 3  # the lines asked for (the analysis-multipv choice)
        self.played = None  # a move played here that was none of the lines: (position after, move, best line)
        self.written = {}
        self.proxies = []
        self.refused = ""

    # -- the board's input (kernel/board_dom.BoardInput) --------------------------------------------
    @property
    def focus(self):
        return self.S.focus

    @focus.setter
    def focus(self, cell):
        self.S.focus = cell

    def view(self):
        return self.S.flipped, self.turned

    def press(self, cell, by_key):
        return self.A.press(self.S, cell)

    def pressed(self, by_key):
        self.changed()

    def escape(self):
        if self.S.deselect():
            self.redraw()
            return True
        return False

    # -- drawing -------------------------------------------------------------------------------------
    def put(self, testid, prop, value):
        """``el.prop = value`` unless it already holds it (each DOM call costs time)."""
        key = (testid, prop)
        if self.written.get(key, self.put) == value:
            return
        self.written[key] = value
        if testid == "body":
            setattr(document.body.dataset, prop, value)
        else:
            setattr(_el(testid), prop, value)

    def redraw(self):
        S = self.S
        position = S.game.position()
        if self.line and self.searched == position:
            S.hint, S.hint_position = self.line[0], position
        else:
            S.hint = None
        self.A.draw(self, S)
        self.put("status", "textContent", S.status())
        self.put("notice", "textContent", (self.refused + " " + S.notice).strip())
        self.put("notice", "hidden", not (self.refused or S.notice))
        self.put("analysis-back", "disabled", not S.can_undo())
        self.put("analysis-forward", "disabled", not S.can_redo())
        self.put("body", "position", position)
        record = S.game.record()
        self.put("analysis-record", "value", record)
        self.put("analysis-open-game", "href", self.A.GAME_PAGE + "#record=" + quote(record))
        ahead = self.ahead()
        moves = record + "\n" + ",".join(ahead)
        if self.written.get("embedded") != moves:  # the snippet is made only when the moves change
            self.written["embedded"] = moves
            self.put("analysis-embed", "value", self.A.embed_snippet(self.base(), S, ahead))
        self.draw_report()

    def draw_report(self):
        report = self.report or {}
        to_move = self.S.game.to_move
        text, value = white_view(report.get("score"), to_move)
        if self.S.over():
            text, value = self.A.final(self.S.game)
        self.put("analysis-eval", "textContent", text if report or self.S.over() else "…")
        share = 50.0 if value is None else 50.0 + 50.0 * max(-BAR_SPAN, min(BAR_SPAN, value)) / BAR_SPAN
        bar = _el("eval-bar")
        if self.written.get(("bar", "drawn")) != share:
            self.written[("bar", "drawn")] = share
            bar.firstElementChild.style.height = "%.1f%%" % share
            bar.setAttribute("aria-label", _("Evaluation bar: %s for White") % text)
        depth = int(report.get("depth") or 0)
        self.put("analysis-depth", "textContent", str(depth))
        self.put("body", "depth", str(depth))
        self.draw_line()
        self.draw_lines(to_move, text, value)
        analysing = self.token is not None and not self.finished and not self.S.over()
        self.put("body", "analysing", "true" if analysing else "false")
        state = ""
        if self.bot is None:
            state = _("The bot is loading…")
        elif self.S.over():
            state = _("The game is over in this position.")
        elif analysing:
            state = _("Searching…")
        elif self.finished:
            state = _("The search is complete.")
        self.put("analysis-state", "textContent", state)

    def draw_line(self):
        key = " ".join(self.line)
        if self.written.get("line") == key:
            return
        self.written["line"] = key
        items = []
        for i, move in enumerate(self.line):
            items.append('<li><button type="button" class="line-move" data-ply="%d" title="%s">%s</button></li>'
                         % (i, _("Show the position this move leads to"), self.A.shown_move(move)))
        _el("analysis-line").innerHTML = "".join(items)
        document.body.dataset.line = key

    def draw_lines(self, to_move, shown, value):
        """The lines (``analysis-lines``), the exact moves (``analysis-endgame``) and the move played
        here that was none of the lines (``analysis-played``); ``shown``: the evaluation shown, ``value`` its
        number (None for none)."""
        key = json.dumps([self.lines, self.exact, to_move])
        if self.written.get("lines") != key:
            self.written["lines"] = key
            items = []
            for k, entry in enumerate(self.lines):
                text, value = white_view(entry.get("score"), to_move)
                buttons = "".join('<button type="button" class="line-move" data-pv="%d" data-ply="%d" title="%s">%s'
                                  '</button>' % (k, i, _("Show the position this move leads to"),
                                                 escape(self.A.shown_move(move)))
                                  for i, move in enumerate(entry.get("line") or [entry.get("move")]))
                # data-eval is a test hook and a number for programs: a point in every language.
                evaluation = 'data-eval=""' if value is None else 'data-eval="%.2f"' % value
                items.append('<li data-move="%s" %s><span class="pv-eval">%s</span> %s</li>'
                             % (escape(entry.get("move")), evaluation, text, buttons))
            _el("analysis-lines").innerHTML = "".join(items)
            _el("analysis-endgame").innerHTML = marks_html(self.exact, self.A.shown_move) if self.exact else ""
        played = self.played
        if played is not None and played[0] == self.S.game.position() and self.report:
            best = played[2]
            text = _("Your move %(move)s was none of the lines: it leads to %(eval)s; the best, %(best)s, "
                     "to %(best_eval)s.") % {"move": self.A.shown_move(played[1]), "eval": shown,
                                             "best": self.A.shown_move(best[0]), "best_eval": best[1]}
            self.put("analysis-played", "textContent", text)
            self.put("analysis-played", "hidden", False)
            _el("analysis-played").setAttribute("data-move", played[1])
            _el("analysis-played").setAttribute("data-eval", "" if value is None else "%.2f" % value)
        else:
            self.put("analysis-played", "hidden", True)

    # -- the search ------------------------------------------------------------------------------------
    def changed(self):
        """The position on screen may have changed: redraw, and search it if it did."""
        position = self.S.game.position()
        if position != self.searched:
            self.note_played(position)
        self.redraw()
        if position != self.searched:
            self.search()

    def note_played(self, position):
        """A move just played here that was none of the lines of the position before it is kept, with
        the best line's move and evaluation, to be shown with its own evaluation (the search of the
        position it leads to)."""
        game = self.S.game
        self.played = None
        if not self.lines or not game.moves:
            return
        move = str(game.moves[-1])
        if move in [str(entry.get("move")) for entry in self.lines]:
            return
        before = game.copy()
        before.undo()
        if before.position() != self.searched:
            return
        best = self.lines[0]
        self.played = (position, move, (str(best.get("move")), white_view(best.get("score"), before.to_move)[0]))

    def search(self):
        """Stop the search under way and start one of the position on screen."""
        if self.token is not None and self.bot is not None:
            self.bot.stop(self.token)  # not awaited: its answer is dropped
        self.token = None
        self.report = None
        self.finished = False
        self.line = []
        self.lines = []
        self.exact = []
        self.searched = self.S.game.position()
        if self.bot is None or self.S.over():
            self.redraw()
            return
        self.count += 1
        self.token = "%s-%d" % (self.name, self.count)
        document.body.dataset.searchStarted = str(window.performance.now())
        self.redraw()
        asyncio.create_task(self.run(self.token, self.searched))

    async def run(self, token, position):
        try:
            most = document.body.getAttribute("data-analysis-depth")  # a test's bound (see the docstring)
            await self.bot.analyse(self.A.GAME_KIND, position, token, self.name, int(most) if most else 0,
                                   self.multipv)
        except Exception as error:  # noqa: BLE001 - said on the page; the board stays usable
            if token == self.token:
                self.refused = _("The bot could not analyse this position: %s") % str(error)[:200]
        if token == self.token:  # it ended by itself (a game over) or failed
            self.token = None
            self.redraw()

    def on_message(self, event):
        try:
            report = json.loads(str(event.data))
        except ValueError:
            return
        if not isinstance(report, dict) or report.get("token") != self.token or self.token is None:
            return  # a search of a position already left, or another page's
        if report.get("depth") and not (self.report or {}).get("depth"):  # the figures: its first evaluation
            document.body.dataset.firstReportAt = str(window.performance.now())
        self.report = report
        self.finished = bool(report.get("final"))
        line = [str(m) for m in report.get("line") or []]
        if not line and report.get("move"):
            line = [str(report["move"])]
        self.line = line
        self.lines = [entry for entry in report.get("lines") or [] if isinstance(entry, dict)]
        self.exact = [entry for entry in report.get("exact") or [] if isinstance(entry, dict)]
        document.body.dataset.reportedAt = str(window.performance.now())
        document.body.dataset.nodes = str(report.get("nodes") or 0)  # the figures: nodes a second
        document.body.dataset.seconds = str(report.get("seconds") or 0)
        self.redraw()

    # -- events ------------------------------------------------------------------------------------
    def listen(self, element, kind, handler):
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        element.addEventListener(kind, proxy)

    def on_back(self, event):
        if self.S.undo():
            self.changed()

    def on_forward(self, event):
        if self.S.redo():
            self.changed()

    def on_flip(self, event):
        self.S.flip()
        self.redraw()

    def on_multipv(self, event):
        self.multipv = int(_el("analysis-multipv").value)
        self.search()

    def on_line(self, event):
        target = event.target
        button = target.closest("[data-ply]") if target and target.closest else None
        if not button:
            return
        line = self.line
        if button.hasAttribute("data-pv"):  # a move of one of the lines
            k = int(button.getAttribute("data-pv"))
            line = [str(m) for m in self.lines[k].get("line") or []] if k < len(self.lines) else []
        moves = line[:int(button.getAttribute("data-ply")) + 1]
        for move in moves:
            if not self.S.play(move):
                self.refused = _("The move %s of the best line could not be played.") % move[:80]
                break
        self.changed()

    def ahead(self):
        """The moves taken back with Back, in the order Forward plays them again."""
        out = []
        for group in reversed(self.S.redo_stack):
            out.extend([str(text) for text in group])
        return out

    def base(self):
        """The site's address (this page's folder), for the embed code."""
        page = str(window.location.href).split("#")[0].split("?")[0]
        return page[:page.rfind("/") + 1]

    def on_copy(self, field, done, fallback):
        def handler(event):
            box = _el(field)
            box.focus()
            box.select()
            try:
                copied = bool(document.execCommand("copy"))
            except Exception:  # noqa: BLE001 - no clipboard: the field shows the text
                copied = False
            self.S.notice = done if copied else fallback
            self.redraw()
        return handler

    def on_layout(self, event=None):
        turned = bool(window.matchMedia(TURN_QUERY).matches)
        document.body.dataset.turned = "true" if turned else "false"
        if turned != self.turned:
            self.turned = turned
            self.redraw()

    def on_hashchange(self, event):
        refused = address.refused()  # an address too long, dropped unread: the board stays
        if refused:
            self.refused = refused
            self.redraw()
        elif self.open_link():
            self.changed()

    def open_link(self):
        """Open the address's ``#position=``; whether the board changed.  A position that does not
        read leaves the board as it was and says why."""
        start = str(window.dvonnSafe.hashStart(10))
        if start != "#position=":
            return False
        size = int(window.dvonnSafe.hashLength())
        if size > MAX_TEXT:
            self.refused = _("The position in the address has %(size)d characters; a position has at most "
                             "%(most)d. The board is unchanged.") % {"size": size, "most": MAX_TEXT}
            return False
        text = window.dvonnSafe.decode(link_value(str(window.location.hash), "#position="))
        if text is None:
            self.refused = _("The position in the address is damaged (a %%-escape in it is not valid).") % ()
            return False
        try:
            self.S.new_game(position=str(text))
        except ValueError as error:
            self.refused = _("%(what)s cannot be read, so the board is unchanged: %(why)s") % {
                "what": _("The position in the address"), "why": reasons.say(error)}
            return False
        self.refused = ""
        self.keyed.forget()
        return True

    async def start_bot(self):
        try:
            self.bot = await create_named_worker(src=document.body.dataset.botSrc, name="bot",
                                                 config=document.body.dataset.botConfig)
            self.live = "live" in str(await self.bot.ping())
        except Exception as error:  # noqa: BLE001 - said on the page; the board stays usable
            self.refused = _("The bot could not start: %s") % error
            self.redraw()
            return
        finally:
            window.dvonnRegisterServiceWorker()
        self.search()

    def start(self):
        """Wire the page, open the address's position (else the game's start), draw, start the bot."""
        self.input.wire(self.svg, self.listen)
        self.channel.onmessage = create_proxy(self.on_message)
        for testid, handler in (("analysis-back", self.on_back), ("analysis-forward", self.on_forward),
                                ("flip", self.on_flip), ("analysis-line", self.on_line),
                                ("analysis-lines", self.on_line),
                                ("copy-record", self.on_copy("analysis-record", _("Record copied."),
                                                             _("Copy the record from its field."))),
                                ("copy-embed", self.on_copy("analysis-embed",
                                                            _("Embed code copied: paste it into your page."),
                                                            _("Copy the embed code from its field.")))):
            self.listen(_el(testid), "click", handler)
        self.listen(_el("analysis-multipv"), "change", self.on_multipv)
        self.A.wire(self)
        window.onhashchange = create_proxy(self.on_hashchange)
        self.listen(window.matchMedia(TURN_QUERY), "change", self.on_layout)
        self.turned = bool(window.matchMedia(TURN_QUERY).matches)
        document.body.dataset.turned = "true" if self.turned else "false"
        self.open_link()
        self.refused = address.refused() or self.refused  # an address too long, dropped unread
        self.searched = self.S.game.position()
        self.redraw()
        document.body.dataset.ready = "true"
        asyncio.create_task(self.start_bot())
