"""The library's errors carry a code and its values, and the pages say them in the player's language
(issue 43, item 9): a bad record pasted, a bad link, a bad move, a bad position, on a German page, with
no English of the library in the message; on an English page the library's own words."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from diamonds import embed_params as diamonds_embed
from diamonds import persist as diamonds_persist
from dvonn import embed_params as dvonn_embed
from dvonn import persist as dvonn_persist
from dvonn_core import Game, IllegalMoveError, InvalidMoveError, PositionError, RecordError
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.dvonn import record
from kernel import i18n, inputs, link_format, reasons
from kernel.link_format import Link, LinkError
from kernel.url import EmbedError, parse_query

WEB = Path(__file__).resolve().parent.parent / "web"


def test_the_kernels_examples() -> None:
    assert doctest.testmod(reasons).failed == 0
    assert doctest.testmod(inputs).failed == 0


@pytest.mark.parametrize(("make", "code"), [
    (lambda: Game().play("Z9"), "not-a-move"), (lambda: Game().play("E3G3"), "illegal-move"),
    (lambda: Game.from_position("W8-10-11-10-9.w"), "position"), (lambda: record.read(""), "record-empty"),
    (lambda: DiamondsGame().play("z9"), "not-a-move"), (lambda: DiamondsGame.from_position("5-6.b"), "position-rows"),
    (lambda: record.read('[Position "x"]\n\nF3'), "record-position")])
def test_a_library_error_has_a_code(make, code: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as error:
        make()
    assert error.value.code == code  # type: ignore[attr-defined]


def test_a_records_bad_move_names_its_number_its_text_and_its_cause() -> None:
    with pytest.raises(RecordError) as error:
        record.read("F3 C3 Z9")
    assert (error.value.code, error.value.values["number"], error.value.values["move"]) == ("record-move", 3, "Z9")
    assert isinstance(error.value.values["cause"], InvalidMoveError)
    with pytest.raises(RecordError) as error:
        DiamondsGame.from_record("e5 e5")
    assert error.value.code == "record-move" and isinstance(error.value.values["cause"], IllegalMoveError)
    assert isinstance(PositionError("x"), ValueError)


@pytest.fixture
def german():  # type: ignore[no-untyped-def]
    """The German catalog of the pages' Python, installed as the build writes it into a de/ page."""
    from sitebuild import i18n as site_i18n

    messages = site_i18n.read("de")
    found = site_i18n.python_messages(messages, sorted(WEB.rglob("*.py")))
    i18n.load(json.dumps({"plural": messages.plural, "messages": found}, ensure_ascii=False))
    yield
    i18n.install(None)


ENGLISH = ("is not a DVONN move", "illegal move", "already occupied", "is not a Diamonds", "cannot drop",
           "not empty", "expected", "position string", "row", "cells")


def no_english(message: str) -> None:
    assert not [word for word in ENGLISH if word in message], message


def test_a_bad_record_pasted_on_a_german_page_is_said_in_german(german) -> None:  # type: ignore[no-untyped-def]
    for persist, text, said in ((dvonn_persist, "F3 C3 Z9", "Zug 3 (Z9) kann nicht gespielt werden: das ist kein Zug"),
                                (dvonn_persist, "F3 F3", "Zug 2 (F3) kann nicht gespielt werden: dieser Zug ist"),
                                (diamonds_persist, "e5 e5", "Zug 2 (e5) kann nicht gespielt werden: dieser Zug ist")):
        with pytest.raises(ValueError) as error:
            persist.read_import(text, "die eingefügte Partieaufzeichnung")
        message = persist.problem(error.value, "die eingefügte Partieaufzeichnung", text)
        assert said in message, message
        no_english(message)


def test_a_bad_position_link_is_said_in_german(german) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as error:
        dvonn_persist.read_position("9-10-11")
    message = dvonn_persist.problem(error.value, "die Stellung im Link")
    assert "der Stellungstext endet nicht mit „.“ und der Seite am Zug" in message
    no_english(message)


def test_a_bad_move_in_a_game_link_is_said_in_german(german) -> None:  # type: ignore[no-untyped-def]
    value = link_format.pack(Link("dvonn", "abcdefgh", "white", {}, None, ["F3", "F3"]))
    with pytest.raises(LinkError) as error:
        link_format.read(value, "dvonn", dvonn_persist.SAVES.start)
    assert "dieser Zug ist in dieser Stellung nicht erlaubt" in str(error.value)
    no_english(str(error.value))


@pytest.mark.parametrize(("parse", "query"), [(dvonn_embed.parse, "?moves=F3,F3"),
                                              (dvonn_embed.parse, "?position=9-10"),
                                              (diamonds_embed.parse, "?game=diamonds&moves=e5,e5"),
                                              (diamonds_embed.parse, "?game=diamonds&position=5-6")])
def test_a_bad_embed_is_said_in_german(german, parse, query: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(EmbedError) as error:
        parse(parse_query(query))
    no_english(str(error.value))


def test_a_save_with_a_bad_move_is_said_in_german(german) -> None:  # type: ignore[no-untyped-def]
    from dvonn.session import Session

    data = json.loads(dvonn_persist.dumps(Session()))
    data["moves"] = ["F3", "F3"]
    with pytest.raises(dvonn_persist.SavedGameError) as error:
        dvonn_persist.load(json.dumps(data))
    assert "dieser Zug ist in dieser Stellung nicht erlaubt" in str(error.value)
    no_english(str(error.value))


def test_an_english_page_keeps_the_librarys_own_words() -> None:
    with pytest.raises(ValueError) as error:
        dvonn_persist.read_import("F3 C3 Z9", "the pasted record")
    assert "'Z9' is not a DVONN move" in dvonn_persist.problem(error.value, "the pasted record")


#: A position string of each game that is not written right, for each code of such a string
#: (dvonn_core.dvonn.position.PARSE_CODES), and a value the message gives (issue 56, defect 2).
BAD_POSITIONS = [
    (Game, 7, "position-type", "int"), (Game, "9" * 500, "position-long", "500"),
    (Game, "9-10-11-10-9", "position-no-side", "9-10-11-10-9.wp"), (Game, "9-10-11-10-9.x", "position-side", "'x'"),
    (Game, "9-10.w", "position-rows", "2"), (Game, "9-10-11-10-8.wp", "position-cells", "8"),
    (Game, "9-10-11-10-8x.w", "position-character", "'x'"), (Game, "9-10-11-10-8w.w", "position-no-top", "'w'"),
    (Game, "9-10-11-10-0.w", "position-count", "'0'"),
    (DiamondsGame, 7, "position-type", "int"), (DiamondsGame, "5" * 300, "position-long", "300"),
    (DiamondsGame, "5-6-7-8-9-8-7-6-5", "position-no-side", "5-6-7-8-9-8-7-6-5.b"),
    (DiamondsGame, "5-6-7-8-9-8-7-6-5.x", "position-side", "'x'"), (DiamondsGame, "5-6.b", "position-rows", "2"),
    (DiamondsGame, "5-6-7-8-9-8-7-6-4.b", "position-cells", "4"),
    (DiamondsGame, "5-6-7-8-9-8-7-6-6.b", "position-cells", "5"),
    (DiamondsGame, "5-6-7-8-9-8-7-6-4x.b", "position-character", "'x'")]


@pytest.mark.parametrize(("game", "text", "code", "value"), BAD_POSITIONS,
                         ids=["%s-%s-%d" % (case[0].__name__, case[2], i) for i, case in enumerate(BAD_POSITIONS)])
def test_a_position_string_not_written_right_is_said_in_german(german, game, text, code: str,  # type: ignore[no-untyped-def]
                                                                value: str) -> None:
    """The board editors show why a position string does not read in the page's language (before:
    "Der Stellungstext lässt sich nicht lesen, ...: position '9-10-11-10-8.wp': row 5 describes 8 cells but
    has 9")."""
    with pytest.raises(ValueError) as error:
        game.from_position(text)
    assert error.value.code == code  # type: ignore[attr-defined]
    message = reasons.say(error.value)
    assert value in message, message
    no_english(message)
    assert message != reasons.say(PositionError("x")), "only the generic message"


def test_every_code_of_a_position_string_has_its_message() -> None:
    from dvonn_core.dvonn.position import PARSE_CODES

    assert set(PARSE_CODES) == {code for _game, _text, code, _value in BAD_POSITIONS}
    assert set(PARSE_CODES) <= set(reasons.MESSAGES)
