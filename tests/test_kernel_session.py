"""What the page kernel's GameSession says and marks for every game (web/kernel/session.py), the games'
sessions taking it from there (issue 56): the result line, the bot's turn, the moves marked besides the last."""

from __future__ import annotations

import doctest

import pytest

from diamonds.session import Session as DiamondsSession
from dvonn.session import Session as DvonnSession
from kernel import session as kernel_session

SESSIONS = {"dvonn": DvonnSession, "diamonds": DiamondsSession}


class Finished:
    """A finished game as the status line reads it."""

    phase = "over"
    resigned = None
    to_move = "white"

    def __init__(self, score: tuple[int, int], winner: str) -> None:
        self._score, self._winner = score, winner

    def score(self) -> tuple[int, int]:
        return self._score

    def winner(self) -> str:
        return self._winner


def test_the_kernels_examples() -> None:
    result = doctest.testmod(kernel_session, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("game", SESSIONS)
def test_the_result_line_comes_from_the_kernel(game: str) -> None:
    s = SESSIONS[game]()
    s.game = Finished((20, 11), "white")
    assert s.status() == "Game over: White wins, 20 to 11."
    s.game = Finished((9, 9), "white")
    tie = " (Equal counts: White, the second player, wins.)" if game == "diamonds" else ""
    assert s.status() == "Game over: White wins, 9 to 9." + tie
    s.new_game()
    s.game.resign("black")
    assert s.status() == "Game over: Black resigned, so White wins."


@pytest.mark.parametrize("game", SESSIONS)
def test_the_bots_turn_and_the_humans(game: str) -> None:
    s = SESSIONS[game]()
    first = s.game.to_move  # (White in DVONN, Black in Diamonds & Pivots)
    name = first.capitalize()
    s.new_game(**{first: "bot"})
    assert s.status() == f"{name} (bot) is thinking…"
    s.new_game()
    assert s.status().startswith(name + ":") and "bot" not in s.status()


@pytest.mark.parametrize("game", SESSIONS)
def test_the_hint_is_marked_on_the_board(game: str) -> None:
    s = SESSIONS[game]()
    s.new_game()
    move = {"dvonn": "F3", "diamonds": "e5"}[game]
    assert s.marked_moves() == []
    s.hint, s.hint_position = move, s.game.position()
    assert s.marked_moves() == [(move, "hint")]
    assert "hint" in s.marks()[move]
