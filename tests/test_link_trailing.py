"""Every kind of link the site makes opens with a "." or ")" after it, as mail and chat programs leave
them (issue 56, defect 4: the game page's "Share link" with a "." appended said "move 51 (.): '.' is not
a DVONN move", and ``index.html#position=<string>.`` was refused).  The pages read every link's value
through one function, ``kernel.url.link_value``."""

from __future__ import annotations

import ast
from pathlib import Path
from urllib.parse import quote, unquote

import pytest

from diamonds import persist as diamonds_persist
from dvonn import persist as dvonn_persist
from dvonn_core import Game
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.dvonn.setup import random_game
from kernel import link_format, saves
from kernel.url import link_value

from .e2e.app import DIAMONDS_GAME

WEB = Path(__file__).resolve().parent.parent / "web"
TAILS = [".", ")", ").", ".)"]


def encode(text: str) -> str:
    """JavaScript's ``encodeURIComponent``, which the game page's "Share link" uses."""
    return quote(text, safe="-_.!~*'()")


def games() -> list[tuple[object, object]]:
    diamonds = DiamondsGame()
    for move in DIAMONDS_GAME[:30]:
        diamonds.play(move)
    return [(dvonn_persist, random_game(3)), (diamonds_persist, diamonds)]


@pytest.mark.parametrize("tail", TAILS)
def test_a_share_link_opens_with_a_dot_or_bracket_after_it(tail: str) -> None:
    for persist, game in games():
        fragment = "#record=" + encode(saves.share_text(game.record()))  # type: ignore[attr-defined]
        kind, value = persist.parse_fragment(fragment + tail)  # type: ignore[attr-defined]
        value, ply = saves.record_ply(value)
        opened = persist.read_record(unquote(value), "the link's record")  # type: ignore[attr-defined]
        assert (kind, ply, opened.position()) == ("record", None, game.position())  # type: ignore[attr-defined]
        kind, value = persist.parse_fragment(fragment + "&ply=12" + tail)  # type: ignore[attr-defined]
        assert saves.record_ply(value)[1] == 12


@pytest.mark.parametrize("tail", TAILS)
def test_a_position_link_opens_with_a_dot_or_bracket_after_it(tail: str) -> None:
    for persist, game in games() + [(dvonn_persist, Game())]:
        position = game.position()  # type: ignore[attr-defined]
        kind, value = persist.parse_fragment("#position=" + position + tail)  # type: ignore[attr-defined]
        assert (kind, persist.read_position(unquote(value)).position()) == ("position", position)  # type: ignore[attr-defined]
        # The editor's and the analysis board's own reading of their #position=.
        assert link_value("#position=" + quote(position) + tail, "#position=") == position


@pytest.mark.parametrize("tail", TAILS)
def test_a_game_link_and_a_puzzle_link_open_with_a_dot_or_bracket_after_it(tail: str) -> None:
    game = random_game(5)
    value = link_format.pack(link_format.of_game("dvonn", "k3p9x2am", game))
    opened = link_format.read(link_value(link_format.PREFIX + value + tail, link_format.PREFIX), "dvonn",
                              dvonn_persist.SAVES.start)[1]
    assert opened.position() == game.position()
    assert link_value("#id=p1.46" + tail, "#id=") == "p1.46"


def test_every_page_reads_its_address_through_one_function() -> None:
    """No page's Python takes a value out of ``location.hash`` but through ``link_value`` (directly, or in
    ``parse_fragment``, which calls it)."""
    found = []
    for path in sorted(WEB.rglob("*.py")):
        tree = ast.parse(path.read_text())
        allowed = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "link_value", "parse_fragment"):
                allowed.update(id(n) for arg in node.args for n in ast.walk(arg))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "hash" and id(node) not in allowed:
                found.append("%s:%d" % (path.relative_to(WEB), node.lineno))
    assert not found, "location.hash read without kernel.url.link_value: %s" % found
