"""A resignation in a game by link: my friend resigns on their page, and the link they send me
carries it: my page shows the game over, who resigned and who wins, and I cannot take it back."""

from __future__ import annotations

from .app import GamePage
from .test_by_link import data, friend, link_of, open_link, registry, start_by_link

__all__ = ["friend"]  # the fixture, used by name


def test_the_friends_page_learns_the_resignation_from_the_link(game: GamePage, friend: GamePage) -> None:
    start_by_link(game)
    game.play(game.simple_move())
    open_link(friend, link_of(game))
    side = data(friend, "mySide")
    winner = "black" if side == "white" else "white"
    friend.page.get_by_test_id("resign").click()
    friend.page.get_by_test_id("resign-confirm").click()
    friend.page.wait_for_function("document.body.dataset.phase === 'over'")
    assert f"{side.capitalize()} resigned, so {winner.capitalize()} wins" in friend.status()
    url = link_of(friend)
    open_link(game, url, "document.body.dataset.phase === 'over'")
    assert f"{side.capitalize()} resigned, so {winner.capitalize()} wins" in game.status(), game.status()
    assert not game.page.get_by_test_id("undo").is_enabled()  # my friend's resignation is not mine to take back
    assert registry(game)[0]["to_move"] == ""
    # A reload keeps it.
    game.open()
    game.page.wait_for_function("document.body.dataset.phase === 'over'")
    assert "resigned" in game.status()
