"""The games' sides of the board editor (web/dvonn/editing.py, web/diamonds/editing.py), on CPython: their
examples, and what the editor's settings may write (issue 56, defects 3 and 9)."""

from __future__ import annotations

import doctest
import itertools

import pytest

from diamonds import editing as diamonds_editing
from dvonn import editing as dvonn_editing
from dvonn_core.diamonds import DiamondsGame


@pytest.mark.parametrize("module", [dvonn_editing, diamonds_editing], ids=["dvonn", "diamonds"])
def test_the_examples(module) -> None:  # type: ignore[no-untyped-def]
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


#: Every value of every setting of the Diamonds & Pivots editor, as its selects offer them.
DIAMONDS_SETTINGS = [("side", "black"), ("side", "white"), ("swap", "no"), ("swap", "yes"),
                     ("passes", "0"), ("passes", "1"), ("passes", "2")]


@pytest.mark.parametrize("start", ["empty", "setup", "one stone", "random"])
def test_no_choice_of_settings_writes_a_diamonds_position_the_core_cannot_read(start: str) -> None:
    """Before: "White may swap" then one pass wrote '...wsp', which the core refuses as not written right
    (the pie rule's swap comes right after Black's first stone, so never after a pass)."""
    for steps in itertools.product(DIAMONDS_SETTINGS, repeat=3):
        e = diamonds_editing.Editing()
        if start == "one stone":
            e.tap("e5", "black")
        else:
            e.start(start, 5)
        for name, value in steps:
            e.set(name, value)
            text = e.text()
            try:
                DiamondsGame.from_position(text)
            except ValueError as error:  # a position the core reads but would not play (a diagram), or a
                # string it cannot read (no reason)
                assert error.reason == "swap", (steps, text, error)  # type: ignore[attr-defined]
            assert e.setting(name) == value, (steps, text)  # the choice just made holds


def test_the_diamonds_editor_keeps_the_choice_just_made() -> None:
    e = diamonds_editing.Editing()
    e.tap("e5", "black")
    e.set("swap", "yes")
    e.set("passes", "1")
    assert (e.setting("passes"), e.setting("swap"), e.text().rpartition(".")[2]) == ("1", "no", "wp")
    e.set("swap", "yes")
    assert (e.setting("passes"), e.setting("swap"), e.text().rpartition(".")[2]) == ("0", "yes", "ws")


def test_an_empty_diamonds_board_has_no_passes_and_no_swap() -> None:
    """Before: "Empty board" kept the passes chosen before ('5-6-7-8-9-8-7-6-5.bpp', a game over)."""
    e = diamonds_editing.Editing()
    e.tap("e5", "black")
    e.set("passes", "2")
    e.start("empty")
    assert e.text() == "5-6-7-8-9-8-7-6-5.b" and e.problem() == ""
    e.tap("e5", "black")
    e.set("swap", "yes")
    e.start("empty")
    assert e.text() == "5-6-7-8-9-8-7-6-5.w" and e.problem() == ""
