"""The Diamonds & Pivots game page: the page kernel (``kernel/page.py``) with this game's board.

Runs on MicroPython on the main thread.  What only this page does is here: the board drawn
cell by cell (a keyed diff against what it shows), the clicks and keys that build a turn (a
drop, then each pivot), the pass, swap and confirm buttons, the scores and the bot's notices
for a pass or a swap.  Everything else (review, hint, analysis, saving, links, records, the
bot) is the kernel's.  On a narrow portrait screen (a phone held upright) the board is drawn a
quarter turn round, so that its cells stay >= 44 CSS px, as DVONN's.
"""


from diamonds import persist, render
from diamonds.session import Session
from kernel.page import GamePage
from kernel.url import iframe, quote

#: Narrow portrait screens (phones) get the board a quarter turn round (as DVONN's page, and the


class DiamondsPage(GamePage):
    BOT_MOVE = "diamonds_move"
    BOT_THINK = "diamonds_think"
    SCORED_PHASES = ("play",)
    UNITS = "stones"
    MORE_ELEMENTS = ("pass", "swap", "confirm")
    SCORE_ORDER = ("black", "white")  # session.score(): (black, white), as the library's

    def __init__(self):
        GamePage.__init__(self, Session(), persist)
        self.drawn = {"key": self.board.getAttribute("data-drawn")}  # render.board_key of what the board shows

    # -- drawing -------------------------------------------------------------------------------
    def view(self):
        S = self.S
        return (S.stones(), S.marks(), S.flipped, S.focus, S.diamonds(), S.chosen_diamond(), self.turned)

    def draw_board(self):
        view = self.view()
        key = render.board_key(*view)
        if key != self.drawn["key"]:  # the board changed
            self.draw_cells(*view)
            self.drawn["key"] = key
        elif "cells" not in self.drawn:  # the board build.py drew (upright), showing this game: keep it
            self.record_board(*view)

    def record_board(self, stones, marks, flipped, focus, diamonds, chosen, turned):
        """Note in ``drawn`` that the whole board shows these arguments of ``render.board_svg``."""
        self.drawn["view"] = (flipped, turned)
        self.drawn["cells"] = {cell: cell_state(stones, marks, focus, cell) for cell in render.CELLS}
        self.drawn["outlines"] = (diamonds, chosen)

    def draw_cells(self, stones, marks, flipped, focus, diamonds, chosen, turned):
        """Only the cells that changed, and the outlines if they did: a keyed diff against
        ``drawn``, what the board shows (issue 12: the whole board cost 5-20 ms a click).  The whole
        board the first time and when it flips or turns; the result is the DOM a full redraw gives."""
        board, drawn = self.board, self.drawn
        cells = drawn.get("cells")
        changed = []
        stoned = 0  # cells whose stone changed
        if cells is not None:
            for cell in render.CELLS:
                now = cell_state(stones, marks, focus, cell)
                if cells[cell] != now:
                    changed.append((cell, now))
                    stoned += cells[cell][0] != now[0]
        # One innerHTML is quicker past a dozen new stones (an undo of several turns) or thirty
        # cells (a turn begins or ends: every empty cell gets or loses its mark).
        if cells is None or drawn.get("view") != (flipped, turned) or stoned > 12 or len(changed) > 30:
            board.setAttribute("viewBox", render.viewbox(turned))
            board.innerHTML = render.board_svg(stones, marks, flipped, focus, diamonds, chosen, turned=turned)
            self.record_board(stones, marks, flipped, focus, diamonds, chosen, turned)
            return
        for cell, now in changed:
            was, cells[cell] = cells[cell], now
            el = board.querySelector('[data-cell="%s"]' % cell)
            if was[0] == now[0]:
                # Only its marks or its focus changed (a pivot chosen, its targets, a line
                # previewed): its attributes, where new markup would be parsed (issue 12).
                el.setAttribute("class", render.cell_class(now[0], now[1]))
                el.setAttribute("aria-label", render.announce(cell, now[0], now[1] or ""))
                if was[2] != now[2]:
                    el.setAttribute("tabindex", "0" if now[2] else "-1")
            else:
                el.outerHTML = render.cell_svg(cell, now[0], now[1], now[2], flipped, turned=turned)
        if drawn["outlines"] != (diamonds, chosen):
            drawn["outlines"] = (diamonds, chosen)
            for el in board.querySelectorAll("polygon.diamond"):
                el.remove()
            scene = board.firstElementChild  # render.SCENE, where board_svg draws the outlines too
            scene.insertAdjacentHTML("beforeend", render.outlines_svg(diamonds, chosen, flipped, turned))

    def draw_more(self):
        S = self.S
        human = S.human_to_move() and not S.pending
        self.put("pass", "disabled", not human or S.in_turn())
        self.put("swap", "hidden", not (human and S.game.can_swap and not S.in_turn()))
        self.put("confirm", "hidden", S.picked() is None)
        self.put("data", "turn", str(S.turn.move()) if S.in_turn() else "")

    def final_margin(self, game):
        black, white = game.score()
        return white - black

    def embed_snippet(self, base, position, flip):
        url = base + "embed.html?game=diamonds&position=" + quote(position) + ("&flip=1" if flip else "")
        # The board (469 x 395 in its viewBox) at 480 px wide, then its controls.
        return iframe(url, 480, 480 * 395 // 469 + 40, "Diamonds and Pivots board")

    def bot_played(self, text, mover):
        if text == "pass":
            self.S.notice = "%s (bot) passed." % render.capital(mover)
        elif text == "swap":
            self.S.notice = ("The bot swapped sides (the pie rule): you now play White and move next; "
                             "the bot plays Black.")

    # -- the board's events ------------------------------------------------------------------------
    def refocus(self):
        cell = self.board.querySelector('[data-cell="%s"]' % self.S.focus)
        if cell:
            cell.focus()

    def act(self, cell):
        try:
            changed = self.S.activate(cell)
        except ValueError as error:  # never expected: the session only offers legal steps
            self.S.notice = "That step is not possible: %s" % str(error)[:200]
            changed = True
        if changed:
            self.after_change()

    def on_click(self, event):
        cell = cell_of(event)
        if cell is not None:
            self.S.focus = cell
            self.act(cell)

    def on_keydown(self, event):
        S = self.S
        cell = cell_of(event)
        if cell is None:
            return
        key = event.key
        if key in ("Enter", " "):
            event.preventDefault()
            S.focus = cell
            self.act(cell)
            self.refocus()
            return
        if key == "Escape":
            if S.deselect():
                self.redraw()
                self.refocus()
            return
        c = render.next_cell(cell, key, S.flipped, self.turned)
        if c is None:
            return
        event.preventDefault()
        for el in self.board.querySelectorAll('[tabindex="0"]'):
            el.setAttribute("tabindex", "-1")
        target = self.board.querySelector('[data-cell="%s"]' % c)
        target.setAttribute("tabindex", "0")
        target.focus()
        S.focus = c

    def on_button(self, action):
        def handler(event):
            if action():
                self.after_change()
        return handler

    def wire_board(self):
        self.listen(self.board, "click", self.on_click)
        self.listen(self.board, "keydown", self.on_keydown)
        for name, action in (("pass", self.S.pass_turn), ("swap", self.S.swap), ("confirm", self.S.confirm)):
            self.listen(self.EL[name], "click", self.on_button(action))


def cell_state(stones, marks, focus, cell):
    """What one cell shows: its stone, its marks and whether it is in the tab order."""
    return stones.get(cell, ""), marks.get(cell), cell == focus


def cell_of(event):
    target = event.target
    el = target.closest("[data-cell]") if target and target.closest else None
    return el.getAttribute("data-cell") if el else None


DiamondsPage().start()
