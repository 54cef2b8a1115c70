"""The analysis board (analysis.html, diamonds-analysis.html) in Debian chromium: it opens at the
position of its ``#position=`` address and the worker searches it without a clock, the depth
growing; the best line's first move is legal there (checked with dvonn_core); a move played on
the board starts the search of the new position, whose line is then that position's; the best line
runs five moves (in Diamonds & Pivots, turns with their pivots named), each showing the position it
leads to; the moves played are copied as a record, opened as a game and embedded; the game page's
"Analyse this position" opens it at the position on screen; both games lay out on a phone and a
desktop in the four languages, and axe finds nothing.

The tests never race the search: they wait for the depth they need, and where they read a line
they click they bound its depth first (``body.dataset.analysisDepth``), so that it no longer
changes.  The figures (the time from a move to the first evaluation, the depth after 1, 5 and 10 s,
the page's clicks while it searches) are benchmarks/pages/analysis_board.py's."""

from __future__ import annotations

import re
from html import unescape
from typing import Any
from urllib.parse import quote

import pytest

from dvonn_core import Game
from dvonn_core.diamonds import DiamondsGame

from .app import GamePage
from .axe import summary, violations
from .doc_helpers import Watch, check_requests
from .test_languages import OVERFLOW

#: A middle-game DVONN position (a random setup, then twelve random moves) and a Diamonds &
#: Pivots one (ten random turns).
POSITIONS = {
    "dvonn": "W1bBWBbB1WB-1BBwbWWWWBbbbWW-WbBWWWWwBBWBD-WB1dBB1BD1wB-W2wW1W3.w",
    "diamonds": "3w1-3b2-w3w2-1w6-1w7-b6b-7-6-4b.b",
}
PAGES = {"dvonn": "analysis.html", "diamonds": "diamonds-analysis.html"}
#: Positions whose best line the tests click through: in Diamonds & Pivots, turns with chains of pivots.
LINE_POSITIONS = {"dvonn": POSITIONS["dvonn"], "diamonds": "b1w2-6-b6-1ww1w2b-2b4w1-2b2b2-w3b2-6-w4.b"}


def core(kind: str, position: str) -> Any:
    return Game.from_position(position) if kind == "dvonn" else DiamondsGame.from_position(position)


def is_legal(kind: str, position: str, move: str) -> bool:
    try:
        core(kind, position).play(move)
    except ValueError:
        return False
    return True


def open_board(page: Any, base_url: str, kind: str, position: str) -> Watch:
    watch = Watch(page, base_url)
    watch.open(PAGES[kind] + "#position=" + quote(position))
    return watch


def depth(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.depth || '0'"))


def wait_depth(page: Any, at_least: int, position: str) -> None:
    """Until the search of ``position`` (the position on screen) reports ``at_least`` that depth and a line."""
    page.wait_for_function(
        "([d, p]) => document.body.dataset.position === p"
        " && +(document.body.dataset.depth || 0) >= d && (document.body.dataset.line || '') !== ''",
        arg=[at_least, position], timeout=120_000)


def bound_depth(page: Any, most: int) -> None:
    """Every search the page starts from now on ends at depth ``most`` (kernel/analysis_board.py)."""
    page.add_init_script("document.addEventListener('DOMContentLoaded',"
                         " () => { document.body.dataset.analysisDepth = '%d'; })" % most)


def wait_done(page: Any, position: str) -> None:
    """Until the bounded search of ``position`` has ended (its line will not change)."""
    page.wait_for_function("p => document.body.dataset.position === p && document.body.dataset.analysing === 'false'"
                           " && (document.body.dataset.line || '') !== ''", arg=position, timeout=240_000)


def line(page: Any) -> list[str]:
    return [b.inner_text() for b in page.get_by_test_id("analysis-line").locator("button").all()]


def play_on_board(page: Any, kind: str, position: str) -> str:
    """Play a legal move of ``position`` by clicks on the board; the position it leads to."""
    return play_move_on_board(page, kind, position)[1]


def play_move_on_board(page: Any, kind: str, position: str) -> tuple[str, str]:
    """Play a legal move of ``position`` by clicks on the board: the move and the position it leads to."""
    game = core(kind, position)
    if kind == "dvonn":
        move = str(next(iter(game.legal_moves())))
        page.locator(f'#board [data-cell="{move[:2]}"]').click()
        page.locator(f'#board [data-cell="{move[2:4]}"]').click()
    else:  # a drop that starts no pivot: one click plays the whole turn
        move = next(str(m) for m in game.legal_moves() if " " not in str(m) and str(m) not in ("pass", "swap"))
        page.locator(f'#board [data-cell="{move}"]').click()
    game.play(move)
    return move, str(game.position())


@pytest.mark.parametrize("kind", ["dvonn", "diamonds"])
def test_the_analysis_deepens_and_follows_a_move_on_the_board(page: Any, base_url: str, kind: str) -> None:
    position = core(kind, POSITIONS[kind]).position()
    watch = open_board(page, base_url, kind, position)
    assert page.evaluate("document.body.dataset.position") == position
    wait_depth(page, 1, position)
    first = depth(page)
    wait_depth(page, first + 1, position)  # no clock: it deepens until stopped
    shown = line(page)
    assert shown and is_legal(kind, position, shown[0]), shown
    assert page.get_by_test_id("analysis-eval").inner_text() not in ("", "…")
    after = play_on_board(page, kind, position)
    page.wait_for_function("p => document.body.dataset.position === p", arg=after)
    wait_depth(page, 1, after)
    new_line = line(page)
    assert new_line and is_legal(kind, after, new_line[0]), new_line
    # Back returns to the position opened, searched again; Forward to the move played.
    page.get_by_test_id("analysis-back").click()
    wait_depth(page, 1, position)
    assert is_legal(kind, position, line(page)[0])
    page.get_by_test_id("analysis-forward").click()
    page.wait_for_function("p => document.body.dataset.position === p", arg=after)
    # A move of the best line shows the position it leads to.
    wait_depth(page, 1, after)
    best = line(page)[0]
    page.get_by_test_id("analysis-line").locator("button").first.click()
    game = core(kind, after)
    game.play(best)
    page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
    found = violations(page)
    assert not found, summary(found)
    check_requests(base_url, watch.requests)  # (the worker's Pyodide is expected here)
    assert not watch.errors, f"errors on the page: {watch.errors}"


@pytest.mark.parametrize("kind", ["dvonn", "diamonds"])
def test_a_position_that_does_not_read_is_refused_with_the_reason(page: Any, base_url: str, kind: str) -> None:
    watch = open_board(page, base_url, kind, "9-10-11-10.w")
    assert "cannot be read, so the board is unchanged" in page.get_by_test_id("notice").inner_text()
    start = Game().position() if kind == "dvonn" else DiamondsGame().position()
    assert page.evaluate("document.body.dataset.position") == start
    assert not watch.errors, f"errors on the page: {watch.errors}"


def test_the_game_page_opens_the_analysis_board_at_the_position_shown(game: GamePage) -> None:
    app, page = game, game.page
    app.new_game(white="human", black="human")
    for move in app.LINE[:2]:
        app.play(move)
    shown = app.position()
    page.get_by_test_id("open-analysis").click()
    page.wait_for_function("document.body.dataset.ready === 'true' && location.pathname.endsWith('analysis.html')")
    assert page.evaluate("document.body.dataset.position") == shown
    # (a DVONN placement: the bot scores cells, not pieces, so the line is its move, with no depth)
    wait_depth(page, 0, shown)
    assert is_legal(app.NAME, shown, line(page)[0])


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "bypass_csp": True}  # axe's script, added by the test




@pytest.mark.parametrize("kind", ["dvonn", "diamonds"])
def test_the_best_line_runs_five_moves_each_showing_the_position_it_leads_to(page: Any, base_url: str,
                                                                              kind: str) -> None:
    bound_depth(page, 5)
    position = core(kind, LINE_POSITIONS[kind]).position()
    watch = open_board(page, base_url, kind, position)
    wait_done(page, position)
    assert depth(page) == 5
    shown = line(page)
    assert len(shown) >= 5, shown
    game, reached = core(kind, position), []
    for move in shown:
        game.play(move)  # each move legal in turn, in the notation
        reached.append(game.position())
    if kind == "diamonds":  # turn by turn, a turn's pivots named (pivot>far end of the line)
        assert any(re.fullmatch(r"[a-i]\d( [a-i]\d(/[a-i]\d)?>[a-i]\d)+", move) for move in shown), shown
    page.get_by_test_id("analysis-line").locator("button").nth(4).click()
    page.wait_for_function("p => document.body.dataset.position === p", arg=reached[4])
    for i in (3, 2, 1, 0):
        page.get_by_test_id("analysis-back").click()
        page.wait_for_function("p => document.body.dataset.position === p", arg=reached[i])
    page.get_by_test_id("analysis-back").click()
    wait_done(page, position)  # back at the start, searched again
    page.get_by_test_id("analysis-forward").click()
    page.wait_for_function("p => document.body.dataset.position === p", arg=reached[0])
    assert not watch.errors, f"errors on the page: {watch.errors}"


def embedded(code: str, base_url: str) -> str:
    """The address of an ``<iframe>`` code."""
    found = re.search(r'<iframe src="([^"]+)"', code)
    assert found, code
    src = unescape(found[1])
    assert src.startswith(base_url), src
    return src


@pytest.mark.parametrize("kind", ["dvonn", "diamonds"])
def test_the_moves_played_are_copied_as_a_record_opened_as_a_game_and_embedded(page: Any, base_url: str,
                                                                              kind: str) -> None:
    position = core(kind, POSITIONS[kind]).position()
    watch = open_board(page, base_url, kind, position)
    wait_depth(page, 1, position)
    move, after = play_move_on_board(page, kind, position)
    page.wait_for_function("p => document.body.dataset.position === p", arg=after)
    record = page.get_by_test_id("analysis-record").input_value()
    read = Game.from_record(record) if kind == "dvonn" else DiamondsGame.from_record(record)
    assert read.position() == after and [str(m) for m in read.moves] == [move]
    page.get_by_test_id("copy-record").click()
    assert page.get_by_test_id("notice").inner_text() in ("Record copied.", "Copy the record from its field.")
    href = page.get_by_test_id("analysis-open-game").get_attribute("href")
    at_move = embedded(page.get_by_test_id("analysis-embed").input_value(), base_url)
    page.get_by_test_id("analysis-back").click()
    page.wait_for_function("p => document.body.dataset.position === p", arg=position)
    at_start = embedded(page.get_by_test_id("analysis-embed").input_value(), base_url)
    assert "moves=" in at_move
    found = violations(page)
    assert not found, summary(found)
    assert not watch.errors, f"errors on the page: {watch.errors}"
    # The embed opens at the move on screen: after the move, then (Back) before it.
    for src, shown in ((at_move, after), (at_start, position)):
        page.goto(src)
        page.wait_for_function("document.body.dataset.ready === 'true'")
        assert page.evaluate("document.body.dataset.position") == shown, src
    # "Open as a game": the game page, the moves played here in its history.
    page.goto(base_url + href)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    assert page.evaluate("document.body.dataset.position") == after
    assert [t.split(".", 1)[1].strip() for t in page.locator('[data-testid="history"] li').all_inner_texts()] == [move]


#: The heading of the best line in each language.
BEST_LINE = {"en": "Best line", "de": "Beste Variante", "fr": "Meilleure suite", "nl": "Beste variant"}
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("language", list(BEST_LINE))
@pytest.mark.parametrize("kind", ["dvonn", "diamonds"])
def test_both_games_in_every_language_on_a_phone_and_a_desktop(page: Any, base_url: str, kind: str,
                                                               language: str) -> None:
    position = core(kind, POSITIONS[kind]).position()
    page.set_viewport_size(SIZES["phone"])
    watch = Watch(page, base_url)
    watch.open(("" if language == "en" else language + "/") + PAGES[kind] + "#position=" + quote(position))
    assert page.evaluate("document.documentElement.lang") == language
    wait_depth(page, 1, position)
    assert is_legal(kind, position, line(page)[0])
    assert page.get_by_role("heading", name=BEST_LINE[language], exact=True).is_visible()
    for size, turned in (("phone", "true"), ("desktop", "false")):
        page.set_viewport_size(SIZES[size])
        page.wait_for_function("t => document.body.dataset.turned === t", arg=turned)  # upright on a phone
        problems = page.evaluate(OVERFLOW)
        assert not problems, f"{language} {size}: {problems}"
        found = violations(page)
        assert not found, f"{language} {size}: {summary(found)}"
    check_requests(base_url, watch.requests)
    assert not watch.errors, f"errors on the page: {watch.errors}"
