"""Bad input in both games: only the library's documented errors, with short messages that say what is wrong.

Cell names are ASCII (CPython's str.upper() reads the dotless i as I, MicroPython's does not); both record
readers accept a byte-order mark; an SGF record ends at its closing parenthesis.
"""

import pytest

from dvonn_core import Game, InvalidMoveError, Move, PositionError, RecordError, record
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds import Move as DMove
from dvonn_core.diamonds import PositionError as DPositionError
from dvonn_core.diamonds.board import index as diamonds_index
from dvonn_core.dvonn.board import index as dvonn_index

HUGE = "x" * 1_000_000
#: A message may quote about 40 characters of input, plus its own words and a position.
SHORT = 400


# ---------------------------------------------------------------------- from_stones


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"black": None}, "black must be a list of cell names"),
        ({"white": 5}, "white must be a list of cell names like ['e5', 'b6'], not int"),
        ({"black": "e5"}, "not 'e5'"),
        ({"black": [["e5"]]}, "black: list is not a cell"),
        ({"black": [None]}, "black: NoneType is not a cell"),
        ({"black": ["z9"]}, "'z9' is not a cell"),
        ({"white": ["\u0130" + "5"]}, "is not a cell"),
        ({"black": ["e5"], "white": ["E5"]}, "e5 is given twice"),
        ({"black": ["e5", "e5"]}, "e5 is given twice"),
        ({"to_move": "red"}, "to_move must be 'black' or 'white', not 'red'"),
        ({"to_move": None}, "not NoneType"),
        ({"black": [HUGE]}, "'xxxxxxxxxx"),
        ({"to_move": HUGE}, "'xxxxxxxxxx"),
    ],
)
def test_from_stones_raises_the_position_error_for_every_bad_argument(kwargs, words):
    with pytest.raises(DPositionError) as error:
        DiamondsGame.from_stones(**kwargs)
    assert words in str(error.value) and len(str(error.value)) < 200


# ---------------------------------------------------------------------- ASCII cell names


@pytest.mark.parametrize("text", ["\u01313", "\u0131" + "3G3", "PA\u017fS", "E\u0663", "\u212a5"])
def test_dvonn_moves_take_ascii_letters_only(text):
    with pytest.raises(InvalidMoveError, match="ASCII"):
        Move.parse(text)
    with pytest.raises(RecordError):
        record.read("E3 " + text)


def test_dvonn_records_take_ascii_words_only():
    sgf = "(;GM[Dvonn];P0[1 dropb \u0131 3];P0[2 done])"
    with pytest.raises(RecordError, match="is not a cell"):
        record.read(sgf)
    assert record.read("E3 D3 resign black").resigned == "black"
    with pytest.raises(RecordError):
        record.read("E3 D3 resign blac\u212a")  # the Kelvin sign is no k (CPython lowers it to k)
    with pytest.raises(ValueError, match="no cell named"):
        dvonn_index("\u01313")


@pytest.mark.parametrize("text", ["\u0130" + "5", "\u212a" + "5", "\u0435" + "5", "e\u0665"])
def test_diamonds_cells_are_ascii_letters_only(text):
    with pytest.raises(InvalidMoveError):
        DMove.parse(text)
    with pytest.raises(InvalidMoveError):
        DiamondsGame().begin_turn(text)
    with pytest.raises(ValueError):
        diamonds_index(text)


# ---------------------------------------------------------------------- byte-order mark, SGF end


def test_both_record_readers_accept_a_byte_order_mark():
    assert [str(m) for m in DiamondsGame.from_record("\ufeff1. e5\n2. swap\n").moves] == ["e5", "swap"]
    game = DiamondsGame.from_record("e5 d4")
    assert DiamondsGame.from_record("\ufeff" + game.record()).position() == game.position()
    assert record.read("\ufeffE3 D3").ply == 2
    assert record.read(b"\xef\xbb\xbfE3 D3").ply == 2


SGF = "(;GM[Dvonn];P0[1 dropb E 3];P0[2 done];P1[3 dropb D 3];P1[4 done])"


def test_an_sgf_record_ends_at_its_closing_parenthesis():
    assert record.read(SGF + "\n\n  ").ply == 2
    for tail, words in [(" junk", "'junk'"), (SGF, "a file holds one game"), (")", "text follows")]:
        with pytest.raises(RecordError, match="text follows") as error:
            record.read(SGF + tail)
        assert words in str(error.value)


# ---------------------------------------------------------------------- short messages


def _message(call, error):
    with pytest.raises(error) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize(
    "name, call, error",
    [
        ("diamonds Move.parse", lambda: DMove.parse(HUGE), InvalidMoveError),
        ("diamonds Move.parse pivot", lambda: DMove.parse("b6 " + HUGE), InvalidMoveError),
        ("diamonds play", lambda: DiamondsGame().play("e5 " + "e5>e8 " * 100_000), ValueError),
        ("diamonds begin_turn", lambda: DiamondsGame().begin_turn(HUGE), InvalidMoveError),
        ("diamonds from_position", lambda: DiamondsGame.from_position(HUGE), DPositionError),
        ("diamonds from_position rows", lambda: DiamondsGame.from_position(HUGE + ".b"), DPositionError),
        ("diamonds record", lambda: DiamondsGame.from_record(HUGE), RecordError),
        ("diamonds record turn", lambda: DiamondsGame.from_record("e5 d4 " + HUGE), RecordError),
        ("diamonds record tag", lambda: DiamondsGame.from_record('[Event "' + HUGE), RecordError),
        ("diamonds record position", lambda: DiamondsGame.from_record('[Position "' + HUGE + '"]\n\ne5'), RecordError),
        ("diamonds stone", lambda: DiamondsGame().stone(HUGE), ValueError),
        ("dvonn Move.parse", lambda: Move.parse(HUGE), InvalidMoveError),
        ("dvonn play", lambda: Game().play([HUGE]), InvalidMoveError),
        ("dvonn from_position", lambda: Game.from_position(HUGE[:150] + ".w"), PositionError),
        ("dvonn record", lambda: record.read("E3 " + HUGE[:900_000]), RecordError),
        ("dvonn sgf", lambda: record.read("(;GM[" + HUGE[:900_000] + "])"), RecordError),
        ("dvonn index", lambda: dvonn_index(HUGE), ValueError),
    ],
)
def test_messages_quote_at_most_a_few_dozen_characters_of_the_input(name, call, error):
    message = _message(call, error)
    assert len(message) < SHORT, (name, len(message), message[:200])
