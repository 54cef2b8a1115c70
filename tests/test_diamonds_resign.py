"""A resignation in Diamonds & Pivots: the core (``DiamondsGame.resign``, its record) and the
page's session (resign, review past it, undo), as DVONN has them."""

from __future__ import annotations

import pytest

from diamonds.session import Session
from dvonn.session import Session as DvonnSession
from dvonn_core.common.errors import RecordError
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds.record import read, write


def test_a_resignation_ends_the_game_and_the_other_side_wins() -> None:
    game = DiamondsGame()
    game.play("e5")
    game.resign()
    assert game.resigned == "white" and game.phase == "over" and game.winner() == "black"
    assert game.drops() == []
    with pytest.raises(ValueError, match="over"):
        game.play("d4")
    with pytest.raises(ValueError):
        game.resign()
    twin = game.copy()
    assert twin.resigned == "white" and twin == game
    game.undo()  # the move and the resignation are taken back together
    assert game.resigned is None and game.phase == "play" and twin != game


@pytest.mark.parametrize("side", ["black", "white"])
def test_the_record_ends_in_resign_and_reads_back(side: str) -> None:
    game = DiamondsGame()
    game.play("e5")
    game.play("d4")
    game.resign(side)
    text = write(game)
    last = text.strip().split("\n")[-1]
    assert last == ("3. resign" if side == "black" else "3. resign white")
    assert '[Result "%s"]' % game.winner() in text
    again = read(text)
    assert again == game and again.resigned == side and again.winner() == game.winner()


@pytest.mark.parametrize("text", ["e5 resign d4", "e5 resign pink", "resign resign", "e5 resign white black"])
def test_a_resignation_that_is_not_the_last_turn_is_refused(text: str) -> None:
    with pytest.raises(RecordError, match="resign"):
        read(text)


@pytest.mark.parametrize("make", [Session, DvonnSession])
def test_the_session_resigns_keeps_it_through_review_and_undo_takes_it_back(make: type) -> None:
    s = make()
    s.new_game()
    assert s.can_resign()
    side = s.game.to_move
    assert s.resign() and s.over() and s.game.winner() != side
    assert "%s resigned" % side.capitalize() in s.status()
    assert not s.can_resign() and not s.resign()
    assert s.can_undo()
    # Review past the end and back: the resignation is still there.
    s.review_to(0)
    s.leave_review()
    assert s.over() and s.game.resigned == side
    assert s.undo() and not s.over() and s.game.resigned is None and s.game.to_move == side


def test_review_steps_back_over_moves_and_the_resignation_comes_back_at_the_end() -> None:
    s = Session()
    s.new_game()
    s.play("e5")
    s.play("d4")
    s.resign()
    s.review_step(-1)
    assert s.game.resigned is None and len(s.game.moves) == 1 and s.live_game().resigned == "black"
    s.review_step(1)
    assert s.game.resigned == "black" and "resigned" in s.status()


def test_a_bot_or_a_friend_by_link_cannot_be_resigned_for() -> None:
    s = Session()
    s.new_game(black="bot")
    assert not s.can_resign() and not s.resign()
