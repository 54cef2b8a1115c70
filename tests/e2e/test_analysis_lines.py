"""The analysis board's lines and exact endgames in Debian chromium (issue 54): the best three moves by
default, one to five on request, each with its evaluation and line, legal and in order; a move played
on the board that is none of them is shown with its own evaluation; in a DVONN endgame the exact solver
reaches, every legal move is marked win / draw / loss with its margin, as a plain minimax finds them.

The tests never race the search: each bounds its depth first (``body.dataset.analysisDepth``) and
waits for the search to end."""

from __future__ import annotations

from typing import Any

import pytest

from positions import exact_margin, small_endgame

from .axe import summary, violations
from .test_analysis_board import POSITIONS, bound_depth, core, is_legal, open_board, wait_done


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "bypass_csp": True}  # axe's script, added by the test


def lines(page: Any) -> list[tuple[str, float]]:
    return [(li.get_attribute("data-move"), float(li.get_attribute("data-eval")))
            for li in page.get_by_test_id("analysis-lines").locator("li").all()]


def wait_lines(page: Any, position: str, count: int) -> None:
    wait_done(page, position)
    page.wait_for_function("n => document.querySelectorAll('[data-testid=analysis-lines] li').length === n",
                           arg=count, timeout=60_000)


def check_lines(kind: str, position: str, shown: list[tuple[str, float]]) -> None:
    moves = [m for m, _ in shown]
    assert len(set(moves)) == len(moves) and all(is_legal(kind, position, m) for m in moves), moves
    evals = [v for _, v in shown]  # White's view: the side to move's best first
    white = core(kind, position).to_move == "white"
    assert evals == sorted(evals, reverse=white), shown


@pytest.mark.parametrize("kind", ["dvonn", "diamonds"])
def test_three_lines_by_default_and_one_to_five_on_request(page: Any, base_url: str, kind: str) -> None:
    position = core(kind, POSITIONS[kind]).position()
    bound_depth(page, 2)
    watch = open_board(page, base_url, kind, position)
    assert page.get_by_test_id("analysis-multipv").input_value() == "3"
    wait_lines(page, position, 3)
    shown = lines(page)
    check_lines(kind, position, shown)
    # The first line is the best line shown below, and its evaluation the one shown above.
    assert shown[0][0] == page.evaluate("document.body.dataset.line").split(" ")[0]
    assert float(page.get_by_test_id("analysis-eval").inner_text()) == shown[0][1]
    for count in (5, 1):
        page.get_by_test_id("analysis-multipv").select_option(str(count))
        page.wait_for_function("n => document.querySelectorAll('[data-testid=analysis-lines] li').length !== n",
                               arg=len(shown), timeout=60_000)
        wait_lines(page, position, count)
        shown = lines(page)
        check_lines(kind, position, shown)
    # A move of a line shows the position it leads to.
    page.get_by_test_id("analysis-multipv").select_option("3")
    wait_lines(page, position, 3)
    second = lines(page)[1][0]
    page.get_by_test_id("analysis-lines").locator("li").nth(1).locator("button").first.click()
    game = core(kind, position)
    game.play(second)
    page.wait_for_function("p => document.body.dataset.position === p", arg=game.position())
    assert not watch.errors, f"errors on the page: {watch.errors}"


@pytest.mark.parametrize("kind", ["dvonn", "diamonds"])
def test_a_move_that_is_none_of_the_lines_is_shown_with_its_own_evaluation(page: Any, base_url: str,
                                                                           kind: str) -> None:
    position = core(kind, POSITIONS[kind]).position()
    bound_depth(page, 2)
    open_board(page, base_url, kind, position)
    wait_lines(page, position, 3)
    shown = {m for m, _ in lines(page)}
    assert page.get_by_test_id("analysis-played").is_hidden()
    game = core(kind, position)
    if kind == "dvonn":
        move = next(str(m) for m in game.legal_moves() if str(m) not in shown)
        page.locator(f'#board [data-cell="{move[:2]}"]').click()
        page.locator(f'#board [data-cell="{move[2:4]}"]').click()
    else:  # a drop that starts no pivot: one click plays the whole turn
        move = next(str(m) for m in game.legal_moves()
                    if " " not in str(m) and str(m) not in ("pass", "swap") and str(m) not in shown)
        page.locator(f'#board [data-cell="{move}"]').click()
    game.play(move)
    wait_done(page, game.position())
    played = page.get_by_test_id("analysis-played")
    assert played.is_visible() and played.get_attribute("data-move") == move
    assert float(played.get_attribute("data-eval")) == float(page.get_by_test_id("analysis-eval").inner_text())
    assert move in played.inner_text()
    # A move of the lines is not shown so.
    page.get_by_test_id("analysis-back").click()
    wait_lines(page, position, 3)
    best = lines(page)[0][0]
    page.get_by_test_id("analysis-lines").locator("li").first.locator("button").first.click()
    after = core(kind, position)
    after.play(best)
    wait_done(page, after.position())
    assert page.get_by_test_id("analysis-played").is_hidden()


@pytest.mark.parametrize("seed", [3, 5])
def test_an_exact_endgame_marks_every_legal_move_as_a_plain_minimax_does(page: Any, base_url: str,
                                                                         seed: int) -> None:
    game = small_endgame(seed, max_stacks=10)
    position = game.position()
    bound_depth(page, 2)
    open_board(page, base_url, "dvonn", position)
    wait_done(page, position)
    assert page.get_by_test_id("analysis-exact").is_visible()
    found = violations(page)
    assert not found, summary(found)
    marks = [(li.get_attribute("data-move"), li.get_attribute("data-outcome"), int(li.get_attribute("data-margin")))
             for li in page.get_by_test_id("analysis-move").all()]
    plain = {}
    for move in game.legal_moves():
        game.play(move)
        plain[str(move)] = -exact_margin(game)
        game.undo()
    assert {m: margin for m, _, margin in marks} == plain
    assert [margin for _, _, margin in marks] == sorted(plain.values(), reverse=True)
    for _move, outcome, margin in marks:
        assert outcome == ("win" if margin > 0 else "loss" if margin < 0 else "draw")
    # The evaluation is the best move's final margin, from White's view; the lines are the best three.
    best = marks[0][2] if game.to_move == "white" else -marks[0][2]
    assert float(page.get_by_test_id("analysis-eval").inner_text()) == best
    white = 1 if game.to_move == "white" else -1
    assert lines(page) == [(m, float(white * margin)) for m, _, margin in marks[:3]]
    # A middle game is not exact.
    page.goto(base_url + "analysis.html#position=" + POSITIONS["dvonn"])
    page.wait_for_function("p => document.body.dataset.position === p && +(document.body.dataset.depth || 0) >= 1",
                           arg=core("dvonn", POSITIONS["dvonn"]).position(), timeout=120_000)
    assert page.get_by_test_id("analysis-exact").count() == 0


def test_the_game_analysis_marks_every_move_where_the_solver_reaches(app: Any) -> None:
    moves = app.ANALYSIS_GAME
    app.wait_bot_ready()
    app.import_record(app.record_of(moves))
    app.page.get_by_test_id("analyse").click()
    app.page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=600_000)
    # The first position of nine stacks or fewer with a choice of moves, and a middle game.
    ply = next(i for i in range(len(moves)) if (lambda g: g.phase == "movement" and len(g.legal_moves()) > 1
               and sum(1 for s in g.stacks() if s) <= 9)(app.rules(app.after(moves, i))))
    game = app.rules(app.after(moves, ply))
    app.page.locator(f'[data-testid="history"] [data-ply="{ply}"]').click()
    app.page.wait_for_function(f"document.body.dataset.ply === '{ply}'")
    assert app.page.get_by_test_id("analysis-exact").is_visible()
    marks = {li.get_attribute("data-move"): (li.get_attribute("data-outcome"), int(li.get_attribute("data-margin")))
             for li in app.page.get_by_test_id("analysis-move").all()}
    plain = {}
    for move in game.legal_moves():
        game.play(move)
        margin = -exact_margin(game)
        game.undo()
        plain[str(move)] = ("win" if margin > 0 else "loss" if margin < 0 else "draw", margin)
    assert marks == plain
    found = violations(app.page)
    assert not found, summary(found)
    app.page.locator('[data-testid="history"] [data-ply="60"]').click()  # 38 stacks or so: beyond the solver
    app.page.wait_for_function("document.body.dataset.ply === '60'")
    assert app.rules(app.after(moves, 60)).phase == "movement"
    assert app.page.get_by_test_id("analysis-exact").count() == 0
