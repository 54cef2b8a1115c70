"""The lessons pages (issue 55) in Chromium: a whole lesson of each game on a phone, with a wrong try
first, its stars, and the progress kept over a reload; a refused move explained; progress that cannot be
read set aside; one task embedded in a page of another origin; the rules pages' links to the lessons.

The tries are taken from the lesson files through the rules core (``kernel/lessons.py`` and the game's
``lessons.Rules``, as tests/test_lessons.py plays them), never written out here."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from kernel import lessons as L

from .doc_helpers import check_requests

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"dvonn": "learn.html", "diamonds": "diamonds-learn.html"}
PHONE = {"width": 390, "height": 844}


def lessons_of(game: str) -> list[dict[str, Any]]:
    return L.parse((ROOT / "lessons" / f"{game}.txt").read_text())


def rules(game: str) -> Any:
    return import_module(game + ".lessons").Rules()


class Learn:
    """A lessons page (or an embedded task's frame) driven by its test hooks."""

    def __init__(self, scope: Any, game: str) -> None:
        self.scope = scope
        self.game = game
        self.rules = rules(game)

    def ready(self) -> None:
        self.scope.wait_for_function("document.body.dataset.ready === 'true'", timeout=30_000)

    def verdict(self) -> tuple[str, str]:
        box = self.scope.get_by_test_id("task-verdict")
        return str(box.get_attribute("data-verdict")), str(box.inner_text())

    def position(self) -> str:
        return str(self.scope.evaluate("document.body.dataset.position"))

    def cell(self, name: str) -> None:
        self.scope.locator(f'[data-testid="task-board"] [data-cell="{name}"]').click()

    def answer(self, game: Any, goal: str, answer: Any) -> None:
        """Make a try on the board as a player does: tap cells and Check, or the clicks of a move."""
        before = self.tries
        if isinstance(answer, list):
            for cell in answer:
                self.cell(cell)
            self.scope.get_by_test_id("task-check").click()
        elif answer in ("swap", "pass"):  # (Diamonds & Pivots: buttons)
            self.scope.get_by_test_id(answer).click()
        else:
            for cell in self.rules.clicks(game, answer):
                self.cell(cell)
        self.scope.wait_for_function("document.body.dataset.tries !== %r" % before)

    @property
    def tries(self) -> str:
        return str(self.scope.evaluate("document.body.dataset.tries"))

    def play_task(self, task: dict[str, Any], wrong_first: bool) -> int:
        """Play a task: a wrong try first if asked, then each goal's answer (waiting for the fixed reply
        between goals).  Returns the mistakes made."""
        run = L.Run(self.rules, task)
        assert self.position() == run.game.position()
        mistakes = 0
        while True:
            goal = run.goal()
            if wrong_first and mistakes == 0:
                wrong = self.rules.wrong_try(run.game, goal)
                if wrong is not None:
                    before = self.position()
                    self.answer(run.game, goal, wrong)
                    verdict, text = self.verdict()
                    assert verdict == "wrong" and text, text
                    mistakes += 1
                    if not isinstance(wrong, list):
                        self.scope.get_by_test_id("task-retry").click()
                    assert self.position() == before
            self.answer(run.game, goal, run.solution())
            verdict, text = self.verdict()
            assert verdict == "ok", text
            run.judge(run.solution())
            if run.done:
                break
            reply = run.reply()
            self.scope.wait_for_function("document.body.dataset.position === %r" % run.game.position())
            assert reply in self.verdict()[1]
        assert self.scope.get_by_test_id("task-next").is_enabled()
        return mistakes


@pytest.fixture()
def phone(page, base_url: str) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    errors: list[str] = []
    urls: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: urls.append(request.url))
    page.set_default_timeout(30_000)
    page.set_viewport_size(PHONE)
    yield page
    check_requests(base_url, urls)
    assert not errors, errors


@pytest.mark.parametrize("game", sorted(PAGES))
def test_a_whole_lesson_on_a_phone_with_a_wrong_try_then_stars_kept_over_a_reload(
        phone, base_url: str, artifacts: Path, game: str) -> None:  # type: ignore[no-untyped-def]
    lesson = lessons_of(game)[1]
    phone.goto(base_url + PAGES[game] + "?lesson=" + lesson["id"])
    learn = Learn(phone, game)
    learn.ready()
    assert phone.evaluate("document.body.dataset.turned") == "true"
    assert phone.evaluate("document.body.dataset.lesson") == lesson["id"]
    mistakes = 0
    for i, task in enumerate(lesson["tasks"]):
        assert learn.scope.get_by_test_id("task-text").inner_text() == task["text"]
        mistakes += learn.play_task(task, wrong_first=i == 0)
        if i + 1 < len(lesson["tasks"]):
            phone.get_by_test_id("task-next").click()
    assert mistakes == 1
    stars = L.stars(mistakes)
    path = phone.locator(f'[data-testid="lesson"][data-lesson="{lesson["id"]}"]')
    assert path.get_attribute("data-stars") == str(stars) == "2"
    assert "2" in learn.verdict()[1]
    phone.screenshot(path=str(artifacts / f"learn-{game}-done.png"))
    phone.reload()
    learn.ready()
    assert phone.locator(f'[data-testid="lesson"][data-lesson="{lesson["id"]}"]').get_attribute("data-stars") == "2"
    # The path now points past the lesson done: clicking a lesson opens its first task.
    first = lessons_of(game)[0]
    phone.locator(f'[data-testid="lesson"][data-lesson="{first["id"]}"]').click()
    phone.wait_for_function("document.body.dataset.lesson === %r && document.body.dataset.task === '1'" % first["id"])
    assert learn.position() == L.Run(learn.rules, first["tasks"][0]).game.position()


def test_a_refused_move_is_explained_and_the_solution_comes_after_two_failed_tries(phone, base_url: str) -> None:  # type: ignore[no-untyped-def]
    phone.goto(base_url + "de/learn.html?lesson=moving&task=3")
    learn = Learn(phone, "dvonn")
    learn.ready()
    start = learn.position()
    assert not phone.get_by_test_id("task-solution").is_enabled()
    tries = learn.tries
    learn.cell("E3")
    learn.cell("B3")  # three cells away, but empty
    phone.wait_for_function("document.body.dataset.tries !== %r" % tries)
    verdict, text = learn.verdict()
    assert verdict == "illegal" and "nie auf einem leeren Feld" in text, text
    assert learn.position() == start
    tries = learn.tries
    learn.cell("E3")
    learn.cell("F3")  # one cell: the stack is three high
    phone.wait_for_function("document.body.dataset.tries !== %r" % tries)
    verdict, text = learn.verdict()
    assert verdict == "illegal" and "3 hoch" in text, text
    phone.get_by_test_id("task-solution").click()
    assert "E3H3" in learn.verdict()[1]
    assert sorted(phone.locator("[data-cell].solution").evaluate_all("els => els.map(e => e.dataset.cell)")) == [
        "E3", "H3"]


def test_progress_that_cannot_be_read_is_set_aside_and_the_page_says_so(phone, base_url: str) -> None:  # type: ignore[no-untyped-def]
    phone.add_init_script("try { localStorage.setItem('dvonn.lessons', '{\"version\": 1, \"stars\": [1, 2'); } "
                          "catch (e) {}")
    phone.goto(base_url + "learn.html")
    Learn(phone, "dvonn").ready()
    notice = phone.get_by_test_id("lesson-notice")
    assert notice.is_visible() and "could not be read" in notice.inner_text()
    assert phone.evaluate("localStorage.getItem('dvonn.lessons.unreadable')") == '{"version": 1, "stars": [1, 2'
    assert phone.evaluate("document.body.dataset.lesson") == lessons_of("dvonn")[0]["id"]


@pytest.fixture()
def other_origin(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A second server, on another port (so another origin), serving a folder for the host page."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/", tmp_path
    finally:
        server.shutdown()
        server.server_close()


def test_an_embedded_task_in_a_page_of_another_origin(  # type: ignore[no-untyped-def]
        page, base_url: str, other_origin: tuple[str, Path]) -> None:
    host, folder = other_origin
    (folder / "host.html").write_text(
        '<!doctype html><html lang="en"><title>A rules page elsewhere</title><h1>Cut-off</h1>'
        f'<iframe title="Task" src="{base_url}embed.html?lesson=cut-off&amp;task=2" width="420" height="560"></iframe>'
        f'<iframe title="Nothing" src="{base_url}embed.html?lesson=flying&amp;task=1" width="420" height="300">'
        '</iframe>'
        f'<iframe title="Pie" src="{base_url}embed.html?game=diamonds&amp;lesson=pie&amp;task=1" width="420" '
        'height="560"></iframe>')
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.set_default_timeout(30_000)
    page.goto(host + "host.html")
    frames = {}
    for _ in range(60):
        frames = {urlsplit(f.url).query: f for f in page.frames if "learn.html" in f.url}
        if len(frames) == 3:
            break
        page.wait_for_timeout(250)
    assert len(frames) == 3, [f.url for f in page.frames]
    task = next(f for q, f in frames.items() if "cut-off" in q)
    unknown = next(f for q, f in frames.items() if "flying" in q)
    learn = Learn(task, "dvonn")
    learn.ready()
    assert task.evaluate("document.body.classList.contains('embedded')")
    assert not task.get_by_test_id("lesson-path").is_visible()
    lesson = next(x for x in lessons_of("dvonn") if x["id"] == "cut-off")
    assert learn.position() == lesson["tasks"][1]["position"]
    assert learn.play_task(lesson["tasks"][1], wrong_first=True) == 1
    Learn(unknown, "dvonn").ready()
    assert "There is no lesson flying" in unknown.get_by_test_id("lesson-notice").inner_text()
    pie = next(f for q, f in frames.items() if "pie" in q)
    assert urlsplit(pie.url).path.endswith("/diamonds-learn.html")
    diamonds = Learn(pie, "diamonds")
    diamonds.ready()
    task = next(x for x in lessons_of("diamonds") if x["id"] == "pie")["tasks"][0]
    assert diamonds.play_task(task, wrong_first=True) == 1
    hosts = {urlsplit(host).netloc, urlsplit(base_url).netloc}
    assert {urlsplit(u).netloc for u in urls if urlsplit(u).scheme.startswith("http")} <= hosts


@pytest.mark.parametrize(("rules_page", "game"), [("rules.html", "dvonn"), ("diamonds-rules.html", "diamonds")])
def test_the_rules_page_links_its_sections_to_their_lessons(page, base_url: str, site: Path, rules_page: str,
                                                             game: str) -> None:  # type: ignore[no-untyped-def]
    text = (site / rules_page).read_text()
    ids = {lesson["id"] for lesson in lessons_of(game)}
    linked = {href.split("lesson=")[1].split('"')[0] for href in text.split('href="./')[1:]
              if href.startswith(PAGES[game] + "?lesson=")}
    assert linked == ids
    page.set_default_timeout(30_000)
    page.goto(base_url + rules_page)
    last = lessons_of(game)[-1]
    page.locator(f'[data-testid="learn-link"][href$="lesson={last["id"]}"]').first.click()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    assert page.evaluate("document.body.dataset.lesson") == last["id"]


def test_a_task_by_keyboard_alone(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """The board takes the arrows and Enter as on every board (kernel/board_dom.py's BoardInput): a
    stack picked and moved, and the next task, without a mouse."""
    page.set_default_timeout(30_000)
    page.goto(base_url + "learn.html?lesson=moving&task=3")
    learn = Learn(page, "dvonn")
    learn.ready()
    page.locator('[data-testid="task-board"] [tabindex="0"]').focus()
    assert page.evaluate("document.activeElement.dataset.cell") == "F3"
    page.keyboard.press("ArrowLeft")  # to E3, the white stack of three
    assert page.evaluate("document.activeElement.dataset.cell") == "E3"
    page.keyboard.press("Enter")
    for _ in range(3):
        page.keyboard.press("ArrowRight")  # F3, G3, H3
    assert page.evaluate("document.activeElement.dataset.cell") == "H3"
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.tries === '1'")
    assert learn.verdict()[0] == "ok"
    page.get_by_test_id("task-next").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.lesson === 'blocked'")
