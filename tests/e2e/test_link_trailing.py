"""A share link and a position link with a "." or ")" after it, as mail and chat programs leave them, open
on the game pages and in the editor (issue 56, defect 4: "move 51 (.): '.' is not a DVONN move", and
``index.html#position=<string>.`` refused).  tests/test_link_trailing.py holds every kind of link."""

from __future__ import annotations

from typing import Any

from .app import GamePage
from .doc_helpers import Watch


def test_a_share_link_and_a_position_link_open_with_a_dot_after_them(game: GamePage) -> None:
    page = game.page
    game.play(game.simple_move())
    position = game.position()
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-box").input_value()
    game.new_game()
    for url, notice in ((link + ".", "Opened the game in the link (1 move)."),
                        (game.base_url + game.PATH + "#position=" + position + ")",
                         "Started from the position in the link.")):
        page.goto("about:blank")
        page.goto(url)
        game.wait_ready()
        page.wait_for_function("location.hash === ''")
        assert game.notice().startswith(notice) and game.position() == position, (url, game.notice())


def test_the_editors_position_link_opens_with_a_dot_after_it(page: Any, base_url: str) -> None:
    watch = Watch(page, base_url)
    for path, position in (("editor.html", "9-3D6-4bwW2B3-3DWBD3-9.b"),
                           ("diamonds-editor.html", "5-6-7-8-4b4-8-7-6-5.ws")):
        watch.open(path + "#position=" + position + ".")
        assert page.evaluate("document.body.dataset.position") == position
        assert not page.get_by_test_id("editor-error").is_visible()
    watch.check()
