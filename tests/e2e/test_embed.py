"""The embeddable board (embed.html) in Debian chromium: what the URL parameters show, stepping
through moves, playing on, clear messages for bad parameters, three embeds on one page, and
never a Pyodide download."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from dvonn_core import Game
from dvonn_core.dvonn.svg import render

from .app import GamePage
from .doc_helpers import Watch, cells_with_class

MOVE_HEIGHT = "9-3D6-4bwW2B3-3DWBD3-9.w"  # White's stack of 3 on E3 can reach only H3
REMOVAL = "BbW7-B1WBD5-3DWB5-4D5-9.w"  # C2D3 cuts off A1, B1, A2


@pytest.fixture()
def watch(page, base_url: str) -> Iterator[Watch]:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 480, "height": 276})
    w = Watch(page, base_url)
    yield w
    w.check()


def board_position(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.evaluate("document.body.dataset.position"))


def test_a_position_with_highlight_and_caption(watch: Watch, artifacts: Path) -> None:
    page = watch.page
    watch.open(f"embed.html?position={MOVE_HEIGHT}&highlight=E3,H3&caption=White+to+move")
    assert page.locator("[data-cell]").count() == 49
    assert board_position(page) == MOVE_HEIGHT
    assert page.locator('[data-cell="E3"]').get_attribute("aria-label") == "E3, white stack of 3"
    assert cells_with_class(page, "hl") == ["E3", "H3"]
    assert page.get_by_test_id("caption").inner_text() == "White to move"
    assert not page.get_by_test_id("error").is_visible()
    # No panels: the board and one line under it fill the iframe, without scrolling.
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    box = page.get_by_test_id("board").bounding_box()
    assert box and box["width"] > 400
    # Without play=1 a click changes nothing.
    page.locator('[data-cell="E3"]').click()
    assert board_position(page) == MOVE_HEIGHT and cells_with_class(page, "selected") == []
    page.screenshot(path=str(artifacts / "embed-position.png"))


def test_the_board_fits_a_small_and_a_large_iframe(watch: Watch) -> None:
    page = watch.page
    for width, height in ((300, 200), (900, 420)):
        page.set_viewport_size({"width": width, "height": height})
        watch.open(f"embed.html?position={MOVE_HEIGHT}")
        box = page.get_by_test_id("board").bounding_box()
        assert box and box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= width + 1 and box["y"] + box["height"] <= height
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")


def test_stepping_through_moves_with_buttons_and_keys(watch: Watch, artifacts: Path) -> None:
    page = watch.page
    moves = ["F3", "C3", "I3", "E3", "G3"]
    watch.open("embed.html?moves=" + ",".join(moves) + "&at=2")

    def expect(n: int) -> None:
        game = Game()
        for move in moves[:n]:
            game.play(move)
        assert page.get_by_test_id("counter").inner_text() == f"Move {n} of 5"
        assert page.evaluate("document.getElementById('embed').dataset.position") == game.position()

    expect(2)
    assert cells_with_class(page, "last") == ["C3"], "the last move is marked"
    page.get_by_test_id("next").click()
    expect(3)
    page.get_by_test_id("prev").click()
    page.get_by_test_id("prev").click()
    expect(1)
    page.keyboard.press("End")
    expect(5)
    assert page.get_by_test_id("next").is_disabled()
    page.keyboard.press("ArrowLeft")
    expect(4)
    page.keyboard.press("Home")
    expect(0)
    assert page.get_by_test_id("prev").is_disabled()
    page.keyboard.press("ArrowRight")
    expect(1)
    page.screenshot(path=str(artifacts / "embed-moves.png"))


def test_a_removal_in_the_line_marks_the_removed_cells(watch: Watch) -> None:
    page = watch.page
    watch.open(f"embed.html?position={REMOVAL}&moves=C2D3")
    assert cells_with_class(page, "removed") == ["A1", "A2", "B1"]
    assert cells_with_class(page, "last-from") == ["C2"] and cells_with_class(page, "last") == ["D3"]
    assert page.locator(".ghosts .vanish").count() == 3, "the removed stacks are drawn faded"


def test_play_on_from_a_position_and_reset(watch: Watch, artifacts: Path) -> None:
    page = watch.page
    watch.open(f"embed.html?position={MOVE_HEIGHT}&play=1")
    page.locator('[data-cell="E3"]').click()
    assert cells_with_class(page, "target") == ["H3"]
    page.locator('[data-cell="H3"]').click()
    game = Game.from_position(MOVE_HEIGHT)
    game.play("E3H3")
    page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
    assert page.get_by_test_id("status").inner_text() == "Black to move: pick one of your stacks."
    page.screenshot(path=str(artifacts / "embed-play.png"))
    page.get_by_test_id("reset").click()
    page.wait_for_function("p => document.body.dataset.position === p", arg=MOVE_HEIGHT)


def test_flip_and_labels(watch: Watch) -> None:
    page = watch.page
    watch.open(f"embed.html?position={MOVE_HEIGHT}")
    a1 = page.locator('[data-cell="A1"]').bounding_box()
    k5 = page.locator('[data-cell="K5"]').bounding_box()
    assert a1 and k5 and a1["y"] > k5["y"], "A1 is on the near side"
    assert page.locator(".lbl").first.is_visible()
    watch.open(f"embed.html?position={MOVE_HEIGHT}&flip=1&labels=0")
    a1 = page.locator('[data-cell="A1"]').bounding_box()
    k5 = page.locator('[data-cell="K5"]').bounding_box()
    assert a1 and k5 and a1["y"] < k5["y"], "flipped: A1 is on the far side"
    assert not page.locator(".lbl").first.is_visible()


@pytest.mark.parametrize("query,message", [
    ("position=9-10-11", "position: "),
    ("moves=F3,F3", "moves: move 2 (F3) cannot be played"),
    ("moves=F3&at=7", "at: 7 is out of range"),
    ("highlight=Z9", "highlight: 'Z9' is not a cell"),
    ("flip=sideways", "flip: 'sideways' is not 1 or 0"),
    ("posiiton=x", "unknown parameter posiiton"),
])
def test_a_bad_parameter_shows_a_clear_message(watch: Watch, query: str, message: str) -> None:
    page = watch.page
    watch.open("embed.html?" + query, ready="error")
    error = page.get_by_test_id("error")
    assert error.is_visible()
    assert error.inner_text().startswith("This board cannot be shown: ")
    assert message in error.inner_text()
    assert not page.get_by_test_id("board").is_visible()


def test_three_embeds_on_one_page(page, base_url: str, site: Path, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    frames = [f"embed.html?position={MOVE_HEIGHT}&highlight=E3&caption=One",
              "embed.html?moves=F3,C3,I3&at=1&caption=Two",
              f"embed.html?position={REMOVAL}&play=1&caption=Three"]
    (site / "three-embeds-test.html").write_text(
        "<!doctype html><title>Three boards</title><h1>Three boards</h1>"
        + "".join(f'<iframe src="{src}" width="420" height="240" style="border:1px solid #999"></iframe>'
                  for src in frames))
    watch = Watch(page, base_url)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    transferred: dict[str, float] = {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: transferred.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.set_viewport_size({"width": 1300, "height": 400})
    page.goto(base_url + "three-embeds-test.html")
    embeds = [f for f in page.frames if "embed.html" in f.url]
    assert len(embeds) == 3
    for frame in embeds:
        frame.wait_for_function("document.body.dataset.ready === 'true'", timeout=30_000)
        assert frame.locator("[data-cell]").count() == 49
    by_caption = {f.get_by_test_id("caption").inner_text(): f for f in embeds}
    assert by_caption["Two"].get_by_test_id("counter").inner_text() == "Move 1 of 3"
    three = by_caption["Three"]
    three.locator('[data-cell="C2"]').click()
    three.locator('[data-cell="D3"]').click()
    three.wait_for_function("document.body.dataset.position !== '%s'" % REMOVAL)
    assert three.locator('[data-cell="A1"]').get_attribute("aria-label") == "A1, empty"
    page.screenshot(path=str(artifacts / "three-embeds.png"))
    # The runtime is shared through the cache: MicroPython's wasm came over the network once.
    wasm = [rid for rid, url in urls.items() if "micropython.wasm" in url and transferred.get(rid, 0) > 10_000]
    assert len(wasm) == 1, [(urls[r], transferred.get(r)) for r in urls if "wasm" in urls[r]]
    total = sum(transferred.values())
    assert total < 600_000, f"three embeds transferred {total:.0f} bytes"
    watch.check()


def test_a_static_diagram_looks_the_same_in_an_img_tag_and_inline(page, base_url: str, site: Path) -> None:  # type: ignore[no-untyped-def]
    game = Game.from_position(REMOVAL)
    game.play("C2D3")
    svg = render(game, highlight="E3", last_move=True, removed=True, caption="C2D3 cuts off the corner")
    (site / "diagram-test.svg").write_text(svg)
    (site / "diagram-test.html").write_text(
        '<!doctype html><body style="margin:0;background:#fff">'
        f'<div id="a" style="display:inline-block">{svg}</div><br>'
        '<img id="b" src="diagram-test.svg" style="display:block"></body>')
    page.set_viewport_size({"width": 700, "height": 500})
    page.goto(base_url + "diagram-test.html")
    page.wait_for_function("document.getElementById('b').complete")
    inline = page.locator("#a svg").screenshot()
    img = page.locator("#b").screenshot()
    assert page.locator("#a svg").bounding_box()["width"] == page.locator("#b").bounding_box()["width"]
    assert inline == img, "the SVG draws the same pixels inline and in an <img>"


def test_copy_embed_code_on_a_game_page_gives_an_iframe_for_the_position_on_screen(game: GamePage) -> None:
    page = game.page
    game.new_game(white="human", black="human")
    for move in game.LINE[:4]:
        game.play(move)
    position = game.position()
    page.get_by_test_id("copy-embed").click()
    field = page.get_by_test_id("embed-code")
    # The embed code's module is fetched once the bot is ready, or on this click if that has not
    # happened yet: then the box shows when the module has arrived.
    field.wait_for(state="visible", timeout=15_000)
    code = field.input_value()
    assert code.startswith('<iframe src="' + game.base_url + game.EMBED_SRC + quote(position))
    assert "Embed code" in game.notice() or "embed code" in game.notice()
    # The snippet works: the iframe it describes shows the same position.
    page.set_content(code)
    page.wait_for_function("document.querySelector('iframe').contentDocument?.body?.dataset.ready === 'true'")
    frame = page.locator("iframe").element_handle().content_frame()
    assert frame.evaluate("document.body.dataset.position") == position


def test_after_one_visit_embeds_and_the_rules_page_work_offline(app, page) -> None:  # type: ignore[no-untyped-def]
    app.wait_bot_ready()  # the main page registers the service worker once the bot is ready
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.context.set_offline(True)
    try:
        page.goto(app.base_url + f"embed.html?position={MOVE_HEIGHT}&play=1")
        page.wait_for_function("document.body.dataset.ready === 'true'")
        assert board_position(page) == MOVE_HEIGHT, "the embed page itself, not the main page, for a URL with a query"
        page.goto(app.base_url + "rules.html")
        page.wait_for_function("document.body.dataset.ready === 'true'")
        page.wait_for_function("document.body.dataset.boards !== undefined")  # every board live
        assert page.evaluate("document.body.dataset.boards") == "8"
    finally:
        page.context.set_offline(False)
