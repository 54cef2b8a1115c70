"""The Diamonds & Pivots page (issue 10): a whole game by clicks, the pivots of the source's worked
example (a chain of two) with their preview and step undo, the pie rule, passing, undo/redo, the
save that survives a reload, links, import errors, keyboard play and a game against the bot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

from dvonn_core.diamonds import DiamondsGame

from .app import DiamondsApp, check_full_redraw, network_is_off
from .doc_helpers import check_requests

PAGE = "diamonds.html"
KEY = "diamonds.saved-game"
ASIDE = "diamonds.saved-game.unreadable"
LONG_CHAIN = Path(__file__).resolve().parents[1] / "data" / "diamonds" / "long-chain.txt"
#: The source's worked example: Black to move, b6 then c5>f5 then f5>i2.
EXAMPLE = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
#: Every cell taken, no diamond: the side to move can only pass.
FULL = "wbwwb-bwwbww-wwbwwbw-wbwwbwwb-bwwbwwbww-wbwwbwwb-wwbwwbw-bwwbww-wbwwb.b"


class Diamonds(DiamondsApp):
    """The page as these tests drive it: the common driver (app.py), with a drop, a button press
    and the marks of one class by shorter names."""

    def to_move(self) -> str:
        return str(self.page.evaluate("document.body.dataset.toMove"))

    def marked(self, cls: str) -> list[str]:
        return self.cells_with_class(cls)

    def diamonds_drawn(self) -> int:
        return int(self.page.evaluate("document.querySelectorAll('#board polygon.diamond').length"))

    def drop(self, cell: str) -> None:
        """A drop that forms no diamond: one click, then the position changes."""
        before = self.position()
        self.click(cell)
        self.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)


@pytest.fixture()
def dp(page, base_url: str, requests_seen: list[str]) -> Iterator[Diamonds]:  # type: ignore[no-untyped-def]
    """The page, loaded with a fresh hotseat game; afterwards, no request may have left the host
    and no error may have reached the page."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(30_000)
    app = Diamonds(page, base_url)
    app.open()
    app.new_game()
    yield app
    check_requests(base_url, requests_seen)
    assert not errors, f"errors on the page: {errors}"


def test_the_worked_example_chain_by_clicks_with_preview_and_step_undo(dp: Diamonds) -> None:
    dp.open("#position=" + EXAMPLE.position())
    assert dp.position() == EXAMPLE.position() and dp.to_move() == "black"
    dp.click("b6")  # the drop forms the diamond {b6 b7 c5 c6}
    dp.page.wait_for_function("document.body.dataset.turn === 'b6'")
    assert dp.position() == EXAMPLE.position()  # the game changes only once the turn is complete
    assert dp.diamonds_drawn() == 1
    assert dp.marked("pivotable") == ["b6", "b7", "c5", "c6"]
    assert "must pivot" in dp.status()
    dp.click("c5")
    assert dp.marked("selected") == ["c5"] and dp.marked("target") == ["c8", "f2", "f5"]
    dp.click("f5")  # previewed: the stones would land on d5 e5 f5, capturing nothing
    assert dp.marked("line") == ["d5", "e5", "f5"] and dp.marked("doomed") == []
    assert dp.page.get_by_test_id("confirm").is_visible()
    dp.click("f5")  # clicked again: laid down
    dp.page.wait_for_function("document.body.dataset.turn === 'b6 c5>f5'")
    assert dp.diamonds_drawn() == 2  # {d5 d6 e5 e6} and {d6 e5 e6 f5}: the chain goes on
    dp.click("f5")
    dp.click("i2")
    assert dp.marked("doomed") == ["h3", "i2"]  # the white stones the pivot would capture
    assert "captures h3 i2" in dp.status()
    # Take back steps within the turn: the line end, the pivot, then the first pivot.
    dp.page.get_by_test_id("undo").click()
    assert dp.marked("doomed") == [] and dp.marked("selected") == ["f5"]
    dp.page.get_by_test_id("undo").click()
    assert dp.marked("selected") == []
    dp.page.get_by_test_id("undo").click()
    dp.page.wait_for_function("document.body.dataset.turn === 'b6'")
    assert dp.diamonds_drawn() == 1
    # Again, and this time confirm with the button.
    for cell in ("c5", "f5", "f5", "f5", "i2"):
        dp.click(cell)
    before = dp.position()
    dp.page.get_by_test_id("confirm").click()
    dp.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)
    expected = DiamondsGame.from_position(EXAMPLE.position())
    expected.play("b6 c5>f5 f5>i2")
    assert dp.position() == expected.position()
    assert dp.history() == ["b6 c5>f5 f5>i2"]
    assert (dp.text("score-black"), dp.text("score-white")) == ("6", "3")
    assert dp.to_move() == "white" and dp.diamonds_drawn() == 0


def test_a_whole_hotseat_game_with_the_swap_and_the_end(dp: Diamonds) -> None:
    assert not dp.page.get_by_test_id("swap").is_visible()
    dp.drop("a5")  # a weak first drop (a corner)...
    assert dp.to_move() == "white"
    assert dp.page.get_by_test_id("swap").is_visible() and "swap" in dp.status()
    dp.press("swap")  # ...so White takes it: the colours change hands, White still moves
    assert dp.to_move() == "white" and not dp.page.get_by_test_id("swap").is_visible()
    game = DiamondsGame()
    for move in ("a5", "swap"):
        game.play(move)
    for cell in ("e5", "e6", "d5", "i5", "d6"):  # White, Black, White, Black, White
        dp.drop(cell)
        game.play(cell)
    assert dp.position() == game.position()
    dp.drop("a9")  # Black
    game.play("a9")
    dp.press("pass")  # White passes; then Black passes: the game is over
    dp.press("pass")
    for move in ("pass", "pass"):
        game.play(move)
    assert dp.position() == game.position() and game.phase == "over"
    assert dp.history() == ["a5", "swap", "e5", "e6", "d5", "i5", "d6", "a9", "pass", "pass"]
    black, white = game.score()
    assert (black, white, game.winner()) == (4, 3, "black")  # a5 e6 i5 a9 against e5 d5 d6
    assert dp.status() == "Game over: Black wins, 4 to 3."
    assert (dp.text("score-black"), dp.text("score-white")) == ("4", "3")
    assert dp.page.get_by_test_id("pass").is_disabled()
    assert dp.marked("droppable") == []


def test_a_drop_that_forms_a_diamond_in_play(dp: Diamonds) -> None:
    """From the empty board: Black builds a diamond and must pivot before White moves."""
    for cell in ("e5", "a5", "e6", "a6", "d6", "a7"):
        dp.drop(cell)
    dp.click("d7")  # {d6 d7 e5 e6}: a diamond
    dp.page.wait_for_function("document.body.dataset.turn === 'd7'")
    assert dp.to_move() == "black" and dp.page.get_by_test_id("pass").is_disabled()
    pivot = dp.marked("pivotable")[0]
    dp.click(pivot)
    far = dp.marked("target")[0]
    dp.click(far)
    dp.click(far)
    dp.page.wait_for_function("document.body.dataset.toMove === 'white'")
    assert dp.history()[-1].startswith("d7 %s>%s" % (pivot, far))


def test_a_forced_pass_is_said(dp: Diamonds) -> None:
    dp.open("#position=" + FULL)
    assert "no empty cell is left" in dp.status() and "must pass" in dp.status()
    assert dp.marked("droppable") == []
    dp.press("pass")
    assert dp.to_move() == "white" and dp.history() == ["pass"]


def test_undo_redo(dp: Diamonds) -> None:
    for cell in ("e5", "d4", "c3"):
        dp.drop(cell)
    dp.press("undo")
    assert dp.history() == ["e5", "d4"] and dp.page.get_by_test_id("redo").is_enabled()
    dp.press("undo")
    dp.press("redo")
    dp.press("redo")
    assert dp.history() == ["e5", "d4", "c3"] and dp.page.get_by_test_id("redo").is_disabled()
    dp.press("undo")
    dp.drop("g3")  # a new move forgets what could be redone
    assert dp.page.get_by_test_id("redo").is_disabled()
    assert dp.history() == ["e5", "d4", "g3"]


def test_reload_restores_the_game_and_a_corrupt_save_is_kept_aside(dp: Diamonds) -> None:
    for cell in ("e5", "swap", "d4"):
        if cell == "swap":
            dp.press("swap")
        else:
            dp.drop(cell)
    a5 = dp.page.locator('[data-cell="a5"]').get_attribute("transform")
    dp.page.get_by_test_id("flip").click()
    assert dp.page.locator('[data-cell="a5"]').get_attribute("transform") != a5  # turned round
    position = dp.position()
    dp.page.reload()
    dp.wait_ready()
    assert dp.position() == position and dp.history() == ["e5", "swap", "d4"]
    assert dp.page.evaluate("document.body.dataset.flipped") == "true"
    assert dp.page.locator('[data-cell="a5"]').get_attribute("transform") != a5
    assert dp.page.get_by_test_id("undo").is_enabled()
    # The DVONN page's save is another key: untouched.
    assert dp.page.evaluate("localStorage.getItem('dvonn.saved-game')") is None
    dp.page.evaluate("key => localStorage.setItem(key, '{\"kind\": \"diamonds-saved-game\", broken')", KEY)
    dp.page.reload()
    dp.wait_ready()
    assert "could not be restored" in dp.notice() and ASIDE in dp.notice()
    assert dp.position() == DiamondsGame().position()
    assert dp.page.evaluate("key => localStorage.getItem(key)", ASIDE).endswith("broken")


def test_the_long_chain_turn_opens_from_a_link_and_plays_on(dp: Diamonds) -> None:
    """The 288-pivot turn of tests/data/diamonds/long-chain.txt (2,582 characters) in a
    ``#record=`` link: the page accepts it as the library does, and the game goes on."""
    position, turn = LONG_CHAIN.read_text().splitlines()[:2]
    game = DiamondsGame.from_position(position)
    game.play(turn)
    dp.page.goto(dp.base_url + PAGE + "#record=" + quote(game.record()))
    dp.page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
    assert dp.history() == [turn] and "Opened the game in the link (1 move)" in dp.notice()
    reply = next(m for m in map(str, game.legal_moves()) if " " not in m)  # a drop that pivots nothing
    dp.drop(reply)
    game.play(reply)
    assert dp.position() == game.position()


def test_links_open_a_game_and_a_bad_link_is_named(dp: Diamonds) -> None:
    dp.drop("i5")  # the game on screen, kept when a link replaces it
    game = DiamondsGame.from_record("e5 swap d4 c3")
    dp.page.goto(dp.base_url + PAGE + "#record=" + quote(game.record()))  # a hashchange on the open page
    dp.page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
    assert dp.history() == ["e5", "swap", "d4", "c3"]
    assert "Opened the game in the link (4 moves)" in dp.notice()
    assert "#" not in dp.page.url  # a reload continues the saved game, not the link
    dp.page.reload()
    dp.wait_ready()
    assert dp.history() == ["e5", "swap", "d4", "c3"] and dp.notice() == ""
    dp.press("previous-game")
    assert dp.history() == ["i5"]
    dp.press("previous-game")  # and back again: neither game is lost
    assert dp.history() == ["e5", "swap", "d4", "c3"]
    dp.page.get_by_test_id("share").click()
    link = dp.page.get_by_test_id("share-box").input_value()
    assert "#record=" in link
    dp.drop("a5")
    dp.page.goto(link)  # a hashchange on the same page
    dp.page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
    before = dp.position()
    dp.page.goto(dp.base_url + PAGE + "#position=5-6-7.b")
    dp.page.wait_for_function(
        "document.querySelector('[data-testid=notice]').textContent"
        ".includes('Could not read the position in the link')")
    assert dp.position() == before and "position" in dp.notice()
    dp.page.goto(dp.base_url + PAGE + "#record=" + "e5%20" * 20000)  # 100 KB: refused unread
    dp.page.wait_for_function("document.querySelector('[data-testid=notice]').textContent.includes('at most')")
    assert dp.position() == before and "the link's record is 97 KB" in dp.notice()
    dp.page.goto(dp.base_url + PAGE + "#record=e5%ZZ")
    dp.page.wait_for_function("document.querySelector('[data-testid=notice]').textContent.includes('damaged')")
    assert dp.position() == before


def test_import_a_record_and_a_bad_one_is_named(dp: Diamonds) -> None:
    dp.drop("e5")
    before = dp.position()
    dp.page.get_by_test_id("import").click()
    dp.page.get_by_test_id("import-text").fill("e5 d4 d4")
    dp.page.get_by_test_id("import-paste").click()
    error = dp.page.get_by_test_id("import-error")
    error.wait_for(state="visible")
    assert "turn 3 (d4)" in error.inner_text() and "not empty" in error.inner_text()
    assert dp.position() == before  # the game on screen is intact
    dp.page.get_by_test_id("import-text").fill("1. a5\n2. swap\n3. e5\n")
    dp.page.get_by_test_id("import-paste").click()
    dp.page.wait_for_function("!document.querySelector('[data-testid=import-dialog]').open")
    assert dp.history() == ["a5", "swap", "e5"]
    dp.page.get_by_test_id("copy-record").click()
    record = dp.page.get_by_test_id("share-box").input_value()
    assert DiamondsGame.from_record(record).position() == dp.position()
    # Files: one that is not text, then a record and a position string.
    before = dp.position()
    dp.page.get_by_test_id("import").click()
    dp.page.get_by_test_id("import-file").set_input_files(
        files=[{"name": "photo.txt", "mimeType": "text/plain", "buffer": b"\xff\xfe\x00bad"}])
    error.wait_for(state="visible")
    assert "photo.txt" in error.inner_text() and "not a text file" in error.inner_text()
    dp.page.get_by_test_id("import-file").set_input_files(
        files=[{"name": "game.txt", "mimeType": "text/plain", "buffer": record.encode()}])
    dp.page.wait_for_function("!document.querySelector('[data-testid=import-dialog]').open")
    assert dp.position() == before and dp.history() == ["a5", "swap", "e5"]
    dp.page.get_by_test_id("import").click()
    dp.page.get_by_test_id("import-text").fill(EXAMPLE.position())
    dp.page.get_by_test_id("import-paste").click()
    dp.page.wait_for_function("p => document.body.dataset.position === p", arg=EXAMPLE.position())
    assert dp.history() == []


def test_download_the_record_and_open_the_file_again(dp: Diamonds, tmp_path: Any) -> None:
    dp.drop("a5")
    dp.page.get_by_test_id("swap").click()
    dp.drop("e5")
    with dp.page.expect_download() as info:
        dp.page.get_by_test_id("download").click()
    download = info.value
    assert download.suggested_filename == "diamonds-game.txt"
    path = tmp_path / "game.txt"
    download.save_as(str(path))
    record = path.read_text(encoding="utf-8")
    assert DiamondsGame.from_record(record).position() == dp.position()
    # The downloaded file opens again through Import (after a new game clears the board).
    expected = dp.position()
    dp.page.get_by_test_id("new-game").click()
    dp.page.wait_for_function("p => document.body.dataset.position !== p", arg=expected)
    dp.page.get_by_test_id("import").click()
    dp.page.get_by_test_id("import-file").set_input_files(str(path))
    dp.page.wait_for_function("p => document.body.dataset.position === p", arg=expected)
    assert dp.history() == ["a5", "swap", "e5"]


def test_keyboard_play(dp: Diamonds) -> None:
    dp.page.locator('[data-cell="e5"]').focus()
    dp.page.keyboard.press("ArrowRight")
    focused = dp.page.evaluate("document.activeElement.dataset.cell")
    assert focused == "e6"
    before = dp.position()
    dp.page.keyboard.press("Enter")
    dp.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)
    assert dp.history() == ["e6"]
    assert dp.page.evaluate("document.activeElement.dataset.cell") == "e6"
    dp.page.keyboard.press("ArrowDown")
    dp.page.keyboard.press(" ")
    dp.page.wait_for_function("document.body.dataset.toMove === 'black'")
    assert dp.history() == ["e6", "f6"]
    tabbable = dp.page.evaluate("document.querySelectorAll('#board [tabindex=\"0\"]').length")
    assert tabbable == 1
    # A pivot by keyboard: drop, pick a pivot, Escape drops it, pick again.
    dp.open("#position=" + EXAMPLE.position())
    dp.page.locator('[data-cell="b6"]').focus()
    dp.page.keyboard.press("Enter")
    dp.page.wait_for_function("document.body.dataset.turn === 'b6'")
    dp.page.keyboard.press("ArrowDown")
    assert dp.page.evaluate("document.activeElement.dataset.cell") == "c6"
    dp.page.keyboard.press("Enter")
    assert dp.marked("selected") == ["c6"]
    dp.page.keyboard.press("Escape")
    assert dp.marked("selected") == [] and dp.page.evaluate("document.activeElement.dataset.cell") == "c6"
    dp.page.keyboard.press("ArrowLeft")
    dp.page.keyboard.press(" ")
    assert dp.marked("selected") == ["c5"]


def test_against_the_bot(dp: Diamonds) -> None:
    dp.page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=90_000)
    dp.page.get_by_test_id("black-player").select_option("human")
    dp.page.get_by_test_id("white-player").select_option("bot")
    dp.page.get_by_test_id("level").select_option("hard")
    dp.page.get_by_test_id("new-game").click()
    dp.drop("e5")  # a strong first drop: the bot may swap it, then it moves again
    dp.page.wait_for_function("document.body.dataset.bot === 'ready' && document.body.dataset.toMove !== "
                              "'' && document.querySelectorAll('[data-testid=history] li').length >= 2 "
                              "&& !document.querySelector('[data-testid=status]').textContent.includes('thinking')",
                              timeout=30_000)
    history = dp.history()
    assert history[0] == "e5" and len(history) >= 2
    game = DiamondsGame()
    for move in history:
        game.play(move)
    assert dp.position() == game.position()
    assert "thinking" not in dp.status()  # the human holds the colour to move
    if history[1] == "swap":  # the pie rule: the colours changed hands, and the page says so
        assert "you now play White" in dp.notice() and dp.to_move() == "white"
    # Undo against the bot takes back its replies and the human's move.
    dp.press("undo")
    assert dp.history() == []


def test_the_two_games_link_to_each_other(dp: Diamonds) -> None:
    # (expect_navigation: until the new page has loaded, the old one, or none, is there to ask)
    with dp.page.expect_navigation():
        dp.page.get_by_role("navigation", name="Games").get_by_role("link", name="DVONN").click()
    dp.page.wait_for_function("document.body.dataset.ready === 'true' && document.title === 'DVONN'")
    with dp.page.expect_navigation():
        dp.page.get_by_role("navigation", name="Games").get_by_role("link", name="Diamonds & Pivots").click()
    dp.wait_ready()
    assert dp.page.url.endswith("/diamonds.html")
    with dp.page.expect_navigation():
        dp.page.get_by_role("link", name="The rules, with boards to try").click()
    dp.page.wait_for_function("document.body.dataset.ready === 'true' && document.body.dataset.boards === '5'")
    assert dp.page.url.endswith("/diamonds-rules.html")


def test_offline_after_one_visit_with_the_bot(dp: Diamonds, requests_seen: list[str]) -> None:
    page = dp.page
    page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=90_000)
    names = {urlsplit(u).path.rsplit("/", 1)[-1] for u in requests_seen}
    assert {"micropython.wasm", "pyodide.asm.wasm"} <= names
    # the diamonds bot is in the worker, imported in its start-up snapshot (no file of it is fetched)
    assert any(n.startswith("snapshot-") for n in names) and "bot.py" not in names
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.context.set_offline(True)
    try:
        page.reload()
        dp.wait_ready()
        page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=90_000)
        dp.new_game(black="bot", white="human", level="easy")
        page.wait_for_function("document.querySelectorAll('[data-testid=history] li').length === 1", timeout=60_000)
        assert dp.to_move() == "white" and network_is_off(page)
        page.goto(dp.base_url + "diamonds-rules.html")  # the rules page is precached too
        page.wait_for_function("document.body.dataset.ready === 'true'")
    finally:
        page.context.set_offline(False)


def test_two_tabs_never_overwrite_each_other(dp: Diamonds) -> None:
    dp.drop("e5")
    other = Diamonds(dp.page.context.new_page(), dp.base_url)
    other.open()
    assert other.history() == ["e5"]  # the saved game
    other.drop("d4")
    dp.page.get_by_test_id("tab-box").wait_for(state="visible")
    dp.drop("a5")  # this tab plays on, but no longer saves
    assert json_record(other).split()[-1] == "d4"
    dp.page.get_by_test_id("load-saved").click()
    dp.page.wait_for_function("document.querySelectorAll('[data-testid=history] li').length === 2")
    assert dp.history() == ["e5", "d4"] and not dp.page.get_by_test_id("tab-box").is_visible()
    dp.drop("c3")  # saving again
    other.page.get_by_test_id("tab-box").wait_for(state="visible")
    other.page.get_by_test_id("keep-this").click()
    assert "saved" in other.notice()
    assert json_record(dp).split()[-1] == "d4"
    other.page.close()


def json_record(dp: Diamonds) -> str:
    """The saved game's turns as a record (a stream of turns the library reads)."""
    return " ".join(dp.page.evaluate("key => JSON.parse(localStorage.getItem(key)).moves", KEY))


def test_a_whole_game_by_clicks_through_the_worked_example(dp: Diamonds) -> None:
    """From the empty board to the end, by clicks only: the stones of the source's example, its
    turn with a chain of two pivots, White's recommended reply on g2, then two passes."""
    black = ["b7", "c5", "c6", "d6", "e6"]
    white = ["h1", "h2", "h3", "h4", "i2"]
    for b, w in zip(black, white, strict=True):
        dp.drop(b)
        dp.drop(w)  # White never swaps here
    assert dp.position() == EXAMPLE.position()
    before = dp.position()
    for cell in ("b6", "c5", "f5", "f5", "f5", "i2", "i2"):
        dp.click(cell)
    dp.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)
    dp.drop("g2")
    dp.press("pass")
    dp.press("pass")
    game = DiamondsGame()
    moves = [m for pair in zip(black, white, strict=True) for m in pair] + ["b6 c5>f5 f5>i2", "g2", "pass", "pass"]
    for move in moves:
        game.play(move)
    assert dp.history() == moves and dp.position() == game.position()
    assert game.score() == (6, 4) and dp.status() == "Game over: Black wins, 6 to 4."
    # The record of the whole game round-trips through the library.
    dp.page.get_by_test_id("copy-record").click()
    record = dp.page.get_by_test_id("share-box").input_value()
    assert [str(m) for m in DiamondsGame.from_record(record).moves] == moves


def test_the_board_drawn_at_build_time_is_kept_and_redrawn_when_it_changes(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """build.py draws the board of a new game into diamonds.html; the page keeps it instead of
    drawing it again (issue 12): cells marked in the served HTML keep their mark until a move
    changes the board.  A saved game that is not the new game's board is drawn."""
    def mark(route: Any) -> None:
        body = route.fetch().text()
        assert body.count("data-drawn=") == 1
        marked = body.replace(' data-cell="', ' data-built data-cell="')
        assert marked.count("data-built") == 61
        route.fulfill(body=marked, headers={"content-type": "text/html; charset=utf-8"})

    page.route("**/" + PAGE, mark)
    d = Diamonds(page, base_url)
    d.open()
    assert page.locator("#board [data-cell][data-built]").count() == 61
    d.page.locator('#board [data-cell="e5"]').click()
    page.wait_for_function("document.body.dataset.toMove === 'white'")
    # The drop redrew the cell it changed; the others keep their elements (marks set in place).
    assert page.locator('#board [data-cell="e5"][data-built]').count() == 0
    assert page.locator('#board [data-cell="e5"].occ').count() == 1
    d.open()  # the saved game: its board is not the pre-rendered one
    assert page.locator("#board [data-cell][data-built]").count() == 0
    assert page.locator('#board [data-cell="e5"].occ').count() == 1


def board_and_list(page: Any) -> tuple[str, str]:
    return (str(page.evaluate("document.getElementById('board').innerHTML")),
            str(page.evaluate("document.querySelector('[data-testid=history]').innerHTML")))


def assert_same_as_full_redraw(dp: Diamonds) -> None:
    """Turning the board and back draws the whole board: the keyed redraw left the same DOM; so does a
    flip (see check_full_redraw)."""
    assert board_and_list(dp.page)[0].count("data-cell=") == 61
    check_full_redraw(dp.page, board_and_list)


def test_keyed_redraw_gives_the_full_redraw(dp: Diamonds) -> None:
    """A click redraws only the cells it changed and the outlines if they changed (issue 12); the
    board is the one a full redraw draws at every step of the worked example's turn, the
    drops before and after it, an undo and the keyboard focus."""
    dp.new_game()
    for i, (b, w) in enumerate(zip(EXAMPLE.stones("black"), EXAMPLE.stones("white"), strict=True)):
        dp.page.evaluate("() => { document.querySelector('[data-cell=a5]').__kept = true; }")
        dp.drop(b)
        if i == 0:
            assert_same_as_full_redraw(dp)
        else:  # a cell the drop did not change keeps its element
            assert dp.page.evaluate("() => document.querySelector('[data-cell=a5]').__kept === true")
        dp.drop(w)
    assert dp.position() == EXAMPLE.position()
    for cell in ("b6", "c5", "f5", "f5"):  # the drop, the pivot, the line end previewed, then confirmed
        dp.page.evaluate("() => { document.querySelector('[data-cell=f2]').__kept = true; }")
        dp.click(cell)
        if cell == "c5":  # the pivot chosen: f2 became a target, its marks alone changed, in place
            assert dp.page.locator('#board [data-cell="f2"]').get_attribute("class") == "cell empty target"
            assert dp.page.evaluate("() => document.querySelector('[data-cell=f2]').__kept === true")
        assert_same_as_full_redraw(dp)
    assert dp.diamonds_drawn() >= 1
    for cell in ("f5", "i2", "i2"):  # the chain's second pivot
        dp.click(cell)
    dp.page.wait_for_function("document.body.dataset.toMove === 'white'")
    assert_same_as_full_redraw(dp)
    dp.press("undo")  # the whole turn taken back, then played again
    assert_same_as_full_redraw(dp)
    dp.press("redo")
    assert_same_as_full_redraw(dp)
    dp.drop("g2")
    assert_same_as_full_redraw(dp)
    dp.page.locator('#board [data-cell="a5"]').focus()
    dp.page.keyboard.press("ArrowRight")
    assert dp.page.locator('#board [tabindex="0"]').count() == 1
    dp.page.keyboard.press("Enter")
    dp.page.wait_for_function("document.body.dataset.toMove === 'white'")
    assert dp.page.locator('#board [tabindex="0"]').count() == 1
    assert_same_as_full_redraw(dp)
