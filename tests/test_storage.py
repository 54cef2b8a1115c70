"""What is dropped when the browser's storage is full (web/kernel/storage.py, issue 57): only what was
set aside for the player's sake, the oldest first."""

from __future__ import annotations

import doctest
import json

from kernel import storage


def test_the_examples_in_kernel_storage() -> None:
    assert doctest.testmod(storage).failed == 0


def test_only_what_was_set_aside_is_ever_dropped() -> None:
    keys = ["dvonn.saved-game", "dvonn.saved-game.previous", "games-by-link", "dvonn.puzzles", "set-aside.order",
            "diamonds.saved-game.unreadable-3", "dvonn.saved-game.unreadable", "x.unreadable-999", "unreadable",
            ".unreadable", "dvonn.saved-game.unreadable-x"]
    assert storage.aside_order(keys, None) == ["diamonds.saved-game.unreadable-3", "dvonn.saved-game.unreadable"]


def test_the_oldest_goes_first_by_the_order_kept_then_by_number() -> None:
    keys = ["a.unreadable-2", "a.unreadable-10", "a.unreadable", "b.unreadable", "b.unreadable-2"]
    order = json.dumps(["b.unreadable-2", "a.unreadable", "gone.unreadable"])
    # those the order does not name were set aside by a release that kept none: older than any it names
    assert storage.aside_order(keys, order) == ["a.unreadable-2", "a.unreadable-10", "b.unreadable", "b.unreadable-2",
                                              "a.unreadable"]
    for damaged in ("{", "[1, [2]]", "null", '"x"', "[" * 500, "9" * 30):
        assert storage.aside_order(["a.unreadable-2", "a.unreadable"], damaged) == ["a.unreadable", "a.unreadable-2"]
    noted = storage.noted(order, "a.unreadable")
    assert json.loads(noted) == ["b.unreadable-2", "gone.unreadable", "a.unreadable"]
    assert storage.noted("{", "c.unreadable") == '["c.unreadable"]'
