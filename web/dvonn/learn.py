"""DVONN's lessons page (``learn.html``, issue 55): the kernel's lessons page
(``kernel/lesson_page.py``) with DVONN's board and clicks.  A try is made as on the game page (pick a
stack, then the cell it goes to; a placement is a click on a cell), except that any stack may be
picked and sent anywhere: the rules core judges the try and says which rule refuses it
(``dvonn/lessons.py``).  Runs on MicroPython.
"""

import asyncio

from dvonn import choice, render
from dvonn.lessons import Rules
from dvonn.render import mark_selection, mark_turn
from kernel.lesson_page import Adapter, LessonPage

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict


class DvonnLessons(Adapter):
    KEY = "dvonn.lessons"
    START_FOCUS = "F3"

    def __init__(self):
        Adapter.__init__(self, Rules(), render)
        self.game = None  # type: Any  # the game on the board (the task's, or after a try)
        self.selected = None

    def open(self, page, game):
        self.game = game
        self.selected = None

    def position(self, page):
        return self.game.position()

    def cells_of(self, move):
        return [move[:2], move[2:4]] if len(move) == 4 else [move[:2]]

    def draw(self, page, marks):
        game = self.game
        stacks = {cell: game.stack(cell) for cell in render.CELLS}
        all_marks = {}  # type: Dict[str, str]
        live = page.shown is None and not page.run.done and not page.tapping()
        if live:
            mark_turn(all_marks, game, True, choice.movable(game) if game.phase == "movement" else [])
            if self.selected:
                mark_selection(all_marks, self.selected, choice.targets(game, self.selected), None, ())
        for cell, cls in marks.items():
            all_marks[cell] = (all_marks.get(cell, "") + " " + cls).strip()
        page.keyed.draw(stacks, all_marks, page.focus, False, page.turned,
                        lambda: render.board_svg(stacks, all_marks, False, page.focus, page.turned))

    def press(self, page, cell):
        game = self.game
        if game.phase != "movement":
            return cell  # a placement (or a try on a game that is over): the core judges it
        if self.selected is None:
            if not game.stack(cell):
                return None  # nothing to pick up there
            self.selected = cell
            return None
        if cell == self.selected:
            self.selected = None
            return None
        targets = choice.targets(game, self.selected)
        if cell not in targets and cell in choice.movable(game):
            self.selected = cell  # another stack of yours: picked instead
            return None
        move = self.selected + cell
        self.selected = None
        return move

    def escape(self):
        picked = self.selected is not None
        self.selected = None
        return picked


asyncio.create_task(LessonPage(DvonnLessons()).start())
