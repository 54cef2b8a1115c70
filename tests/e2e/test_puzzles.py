"""The puzzle pages (issue 41): puzzles.html (DVONN) and diamonds-puzzles.html, driven through their
test hooks: solving, a wrong move, the hint, the solution, the puzzle of the day, #id= links, the link to
the source game, and axe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dvonn_core import Game
from dvonn_core.diamonds import DiamondsGame
from kernel import puzzles as logic  # web/ is on the path (build.py)
from sitebuild.puzzles import compact

from .axe import summary, violations

ROOT = Path(__file__).resolve().parents[2]


def puzzles(game: str) -> list[dict[str, Any]]:
    return logic.parse(compact((ROOT / "puzzles" / f"{game}.tsv").read_text()))


def source_game(game: str, puzzle: dict[str, Any]) -> list[str]:
    """The moves of the whole game a puzzle comes from (puzzles/<game>-games.txt)."""
    index = puzzle["id"][1:].split(".")[0]
    for line in (ROOT / "puzzles" / f"{game}-games.txt").read_text().splitlines():
        words = line.split(" ")
        if words[0] == index:
            return words[2:] if game == "dvonn" else " ".join(words[1:]).split(",")
    raise LookupError(puzzle["id"])


def open_page(page: Any, url: str) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(60_000)
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", state="attached")
    return errors


def state(page: Any) -> str:
    return str(page.get_by_test_id("puzzle-status").get_attribute("data-state"))


def wait_state(page: Any, value: str) -> None:
    page.wait_for_function(
        "v => document.querySelector('[data-testid=puzzle-status]').getAttribute('data-state') === v", arg=value)


def cells_with(page: Any, cls: str) -> list[str]:
    return sorted(page.evaluate(
        "c => [...document.querySelectorAll('#board [data-cell].' + c)].map(e => e.dataset.cell)", cls))


def dvonn_click(page: Any, move: str) -> None:
    """A move by mouse clicks: the stack, then its target (a click plays at once)."""
    before = page.evaluate("document.body.dataset.position")
    page.locator(f'[data-cell="{move[:2]}"]').click()
    page.locator(f'[data-cell="{move[2:]}"]').click()
    page.wait_for_function("p => document.body.dataset.position !== p", arg=before)


def test_a_dvonn_puzzle_wrong_move_hint_and_solve(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    # A puzzle of three moves: the solver's, the defence's reply (by the page), the solver's again.
    puzzle = next(p for p in puzzles("dvonn") if len(p["solution"]) == 3 and p["solution"][1] != "PASS")
    errors = open_page(page, base_url + "puzzles.html#id=" + puzzle["id"])
    body = page.evaluate("({id: document.body.dataset.puzzleId, position: document.body.dataset.position})")
    assert body == {"id": puzzle["id"], "position": puzzle["position"]} and state(page) == "solve"
    rating = page.get_by_test_id("puzzle-rating").text_content()
    # A wrong move: the verdict, what it gives away marked on the board, and the position kept to try again.
    game = Game.from_position(puzzle["position"])
    wrong = next(str(m) for m in game.legal_moves() if str(m) != puzzle["solution"][0])
    dvonn_click(page, wrong)
    wait_state(page, "wrong")
    status = page.get_by_test_id("puzzle-status").text_content()
    assert status.startswith("Not the winning move" if int(puzzle["margin"]) > 0 else "Not the saving move")
    page.get_by_test_id("puzzle-retry").click()
    assert state(page) == "solve" and page.evaluate("document.body.dataset.position") == puzzle["position"]
    assert page.get_by_test_id("puzzle-rating").text_content() != rating  # a failed first try is rated
    # The hint marks the stack to move.
    page.get_by_test_id("puzzle-hint").click()
    assert puzzle["solution"][0][:2] in cells_with(page, "hint-from")
    # The solution by clicks, the reply played by the page.
    dvonn_click(page, puzzle["solution"][0])
    game.play(puzzle["solution"][0])
    game.play(puzzle["solution"][1])
    page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
    assert state(page) == "solve"
    dvonn_click(page, puzzle["solution"][2])
    wait_state(page, "solved")
    status = page.get_by_test_id("puzzle-status").text_content()
    assert status.startswith("Done. Only this move") and (
        ("played %s here" % puzzle["played"]) in status if puzzle["played"] else "In the game" not in status)
    # After it: the analysis board at the puzzle's position, and the source game at that move.
    assert page.get_by_test_id("puzzle-analyse").get_attribute("href") == (
        "./analysis.html#position=" + puzzle["position"])
    # The whole game, in review at the puzzle's move (not only the moves up to it).
    page.get_by_test_id("puzzle-game").click()
    page.wait_for_url("**/index.html*")
    page.wait_for_function("p => document.body.dataset.position === p", arg=puzzle["position"])
    assert page.get_by_test_id("game-info").text_content().count("Boardspace") >= 1
    whole = source_game("dvonn", puzzle)
    ply = int(puzzle["id"].split(".")[1])
    assert page.evaluate("[document.body.dataset.review, document.body.dataset.ply]") == ["true", str(ply)]
    assert page.locator('[data-testid="history"] li:not(.setup)').count() == len(whole) > ply
    assert not errors


def test_a_source_game_that_cannot_be_fetched_gets_a_notice(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """The source games are not precached (issue 45): offline before they were ever fetched, "See the game" says
    why it cannot open the game, and the puzzle stays on the page; with the connection back, the game opens."""
    puzzle = next(p for p in puzzles("dvonn") if len(p["solution"]) == 3)
    page.route("**/puzzles/dvonn-games.txt*", lambda route: route.abort("internetdisconnected"))
    errors = open_page(page, base_url + "puzzles.html#id=" + puzzle["id"])
    page.get_by_test_id("puzzle-solution").click()
    wait_state(page, "solved")
    solved = page.evaluate("document.body.dataset.position")
    page.get_by_test_id("puzzle-game").click()
    notice = page.get_by_test_id("puzzle-notice")
    notice.wait_for(state="visible")
    assert notice.text_content() == (
        "The game of this puzzle could not be loaded: the first time, it needs a connection.")
    assert page.url.endswith("puzzles.html#id=" + puzzle["id"]) and state(page) == "solved"
    assert page.evaluate("document.body.dataset.position") == solved
    page.unroute("**/puzzles/dvonn-games.txt*")
    page.get_by_test_id("puzzle-game").click()
    page.wait_for_url("**/index.html*")
    page.wait_for_function("p => document.body.dataset.position === p", arg=puzzle["position"])
    assert not errors


def test_the_solution_plays_every_move_and_counts_as_failed(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    puzzle = next(p for p in puzzles("dvonn") if len(p["solution"]) == 3)
    errors = open_page(page, base_url + "puzzles.html#id=" + puzzle["id"])
    page.get_by_test_id("puzzle-solution").click()
    wait_state(page, "solved")
    game = Game.from_position(puzzle["position"])
    for move in puzzle["solution"]:
        game.play(move)
    assert page.evaluate("document.body.dataset.position") == game.position()
    assert page.get_by_test_id("puzzle-streak").text_content().startswith("Streak: 0")
    rating = int(page.get_by_test_id("puzzle-rating").text_content())
    assert rating < 1500
    # The first attempts explained: by how much the rating moved, and why by so much.
    note = page.get_by_test_id("puzzle-rating-note").text_content()
    assert note.startswith("%+d: a puzzle rated %d was not solved" % (rating - 1500, puzzle["rating"])), note
    assert "provisional" in note
    assert not errors


def test_the_day_puzzle_is_the_same_on_every_visit_and_by_the_date(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    errors = open_page(page, base_url + "puzzles.html")
    first = page.evaluate("document.body.dataset.puzzleId")
    y, m, d = page.evaluate("(() => { const t = new Date(); "
                            "return [t.getFullYear(), t.getMonth() + 1, t.getDate()]; })()")
    assert first == logic.daily(puzzles("dvonn"), y, m, d)["id"]
    page.get_by_test_id("puzzle-next").click()
    assert page.evaluate("document.body.dataset.puzzleId") != first
    page.get_by_test_id("puzzle-daily").click()
    assert page.evaluate("document.body.dataset.puzzleId") == first
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached")
    assert page.evaluate("document.body.dataset.puzzleId") == first
    assert not errors


def theme_counts(game: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in puzzles(game):
        for theme in p["themes"]:
            counts[theme] = counts.get(theme, 0) + 1
    return counts


@pytest.mark.parametrize("game", ["dvonn", "diamonds"])
def test_the_theme_filter_offers_the_themes_that_have_puzzles_with_their_counts(page, base_url: str,  # type: ignore[no-untyped-def]
                                                                                game: str) -> None:
    errors = open_page(page, base_url + ("puzzles.html" if game == "dvonn" else "diamonds-puzzles.html"))
    offered = page.evaluate("[...document.querySelectorAll('[data-testid=puzzle-theme] option')]"
                            ".filter(o => o.value).map(o => [o.value, o.textContent])")
    counts = theme_counts(game)
    assert sorted(v for v, _ in offered) == sorted(counts)
    for value, text in offered:
        assert text.endswith("(%d)" % counts[value]), text
    assert not errors


def stream(page: Any, presses: int) -> list[str]:
    """The puzzles shown by pressing "Next puzzle" ``presses`` times, the one shown first included."""
    shown = [page.evaluate("document.body.dataset.puzzleId")]
    for _ in range(presses):
        page.get_by_test_id("puzzle-next").click()
        page.wait_for_function("p => document.body.dataset.puzzleId !== p", arg=shown[-1])
        shown.append(page.evaluate("document.body.dataset.puzzleId"))
    return shown


def test_next_puzzle_never_repeats_with_or_without_a_theme(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    by_id = {p["id"]: p for p in puzzles("dvonn")}
    errors = open_page(page, base_url + "puzzles.html")
    plain = stream(page, 30)
    assert len(set(plain)) == 31, plain
    # A theme with more puzzles than the presses: 30 more, none shown before, each of the theme.
    counts = theme_counts("dvonn")
    theme = min((t for t, n in counts.items() if n > 70), key=lambda t: counts[t])
    before = page.evaluate("document.body.dataset.puzzleId")
    page.get_by_test_id("puzzle-theme").select_option(theme)
    page.wait_for_function("p => document.body.dataset.puzzleId !== p", arg=before)
    themed = stream(page, 30)
    assert len(set(themed)) == 31 and not set(themed) & set(plain), themed
    assert all(theme in by_id[pid]["themes"] for pid in themed)
    # The history is kept: after a reload the stream goes on without the puzzles already shown.
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached")
    again = stream(page, 10)[1:]
    assert not set(again) & (set(plain) | set(themed)), again
    assert not errors


def test_a_diamonds_stream_never_repeats(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    errors = open_page(page, base_url + "diamonds-puzzles.html")
    shown = stream(page, min(30, len(puzzles("diamonds")) - 1))
    assert len(set(shown)) == len(shown)
    assert not errors


def test_a_bad_id_gets_a_notice_and_the_day_puzzle(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    errors = open_page(page, base_url + "puzzles.html#id=nonsense<b>")
    assert "no puzzle" in page.get_by_test_id("puzzle-notice").text_content()
    assert page.evaluate("document.body.dataset.puzzleId")
    assert not errors


def plain_drop(position: str, not_cell: str) -> str:
    """A drop that forms no diamond (a whole turn at one click), other than ``not_cell``."""
    game = DiamondsGame.from_position(position)
    for cell in game.drops():
        if cell != not_cell and [str(t) for t in game.turns_after(cell)] == [cell]:
            return cell
    raise LookupError(position)


def diamonds_click(page: Any, turn: str) -> None:
    words = turn.split()
    page.locator(f'[data-cell="{words[0]}"]').click()
    for word in words[1:]:
        pivot, far = word.split(">")
        page.locator(f'[data-cell="{pivot}"]').click()
        page.locator(f'[data-cell="{far}"]').click()
        page.locator(f'[data-cell="{far}"]').click()


def test_a_diamonds_puzzle_wrong_turn_and_solve(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    # A turn with a pivot where the set has one (the clicks of a pivot), else a drop.
    single = [p for p in puzzles("diamonds") if len(p["solution"]) == 1 and "/" not in p["solution"][0]]
    puzzle = next((p for p in single if len(p["solution"][0].split()) == 2), single[0])
    errors = open_page(page, base_url + "diamonds-puzzles.html#id=" + puzzle["id"])
    assert page.evaluate("document.body.dataset.position") == puzzle["position"]
    page.locator(f'[data-cell="{plain_drop(puzzle["position"], puzzle["solution"][0].split()[0])}"]').click()
    wait_state(page, "wrong")
    page.get_by_test_id("puzzle-retry").click()
    page.get_by_test_id("puzzle-hint").click()
    assert puzzle["solution"][0].split()[0] in cells_with(page, "hint")
    diamonds_click(page, puzzle["solution"][0])
    wait_state(page, "solved")
    assert "Only this turn gains at least two stones" in page.get_by_test_id("puzzle-status").text_content()
    game = DiamondsGame.from_position(puzzle["position"])
    game.play(puzzle["solution"][0])
    assert page.evaluate("document.body.dataset.position") == game.position()
    assert page.get_by_test_id("puzzle-analyse").get_attribute("href").startswith("./diamonds-analysis.html#position=")
    assert not errors


@pytest.mark.parametrize("path", ["puzzles.html", "diamonds-puzzles.html"])
def test_the_puzzle_pages_have_no_axe_violation(browser, base_url: str, path: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(bypass_csp=True)  # axe is injected as a script (axe.py)
    page = context.new_page()
    errors = open_page(page, base_url + path)
    found = violations(page)
    assert not found, f"{path}: {summary(found)}"
    page.get_by_test_id("puzzle-solution").click()
    wait_state(page, "solved")
    found = violations(page)
    assert not found, f"{path}, solved: {summary(found)}"
    context.close()
    assert not errors


def test_phone_screenshots_of_a_wrong_move_and_a_solved_puzzle(browser, base_url: str, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    puzzle = next(p for p in puzzles("dvonn") if len(p["solution"]) == 3 and p["solution"][1] != "PASS")
    errors = open_page(page, base_url + "puzzles.html#id=" + puzzle["id"])
    assert page.evaluate("document.body.dataset.turned") == "true"
    game = Game.from_position(puzzle["position"])
    wrong = next(str(m) for m in game.legal_moves() if str(m) != puzzle["solution"][0] and not game.removed_by(m))
    page.locator(f'[data-cell="{wrong[:2]}"]').tap()
    page.locator(f'[data-cell="{wrong[2:]}"]').tap()
    wait_state(page, "wrong")
    page.screenshot(path=str(artifacts / "puzzle-wrong-phone.png"))
    page.get_by_test_id("puzzle-solution").click()
    wait_state(page, "solved")
    page.screenshot(path=str(artifacts / "puzzle-solved-phone.png"))
    context.close()
    assert not errors
