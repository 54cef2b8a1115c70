"""The Diamonds & Pivots rules page and embeds: live boards on MicroPython alone (no Pyodide),
the source's worked example played step by step, the answers quoted from the library, and
``embed.html?game=diamonds`` with its errors; DVONN embeds are untouched."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from dvonn_core.diamonds import ANSWERS, DiamondsGame, bot

from .doc_helpers import Watch, cells_with_class, when_ready

LONG_CHAIN = Path(__file__).resolve().parents[1] / "data" / "diamonds" / "long-chain.txt"

EXAMPLE = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])


def test_the_rules_page_boards_and_the_worked_example_step_by_step(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    watch = Watch(page, base_url)
    watch.open("diamonds-rules.html")
    assert page.evaluate("document.body.dataset.boards") == "5"
    worked = page.locator("#ex-worked")
    assert worked.get_attribute("data-position") == EXAMPLE.position()
    nxt = worked.get_by_test_id("next")
    expected_turns = ["b6", "b6", "b6", "b6 c5>f5", "b6 c5>f5", "b6 c5>f5", ""]
    for i, turn in enumerate(expected_turns):
        nxt.click()
        assert worked.get_attribute("data-turn") == turn, i
        if i == 5:  # the second pivot previewed: the two white stones it captures
            assert cells_with_class(worked, "doomed") == ["h3", "i2"]
    after = DiamondsGame.from_position(EXAMPLE.position())
    after.play("b6 c5>f5 f5>i2")
    assert worked.get_attribute("data-position") == after.position()
    assert nxt.is_disabled()
    # Undo takes the whole (finished) turn back; Next step then plays the step taken back
    # again (from the example's own state).  Reset starts over.
    worked.get_by_test_id("undo").click()
    assert worked.get_attribute("data-position") == EXAMPLE.position() and worked.get_attribute("data-turn") == ""
    assert nxt.is_enabled()
    nxt.click()
    assert worked.get_attribute("data-position") == after.position() and nxt.is_disabled()
    worked.get_by_test_id("reset").click()
    assert worked.get_attribute("data-position") == EXAMPLE.position() and nxt.is_enabled()
    # The reader's own clicks (b7 as the pivot), then Next step: the example's next step,
    # from the example's own state (the pivot c5, not the reader's b7).
    worked.locator('[data-cell="b6"]').click()
    worked.locator('[data-cell="b7"]').click()
    assert cells_with_class(worked, "selected") == ["b7"]
    nxt.click()
    assert worked.get_attribute("data-turn") == "b6" and cells_with_class(worked, "selected") == []
    nxt.click()
    assert cells_with_class(worked, "selected") == ["c5"]
    # The pie rule example: Swap sides.
    pie = page.locator("#ex-pie")
    pie.get_by_test_id("swap").click()
    assert pie.get_attribute("data-position").endswith(".w")
    assert not pie.get_by_test_id("swap").is_visible()
    # The end: Black passes after White's pass; equal counts, White wins.
    end = page.locator("#ex-end")
    end.get_by_test_id("pass").click()
    assert "White wins, 3 to 3" in end.get_by_test_id("status").inner_text()
    # The answers to the open questions, quoted from the library.
    answers = page.get_by_test_id("answers")
    for topic, answer in ANSWERS:
        assert topic in answers.inner_text() and answer in answers.inner_text()
    watch.check()


EARLY_TOUCH = when_ready("""
  const figure = document.querySelector("#ex-worked");
  const cells = () => figure.querySelectorAll("svg [data-cell]").length;
  window.__early = {started: figure.dataset.started === "true", boards: document.body.dataset.boards || null,
                    cells: cells()};
  figure.querySelector("svg").dispatchEvent(new MouseEvent("click", {bubbles: true}));  // the reader's first touch
  window.__early.after = {started: figure.dataset.started === "true", cells: cells()};
""")


def test_a_rules_board_out_of_view_starts_after_the_page_is_ready_or_at_the_first_touch(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """rules.py starts the boards in view, marks the page ready, then starts the others one per
    task (lazy_boards, shared with the DVONN rules page, issue 12); a board touched before its
    turn starts at once.  build.py gave each figure a board of the right size (drawn or empty)."""
    def served(route):  # type: ignore[no-untyped-def]
        body = route.fetch().text()
        assert body.count(" data-later>") == 5 and body.count('<svg class="dv-svg"') == 5
        route.fulfill(body=body, headers={"content-type": "text/html; charset=utf-8"})

    page.route("**/diamonds-rules.html", served)
    page.set_viewport_size({"width": 900, "height": 200})  # no example in view
    page.add_init_script(EARLY_TOUCH)
    watch = Watch(page, base_url)
    watch.open("diamonds-rules.html")
    early = page.evaluate("window.__early")
    assert early == {"started": False, "boards": None, "cells": 0, "after": {"started": True, "cells": 61}}
    assert page.evaluate("document.body.dataset.boards") == "5"
    assert int(page.evaluate("document.body.dataset.allLiveMs")) >= int(page.evaluate("document.body.dataset.liveMs"))
    drop = page.locator("#ex-drop")
    drop.locator('[data-cell="e5"]').click()
    assert drop.get_attribute("data-position") == DiamondsGame.from_record("e5").position()
    watch.check()


def test_the_rules_boards_drawn_at_build_time_are_kept(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """build.py draws the first examples' boards into diamonds-rules.html
    (sitebuild.figures.DIAMONDS_PRERENDERED_FIGURES); the page keeps them (board_view.py) instead of drawing them
    again (issue 12): cells marked in the served HTML keep their mark, and play on, the cells a
    click leaves as they were keeping theirs (issue 40).  The others
    come with an empty board of the right size, which the page draws."""
    from sitebuild.figures import DIAMONDS_PRERENDERED_FIGURES

    figures = ["ex-drop", "ex-diamond", "ex-worked", "ex-pie", "ex-end"]
    first = figures[:DIAMONDS_PRERENDERED_FIGURES]

    def mark(route):  # type: ignore[no-untyped-def]
        body = route.fetch().text()
        assert body.count("data-drawn=") == len(first)
        marked = body.replace(' data-cell="', ' data-built data-cell="')
        assert marked.count("data-built") == 61 * len(first)
        route.fulfill(body=marked, headers={"content-type": "text/html; charset=utf-8"})

    page.route("**/diamonds-rules.html", mark)
    watch = Watch(page, base_url)
    watch.open("diamonds-rules.html")
    for name in figures:
        assert page.locator(f"#{name} svg [data-cell]").count() == 61, name
        built = page.locator(f"#{name} svg [data-cell][data-built]").count()
        assert built == (61 if name in first else 0), name
    # The kept board is the page's own: it plays, and only the cells a click changes are drawn
    # again (kernel/board_dom.KeyedBoard, as on the game page): here the drop's.
    drop = page.locator("#ex-drop")
    drop.locator('[data-cell="e5"]').click()
    assert drop.get_attribute("data-position") == DiamondsGame.from_record("e5").position()
    assert page.locator('#ex-drop svg [data-cell="e5"][data-built]').count() == 0
    assert page.locator("#ex-drop svg [data-cell][data-built]").count() == 60
    watch.check()


def test_a_rules_figure_that_cannot_start_shows_its_error_at_once(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """A figure build.py could not start (no ``data-later``) starts before the page is ready:
    the page is ready with ``data-ready="error"`` and names what is wrong; the others still play."""
    def broken(route):  # type: ignore[no-untyped-def]
        body = route.fetch().text()
        tag = '<figure class="example" id="ex-pie" data-position="5-6-7-8-9-8-7-6-5.b" data-moves="e5" data-later>'
        assert tag in body
        body = body.replace(tag, tag.replace('data-moves="e5" data-later', 'data-moves="e5,e5"'))
        route.fulfill(body=body, headers={"content-type": "text/html; charset=utf-8"})

    page.route("**/diamonds-rules.html", broken)
    watch = Watch(page, base_url)
    watch.open("diamonds-rules.html", ready="error")
    assert "This example could not start: illegal move 'e5'" in page.locator("#ex-pie").text_content()
    assert page.evaluate("document.body.dataset.boards") == "4"
    drop = page.locator("#ex-drop")
    drop.locator('[data-cell="e5"]').click()
    assert drop.get_attribute("data-position") == DiamondsGame.from_record("e5").position()
    watch.errors = []  # (the broken figure's error is shown on the page, not raised)
    watch.check()


def test_an_embedded_diamonds_board(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    watch = Watch(page, base_url)
    watch.open(
        "embed.html?game=diamonds&moves=" + quote("e5,swap,d4") + "&caption=" + quote("A pie opening") + "&flip=1"
    )
    assert page.url.split("?")[0].endswith("/diamonds-embed.html")
    game = DiamondsGame.from_record("e5 swap d4")
    assert page.evaluate("document.body.dataset.position") == game.position()
    assert page.get_by_test_id("caption").inner_text() == "A pie opening"
    page.locator('[data-cell="c3"]').click()
    game.play("c3")
    page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
    watch.check()


def test_an_embed_shows_the_long_chain_turn(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """The 288-pivot turn of tests/data/diamonds/long-chain.txt as an embed's ``moves``."""
    position, turn = LONG_CHAIN.read_text().splitlines()[:2]
    watch = Watch(page, base_url)
    watch.open("embed.html?game=diamonds&position=" + quote(position) + "&moves=" + quote(turn))
    game = DiamondsGame.from_position(position)
    game.play(turn)
    assert page.evaluate("document.body.dataset.position") == game.position()
    watch.check()


def test_a_bad_diamonds_embed_names_the_parameter(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    watch = Watch(page, base_url)
    watch.open("embed.html?game=diamonds&position=5-6-7.b", ready="error")
    assert "position:" in watch.error_text() and "cannot be shown" in watch.error_text()
    watch.open("embed.html?game=diamonds&moves=e5,e5", ready="error")
    assert "moves: turn 2" in watch.error_text()
    watch.open("embed.html?game=chess", ready="error")  # the DVONN embed: an unknown game is named
    assert "game:" in watch.error_text()
    watch.open("embed.html?game=dvonn&moves=F3")
    watch.check()


def test_an_embed_reads_at_most_64_kb_of_its_address(page, base_url: str, site: Path) -> None:  # type: ignore[no-untyped-def]
    """A longer address is refused unread.  (The test server, as most, answers 414 to an address
    of over 64 KB; here the page is handed to the browser as a host that takes one would.)"""
    page.route("**/diamonds-embed.html?*", lambda route: route.fulfill(
        body=(site / "diamonds-embed.html").read_bytes(), content_type="text/html"))
    watch = Watch(page, base_url)
    watch.open("diamonds-embed.html?caption=" + "x" * 70_000, ready="error")
    assert "its address holds 69 KB, more than the 64 KB a board reads" in watch.error_text()
    watch.open("diamonds-embed.html?caption=" + "x" * 60_000, ready="error")  # under the limit: read
    assert "caption: 60000 characters is too long (at most 300)" in watch.error_text()


def test_an_embed_shows_a_game_of_more_than_200_turns(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """The rules set no limit on a game's turns: a random game past 200 of them is shown whole."""
    seed = 0
    while True:
        game, n = DiamondsGame(), 0
        while game.phase != "over":
            game.play(bot.random_move(game, seed=seed * 10_000 + n) if seed % 2 else
                      bot.greedy_move(game, seed=seed * 10_000 + n))
            n += 1
        if n > 200:
            break
        seed += 1
    watch = Watch(page, base_url)
    watch.open("embed.html?game=diamonds&moves=" + quote(",".join(map(str, game.moves))))
    assert page.evaluate("document.body.dataset.position") == game.position()
    watch.check()
