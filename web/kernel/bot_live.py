"""The bot's search while it thinks, on a game page: the progress line under the board (depth
reached, best move so far, seconds) and "Move now".

Runs on MicroPython on the main thread, which never waits on the worker: the worker's live search
(``kernel/bot_worker.py``, ``search``) posts its progress on a ``BroadcastChannel`` named by this
page, each report carrying the token of its search, and a report of any other search (one already
stopped, another tab's) is dropped.  "Move now", a new game and an undo call the worker's ``stop``
with the token: the search answers at once with its best move so far, and the page plays it or,
when the game moved on, drops it.  Where the worker cannot be stopped (a browser without
WebAssembly stack switching), "Move now" plays the best move reported so far itself.

The tests' hook: ``body.dataset.holdBot = "true"`` makes the bot search without a clock until
"Move now" (so a test decides when the bot moves, never racing it).
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from kernel.i18n import _

#: A move longer than this (a Diamonds & Pivots turn of many pivots) is cut in the progress line.
SHOWN_MOVE = 40


class BotThinking:
    """The page's side of the bot's live search (``page``: the ``GamePage``)."""

    def __init__(self, page):
        self.page = page
        self.box = document.querySelector('[data-testid="bot-thinking"]')
        self.line = document.querySelector('[data-testid="bot-progress"]')
        self.button = document.querySelector('[data-testid="move-now"]')
        self.name = "bot-progress-%d" % int(window.Math.floor(window.Math.random() * 1000000000))
        self.channel = window.BroadcastChannel.new(self.name)
        self.channel.onmessage = create_proxy(self.on_message)
        self.button.addEventListener("click", create_proxy(self.on_move_now))
        self.live = False  # whether the worker stops a search on request (its ping says "live")
        self.count = 0
        self.token = None  # the search under way, if any
        self.generation = None  # the session's generation it searches for
        self.side = None  # the colour it searches a move of
        self.progress = None  # its last report
        self.text = None  # the line on screen

    def hold(self):
        """Whether the tests hold the bot (see the module's docstring)."""
        # getAttribute: MicroPython raises on a dataset key the element does not have.
        return self.page.body.getAttribute("data-hold-bot") == "true"

    def begin(self, generation):
        """A search starts for the session at ``generation``: its token."""
        self.count += 1
        self.token = "%s-%d" % (self.name, self.count)
        self.generation = generation
        self.side = self.page.S.game.to_move
        self.progress = None
        self.draw()
        self.box.hidden = False
        self.button.disabled = False
        self.page.body.dataset.botThinking = "true"
        return self.token

    def end(self):
        """The search answered."""
        self.token = None
        self.progress = None
        self.box.hidden = True
        self.page.body.dataset.botThinking = "false"

    def stop(self):
        """Ask the worker to stop the search under way (it answers with its best move so far)."""
        if self.token is not None and self.page.bot is not None:
            self.page.bot.stop(self.token)  # not awaited: its answer is the search's own
            self.button.disabled = True

    def stale(self):
        """Stop the search under way if the game moved on since it began (a new game, an undo), or if
        the side it searches for was handed to a player in the form (its answer would be dropped)."""
        S = self.page.S
        if self.token is not None and (self.generation != S.generation or S.players.get(self.side) != "bot"):
            self.stop()

    def on_message(self, event):
        try:
            report = json.loads(str(event.data))
        except ValueError:
            return
        if not isinstance(report, dict) or report.get("token") != self.token:
            return  # a search already over, or another page's
        self.progress = report
        self.draw()

    def draw(self):
        report = self.progress
        if not report or not report.get("move"):
            text = _("The bot is thinking…")
        else:
            move = str(report["move"])
            if len(move) > SHOWN_MOVE:
                move = move[:SHOWN_MOVE - 1] + "…"
            text = _("Depth %(depth)d, best move so far %(move)s, %(seconds)d s") % {
                "depth": int(report.get("depth") or 0), "move": move, "seconds": int(report.get("seconds") or 0)}
        if text != self.text:
            self.text = text
            self.line.textContent = text

    def on_move_now(self, event):
        if self.token is None:
            return
        if self.live:
            self.stop()
            return
        # The worker cannot be stopped: play the best move it reported (its answer will be dropped).
        report = self.progress
        if report and report.get("move"):
            self.page.play_bot_move(str(report["move"]), self.generation)
