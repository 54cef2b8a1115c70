"""The board editor (editor.html, diamonds-editor.html) in Debian chromium, on a phone and a
desktop: a position given as a string is set up by clicks and the editor's position string is
that string; an impossible position says why and exports no playable link but a diagram; the
exported link opens the game page at that position and the bot plays from it; the exported SVG
file is byte for byte what ``python -m dvonn_core svg`` writes; the embed code opens an embed
showing the position; a string that does not read leaves the board as it was; the game page's
"Edit this position" opens the editor on the position shown (in review too) and the game is
unchanged on the way back; axe finds nothing."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from dvonn_core import Game
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds.board import CELLS as DIAMONDS_CELLS
from dvonn_core.diamonds.position import parse_position
from dvonn_core.diamonds.svg import render as diamonds_svg
from dvonn_core.dvonn import position as dvonn_position
from dvonn_core.dvonn.board import CELLS
from dvonn_core.dvonn.svg import render as dvonn_svg

from .app import App, DiamondsApp, GamePage
from .axe import summary, violations
from .doc_helpers import Watch, cells_with_class

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
TOOL_OF = {"w": "white", "b": "black", "d": "dvonn"}


class DvonnEditor:
    """The DVONN editor as a test drives it."""

    NAME = "dvonn"
    PATH = "editor.html"
    GAME_PAGE = "index.html"
    EMBED = "embed.html"
    #: A movement position with stacks of mixed colours, Black to move; a placement position.
    POSITIONS = ("9-3D6-4bwW2B3-3DWBD3-9.b", "D1D3B2-10-2D8-10-9.wp")
    #: A position White (human on the game page) moves in, then the bot (Black) answers.
    PLAY_FROM = "9-3D6-4bwW2B3-3DWBD3-9.w"
    BOT_SIDE = "black"
    #: An impossible position (cut off from every DVONN piece: A1), its reason, and its stacks.
    IMPOSSIBLE = "W8-3D6-4bwW2B3-3DWBD3-9.w"
    REASON = "A1 is cut off from every DVONN piece"
    CELL_A, CELL_B = "E3", "H3"
    GERMAN_REASON = "A1 ist von jedem DVONN-Stein abgeschnitten"

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def open(self, fragment: str = "") -> None:
        self.page.goto(self.base_url + self.PATH + fragment)
        self.page.wait_for_function("document.body.dataset.ready === 'true'")

    def position(self) -> str:
        return str(self.page.evaluate("document.body.dataset.position"))

    def field(self) -> str:
        return str(self.page.get_by_test_id("editor-position").input_value())

    def tool(self, name: str) -> None:
        self.page.get_by_test_id("editor-tool-" + name).click()

    def tap(self, cell: str) -> None:
        self.page.locator(f'[data-cell="{cell}"]').click()

    def set_up(self, text: str) -> None:
        """Set up the position ``text`` by clicks: from the empty board, each stack bottom to top."""
        self.page.get_by_test_id("editor-start-empty").click()
        stacks, turn, placing = dvonn_position.parse(text, checked=False)
        for cell, stack in zip(CELLS, stacks, strict=True):
            for piece in stack:
                self.tool(TOOL_OF[piece])
                self.tap(cell)
        self.page.get_by_test_id("editor-side").select_option("white" if turn == 0 else "black")
        self.page.get_by_test_id("editor-phase").select_option("placement" if placing else "movement")

    def svg(self, position: str, *options: str) -> str:
        """What ``python -m dvonn_core svg`` writes for ``position`` with ``options``."""
        out = subprocess.run([sys.executable, "-m", "dvonn_core", "svg", position, *options], capture_output=True,
                             text=True, cwd=ROOT, check=True)
        return out.stdout

    def diagram(self, position: str) -> str:
        """The library's diagram of a position that cannot be played (from its stacks)."""
        return dvonn_svg(dvonn_position.parse(position, checked=False)[0])

    def core(self, position: str | None) -> Any:
        return Game() if position is None else Game.from_position(position)

    def after_a_move(self, app_page: Any) -> None:
        """Play White's first legal move by clicks on the game page."""
        driver = App(app_page, self.base_url)
        move = str(Game.from_position(driver.position()).legal_moves()[0])
        driver.play(move)


class DiamondsEditor(DvonnEditor):
    """The Diamonds & Pivots editor."""

    NAME = "diamonds"
    PATH = "diamonds-editor.html"
    GAME_PAGE = "diamonds.html"
    POSITIONS = ("5-2bb2-2b4-8-4w4-3w4-7-1w4-5.b", "5-6-7-8-4b4-8-7-6-5.ws")
    PLAY_FROM = "5-2bb2-2b4-8-4w4-3w4-7-1w4-5.b"
    BOT_SIDE = "white"
    IMPOSSIBLE = "5-6-7-8-3wb4-8-7-6-5.ws"
    REASON = "this board has 1 black and 1 white"
    CELL_A, CELL_B = "e5", "d4"

    def set_up(self, text: str) -> None:
        self.page.get_by_test_id("editor-start-empty").click()
        game = text.rpartition(".")[0]
        black, white = parse_position(game + ".b" if text.endswith("s") else text)[:2]
        for i, cell in enumerate(DIAMONDS_CELLS):
            for colour, bits in (("black", black), ("white", white)):
                if bits >> i & 1:
                    self.tool(colour)
                    self.tap(cell)
        side = text.rpartition(".")[2]
        self.page.get_by_test_id("editor-side").select_option("white" if side[0] == "w" else "black")
        self.page.get_by_test_id("editor-swap").select_option("yes" if "s" in side else "no")

    def svg(self, position: str, *options: str) -> str:
        return DvonnEditor.svg(self, position, "--game", "diamonds", *options)

    def diagram(self, position: str) -> str:
        black, white = parse_position(position.replace(".ws", ".w"))[:2]
        return diamonds_svg(["b" if black >> i & 1 else "w" if white >> i & 1 else "" for i in range(61)])

    def core(self, position: str | None) -> Any:
        return DiamondsGame() if position is None else DiamondsGame.from_position(position)

    def after_a_move(self, app_page: Any) -> None:
        """Black's drop on an empty cell that makes no diamond (one click ends the turn), then confirm if asked."""
        driver = DiamondsApp(app_page, self.base_url)
        game = DiamondsGame.from_position(driver.position())
        move = next(str(m) for m in game.legal_moves() if " " not in str(m) and str(m) not in ("pass", "swap"))
        driver.play(move)


EDITORS = {"dvonn": DvonnEditor, "diamonds": DiamondsEditor}


@pytest.fixture(params=list(SIZES))
def size(request: Any) -> str:
    return str(request.param)


@pytest.fixture(params=list(EDITORS))
def editor(request: Any, page: Any, base_url: str, size: str) -> Iterator[Any]:
    page.set_viewport_size(SIZES[size])
    watch = Watch(page, base_url)
    driver = EDITORS[request.param](page, base_url)
    driver.open()
    yield driver
    if page.url.split("#")[0].endswith(driver.PATH):
        watch.check()  # (the game page loads Pyodide for its bot: its own tests check it)
    else:
        assert not watch.errors, watch.errors


def test_a_position_given_as_a_string_is_set_up_by_clicks(editor: Any, size: str, artifacts: Path) -> None:
    for text in editor.POSITIONS:
        editor.set_up(text)
        assert editor.field() == text
        assert editor.position() == text
        assert editor.page.evaluate("document.body.dataset.playable") == "true"
        assert not editor.page.get_by_test_id("editor-error").is_visible()
    editor.page.screenshot(path=str(artifacts / f"editor-{editor.NAME}-{size}.png"), full_page=True)


@pytest.mark.parametrize("size", ["desktop"], indirect=True)  # the keyboard and the removal tools: once,
@pytest.mark.parametrize("editor", ["dvonn"], indirect=True)  # on the desktop, DVONN's stacks
def test_taps_take_pieces_off_and_clear_and_keys_work(editor: Any, size: str) -> None:
    editor.page.get_by_test_id("editor-start-empty").click()
    for tool in ("dvonn", "white", "black"):
        editor.tool(tool)
        editor.tap("E3")
    assert editor.field().split("-")[2] == "4dwB6"
    editor.tool("remove")
    editor.tap("E3")
    assert editor.field().split("-")[2] == "4dW6"
    editor.tool("clear")
    editor.tap("E3")
    assert editor.field() == "9-10-11-10-9.wp"
    # By keyboard: to E3, the arrow right to F3, Enter puts a black piece there.
    editor.tool("black")
    editor.page.locator('[data-cell="E3"]').focus()
    editor.page.keyboard.press("ArrowRight")
    editor.page.keyboard.press("Enter")
    assert editor.field() == "9-10-5B5-10-9.wp"


def test_an_impossible_position_says_why_and_exports_a_diagram_but_no_link(editor: Any, size: str) -> None:
    page = editor.page
    editor.set_up(editor.IMPOSSIBLE)
    assert editor.field() == editor.IMPOSSIBLE
    error = page.get_by_test_id("editor-error")
    assert error.is_visible() and editor.REASON in error.inner_text()
    assert page.evaluate("document.body.dataset.playable") == "false"
    link = page.get_by_test_id("export-link")
    assert link.get_attribute("href") is None and link.get_attribute("aria-disabled") == "true"
    assert page.get_by_test_id("export-embed").input_value() == ""
    assert page.get_by_test_id("editor-playable").is_visible()
    with page.expect_download() as info:
        page.get_by_test_id("export-svg").click()
    download = info.value
    assert "diagram" in download.suggested_filename
    assert Path(download.path()).read_text() == editor.diagram(editor.IMPOSSIBLE)


@pytest.mark.parametrize("size", ["desktop"], indirect=True)  # the game page's bot: once, on the desktop
def test_the_exported_link_opens_the_game_page_there_and_the_bot_plays(editor: Any, size: str) -> None:
    """(The game page loads the bot in Pyodide: the watch's check is the game page's.)"""
    page = editor.page
    field = page.get_by_test_id("editor-position")
    field.fill(editor.PLAY_FROM)
    field.press("Enter")
    assert editor.position() == editor.PLAY_FROM
    href = page.get_by_test_id("export-link").get_attribute("href")
    assert href == editor.GAME_PAGE + "#position=" + editor.PLAY_FROM
    assert page.get_by_test_id("share-link").input_value() == editor.base_url + href
    page.get_by_test_id("export-link").click()
    page.wait_for_function("document.body.dataset.ready === 'true' && document.body.dataset.position !== undefined")
    assert page.evaluate("document.body.dataset.position") == editor.PLAY_FROM
    page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=60_000)
    page.get_by_test_id(editor.BOT_SIDE + "-player").select_option("bot")  # the bot takes that side at once
    editor.after_a_move(page)
    page.wait_for_function("document.querySelectorAll('[data-testid=\"history\"] li').length >= 2", timeout=60_000)
    items = page.locator('[data-testid="history"] li').all_inner_texts()
    mine, bots = (item.split(".", 1)[1].strip() for item in items[:2])  # my move, then the bot's
    game = editor.core(editor.PLAY_FROM)
    game.play(mine)
    assert game.to_move == editor.BOT_SIDE
    game.play(bots)  # a legal move of the bot's side, from there


def test_the_svg_file_is_what_the_library_writes(editor: Any, size: str) -> None:
    page = editor.page
    text = editor.POSITIONS[0]
    editor.page.get_by_test_id("editor-position").fill(text)
    editor.page.get_by_test_id("editor-position").press("Enter")
    a, b = editor.CELL_A, editor.CELL_B
    for options in ((), ("--highlight", f"{a},{b}", "--caption", "White's stack of 3 — cut!", "--flip", "--no-labels")):
        if options:
            editor.tool("highlight")
            editor.tap(b)
            editor.tap(a)
            page.get_by_test_id("embed-caption").fill("White's stack of 3 — cut!")
            page.get_by_test_id("embed-flip").check()
            page.get_by_test_id("embed-labels").uncheck()
            assert cells_with_class(page, "lit") == sorted([a, b])
        with page.expect_download() as info:
            page.get_by_test_id("export-svg").click()
        assert Path(info.value.path()).read_bytes() == editor.svg(text, *options).encode()


def test_the_embed_code_opens_an_embed_showing_the_position(editor: Any, size: str) -> None:
    page = editor.page
    text = editor.POSITIONS[0]
    page.get_by_test_id("editor-position").fill(text)
    page.get_by_test_id("editor-position").press("Enter")
    editor.tool("highlight")
    editor.tap(editor.CELL_A)
    page.get_by_test_id("embed-caption").fill("A stack of three")
    code = page.get_by_test_id("export-embed").input_value()
    src = unescape(re.search(r'src="([^"]+)"', code).group(1))  # type: ignore[union-attr]
    assert src.startswith(editor.base_url + editor.EMBED + "?")
    page.goto(src)
    page.wait_for_function("document.body.dataset.ready === 'true'")
    assert page.evaluate("document.body.dataset.position") == text
    assert cells_with_class(page, "hl") == [editor.CELL_A]
    assert page.get_by_test_id("caption").inner_text() == "A stack of three"


def test_a_string_that_does_not_read_leaves_the_board_as_it_was(editor: Any, size: str) -> None:
    page = editor.page
    before = editor.position()
    field = page.get_by_test_id("editor-position")
    for bad in ("9-10-11-10.w", "9-10-11-10-9.x", "x" * 5000):
        field.fill(bad)
        field.press("Enter")
        error = page.get_by_test_id("editor-error")
        assert error.is_visible() and "unchanged" in error.inner_text()
        assert editor.position() == before
    # An address that does not read: the board at the game's start, the reason shown.
    editor.open("#position=9-10-11-10.w")
    assert "unchanged" in page.get_by_test_id("editor-error").inner_text()
    assert editor.position() == editor.core(None).position()


def test_the_editor_has_no_axe_violation(editor: Any, size: str) -> None:
    page = editor.page
    found = violations(page)
    assert not found, summary(found)
    editor.set_up(editor.IMPOSSIBLE)
    found = violations(page)
    assert not found, summary(found)


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "bypass_csp": True, "accept_downloads": True}


def test_the_game_page_opens_the_editor_on_the_position_shown_and_keeps_its_game(game: GamePage) -> None:
    app, page = game, game.page
    app.new_game(white="human", black="human")
    for move in app.LINE:
        app.play(move)
    live = app.position()
    page.get_by_test_id("review-back").click()
    page.get_by_test_id("review-back").click()
    shown = app.position()
    assert shown != live and app.review()
    page.get_by_test_id("open-editor").click()
    page.wait_for_function("document.body.dataset.ready === 'true' && location.pathname.endsWith('editor.html')")
    assert page.evaluate("document.body.dataset.position") == shown
    assert page.get_by_test_id("editor-position").input_value() == shown
    page.get_by_test_id("editor-back").click()
    page.wait_for_function("document.body.dataset.ready === 'true' && !location.pathname.endsWith('editor.html')")
    assert app.position() == live
    assert app.history() == app.LINE


def test_the_editor_speaks_german(page: Any, base_url: str) -> None:
    watch = Watch(page, base_url)
    watch.open("de/editor.html#position=" + DvonnEditor.IMPOSSIBLE)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert DvonnEditor.GERMAN_REASON in page.get_by_test_id("editor-error").inner_text()
    watch.check()


@pytest.mark.parametrize("size", ["desktop"], indirect=True)
def test_a_refusal_and_the_boards_problem_are_two_messages(editor: Any, size: str) -> None:
    """Issue 56, defect 6: with an impossible position on the board, a string that does not read showed
    "...not 'x' A1 is cut off from every DVONN piece..." as one run of text."""
    page = editor.page
    editor.set_up(editor.IMPOSSIBLE)
    field = page.get_by_test_id("editor-position")
    field.fill(editor.IMPOSSIBLE.rpartition(".")[0] + ".x")
    field.press("Enter")
    lines = page.get_by_test_id("editor-error").inner_text().split("\n")
    assert len(lines) == 2 and "unchanged" in lines[0] and editor.REASON in lines[1], lines


@pytest.mark.parametrize("size", ["desktop"], indirect=True)
def test_the_copy_buttons_copy_what_the_board_shows_or_are_off(editor: Any, size: str) -> None:
    """Issue 56, defect 7: for a diagram, "Copy link" and "Copy embed code" copied nothing and said nothing;
    after a string that did not read, "Copy" copied that string and said "Position string copied." while the
    board showed another position."""
    page = editor.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=editor.base_url.rstrip("/"))

    def copied(testid: str) -> str:
        page.evaluate("navigator.clipboard.writeText('')")
        page.get_by_test_id(testid).click()
        page.wait_for_timeout(100)
        return str(page.evaluate("navigator.clipboard.readText()"))

    field = page.get_by_test_id("editor-position")
    field.fill(editor.PLAY_FROM)
    field.press("Enter")
    assert copied("copy-position") == editor.PLAY_FROM
    assert copied("copy-link") == editor.base_url + editor.GAME_PAGE + "#position=" + editor.PLAY_FROM
    assert copied("copy-embed").startswith("<iframe")
    field.fill("9-10-11-10.w")
    field.press("Enter")
    assert copied("copy-position") == editor.PLAY_FROM  # the board's, not the text that was not read
    notice = page.get_by_test_id("editor-notice").inner_text()
    assert editor.PLAY_FROM in notice and "not read" in notice, notice
    assert field.input_value() == "9-10-11-10.w"  # left as typed, to be corrected
    editor.set_up(editor.IMPOSSIBLE)
    for testid in ("copy-link", "copy-embed"):
        assert page.get_by_test_id(testid).is_disabled(), testid


@pytest.mark.parametrize("game", ["editor.html", "diamonds-editor.html"])
def test_a_string_that_does_not_read_is_said_in_german(page: Any, base_url: str, game: str) -> None:
    """Issue 56, defect 2: "...: position '9-10-11-10-8.wp': row 5 describes 8 cells but has 9" on de/editor.html."""
    watch = Watch(page, base_url)
    watch.open("de/" + game)
    field = page.get_by_test_id("editor-position")
    field.fill("9-10-11-10-8.wp" if game == "editor.html" else "5-6-7-8-9-8-7-6-4.b")
    field.press("Enter")
    error = page.get_by_test_id("editor-error").inner_text()
    assert "Reihe" in error and "row" not in error and "describes" not in error, error
    watch.check()
