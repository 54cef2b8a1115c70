"""The game pages as the tests drive them: only the stable hooks (data-cell, data-testid,
body data-ready / data-position / data-review / data-ply) and what a player sees.

:class:`GamePage` is what every game page has through the page kernel (review, hint, analysis,
records, the new-game form); :class:`App` (DVONN, ``index.html``) and :class:`DiamondsApp`
(Diamonds & Pivots, ``diamonds.html``) add how each game's moves are clicked, how its core is
asked and what differs in its text.  The ``game`` fixture (conftest.py) gives each in turn, so
one test checks the kernel's behaviour on both pages."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any, ClassVar

from dvonn_core import Game, record
from dvonn_core.diamonds import DiamondsGame

ALL_CELLS = "[data-cell]"
GAMES_FILE = Path(__file__).resolve().parents[1] / "data" / "boardspace-games.txt"
#: The move texts of the move list (DVONN's random-setup line excluded).
HISTORY_ITEMS = '[data-testid="history"] li:not(.setup)'


def recorded_game(name: str) -> list[str]:
    """The moves of a real DVONN game of tests/data/boardspace-games.txt."""
    for line in GAMES_FILE.read_text().splitlines():
        if line.startswith(name + " "):
            return line.split()[3:]
    raise LookupError(name)


def item_move(text: str) -> str:
    """The move of a move-list item's text ("12. b6 c5>f5" -> "b6 c5>f5")."""
    return text.split(".", 1)[1].strip()


def turn_and_back(page: Any) -> None:
    """Turn the board and back (a phone's screen, then the page's own): the whole board drawn twice."""
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("document.body.dataset.turned === 'true'")
    page.set_viewport_size(size)
    page.wait_for_function("document.body.dataset.turned === 'false'")


def flip_board(page: Any) -> None:
    before = page.evaluate("document.body.dataset.flipped")
    page.get_by_test_id("flip").click()
    page.wait_for_function("f => document.body.dataset.flipped !== f", arg=before)


def check_full_redraw(page: Any, read: Any) -> None:
    """What ``read(page)`` gives of the board (and the move list) is what a whole redraw gives; a flip,
    which moves the cells without drawing them again (issue 43), gives the whole flipped board, and a
    second flip the board before it."""
    before = read(page)
    turn_and_back(page)
    assert read(page) == before
    flip_board(page)
    flipped = read(page)
    assert flipped[0] != before[0]
    turn_and_back(page)
    assert read(page) == flipped
    flip_board(page)
    assert read(page) == before

class GamePage:
    """What the tests do on any game page; a subclass names the game's specifics."""

    #: The game's name in test ids, its page, its saved game's key, the colour that moves first.
    NAME = ""
    PATH = ""
    SAVE_KEY = ""
    FIRST = "white"
    #: The record file "Download" gives, and the start of "Copy embed code"'s iframe address.
    DOWNLOAD_NAME = ""
    EMBED_SRC = ""
    #: A whole game to step through in review, and a game to analyse (with mistakes in it).
    REVIEW_GAME: ClassVar[list[str]] = []
    ANALYSIS_GAME: ClassVar[list[str]] = []
    #: What the analysis says when no position of the game could be scored.
    NOTHING_SCORED = "No position to score yet."
    #: The phases whose positions the analysis scores (a finished game: its final margin).
    SCORED_PHASES: tuple[str, ...] = ()
    #: The classes that mark the hint on the board, and the analysis' better move.
    HINT_CLASSES: tuple[str, ...] = ("hint",)
    BETTER_CLASSES: tuple[str, ...] = ("better",)

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    # -- the game's core ------------------------------------------------------------------
    def rules(self, position: str | None = None) -> Any:
        """The core's game at ``position`` (None: the start)."""
        raise NotImplementedError

    def after(self, moves: list[str], n: int) -> str:
        """The position after the first ``n`` of ``moves``, by the core."""
        game = self.rules()
        for move in moves[:n]:
            game.play(move)
        return str(game.position())

    def is_legal(self, move: str, position: str) -> bool:
        """Whether the core lists ``move`` (as it writes it) among the legal moves at ``position``."""
        return move in {str(m) for m in self.rules(position).legal_moves()}

    def scored(self, position: str) -> bool:
        """Whether the analysis has a score for ``position``: the bot searched it, or the game is over."""
        return bool(self.rules(position).phase in self.SCORED_PHASES)

    def marks_of(self, move: str, cls: str) -> dict[str, list[str]]:
        """The cells the page marks for ``move`` with the class ``cls`` (a hint, a better move), per class."""
        raise NotImplementedError

    def record_of(self, moves: list[str]) -> str:
        """The record the page writes for a game of ``moves`` from the start."""
        raise NotImplementedError

    def players(self, first: str, second: str) -> dict[str, str]:
        """The new-game form's players: ``first`` for the colour that moves first."""
        other = "black" if self.FIRST == "white" else "white"
        return {self.FIRST: first, other: second}

    # -- loading ------------------------------------------------------------------
    def open(self, fragment: str = "") -> None:
        self.page.goto(self.base_url + self.PATH + fragment)
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_function("document.body.dataset.ready === 'true'")

    def wait_bot_ready(self) -> None:
        self.page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=90_000)

    # -- reading ------------------------------------------------------------------
    def position(self) -> str:
        return str(self.page.evaluate("document.body.dataset.position"))

    def game(self) -> Any:
        """The page's position, in the core."""
        return self.rules(self.position())

    def text(self, testid: str) -> str:
        return str(self.page.get_by_test_id(testid).inner_text()).strip()

    def status(self) -> str:
        return self.text("status")

    def notice(self) -> str:
        locator = self.page.get_by_test_id("notice")
        return str(locator.inner_text()).strip() if locator.is_visible() else ""

    def score(self) -> tuple[int, int]:
        """The scores shown, in the order of the core's ``score()``."""
        raise NotImplementedError

    def history(self) -> list[str]:
        """Move texts of the history list (DVONN's setup line excluded)."""
        return [item_move(item) for item in self.page.locator(HISTORY_ITEMS).all_inner_texts()]

    def shown_ply(self) -> int:
        return int(self.page.evaluate("document.body.dataset.ply"))

    def cells_with_class(self, cls: str) -> list[str]:
        return list(self.page.evaluate(
            "cls => [...document.querySelectorAll('[data-cell].' + cls)].map(e => e.dataset.cell).sort()", cls))

    def marks(self, classes: tuple[str, ...]) -> dict[str, list[str]]:
        """The cells with each of ``classes``, the empty ones left out."""
        found = {cls: self.cells_with_class(cls) for cls in classes}
        return {cls: cells for cls, cells in found.items() if cells}

    def cell(self, name: str) -> Any:
        return self.page.locator(f'[data-cell="{name}"]')

    def review(self) -> bool:
        return self.page.evaluate("document.body.dataset.review") == "true"

    def saved_moves(self) -> list[str]:
        return list(self.page.evaluate("key => JSON.parse(localStorage.getItem(key)).moves", self.SAVE_KEY))

    # -- acting -------------------------------------------------------------------
    def click(self, cell: str) -> None:
        self.cell(cell).click()

    def play(self, move: str) -> None:
        """Play a move text by clicks and wait until the position changed."""
        raise NotImplementedError

    def new_game(self, white: str = "human", black: str = "human", level: str = "easy",
                 random_setup: bool = False) -> None:
        raise NotImplementedError

    def new_midgame(self) -> None:
        """A hotseat game where the side to move has a choice (DVONN: a random setup; Diamonds &
        Pivots: a few drops, then a drop that forms a diamond is possible)."""
        raise NotImplementedError

    def begin_and_take_back(self, position: str) -> None:
        """Start a move on the board and take it back, the position unchanged (the board is usable)."""
        raise NotImplementedError

    def simple_move(self) -> str:
        """A legal move here that :meth:`play` makes by clicks."""
        raise NotImplementedError

    def bot_thinks(self) -> str:
        """Start a game against the hard bot where the bot is about to search a move (not a
        book move); the colour the human holds."""
        raise NotImplementedError

    def import_record(self, text: str) -> None:
        """Open a record through the import dialog (paste) and wait until it is on the board."""
        self.page.get_by_test_id("import").click()
        self.page.get_by_test_id("import-text").fill(text)
        self.page.get_by_test_id("import-paste").click()
        self.page.wait_for_function("!document.querySelector('[data-testid=import-dialog]').open")

    def press(self, testid: str) -> None:
        """Click a button and wait for the board or the review state to follow."""
        before = self.page.evaluate("[document.body.dataset.position, document.body.dataset.review]")
        self.page.get_by_test_id(testid).click()
        self.page.wait_for_function(
            "b => document.body.dataset.position !== b[0] || document.body.dataset.review !== b[1]", arg=before)

    def hold_bot(self) -> None:
        """From now on the page applies no answer of the bot until :meth:`release_bot`: a test of
        what happens while the bot thinks never races it (game_head.html, window.dvonnBotGate)."""
        self.page.evaluate("() => { window.dvonnHoldBot = new Promise(done => { window.dvonnReleaseBot = done; }); }")

    def release_bot(self) -> None:
        """Let the bot's held answer (and every later one) through."""
        self.page.evaluate("window.dvonnReleaseBot(); window.dvonnHoldBot = null")

    def screenshot(self, path: Any) -> None:
        self.page.screenshot(path=str(path), full_page=True)


class App(GamePage):
    """The DVONN page (index.html)."""

    NAME = "dvonn"
    PATH = ""
    SAVE_KEY = "dvonn.saved-game"
    FIRST = "white"
    DOWNLOAD_NAME = "dvonn-game.txt"
    EMBED_SRC = "embed.html?position="
    SCORED_PHASES = ("movement", "over")
    HINT_CLASSES = ("hint-from", "hint")
    BETTER_CLASSES = ("better-from", "better")
    #: A real game that ends (cut-off stacks removed three times, a pass), and a real game.
    REVIEW_GAME = recorded_game("DV-BestBot-tavis-2009-10-08-2028.sgf")
    ANALYSIS_GAME = recorded_game("DV-Aeacus-Dumbot-2008-10-28-0001.sgf")
    #: A line of placements, and a placement that is legal after its first four.
    LINE: ClassVar[list[str]] = ["F3", "C3", "I3", "E3", "A1", "B1"]
    BRANCH = "K3"
    #: What the analysis says when no position could be scored (placement only).
    NOTHING_SCORED = "No stack move to score yet."

    def rules(self, position: str | None = None) -> Game:
        return Game() if position is None else Game.from_position(position)

    def marks_of(self, move: str, cls: str) -> dict[str, list[str]]:
        return {cls + "-from": [move[:2]], cls: [move[2:]]} if len(move) == 4 else {cls: [move]}

    def record_of(self, moves: list[str]) -> str:
        return record.write(record.read(" ".join(moves)))

    def score(self) -> tuple[int, int]:
        return int(self.text("score-white")), int(self.text("score-black"))

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

    def new_midgame(self) -> None:
        self.new_game(white="human", black="human", random_setup=True)

    def begin_and_take_back(self, position: str) -> None:
        """A stack picked up (marked as selected), then put down again."""
        movable = sorted({str(m)[:2] for m in self.rules(position).legal_moves()})
        self.click(movable[0])
        assert self.cells_with_class("selected") == [movable[0]]
        self.click(movable[0])
        assert self.cells_with_class("selected") == [] and self.position() == position

    def simple_move(self) -> str:
        return str(self.game().legal_moves()[0])

    def bot_thinks(self) -> str:
        """White (the bot) moves first in a random setup."""
        self.new_game(white="bot", black="human", level="hard", random_setup=True)
        return "black"


#: A game of Diamonds & Pivots with a blunder in it, made for the analysis: the easy bot's
#: self-play (seed 11), chains with spaces and named partners included, until move 25, where
#: Black passes instead of dropping; White then captures with a chain of four pivots.  The
#: bot scores the pass as a loss of 9.5 to 11 stones at budgets from 0.01 s to 0.5 s a
#: position (CPython), far over the blunder's 5: a blunder whatever the machine's speed.
DIAMONDS_GAME = ["e1", "e9", "c7", "b9", "c3", "d3", "d2", "e5", "b5", "f2", "g3", "b7", "f1", "e2", "e3", "a7",
                 "f3", "a8", "g2", "b6 b6>e3 d3/f2>a6 d3>g3", "e2 e2>b5", "f4", "b4 d3>g3", "f5", "pass",
                 "e4 e5>b5 a6>d6 d5>a5 b5/a6>e2"]
DIAMONDS_BLUNDER = 25  # the move number of Black's pass


class DiamondsApp(GamePage):
    """The Diamonds & Pivots page (diamonds.html)."""

    NAME = "diamonds"
    PATH = "diamonds.html"
    SAVE_KEY = "diamonds.saved-game"
    FIRST = "black"
    DOWNLOAD_NAME = "diamonds-game.txt"
    EMBED_SRC = "embed.html?game=diamonds&amp;position="
    REVIEW_GAME = ANALYSIS_GAME = DIAMONDS_GAME
    SCORED_PHASES = ("play", "over")
    LINE: ClassVar[list[str]] = ["e5", "d4", "c3", "g3", "a5", "i1"]
    BRANCH = "b6"
    #: Drops after which Black can form a diamond with d7 ({d6 d7 e5 e6}); White never swaps.
    MIDGAME: ClassVar[list[str]] = ["e5", "a5", "e6", "a6", "d6", "a7"]

    def open(self, fragment: str = "") -> None:
        """Go to the page (a ``#record=`` / ``#position=`` link: the page drops the fragment
        once it has read it)."""
        GamePage.open(self, fragment)
        if fragment:
            self.page.wait_for_function("location.hash === ''")

    def rules(self, position: str | None = None) -> DiamondsGame:
        return DiamondsGame() if position is None else DiamondsGame.from_position(position)

    def is_legal(self, move: str, position: str) -> bool:
        """Asked of the lazy list itself: listing a position's turns can be too many to hold."""
        return move in self.rules(position).legal_moves()

    def scored(self, position: str) -> bool:
        """Not the empty board: the bot's first drop there is a book move (a corner), not a search."""
        return GamePage.scored(self, position) and position != DiamondsGame().position()

    def marks_of(self, move: str, cls: str) -> dict[str, list[str]]:
        """A turn is marked on its drop and each pivot's line end; a pass or a swap on no cell."""
        words = move.split()
        cells = [w.split(">")[1] for w in words if ">" in w]
        if words and re.fullmatch(r"[a-i][1-9]", words[0]):
            cells.append(words[0])
        return {cls: sorted(set(cells))} if cells else {}

    def record_of(self, moves: list[str]) -> str:
        game = DiamondsGame()
        for move in moves:
            game.play(move)
        return game.record()

    def score(self) -> tuple[int, int]:
        return int(self.text("score-black")), int(self.text("score-white"))

    def play(self, move: str) -> None:
        """Play a turn text by clicks: the drop, then for each pivot the pivot (again, until
        its line end is offered, for a pivot in two diamonds), the line end twice; or a button."""
        before = self.position()
        assert self.is_legal(move, before), f"{move} at {before}"
        played = len(self.history())
        words = move.split()
        if words[0] in ("pass", "swap"):
            self.page.get_by_test_id(words[0]).click()
        else:
            self.click(words[0])
            for word in words[1:]:
                pivot, far = word.split("/")[0].split(">")[0], word.split(">")[1]
                self.click(pivot)
                for _ in range(3):
                    if far in self.cells_with_class("target"):
                        break
                    self.click(pivot)
                self.click(far)
                self.click(far)
        self.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)
        history = self.history()  # the bot may have answered already
        assert len(history) > played and history[played] == move, f"{move} played by clicks: {history}"

    def new_game(self, white: str = "human", black: str = "human", level: str = "easy",
                 random_setup: bool = False) -> None:
        assert not random_setup, "Diamonds & Pivots has no random setup"
        self.page.get_by_test_id("black-player").select_option(black)
        self.page.get_by_test_id("white-player").select_option(white)
        self.page.get_by_test_id("level").select_option(level)
        self.page.get_by_test_id("new-game").click()
        if black == "human":
            self.page.wait_for_function("p => document.body.dataset.position === p", arg=DiamondsGame().position())

    def new_midgame(self) -> None:
        self.new_game()
        for move in self.MIDGAME:
            self.play(move)

    def begin_and_take_back(self, position: str) -> None:
        """A drop that forms a diamond (the turn is being built: its pivots offered), then Undo."""
        game = self.rules(position)
        drop = next(m.split()[0] for m in map(str, game.legal_moves()) if ">" in m)
        self.click(drop)
        self.page.wait_for_function("d => document.body.dataset.turn === d", arg=drop)
        assert self.cells_with_class("pivotable") and self.position() == position
        self.page.get_by_test_id("undo").click()
        self.page.wait_for_function("document.body.dataset.turn === ''")
        assert self.cells_with_class("pivotable") == [] and self.position() == position

    def simple_move(self) -> str:
        """A drop that forms no diamond (one click)."""
        return next(m for m in map(str, self.game().legal_moves()) if re.fullmatch(r"[a-i][1-9]", m))

    def bot_thinks(self) -> str:
        """The human (Black) drops in a corner: too weak for the bot (White) to swap at once, so it searches."""
        self.new_game(black="human", white="bot", level="hard")
        self.click("a5")
        return "black"


GAMES: dict[str, type[GamePage]] = {"dvonn": App, "diamonds": DiamondsApp}


def network_is_off(page: Any) -> bool:
    """Whether the page really cannot reach the network: a file no cache holds cannot be fetched
    (a 404 would still be fetched).  navigator.onLine is no proof: some Chromium builds keep it
    true under Playwright's offline emulation."""
    script = "fetch('./not-cached-%d.txt').then(() => 'fetched', () => 'failed')" % time.time_ns()
    return bool(page.evaluate(script) == "failed")
