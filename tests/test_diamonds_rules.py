"""Diamonds & Pivots: the source's worked example (golden), each answer to the rules' open questions, perft,
notation, positions, records and errors."""

from pathlib import Path

import pytest

import dvonn_core.diamonds as diamonds
from dvonn_core.common.errors import RecordError
from dvonn_core.diamonds import DiamondsGame, IllegalMoveError, InvalidMoveError, Move, PositionError
from dvonn_core.diamonds.board import CELLS, LINES, SIZE
from dvonn_core.diamonds.perft import perft
from dvonn_core.diamonds.rules import count_chains, outcomes

DATA = Path(__file__).resolve().parent / "data" / "diamonds"


def _fields(words):
    out = {}
    for w in words:
        key, _, value = w.partition("=")
        out[key] = value
    return out


def _cells(value):
    return sorted(c for c in value.split(",") if c)


def _diamonds(value):
    return sorted(tuple(sorted(d.split("."))) for d in value.split(",") if d)


# ---------------------------------------------------------------------- the worked example


def test_worked_example_move_by_move():
    game = turn = None
    lines = [
        line.split()
        for line in (DATA / "worked-example.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    checked = 0
    for words in lines:
        kind = words[0]
        if kind == "start":
            f = _fields(words[1:])
            game = DiamondsGame.from_stones(black=_cells(f["black"]), white=_cells(f["white"]), to_move=f["to_move"])
            continue
        if kind == "drop":
            turn = game.begin_turn(words[1])
            f = _fields(words[2:])
        elif kind == "pivot":
            before_black, before_white = set(turn.stones("black")), set(turn.stones("white"))
            captured = turn.captured(words[1])
            assert sorted(captured) == _cells(_fields(words[2:])["captured"])
            turn.step(words[1])
            f = _fields(words[2:])
            lost = (before_black | before_white) - set(turn.stones("black")) - set(turn.stones("white"))
            assert len(lost) <= 3
        elif kind == "turn":
            assert turn.done
            assert str(turn.move()) == " ".join(words[1:])
            played = game.play(" ".join(words[1:]))
            assert str(played) == " ".join(words[1:])
            assert game.stones("black") == sorted(turn.stones("black"), key=CELLS.index)
            assert game.to_move == "white"
            continue
        elif kind == "reply":
            # "White's best reply is a drop on g2, which makes a diamond certain next turn."
            game.play(words[1])
            for black_turn in game.legal_moves():
                if black_turn.is_swap:
                    continue
                game.play(black_turn)
                assert any(game.turns_after(c)[0].pivots for c in game.drops()), (
                    "Black's %s stops White's diamond" % black_turn
                )
                game.undo()
                checked += 1
            continue
        assert sorted(turn.stones("black")) == _cells(f["black"])
        assert sorted(turn.stones("white")) == _cells(f["white"])
        assert sorted(tuple(sorted(d)) for d in turn.diamonds()) == _diamonds(f["diamonds"])
    assert checked > 40


def test_worked_example_drop_has_hundreds_of_ends():
    game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
    assert count_chains(*game.bits, CELLS.index("b6")) == 699
    ends = game.turns_after("b6")
    assert len(ends) == 379
    assert game.parse_move("b6 c5>f5 f5>i2") in ends
    assert sum(1 for _ in game.iter_turns("b6")) == 699


# ---------------------------------------------------------------------- the open questions, answered


def test_answers_are_quoted_in_the_docstring():
    doc = " ".join(diamonds.__doc__.replace("``", "").split()).lower()
    assert len(diamonds.ANSWERS) == 8
    for topic, answer in diamonds.ANSWERS:
        assert " ".join((topic + ": " + answer).split()).lower() in doc, topic


def test_answer_line_may_run_over_the_vacated_cells():
    game = DiamondsGame.from_stones(black=["b7", "c5", "c6"], white=[])
    turn = game.begin_turn("b6")
    # Pivot b6 down-right: the line c6 d6 e6 starts on c6, a cell of the diamond itself.
    assert turn.line("b6>e6") == ["c6", "d6", "e6"]
    assert turn.captured("b6>e6") == []
    turn.step("b6>e6")
    assert turn.stones("black") == ["b6", "c6", "d6", "e6"]


def test_answer_line_captures_stones_of_both_colours_at_most_three():
    game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "e5"], white=["d5", "f5"])
    turn = game.begin_turn("b6")
    assert sorted(turn.captured("c5>f5")) == ["d5", "e5", "f5"]
    turn.step("c5>f5")
    assert turn.stones("white") == []
    assert turn.stones("black") == ["c5", "d5", "e5", "f5"]


def test_answer_line_must_stay_on_the_board():
    # Every cell has a direction with three cells, so every diamond can pivot.
    assert all(any(LINES[c][d] for d in range(6)) for c in range(SIZE))
    game = DiamondsGame.from_stones(black=["a6", "b5", "b6"], white=[])
    turn = game.begin_turn("a5")
    for pv in turn.options():
        assert len(turn.line(pv)) == 3
    # From the corner a5 only three lines stay on the board: right, down-right, down-left.
    assert {str(p).split(">")[1] for p in turn.options() if str(p).startswith("a5")} == {"a8", "d5", "d2"}
    with pytest.raises(IllegalMoveError, match="not three cells in a straight line"):
        turn.step("a5>a7")


def test_answer_a_pivot_may_not_repeat_a_board_of_the_turn():
    game = DiamondsGame.from_stones(black=["c5", "d5", "e4", "e5", "f5"], white=["a5"])
    assert game.diamonds() == []
    turn = game.begin_turn("d4")
    start = (turn.mine, turn.opp)
    turn.step("d4/d5>g4")
    # Pivoting the diamond {e5 f4 f5 g4} on f5 up-left would lift e5 f4 g4, lay e5 d5 c5 and bring back
    # the board right after the drop; the other diamond through f5 may go that way.
    options = [str(p) for p in turn.options()]
    assert "f5/f4>c5" not in options and "f5/e4>c5" in options
    with pytest.raises(IllegalMoveError, match="would repeat a position of this turn"):
        turn.step("f5/f4>c5")
    assert (turn.mine, turn.opp) != start
    with pytest.raises(IllegalMoveError, match="would repeat"):
        game.play("d4 d4/d5>g4 f5/f4>c5")


def test_answer_black_starts_and_white_wins_ties():
    game = DiamondsGame()
    assert game.to_move == "black" and game.phase == "play"
    game = DiamondsGame.from_position("5-6-7-8-4bw3-8-7-6-5.bpp")
    assert game.phase == "over" and game.score() == (1, 1) and game.winner() == "white"
    game = DiamondsGame.from_position("5-6-7-8-3bbw3-8-7-6-5.wpp")
    assert game.winner() == "black"


def test_answer_swap_exchanges_the_players_not_the_board():
    game = DiamondsGame()
    assert "swap" not in [str(m) for m in game.legal_moves()]
    game.play("e5")
    assert game.can_swap and list(game.legal_moves())[-1] == Move.parse("swap")
    before = game.position()
    game.play("swap")
    assert game.swapped and game.to_move == "white" and game.stones("black") == ["e5"]
    assert game.position() == before.replace(".ws", ".w")
    with pytest.raises(IllegalMoveError, match="swap is allowed only"):
        game.play("swap")
    game.play("d4")
    assert game.to_move == "black"
    record = game.record()
    assert "1. e5\n2. swap\n3. d4" in record
    back = DiamondsGame.from_record(record)
    assert back.swapped and back.position() == game.position()
    # Only right after Black's first drop on the empty board.
    game = DiamondsGame()
    game.play("pass")
    game.play("e5")
    assert not game.can_swap
    game = DiamondsGame.from_stones(black=["e5"], white=[], to_move="white")
    assert not game.can_swap


def test_answer_notation_names_the_diamond_only_when_needed():
    game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
    for m in game.turns_after("b6")[:50]:
        assert game.parse_move(str(m)) == m
    # c5 is in one diamond: no partner; naming it anyway is accepted and made canonical.
    assert str(game.parse_move("b6 c5/b7>f5 f5>i2")) == "b6 c5>f5 f5>i2"
    # d6 is in two diamonds after c5>f5: the partner is needed.
    with pytest.raises(IllegalMoveError, match="ambiguous"):
        game.play("b6 c5>f5 d6>a6")
    turn = game.begin_turn("b6")
    turn.step("c5>f5")
    assert {str(p).split(">")[0] for p in turn.options() if str(p).startswith("d6")} == {"d6/e5", "d6/f5"}
    assert all("/" not in str(p) for p in turn.options() if str(p).startswith(("d5", "f5")))


def test_answer_pass_is_always_legal_and_two_end_the_game():
    game = DiamondsGame()
    game.play("e5")
    game.play("swap")
    assert game.phase == "play"
    game.play("pass")
    assert game.phase == "play" and Move.parse("pass") in game.legal_moves()
    game.play("pass")
    assert game.phase == "over" and list(game.legal_moves()) == [] and game.winner() == "black"
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("e4")
    game.undo()
    game.play("d4")
    assert game.phase == "play"


def test_answer_every_diamond_of_the_mover_must_pivot():
    # A set-up position with a standing black diamond: a drop elsewhere must pivot it.
    game = DiamondsGame.from_stones(black=["b6", "b7", "c5", "c6"], white=[])
    with pytest.raises(IllegalMoveError, match="not finished"):
        game.play("i1")
    assert all(m.pivots for m in game.turns_after("i1"))
    game.play("pass")  # passing is still allowed


# ---------------------------------------------------------------------- perft, notation, positions, records


def test_perft():
    rows = [
        line.split()
        for line in (DATA / "perft.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert len(rows) >= 6
    for position, depth, count in rows:
        assert perft(DiamondsGame.from_position(position), int(depth)) == int(count), (position, depth)


def test_legal_moves_view():
    game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
    view = game.legal_moves()
    assert len(view) == view.count() == 463
    assert "b6 c5>f5 f5>i2" in view and "b6" not in view and "zz" not in view
    moves = list(view)
    assert moves[-1] == Move.parse("pass") and len(set(moves)) == len(moves)
    assert view[0] == moves[0] and view[-1] == moves[-1] and view[100] == moves[100] and view[:3] == moves[:3]
    with pytest.raises(IndexError):
        view[463]
    ends = {(m.cell, tuple(p.key() for p in m.pivots)) for m in moves}
    assert len(ends) == len(moves)


def test_outcome_search_matches_chain_enumeration():
    game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
    finals = set()
    for m in game.iter_turns("b6"):
        game.play(m)
        finals.add(game.position())
        game.undo()
    listed = set()
    for m in game.turns_after("b6"):
        game.play(m)
        listed.add(game.position())
        game.undo()
    assert finals == listed and len(listed) == len(outcomes(*game.bits, CELLS.index("b6")))


@pytest.mark.parametrize(
    "text, error, words",
    [
        ("", InvalidMoveError, "empty"),
        ("z9", InvalidMoveError, "not a cell"),
        ("b6 c5-f5", InvalidMoveError, "not a pivot"),
        ("pass b6", InvalidMoveError, "nothing may follow"),
        ("b7", IllegalMoveError, "not empty"),
        ("b6", IllegalMoveError, "not finished"),
        ("a5 c5>f5", IllegalMoveError, "no diamond"),
        ("b6 c5>f6", IllegalMoveError, "straight line"),
        ("b6 e5>h5", IllegalMoveError, "not the pivot"),
        ("b6 c5/b6>f5", IllegalMoveError, "not the partner"),
        ("swap", IllegalMoveError, "swap is allowed only"),
    ],
)
def test_errors_quote_the_move_and_leave_the_game_unchanged(text, error, words):
    game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
    before = game.position()
    with pytest.raises(error) as info:
        game.play(text)
    assert words in str(info.value)
    if text:
        assert repr(text)[1:-1].split()[0] in str(info.value)
    assert issubclass(error, ValueError)
    assert game.position() == before and game.moves == []


@pytest.mark.parametrize(
    "text, words",
    [
        ("5-6-7-8-9-8-7-6-5", "no side to move"),
        ("5-6-7-8-9-8-7-6-5.x", "side to move"),
        ("5-6-7-8-9-8-7-6.b", "8 rows"),
        ("5-6-7-8-9-8-7-6-6.b", "row i"),
        ("5-6-7-8-4x4-8-7-6-5.b", "row e"),
        ("5-6-7-8-9-8-7-6-5.ws", "swap"),
    ],
)
def test_position_errors_say_what_is_wrong(text, words):
    with pytest.raises(PositionError, match=words):
        DiamondsGame.from_position(text)


def test_position_strings_are_url_safe_and_round_trip():
    for text in [
        "5-6-7-8-9-8-7-6-5.b",
        "5-6-7-8-4b4-8-7-6-5.ws",
        "5-6-2b4-3b4-9-4b3-3b3-wwbw2-1b3.wp",
        "bbbbb-6-7-8-9-8-7-6-wwwww.bpp",
    ]:
        game = DiamondsGame.from_position(text)
        assert game.position() == text
        assert all(ch.isalnum() or ch in "-." for ch in text)


def test_records_round_trip_and_errors_name_the_turn():
    game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])
    game.tags["Black"] = 'Ann "the pivot"'
    game.play("b6 c5>f5 f5>i2")
    game.play("g2")
    text = game.record()
    assert '[Position "5-3b2-2bb3-4b3-5b3-8-7-wwww2-1w3.b"]' in text and "1. b6 c5>f5 f5>i2" in text
    back = DiamondsGame.from_record(text)
    assert back == game and back.tags["Black"] == 'Ann "the pivot"'
    # a bare move list: pivots join the drop before them
    assert DiamondsGame.from_record("e5 d4 e4").position() == "5-6-7-2w5-3bb4-8-7-6-5.w"
    with pytest.raises(RecordError) as info:
        DiamondsGame.from_record("e5 swap e5")
    assert info.value.number == 3 and info.value.move == "e5"
    with pytest.raises(RecordError, match="malformed tag"):
        DiamondsGame.from_record('[Black "x]\n\ne5')


def test_copy_is_an_independent_game_with_the_same_history() -> None:
    game = DiamondsGame()
    for turn in ("e5", "swap", "d4"):
        game.play(turn)
    game.tags["Black"] = "Ann"
    twin = game.copy()
    assert twin.position() == game.position() and twin.moves == game.moves and twin.tags == game.tags
    twin.play("c6")
    twin.tags["Black"] = "Bo"
    assert len(game.moves) == 3 and game.tags["Black"] == "Ann"
    assert str(twin.undo()) == "c6" and twin.position() == game.position()
    while twin.moves:  # the undo history is its own too
        twin.undo()
    assert twin.position() == DiamondsGame().position() and len(game.moves) == 3


def test_a_record_has_the_same_size_limits_as_dvonns():
    """Issue 57: a record over MAX_SIZE characters, or of more than MAX_TURNS turns, is refused before
    any turn is played (a 5 MB record whose first turn is illegal took 5.8 s), with DVONN's errors."""
    from dvonn_core.diamonds import record
    from dvonn_core.dvonn import record as dvonn_record

    assert (record.MAX_SIZE, record.MAX_TURNS) == (dvonn_record.MAX_SIZE, dvonn_record.MAX_MOVES)
    with pytest.raises(RecordError, match=r"^record too large \(5000001 characters; at most 2000000\)$"):
        DiamondsGame.from_record("z" * 5_000_001)
    with pytest.raises(RecordError, match=r"^record too long: more than 5000 turns$"):
        DiamondsGame.from_record("zz " * 600_000)
    with pytest.raises(RecordError, match=r"^record too long: more than 5000 turns$"):
        DiamondsGame.from_record("\n".join("%d. pass" % n for n in range(1, 5002)))
    # At the limits, a record is read as before: its first wrong turn named.
    with pytest.raises(RecordError, match=r"^turn 1: .zz. is not a Diamonds & Pivots turn"):
        DiamondsGame.from_record("zz " * 5000)


def test_diagram_errors_quote_at_most_40_characters_of_the_input():
    """Issue 57: a bad highlight (a 5,000-character item) is quoted as DVONN's diagrams quote it."""
    from dvonn_core.diamonds.svg import DiagramError, render
    from dvonn_core.dvonn import svg as dvonn_svg

    for highlight in (["x" * 5000], "e5," + "y" * 5000, [b"z" * 5000], b"z" * 5000):
        with pytest.raises(DiagramError) as info:
            render("5-6-7-8-9-8-7-6-5.b", highlight=highlight)
        assert len(str(info.value)) < 120, str(info.value)[:200]
    with pytest.raises(dvonn_svg.DiagramError) as info:
        dvonn_svg.render(["w"] * 48 + ["q" * 5000])
    assert len(str(info.value)) < 140
