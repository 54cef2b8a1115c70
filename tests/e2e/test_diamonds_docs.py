"""The Diamonds & Pivots rules page and embeds: live boards on MicroPython alone (no Pyodide),
the source's worked example played step by step, the answers quoted from the library, and
``embed.html?game=diamonds`` with its errors; DVONN embeds are untouched."""

from __future__ import annotations

from urllib.parse import quote

from dvonn_core.diamonds import ANSWERS, DiamondsGame

from .doc_helpers import Watch, cells_with_class

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


def test_an_embedded_diamonds_board(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    watch = Watch(page, base_url)
    watch.open("embed.html?game=diamonds&moves=" + quote("e5,swap,d4") + "&caption=" + quote("A pie opening") + "&flip=1")
    assert page.url.split("?")[0].endswith("/diamonds-embed.html")
    game = DiamondsGame.from_record("e5 swap d4")
    assert page.evaluate("document.body.dataset.position") == game.position()
    assert page.get_by_test_id("caption").inner_text() == "A pie opening"
    page.locator('[data-cell="c3"]').click()
    game.play("c3")
    page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
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
