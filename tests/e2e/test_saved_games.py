"""Nothing is lost: the game in progress survives a reload, a saved game that cannot be trusted is
set aside (not deleted), games travel by link, file and clipboard, and bad input changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dvonn_core import Game, record

from .app import App, GamePage

DATA = Path(__file__).resolve().parents[1] / "data"
SGF = DATA / "sgf"
KEY = "dvonn.saved-game"
ASIDE = "dvonn.saved-game.unreadable"
PREVIOUS = "dvonn.saved-game.previous"


def saved(app: GamePage, key: str = KEY) -> Any:
    return app.page.evaluate("key => localStorage.getItem(key)", key)


def reload(app: GamePage) -> None:
    app.page.reload()
    app.wait_ready()


def buttons_state(app: App) -> tuple[bool, bool]:
    return (app.page.get_by_test_id("undo").is_enabled(), app.page.get_by_test_id("redo").is_enabled())


def expected_after_import(game: Game) -> Game:
    """What the page shows after opening ``game``: forced passes at its end are played."""
    game = game.copy()
    while game.phase != "over" and [str(m) for m in game.legal_moves()] == ["PASS"]:
        game.play("PASS")
    return game


def open_import(app: GamePage) -> None:
    app.page.get_by_test_id("import").click()
    assert app.page.get_by_test_id("import-dialog").is_visible()


def import_text(app: GamePage, text: str) -> None:
    open_import(app)
    app.page.get_by_test_id("import-text").fill(text)
    app.page.get_by_test_id("import-paste").click()


def import_file(app: GamePage, name: str, data: bytes) -> None:
    open_import(app)
    app.page.get_by_test_id("import-file").set_input_files(
        files=[{"name": name, "mimeType": "text/plain", "buffer": data}])


def wait_position(app: GamePage, position: str) -> None:
    app.page.wait_for_function("p => document.body.dataset.position === p", arg=position)


# -- play, reload, continue ---------------------------------------------------------------
def test_play_reload_and_continue_with_undo_and_redo(app: App, artifacts: Path) -> None:
    app.new_game(white="human", black="human")
    for move in ("F3", "C3", "I3", "E3"):
        app.play(move)
    app.page.get_by_test_id("undo").click()
    before = app.position()
    assert app.history() == ["F3", "C3", "I3"]
    reload(app)
    assert app.position() == before
    assert app.history() == ["F3", "C3", "I3"]
    assert buttons_state(app) == (True, True)
    assert app.notice() == ""
    app.page.get_by_test_id("redo").click()
    assert app.history() == ["F3", "C3", "I3", "E3"]
    app.play("A1")
    reload(app)
    assert app.history() == ["F3", "C3", "I3", "E3", "A1"]
    assert app.position() == record.read("F3 C3 I3 E3 A1").position()
    app.screenshot(artifacts / "saved-game-restored.png")


def test_players_bot_level_and_random_setup_are_restored(app: App) -> None:
    app.new_game(white="human", black="bot", level="hard", random_setup=True)
    position = app.position()
    app.page.get_by_test_id("flip").click()
    reload(app)
    assert app.position() == position
    page = app.page
    assert page.get_by_test_id("white-player").input_value() == "human"
    assert page.get_by_test_id("black-player").input_value() == "bot"
    assert page.get_by_test_id("level").input_value() == "hard"
    assert page.get_by_test_id("random-setup").is_checked()
    assert "Random setup" in app.text("history")
    data = json.loads(saved(app))
    assert data["players"] == {"white": "human", "black": "bot"} and data["level"] == "hard"
    assert data["flipped"] is True and data["format"] == 2 and data["options"] == {"random_setup": True}
    # The bot still answers after the reload.
    app.wait_bot_ready()
    app.play(str(app.game().legal_moves()[0]))
    page.wait_for_function("document.body.dataset.toMove === 'white' && document.body.dataset.bot === 'ready'",
                           timeout=60_000)
    assert len(app.history()) >= 2


# -- a saved game that cannot be trusted ------------------------------------------------------
def tamper(text: str, how: str, first: str) -> str:
    """The saved game ``text`` damaged in the way ``how`` (``first``: its first move)."""
    data = json.loads(text)
    if how == "broken":
        return text[: len(text) // 2]
    if how == "illegal":
        data["moves"][1] = first  # on a cell taken by the first move
    elif how == "older":
        data["format"] = 0
    elif how == "newer":
        data["format"] = 3
    return json.dumps(data)


@pytest.mark.parametrize("how, reason", [
    ("broken", "it is damaged (not valid JSON)"),
    ("illegal", "move 2 ({first}) cannot be played"),
    ("older", "it was saved in an unknown format (0)"),
    ("newer", "it was saved in a newer format (3; this page reads 2)"),
])
def test_a_corrupt_saved_game_is_kept_aside_and_a_fresh_game_starts(game: GamePage, artifacts: Path,
                                                                    how: str, reason: str) -> None:
    key, aside = game.SAVE_KEY, game.SAVE_KEY + ".unreadable"
    game.new_game()
    for move in game.LINE[:3]:
        game.play(move)
    bad = tamper(saved(game, key), how, game.LINE[0])
    game.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, bad])
    reload(game)
    notice = game.notice()
    assert notice.startswith("Your saved game could not be restored: " + reason.format(first=game.LINE[0]))
    assert f'kept in this browser under "{aside}"' in notice
    assert game.position() == game.rules().position() and game.history() == []
    assert saved(game, aside) == bad  # not deleted
    assert json.loads(saved(game, key))["moves"] == []  # the fresh game is saved in its place
    if how == "broken":
        game.screenshot(artifacts / f"saved-game-corrupt-{game.NAME}.png")
    # A second unreadable save does not overwrite the first one.
    game.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, "{also broken"])
    reload(game)
    assert f'"{aside}-2"' in game.notice()
    assert saved(game, aside) == bad and saved(game, aside + "-2") == "{also broken"


def test_a_huge_saved_game_is_kept_aside_without_being_read(app: App) -> None:
    junk = "x" * 1_000_000
    app.page.evaluate("([key, n]) => localStorage.setItem(key, 'x'.repeat(n))", [KEY, len(junk)])
    reload(app)
    assert app.notice().startswith("Your saved game could not be restored: it is too large (976 KB)")
    assert app.page.evaluate("key => localStorage.getItem(key).length", ASIDE) == len(junk)
    assert app.position() == Game().position()
    app.play("F3")


# -- share link ------------------------------------------------------------------------------------
def test_share_link_round_trip(app: App, base_url: str, artifacts: Path) -> None:
    moves = ["F3", "C3", "I3", "E3", "A1", "K3"]
    app.new_game()
    for move in moves:
        app.play(move)
    app.page.get_by_test_id("share").click()
    link = app.page.get_by_test_id("share-box").input_value()
    assert link.startswith(base_url + "#record=")
    assert app.notice() in ("Link copied: it opens this game.",
                            "Copy the link from the box under the board: it opens this game.")
    app.screenshot(artifacts / "share-link.png")
    # A friend opens the link in another browser (no saved game there).
    friend_context = app.page.context.browser.new_context()
    try:
        friend = App(friend_context.new_page(), base_url)
        friend.open(link[len(base_url):])
        assert friend.position() == app.position()
        assert friend.history() == moves
        assert friend.notice() == "Opened the game in the link (6 moves)."
        assert "#" not in friend.page.url  # a reload continues the saved game, not the link
        friend.play("B1")
        reload(friend)
        assert friend.history() == moves + ["B1"]
    finally:
        friend_context.close()


def test_a_link_replacing_a_game_keeps_the_previous_one(app: App, base_url: str) -> None:
    app.new_game()
    for move in ("F3", "C3", "I3"):
        app.play(move)
    mine = app.position()
    app.open("#record=" + "D1%20D2")
    assert app.history() == ["D1", "D2"]
    assert "Your previous game is kept" in app.notice()
    back = app.page.get_by_test_id("previous-game")
    assert back.is_visible()
    back.click()
    assert app.position() == mine
    back.click()  # and forth again
    assert app.history() == ["D1", "D2"]


@pytest.mark.parametrize("fragment, message", [
    ("#record=F3%20C3%0AF3", "Could not read the record in the link: line 2, move 3 (F3): illegal move 'F3'"),
    ("#record=%E0%A4%A", "Could not read the record in the link: the link is damaged (a %-escape in it is not valid)"),
    ("#position=9-10-11", "Could not read the position in the link:"),
])
def test_a_bad_link_names_the_problem_and_changes_nothing(app: App, fragment: str, message: str) -> None:
    app.new_game()
    for move in ("F3", "C3"):
        app.play(move)
    before, stored = app.position(), saved(app)
    app.open(fragment)
    app.page.wait_for_function("document.querySelector('[data-testid=notice]').textContent.length > 0")
    assert app.notice().startswith(message)
    assert app.notice().endswith("The game on the board is unchanged.")
    assert app.position() == before and saved(app) == stored
    # Opened fresh, too.
    app.page.goto("about:blank")
    app.open(fragment)
    assert app.notice().startswith(message) and app.position() == before


# -- export ------------------------------------------------------------------------------------------
def test_download_and_copy_the_record_then_import_it(game: GamePage) -> None:
    moves = game.LINE[:5]
    game.new_game()
    for move in moves:
        game.play(move)
    with game.page.expect_download() as info:
        game.page.get_by_test_id("download").click()
    download = info.value
    assert download.suggested_filename == game.DOWNLOAD_NAME
    text = Path(download.path()).read_text()
    assert text == game.record_of(moves)
    game.page.get_by_test_id("copy-record").click()
    assert game.page.get_by_test_id("share-box").input_value() == text
    # The exported record, imported by file and by paste, gives the same game back.
    game.new_game()
    import_file(game, game.DOWNLOAD_NAME, text.encode())
    wait_position(game, game.after(moves, len(moves)))
    assert game.history() == moves
    game.new_game()
    import_text(game, text)
    assert game.history() == moves
    assert not game.page.get_by_test_id("import-dialog").is_visible()


# -- import every fixture format ------------------------------------------------------------------------
FIXTURES = {
    "move list": ("moves.txt", b"f3, c3, I3 e3\nE4 e2\n"),
    "Little Golem": ("littlegolem-demo.txt", (DATA / "littlegolem-demo.txt").read_bytes()),
    "Boardspace SGF": ("game.sgf", (SGF / "DV-149-SmartBot-2009-02-06-0635.sgf").read_bytes()),
    "Boardspace SGF, Latin-1": ("game.sgf", (SGF / "DV-Alcalina-Dumbot-2015-07-29-1938.resign.sgf").read_bytes()),
}


@pytest.mark.parametrize("how", ["paste", "file"])
@pytest.mark.parametrize("kind", list(FIXTURES))
def test_import_each_format(app: App, kind: str, how: str, artifacts: Path) -> None:
    name, data = FIXTURES[kind]
    expected = expected_after_import(record.read(data))
    app.new_game()
    app.play("F3")
    if how == "file":
        import_file(app, name, data)
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")  # what a text editor shows: paste that
        import_text(app, text)
    wait_position(app, expected.position())
    assert app.history() == [str(m) for m in expected.moves]
    assert app.notice().startswith("Opened ")
    white = expected.tags.get("White")
    if white:
        assert f"White: {white}" in app.text("game-info")
    if kind == "Little Golem" and how == "paste":
        app.screenshot(artifacts / "imported-little-golem.png")
    reload(app)
    assert app.position() == expected.position()  # the imported game is the saved game now


@pytest.mark.parametrize("how", ["paste", "file"])
def test_a_bad_record_names_the_move_and_changes_nothing(app: App, how: str, artifacts: Path) -> None:
    app.new_game()
    app.play("F3")
    before, stored = app.position(), saved(app)
    bad = "[White \"Ann\"]\n\nF3 C3 I3 E3\nE3G3\n"
    if how == "file":
        import_file(app, "bad.txt", bad.encode())
    else:
        import_text(app, bad)
    error = app.page.get_by_test_id("import-error")
    error.wait_for()
    message = error.inner_text()
    what = "the file \u201cbad.txt\u201d" if how == "file" else "the pasted record"
    assert message.startswith(f"Could not read {what}: line 4, move 5 (E3G3): illegal move 'E3G3'")
    assert app.notice() == message
    assert app.position() == before and saved(app) == stored
    if how == "paste":
        app.screenshot(artifacts / "import-error.png")
    # A tag line that is broken is named by its line.
    app.page.get_by_test_id("import-text").fill('[White "Ann"]\n[Black Bo]\n\nF3\n')
    app.page.get_by_test_id("import-paste").click()
    assert "line 2" in error.inner_text()
    app.page.get_by_test_id("import-cancel").click()
    assert app.position() == before
