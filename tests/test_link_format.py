"""The game link format (web/kernel/link_format.py): a whole game in a link, for both games.

Round trips, the 2,000-character limit on long games of each game, and every malformed link (bad
base64, cut short, damaged, wrong game, an illegal move, not a game) refused with a message naming
what is wrong.  The same checks run on the page's MicroPython (its ``deflate`` module), which must
read CPython's links and give the same answers."""

from __future__ import annotations

import ast
import base64
import binascii
import doctest
import zlib
from pathlib import Path

import pytest

from diamonds import persist as diamonds_persist
from dvonn import persist as dvonn_persist
from dvonn_core import record
from dvonn_core.diamonds import DiamondsGame
from kernel import link_format
from kernel.link_format import Link, LinkError

from .e2e.app import DIAMONDS_GAME, recorded_game
from .test_micropython import same_output

STARTS = {"dvonn": dvonn_persist.SAVES.start, "diamonds": diamonds_persist.SAVES.start}
CODECS = {"dvonn": dvonn_persist.LINK_CODEC, "diamonds": diamonds_persist.LINK_CODEC}
DVONN_GAME = recorded_game("DV-BestBot-tavis-2009-10-08-2028.sgf")
#: A page address of 50 characters (a site on GitHub Pages): what a link adds to it must fit 2,000.
PAGE = "https://someone.github.io/dvonn-site/diamonds.html"


def game_of(name: str, moves: list[str]):  # type: ignore[no-untyped-def]
    game = STARTS[name](None)
    for move in moves:
        game.play(move)
    return game


def value_of(body: bytes) -> str:
    """A ``#game=`` value for a hand-made body (its check sum right)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = (binascii.crc32(body) & 0xFFFFFFFF).to_bytes(4, "big") + packer.compress(body) + packer.flush()
    return "1" + base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_docstring_examples() -> None:
    assert doctest.testmod(link_format).failed == 0


def coder(name: str) -> link_format.Coder:
    return link_format.Coder(CODECS[name], STARTS[name])


@pytest.mark.parametrize("numbered", [True, False], ids=["numbered", "text"])
@pytest.mark.parametrize(("name", "moves"), [("dvonn", DVONN_GAME), ("diamonds", DIAMONDS_GAME), ("dvonn", []),
                                              ("diamonds", ["e1", "swap"])])
def test_a_link_round_trips_the_whole_game(name: str, moves: list[str], numbered: bool) -> None:
    game = game_of(name, moves)
    game.tags.update({"White": "Ann \u00e9 \t<b>", "Black": "Bo", "Hints": "2"})
    link = link_format.of_game(name, "k3p9x2am", game)
    value = link_format.pack(link, coder(name) if numbered else None)
    assert set(value) <= set("-_" + "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert (link_format.unpack(value).coded is not None) == numbered
    back, replayed = link_format.read(value, name, STARTS[name], CODECS[name])
    assert back.moves == [str(m) for m in game.moves] and back.id == "k3p9x2am"
    assert back.to_move == game.to_move and replayed.position() == game.position()
    assert back.tags == {"White": "Ann \u00e9  <b>", "Black": "Bo", "Hints": "2"}  # a tab is no tag's part
    assert link_format.read(link_format.url(PAGE + "#", link).split(link_format.PREFIX)[1], name,
                            STARTS[name])[0] == back


def test_a_random_setup_keeps_its_start_position() -> None:
    from dvonn_core.dvonn.setup import random_setup
    game = random_setup(7)
    base = len(game.moves)
    game.play(str(game.legal_moves()[0]))
    made = link_format.of_game("dvonn", "a", game, base, 7, {"random_setup": True})
    link, replayed = link_format.read(link_format.pack(made), "dvonn", STARTS["dvonn"])
    assert link == made and link.base == base == 49 and link.seed == 7 and link.options == {"random_setup": True}
    assert link.start == game.start_position and replayed.position() == game.position()


def test_the_longest_games_fit_in_2000_characters() -> None:
    """The longest record of tests/data/boardspace-sample.txt, and a Diamonds & Pivots game of 200
    turns of the bots' self-play (the cap of benchmarks/bot/diamonds_ladder.py; benchmarks/pages/link_length.py
    measures both over all the data)."""
    longest = max((record.read(" ".join(line.split()[3:])) for line in
                   (Path(__file__).parent / "data" / "boardspace-games.txt").read_text().splitlines()[1:400]),
                  key=lambda g: len(g.moves))
    from dvonn_core.diamonds import bot
    diamonds = DiamondsGame()
    players = ("random", "greedy", "random")
    for ply in range(200):
        if diamonds.phase == "over":
            break
        pick = bot.random_move if players[ply % 3] == "random" else bot.greedy_move
        diamonds.play(pick(diamonds, 12000 + ply))
    for name, game in (("dvonn", longest), ("diamonds", diamonds)):
        game.tags.update({"White": "A player with a long name", "Black": "Another player with a long name"})
        link = link_format.of_game(name, "k3p9x2am", game)
        address = link_format.url(PAGE, link, coder(name))
        assert len(address) <= link_format.MAX_LINK // 2, (name, len(game.moves), len(address))
        # Numbered moves are shorter than moves written as text.
        assert len(address) < len(link_format.url(PAGE, link)) - 100


def test_a_game_of_800_turns_fits() -> None:
    """Far longer than any self-play game measured (benchmarks/pages/link_length.py): 800 turns of
    random and greedy play (hard to beat in length: random turns are many and long)."""
    from dvonn_core.diamonds import bot
    game = DiamondsGame()
    for ply in range(800):
        if game.phase == "over":
            break
        pick = bot.random_move if ply % 2 else bot.greedy_move
        game.play(pick(game, 5000 + ply))
    link = link_format.of_game("diamonds", "k3p9x2am", game)
    address = link_format.url(PAGE, link, coder("diamonds"))
    assert len(address) <= link_format.MAX_LINK, len(address)
    assert link_format.read(address.split(link_format.PREFIX)[1], "diamonds", STARTS["diamonds"],
                            CODECS["diamonds"])[0].moves == link.moves


def test_a_coder_numbers_only_the_moves_added_and_follows_an_undo() -> None:
    numbering = coder("dvonn")
    calls = []
    digits = numbering.codec.digits
    numbering.codec = type("Counting", (), {"digits": lambda self, g, m: calls.append(m) or digits(g, m)})()
    first = numbering.extend(DVONN_GAME[:50])
    assert len(calls) == 50
    numbering.extend(DVONN_GAME[:51])
    assert len(calls) == 51
    assert numbering.extend(DVONN_GAME[:50]) == first and len(calls) == 51  # an undo: nothing numbered again
    numbering.extend(DVONN_GAME[:52])
    assert len(calls) == 53 and numbering.moves == DVONN_GAME[:52]
    assert numbering.extend(DVONN_GAME[:52]) == coder("dvonn").extend(DVONN_GAME[:52])


def test_a_move_that_cannot_be_numbered_is_written_as_text() -> None:
    link = Link("dvonn", "a", "black", {}, None, ["F3"])
    value = link_format.pack(Link("dvonn", "a", "black", {}, None, ["F3", "F3"]), coder("dvonn"))
    assert link_format.unpack(value).coded is None
    assert link_format.unpack(link_format.pack(link, coder("dvonn"))).coded is not None


GOOD = link_format.pack(Link("dvonn", "k3p9x2am", game_of("dvonn", DVONN_GAME[:51]).to_move, {"White": "Ann"}, None,
                             DVONN_GAME[:51]))

MALFORMED = [
    ("", "the link holds no game"),
    ("x" + GOOD[1:], "it is not a game link of this site"),
    ("7" + GOOD[1:], "made by a newer version of this site"),
    (GOOD[:20] + "%" + GOOD[21:], "'%' (character 20 of its game) cannot be in it"),
    (GOOD[:20] + "=" + GOOD[21:], "'=' (character 20 of its game) cannot be in it"),
    (GOOD[:-9], "cut short"),
    (GOOD[:-8], "cut short"),
    (GOOD[:5], "cut short"),
    (GOOD[:40] + ("A" if GOOD[40] != "A" else "B") + GOOD[41:], "damaged"),
    ("1" + "A" * 20000, "at most 2000"),
    (value_of(b"hello, world"), "it is not a game (its header has no end)"),
    (value_of(b"dvonn\tid\twhite\t2\tU\t0\t1\t\n-\n\nF3"), "it says 2 moves and holds 1"),
    (value_of(b"dvonn\tid\tblue\t0\tU\t0\t1\t\n-\n\n"), "its side to move, 'blue', is not white or black"),
    (value_of(b"dvonn\tid\twhite\t0\tX\t0\t1\t\n-\n\n"), "its first line is not a game's header"),
    (value_of(b"dvonn\tid\twhite\t0\tU\n-\n\n"), "its first line is not a game's header"),
    (value_of(b"dvonn\tid\twhite\t1\tU\t2\t1\t\n-\n\n\xa6"), "its setup has more moves, 2, than the game, 1"),
    (value_of(b"dvonn\tid\twhite\t0\tU\t0\t1\t[1]\n-\n\n"), "its settings are not valid"),
    (value_of(b'dvonn\tid\twhite\t0\tU\t0\t1\t{"a":[1]}\n-\n\n'), "its setting 'a' is not valid"),
    (value_of(b"dvonn\tid\twhite\t0\tU\t0\t1\t\n-\nWhite\n\n"), "a tag line is not valid"),
    (value_of(b"dvonn\tid\twhite\t1\tU\t0\t1\t\n-\n\n\xff"), "a byte that is no cell"),
    (value_of(b"dvonn\tid\twhite\t0\tU\t0\t1\t\tpink\n-\n\n"), "the side that resigned, 'pink', is not white or black"),
    (value_of(b"dvonn\tid\twhite\t0\tU\t0\t1\t\twhite\tx\n-\n\n"), "its first line is not a game's header"),
]


@pytest.mark.parametrize(("value", "reason"), MALFORMED)
def test_a_malformed_link_is_refused_naming_what_is_wrong(value: str, reason: str) -> None:
    with pytest.raises(LinkError) as error:
        link_format.read(value, "dvonn", STARTS["dvonn"])
    assert reason in str(error.value)


@pytest.mark.parametrize("numbered", [True, False], ids=["numbered", "text"])
@pytest.mark.parametrize(("name", "moves"), [("dvonn", DVONN_GAME[:60]), ("diamonds", ["e5", "d4", "c3"]),
                                              ("dvonn", [])])
def test_a_resignation_travels_in_the_link(name: str, moves: list[str], numbered: bool) -> None:
    game = game_of(name, moves)
    side = game.to_move
    plain = link_format.pack(link_format.of_game(name, "k3p9x2am", game), coder(name) if numbered else None)
    game.resign(side)
    link = link_format.of_game(name, "k3p9x2am", game)
    assert link.resigned == side
    value = link_format.pack(link, coder(name) if numbered else None)
    back, replayed = link_format.read(value, name, STARTS[name], CODECS[name])
    assert back.resigned == side and replayed.resigned == side and replayed.phase == "over"
    assert replayed.winner() == ("black" if side == "white" else "white")
    assert back.moves == [str(m) for m in game.moves]
    # A link without a resignation reads as before, with none.
    assert link_format.read(plain, name, STARTS[name], CODECS[name])[1].resigned is None


def test_a_resignation_after_the_game_was_over_is_refused() -> None:
    game = game_of("dvonn", DVONN_GAME)
    assert game.phase == "over"
    link = link_format.of_game("dvonn", "a", game)
    link.resigned = "white"
    with pytest.raises(LinkError, match="it says white resigned, but the game was over before that"):
        link_format.read(link_format.pack(link), "dvonn", STARTS["dvonn"])


def test_a_link_of_the_other_game_is_refused() -> None:
    value = link_format.pack(link_format.of_game("diamonds", "a", game_of("diamonds", ["e1"])))
    with pytest.raises(LinkError, match="a link to a Diamonds & Pivots game, and this is the DVONN page"):
        link_format.read(value, "dvonn", STARTS["dvonn"])


def test_an_illegal_move_is_named() -> None:
    value = link_format.pack(Link("dvonn", "a", "white", {}, None, ["F3", "F3"]))
    with pytest.raises(LinkError, match=r"move 2 \('F3'\) cannot be played"):
        link_format.read(value, "dvonn", STARTS["dvonn"])
    value = link_format.pack(Link("diamonds", "a", "white", {}, None, ["e1", "e1 e1>a5"]))
    with pytest.raises(LinkError, match=r"move 2 \('e1 e1>a5'\) cannot be played"):
        link_format.read(value, "diamonds", STARTS["diamonds"])


def test_a_wrong_side_to_move_is_named() -> None:
    value = link_format.pack(Link("dvonn", "a", "white", {}, None, ["F3"]))
    with pytest.raises(LinkError, match="it says white is to move, but after its moves black is"):
        link_format.read(value, "dvonn", STARTS["dvonn"])


def test_a_bad_start_position_is_named() -> None:
    value = link_format.pack(Link("dvonn", "a", "white", {}, "nonsense", []))
    with pytest.raises(LinkError, match="its start position is not valid"):
        link_format.read(value, "dvonn", STARTS["dvonn"])


def test_numbered_moves_that_do_not_fit_are_refused() -> None:
    numbered = link_format.pack(Link("dvonn", "a", "black", {}, None, ["F3"]), coder("dvonn"))
    with pytest.raises(LinkError, match="its moves are numbered, and this page has no numbering for them"):
        link_format.read(numbered, "dvonn", STARTS["dvonn"])
    with pytest.raises(LinkError, match=r"the link is damaged \(it holds more than its 0 moves\)"):
        link_format.read(value_of(b"dvonn\tid\twhite\t0\tC\t0\t1\t\n-\n\n\x05"), "dvonn", STARTS["dvonn"],
                         CODECS["dvonn"])
    over = game_of("dvonn", DVONN_GAME).position().encode()
    with pytest.raises(LinkError, match="move 1 cannot be read: no move is possible there"):
        link_format.read(value_of(b"dvonn\tid\twhite\t1\tC\t0\t1\t\n" + over + b"\n\n"), "dvonn",
                         STARTS["dvonn"], CODECS["dvonn"])


def test_a_link_that_unpacks_to_megabytes_is_refused() -> None:
    with pytest.raises(LinkError, match="unpacks to more than 256 KB"):
        link_format.unpack(value_of(b"dvonn\tid\twhite\t0\tU\t0\t1\t\n-\n" + b"x" * 300_000))


MICROPYTHON_CHECK = Path(__file__).parent / "micropython" / "check_links.py"


def german_catalog() -> str:
    """The German messages of link_format.py, as the JSON the build writes into de/index.html."""
    import json

    from sitebuild import i18n

    messages = i18n.read("de")
    found = i18n.python_messages(messages, [Path(link_format.__file__)])
    return json.dumps({"plural": messages.plural, "messages": found}, ensure_ascii=False)


@pytest.mark.parametrize(("value", "german"), [
    ("", "der Link enthält keine Partie (nach #game= folgt nichts)"),
    (value_of(b"dvonn\tid\twhite\t2\tU\t0\t1\t\n-\n\nF3"), "er nennt 2 Züge und enthält 1"),
    (value_of(b"dvonn\tid\twhite\t1\tU\t0\t1\t\n-\n\n"), "er nennt 1 Zug und enthält 0"),
    (value_of(b"dvonn\tid\tblue\t0\tU\t0\t1\t\n-\n\n"), "die Seite am Zug, 'blue', ist weder Weiß noch Schwarz"),
    ("1" + "A" * 20000, "der Link ist 20001 Zeichen lang: Ein Partie-Link hat höchstens 2000"),
])
def test_a_malformed_link_is_refused_in_the_pages_language(value: str, german: str) -> None:
    """With the German catalog installed (as on de/ pages), the refusal is German; then English again."""
    from kernel import i18n

    i18n.load(german_catalog())
    try:
        with pytest.raises(LinkError) as error:
            link_format.read(value, "dvonn", STARTS["dvonn"])
    finally:
        i18n.install(None)
    assert german in str(error.value)
    with pytest.raises(LinkError) as error:
        link_format.read(value, "dvonn", STARTS["dvonn"])
    assert german not in str(error.value)


def test_micropython_reads_and_writes_links_as_cpython(tmp_path: Path) -> None:
    """The page's MicroPython reads CPython's links (and refuses the malformed ones with the same
    messages); the links it packs itself round-trip and fit (their bytes differ: another compressor)."""
    (tmp_path / "in").mkdir()
    data = tmp_path / "in" / "links.txt"
    numbered = link_format.pack(Link("dvonn", "k3p9x2am", game_of("dvonn", DVONN_GAME).to_move, {}, None, DVONN_GAME),
                                link_format.Coder(CODECS["dvonn"], STARTS["dvonn"]))
    data.write_text("\n".join(v for v, _ in MALFORMED if len(v) < 10000) + "\n" + GOOD + "\n" + numbered + "\n")
    german = tmp_path / "in" / "messages.json"
    german.write_text(german_catalog())
    lines = same_output(tmp_path, MICROPYTHON_CHECK, [data, german])
    refused = len([v for v, _ in MALFORMED if len(v) < 10000])
    assert sum(1 for line in lines if line.startswith("refused ") and " in German " not in line) == refused
    in_german = [line for line in lines if line.startswith("refused in German ")]
    assert len(in_german) == refused and all(" der Link " in line or " er " in line for line in in_german)
    assert any(line.startswith("read dvonn k3p9x2am %s 51 moves" % game_of("dvonn", DVONN_GAME[:51]).to_move)
               for line in lines)
    assert any(line.startswith("read dvonn k3p9x2am %s 61 moves" % game_of("dvonn", DVONN_GAME).to_move)
               for line in lines)
    assert sum(1 for line in lines if line.startswith("round trip ") and line.endswith(" True True")) == 8


def test_the_long_chain_round_trips_numbered() -> None:
    """tests/data/diamonds/long-chain.txt: a turn of hundreds of pivots, many named by their partner."""
    position, turn = (Path(__file__).parent / "data" / "diamonds" / "long-chain.txt").read_text().splitlines()[:2]
    game = DiamondsGame.from_position(position)
    game.play(turn)
    link = link_format.of_game("diamonds", "a", game)
    assert "/" in turn and len(turn.split()) > 100
    value = link_format.pack(link, coder("diamonds"))
    assert link_format.unpack(value).coded is not None
    back, replayed = link_format.read(value, "diamonds", STARTS["diamonds"], CODECS["diamonds"])
    assert back.moves == [turn] and replayed.position() == game.position()
    assert len(value) < len(link_format.pack(link))


@pytest.mark.parametrize(("name", "moves"), [("dvonn", DVONN_GAME), ("diamonds", DIAMONDS_GAME)])
def test_reading_a_link_leaves_its_coder_ready_for_the_next_move(name: str, moves: list[str]) -> None:
    game = game_of(name, moves[:-1])
    value = link_format.pack(link_format.of_game(name, "a", game), coder(name))
    numbering = coder(name)
    numbering.codec = None  # nothing may be numbered again: only the last move
    replayed = link_format.read(value, name, STARTS[name], CODECS[name], numbering)[1]
    numbering.codec = type("One", (), {"digits": lambda self, g, m: calls.append(m) or CODECS[name].digits(g, m)})()
    calls: list[str] = []
    replayed.play(moves[-1])
    after = link_format.of_game(name, "a", replayed)
    assert link_format.pack(after, numbering) == link_format.pack(after, coder(name))
    assert calls == [moves[-1]]


def test_the_pages_know_a_game_link_without_importing_the_format() -> None:
    """kernel/by_link.py checks a page's address against its own copy of PREFIX, so that a page opened without a
    game link never imports this module (issue 45); DVONN's persist makes LINK_CODEC on first use."""
    source = (Path(__file__).resolve().parents[1] / "web" / "kernel" / "by_link.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    copies = [node.value.value for node in tree.body if isinstance(node, ast.Assign)
              and [getattr(target, "id", None) for target in node.targets] == ["PREFIX"]
              and isinstance(node.value, ast.Constant)]
    assert copies == [link_format.PREFIX]
    module_level = [node for node in tree.body if isinstance(node, ast.ImportFrom)]
    assert all(alias.name != "link_format" for node in module_level for alias in node.names)
    assert isinstance(dvonn_persist.LINK_CODEC, link_format.LegalMovesCodec)
    assert dvonn_persist.LINK_CODEC is dvonn_persist.LINK_CODEC
    with pytest.raises(AttributeError):
        dvonn_persist.NOT_THERE  # noqa: B018 - the module's __getattr__ knows one name
