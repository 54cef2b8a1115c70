"""Diamonds & Pivots' lessons page (``diamonds-learn.html``, issue 55): the kernel's lessons page
(``kernel/lesson_page.py``) with this game's board and a turn built click by click as on the game page
(the session of ``diamonds/session.py``: a drop, a pivot, the far end of its line and that end again).
A step the rules refuse is not ignored but judged: a drop on a stone, a stone that cannot pivot, a line
end that is not one; ``Swap sides`` and ``Pass`` are tries too (``diamonds/lessons.py``).  Runs on
MicroPython.
"""

import asyncio

from pyscript import document
from pyscript.ffi import create_proxy

from diamonds import render
from diamonds.lessons import Rules
from diamonds.session import Session
from dvonn_core.diamonds.board import CELLS
from kernel.lesson_page import Adapter, LessonPage


class DiamondsLessons(Adapter):
    KEY = "diamonds.lessons"
    START_FOCUS = "e5"

    def __init__(self):
        Adapter.__init__(self, Rules(), render)
        self.S = Session()
        self.proxies = []

    def open(self, page, game):
        self.S.new_game(position=game.position())
        page.keyed.forget()

    def position(self, page):
        return self.S.game.position()

    def cells_of(self, move):
        return [word.split(">")[-1] for word in move.split(" ") if word not in ("swap", "pass")]

    def draw(self, page, marks):
        S, turned = self.S, page.turned
        stones, diamonds, chosen = S.stones(), S.diamonds(), S.chosen_diamond()
        live = page.shown is None and not page.run.done and not page.tapping()
        all_marks = dict(S.marks()) if live else {}
        for cell, cls in marks.items():
            all_marks[cell] = (all_marks.get(cell, "") + " " + cls).strip()
        page.keyed.forget()  # the diamonds' outlines come with the whole board
        page.keyed.draw(stones, all_marks, page.focus, False, turned,
                        lambda: render.board_svg(stones, all_marks, False, page.focus, diamonds, chosen,
                                                 turned=turned))
        document.querySelector('[data-testid="turn-undo"]').hidden = S.turn is None

    def so_far(self, turn):
        """The turn ``turn`` built so far, as text (the drop and the pivots laid down)."""
        return " ".join([CELLS[turn.cell]] + [str(p) for p in turn.pivots])

    def press(self, page, cell):
        S = self.S
        turn = S.turn
        if turn is None:
            if S.game.stone(cell):
                return cell  # a drop on a stone: the core says why not
        elif S.pivot is None:
            if cell not in S.pivot_cells():
                return self.so_far(turn) + " %s>%s" % (cell, cell)  # not a stone that can pivot
        elif cell != S.pivot and cell not in S.targets() and cell not in S.pivot_cells():
            partners = S.partners(S.pivot)
            name = str(S.pivot) + ("/%s" % S.partner if len(partners) > 1 else "")
            return self.so_far(turn) + " %s>%s" % (name, cell)  # not the far end of a line
        played = len(S.game.moves)
        S.activate(cell)
        if len(S.game.moves) > played:  # the turn is whole: judged, not kept
            move = str(S.game.undo())
            return move
        return None

    def escape(self):
        S = self.S
        if S.pivot is not None:
            S.deselect()
            return True
        if S.turn is not None:
            S.clear_selection()
            return True
        return False

    def wire(self, page):
        def on_swap(event):
            page.try_move("swap")

        def on_pass(event):
            page.try_move("pass")

        def on_undo(event):
            if self.S.undo():
                page.redraw()

        for name, handler in (("swap", on_swap), ("pass", on_pass), ("turn-undo", on_undo)):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            document.querySelector('[data-testid="%s"]' % name).addEventListener("click", proxy)


asyncio.create_task(LessonPage(DiamondsLessons()).start())
