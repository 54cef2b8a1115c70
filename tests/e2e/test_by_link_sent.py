"""In a game by link, Undo takes back my move until I send it (copy, share, email, the link
itself); once sent it is disabled, also after a reload: my friend's page has the move (issue 43)."""

from __future__ import annotations

import pytest

from .app import GamePage
from .test_by_link import link_of, start_by_link


@pytest.mark.parametrize("send", ["link-copy", "link-mail"])
def test_undo_is_disabled_once_my_move_is_sent(game: GamePage, send: str) -> None:
    start_by_link(game)
    game.play(game.simple_move())
    link_of(game)
    undo = game.page.get_by_test_id("undo")
    assert undo.is_enabled()  # not sent yet: I may still take it back
    if send == "link-mail":  # the mail program is not opened in the test
        game.page.evaluate("document.querySelector('[data-testid=link-mail]').addEventListener("
                           "'click', e => e.preventDefault())")
    game.page.get_by_test_id(send).click()
    game.page.wait_for_function("document.querySelector('[data-testid=undo]').disabled")
    game.page.reload()
    game.wait_ready()
    assert game.page.get_by_test_id("undo").is_disabled()
