"""The lessons pages' logic, whatever the game (issue 55): the lesson file, a task being played, the
stars and the progress kept in the browser.  No DOM; runs on MicroPython and CPython alike
(``tests/test_lessons.py``).

A game's lessons are one text file at the repository's root (``lessons/dvonn.txt``,
``lessons/diamonds.txt``), read by :func:`parse`::

    lesson moving                      # a lesson: its id (letters, digits, -)
    title: Moving a stack its height   # what the path shows
    rules: moving                      # the rules page's section it teaches (its id)

    task
    text: Move the white stack of three: it must land exactly three cells away.
    position: 9-3D6-4bwW2B3-3DWBD3-9.w
    goal: lands H3                     # what a try must do (the game's rules adapter reads it)
    reply: C3D3                        # a fixed answer of the other side, then the next goal
    goal: wins
    done: Right: ...                   # optional, shown when the task is done

A line starting with blanks goes on with the line before; ``#`` starts a comment.  Every try is
judged by the game's adapter (``dvonn/lessons.py``, ``diamonds/lessons.py``: ``Rules``), which asks
the rules core; :func:`check` runs the adapter's checks over every task at build time, so that a bad
entry fails the build naming its lesson and task.

>>> ls = parse("lesson a\\ntitle: A\\nrules: x\\n\\ntask\\ntext: Do it\\n  now.\\nposition: P\\ngoal: move E3\\n")
>>> ls[0]["id"], ls[0]["tasks"][0]["text"], ls[0]["tasks"][0]["goals"]
('a', 'Do it now.', ['move E3'])
>>> stars(0), stars(2), stars(5)
(3, 2, 1)
"""

from kernel.i18n import _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict, List

#: The progress kept in localStorage: its format's version.
VERSION = 1
#: Fewer tasks or more in a lesson is refused (the issue: 3 to 6 tasks a lesson).
MIN_TASKS = 3
MAX_TASKS = 6
#: Failed tries on a task before its solution may be shown.
TRIES_BEFORE_SOLUTION = 2
LESSON_KEYS = ("title", "rules")
TASK_KEYS = ("text", "position", "goal", "reply", "done")


class LessonError(ValueError):
    """A lesson file that cannot be used: the message names the line, or the lesson and the task."""


def _is_id(word):
    return bool(word) and all(c.isalpha() or c.isdigit() or c == "-" for c in word)


def parse(text):
    """The lessons of a lesson file, in order (see the module's docstring); ``LessonError`` names the
    line of anything it cannot read."""
    lessons = []  # type: List[Dict[str, Any]]
    entry = None  # type: Any  # the lesson or task the key lines go to
    last = None  # the key of the line before (a continuation adds to it)
    number = 0
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.split(" #")[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line.strip():
            last = None if not line else last
            continue
        if line[0] in " \t":
            if entry is None or last is None:
                raise LessonError("line %d: a continued line follows nothing" % number)
            if last == "goal" or last == "reply":
                raise LessonError("line %d: a goal or a reply is one line" % number)
            entry[last] = (entry[last] + " " + line.strip()).strip()
            continue
        word = line.split()[0]
        if word == "lesson":
            name = line[len(word):].strip()
            if not _is_id(name) or any(lesson["id"] == name for lesson in lessons):
                raise LessonError("line %d: a lesson needs a new id of letters, digits and -, not %r" % (number, name))
            entry = {"id": name, "title": "", "rules": "", "tasks": []}
            lessons.append(entry)
            last = None
            continue
        if word == "task":
            if not lessons:
                raise LessonError("line %d: a task comes after its lesson" % number)
            entry = {"text": "", "position": "", "goals": [], "replies": [], "done": ""}
            lessons[-1]["tasks"].append(entry)
            last = None
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        keys = TASK_KEYS if entry is not None and "goals" in entry else LESSON_KEYS
        if not sep or key not in keys or entry is None:
            raise LessonError("line %d: %r is not a line of a lesson file" % (number, line[:40]))
        if key == "goal":
            if len(entry["goals"]) != len(entry["replies"]):
                raise LessonError("line %d: two goals need a reply between them" % number)
            entry["goals"].append(value)
        elif key == "reply":
            if len(entry["replies"]) != len(entry["goals"]) - 1:
                raise LessonError("line %d: a reply comes after a goal" % number)
            entry["replies"].append(value)
        else:
            entry[key] = value
        last = key
    return lessons


def where(lesson, index):
    """How a message names a task: ``lesson moving, task 2``."""
    return "lesson %(lesson)s, task %(task)d" % {"lesson": lesson["id"], "task": index + 1}


def check(lessons, rules):
    """Check every lesson with the game's ``rules`` (its adapter): the fields each needs, the number
    of tasks, and each task's position, goals and replies through the rules core (the position
    reads, every goal can be met and not by every move, every reply is legal).  Raises
    ``LessonError`` naming the lesson and the task."""
    if not lessons:
        raise LessonError("the file holds no lesson")
    for lesson in lessons:
        if not lesson["title"]:
            raise LessonError("lesson %s: it has no title" % lesson["id"])
        if not MIN_TASKS <= len(lesson["tasks"]) <= MAX_TASKS:
            raise LessonError("lesson %(lesson)s: it has %(n)d tasks, where a lesson has %(least)d to %(most)d"
                              % {"lesson": lesson["id"], "n": len(lesson["tasks"]), "least": MIN_TASKS,
                                 "most": MAX_TASKS})
        for i, task in enumerate(lesson["tasks"]):
            name = where(lesson, i)
            if not task["text"] or not task["position"] or not task["goals"]:
                raise LessonError("%s: a task needs a text, a position and a goal" % name)
            if len(task["replies"]) != len(task["goals"]) - 1:
                raise LessonError("%s: its last goal is followed by a reply" % name)
            try:
                game = rules.game(task["position"])
            except ValueError as error:
                raise LessonError("%(task)s: its position does not read: %(why)s" % {"task": name, "why": error})
            for k, goal in enumerate(task["goals"]):
                problem = rules.check_goal(game, goal)
                if problem:
                    raise LessonError("%s: goal %r: %s" % (name, goal, problem))
                if not rules.taps(goal):
                    game = rules.after(game, rules.solution(game, goal))
                if k < len(task["replies"]):
                    try:
                        game = rules.after(game, task["replies"][k])
                    except ValueError as error:
                        raise LessonError("%(task)s: its reply %(reply)r cannot be played: %(why)s"
                                          % {"task": name, "reply": task["replies"][k], "why": error})


def stars(mistakes):
    """The stars of a lesson finished with ``mistakes`` wrong or illegal tries (a solution shown
    counts as two): three for none, two for one or two, one for more."""
    return 3 if mistakes == 0 else 2 if mistakes <= 2 else 1


class Run:
    """A task being played: its goal now (a task may have several, with fixed replies between),
    the tries that failed, and the game on the board.  The page asks :meth:`judge` for each try."""

    def __init__(self, rules, task):
        self.rules = rules
        self.task = task
        self.step = 0  # the goal being played
        self.failed = 0  # failed tries of this task
        self.solution_shown = False
        self.done = False
        self.game = rules.game(task["position"])

    def goal(self):
        return self.task["goals"][self.step]

    def may_show_solution(self):
        return not self.done and self.failed >= TRIES_BEFORE_SOLUTION

    def solution(self):
        """The answer of the goal now (a move's text, or the cells to tap)."""
        return self.rules.solution(self.game, self.goal())

    def judge(self, answer):
        """Judge a try (a move's text, or the cells tapped): ``(verdict, text, after)``, the verdict
        ``ok``, ``wrong`` or ``illegal``, the text its explanation in the player's language, ``after``
        the game after the move (None when nothing was played).  An ``ok`` on the last goal finishes
        the task; on another, the fixed reply is :meth:`reply`'s."""
        verdict, text, after = self.rules.judge(self.game, self.goal(), answer, self.task["text"])
        if verdict == "ok":
            if after is not None:
                self.game = after
            if self.step + 1 >= len(self.task["goals"]):
                self.done = True
                if self.task["done"]:
                    text = text + " " + self.task["done"]
        else:
            self.failed += 1
        return verdict, text, after

    def reply(self):
        """Play the fixed reply after the goal just met, and go on to the next goal; the reply's text."""
        move = self.task["replies"][self.step]
        self.game = self.rules.after(self.game, move)
        self.step += 1
        return move


# -- progress -------------------------------------------------------------------------------------
def fresh():
    return {"version": VERSION, "stars": {}, "at": ""}


#: The longest saved progress that is read (it names a few lessons): longer is not read, and set aside.
MAX_PROGRESS = 16 * 1024


def load_progress(text, ids):
    """The progress kept in the browser (JSON text, or None), for the lessons ``ids``: ``(progress,
    damaged)``; whatever cannot be read (not JSON, a wrong shape, stars out of 0-3) gives a fresh
    progress and ``damaged`` True.  Stars of lessons the file no longer has are dropped.

    >>> load_progress('{"version": 1, "stars": {"a": 2}, "at": "a"}', ["a", "b"])
    ({'version': 1, 'stars': {'a': 2}, 'at': 'a'}, False)
    >>> load_progress('{"stars": 3}', ["a"])[1], load_progress("[" * 9999, ["a"])[1]
    (True, True)
    """
    from kernel import inputs

    if not text:
        return fresh(), False
    try:
        data = inputs.loads(text, ValueError, "not JSON")
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("version")
        kept = data["stars"]
        if not isinstance(kept, dict):
            raise ValueError("stars")
        out = fresh()
        for key, value in kept.items():
            if type(value) is not int or not 0 <= value <= 3:
                raise ValueError("stars")
            if key in ids:
                out["stars"][key] = value
        at = data.get("at", "")
        out["at"] = at if isinstance(at, str) and at in ids else ""
        return out, False
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError):
        return fresh(), True


def dump_progress(progress):
    import json

    return json.dumps(progress)


def record(progress, lesson_id, earned):
    """The progress with ``lesson_id`` finished with ``earned`` stars (the best of every try kept)."""
    out = {"version": VERSION, "stars": dict(progress["stars"]), "at": lesson_id}
    out["stars"][lesson_id] = max(earned, out["stars"].get(lesson_id, 0))
    return out


def next_lesson(lessons, progress):
    """The lesson the path points to: the first one without stars (the last one when all have)."""
    for lesson in lessons:
        if not progress["stars"].get(lesson["id"]):
            return lesson["id"]
    return lessons[-1]["id"] if lessons else ""


def find(lessons, lesson_id, task_number):
    """``(lesson index, task index)`` of ``lesson=`` / ``task=`` (the task counted from 1; empty
    means the first), or a message saying which one is unknown."""
    for i, lesson in enumerate(lessons):
        if lesson["id"] == lesson_id:
            if not task_number:
                return i, 0
            n = int(task_number) if task_number.isdigit() else 0
            if not 1 <= n <= len(lesson["tasks"]):
                return _("The lesson %(lesson)s has no task %(task)s: it has %(n)d.") % {
                    "lesson": lesson_id, "task": task_number[:20], "n": len(lesson["tasks"])}
            return i, n - 1
    return _("There is no lesson %s.") % lesson_id[:40]
