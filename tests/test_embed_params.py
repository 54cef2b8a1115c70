"""The embed page's URL parameters (web/dvonn/embed_params.py): what each one means, what a bad
one says, and the iframe snippet of "Copy embed code"."""

from __future__ import annotations

import doctest
from pathlib import Path
from urllib.parse import urlencode

import pytest

from dvonn import embed_params
from dvonn.embed_params import EmbedError, parse, snippet
from dvonn_core import Game
from kernel import guide_page
from kernel.url import parse_query

START = "9-10-11-10-9.wp"
MOVE_HEIGHT = "9-3D6-4bwW2B3-3DWBD3-9.w"  # White's stack of 3 on E3 can reach only H3


def spec_of(**params: str):  # type: ignore[no-untyped-def]
    return parse(parse_query("?" + urlencode(params)))


def test_no_parameters_is_the_empty_board_to_look_at() -> None:
    spec = parse({})
    assert spec.position is None and spec.game().position() == START
    assert spec.moves == [] and spec.at == 0
    assert (spec.play, spec.flip, spec.labels, spec.highlight, spec.caption) == (False, False, True, [], "")


def test_every_parameter() -> None:
    spec = spec_of(position=MOVE_HEIGHT, moves="E3H3", at="0", play="1", flip="1", labels="0",
                   highlight="E3,h3", caption="White to move")
    assert spec.position == MOVE_HEIGHT
    assert spec.moves == ["E3H3"] and spec.at == 0
    assert spec.play and spec.flip and not spec.labels
    assert spec.highlight == ["E3", "H3"]
    assert spec.caption == "White to move"


def test_moves_are_played_from_the_position_and_written_canonically() -> None:
    spec = spec_of(moves="f3, c3 I3,e3")
    assert spec.moves == ["F3", "C3", "I3", "E3"]
    assert spec.at == 4, "without at, the board opens after the last move"
    game = spec.game()
    for move in spec.moves:
        game.play(move)
    assert game.stack("E3") == "b"


@pytest.mark.parametrize("value,at", [("0", 0), ("2", 2), ("3", 3), ("start", 0), ("end", 3)])
def test_at_picks_how_many_moves_are_on_the_board(value: str, at: int) -> None:
    assert spec_of(moves="F3,C3,I3", at=value).at == at


@pytest.mark.parametrize("value", ["1", "true", "yes", "on", ""])
def test_flags_accept_the_usual_ways_to_say_yes(value: str) -> None:
    assert spec_of(play=value).play is True


def test_query_decoding_handles_plus_percent_and_utf8() -> None:
    assert parse_query("?caption=Move+3%3A+E3%E2%86%92H3")["caption"] == "Move 3: E3→H3"
    assert parse_query("caption=100%")["caption"] == "100%", "a lone % is kept as it is"


@pytest.mark.parametrize("query,message", [
    ("position=9-10-11-10-9", "position: "),
    ("position=", "position is empty"),
    ("position=9-10-11-10-9.wpx", "side to move"),
    ("moves=F3,F3", "moves: move 2 (F3) cannot be played"),
    ("moves=F3,X9", "moves: move 2 (X9) cannot be played"),
    ("moves=F3&at=2", "at: 2 is out of range: there is 1 move, so at goes from 0 to 1"),
    ("at=-1", "at: -1 is out of range"),
    ("at=two", "at: 'two' is not a move number"),
    ("play=maybe", "play: 'maybe' is not 1 or 0"),
    ("labels=none", "labels: 'none' is not 1 or 0"),
    ("highlight=E3,Z9", "highlight: 'Z9' is not a cell of the board"),
    ("highlihgt=E3", "unknown parameter highlihgt (the parameters are position, moves, at, play"),
    ("flip=1&flip=0", "flip is given twice"),
    ("caption=" + "x" * 301, "caption: 301 characters is too long"),
    ("caption=%FF", "not UTF-8"),
])
def test_a_bad_parameter_is_an_embed_error_naming_it(query: str, message: str) -> None:
    with pytest.raises(EmbedError) as info:
        parse(parse_query(query))
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_an_illegal_move_after_a_position_says_why() -> None:
    with pytest.raises(EmbedError) as info:
        spec_of(position=MOVE_HEIGHT, moves="E3B3")
    assert "move 1 (E3B3)" in str(info.value) and "illegal" in str(info.value)


def test_embed_url_round_trips_through_parse() -> None:
    url = embed_params.embed_url(MOVE_HEIGHT, moves=["E3H3"], at=0, play=True, flip=True, labels=False,
                                 highlight=["E3"], caption="Größe & <b>")
    query = url.split("?", 1)[1]
    spec = parse(parse_query(query))
    assert (spec.position, spec.moves, spec.at, spec.play, spec.flip, spec.labels, spec.highlight, spec.caption) == (
        MOVE_HEIGHT, ["E3H3"], 0, True, True, False, ["E3"], "Größe & <b>")


def test_snippet_is_an_iframe_for_the_position_on_screen() -> None:
    game = Game.from_position(MOVE_HEIGHT)
    code = snippet("https://example.org/dvonn/", game.position(), caption='Say "hi"')
    assert code.startswith('<iframe src="https://example.org/dvonn/embed.html?position=9-3D6-4bwW2B3-3DWBD3-9.w'
                           '&amp;play=1&amp;caption=Say%20%22hi%22"')
    assert 'title="DVONN board: Say &quot;hi&quot;"' in code
    assert 'width="480"' in code and 'style="border:0;max-width:100%"' in code
    assert code.endswith("></iframe>")


def test_snippet_height_leaves_room_for_the_caption() -> None:
    def height(code: str) -> int:
        return int(code.split('height="')[1].split('"')[0])

    plain = snippet("./", START)
    assert height(snippet("./", START, caption="x")) > height(plain)
    assert height(snippet("./", START, width=960)) > height(plain)


def test_docstring_examples() -> None:
    assert doctest.testmod(embed_params).failed == 0


def test_the_author_guide_documents_every_parameter_with_an_example() -> None:
    guide = (Path(__file__).resolve().parents[1] / "docs" / "embedding.md").read_text()
    for name in embed_params.PARAMETERS:
        assert f"| `{name}` |" in guide, f"{name} is missing from the parameter table"
        assert f"- `{name}`: `embed.html?" in guide, f"{name} has no example"
    for option in ("--at", "--highlight", "--last-move", "--mark-removed", "--caption", "--flip", "--no-labels"):
        assert f"`{option}" in guide, option


def test_the_guide_examples_are_valid_addresses() -> None:
    guide = (Path(__file__).resolve().parents[1] / "docs" / "embedding.md").read_text()
    examples = [line.split("`embed.html?")[1].split("`")[0] for line in guide.splitlines() if "`embed.html?" in line]
    assert len(examples) >= len(embed_params.PARAMETERS)
    for query in examples:
        parse(parse_query(query))


def test_the_guide_becomes_a_page_of_the_site() -> None:
    html = guide_page.page((Path(__file__).resolve().parents[1] / "docs" / "embedding.md").read_text(),
                           "icon.svg", "style.css", "embed.css")
    assert "<title>Boards for your pages: a guide for authors</title>" in html
    assert '<a href="rules.html">rules page</a>' in html
    assert html.count("<table>") == 2 and "<pre tabindex=\"0\"><code>" in html  # keyboard-scrollable (axe)
    assert doctest.testmod(guide_page).failed == 0


def test_lang_names_a_language_of_the_site() -> None:
    """``lang=`` (the page went to that language's folder before it ran) is checked by both games' embeds."""
    from diamonds import embed_params as diamonds_params

    for read in (parse, diamonds_params.parse):
        read({"lang": "de"})
        with pytest.raises(EmbedError, match=r"^lang: 'es' is not a language of this site \(en, de, fr, nl\)$"):
            read({"lang": "es"})
