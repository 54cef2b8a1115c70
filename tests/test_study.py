"""The study tools' search (issue 54): several lines, each exact at its depth; with one line, the hard
bot's own search; the exact solver's verdict on every legal move against a plain minimax; the post-game
analysis, the hint and the analysis board on one search."""

from __future__ import annotations

import sys
from itertools import pairwise
from pathlib import Path

import pytest

from dvonn_core import Game
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds import bot as dbot
from dvonn_core.diamonds.rules import diamonds_of
from dvonn_core.diamonds.study import TEMPO as DIAMONDS_TEMPO
from dvonn_core.diamonds.study import StudySearch as DiamondsStudy
from dvonn_core.dvonn import bot
from dvonn_core.dvonn.study import TEMPO, StudySearch, exact_moves, solvable
from positions import exact_margin, small_endgame

DATA = Path(__file__).parent / "data" / "analysis-positions.txt"


def positions(kind: str) -> list[str]:
    """The committed positions of the analysis board's figures and tests (``kind``: dvonn or diamonds)."""
    return [line.split()[1] for line in DATA.read_text().splitlines() if line.startswith(kind + " ")]


def test_the_committed_positions_are_twenty_middle_games_of_each_game() -> None:
    dvonn, diamonds = positions("dvonn"), positions("diamonds")
    assert len(dvonn) == len(diamonds) == 20
    for text in dvonn:
        game = Game.from_position(text)
        assert game.phase == "movement" and sum(1 for s in game.stacks() if s) > 25
    for text in diamonds:
        assert DiamondsGame.from_position(text).phase == "play"


@pytest.mark.parametrize("text", positions("dvonn")[:6])
def test_one_line_is_the_hard_bots_search(text: str) -> None:
    game = Game.from_position(text)
    info: dict = {}
    code = bot.choose_code(game, "hard", 1, 1e9, info, solve=False, hook=lambda s: s.nodes >= 3000)
    search = StudySearch(game, 1, hook=lambda s: s.nodes >= 3000)
    search.tempo = 0  # (the study search's own correction of the evaluation: see the swing's tests)
    search.deepen()
    # (the move: one that beat the best in the depth under way when the budget ran out, as the bot plays)
    assert (search.partial or search.best, search.best_score, search.completed) == (code, info["score"], info["depth"])


def plain_two_plies(game: Game) -> dict[int, int]:
    """Every move's score at depth 2 by a plain minimax over the bot's evaluation (no pruning), the side
    to move at each leaf given the study search's tempo."""
    out = {}
    for code in game.legal_codes():
        game.push(code)
        replies = game.legal_codes()
        if not replies:
            out[code] = -bot.final_score(game)
        else:
            worst = None
            for reply in replies:
                game.push(reply)
                v, final = bot._evaluate(game)  # for the mover of ``code``, to move again
                v += 0 if final else TEMPO
                game.pop()
                worst = v if worst is None or v < worst else worst
            out[code] = worst
        game.pop()
    return out


@pytest.mark.parametrize("text", positions("dvonn")[:4])
@pytest.mark.parametrize("lines", [1, 3, 5])
def test_each_line_is_exact_at_its_depth(text: str, lines: int) -> None:
    game = Game.from_position(text)
    search = StudySearch(game, lines)
    search.futility = 0  # pruning near the leaves makes scores depend on the window: off, to compare
    shown = search.deepen(2)[:lines]
    plain = plain_two_plies(game.copy())
    best = sorted(plain.values(), reverse=True)[:lines]
    assert [v for v, _ in shown] == best
    assert all(plain[code] == v for v, code in shown)
    assert len({code for _, code in shown}) == lines


def diamonds_children(game: DiamondsGame) -> tuple[list, bool, int, int]:
    black, white = game.bits
    white_to_move = game.to_move == "white"
    mine, opp = (white, black) if white_to_move else (black, white)
    kids = dbot.Search().children(mine, opp, dbot.ROOT_BOARDS, bool(diamonds_of(mine)))
    return kids, white_to_move, mine, opp


@pytest.mark.parametrize("text", positions("diamonds")[:4])
@pytest.mark.parametrize("lines", [1, 3])
def test_each_diamonds_line_is_exact_at_its_depth(text: str, lines: int) -> None:
    game = DiamondsGame.from_position(text)
    search = DiamondsStudy(game, lines, hook=lambda s: s.completed >= 2)
    shown = search.deepen()
    assert search.completed == 2 and len(shown) == lines
    kids, white, _mine, _opp = diamonds_children(game)
    plain = []
    reference = dbot.Search()  # a plain alpha-beta with the full window, the study search's tempo
    reference.tempo = DIAMONDS_TEMPO
    for _, cell, nm, no, chain in kids:
        v = -reference.negamax(no, nm, not white, 1, -dbot.WIN * 2, dbot.WIN * 2, 0)
        plain.append((v, str(game.chain_move(cell, chain))))
    best = sorted((v for v, _ in plain), reverse=True)[:lines]
    assert [v for v, _ in shown] == best
    scores = {move: v for v, move in plain}
    assert all(scores[str(turns[0])] == v for v, turns in shown)


@pytest.mark.parametrize("text", positions("diamonds")[:4])
def test_one_diamonds_line_is_the_hard_bots_search(text: str) -> None:
    game = DiamondsGame.from_position(text)
    info: dict = {}
    turn = dbot.choose_move(game, "hard", 1, 1e9, info, hook=lambda s: s.completed >= 2)
    search = DiamondsStudy(game, 1, hook=lambda s: s.completed >= 2)
    search.tempo = 0  # (the study search's own correction of the evaluation: see the swing's tests)
    (score, turns), = search.deepen()
    assert (str(turns[0]), score) == (str(turn), info["score"])


@pytest.mark.parametrize("seed", range(8))
def test_every_exact_mark_is_a_plain_minimax_of_the_rules(seed: int) -> None:
    game = small_endgame(seed, max_stacks=9)
    assert solvable(game)
    marks = exact_moves(game)
    plain = {}
    for move in game.legal_moves():
        game.play(move)
        plain[move.code] = -exact_margin(game)
        game.undo()
    assert dict(marks) == plain and len(marks) == len(plain)
    assert [m for _, m in marks] == sorted(plain.values(), reverse=True)  # the best first


def test_exact_marks_stop_at_their_node_budget() -> None:
    from dvonn_core.dvonn.endgame import OutOfTime

    game = Game.from_position(positions("dvonn")[0])  # 32 stacks: far beyond a small budget
    with pytest.raises(OutOfTime):
        exact_moves(game, 5000)


def worker():
    web = str(Path(__file__).resolve().parent.parent / "web")
    if web not in sys.path:
        sys.path.insert(0, web)
    from kernel import bot_worker

    return bot_worker


@pytest.mark.parametrize("kind,text", [("dvonn", positions("dvonn")[1]), ("diamonds", positions("diamonds")[1])])
def test_the_game_analysis_the_hint_and_the_board_share_one_search(kind: str, text: str) -> None:
    w = worker()
    answer = w.score(kind, text, 2000)
    assert answer == w.study(kind, text, 2000, 0)
    _move, score, depth, _nodes = answer.rsplit(" ", 3)
    # The analysis board's search with one line, stopped at the depth that budget reached, answers the same.
    board = w._dvonn_study(text, "t", "", 1, int(depth)) if kind == "dvonn" else w._diamonds_study(
        text, "t", "", 1, int(depth))
    assert board.rsplit(" ", 3)[1:3] == [score, depth]


def depth_scores(kind: str, text: str, deepest: int, tempo: int | None = None) -> list[int]:
    """The study search's best score (one line) at each depth from 1 to ``deepest`` on ``text``
    (``tempo``: instead of the search's own)."""
    seen: dict[int, int] = {}

    def note(s: object) -> bool:
        seen[s.completed] = s.best_score  # type: ignore[attr-defined]
        return s.completed >= deepest  # type: ignore[attr-defined,no-any-return]

    search: object = (StudySearch(Game.from_position(text), 1, hook=note) if kind == "dvonn" else
                      DiamondsStudy(DiamondsGame.from_position(text), 1, hook=note))
    if tempo is not None:
        search.tempo = tempo  # type: ignore[attr-defined]
    search.deepen(deepest)  # type: ignore[attr-defined]
    seen[search.completed] = search.best_score  # type: ignore[attr-defined]
    return [seen[d] for d in range(1, deepest + 1)]


def swing(kind: str, first: int, deepest: int, tempo: int | None = None) -> tuple[int, int, int, int]:
    """On the 20 committed positions of ``kind``: the largest and the median change of the score between
    successive depths from ``first`` to ``deepest`` (a won or lost game left out), the pairs of successive
    changes of opposite directions, and the positions whose score changes sign back and forth (+ - + or
    - + -)."""
    largest = opposite = flips = 0
    changes: list[int] = []
    for text in positions(kind):
        scores = [v for v in depth_scores(kind, text, deepest, tempo)[first - 1:] if abs(v) < bot.WIN // 2]
        steps = [b - a for a, b in pairwise(scores)]
        largest = max([largest] + [abs(x) for x in steps])
        changes += [abs(x) for x in steps]
        opposite += sum(1 for a, b in pairwise(steps) if a * b < 0)
        signs = [v > 0 for v in scores if v]
        flips += any(signs[i] != signs[i + 1] != signs[i + 2] for i in range(len(signs) - 2))
    changes.sort()
    return largest, changes[len(changes) // 2], opposite, flips


def test_the_dvonn_evaluation_is_steady_from_depth_to_depth() -> None:
    # Depths 3 to 6 on the 20 middle games (60 changes, 40 pairs of them): the bot's evaluation (tempo 0)
    # swings with the parity of the depth: largest change 876, median 279, 33 pairs in opposite directions,
    # one position's score changing sign back and forth; the study search's, with TEMPO: 498, 70, 25, none.
    largest, median, opposite, flips = swing("dvonn", 3, 6)
    assert largest <= 500 and median <= 100 and opposite <= 25 and flips == 0, (largest, median, opposite, flips)


def test_the_diamonds_evaluation_is_steady_from_depth_to_depth() -> None:
    # Depths 1 to 3 on the 20 positions (a depth costs about ten times the one before: depth 5 would take
    # minutes): the bot's evaluation (tempo 0) swings with the parity of the depth: largest change 290,
    # median 190, 20 of 20 pairs of successive changes in opposite directions; with TEMPO: 100, 20 and 5.
    largest, median, opposite, flips = swing("diamonds", 1, 3)
    assert largest <= 100 and median <= 40 and opposite <= 5 and flips == 0, (largest, median, opposite, flips)


def test_a_finished_game_is_refused_with_the_reason() -> None:
    from dvonn_core.dvonn.setup import random_game

    over = random_game(3)
    with pytest.raises(ValueError, match="the game is over"):
        StudySearch(over).deepen()
    ended = DiamondsGame.from_position(positions("diamonds")[0])
    ended.play("pass")
    ended.play("pass")
    assert ended.phase == "over"
    with pytest.raises(ValueError, match="the game is over"):
        DiamondsStudy(ended).deepen()
