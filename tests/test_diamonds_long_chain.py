"""Turns of any length the rules allow, and positions whose turns are too many to list.

The fixture (data/diamonds/long-chain.txt, from ../shared/fixtures) is a position reached by random play
and a legal turn from it: a drop on h3, then 288 pivots.  That drop's distinct final boards run into the
millions, so the library must never try to list them all: the first legal turn comes at once, the bots
build their turns step by step, and a full count stops with TooManyTurnsError at a bounded size.
"""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dvonn_core.diamonds import DiamondsGame, IllegalMoveError, Move, TooManyTurnsError, bot
from dvonn_core.diamonds.board import BIT, CELLS, SIZE
from dvonn_core.diamonds.position import format_position
from dvonn_core.diamonds.rules import MAX_BOARDS, all_ends, diamonds_after_drop, diamonds_of, ends, options

DATA = Path(__file__).resolve().parent / "data" / "diamonds"
POSITION, TURN = (DATA / "long-chain.txt").read_text().splitlines()[:2]


def long_chain_game() -> DiamondsGame:
    return DiamondsGame.from_position(POSITION)


def test_the_fixture_is_a_long_legal_turn():
    move = Move.parse(TURN)
    assert move.drop == "h3" and len(move.pivots) == 288 and len(TURN) > 2000


def test_played_step_by_step_then_as_a_move():
    game = long_chain_game()
    turn = game.begin_turn("h3")
    for pv in Move.parse(TURN).pivots:
        turn.step(pv)
    assert turn.done
    played = game.play(turn.move())
    assert str(played) == TURN and game.stones("black") == turn.stones("black")
    assert game.stones("white") == turn.stones("white")


def test_played_as_text_and_through_a_record():
    game = long_chain_game()
    assert str(game.play(TURN)) == TURN
    after = game.position()
    back = DiamondsGame.from_record(game.record())
    assert back.position() == after and [str(m) for m in back.moves] == [TURN]
    bare = DiamondsGame.from_position(POSITION)
    bare.play(" ".join(TURN.upper().split()))  # any case, any spaces
    assert bare.position() == after


def test_a_turn_cut_short_or_run_on_is_refused_with_a_short_message():
    game = long_chain_game()
    words = TURN.split()
    with pytest.raises(IllegalMoveError, match="not finished") as short:
        game.play(" ".join(words[:-1]))
    with pytest.raises(IllegalMoveError, match="turn was over") as long:
        game.play(TURN + " e5>e8")
    for error in (short, long):
        assert "(287 pivots)" in str(error.value) or "(289 pivots)" in str(error.value)
        assert len(str(error.value)) < 400
    assert game.position() == POSITION


def test_the_first_legal_turns_come_without_listing_every_turn():
    game = long_chain_game()
    legal = game.legal_moves()
    first = []
    for move in legal:
        first.append(move)
        if len(first) == 50:
            break
    assert len(set(first)) == 50
    for move in first[:10]:
        assert move in legal
        game.play(move)
        game.undo()
    assert legal[0] == first[0] and game.position() == POSITION


def test_counting_a_drop_with_millions_of_ends_stops_at_the_memory_bound():
    game = long_chain_game()
    with pytest.raises(TooManyTurnsError, match="drop on b5 reach more than %d boards" % MAX_BOARDS):
        game.legal_moves().count()
    with pytest.raises(TooManyTurnsError):
        game.turns_after("h3")
    # The drops that form no diamond are one turn each.
    assert game.turns_after("c5") == [Move.parse("c5")]


def test_a_drop_with_too_many_turns_is_refused_before_any_turn_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """turns_after searches the whole drop first (rules.all_ends): the refusal comes before a single
    Move of the tens of thousands of ends found before the bound is built."""
    from dvonn_core.diamonds import game as game_module

    built = []
    real = game_module._move_of
    monkeypatch.setattr(game_module, "_move_of", lambda *args: built.append(1) or real(*args))
    game = long_chain_game()
    with pytest.raises(TooManyTurnsError, match="drop on h3 reach more than %d boards" % MAX_BOARDS):
        game.turns_after("h3")
    assert built == [] and game.position() == POSITION
    assert [str(m) for m in game.turns_after("c5")] == ["c5"] and built == [1]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_bots_choose_a_legal_turn_on_the_long_chain_position(level):
    game = long_chain_game()
    info = {}
    move = bot.choose_move(game, level, seed=1, time_limit=0.3, info=info)
    assert game.position() == POSITION and info["depth"] >= 1
    game.play(move)


def test_the_baselines_on_the_long_chain_position():
    game = long_chain_game()
    for seed in range(5):
        game.play(bot.random_move(game, seed))
        game.undo()
    game.play(bot.greedy_move(game, 0))


def test_a_drop_whose_search_finds_no_end_within_its_cap_is_given_up():
    game = long_chain_game()
    mine, opp = game._sides()
    chains = bot.best_chains(mine, opp, CELLS.index("h3"), 2)
    assert chains  # an end is found past the cap of 2 boards, within 8 x 2
    for nm, no, chain in chains:
        move = game.chain_move(CELLS.index("h3"), chain)
        game.play(move)
        assert game.bits == ((no, nm) if game.to_move == "black" else (nm, no))
        game.undo()


# ---------------------------------------------------------------------- every turn the step API completes


def random_position(seed: int) -> DiamondsGame:
    game = DiamondsGame()
    for i in range(seed % 50):
        if game.phase == "over":
            break
        move = bot.random_move(game, seed * 1000 + i)
        if not move.is_pass:
            game.play(move)
    return game


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 10**6), max_size=150), st.booleans())
def test_play_accepts_every_turn_the_step_api_completes(seed, choices, long):
    game = random_position(seed)
    drops = [d for d in game.drops() if game.begin_turn(d).options()] or game.drops()  # drops that pivot, if any
    if not drops:
        return
    turn = game.begin_turn(drops[seed % len(drops)])
    for choice in choices:
        options_now = turn.options()
        if not options_now:
            break
        for k in range(min(8, len(options_now)) if long else 1):
            turn.step(options_now[(choice + k) % len(options_now)])
            if not (long and turn.done) or k == min(8, len(options_now)) - 1:
                break
            turn.undo()  # a long chain: rather a pivot after which a diamond is left
    if not turn.done:
        return
    before = game.position()
    played = game.play(turn.move())
    assert game.stones("black") == turn.stones("black") and game.stones("white") == turn.stones("white")
    game.undo()
    assert game.play(str(played)) == played  # and its text
    game.undo()
    assert game.position() == before


# ---------------------------------------------------------------------- distinct ends against every chain


def every_end(mine: int, opp: int, cell: int, standing: bool, cap: int):
    """The final boards of every legal chain (depth first, not merged, ends with diamonds standing
    included), or None past ``cap`` pivots tried."""
    mine |= BIT[cell]
    ds = diamonds_after_drop(mine, cell, standing)
    if not ds:
        return {(mine, opp)}
    found = set()
    on_path = {(mine, opp)}
    stack = [(mine, opp, options(mine, opp, ds), 0, False)]
    steps = 0
    while stack:
        steps += 1
        if steps > cap:
            return None
        m, o, opts, i, moved = stack[-1]
        if i >= len(opts):
            stack.pop()
            on_path.discard((m, o))
            if not moved:
                found.add((m, o))  # every pivot would repeat a board of this chain
            continue
        _, _, _, nm, no = opts[i]
        if (nm, no) in on_path:
            stack[-1] = (m, o, opts, i + 1, moved)
            continue
        stack[-1] = (m, o, opts, i + 1, True)
        if not diamonds_of(nm):
            found.add((nm, no))
            continue
        on_path.add((nm, no))
        stack.append((nm, no, options(nm, no, diamonds_of(nm)), 0, False))
    return found


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, SIZE - 1), min_size=6, max_size=14, unique=True), st.integers(0, 100), st.booleans())
def test_distinct_ends_are_the_ends_of_every_chain(cells, split, standing_ok):
    black = cells[: 3 + split % (len(cells) - 4)]
    white = cells[len(black):]
    mine, opp = sum(BIT[c] for c in black), sum(BIT[c] for c in white)
    standing = bool(diamonds_of(mine))
    if standing and not standing_ok:
        return
    for c in range(SIZE):
        if (mine | opp) >> c & 1:
            continue
        expected = every_end(mine, opp, c, standing, 3000)
        if expected is None:
            continue
        listed = [(m, o) for m, o, _ in ends(mine, opp, c, standing)]
        assert len(listed) == len(set(listed))
        assert set(listed) == expected


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, SIZE - 1), min_size=6, max_size=16, unique=True), st.integers(0, 100),
       st.sampled_from([MAX_BOARDS, 40]))
def test_all_ends_are_the_ends_in_their_order_with_their_chains(cells, split, bound):
    """all_ends (the whole search, then the chains) gives what ends gives lazily, or raises where it
    raises; turns_after lists the turns the legal moves give for the drop, in notation order."""
    black = cells[: 3 + split % (len(cells) - 4)]
    white = cells[len(black):]
    game = DiamondsGame.from_stones(black=[CELLS[c] for c in black], white=[CELLS[c] for c in white])
    mine, opp = game.bits
    standing = bool(diamonds_of(mine))
    for c in range(SIZE):
        if (mine | opp) >> c & 1:
            continue
        try:
            lazily = list(ends(mine, opp, c, standing, bound))
        except TooManyTurnsError:
            with pytest.raises(TooManyTurnsError):
                all_ends(mine, opp, c, standing, bound)
            continue
        assert all_ends(mine, opp, c, standing, bound) == lazily
        if bound == MAX_BOARDS:
            assert game.turns_after(CELLS[c]) == sorted(game._turns_at(c), key=lambda m: m.key())


# ---------------------------------------------------------------------- any position that can be loaded


@settings(max_examples=8, deadline=None)
@given(st.lists(st.sampled_from("bw."), min_size=SIZE, max_size=SIZE), st.booleans())
def test_every_bot_plays_a_legal_turn_in_any_loadable_position(cells, white_to_move):
    """Random boards, dense ones included, with diamonds of either side standing."""
    black = sum(BIT[c] for c in range(SIZE) if cells[c] == "b")
    white = sum(BIT[c] for c in range(SIZE) if cells[c] == "w")
    game = DiamondsGame.from_position(format_position(black, white, int(white_to_move), False, 0))
    before = game.position()
    for level in ("easy", "medium", "hard"):
        move = bot.choose_move(game, level, seed=3, time_limit=0.1)
        assert game.parse_move(move) == move
    for move in (bot.random_move(game, 3), bot.greedy_move(game, 3)):
        assert game.parse_move(move) == move
    assert game.position() == before


def test_a_finished_turn_is_not_checked_twice_but_only_in_its_own_position():
    game = long_chain_game()
    turn = game.begin_turn("h3")
    for pv in Move.parse(TURN).pivots:
        turn.step(pv)
    move = turn.move()
    game.play(move)
    after = game.position()
    game.undo()
    game.play(TURN)
    assert game.position() == after  # the same result as checking the text
    # Elsewhere (White to move, the board changed) the same Move is checked like any other.
    with pytest.raises(IllegalMoveError, match="illegal move"):
        game.play(move)
    assert game.position() == after
    game.undo()
    changed = Move.parse(TURN)
    move.pivots = changed.pivots[:-1]  # a Move altered after the turn ended is checked again
    with pytest.raises(IllegalMoveError, match="not finished"):
        game.play(move)
    assert game.position() == POSITION
