"""The DVONN game page: the page kernel (``kernel/page.py``) with DVONN's board and panel.

Runs on MicroPython on the main thread.  What only DVONN's page does is here: the board drawn
(and turned a quarter round on a narrow portrait screen, so cells stay >= 44 CSS px), the
clicks, taps, hover previews and keys on it, the scores and the pieces left to place, and the
random setup of the new-game form.  Everything else (review, hint, analysis, saving, links,
records, the bot) is the kernel's.
"""


from dvonn import persist, render
from dvonn.session import Session
from kernel import board_dom
from kernel.i18n import N_, _
from kernel.page import GamePage


class DvonnPage(GamePage):
    NOTHING_SCORED = N_("No stack move to score yet.")  # placement positions are not scored
    MORE_ELEMENTS = ("reserve-white", "reserve-black", "random-setup")

    def __init__(self):
        GamePage.__init__(self, Session(), persist, render)
        self.pointer = "mouse"

    # -- drawing -------------------------------------------------------------------------------
    def draw_board(self):
        S = self.S
        stacks, marks, overlay = S.stacks(), S.marks(), ""
        if S.vanishing:  # the stacks a move removed, fading out over the board
            overlay = render.vanish_svg(S.vanishing, S.flipped, self.turned)
            S.vanishing = {}
        self.keyed.draw(stacks, marks, S.focus, S.flipped, self.turned,
                        lambda: render.board_svg(stacks, marks, S.flipped, S.focus, self.turned), overlay=overlay)

    def draw_more(self):
        reserves = self.S.reserves()
        for colour in ("white", "black"):
            dvonn, own = reserves[colour]
            text = ""
            if dvonn or own:
                text = _("%d to place") % own
                if dvonn:
                    text += " + %d DVONN" % dvonn
            self.put("reserve-" + colour, "textContent", text)

    def history_prefix(self):
        S = self.S
        return ['<li class="setup">%s</li>' % (_("Random setup (seed %d)") % S.seed)] if S.random_setup else []

    def adopt_board(self):
        S = self.S
        if not self.turned:  # pre-rendered upright by build.py
            self.keyed.adopt(render.board_key(S.stacks(), S.marks(), S.focus), S.stacks(), S.marks())

    def new_game_options(self):
        return {"random_setup": bool(self.EL["random-setup"].checked)}

    def on_new_game(self, event):
        self.keyed.forget()  # a new game draws the whole board
        GamePage.on_new_game(self, event)

    def embed_snippet(self, base, position, flip):
        return render.embed_snippet(base, position, flip=flip)

    # -- the board's events ------------------------------------------------------------------------
    def press(self, cell, by_key):
        # A mouse click plays a move at once; a tap or a key first previews what it would remove.
        return self.S.activate(cell, confirmed=not by_key and self.pointer == "mouse")

    def on_pointerdown(self, event):
        self.pointer = event.pointerType or "mouse"

    def on_hover(self, event):
        """Hover preview without a redraw: mark the cells the move would remove."""
        if self.pointer != "mouse" and event.type != "mouseover":
            return
        S = self.S
        if S.hover(board_dom.cell_of(event)):
            board_dom.show_preview(self.board, S.preview, S.doomed())
            self.put("status", "textContent", S.status())

    def wire_board(self):
        GamePage.wire_board(self)
        self.listen(self.board, "pointerdown", self.on_pointerdown)
        self.listen(self.board, "mouseover", self.on_hover)


DvonnPage().start()
