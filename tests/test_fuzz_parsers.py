"""Fuzzing the move and position parsers: any text either parses or raises the library's own error.

Random text and mutations of valid inputs; a crash with any other exception fails.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from dvonn_core import Game, IllegalMoveError, InvalidMoveError, Move, PositionError
from dvonn_core.dvonn.setup import random_game

VALID_POSITIONS = []
for _seed in range(8):
    _g = random_game(_seed)
    while _g.moves:
        if len(_g.moves) % 9 == 0:
            VALID_POSITIONS.append(_g.position())
        _g.undo()
ALPHABET = "wbdWBD0123456789-.pxX~_ \n\t\u00e9\x00"


def mutate(text: str, ops: list) -> str:
    chars = list(text)
    for kind, where, ch in ops:
        if not chars:
            chars = [ch]
            continue
        i = where % len(chars)
        if kind == 0:
            chars[i] = ch
        elif kind == 1:
            del chars[i]
        elif kind == 2:
            chars.insert(i, ch)
        else:
            chars[i:i] = chars[i : i + 3]
    return "".join(chars)


OPS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10_000), st.sampled_from(ALPHABET)), max_size=6)


def parse_position(text: str) -> None:
    try:
        game = Game.from_position(text)
    except PositionError:
        return
    # Whatever parses is a valid position that writes back canonically.
    assert Game.from_position(game.position()).position() == game.position()


@settings(max_examples=1500, deadline=None)
@given(st.text(max_size=120))
def test_position_parser_on_random_text(text):
    parse_position(text)


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(VALID_POSITIONS), OPS)
def test_position_parser_on_mutated_positions(position, ops):
    parse_position(mutate(position, ops))


@settings(max_examples=1500, deadline=None)
@given(st.one_of(st.text(max_size=30), st.from_regex(r"[A-Ka-k][0-9][ -]?[A-Ka-k][0-9]", fullmatch=True)))
def test_move_parser_on_random_text(text):
    game = random_game(3)
    for _ in range(20):
        game.undo()
    before = game.position()
    try:
        move = Move.parse(text)
    except InvalidMoveError:
        return
    assert Move.parse(str(move)) == move
    try:
        game.play(text)
    except IllegalMoveError:
        assert game.position() == before
