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


# ---------------------------------------------------------------------- Diamonds & Pivots
# The same promise for the second game's parsers (a few hundred cases a run; benchmarks/core/fuzz.py makes the
# big run): a turn's text, a position string, a record and from_stones either work or raise the library's
# documented error with a short message, and a refused turn leaves the game as it was.

from benchmarks.core.fuzz import random_diamonds_games  # noqa: E402
from dvonn_core.common.errors import RecordError  # noqa: E402
from dvonn_core.diamonds import DiamondsGame  # noqa: E402
from dvonn_core.diamonds import Move as DMove  # noqa: E402
from dvonn_core.diamonds import PositionError as DPositionError  # noqa: E402

D_GAMES = random_diamonds_games(4, 40)
D_POSITIONS = [g.position() for g in D_GAMES] + ["5-6-7-8-9-8-7-6-5.b", "5-6-7-8-4b4-8-7-6-5.ws"]
D_RECORDS = [g.record() for g in D_GAMES] + [" ".join(str(m) for m in g.moves) for g in D_GAMES]
D_TURNS = [str(m) for g in D_GAMES for m in g.moves if m.pivots][:20] + ["b6 c5>f5 f5>i2", "c5/b7>f5", "pass", "swap"]
D_ALPHABET = "abcdefghiABI0123456789>/ .-wbsp\n\t\ufeff\u0131\u0130\u212a[]\"()"
D_OPS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10_000), st.sampled_from(D_ALPHABET)), max_size=6)
D_TEXT = st.one_of(st.text(max_size=80), st.text(alphabet=D_ALPHABET, max_size=80))
SHORT = 400  # a message quotes a few dozen characters of the input, plus its own words and a position


def _short_error(error: ValueError) -> None:
    assert len(str(error)) < SHORT, str(error)[:200]


@settings(max_examples=200, deadline=None)
@given(st.one_of(D_TEXT, st.builds(mutate, st.sampled_from(D_TURNS), D_OPS)), st.sampled_from(range(len(D_GAMES))))
def test_diamonds_turn_parser(text, which):
    game = D_GAMES[which]
    before = game.position()
    try:
        move = DMove.parse(text)
    except InvalidMoveError as e:
        _short_error(e)
        return
    assert DMove.parse(str(move)) == move
    try:
        played = game.play(text)
    except (InvalidMoveError, IllegalMoveError) as e:
        _short_error(e)
        assert game.position() == before
        return
    assert game.undo() == played and game.position() == before


@settings(max_examples=200, deadline=None)
@given(st.one_of(D_TEXT, st.builds(mutate, st.sampled_from(D_POSITIONS), D_OPS)))
def test_diamonds_position_parser(text):
    try:
        game = DiamondsGame.from_position(text)
    except DPositionError as e:
        _short_error(e)
        return
    assert DiamondsGame.from_position(game.position()).position() == game.position()


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=200), st.text(alphabet=D_ALPHABET, max_size=200),
                 st.builds(mutate, st.sampled_from(D_RECORDS), D_OPS)))
def test_diamonds_record_reader(text):
    try:
        game = DiamondsGame.from_record(text)
    except RecordError as e:
        _short_error(e)
        return
    assert DiamondsGame.from_record(game.record()) == game


CELL_LIKE = st.one_of(st.sampled_from(["e5", "E5", "a5", "i1", "b6"]), st.text(alphabet=D_ALPHABET, max_size=4))
ANYTHING = st.one_of(st.none(), st.integers(), st.text(max_size=6), st.lists(CELL_LIKE, max_size=6),
                     st.lists(st.lists(CELL_LIKE, max_size=2), max_size=2),
                     st.sets(st.sampled_from(["e5", "d4", "c3"])))


@settings(max_examples=200, deadline=None)
@given(ANYTHING, ANYTHING, st.one_of(st.sampled_from(["black", "white"]), ANYTHING))
def test_diamonds_from_stones(black, white, to_move):
    try:
        game = DiamondsGame.from_stones(black=black, white=white, to_move=to_move)
    except DPositionError as e:
        _short_error(e)
        return
    assert DiamondsGame.from_position(game.position()).position() == game.position()


# ---------------------------------------------------------------------- the pages' parsers (issue 44)
# Game links (read, then adopted by the page), both embeds, both games' saves (load, restore) and
# imported records: 2,000 cases of each with a fixed seed (mutations of valid inputs, and inputs
# crafted past the first checks: a link with its check sum right, a save that is valid JSON), then
# the crafted cases of the issue.  Each is opened whole (its record, link and save written and read
# back the same) or refused with the entry point's documented error and a message of at most 400
# characters; a refused save leaves the session as it was.  benchmarks/pages/fuzz_pages.py runs 30,000.

import random  # noqa: E402

import pytest  # noqa: E402

from benchmarks.pages import fuzz_pages  # noqa: E402

PAGE_CASES = fuzz_pages.cases(random.Random(44), 2000)


@pytest.mark.parametrize("entry", sorted(fuzz_pages.ENTRY_POINTS))
def test_the_pages_parsers_open_or_refuse_every_input(entry: str) -> None:
    counts, failures, _slowest, longest = fuzz_pages.tally(entry, PAGE_CASES[entry])
    assert failures == [], failures[:5]
    assert counts.get("opened", 0) > 0 and sum(counts.values()) - counts.get("opened", 0) > 0, counts
    assert len(longest) <= fuzz_pages.MAX_MESSAGE


CRAFTED = fuzz_pages.crafted()


@pytest.mark.parametrize(("entry", "case"), CRAFTED, ids=["%s %d" % (c[0], i) for i, c in enumerate(CRAFTED)])
def test_each_crafted_input_is_refused_or_opened_whole(entry: str, case: tuple) -> None:
    outcome, message, _took = fuzz_pages.run_case(entry, case)
    assert outcome == "opened" or outcome in {e.__name__ for e in fuzz_pages.ENTRY_POINTS[entry][1]}, (outcome, message)
    assert len(message) <= fuzz_pages.MAX_MESSAGE
