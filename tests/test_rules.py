"""The rules of DVONN, as the official rulebook states them, checked on dvonn_core."""

from pathlib import Path

import pytest

from dvonn_core import Game, IllegalMoveError, InvalidMoveError, Move, PositionError
from dvonn_core.dvonn.board import CELLS, EDGE, NEIGHBOURS, coords, index, neighbours
from dvonn_core.dvonn.perft import perft
from dvonn_core.dvonn.setup import random_game, random_setup

DATA = Path(__file__).parent / "data"


def fixture_games():
    for line in (DATA / "boardspace-games.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, white, black, *moves = line.split()
        yield name, int(white), int(black), moves


def perft_fixture():
    setup, counts = [], {}
    for line in (DATA / "perft.txt").read_text().splitlines():
        if line.startswith("setup "):
            setup = line.split()[1:]
        elif line.startswith("perft "):
            _, depth, count = line.split()
            counts[int(depth)] = int(count)
    return setup, counts


def game_after(moves):
    g = Game()
    for m in moves:
        g.play(m)
    return g


# ---------------------------------------------------------------- the board


def test_board_has_49_cells_in_five_rows():
    assert len(CELLS) == 49
    rows = {}
    for name in CELLS:
        rows.setdefault(name[1], []).append(name[0])
    assert "".join(rows["1"]) == "ABCDEFGHI"
    assert "".join(rows["2"]) == "ABCDEFGHIJ"
    assert "".join(rows["3"]) == "ABCDEFGHIJK"
    assert "".join(rows["4"]) == "BCDEFGHIJK"
    assert "".join(rows["5"]) == "CDEFGHIJK"


def test_neighbours_follow_the_hex_directions():
    assert sorted(neighbours("F3")) == sorted(["E3", "G3", "F2", "F4", "G4", "E2"])
    assert sorted(neighbours("A1")) == ["A2", "B1", "B2"]
    assert sorted(neighbours("K5")) == ["J4", "J5", "K4"]
    for i in range(49):
        for n in NEIGHBOURS[i]:
            assert i in NEIGHBOURS[n]


def test_edge_cells_are_the_board_rim():
    assert sum(EDGE) == 24  # 49 cells, 25 inner ones
    assert EDGE[index("A1")] and EDGE[index("K3")] and EDGE[index("E5")]
    assert not EDGE[index("F3")] and not EDGE[index("B2")]


def test_cell_names_are_case_insensitive():
    assert index("e3") == index("E3")
    assert coords("F3") == (5, 2)
    with pytest.raises(ValueError):
        index("A5")


# ---------------------------------------------------------------- placement


def test_placement_order_dvonn_pieces_first_then_black_starts_colours():
    g = Game()
    sides = []
    for cell in CELLS:
        sides.append(g.to_move)
        g.play(cell)
    assert sides[:5] == ["white", "black", "white", "black", "white"]
    assert sides.count("white") == 25 and sides.count("black") == 24
    stacks = g.stacks()
    assert stacks[:3] == ["d", "d", "d"]
    assert stacks[3] == "b" and stacks[4] == "w"
    assert stacks.count("w") == 23 and stacks.count("b") == 23


def test_white_moves_first_after_placing_last():
    g = Game()
    for cell in CELLS[:48]:
        g.play(cell)
    assert g.to_move == "white" and g.phase == "placement"
    assert [str(m) for m in g.legal_moves()] == [CELLS[48]]
    g.play(CELLS[48])
    assert g.phase == "movement"
    assert g.to_move == "white"


def test_placement_only_on_empty_cells():
    g = game_after(["F3"])
    with pytest.raises(IllegalMoveError, match="F3 is already occupied"):
        g.play("F3")
    with pytest.raises(IllegalMoveError, match="no passing"):
        g.play("PASS")
    with pytest.raises(IllegalMoveError, match="cannot move until"):
        g.play("F3G3")


def test_pieces_to_place():
    g = Game()
    assert g.pieces_to_place() == (25, 24)
    g.play("F3")
    assert g.pieces_to_place() == (24, 24)


# ---------------------------------------------------------------- movement

# A small constructed position: a black stack of 3 on A3 (with DVONN at the bottom),
# white singles, and empty cells in between (see dvonn_core/dvonn/position.py).
SPARSE = "9-10-dwB2WD6-10-D8.b"


def test_stack_moves_exactly_its_height_in_a_straight_line_over_empty_cells():
    g = Game.from_position(SPARSE)
    assert g.stack("A3") == "dwb"
    assert [str(m) for m in g.legal_moves()] == ["A3D3"]
    g.play("A3D3")
    assert g.stack("D3") == "wdwb"
    assert g.stack("A3") == ""


def test_move_must_land_on_an_occupied_cell():
    g = Game.from_position(SPARSE)
    with pytest.raises(IllegalMoveError, match="must move exactly 3"):
        g.play("A3B3")
    g2 = Game.from_position("9-10-dwB3WD5-10-D8.b")
    assert g2.legal_moves() == [Move.parse("PASS")]
    with pytest.raises(IllegalMoveError, match="must pass"):
        g2.play("A3D3")


def test_only_the_owner_of_the_top_piece_moves_a_stack():
    g = Game.from_position(SPARSE)
    with pytest.raises(IllegalMoveError, match="belongs to white"):
        g.play("D3E3")


def test_a_lone_dvonn_piece_never_moves_but_can_be_landed_on():
    g = Game.from_position("9-10-WD9-10-D7D.w")
    assert [str(m) for m in g.legal_moves()] == ["A3B3"]
    with pytest.raises(IllegalMoveError, match="lone DVONN piece on B3 cannot move"):
        g.play("B3A3")
    g.play("A3B3")
    assert g.stack("B3") == "dw"


def test_surrounded_stacks_cannot_move():
    g = Game()
    for cell in CELLS:
        g.play(cell)
    sources = {m.source for m in g.legal_moves()}
    assert sources and all(EDGE[index(s)] for s in sources)
    # F3 is surrounded on all six sides and cannot move even though it is White's.
    assert "F3" not in sources


def test_surrounded_message():
    g = Game.from_position(random_setup(5).position())
    inner = next(c for c in CELLS if not EDGE[index(c)] and g.stack(c) == "w")
    target = neighbours(inner)[0]
    with pytest.raises(IllegalMoveError, match="surrounded on all six sides"):
        g.play(inner + target)


def test_cut_off_stacks_are_removed_whoever_owns_them():
    # C3 links A3/B3 to the DVONN piece on D3; moving it away cuts them off.
    g = Game.from_position("9-10-WWBD7-10-D7D.b")
    assert g.removed_by("C3D3") == ["A3", "B3"]
    assert g.stack("A3") == "w"  # removed_by changes nothing
    g.play("C3D3")
    assert g.last_removed == ["A3", "B3"]
    assert g.stack("A3") == g.stack("B3") == ""
    assert g.stack("D3") == "db"


def test_a_dvonn_stack_moving_away_takes_its_link_with_it():
    g = Game.from_position("9-10-dB1WD7-10-D8.b")
    # The black stack with a DVONN piece jumps onto C3; nothing is cut off.
    g.play("A3C3")
    assert g.stack("C3") == "wdb" and g.last_removed == []


def test_an_isolated_dvonn_piece_stays():
    g = Game.from_position("9-10-DWB8-10-D7D.w")
    g.play("B3C3")
    assert g.stack("A3") == "d"
    assert g.stack("C3") == ""  # cut off from every DVONN piece: removed
    assert g.last_removed == ["C3"]


def test_pass_only_when_no_move_and_game_ends_when_nobody_can_move():
    g = Game.from_position("9-10-dwB3WD5-10-D8.b")
    assert g.phase == "movement"
    assert [str(m) for m in g.legal_moves()] == ["PASS"]
    g.play("PASS")
    assert g.to_move == "white"
    assert [str(m) for m in g.legal_moves()] == ["E3F3"]
    g.play("E3F3")
    assert g.phase == "over"
    assert g.legal_moves() == []
    assert g.score() == (2, 3) and g.winner() == "black"
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("PASS")


def test_white_cannot_pass_when_it_can_move():
    g = game_after(CELLS)
    with pytest.raises(IllegalMoveError, match="may not pass"):
        g.play("PASS")


def test_score_counts_pieces_of_every_colour_under_the_top():
    g = Game.from_position("9-10-bbwWBwbdW8-10-D7D.w")
    assert g.score() == (8, 1)
    assert g.winner() is None


def test_draw():
    g = Game.from_position("9-10-dW3dbB6-10-8D.w")
    assert g.phase == "over"
    assert g.score() == (2, 3) and g.winner() == "black"
    g = Game.from_position("9-10-dW2dB7-10-8D.w")
    assert g.phase == "over" and g.winner() == "draw"


def test_resignation_ends_the_game():
    g = random_setup(1)
    g.resign()
    assert g.phase == "over" and g.winner() == "black" and g.resigned == "white"
    g.undo()
    assert g.resigned is None and g.phase == "placement"


# ---------------------------------------------------------------- notation and errors


@pytest.mark.parametrize(
    "text, canonical",
    [("e3", "E3"), ("E3G3", "E3G3"), ("e3-g3", "E3G3"), (" e3 g3 ", "E3G3"), ("pass", "PASS"), ("K5x J4", "K5J4")],
)
def test_notation_is_case_insensitive_and_canonical_on_output(text, canonical):
    assert str(Move.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "Z9", "A5", "E3G3F3", "E33", "passs", "E3E3", "🙂", "x" * 100])
def test_malformed_moves_raise_invalid_move_error(text):
    g = random_setup(2)
    before = g.position()
    with pytest.raises(InvalidMoveError) as err:
        g.play(text)
    assert isinstance(err.value, ValueError)
    assert g.position() == before and len(g.moves) == 49


def test_illegal_move_message_quotes_move_and_position():
    g = random_setup(2)
    with pytest.raises(IllegalMoveError) as err:
        g.play("F3A1")
    assert "'F3A1'" in str(err.value) and g.position() in str(err.value)
    assert isinstance(err.value, ValueError)


def test_move_value_type():
    m = Move("E3", "G3")
    assert m == Move.parse("e3g3") and hash(m) == hash(Move.parse("E3G3"))
    assert (m.source, m.target, m.is_pass) == ("E3", "G3", False)
    assert eval(repr(m)) == m
    p = Move.placement("F3")
    assert (p.source, p.target, p.is_placement) == (None, "F3", True)
    assert Move.pass_move().is_pass and str(Move.pass_move()) == "PASS"


def test_legal_moves_are_in_a_deterministic_order():
    g = random_setup(9)
    moves = g.legal_moves()
    assert moves == sorted(moves, key=lambda m: (index(m.source), index(m.target)))
    assert [str(m) for m in moves] == [str(m) for m in random_setup(9).legal_moves()]


def test_undo_returns_the_move_and_restores_the_position():
    g = random_setup(4)
    before = g.position()
    m = g.legal_moves()[0]
    g.play(m)
    assert g.undo() == m
    assert g.position() == before
    with pytest.raises(IndexError):
        Game().undo()


# ---------------------------------------------------------------- position strings


def test_start_position_string():
    assert Game().position() == "9-10-11-10-9.wp"
    assert Game.from_position("9-10-11-10-9.wp").position() == Game().position()


def test_position_string_is_url_safe():
    allowed = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    for seed in range(20):
        g = random_game(seed)
        while True:
            assert set(g.position()) <= allowed
            if not g.moves:
                break
            g.undo()


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no side to move"),
        ("9-10-11-10-9.x", "side to move"),
        ("9-10-11-10.wp", "4 rows"),
        ("9-10-11-10-8.wp", "row 5 describes 8 cells"),
        ("9-10-11-10-9wb.wp", "no top piece"),
        ("9-10-11-10-9?.wp", "unexpected character"),
        ("D8-10-11-10-9.wp", "after 1 placements it is black's turn"),
        ("W8-10-11-10-9.bp", "should be 1 DVONN"),
        ("9-10-W1D8-10-9.w", "3 DVONN pieces"),
        ("9-10-W1D1D1D4-10-9.w", "not linked to any DVONN piece: A3"),
        ("9-10-wD1D1D6-10-9.w", "DVONN piece can only be on top"),
        ("9-10-011-10-9.wp", "not a valid count"),
        ("WWWWWWWWW-WWWWWWWWWW-WWWWWDDDW2-10-9.w", "each side has only 23"),
        ("x" * 1000, "too long"),
    ],
)
def test_malformed_positions_say_what_is_wrong(text, message):
    with pytest.raises(PositionError, match=message) as err:
        Game.from_position(text)
    assert isinstance(err.value, ValueError)


# ---------------------------------------------------------------- real games and perft


def test_every_boardspace_game_replays_with_its_final_score():
    count = 0
    for name, white, black, moves in fixture_games():
        g = Game()
        for i, m in enumerate(moves):
            try:
                g.play(m)
            except ValueError as err:  # pragma: no cover - the message is the point
                pytest.fail("%s: move %d %s: %s" % (name, i + 1, m, err))
        assert g.score() == (white, black), name
        count += 1
    assert count == 9575


def test_boardspace_games_that_end_normally_are_over():
    over = 0
    for _name, white, black, moves in fixture_games():
        g = game_after(moves)
        if g.phase == "over":
            over += 1
            assert g.winner() == ("white" if white > black else "black" if black > white else "draw")
    assert over > 5000


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft(depth):
    setup, counts = perft_fixture()
    g = game_after(setup)
    before = g.position()
    assert perft(g, depth) == counts[depth]
    assert g.position() == before


def test_the_stacks_removed_by_the_last_move_and_why_a_stack_is_stuck() -> None:
    """What the game page and the documentation boards ask the core (issue 11, item 7)."""
    game = Game.from_position("BbW7-B1WBD5-3DWB5-4D5-9.w")
    before = {cell: game.stack(cell) for cell in ("A1", "B1", "A2")}
    game.play("C2D3")
    assert game.last_removed_stacks == before and sorted(game.last_removed) == sorted(before)
    game.undo()
    assert game.why_stuck("C2") == ""
    assert "belongs to black" in game.why_stuck("A1")
    assert game.why_stuck("A3") == "there is no stack on A3"
    assert Game().why_stuck("F3") == "stacks cannot move until all 49 pieces are placed"
