"""The exact solver of sparse positions, and hard's use of it."""

import pytest

from dvonn_core.common.portable import now, popcount
from dvonn_core.common.rng import Rng
from dvonn_core.dvonn import bot
from dvonn_core.dvonn.endgame import OutOfTime, Solver
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.setup import random_game, random_setup
from positions import crafted, exact_margin, small_endgame


def late_position(seed, stacks):
    """The last position of a random game with at least ``stacks`` stacks, after a stack move."""
    game = random_game(seed)
    while popcount(game.occupied) < stacks or not game.last_code < 49 * 64:
        game.pop()
    return Game.from_position(game.position())


def hard_exact_margin(game):
    """The final margin for the side to move, from the hard bot's heuristic search run to the end."""
    search = bot.Search(game.copy(), 1e9, 0)
    search.run(64, Rng(0), 0)
    assert search.solved
    v = search.best_score
    return v - bot.WIN if v > 0 else (v + bot.WIN if v < 0 else 0)


@pytest.mark.parametrize("seed", range(8))
def test_the_margin_outcome_and_best_move_are_those_of_plain_search(seed):
    # Small endgames against plain alpha-beta over the rules' public moves; positions of 14 stacks against
    # the heuristic search, which solves them its own way.
    if seed % 2:
        game = small_endgame(seed, max_stacks=8)
        margin = exact_margin(game.copy())
    else:
        game = late_position((2, 3, 4, 6)[seed // 2], 14)
        margin = hard_exact_margin(game)
    solver = Solver(game)
    outcome = solver.outcome()
    assert outcome == (margin > 0) - (margin < 0)
    if outcome >= 0:  # a winning (or drawing) move
        child = game.copy()
        child.push(solver.best_move())
        after = -Solver(child).margin()
        assert after > 0 if outcome else after == 0
    # The margin after the outcome reuses the table, and equals a fresh solver's.
    assert solver.margin() == margin == Solver(game).margin()
    child = game.copy()
    child.push(solver.best_move())
    assert -Solver(child).margin() == margin


def test_passes_and_the_end_of_the_game():
    # White takes E2 next to the DVONN piece on F3; Black's stack then has no move and passes while
    # White takes G3 too (6-0).  Then a position where Black's stack of three has nowhere to land.
    game = crafted({"A1": "d", "F3": "d", "K5": "d", "G3": "bbb", "G2": "w", "E3": "w", "E2": "b"})
    assert Solver(game).margin() == exact_margin(game.copy()) == 6
    game = crafted({"A1": "d", "F3": "d", "K5": "d", "G2": "w", "G3": "bbb"}, turn="b")
    assert [str(m) for m in game.legal_moves()] == ["PASS"]
    assert Solver(game).margin() == exact_margin(game.copy())
    over = random_game(3)
    assert over.phase == "over"
    w, b = over.score()
    solver = Solver(over)
    assert solver.margin() == (w - b if over.turn == 0 else b - w) and solver.best_move() == 0


def test_buried_pieces_share_a_table_entry():
    # The same heights and tops, different pieces below: the same future, the same key.
    one = crafted({"A1": "d", "C3": "d", "E3": "d", "B2": "bww", "D3": "wbb", "C2": "b"})
    two = crafted({"A1": "d", "C3": "d", "E3": "d", "B2": "wbw", "D3": "bbb", "C2": "b"})
    other = crafted({"A1": "d", "C3": "d", "E3": "d", "B2": "bww", "D3": "wbw", "C2": "b"})
    assert Solver(one).key == Solver(two).key != Solver(other).key
    assert Solver(one).margin() == exact_margin(one.copy()) == exact_margin(two.copy())


def test_the_deadline_stops_it_and_placement_is_refused():
    game = late_position(0, 25)
    with pytest.raises(OutOfTime):
        Solver(game, now() - 1.0).margin()
    with pytest.raises(ValueError, match="placement"):
        Solver(Game())


def test_hard_plays_the_solved_move_with_its_exact_score():
    # A won position of 19 stacks: hard proves it, then finds the margin, within its budget.
    game = late_position(1, 19)
    margin = Solver(game).margin()
    assert margin > 0 and popcount(game.occupied) <= bot.SOLVE_STACKS
    info = {}
    code = bot.choose_code(game, "hard", info=info)
    assert info["solved"] and info["outcome"] == 1 and info["score"] == bot.WIN + margin
    child = game.copy()
    child.push(code)
    assert -Solver(child).margin() == margin


def test_hard_searches_a_lost_or_unsolved_position_as_before(monkeypatch):
    game = late_position(2, 16)
    assert Solver(game).outcome() < 0
    info = {}
    code = bot.choose_code(game, "hard", info=info)
    assert "outcome" not in info and game.is_legal(bot.Move.from_code(code))
    # Out of time before the outcome is known: the search plays, within the budget.
    monkeypatch.setattr(bot, "SOLVE_SHARE", 0.0)
    game = late_position(0, 22)
    t0 = now()
    info = {}
    code = bot.choose_code(game, "hard", info=info, time_limit=0.5)
    assert "outcome" not in info and info["depth"] >= 1 and now() - t0 < 0.5 * 2 + 0.5
    # Nor when the caller wants the search's scores only (the page's hints and analysis).
    game = late_position(1, 19)
    info = {}
    bot.choose_code(game, "hard", info=info, time_limit=0.3, solve=False)
    assert "outcome" not in info
    # Above SOLVE_STACKS, and at the other levels, the solver is not asked.
    game = random_setup(4)
    info = {}
    bot.choose_code(game, "hard", info=info, time_limit=0.2)
    assert "outcome" not in info
