"""The placement evaluation and search: counts that mean what their names say, an incremental
value equal to the full one, exact play at the end of the placement phase, and hard's use of it."""

import pytest

from dvonn_core.common.rng import Rng
from dvonn_core.dvonn import board, bot, placement
from dvonn_core.dvonn.game import Game


def partly_placed(seed, placed):
    """A board after ``placed`` random placements (the three DVONN pieces first)."""
    game = Game()
    rng = Rng(seed)
    while game.placed < placed:
        legal = game.legal_moves()
        game.play(legal[rng.below(len(legal))])
    return game


def swapped(cells):
    table = {"w": "b", "b": "w", "d": "d", "": ""}
    return [table[x] for x in cells]


def test_the_weights_match_the_names():
    assert len(placement.WEIGHTS) == len(placement.NAMES)
    # Next to a DVONN piece is best, then two steps away; every step from a DVONN piece and a crowd of one's own cost.
    w = dict(zip(placement.NAMES, placement.WEIGHTS, strict=True))
    assert w["next_to_dvonn"] > w["two_from_dvonn"] > 0 > w["dvonn_distance"]
    assert w["crowded"] < 0


def counts(dvonns, cell):
    found = placement.static_counts(board.index(cell), [board.index(d) for d in dvonns])
    return dict(zip(placement.NAMES[: placement.N_STATIC], found, strict=True))


def test_counts_of_crafted_pieces():
    d3 = counts(["C3", "E3", "I3"], "D3")  # between two DVONN pieces
    assert d3["next_to_dvonn"] and d3["near_two_dvonns"] and d3["two_dvonn_neighbours"] and not d3["edge"]
    a1 = counts(["C3", "E3", "I3"], "A1")  # two steps from C3, four from E3
    assert a1["two_from_dvonn"] and a1["corner"] and a1["edge"] and not a1["near_two_dvonns"]
    assert not a1["next_to_dvonn"] and not a1["far_from_dvonn"]
    assert a1["dvonn_distance"] == 2 + 4 + 8  # C3, E3, I3
    assert counts(["H3", "I3", "K5"], "A1")["far_from_dvonn"]
    assert counts(["H3", "I3", "K5"], "J5")["edge_next_to_dvonn"]
    cells = [""] * board.SIZE
    for name, x in (("H3", "d"), ("I3", "d"), ("K5", "d"), ("A1", "w"), ("B2", "w"), ("B1", "b")):
        cells[board.index(name)] = x
    f = dict(zip(placement.NAMES, placement.features(cells), strict=True))
    # A1 and B2 touch each other; B1 (Black, on the edge) touches both and is alone.
    assert f["own_neighbours"] == 2 - 0
    assert f["alone"] == 0 - 1
    assert f["exposed"] == 2 - 1  # B1 can take A1 or B2 at once; A1 (edge) can take B1
    assert f["attacker"] == 1 - 1  # A1 and B1 are on the edge with an enemy next to them; B2 is not on the edge
    assert f["crowded"] == 0  # every piece has two neighbours or more that are not of its colour
    cells[board.index("A2")] = "w"  # now A1's neighbours are A2, B2 (its own) and B1: one short of two
    assert dict(zip(placement.NAMES, placement.features(cells), strict=True))["crowded"] == 1


@pytest.mark.parametrize("seed", range(6))
def test_the_value_is_the_same_for_either_colour(seed):
    game = partly_placed(seed, 3 + 7 * seed)
    cells = list(game.cells)
    assert placement.value(swapped(cells)) == -placement.value(cells)


@pytest.mark.parametrize("seed", range(8))
def test_the_incremental_value_equals_the_full_value(seed):
    game = partly_placed(seed, 3 + 5 * seed)
    search = placement.PlacementSearch(game.cells, game.turn, 1.0)
    cells = list(game.cells)
    me = "w" if game.turn == 0 else "b"
    for c in range(board.SIZE):
        if cells[c]:
            continue
        after = list(cells)
        after[c] = me
        assert search.delta(c, me) == placement.value(after) - placement.value(cells)
    assert search.cells == cells  # delta leaves the board as it was


def best_final(cells, turn):
    """Plain minimax over the remaining placements, judged by the value of the full board."""
    empties = [i for i in range(board.SIZE) if not cells[i]]
    if not empties:
        v = placement.value(cells)
        return v if turn == 0 else -v
    me = "w" if turn == 0 else "b"
    best = None
    for c in empties:
        cells[c] = me
        v = -best_final(cells, 1 - turn)
        cells[c] = ""
        if best is None or v > best:
            best = v
    return best


@pytest.mark.parametrize("seed", range(5))
def test_the_end_of_the_placement_phase_is_solved_exactly(seed):
    game = partly_placed(100 + seed, board.SIZE - 5)
    search = placement.PlacementSearch(game.cells, game.turn, 10.0)
    empties = [i for i in range(board.SIZE) if not game.cells[i]]
    cell = search.run(list(empties))
    assert search.solved
    assert search.best_score == best_final(list(game.cells), game.turn)
    after = list(game.cells)
    after[cell] = "w" if game.turn == 0 else "b"
    assert -best_final(after, 1 - game.turn) == search.best_score


def test_hard_places_by_the_search_legally_and_reproducibly():
    game = partly_placed(7, board.SIZE - bot.SEARCH_LAST_PLACEMENTS)
    before = game.position()
    info = {}
    code = bot.choose_code(game, "hard", seed=3, time_limit=0.5, info=info)
    assert game.position() == before
    assert game.is_legal(bot.code_text(code))
    assert info["depth"] >= 2 and info["nodes"] > 0
    # Before that, the placement rule decides at once.
    info = {}
    bot.choose_code(partly_placed(7, board.SIZE - bot.SEARCH_LAST_PLACEMENTS - 1), "hard", seed=3, info=info)
    assert info["depth"] == 0 and info["nodes"] == 0
    # A node budget instead of the clock gives the same move every time.
    first = placement.PlacementSearch(game.cells, game.turn, 60.0, max_nodes=3000)
    order = [i for i in range(board.SIZE) if not game.cells[i]]
    again = placement.PlacementSearch(game.cells, game.turn, 60.0, max_nodes=3000)
    assert first.run(list(order)) == again.run(list(order))


def test_hard_takes_the_cell_the_opponent_needs():
    # One piece each to place (White, then Black) and two cells left: one next to a DVONN piece, one far away.
    game = partly_placed(11, board.SIZE - 2)
    cells = list(game.cells)
    empties = [i for i in range(board.SIZE) if not cells[i]]
    search = placement.PlacementSearch(cells, game.turn, 5.0)
    cell = search.run(list(empties))
    values = []
    me = "w" if game.turn == 0 else "b"
    other = "b" if me == "w" else "w"
    for c in empties:
        after = list(cells)
        after[c] = me
        for d in empties:
            if d != c:
                after[d] = other
        v = placement.value(after)
        values.append((v if me == "w" else -v, c))
    assert cell == max(values)[1]
