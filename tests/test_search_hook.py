"""The searches' hook (``hook=`` of both games' bots), which the bot worker uses to report a search's
progress and to stop it on request: absent or silent, it changes no move; when it says stop, the search
ends at once with the best move found so far."""

import pytest

from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds import bot as diamonds_bot
from dvonn_core.dvonn import bot
from dvonn_core.dvonn.moves import Move
from dvonn_core.dvonn.setup import random_game, random_setup


def dvonn_positions():
    """Movement positions of every stage: just after placement, the middle game, the end game."""
    games = [random_setup(seed) for seed in (1, 5, 8)]
    for seed, plies in ((2, 12), (3, 30), (4, 45)):
        game = random_setup(seed)
        for ply in range(plies):
            if game.phase != "movement":
                break
            game.play(bot.greedy_move(game, seed * 100 + ply))
        if game.phase == "movement":
            games.append(game)
    return games


def diamonds_positions():
    games = [DiamondsGame()]
    for seed in (1, 2, 3):
        game = DiamondsGame()
        for i in range(10 + 4 * seed):
            if game.phase == "over":
                break
            move = diamonds_bot.random_move(game, seed * 100 + i) if i % 2 else diamonds_bot.greedy_move(game, i)
            game.play(move)
        games.append(game)
    return games


class Counting:
    """A hook that never stops the search and records what it was shown."""

    def __init__(self):
        self.calls = 0
        self.depths = []

    def __call__(self, search):
        self.calls += 1
        if not self.depths or self.depths[-1] != search.completed:
            self.depths.append(search.completed)
        return False


@pytest.mark.parametrize("depth", [2, 3])
def test_a_silent_hook_changes_no_dvonn_move(depth):
    hook = Counting()
    for game in dvonn_positions():
        plain = bot.choose_code(game, "hard", seed=7, depth=depth, solve=False)
        assert bot.choose_code(game, "hard", seed=7, depth=depth, solve=False, hook=hook) == plain
    assert hook.calls > 0


def test_a_silent_hook_changes_no_move_at_a_node_budget():
    for game in dvonn_positions() + [random_game(3, random_setup(3))]:
        if game.phase == "over":
            continue
        for level in ("easy", "medium"):
            assert bot.choose_code(game, level, seed=3, hook=Counting()) == bot.choose_code(game, level, seed=3)


def test_the_hook_sees_the_search_deepen_and_can_stop_it():
    game = dvonn_positions()[1]
    seen = []

    def hook(search):
        seen.append((search.completed, search.best, search.nodes))
        return search.completed >= 3

    info = {}
    code = bot.choose_code(game, "hard", seed=1, time_limit=60.0, info=info, hook=hook, solve=False)
    assert game.is_legal(Move.from_code(code))
    assert info["depth"] == 3  # stopped as soon as the third iteration was done
    depths = [d for d, _, _ in seen]
    assert depths == sorted(depths) and {1, 2, 3} <= set(depths)
    assert all(best for d, best, _ in seen if d)  # a best move once an iteration is done


def test_a_hook_that_stops_at_once_still_gets_a_legal_move():
    for game in dvonn_positions():
        code = bot.choose_code(game, "hard", seed=1, time_limit=60.0, hook=lambda s: True, solve=False)
        assert game.is_legal(Move.from_code(code))


def test_a_silent_hook_changes_no_diamonds_turn():
    for game in diamonds_positions():
        for level in ("easy", "medium"):
            plain = diamonds_bot.choose_move(game, level, seed=5)
            assert diamonds_bot.choose_move(game, level, seed=5, hook=Counting()) == plain


def test_the_diamonds_hook_sees_the_search_deepen_and_can_stop_it():
    game = diamonds_positions()[-1]
    seen = []

    def hook(search):
        seen.append(search.completed)
        return search.completed >= 2

    info = {}
    move = diamonds_bot.choose_move(game, "hard", seed=1, time_limit=60.0, info=info, hook=hook)
    game.copy().play(move)  # legal (play raises otherwise)
    assert info["depth"] == 2
    assert seen == sorted(seen) and seen[-1] == 2
    stopped = diamonds_bot.choose_move(game, "hard", seed=1, time_limit=60.0, hook=lambda s: True)
    game.copy().play(stopped)  # legal (play raises otherwise)


def test_a_node_budget_through_the_hook_gives_the_same_answer_every_time():
    """The game analysis's search (bot_worker.score): no clock, stopped by the hook at a node count."""
    for game in dvonn_positions()[:3]:
        answers = set()
        for _ in range(2):
            info = {}
            code = bot.choose_code(game, "hard", 1, 1e9, info, solve=False, hook=lambda s: s.nodes >= 3000)
            answers.add((code, info["score"], info["depth"], info["nodes"]))
        assert len(answers) == 1
    for game in diamonds_positions()[1:]:
        answers = set()
        for _ in range(2):
            info = {}
            move = diamonds_bot.choose_move(game, "hard", 1, 1e9, info, hook=lambda s: s.nodes >= 300)
            answers.add((str(move), info["score"], info["depth"], info["nodes"]))
        assert len(answers) == 1


def test_the_principal_line_follows_the_table_with_legal_moves():
    """Search.line: what a live analysis shows as the best line, read from the search's table."""
    game = dvonn_positions()[3]
    search = bot.Search(game.copy(), 1e9)  # no clock: depth 4 exactly
    first = search.run(4, bot.Rng(1), 0)
    line = search.line(game, first, 8)
    assert line[0] == first and 3 <= len(line) <= 4  # a depth-4 search: the table holds the first three replies
    g = game.copy()
    for code in line:
        assert code in g.legal_codes()
        g.push(code)
    assert search.line(game, first, 2) == line[:2]
