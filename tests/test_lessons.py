"""The lessons (issue 55): every task of each game's lesson file played through the rules core and the
page's own checking code (``kernel/lessons.py`` with the game's ``lessons.Rules``), its accepted answer
judged ``ok``, a wrong legal try ``wrong`` and an illegal try ``illegal`` with the rule that forbids it,
each explanation in the player's language; the file's checks at build time; the progress kept."""

from __future__ import annotations

import doctest
import functools
import json
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from kernel import i18n
from kernel import lessons as L
from sitebuild import i18n as site_i18n
from sitebuild import lessons as site_lessons

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
GAMES = ["dvonn", "diamonds"]
#: The issue's path: at least this many lessons a game.
LEAST = {"dvonn": 8, "diamonds": 6}


def rules(game: str) -> Any:
    return import_module(game + ".lessons").Rules()


@functools.cache
def lessons_of(game: str) -> list[dict[str, Any]]:
    found = L.parse((ROOT / "lessons" / f"{game}.txt").read_text())
    L.check(found, rules(game))
    return found


def tasks() -> Iterator[tuple[str, str, int]]:
    for game in GAMES:
        for lesson in lessons_of(game):
            for i in range(len(lesson["tasks"])):
                yield game, lesson["id"], i


def task_of(game: str, lesson_id: str, index: int) -> dict[str, Any]:
    return next(lesson for lesson in lessons_of(game) if lesson["id"] == lesson_id)["tasks"][index]


@pytest.fixture(params=["de", "fr", "nl"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """A language's catalog of the pages' Python, as the build writes it into the lessons pages."""
    messages = site_i18n.read(request.param)
    found = site_i18n.python_messages(messages, sorted(WEB.rglob("*.py")))
    i18n.load(json.dumps({"plural": messages.plural, "messages": found}, ensure_ascii=False))
    yield request.param
    i18n.install(None)


def test_the_modules_examples() -> None:
    assert doctest.testmod(L).failed == 0
    for game in GAMES:
        assert doctest.testmod(import_module(game + ".lessons")).failed == 0


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_path_of_lessons(game: str) -> None:
    found = lessons_of(game)
    assert len(found) >= LEAST[game]
    assert all(3 <= len(lesson["tasks"]) <= 6 for lesson in found)
    print(f"{game}: {len(found)} lessons, {sum(len(lesson['tasks']) for lesson in found)} tasks")


def play(game: str, lesson_id: str, index: int) -> list[tuple[str, str, str]]:
    """Play a task through kernel/lessons.py's Run: a wrong legal try, an illegal try, then the answer of
    each goal (with the replies between); the (expected verdict, verdict, text) of each try."""
    task = task_of(game, lesson_id, index)
    run = L.Run(rules(game), task)
    R = run.rules
    out = []
    while not run.done:
        goal = run.goal()
        wrong = R.wrong_try(run.game, goal)
        if wrong is not None:
            verdict, text, _after = run.judge(wrong)
            out.append(("wrong", verdict, text))
        illegal = R.illegal_try(run.game, goal)
        if illegal is not None:
            verdict, text, _after = run.judge(illegal)
            out.append(("illegal", verdict, text))
        verdict, text, _after = run.judge(run.solution())
        out.append(("ok", verdict, text))
        if not run.done:
            run.reply()
    return out


@pytest.mark.parametrize(("game", "lesson", "index"), list(tasks()))
def test_every_task_judges_its_answer_right_and_a_wrong_try_wrong(game: str, lesson: str, index: int) -> None:
    tries = play(game, lesson, index)
    kinds = [expected for expected, _verdict, _text in tries]
    assert "wrong" in kinds or "illegal" in kinds, "a task with no wrong try"
    for expected, verdict, text in tries:
        assert verdict == expected, (expected, verdict, text)
        assert text


@pytest.mark.parametrize(("game", "lesson", "index"), list(tasks()))
def test_every_explanation_is_in_the_players_language(language: str, game: str, lesson: str, index: int) -> None:
    i18n.install(None)
    english = play(game, lesson, index)
    i18n.load(json.dumps({"plural": site_i18n.read(language).plural,
                          "messages": site_i18n.python_messages(site_i18n.read(language), sorted(WEB.rglob("*.py")))},
                         ensure_ascii=False))
    translated = play(game, lesson, index)
    for (expected, _v, text_en), (_e, _v2, text) in zip(english, translated, strict=True):
        assert text != text_en, (language, expected, text)


def test_an_illegal_try_names_the_rule_that_forbids_it() -> None:
    R = rules("dvonn")
    game = R.game("9-3D6-4bwW2B3-3DWBD3-9.w")
    cases = {"E3B3": "never on an empty cell", "E3F3": "exactly as many cells as it is high",
             "H3G3": "belongs to your opponent", "E4F4": "standing alone never moves"}
    for move, words in cases.items():
        verdict, text, after = R.judge(game, "lands H3", move, "")
        assert (verdict, after) == ("illegal", None)
        assert words in text, text


def test_every_lesson_text_is_translated() -> None:
    for game in GAMES:
        for language in ("de", "fr", "nl"):
            catalog = site_i18n.read(language).catalog()
            for text, where in site_lessons.texts(game):
                assert catalog.get(text), f"{game} {where}: not translated into {language}: {text[:60]}"


TASK = "task\ntext: t\nposition: 9-3D6-4bwW2B3-3DWBD3-9.w\ngoal: lands H3\n"
BAD = {
    "position": ("position: 9-3D6-4bwW2B3-3DWBD3-9.w", "position: 9-10", "its position does not read"),
    "answer": ("goal: lands H3", "goal: move Z9", "its answer is not legal"),
    "unmet": ("goal: lands H3", "goal: lands A1", "no move meets it"),
    "goal": ("goal: lands H3", "goal: fly E3", "unknown goal"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_entry_fails_the_check_naming_its_lesson_and_task(case: str) -> None:
    line, bad, said = BAD[case]
    good = "lesson first\ntitle: T\nrules: x\n" + TASK * 3
    text = good + "lesson second\ntitle: U\nrules: x\n" + TASK + TASK.replace(line, bad) + TASK
    L.check(L.parse(good), rules("dvonn"))
    with pytest.raises(L.LessonError) as error:
        L.check(L.parse(text), rules("dvonn"))
    assert "lesson second, task 2" in str(error.value) and said in str(error.value), str(error.value)


def test_the_build_stops_on_a_bad_lesson_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "dvonn.txt").write_text((ROOT / "lessons" / "dvonn.txt").read_text().replace(
        "goal: move F3", "goal: move F3 F3F4", 1))
    monkeypatch.setattr(site_lessons, "LESSONS", tmp_path)
    monkeypatch.setattr(site_lessons, "_checked", {})
    with pytest.raises(SystemExit) as error:
        site_lessons.read("dvonn")
    assert "lessons/dvonn.txt: lesson placement, task 1" in str(error.value)


def test_a_lesson_file_line_that_does_not_read_is_named() -> None:
    for text, said in (("task\n", "line 1"), ("lesson a\ntitle: A\nwhat: x\n", "line 3"),
                       ("lesson a\nlesson a\n", "line 2")):
        with pytest.raises(L.LessonError) as error:
            L.parse(text)
        assert said in str(error.value)


def test_progress_that_cannot_be_read_starts_afresh() -> None:
    ids = ["a", "b"]
    for text in ("not json", "[]", '{"version": 1, "stars": {"a": 9}}', '{"version": 2, "stars": {}}',
                 '{"version": 1, "stars": []}', "{" * 5000):
        progress, damaged = L.load_progress(text, ids)
        assert damaged and progress == L.fresh(), text
    progress = L.record(L.fresh(), "a", 2)
    progress = L.record(progress, "a", 1)  # the best is kept
    again, damaged = L.load_progress(L.dump_progress(progress), ids)
    assert not damaged and again["stars"] == {"a": 2} and L.next_lesson([{"id": "a"}, {"id": "b"}], again) == "b"


def test_lesson_and_task_of_an_address() -> None:
    found = lessons_of("dvonn")
    assert L.find(found, "cut-off", "2") == (4, 1)
    assert L.find(found, "cut-off", "") == (4, 0)
    assert "no task 9" in str(L.find(found, "cut-off", "9"))
    assert "no lesson nothing" in str(L.find(found, "nothing", "1"))
