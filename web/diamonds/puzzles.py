"""The Diamonds & Pivots puzzle page (``diamonds-puzzles.html``): the kernel's puzzle page
(``kernel/puzzle_page.py``) with this game's board (a turn built click by click, as on the game
page), the hint's drop, what a wrong turn gives away, and the self-play game a puzzle came from.
Runs on MicroPython.
"""

import asyncio

from diamonds import render
from diamonds.session import Session
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds.board import CELLS
from dvonn_core.diamonds.rules import threats
from kernel.i18n import N_, _, ngettext
from kernel.puzzle_page import Adapter, PuzzlePage

FULL = (1 << len(CELLS)) - 1


class DiamondsPuzzles(Adapter):
    KEY = "diamonds.puzzles"
    ANALYSIS = "diamonds-analysis.html"
    GAME_PAGE = "diamonds.html"
    THEMES = (("capture", N_("Capture")), ("big-capture", N_("Big capture")), ("chain", N_("Chain")),
              ("long-chain", N_("Long chain")), ("blocking", N_("Blocking")), ("pie-rule", N_("Pie rule")))

    def __init__(self):
        Adapter.__init__(self, Session(), render)

    def draw_board(self, page, marks):
        S, turned = self.S, page.turned
        stones, diamonds, chosen = S.stones(), S.diamonds(), S.chosen_diamond()
        all_marks = dict(S.marks())
        for cell, cls in marks.items():
            all_marks[cell] = (all_marks.get(cell, "") + " " + cls).strip()
        page.keyed.forget()  # the diamonds' outlines come with the whole board
        page.keyed.draw(stones, all_marks, S.focus, S.flipped, turned,
                        lambda: render.board_svg(stones, all_marks, S.flipped, S.focus, diamonds, chosen,
                                                 turned=turned))

    def press(self, page, cell, by_key):
        try:
            changed = self.S.activate(cell)
        except ValueError as error:  # never expected: the session only offers legal steps
            page.message = _("That step is not possible: %s") % str(error)[:200]
            return True
        if changed and len(self.S.game.moves) == page.step:
            page.message = self.S.status()
            page.redraw()
        return changed

    def hint_cell(self, move):
        first = move.split(" ")[0]
        return None if first in ("pass", "swap") else first

    def margin_text(self, margin):
        n = int(margin)
        return ngettext("%d stone", "%d stones", n) % n

    def solved_text(self, puzzle, side):
        return _("Only this turn gains at least two stones more than any other, after the best reply.")

    def wrong(self, game, puzzle):
        """The wrong turn's cost (at least the margin) and the cells where the opponent can now complete a
        diamond, marked."""
        black, white = game.bits
        opp = white if game.to_move == "white" else black
        empty = ~(black | white) & FULL
        marks = {}
        t = threats(opp, empty)
        for i in range(len(CELLS)):
            if t >> i & 1:
                marks[CELLS[i]] = "previewed"
        text = _("Not the best turn: after the best reply, it is at least two stones worse than the best.")
        if marks:
            text += " " + _("The marked cells complete a diamond for %s now.") % self.side_name(game.to_move)
        return text + " " + _("Try again."), marks

    def game_link(self, games_text, puzzle):
        seed, ply = puzzle["id"][1:].split(".")
        for line in games_text.split("\n"):
            words = line.split(" ", 1)
            if len(words) == 2 and words[0] == seed:
                game = DiamondsGame()
                game.tags = {"Event": "Self-play, easy bot, seed %s" % seed}
                for turn in words[1].split(","):  # the whole game, shown at the puzzle's move
                    game.play(turn)
                import pyscript

                return "./%s#record=%s&ply=%d" % (self.GAME_PAGE, pyscript.window.encodeURIComponent(game.record()),
                                                  int(ply))
        return None


asyncio.create_task(PuzzlePage(DiamondsPuzzles()).start())
