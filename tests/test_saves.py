"""Saves of every earlier release open, upgraded (web/kernel/saves.py and each game's persist.py).

``tests/data/saves/`` holds one save of each earlier format, written by that release's own code
(the first release: DVONN's format 1 with its site version, Diamonds & Pivots' format 1 with its
record).  Each one opens as it was: the same game, players, level, undo limit, redo moves and
board orientation, and is saved again in today's format.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diamonds import persist as diamonds_persist
from diamonds.session import Session as DiamondsSession
from dvonn import persist as dvonn_persist
from dvonn.session import Session as DvonnSession
from dvonn_core import Game
from dvonn_core.diamonds import DiamondsGame
from kernel import saves

SAVES = Path(__file__).resolve().parent / "data" / "saves"


def test_every_earlier_save_has_a_fixture() -> None:
    """A new format must come with a fixture of the one it replaces (and an upgrade)."""
    formats = {json.loads(p.read_text())["format"] for p in SAVES.glob("*.json")}
    assert formats == set(range(1, saves.FORMAT))


@pytest.mark.parametrize("name", ["dvonn-format1-random-setup.json", "dvonn-format1-hotseat-resigned.json"])
def test_a_dvonn_save_of_the_first_release_opens_as_it_was(name: str) -> None:
    old = json.loads((SAVES / name).read_text())
    session = DvonnSession()
    dvonn_persist.restore(session, (SAVES / name).read_text())
    game = Game.from_position(old["start"]) if old["start"] else Game()
    for move in old["moves"]:
        game.play(move)
    assert session.game.position() == game.position() == old["position"]
    assert [str(m) for m in session.game.moves] == old["moves"]
    assert session.players == old["players"] and session.level == old["level"]
    assert session.base == old["base"] and session.redo_stack == old["redo"]
    assert session.flipped == old["flipped"] and session.seed == old["seed"]
    assert session.random_setup == old["random_setup"]
    assert session.game.resigned == old["resigned"] and session.game.tags == old["tags"]
    # who made each move, worked out again: passes are forced, the rest by who holds the colour
    assert session.kinds == [session.players[c] for c in session.movers]
    again = json.loads(dvonn_persist.dumps(session))
    assert again["format"] == saves.FORMAT == 2
    twin = DvonnSession()
    dvonn_persist.restore(twin, json.dumps(again))
    assert dvonn_persist.dumps(twin) == dvonn_persist.dumps(session)


def test_the_dvonn_random_setup_save_can_still_be_undone_and_redone() -> None:
    session = DvonnSession()
    dvonn_persist.restore(session, (SAVES / "dvonn-format1-random-setup.json").read_text())
    before = session.game.position()
    assert session.redo() and session.game.position() != before
    assert session.undo() and session.game.position() == before


def test_a_diamonds_save_of_the_first_release_opens_as_it_was() -> None:
    text = (SAVES / "diamonds-format1.json").read_text()
    old = json.loads(text)
    session = DiamondsSession()
    diamonds_persist.restore(session, text)
    game = DiamondsGame.from_record(old["record"])
    assert session.game.position() == game.position()
    assert [str(m) for m in session.game.moves] == [str(m) for m in game.moves]
    assert session.players == old["players"] and session.level == old["level"]
    assert session.base == old["base"] and session.redo_stack == old["redo"] and session.kinds == old["kinds"]
    assert session.flipped is True
    again = json.loads(diamonds_persist.dumps(session))
    assert again["format"] == 2 and again["kinds"] == old["kinds"]
    assert session.redo() and str(session.game.moves[-1]) == old["redo"][-1][0]


def test_a_save_of_an_unknown_older_format_is_refused_with_a_reason() -> None:
    data = json.loads((SAVES / "dvonn-format1-random-setup.json").read_text())
    data["site"] = "0.9"
    with pytest.raises(saves.SavedGameError, match=r"unknown version of the site \(0.9\)"):
        dvonn_persist.load(json.dumps(data))
    data = json.loads((SAVES / "diamonds-format1.json").read_text())
    del data["record"]
    with pytest.raises(saves.SavedGameError, match="its record is missing"):
        diamonds_persist.load(json.dumps(data))


def test_the_examples_in_kernel_saves() -> None:
    import doctest

    assert doctest.testmod(saves, optionflags=doctest.ELLIPSIS).failed == 0


@pytest.mark.parametrize("tail", ["&ply=", "&ply=12345", "&ply=-1", "&ply=1.5", "&ply=1&ply=2x"])
def test_a_record_links_move_number_must_be_a_small_whole_number(tail: str) -> None:
    """'&ply=N' after a record link's value shows the game at move N (the puzzle pages' "See the game");
    anything else there is refused, with the reason."""
    with pytest.raises(saves.InputError, match=r"the move number after &ply= in it is not a number"):
        saves.record_ply("F3%20C3" + tail)
    assert saves.record_ply("F3%20C3&ply=0") == ("F3%20C3", 0)


def _refused(persist_module, session_class, **fields: object) -> str:
    data = json.loads(persist_module.dumps(session_class()))
    data.update(fields)
    with pytest.raises(saves.SavedGameError) as info:
        persist_module.load(json.dumps(data))
    return str(info.value)


@pytest.mark.parametrize("game, fields", [
    ("dvonn", {"start": "9-10-11-10-9.wpx", "position": ""}),
    ("dvonn", {"start": "x" * 390, "position": ""}),
    ("dvonn", {"start": "A" * 45 + "-10-11-10-9.wp", "position": ""}),
    ("dvonn", {"moves": ["Z9" + "x" * 60]}),
    ("diamonds", {"start": "5-6-7-8-9-8-7-6-5.bq" + "x" * 100, "position": ""}),
    ("diamonds", {"moves": ["e5 " + "c5>f5 " * 200]}),
    ("diamonds", {"format": 1, "record": "e5 zz" + "y" * 300}),
])
def test_a_saves_reason_is_never_cut_and_quotes_at_most_40_characters(game: str, fields: dict) -> None:
    """Issue 57: the reason a save is set aside gives the rules' whole sentence (it was cut at 80 or 200
    characters, mid-word), and quotes at most 40 characters of what the save holds."""
    persist_module, session_class = ((dvonn_persist, DvonnSession) if game == "dvonn"
                                     else (diamonds_persist, DiamondsSession))
    reason = _refused(persist_module, session_class, **fields)
    with pytest.raises(ValueError) as cause:  # what the rules say of it
        if "record" in fields:
            DiamondsGame.from_record(fields["record"])
        elif "moves" in fields:
            persist_module.SAVES.start(None).play(fields["moves"][0])
        else:
            persist_module.SAVES.start(fields["start"])
    assert str(cause.value) in reason, reason
    for value in fields.values():
        for text in value if isinstance(value, list) else [value]:
            if isinstance(text, str):
                assert not any(text[i:i + 41] in reason for i in range(max(0, len(text) - 40))), reason


def test_a_save_holding_a_huge_number_is_refused_before_it_is_parsed() -> None:
    """Issue 56, item 11: a saved game holding an integer of 500,000 digits delayed the page's start to
    40.6 s (MicroPython makes an int of it); it is refused before JSON is parsed, naming why, while
    digits inside the save's texts (a tag) are no number and open as they are."""
    data = json.loads(dvonn_persist.dumps(DvonnSession()))
    text = json.dumps(data).replace('"seed": %d' % data["seed"], '"seed": ' + "7" * 500_000)
    with pytest.raises(saves.SavedGameError, match=r"^it holds a number of more than 15 digits$"):
        dvonn_persist.load(text)
    with pytest.raises(saves.SavedGameError, match=r"^it holds a number of more than 15 digits$"):
        dvonn_persist.load(json.dumps(dict(data, base=-10 ** 20)))
    data["tags"] = {"Event": "Round 1234567890123456789012345", "Site": "-12345678901234567890"}
    assert dvonn_persist.load(json.dumps(data))["game"].tags["Event"] == "Round 1234567890123456789012345"
