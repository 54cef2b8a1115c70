"""The Diamonds & Pivots bot's best line (dvonn_core/diamonds/bot.py, ``line=True``): a line of legal turns
as long as the depth reached, whose first turn is the turn chosen; and keeping it changes no choice.

The choices the bot made before it could keep a line are in data/diamonds/bot-choices.txt (written by this
file's ``--write`` with the library of the commit before it: ``git archive afa6035 dvonn_core | tar -x -C /tmp/old``,
then ``PYTHONPATH=/tmp/old python tests/test_diamonds_bot_line.py --write``): each level, on fixed
positions, with a budget that is the same on every run (easy and medium with no clock, hard stopped after
so many nodes).  The bot must choose the same turns, at the same depth and score after the same number
of nodes, with and without its line.
"""

import sys
from pathlib import Path

import pytest

from dvonn_core.diamonds import DiamondsGame, bot

DATA = Path(__file__).resolve().parent / "data" / "diamonds"
CHOICES = DATA / "bot-choices.txt"
#: A middle game (positions()[2]) whose best line at depth 5 holds two chains of pivots.
CHAIN = "b1w2-6-b6-1ww1w2b-2b4w1-2b2b2-w3b2-6-w4.b"
#: The hard level's budget in the fixture, in nodes.
HARD_NODES = (300, 3000, 12000)


def positions() -> "list[str]":
    """The fixture's positions: the worked example, middle games of greedy and random play, the long chain."""
    example = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
    out = [example.position()]
    for seed in range(6):
        game = DiamondsGame()
        for i in range(10 + 4 * seed):
            if game.phase == "over":
                break
            game.play(bot.random_move(game, seed * 100 + i) if i % 2 else bot.greedy_move(game, seed * 100 + i))
        out.append(game.position())
    out.append((DATA / "long-chain.txt").read_text().splitlines()[0])
    return out


def choice(module, position: str, level: str, nodes: int, line: bool = False) -> str:
    """``level``'s turn in ``position`` and its search's depth, nodes and score, as one line of the fixture."""
    game = DiamondsGame.from_position(position)
    info: dict = {}
    kwargs = {"line": True} if line else {}
    hook = (lambda search: search.nodes >= nodes) if nodes else None
    move = module.choose_move(game, level, 3, 1e9, info, hook=hook, **kwargs)
    found = (move, info.get("depth"), info.get("nodes"), info.get("score"))
    return "%s|%s|%d|%s|%s|%s|%s" % (position, level, nodes, *found)


def cases() -> "list[tuple[str, str, int]]":
    return [(p, level, nodes) for p in positions()
            for level, nodes in [("easy", 0), ("medium", 0)] + [("hard", n) for n in HARD_NODES]]


def recorded() -> "list[str]":
    return CHOICES.read_text().splitlines()


def test_the_fixture_covers_every_case():
    assert [r.rsplit("|", 4)[0] for r in recorded()] == ["%s|%s|%d" % c for c in cases()]


@pytest.mark.parametrize("line", [False, True], ids=["without line", "with line"])
def test_the_bot_chooses_as_before(line):
    for case, before in zip(cases(), recorded(), strict=True):
        assert choice(bot, *case, line=line) == before


def test_the_line_is_legal_starts_with_the_turn_chosen_and_is_as_long_as_the_depth():
    for position in positions()[1:]:
        game = DiamondsGame.from_position(position)
        for depth in (1, 2, 3):
            info: dict = {}
            turn = bot.choose_move(game, "hard", 1, 1e9, info, hook=lambda s, d=depth: s.completed >= d, line=True)
            line = info["line"]
            assert line and line[0] == turn
            g = game.copy()
            for move in line:
                g.play(move)  # legal in turn (play raises otherwise)
            assert len(line) == info["depth"] or g.phase == "over"
            assert game.position() == position


def test_a_line_of_five_turns_with_chains_of_pivots():
    game = DiamondsGame.from_position(CHAIN)
    info: dict = {}
    bot.choose_move(game, "hard", 1, 1e9, info, hook=lambda s: s.completed >= 5, line=True)
    assert info["depth"] == 5 and len(info["line"]) == 5
    assert sum(1 for move in info["line"] if move.pivots) >= 2, [str(m) for m in info["line"]]


def test_a_line_stops_at_a_turn_the_game_does_not_take():
    game = DiamondsGame.from_position(positions()[1])
    black, white = game.bits
    mine, opp = (white, black) if game.to_move == "white" else (black, white)
    kids = bot.Search().children(mine, opp, 10)
    first = kids[0]
    assert [str(m) for m in bot.line_moves(game, [first, first])] == [str(game.chain_move(first[1], first[4]))]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    CHOICES.write_text("".join(choice(bot, *case) + "\n" for case in cases()))
