"""The Diamonds & Pivots page's state (web/diamonds/session.py) and its saves and links
(web/diamonds/persist.py), on CPython with no DOM: clicks in, what the page would draw out."""

from __future__ import annotations

import doctest
import importlib
import json
from pathlib import Path
from urllib.parse import quote, unquote, urlencode

import pytest

from dvonn_core.diamonds import DiamondsGame
from kernel.url import parse_query

WEB = Path(__file__).resolve().parents[1] / "web" / "diamonds"
PAGE_MODULES = ("render", "session", "persist", "embed_params")
EXAMPLE = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"], white=["h1", "h2", "h3", "h4", "i2"])


MODULES = {name: importlib.import_module("diamonds." + name) for name in PAGE_MODULES}
render, session_mod, persist = MODULES["render"], MODULES["session"], MODULES["persist"]
embed_params = MODULES["embed_params"]
Session = session_mod.Session


def hotseat(*moves: str) -> Session:
    s = Session()
    s.new_game()
    for m in moves:
        s.play(m)
    return s


@pytest.mark.parametrize("name", PAGE_MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(MODULES[name], optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_a_drop_without_diamond_is_the_whole_turn() -> None:
    s = hotseat()
    assert "droppable" in s.marks()["e5"]
    assert s.activate("e5") and s.turn is None
    assert [str(m) for m in s.game.moves] == ["e5"] and s.history() == [(1, "black", "e5")]
    assert not s.activate("e5")  # taken
    assert "swap" in s.status()


def test_the_worked_example_step_by_step() -> None:
    s = Session()
    s.new_game(position=EXAMPLE.position())
    s.activate("b6")
    assert s.game.moves == [] and s.stones()["b6"] == "b"
    assert s.diamonds() == [("b6", "b7", "c5", "c6")]
    assert s.activate("c5") and s.marks()["c5"].split()[-1] == "selected"
    assert s.chosen_diamond() == ("b6", "b7", "c5", "c6")
    s.activate("f5")
    assert "previewed" in s.marks()["f5"] and s.line() == ["d5", "e5", "f5"]
    s.confirm()
    assert len(s.diamonds()) == 2 and str(s.turn.move()) == "b6 c5>f5"
    s.activate("f5")
    s.activate("i2")
    assert s.captured() == ["h3", "i2"] and "doomed" in s.marks()["h3"]
    assert "captures h3 i2" in s.status()
    s.activate("i2")
    assert s.turn is None and s.game.score() == (6, 3) and s.game.to_move == "white"


def test_a_pivot_in_two_diamonds_is_picked_again_for_the_other() -> None:
    s = Session()
    s.new_game(position=EXAMPLE.position())
    for c in ("b6", "c5", "f5", "f5"):
        s.activate(c)
    # e5 and e6 are in both {d5 d6 e5 e6} and {d6 e5 e6 f5}
    assert len(s.partners("e5")) == 2
    s.activate("e5")
    first = s.chosen_diamond()
    assert "in the diamond %s (e5/%s, 1 of 2: pick e5 again for the next)" % (" ".join(first), s.partner) in s.status()
    s.activate("e5")
    second = s.chosen_diamond()
    assert "in the diamond %s (e5/%s, 2 of 2: pick e5 again" % (" ".join(second), s.partner) in s.status()
    assert first != second and {first, second} == set(s.diamonds())
    s.activate("e5")
    assert s.chosen_diamond() == first


def test_clicks_elsewhere_deselect_and_clicks_that_do_nothing_say_so() -> None:
    s = Session()
    s.new_game(position=EXAMPLE.position())
    s.activate("b6")
    assert not s.activate("a9")  # nothing picked, not a pivot: no change
    s.activate("c5")
    assert s.activate("a9") and s.pivot is None
    s.activate("c5")
    assert s.deselect() and not s.deselect()


def test_undo_inside_a_turn_steps_back_to_before_the_drop() -> None:
    s = Session()
    s.new_game(position=EXAMPLE.position())
    for c in ("b6", "c5", "f5", "f5", "f5", "i2"):
        s.activate(c)
    steps = []
    while s.turn is not None:
        assert s.can_undo() and s.undo()
        steps.append((s.pivot, s.far, str(s.turn.move()) if s.turn else None))
    assert steps == [("f5", None, "b6 c5>f5"), (None, None, "b6 c5>f5"), (None, None, "b6"), (None, None, None)]
    assert not s.can_undo() and s.game.position() == EXAMPLE.position()


def test_swap_pass_and_the_end() -> None:
    s = hotseat("a5")
    assert s.game.can_swap and s.swap()
    assert not s.swap() and s.game.to_move == "white"
    assert s.pass_turn() and s.pass_turn()
    assert s.over() and s.status() == "Game over: Black wins, 1 to 0." and s.marks() == {}
    assert not s.activate("e5") and not s.pass_turn()


def test_the_swap_exchanges_the_players() -> None:
    s = Session()
    s.new_game(black="human", white="bot")
    s.activate("e5")
    assert s.bot_to_move()
    _position, _level, _seed = s.bot_request()
    assert s.bot_move("swap", s.generation)
    # The human now holds White, which moves next; the bot holds Black.
    assert s.players == {"white": "human", "black": "bot"} and s.human_to_move()
    assert s.undo() and s.game.moves == [] and s.players == {"white": "bot", "black": "human"}
    assert s.redo() and s.players == {"white": "human", "black": "bot"}


def test_undo_against_the_bot_takes_back_to_the_human() -> None:
    s = Session()
    s.new_game(black="human", white="bot")
    s.activate("e5")
    s.bot_move("d4", s.generation)
    s.activate("c3")
    s.bot_move("g3", s.generation)
    assert s.undo() and [str(m) for m in s.game.moves] == ["e5", "d4"]
    assert s.redo_stack == [["c3", "g3"]]
    assert s.bot_move("e5", s.generation) and len(s.game.moves) == 2  # not the bot's turn: ignored
    assert s.redo() and len(s.game.moves) == 4


def test_a_stale_or_illegal_bot_answer() -> None:
    s = Session()
    s.new_game(black="bot", white="human")
    old = s.generation
    s.new_game(black="bot", white="human")
    assert s.bot_move("e5", old) and s.game.moves == []  # stale: ignored
    assert not s.bot_move("z9", s.generation) and s.game.moves == []


def test_a_forced_pass_is_explained() -> None:
    full = "wbwwb-bwwbww-wwbwwbw-wbwwbwwb-bwwbwwbww-wbwwbwwb-wwbwwbw-bwwbww-wbwwb.b"
    s = Session()
    s.new_game(position=full)
    assert "no empty cell is left" in s.status() and not s.marks()


def test_save_and_restore_round_trip() -> None:
    s = Session()
    s.new_game(black="human", white="bot", level="hard")
    s.activate("e5")
    s.bot_move("swap", s.generation)
    s.play("d4")
    s.undo()
    s.flip()
    text = persist.dumps(s)
    t = Session()
    persist.restore(t, text)
    assert t.game.position() == s.game.position() and t.players == s.players and t.level == "hard"
    assert t.redo_stack == s.redo_stack and t.kinds == s.kinds and t.flipped


@pytest.mark.parametrize("change, why", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: json.dumps({**d, "kind": "dvonn-saved-game"}), "not a saved Diamonds"),
    (lambda d: json.dumps({**d, "format": 99}), r"newer format \(99; this page reads 2\)"),
    (lambda d: json.dumps({**d, "format": 1, "record": "e5 e5"}), "record cannot be replayed"),
    (lambda d: json.dumps({**d, "moves": ["e5", "e5"]}), r"move 2 \(e5\) cannot be played"),
    (lambda d: json.dumps({**d, "players": {"white": "god", "black": "human"}}), "who plays white"),
    (lambda d: json.dumps({**d, "level": "expert"}), "level"),
    (lambda d: json.dumps({**d, "level": "master"}), "level"),  # DVONN's strongest level, not this game's
    (lambda d: json.dumps({**d, "base": 7}), "undo history is not valid"),
    (lambda d: json.dumps({**d, "redo": [["e5"]]}), r"redo move 1 \(e5\) cannot be played"),
    (lambda d: json.dumps({**d, "kinds": ["human"]}), "who made each move"),
])
def test_a_bad_save_is_refused_and_the_session_is_unchanged(change, why) -> None:  # type: ignore[no-untyped-def]
    s = hotseat("e5", "d4")
    data = persist.snapshot(s)
    t = hotseat("a5")
    with pytest.raises(persist.SavedGameError, match=why):
        persist.restore(t, change(data))
    assert [str(m) for m in t.game.moves] == ["a5"]
    assert persist.ASIDE_KEY in persist.restored_notice(persist.SavedGameError("x"))


def test_records_and_links() -> None:
    with pytest.raises(ValueError, match=r"turn 2 \(e5\)"):
        persist.read_record("e5 e5", "the pasted record")
    with pytest.raises(ValueError, match="empty"):
        persist.read_record("  ")
    with pytest.raises(persist.InputError):
        persist.read_record("e5 " * 30000)
    assert [str(m) for m in persist.read_record("1. e5\n2. swap\n").moves] == ["e5", "swap"]
    assert persist.parse_fragment("#record=e5%20swap") == ("record", "e5%20swap")
    with pytest.raises(ValueError):
        persist.read_position("5-6-7.b")


def test_render_marks_and_keys() -> None:
    svg = render.board_svg({"e5": "b"}, {"e5": "pivotable"}, diamonds=[("d5", "d6", "e5", "e6")])
    assert 'data-cell="e5"' in svg and "e5, black stone, can be the pivot" in svg
    assert svg.count('class="diamond"') == 1
    flipped = render.board_svg({}, flipped=True)
    assert flipped != render.board_svg({})
    assert render.next_cell("i5", "ArrowDown") is None and render.next_cell("a5", "ArrowLeft") is None


def test_render_turned_board_fits_a_phone() -> None:
    """The turned board (phones held upright): flat-top hexes, its 18 labels, the cells a quarter
    turn round inside its own viewBox, and at 360 CSS px wide every cell >= 44 px both ways."""
    svg = render.board_svg({"e5": "w"}, diamonds=[("d5", "d6", "e5", "e6")], turned=True)
    assert svg.count('href="#dhext"') == 61 and 'href="#dhex"' not in svg and svg.count('class="lbl"') == 18
    x0, y0, width, height = (float(v) for v in render.viewbox(True).split())
    for cell in render.CELLS:
        for flipped in (False, True):
            x, y = render.cell_xy(cell, flipped, turned=True)
            assert x0 + render.RADIUS <= x <= x0 + width - render.RADIUS and y0 < y < y0 + height
    # Row a right of row i, diagonal 1 above diagonal 9; flipped, the other way round.
    assert render.cell_xy("a5", turned=True)[0] > render.cell_xy("i5", turned=True)[0]
    assert render.cell_xy("e1", turned=True)[1] < render.cell_xy("e9", turned=True)[1]
    assert render.cell_xy("a5", True, True)[0] < render.cell_xy("i5", True, True)[0]
    scale = 360 / width  # CSS px per unit, the board as wide as the screen
    across = min(2 * render.RADIUS, render.TURNED_WIDTH) * 0.96 * scale
    assert across >= 44, across
    assert render.board_key({}, turned=True) != render.board_key({})


@pytest.mark.parametrize("query, message", [
    ("?game=diamonds&at=3", "unknown parameter at"),
    ("?game=dvonn", "game: 'dvonn' is not a game of this page"),
    ("?game=diamonds&flip=maybe", "flip: 'maybe' is not 1 or 0"),
    ("?game=diamonds&position=", "position is empty"),
    ("?game=diamonds&position=5-6-7.b", "position: "),
    ("?game=diamonds&moves=e5,pivot", "moves: turn 2 ('pivot')"),
    ("?game=diamonds&flip=1&flip=0", "flip is given twice"),
    ("?game=diamonds&caption=" + "x" * 301, "caption: 301 characters"),
])
def test_embed_parameters_that_cannot_be_shown_are_named(query: str, message: str) -> None:
    with pytest.raises(embed_params.EmbedError) as info:
        embed_params.parse(parse_query(query))
    assert message in str(info.value)


def test_embed_parameters() -> None:
    spec = embed_params.parse(parse_query("?game=diamonds&moves=b6,a5&labels=0&caption=Two+drops"))
    assert spec == {"position": None, "moves": ["b6", "a5"], "flip": False, "labels": False, "highlight": [],
                    "caption": "Two drops"}
    spec = embed_params.parse(parse_query("?game=diamonds&highlight=e5,b6"))
    assert spec["highlight"] == ["e5", "b6"]


def test_an_example_session_starts_after_its_moves_and_cannot_take_them_back() -> None:
    """What a documentation board starts (board_view.BoardView) and build.py draws into the
    rules page: the position, then the turns, none of which Undo takes back."""
    s = session_mod.example_session("5-6-7-8-9-8-7-6-5.b", ["e5"])
    assert s.game.position() == DiamondsGame.from_record("e5").position()
    assert not s.can_undo() and s.game.can_swap
    assert s.activate("d4") and s.can_undo()  # the reader's own turn can be taken back
    with pytest.raises(ValueError, match="e5"):
        session_mod.example_session(None, ["e5", "e5"])


LONG_CHAIN = (Path(__file__).resolve().parent / "data" / "diamonds" / "long-chain.txt").read_text().splitlines()[:2]


def test_the_long_chain_through_clicks_a_record_a_link_and_the_embed() -> None:
    """A turn of 288 pivots (tests/data/diamonds/long-chain.txt) is legal: the page plays it click by
    click, and it survives its record, a #record= link and the embed's moves parameter."""
    position, turn_text = LONG_CHAIN
    turn = DiamondsGame.from_position(position).play(turn_text)
    s = Session()
    s.new_game(position=position)
    assert s.activate(turn.drop)
    for pv in turn.pivots:
        cell, far = str(pv).split(">")
        pivot, _, partner = cell.partition("/")
        assert s.activate(pivot)
        while partner and s.partner != partner:
            s.activate(pivot)  # a second click on the pivot names its diamond by the next partner
        s.marks()
        assert s.activate(far) and s.activate(far)
    assert [str(m) for m in s.game.moves] == [turn_text]
    record = s.game.record()
    assert len(record) < persist.MAX_INPUT
    kind, value = persist.parse_fragment("#record=" + quote(record))
    assert kind == "record" and persist.read_record(unquote(value)).position() == s.game.position()
    spec = embed_params.parse(parse_query("?" + urlencode({"position": position, "moves": turn_text})))
    assert spec["moves"] == [turn_text]
