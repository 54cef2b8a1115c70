"""The DVONN page as the tests drive it: only the stable hooks (data-cell, data-testid,
body data-ready / data-position) and what a player sees."""

from __future__ import annotations

import time
from typing import Any

from dvonn_core import Game

ALL_CELLS = "[data-cell]"


class App:
    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    # -- loading ------------------------------------------------------------------
    def open(self, fragment: str = "") -> None:
        self.page.goto(self.base_url + fragment)
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_function("document.body.dataset.ready === 'true'")

    def wait_bot_ready(self) -> None:
        self.page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=60_000)

    # -- reading ------------------------------------------------------------------
    def position(self) -> str:
        return str(self.page.evaluate("document.body.dataset.position"))

    def game(self) -> Game:
        """The page's position, in dvonn_core."""
        return Game.from_position(self.position())

    def text(self, testid: str) -> str:
        return str(self.page.get_by_test_id(testid).inner_text()).strip()

    def status(self) -> str:
        return self.text("status")

    def notice(self) -> str:
        locator = self.page.get_by_test_id("notice")
        return str(locator.inner_text()).strip() if locator.is_visible() else ""

    def score(self) -> tuple[int, int]:
        return int(self.text("score-white")), int(self.text("score-black"))

    def history(self) -> list[str]:
        """Move texts of the history list (setup line excluded)."""
        items = self.page.locator('[data-testid="history"] li:not(.setup)').all_inner_texts()
        return [item.split()[-1] for item in items]

    def cells_with_class(self, cls: str) -> list[str]:
        return list(self.page.evaluate(
            "cls => [...document.querySelectorAll('[data-cell].' + cls)].map(e => e.dataset.cell).sort()", cls))

    def cell(self, name: str) -> Any:
        return self.page.locator(f'[data-cell="{name}"]')

    # -- acting -------------------------------------------------------------------
    def click(self, cell: str) -> None:
        self.cell(cell).click()

    def play(self, move: str) -> None:
        """Play a move text by clicks (placement: one click; stack move: source, target)."""
        before = self.position()
        if len(move) == 2:
            self.click(move)
        else:
            self.click(move[:2])
            self.click(move[2:])
        self.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)

    def new_game(self, white: str = "human", black: str = "human", level: str = "easy",
                 random_setup: bool = False) -> None:
        self.page.get_by_test_id("white-player").select_option(white)
        self.page.get_by_test_id("black-player").select_option(black)
        self.page.get_by_test_id("level").select_option(level)
        self.page.get_by_test_id("random-setup").set_checked(random_setup)
        before = self.page.evaluate("document.body.dataset.position")
        self.page.get_by_test_id("new-game").click()
        if random_setup or before != Game().position():
            self.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)

    def import_record(self, text: str) -> None:
        """Open a record through the import dialog (paste) and wait until it is on the board."""
        self.page.get_by_test_id("import").click()
        self.page.get_by_test_id("import-text").fill(text)
        self.page.get_by_test_id("import-paste").click()
        self.page.wait_for_function("!document.querySelector('[data-testid=import-dialog]').open")

    def review(self) -> bool:
        return self.page.evaluate("document.body.dataset.review") == "true"

    def press(self, testid: str) -> None:
        """Click a button and wait for the board or the review state to follow."""
        before = self.page.evaluate("[document.body.dataset.position, document.body.dataset.review]")
        self.page.get_by_test_id(testid).click()
        self.page.wait_for_function(
            "b => document.body.dataset.position !== b[0] || document.body.dataset.review !== b[1]", arg=before)

    def screenshot(self, path: Any) -> None:
        self.page.screenshot(path=str(path), full_page=True)


def network_is_off(page: Any) -> bool:
    """Whether the page really cannot reach the network: a file no cache holds cannot be fetched
    (a 404 would still be fetched).  navigator.onLine is no proof: some Chromium builds keep it
    true under Playwright's offline emulation."""
    script = "fetch('./not-cached-%d.txt').then(() => 'fetched', () => 'failed')" % time.time_ns()
    return bool(page.evaluate(script) == "failed")
