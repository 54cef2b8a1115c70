"""The master level: hard's play within node budgets, so its move is the same on every machine and runtime."""

import pytest

from dvonn_core.common.portable import popcount
from dvonn_core.dvonn import bot, endgame, placement
from dvonn_core.dvonn.endgame import OutOfTime, Solver
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.setup import random_setup
from test_endgame import late_position

# A position after placement, White to move with many choices (as in test_bot.py).
OPENING = random_setup(5)
# Partway through the placement phase, after the DVONN pieces: master searches its placement.
PLACING = Game()
for _c in ["F3", "C3", "I3", "E3", "E2", "D4", "G4"]:
    PLACING.play(_c)


class SlowClock:
    """A clock that advances ``step`` seconds at every reading: a machine many times slower than this one."""

    def __init__(self, step):
        self.t = 0.0
        self.step = step

    def __call__(self):
        self.t += self.step
        return self.t


def small_budgets(monkeypatch):
    """Master's budgets cut to about a hundredth, so that a test can play many of its moves."""
    monkeypatch.setitem(bot.LEVELS, "master", bot.Level("master", 60.0, 64, 4200, 0, 3))
    monkeypatch.setattr(bot, "MASTER_PLACE_NODES", 1000)
    monkeypatch.setattr(bot, "MASTER_LATE_NODES", 2400)
    monkeypatch.setattr(bot, "MASTER_SOLVE_NODES", 2500)
    monkeypatch.setattr(bot, "MASTER_MARGIN_NODES", 5000)


def master(game, seed=3):
    info = {}
    code = bot.choose_code(game, "master", seed, info=info)
    info.pop("elapsed", None)
    return code, info


def test_master_s_move_is_legal_and_depends_on_its_nodes_not_on_the_clock(monkeypatch):
    small_budgets(monkeypatch)
    games = [PLACING, OPENING, late_position(0, 27), late_position(1, 19), late_position(1, 22)]
    first = []
    for game in games:
        before = game.position()
        code, info = master(game)
        assert game.is_legal(bot.Move.from_code(code)) and game.position() == before
        first.append((code, info["nodes"], info["depth"]))
    # Every stop is a node count: a machine a thousand times slower (each reading of the clock a
    # millisecond later) plays the same moves after the same nodes, and so does the same machine again.
    for clock in (SlowClock(0.001), SlowClock(0.0)):
        for module in (bot, endgame, placement):
            monkeypatch.setattr(module, "_now", clock)
        again = []
        for game in games:
            code, info = master(game)
            again.append((code, info["nodes"], info["depth"]))
        assert again == first


def test_master_s_budgets_bound_its_nodes_by_phase(monkeypatch):
    small_budgets(monkeypatch)
    # A placement, a stack move above MASTER_LATE_STACKS stacks and one below: each stops at its budget
    # (the clock is read every 32 nodes of the search, 64 of the placement search).
    _, info = master(PLACING)
    assert 0 < info["nodes"] <= bot.MASTER_PLACE_NODES + 64
    _, info = master(OPENING)
    assert 0.3 * 4200 < info["nodes"] <= 4200 + 32
    game = late_position(0, 27)
    assert bot.SOLVE_STACKS < popcount(game.occupied) <= bot.MASTER_LATE_STACKS
    _, info = master(game)
    assert 0 < info["nodes"] <= bot.MASTER_LATE_NODES + 32 and "outcome" not in info


def test_master_s_solver_stops_at_its_nodes_and_the_search_plays(monkeypatch):
    small_budgets(monkeypatch)
    game = late_position(1, 22)  # lost, proved in about 11,500 of the solver's nodes
    assert popcount(game.occupied) <= bot.SOLVE_STACKS
    with pytest.raises(OutOfTime):
        Solver(game, None, bot.MASTER_SOLVE_NODES).outcome()
    _, info = master(game)
    assert "outcome" not in info and 0 < info["nodes"] <= bot.MASTER_LATE_NODES // 2 + 32


def test_a_won_endgame_is_solved_within_master_s_nodes():
    game = late_position(1, 19)
    margin = Solver(game).margin()
    assert margin > 0
    code, info = master(game)
    assert info["solved"] and info["outcome"] == 1 and info["score"] == bot.WIN + margin
    assert info["nodes"] <= bot.MASTER_MARGIN_NODES + 1024
    child = game.copy()
    child.push(code)
    assert -Solver(child).margin() == margin


def test_the_solver_s_node_budget_counts_all_its_nodes():
    game = late_position(0, 25)
    solver = Solver(game, None, 3000)
    with pytest.raises(OutOfTime):
        solver.margin()
    assert 3000 < solver.nodes <= 3000 + 1024


def test_master_at_its_own_budget_searches_deeper_than_hard_and_plays_the_same_move_again(monkeypatch):
    # A clock that stands still: on a machine loaded by other work the search could otherwise take the
    # minute of master's safety cap on the wall clock, and stop there.
    for module in (bot, endgame, placement):
        monkeypatch.setattr(module, "_now", SlowClock(0.0))
    code, info = master(OPENING, seed=7)
    assert OPENING.is_legal(bot.Move.from_code(code))
    assert bot.NODE_SHARE * bot.MASTER_NODES < info["nodes"] <= bot.MASTER_NODES + 32
    hard = {}
    bot.choose_code(OPENING, "hard", 7, info=hard, depth=5)
    assert info["depth"] >= 6 and info["nodes"] > 4 * hard["nodes"]
    again, info2 = master(OPENING, seed=7)
    assert (again, info2["nodes"], info2["depth"]) == (code, info["nodes"], info["depth"])


def test_hard_searches_as_before_master():
    # Hard keeps its budget and its search: at fixed depths (no clock) it plays the moves, after the nodes and
    # with the scores, that it did before master existed (commit c78c4ca), and the solver proves as before.
    from dvonn_core.dvonn.moves import code_text

    before = [
        (random_setup(5), 5, "E5E4", 11803, 298),
        (random_setup(8), 4, "G1H2", 2048, 382),
        (late_position(0, 27), 5, "G4E2", 5564, 671),
        (late_position(1, 22), 6, "E4F4", 4212, -678),
    ]
    for game, depth, move, nodes, score in before:
        info = {}
        code = bot.choose_code(game, "hard", 11, info=info, depth=depth)
        assert (code_text(code), info["nodes"], info["score"]) == (move, nodes, score)
    solver = Solver(late_position(1, 22))
    assert (solver.outcome(), code_text(solver.best_move()), solver.nodes) == (-1, "K5K4", 11510)
