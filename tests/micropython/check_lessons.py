# The lessons of issue 55 (lessons/dvonn.txt, lessons/diamonds.txt, copied to /data by tests/test_micropython.py)
# played through the page's own checking code (kernel/lessons.py and each game's lessons.Rules) on CPython and
# on the page's MicroPython: for every task a wrong try, an illegal try and the answer of each goal (with the
# fixed replies between), one line each (the verdict and its text), the same on both; then the progress reader.
# DATA_DIR is set by the CPython runner; on MicroPython the data files are in /data.
try:
    DATA_DIR  # noqa: B018
except NameError:
    DATA_DIR = "/data"

from diamonds import lessons as diamonds_lessons
from dvonn import lessons as dvonn_lessons
from kernel import lessons as L

RULES = {"dvonn": dvonn_lessons.Rules(), "diamonds": diamonds_lessons.Rules()}

for game in ("dvonn", "diamonds"):
    rules = RULES[game]
    with open(DATA_DIR + "/" + game + ".txt") as f:
        found = L.parse(f.read())
    for lesson in found:
        for i, task in enumerate(lesson["tasks"]):
            run = L.Run(rules, task)
            while not run.done:
                goal = run.goal()
                for kind, answer in (("wrong", rules.wrong_try(run.game, goal)),
                                     ("illegal", rules.illegal_try(run.game, goal)),
                                     ("answer", run.solution())):
                    if answer is None:
                        continue
                    verdict, text, after = run.judge(answer)
                    print("%s %s %d %s %s %s | %s" % (game, lesson["id"], i + 1, kind, verdict,
                                                       after.position() if after is not None else "-", text))
                if not run.done:
                    print("%s %s %d reply %s" % (game, lesson["id"], i + 1, run.reply()))
for text in ('{"version": 1, "stars": {"placement": 3}, "at": "placement"}', "not json", '{"version": 1, "stars": 3}',
             "[" * 3000):
    progress, damaged = L.load_progress(text, ["placement", "moving"])
    print("progress", damaged, L.dump_progress(progress))
print("done")
