"""The DVONN game page: the page kernel (``kernel/page.py``) with DVONN's board and panel.

Runs on MicroPython on the main thread.  What only DVONN's page does is here: the board drawn
(and turned a quarter round on a narrow portrait screen, so cells stay >= 44 CSS px), the
clicks, taps, hover previews and keys on it, the scores and the pieces left to place, and the
random setup of the new-game form.  Everything else (review, hint, analysis, saving, links,
records, the bot) is the kernel's.
"""


from dvonn import board_dom, persist, render
from dvonn.session import Session
from kernel.page import GamePage


class DvonnPage(GamePage):
    NOTHING_SCORED = "No stack move to score yet."  # placement positions are not scored
    MORE_ELEMENTS = ("reserve-white", "reserve-black", "random-setup")

    def __init__(self):
        GamePage.__init__(self, Session(), persist)
        self.drawn = {}  # what the board shows, cell by cell (board_dom.draw_board redraws what changed)
        self.pointer = "mouse"

    # -- drawing -------------------------------------------------------------------------------
    def draw_board(self):
        S = self.S
        overlay = ""
        if S.vanishing:
            overlay = render.vanish_svg(S.vanishing, S.flipped, self.turned)
            S.vanishing = {}
        if self.drawn.get("view") != (S.flipped, self.turned):
            self.board.setAttribute("viewBox", render.viewbox(self.turned))
        board_dom.draw_board(self.board, self.drawn, S.stacks(), S.marks(), S.focus, S.flipped, self.turned, overlay)

    def draw_more(self):
        reserves = self.S.reserves()
        for colour in ("white", "black"):
            dvonn, own = reserves[colour]
            text = ""
            if dvonn or own:
                text = "%d to place" % own
                if dvonn:
                    text += " + %d DVONN" % dvonn
            self.put("reserve-" + colour, "textContent", text)

    def history_prefix(self):
        S = self.S
        return ['<li class="setup">Random setup (seed %d)</li>' % S.seed] if S.random_setup else []

    def adopt_board(self):
        S = self.S
        if not self.turned:
            board_dom.adopt(self.board, self.drawn, S.stacks(), S.marks(), S.focus)  # pre-rendered by build.py

    def new_game_options(self):
        return {"random_setup": bool(self.EL["random-setup"].checked)}

    def on_new_game(self, event):
        self.drawn.clear()  # a new game draws the whole board
        GamePage.on_new_game(self, event)

    def embed_snippet(self, base, position, flip):
        return render.embed_snippet(base, position, flip=flip)

    # -- the board's events ------------------------------------------------------------------------
    def refocus(self):
        cell = board_dom.cell_element(self.board, self.S.focus)
        if cell:
            cell.focus()

    def on_pointerdown(self, event):
        self.pointer = event.pointerType or "mouse"

    def on_click(self, event):
        cell = board_dom.cell_of(event)
        if cell is None:
            return
        self.S.focus = cell
        if self.S.activate(cell, confirmed=self.pointer == "mouse"):
            self.after_change()

    def on_hover(self, event):
        """Hover preview without a full redraw: mark the cells the move would remove."""
        if self.pointer != "mouse" and event.type != "mouseover":
            return
        S = self.S
        if S.hover(board_dom.cell_of(event)):
            board_dom.show_preview(self.board, S.preview, S.doomed())
            self.put("status", "textContent", S.status())

    def on_keydown(self, event):
        S = self.S
        cell = board_dom.cell_of(event)
        if cell is None:
            return
        key = event.key
        if key in ("Enter", " "):
            event.preventDefault()
            S.focus = cell
            if S.activate(cell, confirmed=False):
                self.after_change()
                self.refocus()
            return
        if key == "Escape":
            S.deselect()
            self.redraw()
            self.refocus()
            return
        if key not in render.KEY_STEPS:
            return
        event.preventDefault()
        c = board_dom.move_focus(self.board, cell, key, S.flipped, self.turned)
        if c is not None:
            S.focus = c

    def wire_board(self):
        for kind, handler in (("click", self.on_click), ("pointerdown", self.on_pointerdown),
                              ("mouseover", self.on_hover), ("keydown", self.on_keydown)):
            self.listen(self.board, kind, handler)


DvonnPage().start()
