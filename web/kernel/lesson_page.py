"""A lessons page, whatever the game (issue 55): a path of lessons, each a few tasks on a board set up
for it, every try judged by the rules core at once, stars and progress kept in the browser.

Runs on MicroPython on the main thread.  The lessons come with the page, translated at build time
(``sitebuild/lessons.py``: the game's lesson file, checked, as JSON in ``#lesson-data``); the logic
without the DOM is ``kernel/lessons.py`` (parsing, a task being played, stars, progress); a game's
page module gives an :class:`Adapter` with its board, its clicks and its rules (``dvonn/learn.py``,
``diamonds/learn.py``).

``?lesson=<id>&task=<n>`` opens a task; with ``embed=1`` (the embed pages send ``lesson=`` here) the
page shows that task alone, for an ``<iframe>`` in a rules page.
"""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from kernel import address, board_dom, storage
from kernel import lessons as L
from kernel.i18n import _
from kernel.url import parse_query

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any

#: Seconds before the fixed reply of a task with several goals.
REPLY_DELAY = 0.6
ELEMENTS = ("lesson-notice", "lesson-title", "task-text", "task-verdict", "task-check", "task-retry",
            "task-solution", "task-next", "task-count", "lesson-path")


class Adapter:
    """What a game's lessons page brings."""

    #: localStorage key of the progress.
    KEY = ""
    #: The cell in the keyboard's tab order at the start.
    START_FOCUS = ""

    def __init__(self, rules, render):
        self.rules = rules  # the no-DOM rules adapter of kernel/lessons.py
        self.render = render

    def open(self, page, game):
        """A task's game is on the board (a new task, a retry, a reply)."""

    def draw(self, page, marks):
        """Draw ``page.run.game`` (and the try being built) with the page's ``marks``."""
        raise NotImplementedError

    def press(self, page, cell):
        """A click or Enter on ``cell`` while a move goal waits: a try's text to judge, or None (the
        adapter changed its selection; the page redraws)."""
        raise NotImplementedError

    def escape(self):
        return False

    def position(self, page):
        """The position on the board (``body.dataset.position``)."""
        raise NotImplementedError

    def cells_of(self, move):
        """The cells a move's text names (marked when the solution is shown)."""
        raise NotImplementedError

    def wire(self, page):
        """The game's own buttons (Diamonds & Pivots: swap, pass, undo a step)."""


class LessonPage:
    def __init__(self, adapter):
        self.A = adapter
        self.body = document.body
        self.board = document.getElementById("board")
        self.keyed = board_dom.KeyedBoard(self.board, adapter.render)
        self.EL = {}
        for name in ELEMENTS:
            self.EL[name] = document.querySelector('[data-testid="%s"]' % name)
        self.lessons = json.loads(str(document.getElementById("lesson-data").textContent))
        self.lesson = 0
        self.task = 0
        self.run = None  # type: Any
        self.mistakes = 0  # of the lesson being played
        self.taps = []  # the cells tapped (a tap goal)
        self.shown = None  # the try on the board: (verdict, game after it) until the next press
        self.solution_marks = {}
        self.verdict = ("", "")
        self.busy = False
        self.focus = adapter.START_FOCUS
        self.turned = False
        self.embedded = False
        self.finished_text = ""
        self.path_drawn = ""
        self.tries = 0  # tries judged on this page (body.dataset.tries: a test waits for the next verdict)
        ids = [lesson["id"] for lesson in self.lessons]
        self.notice = ""
        self.hold = False  # progress that could not be read, nor set aside: not written over
        self.progress = self.load_progress(adapter.KEY, ids)

    def load_progress(self, key, ids):
        """The saved progress, its size first (at most ``L.MAX_PROGRESS`` is read).  Progress that cannot
        be read is moved aside unread, once (kernel/storage.py), and the lessons start afresh."""
        size = storage.size(key)
        progress, damaged = L.load_progress(
            None if size < 0 or size > L.MAX_PROGRESS else window.dvonnSafe.get(key), ids)
        if size <= L.MAX_PROGRESS and not damaged:
            return progress
        done, dropped = storage.set_aside(key, storage.free_aside(key))
        if done:
            self.notice = _("Your saved lesson progress could not be read; it was set aside, and the lessons start "
                            "afresh.")
        else:
            self.hold = True
            self.notice = _("Your saved lesson progress could not be read, nor set aside: it is kept as it is, and "
                            "the lessons start afresh without saving.")
        if dropped:
            self.notice += " " + storage.dropped_notice(dropped)
        return progress

    # -- the path --------------------------------------------------------------------------------
    def draw_path(self):
        items = []
        here = self.lessons[self.lesson]["id"]
        for i, lesson in enumerate(self.lessons):
            stars = self.progress["stars"].get(lesson["id"], 0)
            current = ' aria-current="step"' if lesson["id"] == here else ""
            label = _("%(title)s: %(stars)d of 3 stars") % {"title": lesson["title"], "stars": stars}
            items.append('<li><button type="button" data-testid="lesson" data-lesson="%s" data-stars="%d"%s '
                         'aria-label="%s"><span>%d. %s</span><span class="stars" aria-hidden="true">%s</span>'
                         '</button></li>' % (lesson["id"], stars, current, escape(label), i + 1,
                                             escape(lesson["title"]), "★" * stars + "☆" * (3 - stars)))
        markup = "".join(items)
        if markup != self.path_drawn:  # (a redraw of the same path would take the keyboard focus off it)
            self.path_drawn = markup
            self.EL["lesson-path"].innerHTML = markup

    # -- a task ------------------------------------------------------------------------------------
    def open(self, lesson, task):
        if task == 0 or lesson != self.lesson:
            self.mistakes = 0
        self.lesson, self.task = lesson, task
        self.run = L.Run(self.A.rules, self.lessons[lesson]["tasks"][task])
        self.taps = []
        self.shown = None
        self.solution_marks = {}
        self.verdict = ("", "")
        self.finished_text = ""
        self.keyed.forget()
        self.A.open(self, self.run.game)

    def tapping(self):
        return self.A.rules.taps(self.run.goal())

    def marks(self):
        marks = dict(self.solution_marks)
        for cell in self.taps:
            marks[cell] = (marks.get(cell, "") + " tapped").strip()
        return marks

    def redraw(self):
        lesson = self.lessons[self.lesson]
        run = self.run
        self.A.draw(self, self.marks())
        self.EL["lesson-title"].textContent = _("Lesson %(n)d: %(title)s") % {"n": self.lesson + 1,
                                                                              "title": lesson["title"]}
        self.EL["task-text"].textContent = run.task["text"]
        verdict = self.EL["task-verdict"]
        verdict.setAttribute("data-verdict", self.verdict[0])
        verdict.textContent = self.verdict[1] + ((" " + self.finished_text) if self.finished_text else "")
        self.EL["task-check"].hidden = not self.tapping() or run.done
        self.EL["task-retry"].hidden = self.shown is None
        self.EL["task-solution"].disabled = not run.may_show_solution() or self.busy
        self.EL["task-next"].disabled = not run.done
        last = self.task + 1 >= len(lesson["tasks"])
        self.EL["task-next"].textContent = (_("Next lesson") if last and self.lesson + 1 < len(self.lessons)
                                            else _("Next task") if not last else _("Back to the first lesson"))
        self.EL["task-count"].textContent = _("Task %(n)d of %(of)d · mistakes in this lesson: %(m)d") % {
            "n": self.task + 1, "of": len(lesson["tasks"]), "m": self.mistakes}
        self.EL["lesson-notice"].textContent = self.notice
        self.EL["lesson-notice"].hidden = not self.notice
        self.body.dataset.position = self.A.position(self)
        self.body.dataset.lesson = lesson["id"]
        self.body.dataset.task = str(self.task + 1)
        self.draw_path()

    # -- tries -------------------------------------------------------------------------------------
    def judge(self, answer):
        run = self.run
        verdict, text, after = run.judge(answer)
        self.tries += 1
        self.body.dataset.tries = str(self.tries)
        self.taps = []  # a check answers the cells tapped: the next try starts from none
        self.verdict = (verdict, text)
        self.solution_marks = {}
        if verdict != "ok":
            self.mistakes += 1
            if after is not None:
                self.shown = (verdict, after)  # the wrong move stays on the board until the next press
            if run.may_show_solution():
                text += " " + _("You may see the solution now.")
                self.verdict = (verdict, text)
            if after is not None:
                self.A.open(self, after)
            # A refused step leaves the board as it was: a turn being built keeps its steps (nothing lost).
        else:
            self.A.open(self, run.game)
            if run.done:
                self.finish_task()
            else:
                self.busy = True
                asyncio.create_task(self.reply())
        self.redraw()

    async def reply(self):
        await asyncio.sleep(REPLY_DELAY)
        move = self.run.reply()
        self.busy = False
        self.verdict = ("ok", self.verdict[1] + " " + _("The answer: %s. Your move.") % move)
        self.A.open(self, self.run.game)
        self.redraw()

    def finish_task(self):
        lesson = self.lessons[self.lesson]
        if self.task + 1 >= len(lesson["tasks"]):
            earned = L.stars(self.mistakes)
            self.progress = L.record(self.progress, lesson["id"], earned)
            stored, dropped = (False, []) if self.hold else storage.write(self.A.KEY, L.dump_progress(self.progress))
            if not stored:
                self.notice = _("Your progress could not be saved in this browser.")
            if dropped:
                self.notice = (self.notice + " " + storage.dropped_notice(dropped)).strip()
            self.finished_text = _("Lesson done: %(stars)d of 3 stars.") % {"stars": earned}

    def take_back(self):
        """The try shown on the board goes: the task's position again."""
        self.shown = None
        self.A.open(self, self.run.game)

    def press(self, cell, by_key):
        run = self.run
        if run is None or run.done or self.busy:
            return False
        if self.shown is not None:
            self.take_back()
        if self.tapping():
            if cell in self.taps:
                self.taps.remove(cell)
            else:
                self.taps.append(cell)
            return True
        answer = self.A.press(self, cell)
        if answer is not None:
            self.judge(answer)
            return False  # judge() redrew
        return True

    def pressed(self, by_key):
        self.redraw()

    def view(self):
        return False, self.turned

    def escape(self):
        if self.A.escape():
            self.redraw()
            return True
        return False

    def try_move(self, answer):
        """A try from the game's own buttons (swap, pass)."""
        if self.run is None or self.run.done or self.busy:
            return
        if self.shown is not None:
            self.take_back()
        self.judge(answer)

    # -- buttons -----------------------------------------------------------------------------------
    def on_check(self, event):
        if self.run and not self.run.done and self.tapping():
            self.judge(list(self.taps))

    def on_retry(self, event):
        self.take_back()
        self.verdict = ("", "")
        self.redraw()

    def on_solution(self, event):
        run = self.run
        if not run.may_show_solution():
            return
        if not run.solution_shown:
            run.solution_shown = True
            self.mistakes += 2
        if self.shown is not None:
            self.take_back()
        answer = run.solution()
        marks = {}
        if isinstance(answer, list):
            for cell in answer:
                marks[cell] = "solution"
            said = " ".join(answer)
        else:
            for cell in self.A.cells_of(answer):
                marks[cell] = "solution"
            said = answer
        self.solution_marks = marks
        self.verdict = ("", _("The solution: %s. Now play it.") % said if not isinstance(answer, list)
                        else _("The solution: %s. Now tap them and press Check.") % said)
        self.redraw()

    def on_next(self, event):
        if not self.run or not self.run.done:
            return
        lesson = self.lessons[self.lesson]
        if self.task + 1 < len(lesson["tasks"]):
            self.open(self.lesson, self.task + 1)
        elif self.lesson + 1 < len(self.lessons):
            self.open(self.lesson + 1, 0)
        else:
            self.open(0, 0)
        self.redraw()

    def on_path(self, event):
        target = event.target
        button = target.closest("[data-lesson]") if target and target.closest else None
        if button is None:
            return
        lesson_id = button.getAttribute("data-lesson")
        for i, lesson in enumerate(self.lessons):
            if lesson["id"] == lesson_id:
                self.open(i, 0)
                self.mistakes = 0
                self.redraw()
                document.getElementById("lesson-title").scrollIntoView()
                return

    def on_layout(self, event=None):
        turned = bool(window.matchMedia(board_dom.TURN_QUERY).matches)
        self.body.dataset.turned = "true" if turned else "false"
        if turned != self.turned:
            self.turned = turned
            self.keyed.forget()
            if self.run is not None:
                self.redraw()

    def listen(self, element, kind, handler):
        element.addEventListener(kind, create_proxy(handler))

    def start_at(self):
        """The lesson and task to open: the address's ``lesson=`` and ``task=``, else where the path is."""
        query = parse_query(str(window.location.search or "")[:200])
        self.embedded = query.get("embed") == "1"
        if self.embedded:
            self.body.classList.add("embedded")
        wanted = query.get("lesson", "")
        if wanted:
            found = L.find(self.lessons, wanted, query.get("task", ""))
            if isinstance(found, str):
                self.notice = found
            else:
                return found
        elif query.get("task"):
            self.notice = _("A task is named by its lesson too: lesson=…&task=….")
        at = L.next_lesson(self.lessons, self.progress)
        for i, lesson in enumerate(self.lessons):
            if lesson["id"] == at:
                return i, 0
        return 0, 0

    async def start(self):
        board_input = board_dom.BoardInput(self.keyed, self)
        board_input.wire(self.board, self.listen)
        self.A.wire(self)
        for name, handler in (("task-check", self.on_check), ("task-retry", self.on_retry),
                              ("task-solution", self.on_solution), ("task-next", self.on_next),
                              ("lesson-path", self.on_path)):
            self.listen(self.EL[name], "click", handler)
        self.listen(window.matchMedia(board_dom.TURN_QUERY), "change", self.on_layout)
        self.on_layout()
        lesson, task = self.start_at()
        self.notice = address.refused() or self.notice  # an address too long, dropped unread
        self.open(lesson, task)
        self.redraw()
        self.body.dataset.tries = "0"
        self.body.dataset.ready = "true"


def escape(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
