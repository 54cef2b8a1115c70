"""The bot: legal, reproducible moves within its budget, exact in small endgames, and stronger than chance."""

import time

import pytest

from dvonn_core.dvonn import board, bot
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.setup import random_game, random_setup
from positions import crafted, exact_margin, random_game_move, small_endgame

LEVELS = ("easy", "medium", "hard")


# A position (after placement) with White to move and many choices.
OPENING = random_setup(5)
# Partway through the placement phase.
PLACING = Game()
for _c in ["F3", "C3", "I3", "E3", "E2", "D4", "G4"]:
    PLACING.play(_c)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move_and_leaves_the_game_unchanged(level):
    for game in (Game(), PLACING, OPENING, random_game(3, random_setup(3)).copy()):
        if game.phase == "over":
            continue
        before = game.copy()
        move = bot.choose_move(game, level, seed=1, time_limit=0.2)
        assert game.is_legal(move)
        assert game == before and game.position() == before.position()


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_same_seed_gives_the_same_move(level):
    for game in (Game(), PLACING, OPENING, random_setup(8)):
        first = bot.choose_move(game, level, seed=42)
        assert all(bot.choose_move(game, level, seed=42) == first for _ in range(2))


def test_different_seeds_vary_the_easy_play():
    # Easy picks among the moves within a plain stack (100) of the best; where one move stands out by more
    # (OPENING, with the field-value evaluation) it always plays it, elsewhere the seed decides.
    varied = 0
    for game in (OPENING, random_setup(3), random_setup(9)):
        varied += len({str(bot.choose_move(game, "easy", seed=s)) for s in range(12)}) >= 2
    assert varied >= 2


def test_hard_is_reproducible_in_placement_and_in_a_solved_endgame():
    assert bot.choose_move(PLACING, "hard", seed=5) == bot.choose_move(PLACING, "hard", seed=5)
    endgame = small_endgame(2)
    assert bot.choose_move(endgame, "hard", seed=5) == bot.choose_move(endgame, "hard", seed=5)


def test_a_fixed_depth_is_searched_exactly_without_a_clock():
    from dvonn_core.common.rng import Rng

    for depth in (1, 3, 4):
        info = {}
        code = bot.choose_code(OPENING, "hard", seed=2, info=info, depth=depth)
        search = bot.Search(OPENING.copy(), 1e9, 0)
        assert code == search.run(depth, Rng(2), 0)
        assert (info["depth"], info["nodes"]) == (depth, search.nodes)
    # Easy keeps its noise (and medium its choices) but drops its node budget: deeper than its own 2 plies.
    info = {}
    bot.choose_code(OPENING, "easy", seed=2, info=info, depth=3)
    assert info["depth"] == 3 and info["nodes"] > bot.LEVELS["easy"].nodes
    text = bot.choose_move_text(OPENING.position(), "medium", 1, depth=2)
    assert text == str(bot.choose_move(OPENING, "medium", 1, depth=2))
    for bad in (0, 65, 2.0, "3", True):
        with pytest.raises(ValueError, match="depth"):
            bot.choose_move(OPENING, "hard", depth=bad)


def test_the_time_limit_is_respected():
    # A generous bound: the measured overshoot is reported by benchmarks/bot/bot_speed.py.
    t0 = time.perf_counter()
    bot.choose_move(OPENING, "hard", time_limit=0.3)
    assert time.perf_counter() - t0 < 0.3 * 2 + 0.5


def fixed_depth_search(position, depth):
    """(nodes, score, solved, move) of the hard search of ``position`` to ``depth`` with no clock."""
    from dvonn_core.common.rng import Rng

    s = bot.Search(Game.from_position(position), 1e9, 0)
    code = s.run(depth, Rng(0), 0)
    return s.nodes, s.best_score, s.solved, code


def test_late_move_reductions_cut_the_search_but_not_the_exact_endgame(monkeypatch):
    monkeypatch.setattr(bot, "FUTILITY_DEPTH", 0)  # the reductions alone
    reduced = fixed_depth_search(OPENING.position(), 5)
    endgame = small_endgame(3, max_stacks=8)
    solved = fixed_depth_search(endgame.position(), 64)
    monkeypatch.setattr(bot, "LMR_DEPTH", 99)  # no reductions
    full = fixed_depth_search(OPENING.position(), 5)
    assert reduced[0] < 0.8 * full[0]
    # A solved endgame has the same exact value either way: a reduced move is searched again when it
    # could matter, and a subtree that met a depth limit is never stored as exact.
    assert solved[2] and fixed_depth_search(endgame.position(), 64)[1:3] == solved[1:3]
    margin = exact_margin(endgame.copy())
    assert solved[1] == (bot.WIN + margin if margin > 0 else -bot.WIN + margin if margin < 0 else 0)


def test_futility_pruning_cuts_the_search_but_not_the_exact_endgame(monkeypatch):
    pruned = fixed_depth_search(OPENING.position(), 5)
    endgame = small_endgame(4, max_stacks=8)
    solved = fixed_depth_search(endgame.position(), 64)
    monkeypatch.setattr(bot, "FUTILITY_DEPTH", 0)
    full = fixed_depth_search(OPENING.position(), 5)
    assert pruned[0] < 0.7 * full[0]
    # Fewer than FUTILITY_STACKS stacks: nothing is pruned, and the endgame is solved exactly.
    assert solved[2] and fixed_depth_search(endgame.position(), 64) == solved
    margin = exact_margin(endgame.copy())
    assert solved[1] == (bot.WIN + margin if margin > 0 else -bot.WIN + margin if margin < 0 else 0)


def test_futility_pruning_works_both_ways(monkeypatch):
    # Below alpha (FUTILITY_MARGIN) and above beta (REVERSE_MARGIN): each way prunes nodes the other does not.
    never = (0,) + (10 * bot.WIN,) * bot.FUTILITY_DEPTH
    both = fixed_depth_search(OPENING.position(), 5)
    monkeypatch.setattr(bot, "REVERSE_MARGIN", never)
    below = fixed_depth_search(OPENING.position(), 5)
    monkeypatch.setattr(bot, "FUTILITY_MARGIN", never)
    neither = fixed_depth_search(OPENING.position(), 5)
    monkeypatch.setattr(bot, "FUTILITY_DEPTH", 0)
    assert fixed_depth_search(OPENING.position(), 5)[:2] == neither[:2]  # margins that never prune: no pruning
    monkeypatch.undo()
    monkeypatch.setattr(bot, "FUTILITY_MARGIN", never)
    above = fixed_depth_search(OPENING.position(), 5)
    assert both[0] < 0.8 * below[0] and both[0] < 0.9 * above[0]
    assert below[0] < 0.8 * neither[0] and above[0] < 0.8 * neither[0]


def test_futility_pruning_is_hard_s_only(monkeypatch):
    # Easy and medium search as they did before futility pruning (medium's node budget would reach deeper with
    # it), so the ladder below hard is unchanged; hard's fixed-depth search prunes.
    def run(level, **kw):
        info = {}
        code = bot.choose_code(OPENING.copy(), level, seed=2, info=info, **kw)
        return code, info["nodes"], info["score"]

    pruning = [run("easy"), run("medium"), run("hard", depth=4)]
    monkeypatch.setattr(bot, "FUTILITY_DEPTH", 0)
    plain = [run("easy"), run("medium"), run("hard", depth=4)]
    assert pruning[:2] == plain[:2]
    assert pruning[2][1] < plain[2][1]


def plain_value(game, depth):
    """Depth-limited minimax with the full evaluation at the leaves (no pruning, no table, no shortcut)."""
    legal = game.legal_codes()
    if not legal:
        return bot.final_score(game)
    if depth == 0:
        return bot.evaluate(game)
    best = None
    for code in list(legal):
        game.push(code)
        v = -plain_value(game, depth - 1)
        game.pop()
        if best is None or v > best:
            best = v
    return best


def test_the_search_score_is_minimax_over_the_full_evaluation(monkeypatch):
    # The search scores most leaves from their parent's terms without playing the move, and a node one
    # ply from the leaves tries its first move before ordering the rest: without reductions or pruning, its score
    # at a fixed depth must still be what plain minimax finds with the full evaluation.
    from dvonn_core.common.rng import Rng

    monkeypatch.setattr(bot, "LMR_DEPTH", 99)
    monkeypatch.setattr(bot, "FUTILITY_DEPTH", 0)
    cases = 0
    for seed in range(4):
        game = random_setup(seed)
        for ply in range(24):
            if game.phase != "movement":
                break
            if ply % 6 == 0 and len(game.legal_codes()) > 1:
                position = game.position()
                for depth in (1, 2) if ply < 18 else (1, 2, 3):
                    search = bot.Search(Game.from_position(position), 1e9, 0)
                    search.run(depth, Rng(0), 0)
                    if search.completed == depth:  # not solved before reaching it
                        assert search.best_score == plain_value(Game.from_position(position), depth), (position, depth)
                        cases += 1
            game.play(random_game_move(game, seed))
    assert cases >= 24


def test_a_single_legal_move_is_returned_without_searching():
    game = crafted({"A1": "d", "F3": "d", "K5": "d", "G2": "w", "G3": "bbb", "J5": "b"})
    assert [str(m) for m in game.legal_moves()] == ["G2G3"]
    info = {}
    assert bot.code_text(bot.choose_code(game, "hard", info=info)) == "G2G3"
    assert info["forced"] and info["nodes"] == 0
    # A forced pass too: Black's stack of three has no cell to land on.
    game = crafted({"A1": "d", "F3": "d", "K5": "d", "G2": "w", "G3": "bbb"}, turn="b")
    assert [str(m) for m in game.legal_moves()] == ["PASS"]
    assert str(bot.choose_move(game, "hard")) == "PASS"


def test_the_last_placement_is_the_only_move():
    game = random_setup(1)
    game.undo()
    assert len(game.legal_moves()) == 1
    assert bot.choose_move(game, "hard") == game.legal_moves()[0]


def test_medium_and_hard_find_the_winning_capture():
    # E3xE2 takes a black piece next to the DVONN piece on F3; Black then has no move
    # and White also takes G3: 6-0.  Taking G3 at once (the bigger capture) wins by less.
    game = crafted({"A1": "d", "F3": "d", "K5": "d", "G3": "bbb", "G2": "w", "E3": "w", "E2": "b"})
    assert exact_margin(game.copy()) == 6
    for level in ("medium", "hard"):
        assert str(bot.choose_move(game, level)) == "E3E2"
    # Even the easy level takes something.
    assert str(bot.choose_move(game, "easy")) in ("E3E2", "G2G3")


@pytest.mark.parametrize("seed", range(6))
def test_hard_plays_small_endgames_perfectly(seed):
    game = small_endgame(seed)
    best = exact_margin(game.copy())
    move = bot.choose_move(game, "hard", time_limit=2.0)
    game.play(move)
    assert -exact_margin(game) == best


def test_errors_name_the_problem():
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        bot.choose_move(OPENING, "expert")
    over = random_game(4, random_setup(4))
    with pytest.raises(ValueError, match="game is over"):
        bot.choose_move(over, "easy")
    with pytest.raises(ValueError, match="time_limit"):
        bot.choose_move(OPENING, "hard", time_limit=0)


def test_choose_move_text_takes_and_returns_text():
    text = bot.choose_move_text(OPENING.position(), "medium", seed=3)
    assert text == str(bot.choose_move(OPENING, "medium", seed=3))
    OPENING.copy().play(text)


def test_dvonn_pieces_are_placed_apart_and_off_the_edge():
    game = Game()
    for ply in range(3):
        game.play(bot.choose_move(game, "hard", seed=ply))
    cells = [i for i in range(board.SIZE) if game.stacks()[i] == "d"]
    assert not any(board.EDGE[c] for c in cells)
    assert min(bot.DIST[a][b] for a in cells for b in cells if a != b) >= 3


def play_match(white, black, start, seed):
    game = start.copy()
    ply = 0
    while game.phase != "over":
        player = white if game.to_move == "white" else black
        game.play(player(game, seed * 1000 + ply))
        ply += 1
    w, b = game.score()
    return w - b


def test_greedy_and_easy_beat_random():
    rnd = bot.random_move
    greedy = bot.greedy_move

    def easy(game, seed):
        return bot.choose_move(game, "easy", seed)

    for strong in (greedy, easy):
        wins = 0
        for k in range(4):
            start = random_setup(100 + k)
            wins += play_match(strong, rnd, start, k) > 0
            wins += play_match(rnd, strong, start, k) < 0
        assert wins >= 7, strong


def test_easy_beats_greedy_from_the_empty_board_and_from_setups():
    def easy(game, seed):
        return bot.choose_move(game, "easy", seed)

    wins = 0
    for k, start in enumerate([Game(), random_setup(200), Game(), random_setup(201)]):
        wins += play_match(easy, bot.greedy_move, start, k) > 0
        wins += play_match(bot.greedy_move, easy, start, k) < 0
    assert wins >= 6
