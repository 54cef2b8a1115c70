"""The interactive rules page (rules.html) in Debian chromium: every example board is live
(all in one MicroPython interpreter, no Pyodide), and each behaves as its text says when the
reader tries it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dvonn_core import Game

from .doc_helpers import Watch, cells_with_class, when_ready

EXAMPLES = ("placement", "placement-end", "move-height", "surrounded", "dvonn", "removal", "pass", "end")


@pytest.fixture()
def rules(page, base_url: str) -> Iterator[Watch]:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 900, "height": 900})
    watch = Watch(page, base_url)
    watch.open("rules.html")
    yield watch
    watch.check()


class Example:
    """One example board of the page, driven by clicks."""

    def __init__(self, page: Any, name: str) -> None:
        self.fig = page.locator(f'figure[data-example="{name}"]')
        self.start = self.position()

    def position(self) -> str:
        return str(self.fig.get_attribute("data-position"))

    def game(self) -> Game:
        return Game.from_position(self.position())

    def click(self, *cells: str) -> None:
        for cell in cells:
            self.fig.locator(f'[data-cell="{cell}"]').click()

    def play(self, move: str) -> None:
        before = self.position()
        self.click(*([move] if len(move) == 2 else [move[:2], move[2:]]))
        self.fig.page.wait_for_function(
            "([name, p]) => document.querySelector(`figure[data-example=\"${name}\"]`).dataset.position !== p",
            arg=[self.fig.get_attribute("data-example"), before])

    def text(self, testid: str) -> str:
        locator = self.fig.get_by_test_id(testid)
        return str(locator.inner_text()).strip() if locator.is_visible() else ""

    def stack(self, cell: str) -> str:
        return self.game().stack(cell)


def test_every_example_shows_its_board(rules: Watch, artifacts: Path) -> None:
    page = rules.page
    assert page.evaluate("document.body.dataset.boards") == str(len(EXAMPLES))
    for name in EXAMPLES:
        fig = page.locator(f'figure[data-example="{name}"]')
        assert fig.get_attribute("data-ready") == "true", name
        assert fig.locator("[data-cell]").count() == 49, name
        # text_content: a figure out of view is not rendered (content-visibility), so it has no innerText yet.
        assert (fig.locator(".try").text_content() or "").strip(), name
        # The board shows the position the page's source gives it.
        source = page.evaluate(
            f"document.querySelector('figure[data-example=\"{name}\"]').getAttribute('data-position')"
        )
        assert Game.from_position(source).position() == fig.get_attribute("data-position")
    # One interpreter for the whole page: a single MicroPython script tag and wasm download.
    assert page.locator('script[type="mpy"]').count() == 1
    assert len([u for u in rules.requests if "micropython.wasm" in u]) == 1
    page.screenshot(path=str(artifacts / "rules-page.png"), full_page=True)


def test_placement_order(rules: Watch) -> None:
    ex = Example(rules.page, "placement")
    assert ex.text("status") == "White places a DVONN piece: click an empty cell."
    for cell in ("C3", "E3", "G3", "I3", "K3"):
        ex.play(cell)
    assert [ex.stack(c) for c in ("C3", "E3", "G3", "I3", "K3")] == ["d", "d", "d", "b", "w"]
    assert ex.text("status") == "Black places a black piece: click an empty cell."


def test_the_last_placement_and_whites_first_move(rules: Watch) -> None:
    ex = Example(rules.page, "placement-end")
    ex.play("F1")
    assert ex.game().phase == "movement" and ex.game().to_move == "white"
    assert ex.text("status") == "White to move: pick one of your stacks."
    movable = cells_with_class(ex.fig, "movable")
    assert movable and set(movable) == {m.source for m in ex.game().legal_moves()}


def test_a_stack_moves_as_far_as_it_is_high(rules: Watch, artifacts: Path) -> None:
    ex = Example(rules.page, "move-height")
    ex.click("E3")
    assert cells_with_class(ex.fig, "target") == ["H3"]
    ex.fig.screenshot(path=str(artifacts / "rules-move-height.png"))
    ex.click("H3")
    assert ex.stack("E3") == "" and ex.stack("H3") == "bbww"


def test_a_surrounded_piece_cannot_move(rules: Watch) -> None:
    ex = Example(rules.page, "surrounded")
    ex.click("F3")
    assert cells_with_class(ex.fig, "selected") == []
    assert "F3 cannot move: the stack on F3 is surrounded on all six sides." in ex.text("notice")
    ex.play("G3H3")
    assert "F3" in cells_with_class(ex.fig, "movable")


def test_a_lone_dvonn_piece_cannot_move(rules: Watch) -> None:
    ex = Example(rules.page, "dvonn")
    ex.click("D3")
    assert cells_with_class(ex.fig, "selected") == [] and cells_with_class(ex.fig, "target") == []
    assert "lone DVONN piece" in ex.text("notice")
    ex.play("E3D3")
    assert ex.stack("D3") == "dw"
    assert ex.fig.locator('[data-cell="D3"]').get_attribute("aria-label") == "D3, white stack of 2 with a DVONN piece"


def test_a_move_that_cuts_off_stacks_removes_them(rules: Watch, artifacts: Path) -> None:
    ex = Example(rules.page, "removal")
    white_black = ex.game().score()
    ex.click("C2")
    ex.fig.locator('[data-cell="D3"]').hover()
    rules.page.wait_for_function(
        "document.querySelectorAll('figure[data-example=\"removal\"] [data-cell].doomed').length === 3")
    assert cells_with_class(ex.fig, "doomed") == ["A1", "A2", "B1"]
    assert ex.text("status") == "C2D3 would cut off A1 A2 B1 and remove them."
    ex.fig.screenshot(path=str(artifacts / "rules-removal-preview.png"))
    ex.click("D3")
    rules.page.wait_for_function(
        "document.querySelector('figure[data-example=\"removal\"]').dataset.phase === 'movement'"
        " && !document.querySelector('figure[data-example=\"removal\"] [data-cell=\"A1\"]').classList.contains('occ')")
    for cell in ("A1", "A2", "B1"):
        assert ex.stack(cell) == ""
        assert ex.fig.locator(f'[data-cell="{cell}"]').get_attribute("aria-label") == f"{cell}, empty"
    expected = Game.from_position(ex.start)
    expected.play("C2D3")
    assert ex.position() == expected.position()
    assert sum(white_black) - sum(ex.game().score()) == 4 - 1, "four pieces left; C2's piece gained D3's DVONN"
    ex.fig.get_by_test_id("reset").click()
    rules.page.wait_for_function(
        "p => document.querySelector('figure[data-example=\"removal\"]').dataset.position === p", arg=ex.start)


def test_a_forced_pass(rules: Watch) -> None:
    ex = Example(rules.page, "pass")
    assert ex.game().to_move == "black"
    ex.play("C1B1")
    assert ex.text("notice") == "White has no legal move and passes."
    assert ex.game().to_move == "black"
    assert ex.text("status") == "Black to move: pick one of your stacks."


def test_the_end_of_the_game_and_the_count(rules: Watch) -> None:
    ex = Example(rules.page, "end")
    ex.play("E3F3")
    assert ex.game().phase == "over"
    assert ex.text("status") == "Game over: White wins, 6 to 3."
    assert ex.fig.get_attribute("data-score") == "6-3"
    assert cells_with_class(ex.fig, "movable") == []


def test_boards_are_independent(rules: Watch) -> None:
    moved = Example(rules.page, "move-height")
    other = Example(rules.page, "dvonn")
    moved.play("E3H3")
    assert other.position() == other.start


EARLY_TOUCH = when_ready("""
  const figure = document.querySelector('figure[data-example="placement"]');
  const before = figure.dataset.position;
  window.__early = {started: figure.dataset.started === "true", boards: document.body.dataset.boards || null};
  figure.querySelector('[data-cell="A1"]').dispatchEvent(new MouseEvent("click", {bubbles: true}));
  window.__early.after = figure.dataset.position;
  window.__early.before = before;
""")


def test_a_board_out_of_view_starts_after_the_page_is_ready_or_at_the_first_touch(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """rules.py starts the boards in view, marks the page ready, then starts the others one per
    task (issue 12); a board touched before its turn starts at once, and the touch is not lost."""
    page.set_viewport_size({"width": 900, "height": 200})  # no example in view
    page.add_init_script(EARLY_TOUCH)
    watch = Watch(page, base_url)
    watch.open("rules.html")
    early = page.evaluate("window.__early")
    assert early["started"] is False and early["boards"] is None  # it had not started when the page was ready
    assert early["before"] == "9-10-11-10-9.wp"
    assert early["after"] != early["before"] and Game.from_position(early["after"]).stack("A1") == "d"
    assert page.evaluate("document.body.dataset.boards") == str(len(EXAMPLES))
    assert int(page.evaluate("document.body.dataset.allLiveMs")) >= int(page.evaluate("document.body.dataset.liveMs"))
    placement = Example(page, "placement")
    assert placement.game().stack("A1") == "d"  # the board kept the move
    placement.play("B1")
    assert placement.game().stack("B1") == "d"
    watch.check()


def test_the_boards_drawn_at_build_time_are_kept(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """build.py draws the first examples' boards into rules.html (sitebuild.figures.PRERENDERED_FIGURES);
    the page adopts them (board_view.py) instead of drawing them again (issue 12): cells marked
    in the served HTML keep their mark.  The others come with an empty board of the right size,
    which the page draws."""
    from sitebuild.figures import PRERENDERED_FIGURES

    first = EXAMPLES[:PRERENDERED_FIGURES]

    def mark(route: Any) -> None:
        body = route.fetch().text()
        assert body.count("data-drawn=") == len(first)
        assert body.count(" data-later>") == len(EXAMPLES) - len(first)
        marked = body.replace(' data-cell="', ' data-built data-cell="')
        assert marked.count("data-built") == 49 * len(first)
        route.fulfill(body=marked,
                      headers={"content-type": "text/html; charset=utf-8"})

    page.route("**/rules.html", mark)
    watch = Watch(page, base_url)
    watch.open("rules.html")
    for name in EXAMPLES:
        cells = page.locator(f'figure[data-example="{name}"] svg [data-cell]')
        assert cells.count() == 49, name
        built = page.locator(f'figure[data-example="{name}"] svg [data-cell][data-built]').count()
        assert built == (49 if name in first else 0), name
        assert page.locator(f'figure[data-example="{name}"] svg').count() == 1, name
    watch.check()
