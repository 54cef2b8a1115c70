"""One rule for every parser of outside input (issue 44, and issue 43's item 11): each case the fuzz of
benchmarks/pages/fuzz_pages.py found, refused with the parser's own error and a short message, or opened
exactly; and the Diamonds & Pivots library's own low cases."""

from __future__ import annotations

import json

import pytest

from benchmarks.pages.fuzz_pages import body_of, crafted_digits, value_of
from diamonds import embed_params as diamonds_embed
from diamonds import persist as diamonds_persist
from diamonds.session import Session as DiamondsSession
from dvonn import embed_params as dvonn_embed
from dvonn import persist as dvonn_persist
from dvonn.session import Session as DvonnSession
from dvonn_core import Game, RecordError
from dvonn_core.diamonds import DiamondsGame, InvalidMoveError, Move
from kernel import inputs, link_format
from kernel.link_format import Link, LinkError
from kernel.saves import SavedGameError, share_text
from kernel.url import EmbedError, parse_query

PERSIST = {"dvonn": dvonn_persist, "diamonds": diamonds_persist}


def read(value: str, name: str = "dvonn"):  # type: ignore[no-untyped-def]
    persist = PERSIST[name]
    return link_format.read(value, name, persist.SAVES.start, persist.LINK_CODEC, None, persist.OPTIONS)


def with_header(value: str, index: int, text: str) -> str:
    """``value`` with field ``index`` of its header line replaced (the check sum made right again)."""
    body = body_of(value)
    head, _sep, rest = body.partition(b"\n")
    fields = head.decode().split("\t")
    fields[index] = text
    return value_of("\t".join(fields).encode() + b"\n" + rest)


GOOD = link_format.pack(Link("dvonn", "abcdefgh", "black", {"White": "Ann"}, None, ["F3"]))


# -- links ------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", ['{"players":1}', '{"level":"x"}', '{"base":2}', '{"seed":"a"}', '{"redo":1}',
                                     '{"random_setup":1}', "[" * 2000 + "]" * 2000, '{"a":' * 2000 + "1" + "}" * 2000])
def test_a_links_settings_are_only_the_games_own(options: str) -> None:
    with pytest.raises(LinkError) as error:
        read(with_header(GOOD, 7, options))
    assert "setting" in str(error.value) and len(str(error.value)) <= 400


def test_a_links_own_setting_opens() -> None:
    link, _game = read(with_header(GOOD, 7, '{"random_setup":false}'))
    assert link.options == {"random_setup": False}
    with pytest.raises(LinkError, match="random_setup"):  # Diamonds & Pivots has no settings
        read(with_header(link_format.pack(Link("diamonds", "abcdefgh", "black", {}, None, ["e5"])), 7,
                         '{"random_setup":false}'), "diamonds")


@pytest.mark.parametrize(("index", "text"), [(3, "\u00b2"), (3, ""), (3, "9" * 5000), (5, "9" * 300), (6, "9" * 5000),
                                             (6, "-1"), (3, "\u0663")])
def test_a_links_numbers_are_ascii_digits_of_a_bounded_length(index: int, text: str) -> None:
    with pytest.raises(LinkError, match="is not a whole number") as error:
        read(with_header(GOOD, index, text))
    assert len(str(error.value)) < 150


@pytest.mark.parametrize("tag", ["<img>\tx", "a b\tc", "White\tAnn\tB", "White\tAnn\rB"])
def test_a_links_tags_are_words_holding_one_line(tag: str) -> None:
    body = body_of(GOOD)
    head, _sep, moves = body.partition(b"\n\n")
    with pytest.raises(LinkError, match="tag"):
        read(value_of(head.split(b"\n")[0] + b"\n-\n" + tag.encode() + b"\n\n" + moves))


def test_a_lower_case_link_opens_with_the_moves_as_the_rules_write_them() -> None:
    link, game = read(link_format.pack(Link("dvonn", "abcdefgh", "white", {}, None, ["f3", "c3"])))
    assert link.moves == ["F3", "C3"] == [str(m) for m in game.moves]
    assert link_format.unpack(link_format.pack(link)) == link


def test_a_short_link_of_many_digits_is_refused_before_it_is_decoded() -> None:
    value = crafted_digits("dvonn", 250 * 1024)  # 13.8 s to refuse before
    assert len(value) < 500
    with pytest.raises(LinkError, match="more than %d KB" % (link_format.MAX_CODED // 1024)):
        read(value)


@pytest.mark.parametrize("tail", [".", ")", ").", "..."])
def test_a_link_with_the_dot_or_bracket_a_mail_leaves_after_it_opens(tail: str) -> None:
    link, _game = read(GOOD + tail)
    assert link == read(GOOD)[0]


def test_only_the_sites_own_game_pages_are_opened_from_the_list() -> None:
    """"Open" takes a game of the other game to that game's page beside this one: the page an entry
    names in storage (another project on the same origin, another site) is not followed."""
    for here in ("https://a.github.io/site/index.html", "https://a.github.io/site/", "http://localhost:8000/x.html"):
        folder = here[:here.rfind("/") + 1]
        assert link_format.game_page("diamonds", here) == folder + "diamonds.html"
        assert link_format.game_page("dvonn", here) == folder + "index.html"
    assert link_format.game_page("diamonds", "https://a.github.io/site/de/") == "https://a.github.io/site/de/diamonds.html"
    for game in ("chess", "", None, 5, ["dvonn"], "https://evil.example/x.html", "../x"):
        assert link_format.game_page(game, "https://a.github.io/site/index.html") is None


def test_entries_of_the_list_that_cannot_be_read_are_set_aside_with_the_reason() -> None:
    good = {"id": "abcdefgh", "value": GOOD, "game": "dvonn", "moves": 1, "opened": 5}
    games, aside = link_format.registry(json.dumps([good, {"id": "x", "value": 5}, "junk", {"id": "y", "value": "1",
                                                                                          "page": ["x"]}]))
    assert games == [good] and [reason for _e, reason in aside] == [
        "its field value is not valid", "it is not a game by link", "its field page is not valid"]
    assert link_format.registry("[" * 5000 + "]" * 5000)[0] == []
    kept = json.loads(link_format.registry_aside(None, aside))
    assert [k["reason"] for k in kept] == [reason for _e, reason in aside]


# -- saves ------------------------------------------------------------------------------------
def saved(name: str, **changes: object) -> str:
    session = DvonnSession() if name == "dvonn" else DiamondsSession()
    data = json.loads(PERSIST[name].dumps(session))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("name", ["dvonn", "diamonds"])
@pytest.mark.parametrize(("changes", "reason"), [
    ({"options": {"players": 1}}, "setting 'players'"), ({"format": 10 ** 6}, "format is not valid"),
    ({"tags": {"a b": "x"}}, "tag name 'a b'"), ({"tags": {"<img>": "x"}}, "tag name '<img>'"),
    ({"seed": 10 ** 13}, "seed is not valid"),
    # a number of more digits is refused before the save is parsed (inputs.long_number)
    ({"format": 10 ** 300}, "number of more than 15 digits"), ({"seed": 10 ** 300}, "number of more than 15 digits")])
def test_a_save_holds_only_what_the_page_takes(name: str, changes: dict, reason: str) -> None:
    session = DvonnSession() if name == "dvonn" else DiamondsSession()
    before = PERSIST[name].dumps(session)
    with pytest.raises(SavedGameError, match=reason) as error:
        PERSIST[name].restore(session, saved(name, **changes))
    assert len(str(error.value)) < 100 and PERSIST[name].dumps(session) == before


@pytest.mark.parametrize("text", ["[" * 2000 + "]" * 2000, '{"kind":' + "[" * 5000 + "]" * 5000 + "}"])
def test_a_save_nested_deep_is_refused_as_damaged(text: str) -> None:
    with pytest.raises(SavedGameError, match="damaged"):
        dvonn_persist.load(text)


# -- records, positions, embeds -----------------------------------------------------------------
@pytest.mark.parametrize("name", ["dvonn", "diamonds"])
def test_the_empty_games_share_link_opens_the_empty_game(name: str) -> None:
    game = Game() if name == "dvonn" else DiamondsGame()
    text = share_text(game.record())
    assert text.strip()
    assert PERSIST[name].read_record(text).moves == []


def test_a_diamonds_record_that_cannot_be_read_is_a_record_error_quoting_the_turn_once() -> None:
    from dvonn_core.common.errors import RecordError
    with pytest.raises(RecordError) as error:
        diamonds_persist.read_import("\x01" * 40, "the pasted record")
    assert len(str(error.value)) <= 400 and str(error.value).count("\\x01") <= 40


@pytest.mark.parametrize(("name", "query", "reason"), [
    ("dvonn", "?at=\u00b2", "at: '\u00b2' is not a move number"),
    ("dvonn", "?at=" + "9" * 5000, "is not a move number"),
    ("dvonn", "?" + "x" * 60000, "unknown parameter"), ("dvonn", "?highlight=" + "q" * 5000, "is not a cell"),
    ("dvonn", "?position=" + "9" * 5000, "at most 1000"), ("diamonds", "?game=" + "d" * 5000, "is not a game"),
    ("diamonds", "?game=diamonds&moves=" + "\x01" * 40, "cannot be played"), ("dvonn", "?lang=" + "x" * 500, "lang")])
def test_an_embeds_message_quotes_at_most_40_characters(name: str, query: str, reason: str) -> None:
    parse = dvonn_embed.parse if name == "dvonn" else diamonds_embed.parse
    with pytest.raises(EmbedError) as error:
        parse(parse_query(query))
    assert reason in str(error.value) and len(str(error.value)) <= 400


def test_the_position_helper_bounds_and_strips_a_typed_position() -> None:
    """kernel.inputs.read_position: what the editor's position field calls."""
    start = dvonn_persist.SAVES.start
    assert inputs.read_position("  9-10-11-10-9.wp\n", start, ValueError).position() == "9-10-11-10-9.wp"
    for text, reason in (("x" * 1001, "at most 1000"), ("   ", "empty"), (None, "not text")):
        with pytest.raises(ValueError, match=reason):
            inputs.read_position(text, start, ValueError)


# -- the Diamonds & Pivots library ---------------------------------------------------------------
@pytest.mark.parametrize("move", [Move("drop", 99, ()), Move("drop", -1, ()), Move("jump", 3, ()),
                                  Move("drop", True, ())])
def test_a_made_up_move_object_is_an_invalid_move(move: Move) -> None:
    game = DiamondsGame()
    with pytest.raises(InvalidMoveError):
        game.play(move)
    assert game.moves == [] and game.position() == DiamondsGame().position()


@pytest.mark.parametrize("pivot", [5, None, ["c5"]])
def test_a_turns_step_takes_a_pivot_or_its_text_only(pivot: object) -> None:
    turn = DiamondsGame().begin_turn("e5")
    with pytest.raises(InvalidMoveError):
        turn.step(pivot)  # type: ignore[arg-type]


def test_a_link_of_more_pivots_than_any_game_is_refused_before_its_moves_are_read() -> None:
    moves = ["e5 " + " ".join(["c5>f5"] * 1001)]
    value = link_format.pack(Link("diamonds", "abcdefgh", "white", {}, None, moves))
    with pytest.raises(LinkError, match="more than 1000 pivots"):
        read(value, "diamonds")


def test_the_long_chain_link_opens() -> None:
    from benchmarks.pages.fuzz_pages import long_chain_link

    _link, game = read(long_chain_link(), "diamonds")
    assert len(game.moves[0].pivots) == 288  # the drop, then 288 pivots


def long_chain() -> tuple[str, str]:
    with open("tests/data/diamonds/long-chain.txt") as f:
        position, turn = f.read().split("\n")[:2]
    return position, turn


def coded_link(position: str, turn: str, to_move: str) -> str:
    """A link of the one turn ``turn`` at ``position``, numbered as LINK_CODEC numbers it, whether or not
    the turn is legal (a crafted link: its check sum right)."""
    digits = diamonds_persist.LINK_CODEC.digits(DiamondsGame.from_position(position), turn)
    number = 0
    for digit, radix in reversed(digits):
        number = number * radix + digit
    data = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return value_of(("diamonds\tabcdefgh\t%s\t1\tC\t0\t1\t\n%s\n\n" % (to_move, position)).encode() + data)


def test_a_numbered_turn_is_checked_once_as_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pivot of a link's numbered turn is checked as it is read, and the game plays the finished
    turn without checking every pivot again (288 checks, not 576)."""
    from dvonn_core.diamonds import game as game_module

    position, turn = long_chain()
    value = coded_link(position, turn, "black")
    checked = []
    real = game_module.Turn._resolve
    monkeypatch.setattr(game_module.Turn, "_resolve", lambda self, pv: checked.append(1) or real(self, pv))
    _link, game = read(value, "diamonds")
    assert [str(m) for m in game.moves] == [turn] and len(checked) == 288


def test_a_numbered_turn_cut_short_is_refused_as_not_finished() -> None:
    position, turn = long_chain()
    cut = turn.rsplit(" ", 1)[0]
    with pytest.raises(LinkError, match=r"move 1 cannot be read: .*the turn is not finished"):
        read(coded_link(position, cut, "white"), "diamonds")
    game = DiamondsGame.from_position(position)
    game.play(turn)
    assert read(coded_link(position, turn, game.to_move), "diamonds")[1].position() == game.position()


MANY_PIVOTS = "e5 " + " ".join(["c5>f5"] * 1001)


def test_diamonds_input_of_more_pivots_than_any_game_is_refused_before_it_is_read() -> None:
    """A record pasted or in a ``#record=`` link, an embed's moves, a save (and its redo history, and a save
    of the first release): each holds at most kernel.inputs.MAX_PIVOTS pivots, counted before a move is
    read (the rules allow chains of thousands, each a step to check)."""
    with pytest.raises(diamonds_persist.InputError, match="the pasted record holds more than 1000 pivots"):
        diamonds_persist.read_import(MANY_PIVOTS, "the pasted record")
    with pytest.raises(EmbedError, match="moves: more than 1000 pivots"):
        diamonds_embed.parse({"moves": MANY_PIVOTS})
    half = "e5 " + " ".join(["c5>f5"] * 501)
    for changes in ({"moves": [MANY_PIVOTS]}, {"redo": [[MANY_PIVOTS]]}, {"redo": [[half]] * 2}):
        with pytest.raises(SavedGameError, match="its moves hold more than 1000 pivots"):
            diamonds_persist.load(saved("diamonds", **changes))
    with pytest.raises(SavedGameError, match="its moves hold more than 1000 pivots"):
        diamonds_persist.load(saved("diamonds", format=1, record=MANY_PIVOTS))
    # At the bound, the moves are read (and these are refused by the rules).
    at_most = "e5 " + " ".join(["c5>f5"] * 1000)
    with pytest.raises(RecordError, match="turn"):
        diamonds_persist.read_import(at_most, "the pasted record")
    with pytest.raises(EmbedError, match="turn 1"):
        diamonds_embed.parse({"moves": at_most})
