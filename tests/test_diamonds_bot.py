"""The Diamonds & Pivots bot: legal, deterministic for a seed, the pie rule, the baselines, the time budget."""

import time

import pytest

from dvonn_core.diamonds import DiamondsGame, bot

EXAMPLE = {"black": ["b7", "c5", "c6", "d6", "e6"], "white": ["h1", "h2", "h3", "h4", "i2"]}


def midgame(seed: int) -> DiamondsGame:
    game = DiamondsGame()
    for i in range(14):
        game.play(bot.random_move(game, seed * 100 + i) if i % 2 else bot.greedy_move(game, seed * 100 + i))
    return game


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_play_legal_moves_and_leave_the_game_unchanged(level):
    for seed in range(3):
        game = midgame(seed)
        before = game.position()
        move = bot.choose_move(game, level, seed=seed, time_limit=0.3 if level == "hard" else None)
        assert game.position() == before
        assert game.parse_move(str(move)) == move


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_same_seed_same_move(level):
    game = midgame(5)
    assert bot.choose_move(game, level, seed=3) == bot.choose_move(game, level, seed=3)


def test_the_bot_takes_the_worked_example_capture():
    game = DiamondsGame.from_stones(**EXAMPLE)
    move = bot.choose_move(game, "medium", seed=0)
    game.play(move)
    assert game.score()[1] < 5  # it captures white stones


def test_pie_rule():
    game = DiamondsGame()
    opening = bot.choose_move(game, "hard", seed=4)
    assert bot.opening_strength(opening.cell) < bot.SWAP_STRENGTH
    game.play(opening)
    assert not bot.choose_move(game, "hard", seed=4).is_swap  # it would not swap its own opening
    game = DiamondsGame()
    game.play("e5")
    assert bot.choose_move(game, "easy").is_swap
    game = DiamondsGame()
    game.play("a7")  # a side: Bill Taylor's weakest first drop
    assert not bot.choose_move(game, "easy").is_swap


def test_baselines():
    game = DiamondsGame.from_stones(**EXAMPLE)
    greedy = bot.greedy_move(game, 0)
    game.play(greedy)
    assert game.score() == (6, 3)  # most black stones; then fewest white ones
    game.undo()
    for seed in range(20):
        move = bot.random_move(game, seed)
        assert game.parse_move(str(move)) == move


def test_time_limit_and_errors():
    game = midgame(1)
    start = time.perf_counter()
    info = {}
    bot.choose_move(game, "hard", seed=0, time_limit=0.2, info=info)
    assert time.perf_counter() - start < 2.0 and info["depth"] >= 1
    with pytest.raises(ValueError, match="unknown bot level"):
        bot.choose_move(game, "expert")
    game = DiamondsGame.from_position("5-6-7-8-4bw3-8-7-6-5.bpp")
    with pytest.raises(ValueError, match="over"):
        bot.choose_move(game, "easy")
