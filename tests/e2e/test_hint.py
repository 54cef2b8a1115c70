"""Hints in Debian chromium, on each game's page: the hard bot in the worker suggests a legal
move, marked on the board and named in the notice; the board stays usable while it thinks; a
stale hint is dropped; the record says that hints were used."""

from __future__ import annotations

import re
from pathlib import Path

from .app import GamePage

HINT_NOTICE = re.compile(r"Hint: the bot would play (.+) \(marked on the board\)\.")


def test_a_hint_marks_a_legal_move_and_is_noted_in_the_record(game: GamePage, artifacts: Path) -> None:
    game.new_midgame()
    game.wait_bot_ready()
    position = game.position()
    game.page.get_by_test_id("hint").click()
    # The board stays usable while the bot thinks: a move can be begun and taken back at once.
    game.begin_and_take_back(position)
    game.page.wait_for_function(
        "document.querySelector('[data-testid=notice]').textContent.startsWith('Hint: the bot would play')",
        timeout=30_000)
    found = HINT_NOTICE.fullmatch(game.notice())
    assert found, game.notice()
    hint = found.group(1)
    assert game.is_legal(hint, position)
    marks = game.marks(game.HINT_CLASSES)
    assert marks and marks == game.marks_of(hint, "hint")
    game.screenshot(artifacts / f"hint-{game.NAME}.png")
    # In a colour of its own, not the last move's (issue 43).
    strokes = game.page.evaluate("""() => {
      const stroke = sel => [...document.querySelectorAll(sel)].map(e => getComputedStyle(e).stroke);
      const hint = stroke('[data-cell].hint:not(.last) .hx');
      const other = document.querySelector('[data-cell]:not(.hint):not(.hint-from)');
      const had = other.classList.contains('last');
      other.classList.add('last');  // how a last move looks, on a cell the hint does not use
      const last = stroke('[data-cell].last:not(.hint):not(.hint-from) .hx');
      if (!had) other.classList.remove('last');
      return {hint, last};
    }""")
    assert strokes["hint"] and strokes["last"], strokes
    assert not set(strokes["hint"]) & set(strokes["last"]), strokes
    game.page.get_by_test_id("copy-record").click()
    record = game.page.get_by_test_id("share-box").input_value()
    assert '[Hints "1"]' in record
    # The marked cells say so to a screen reader too.
    for cells in marks.values():
        for cell in cells:
            label = game.cell(cell).get_attribute("aria-label")
            assert "hint" in label, label
    # Playing the move clears the marks.
    game.play(hint)
    assert game.marks(game.HINT_CLASSES) == {}


def test_a_hint_for_a_position_left_behind_is_dropped(game: GamePage) -> None:
    game.new_midgame()
    game.wait_bot_ready()
    move = game.simple_move()
    game.page.get_by_test_id("hint").click()
    game.play(move)  # before the bot (1 s budget) answers
    game.page.wait_for_timeout(2500)
    assert game.marks(game.HINT_CLASSES) == {}


def test_no_hint_while_the_bot_is_to_move(game: GamePage) -> None:
    game.wait_bot_ready()
    game.hold_bot()  # the bot's answer waits for the test: the check below never races its clock
    human = game.bot_thinks()
    game.page.wait_for_function("document.body.dataset.bot === 'busy'")
    assert game.page.get_by_test_id("hint").is_disabled()
    game.release_bot()
    game.page.wait_for_function(f"document.body.dataset.toMove === '{human}'", timeout=30_000)
    game.page.wait_for_function("!document.querySelector('[data-testid=hint]').disabled")
