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
(``performance.now()`` of the first evaluation of the position on screen (depth 1), for the figures).
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


def white_view(score, to_move):
    """The worker's score (hundredths, for the side to move; "-" for none) from White's view, in
    pieces, as text and as a number (None for none).

    >>> white_view("125", "black"), white_view("-", "white"), white_view("0", "white")
    (('-1.25', -1.25), ('-', None), ('0.00', 0.0))
    """
    if score in (None, "", "-"):
        return "-", None
    value = int(score) / 100.0
    if to_move == "black":
        value = -value
    return decimal(value, 2, sign=True), value


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

    # -- the search ------------------------------------------------------------------------------------
    def changed(self):
        """The position on screen may have changed: redraw, and search it if it did."""
        self.redraw()
        position = self.S.game.position()
        if position != self.searched:
            self.search()

    def search(self):
        """Stop the search under way and start one of the position on screen."""
        if self.token is not None and self.bot is not None:
            self.bot.stop(self.token)  # not awaited: its answer is dropped
        self.token = None
        self.report = None
        self.finished = False
        self.line = []
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
            await self.bot.analyse(self.A.GAME_KIND, position, token, self.name, int(most) if most else 0)
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
        document.body.dataset.reportedAt = str(window.performance.now())
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

    def on_line(self, event):
        target = event.target
        button = target.closest("[data-ply]") if target and target.closest else None
        if not button:
            return
        moves = self.line[:int(button.getAttribute("data-ply")) + 1]
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
                                ("copy-record", self.on_copy("analysis-record", _("Record copied."),
                                                             _("Copy the record from its field."))),
                                ("copy-embed", self.on_copy("analysis-embed",
                                                            _("Embed code copied: paste it into your page."),
                                                            _("Copy the embed code from its field.")))):
            self.listen(_el(testid), "click", handler)
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
