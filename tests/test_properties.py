"""Properties that hold in every game, checked over random games chosen by hypothesis."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dvonn_core import Game
from dvonn_core.dvonn.board import CELLS, NEIGHBOURS

CHOICES = st.lists(st.integers(min_value=0, max_value=10_000), min_size=49, max_size=160)


def pieces(game: Game) -> dict:
    counts = {"w": 0, "b": 0, "d": 0}
    for s in game.stacks():
        for ch in s:
            counts[ch] += 1
    return counts


def linked_to_dvonn(game: Game) -> bool:
    stacks = game.stacks()
    seen = [False] * 49
    todo = [i for i in range(49) if "d" in stacks[i]]
    for i in todo:
        seen[i] = True
    while todo:
        i = todo.pop()
        for n in NEIGHBOURS[i]:
            if stacks[n] and not seen[n]:
                seen[n] = True
                todo.append(n)
    return all(seen[i] or not stacks[i] for i in range(49))


def play_choices(choices, check=None) -> Game:
    g = Game()
    for c in choices:
        legal = g.legal_moves()
        if not legal:
            break
        before = g
        g.play(legal[c % len(legal)])
        if check:
            check(before, g)
    return g


@settings(max_examples=60, deadline=None)
@given(CHOICES)
def test_pieces_are_conserved_or_removed_never_created(choices):
    g = Game()
    last = pieces(g)
    for c in choices:
        legal = g.legal_moves()
        if not legal:
            break
        move = legal[c % len(legal)]
        stacks_before = dict(zip(CELLS, g.stacks(), strict=True))
        g.play(move)
        now = pieces(g)
        if move.is_placement:
            assert sum(now.values()) == sum(last.values()) + 1
        else:
            assert now["d"] == 3
            assert now["w"] <= last["w"] and now["b"] <= last["b"]
            removed = sum(last.values()) - sum(now.values())
            landed = {move.target: stacks_before[move.target] + stacks_before[move.source]} if move.source else {}
            assert removed == sum(len(landed.get(c, stacks_before[c])) for c in g.last_removed)
            assert (removed > 0) == bool(g.last_removed)
        last = now
    assert last["w"] <= 23 and last["b"] <= 23


@settings(max_examples=60, deadline=None)
@given(CHOICES)
def test_after_every_move_every_stack_is_linked_to_a_dvonn_piece(choices):
    g = Game()
    for c in choices:
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[c % len(legal)])
        if g.phase != "placement":
            assert linked_to_dvonn(g)


@settings(max_examples=60, deadline=None)
@given(CHOICES)
def test_position_strings_round_trip_exactly(choices):
    g = Game()
    for c in choices:
        text = g.position()
        back = Game.from_position(text)
        assert back.position() == text
        assert back.stacks() == g.stacks() and back.to_move == g.to_move and back.phase == g.phase
        assert [str(m) for m in back.legal_moves()] == [str(m) for m in g.legal_moves()]
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[c % len(legal)])


@settings(max_examples=60, deadline=None)
@given(CHOICES)
def test_undo_restores_exactly(choices):
    g = play_choices(choices)
    history = [str(m) for m in g.moves]
    positions = []
    replay = Game()
    for m in history:
        positions.append(replay.position())
        replay.play(m)
    for i in range(len(history) - 1, -1, -1):
        assert str(g.undo()) == history[i]
        assert g.position() == positions[i]
    assert g.position() == Game().position() and g.moves == []


@settings(max_examples=40, deadline=None)
@given(CHOICES)
def test_removed_by_predicts_last_removed(choices):
    g = play_choices(choices)
    for move in g.legal_moves():
        predicted = g.removed_by(move)
        g.play(move)
        assert g.last_removed == predicted
        assert all(not g.stack(c) for c in predicted)
        g.undo()
