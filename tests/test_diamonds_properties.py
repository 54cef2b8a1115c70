"""Diamonds & Pivots properties over random games (hypothesis): undo restores, positions and records round-trip,
no diamond of the mover is left at the end of its turn, a pivot captures at most three stones."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dvonn_core.diamonds import DiamondsGame, Move
from dvonn_core.diamonds.bot import random_move


def random_game(seed: int, turns: int) -> DiamondsGame:
    game = DiamondsGame()
    for i in range(turns):
        if game.phase == "over":
            break
        move = random_move(game, seed * 1000 + i)
        if move.is_pass and i % 7:
            continue  # fewer passes, longer games
        game.play(move)
    return game


def replay(game: DiamondsGame, move: Move):
    """The turn rebuilt step by step before ``move`` is played: (turn, stones lost at each pivot)."""
    turn = game.begin_turn(move.drop)
    lost = []
    for pv in move.pivots:
        before = set(turn.stones("black")) | set(turn.stones("white"))
        captured = turn.captured(pv)
        turn.step(pv)
        after = set(turn.stones("black")) | set(turn.stones("white"))
        lost.append((len(captured), len(before - after)))
    return turn, lost


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(1, 70))
def test_every_turn_keeps_the_invariants(seed, turns):
    g = random_game(seed, turns)
    replayed = DiamondsGame()
    moves = list(g.moves)
    for move in moves:
        before = replayed.position()
        mover = replayed.to_move
        if move.drop is not None:
            turn, lost = replay(replayed, move)
            assert turn.done and turn.move() == move
            for captured, gone in lost:
                assert captured <= 3 and gone <= 3
        replayed.play(move)
        assert DiamondsGame.from_position(replayed.position()).position() == replayed.position()
        if move.drop is not None and replayed.diamonds(mover):
            # Only when every pivot would repeat a board of the turn.
            replayed.undo()
            turn, _ = replay(replayed, move)
            assert turn.done and turn.diamonds()
            replayed.play(move)
        undone = replayed.undo()
        assert undone == move and replayed.position() == before
        replayed.play(move)
    assert replayed.position() == g.position()
    assert [str(m) for m in replayed.moves] == [str(m) for m in g.moves]


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_positions_and_records_round_trip(seed, turns):
    game = random_game(seed, turns)
    text = game.position()
    assert all(ch.isalnum() or ch in "-." for ch in text)
    back = DiamondsGame.from_position(text)
    assert back.position() == text and back.to_move == game.to_move and back.score() == game.score()
    record = game.record()
    again = DiamondsGame.from_record(record)
    assert again == game and again.record() == record
    for move in game.moves:
        assert Move.parse(str(move)).key()[:2] == move.key()[:2]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(0, 20))
def test_every_listed_turn_is_legal_and_distinct(seed, turns):
    game = random_game(seed, turns)
    if game.phase == "over":
        return
    drops = game.drops()
    if not drops:
        return
    cell = drops[seed % len(drops)]
    finals = set()
    for move in game.turns_after(cell):
        assert game.parse_move(str(move)) == move
        game.play(move)
        finals.add(game.position())
        game.undo()
    assert len(finals) == len(game.turns_after(cell))
