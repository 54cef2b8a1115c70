"""The bot's evaluation: features that mean what their names say, seen the same from either side."""

import os
import subprocess
import sys

import pytest

from dvonn_core.dvonn import board, evaluation, incremental, position
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.setup import random_game, random_setup
from positions import crafted

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def swapped(game):
    """The same position with the colours exchanged (and the other side to move)."""
    table = {"w": "b", "b": "w", "d": "d"}
    st = ["".join(table[p] for p in s) for s in game.stacks()]
    return Game.from_position(position.format(st, 1 - game.turn, game.placed < board.SIZE))


def positions(n=6):
    for seed in range(n):
        game = random_setup(seed)
        replay = Game.from_position(game.position())
        for k, move in enumerate(random_game(seed, game.copy()).moves[49:]):
            if k % 3 == 0 and replay.phase == "movement":
                yield replay.copy()
            replay.play(move)


def test_weights_match_the_features():
    assert len(evaluation.MID) == len(evaluation.END) == evaluation.N_FEATURES
    # The scale: a controlled piece at the end of the game is worth 100.
    assert evaluation.END[evaluation.NAMES.index("pieces")] == 100


def test_features_and_evaluation_are_the_same_for_either_colour():
    count = 0
    for game in positions():
        other = swapped(game)
        assert evaluation.features(other) == evaluation.features(game)
        assert evaluation.evaluate(other) == evaluation.evaluate(game)
        count += 1
    assert count > 50


def test_counts_on_a_small_position():
    # White: B1 (a single next to the DVONN piece on A1), D3 and E3 (two pieces; it can
    # land on the lone DVONN piece C3 or take the black stack G3).  Black: G3 (two pieces;
    # it can take E3) and H3 (a single; it can only land on its own G3).
    game = crafted({"A1": "d", "B1": "w", "C3": "d", "F3": "d", "E3": "ww", "D3": "w", "G3": "wb", "H3": "b"})
    names = evaluation.NAMES
    w, b, wcap, bcap, _moving, cells = evaluation.raw(game)
    assert (w[names.index("pieces")], b[names.index("pieces")]) == (4, 3)
    assert (w[names.index("stacks")], b[names.index("stacks")]) == (3, 2)
    assert w[names.index("threatened")] == 2 and b[names.index("threatened")] == 2
    assert (wcap, bcap, cells) == (2, 2, 8)
    assert b[names.index("next_to_dvonn")] == 1 and b[names.index("near_dvonn")] == 1
    f = dict(zip(names, evaluation.features(game), strict=True))
    assert f["pieces"] == 1 and f["stacks"] == 1 and f["tempo"] == 1
    assert f["my_capture"] == 2 and f["their_capture"] == 2


def test_the_tuning_script_fits_and_prints_weights():
    pytest.importorskip("numpy")
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "tune_eval.py"), "--games", "150"],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert "held-out log loss" in out.stdout and "MID = [" in out.stdout and "END = [" in out.stdout


def test_the_search_evaluation_by_hand():
    # DVONN pieces on A1, E3 and K5; White F3 next to E3, Black G3 next to White.  Cell values (64, plus
    # 64 on a DVONN piece, 16 one step away, 4 two steps, 1 three): E3 128, F3 80, G3 68 (A1 and K5 are far).
    game = Game.from_position("D8-10-4DWB4-10-8D.w")
    v = evaluation.field_values(game.dvonn_bits)
    assert [v[board.index(c)] for c in ("E3", "F3", "G3")] == [128, 80, 68]
    # White: its cell 100 x 80, targets E3 and G3 25 x 196, E3 holds a DVONN piece 20 x 128, G3 is Black's 20 x 68.
    white = 100 * 80 + 25 * 196 + 20 * 128 + 20 * 68
    # Black: its cell 100 x 68, one target F3 25 x 80, which is White's 20 x 80.
    black = 100 * 68 + 25 * 80 + 20 * 80
    assert evaluation.score_of(game) == ((white - black) // 64, 2)  # two stacks can move
    assert evaluation.score_of(Game.from_position("D8-10-4DWB4-10-8D.b")) == ((black - white) // 64, 2)
    assert evaluation.evaluate(game) == 100


def test_a_childs_evaluation_from_its_parents_terms_is_the_full_evaluation():
    # The search evaluates a position from its parent's terms (incremental.child_terms,
    # incremental.child_score_of): over every stack move of every position of some random
    # games, both must give what the full evaluation gives, removals and DVONN moves included.
    checked = 0
    removals = 0
    for seed in range(8):
        game = random_setup(seed)
        replay = Game.from_position(game.position())
        terms = incremental.parent_terms(replay)
        for move in random_game(seed, game.copy()).moves[49:]:
            for code in list(replay.legal_codes()):
                if code >= 4096:
                    continue
                before = replay.occupied
                replay.push(code)
                removals += (before & ~replay.occupied).bit_count() > 1
                assert incremental.child_score_of(replay, terms, code >> 6, code & 63) == evaluation.score_of(replay)
                child = incremental.child_terms(replay, terms, code >> 6, code & 63)
                assert child == incremental.parent_terms(replay)
                assert incremental.moves_of(child, replay.turn) == replay.legal_codes()
                replay.pop()
                checked += 1
            replay.play(move)
            code = replay.last_code
            if code < 4096:
                terms = incremental.child_terms(replay, terms, code >> 6, code & 63)
            assert terms == incremental.parent_terms(replay)
        assert incremental.moves_of(terms, replay.turn) == replay.legal_codes() == []
    assert checked > 5000 and removals > 50


def test_a_leaf_score_found_without_playing_the_move_is_the_full_evaluation():
    # incremental.leaf_score scores a stack move's position from the parent's terms without playing
    # it, or answers None (a DVONN piece moves, stacks may be cut off, the game may end). Over every
    # stack move of some random games: its score is the full evaluation's, the cells are left as
    # they were, most moves are scored this way, and it declines exactly the moves it must.
    scored = declined = 0
    for seed in range(8):
        game = random_setup(seed)
        replay = Game.from_position(game.position())
        for move in random_game(seed, game.copy()).moves[49:]:
            terms = incremental.parent_terms(replay)
            for code in list(replay.legal_codes()):
                if code >= 4096:
                    continue
                cells = list(replay.cells)
                dvonn_moves = replay.dvonn_bits & board.BIT[code >> 6]
                v = incremental.leaf_score(replay.cells, terms, code >> 6, code & 63)
                assert replay.cells == cells
                before = replay.occupied
                replay.push(code)
                full, moving = evaluation.score_of(replay)
                if v is None:
                    declined += 1
                else:
                    scored += 1
                    assert v == full and moving > 0 and not dvonn_moves
                    assert (before & ~replay.occupied) == board.BIT[code >> 6]  # nothing was cut off
                if not moving:
                    assert v is None
                replay.pop()
            replay.play(move)
    assert scored > 5000 and scored > 4 * declined


def test_arc_safe_is_one_arc_of_the_occupied_neighbours():
    for i in range(board.SIZE):
        ring = board.RING[i]
        for p in range(64):
            occ = 0
            for k in range(6):
                if (p >> k) & 1:
                    occ |= ring[k]
            pattern = sum(1 << k for k in range(6) if occ & ring[k])
            assert incremental.ARC_SAFE[i][occ & board.NEIGHBOUR_BITS[i]] == board.ONE_ARC[pattern]
