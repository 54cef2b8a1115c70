"""The Diamonds & Pivots game page: the page kernel (``kernel/page.py``) with this game's board.

Runs on MicroPython on the main thread.  What only this page does is here: what the board
shows (stones, marks, the diamonds' outlines), what a click on a cell does in a turn (a drop,
then each pivot), the pass, swap and confirm buttons, the scores and the bot's notices for a pass
or a swap.  Everything else (the keyed redraw of the cells, keyboard play, review, hint, analysis,
saving, links, records, the bot) is the kernel's.  On a narrow portrait screen (a phone held
upright) the board is drawn a quarter turn round, so that its cells stay >= 44 CSS px, as DVONN's.
"""


from diamonds import persist, render
from diamonds.outlined import OutlinedBoard
from diamonds.session import Session
from kernel import board_dom
from kernel.i18n import N_, _
from kernel.page import GamePage
from kernel.url import iframe, quote


class DiamondsPage(GamePage):
    GAME_KIND = "diamonds"
    ANALYSIS_NODES = 1500  # a node here is a whole turn, its chains generated: dearer than DVONN's
    EXACT_NODES = 0  # no exact solver (dvonn_core/diamonds/study.py says why)
    SCORED_PHASES = ("play",)
    UNITS = N_("stones")
    MORE_ELEMENTS = ("pass", "swap", "confirm")
    EDITOR_PAGE = "diamonds-editor.html"
    ANALYSIS_PAGE = "diamonds-analysis.html"
    SCORE_ORDER = ("black", "white")  # session.score(): (black, white), as the library's

    def __init__(self):
        GamePage.__init__(self, Session(), persist, render)
        # The cells and the diamonds' outlines, as on the documentation boards (the kernel's keyed board).
        self.outlined = OutlinedBoard(self.board)
        self.keyed = self.outlined
        self.input = board_dom.BoardInput(self.keyed, self)

    # -- drawing -------------------------------------------------------------------------------
    def draw_board(self):
        S = self.S
        self.outlined.show(S.stones(), S.marks(), S.focus, S.flipped, self.turned, S.diamonds(), S.chosen_diamond())

    def adopt_board(self):
        S = self.S
        if not self.turned:  # pre-rendered upright by build.py
            self.outlined.adopt_drawn(S.stones(), S.marks(), S.flipped, S.focus, S.diamonds(), S.chosen_diamond())

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
            self.S.notice = _("White (bot) passed.") if mover == "white" else _("Black (bot) passed.")
        elif text == "swap":
            self.S.notice = _("The bot swapped sides (the pie rule): you now play White and move next; "
                               "the bot plays Black.")

    # -- the board's events ------------------------------------------------------------------------
    def press(self, cell, by_key):
        try:
            return self.S.activate(cell)
        except ValueError as error:  # never expected: the session only offers legal steps
            self.S.notice = _("That step is not possible: %s") % str(error)[:200]
            return True

    def on_button(self, action):
        def handler(event):
            if action():
                self.after_change()
        return handler

    def wire_board(self):
        GamePage.wire_board(self)
        for name, action in (("pass", self.S.pass_turn), ("swap", self.S.swap), ("confirm", self.S.confirm)):
            self.listen(self.EL[name], "click", self.on_button(action))


DiamondsPage().start()
