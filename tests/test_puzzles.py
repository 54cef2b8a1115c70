"""The committed puzzle sets (puzzles/*.tsv, issue 41): their format, the solver's check replayed on a sample,
the generator run again on a few source games, and the page's logic (web/kernel/puzzles.py)."""

import doctest
import sys
from pathlib import Path

import pytest

from dvonn_core.diamonds import DiamondsGame
from dvonn_core.dvonn.endgame import Solver
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.moves import Move

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from kernel import puzzles as page_logic  # noqa: E402
from tools import puzzles as generator  # noqa: E402

DVONN_THEMES = set(generator.DVONN_THEMES)
DIAMONDS_THEMES = set(generator.DIAMONDS_THEMES)


def read(name):
    out = []
    for line in (ROOT / "puzzles" / name).read_text().splitlines():
        if line.startswith("#") or not line:
            continue
        fields = line.split("\t")
        assert len(fields) == 7, line
        out.append(fields)
    return out


DVONN = read("dvonn.tsv")
DIAMONDS = read("diamonds.tsv")


def test_the_sets_are_as_big_as_the_issue_asks_and_well_formed():
    assert len(DVONN) >= 2000 and len(DIAMONDS) >= 300
    for rows, themes, game in ((DVONN, DVONN_THEMES, Game), (DIAMONDS, DIAMONDS_THEMES, DiamondsGame)):
        ids = [r[0] for r in rows]
        assert len(set(ids)) == len(ids)
        for _pid, position, _solution, margin, tags, rating, source in rows:
            game.from_position(position)
            assert float(margin) > 0 and 600 <= int(rating) <= 2500 and source
            assert {t for t in tags.split(",") if t} <= themes


def exact_values(game):
    """(exact final margin, move code) of every legal move, best first: a fresh solver, no budget."""
    out = []
    for code in game.legal_codes():
        game.push(code)
        if game.phase == "over":
            w, b = game.score()
            v = (w - b) if game.turn == 1 else (b - w)
        else:
            v = -Solver(game).margin()
        game.pop()
        out.append((v, code))
    out.sort(key=lambda vc: -vc[0])
    return out


@pytest.mark.parametrize("row", DVONN[:: max(1, len(DVONN) // 12)][:12], ids=lambda r: r[0])
def test_a_dvonn_puzzle_s_margin_is_exact(row):
    """The first move is the best by exactly the file's margin; every later move of the solver's side is the
    best by the generator's margin at least; the defence's replies are legal."""
    _, position, solution, margin, themes, _, _ = row
    game = Game.from_position(position)
    moves = solution.split()
    values = exact_values(game)
    assert values[0][1] == Move.parse(moves[0]).code
    assert values[0][0] - values[1][0] == int(margin) >= generator.MARGIN
    assert "exact" in themes.split(",")
    for k, text in enumerate(moves):
        if k and k % 2 == 0:
            later = exact_values(game)
            assert later[0][1] == Move.parse(text).code
            assert later[0][0] - later[1][0] >= generator.MARGIN
        game.play(text)


@pytest.mark.parametrize("row", DIAMONDS[:: max(1, len(DIAMONDS) // 6)][:6], ids=lambda r: r[0])
def test_a_diamonds_puzzle_is_found_again_by_the_check(row):
    _, position, solution, margin, _, _, _ = row
    found = generator.diamonds_check(DiamondsGame.from_position(position))
    assert found is not None
    assert found["solution"] == solution
    assert generator.diamonds_margin_text(found["margin"]) == margin


def committed(rows, prefix):
    by_game = {}
    for row in rows:
        key = row[0][1:].split(".")[0]
        by_game.setdefault(int(key), []).append(row)
    return by_game


def test_the_generator_finds_the_same_dvonn_puzzles_again():
    by_game = committed(DVONN, "d")
    games = generator.read_games()
    keys = sorted(by_game)
    # A few games with puzzles, and one before the first of them that gave none.
    chosen = keys[:2] + keys[len(keys) // 2: len(keys) // 2 + 1] + [k for k in range(keys[0]) if k not in by_game][:1]
    for index in chosen:
        name, moves = games[index]
        lines = [generator.tsv_line("d%d.%d" % (index, p["ply"]), generator.dvonn_finish(p),
                                    "%s:%d" % (name, p["ply"])).split("\t") for p in generator.dvonn_game(moves)]
        assert lines == by_game.get(index, []), index


def test_the_generator_finds_the_same_diamonds_puzzles_again():
    by_seed = committed(DIAMONDS, "p")
    seed = sorted(by_seed)[0]
    game = generator.diamonds_game(seed)
    lines = [generator.tsv_line("p%d.%d" % (seed, p["ply"]), generator.diamonds_finish(p),
                                "seed %d:%d" % (seed, p["ply"])).split("\t") for p in game["puzzles"]]
    assert lines == by_seed[seed]


def test_the_source_games_lead_to_the_puzzles_positions():
    games = {}
    for line in (ROOT / "puzzles" / "dvonn-games.txt").read_text().splitlines():
        if not line.startswith("#"):
            index, _, *moves = line.split()
            games[index] = moves
    for pid, position, *_ in DVONN[::200]:
        index, ply = pid[1:].split(".")
        game = Game()
        for move in games[index][: int(ply)]:
            game.play(move)
        assert game.position() == position
    seeds = {}
    for line in (ROOT / "puzzles" / "diamonds-games.txt").read_text().splitlines():
        if not line.startswith("#"):
            seed, turns = line.split(" ", 1)
            seeds[seed] = turns.split(",")
    for pid, position, *_ in DIAMONDS[::50]:
        seed, ply = pid[1:].split(".")
        game = DiamondsGame()
        for turn in seeds[seed][: int(ply)]:
            game.play(turn)
        assert game.position() == position


def test_page_logic_examples():
    assert doctest.testmod(page_logic).failed == 0


def test_the_puzzle_of_the_day_is_fixed_by_the_date_and_walks_the_set():
    ps = page_logic.parse("".join("x%d\tP\tE3G3\t4\t\t%d\n" % (i, 1000 + i) for i in range(50)))
    assert page_logic.daily(ps, 2026, 11, 28) is page_logic.daily(ps, 2026, 11, 28)
    days = {page_logic.daily(ps, 2026, 1, 1 + d)["id"] for d in range(31)}
    assert len(days) == 31  # no repeat within a month


def test_the_rating_moves_with_the_result_and_the_stream_follows_it():
    ps = page_logic.parse("".join("x%d\tP\tE3G3\t4\tcut-off\t%d\n" % (i, 800 + 100 * i) for i in range(15)))
    state = dict(page_logic.START)
    up = page_logic.record_attempt(state, ps[7], True)
    down = page_logic.record_attempt(state, ps[7], False)
    assert up["rating"] > 1500 > down["rating"] and up["streak"] == 1 and down["streak"] == 0
    assert up["rd"] < 350
    assert page_logic.pick(ps, up, "cut-off")["rating"] >= page_logic.pick(ps, down, "cut-off")["rating"]
    assert page_logic.pick(ps, state, "sharpshooting") is None
    assert page_logic.pick(ps, state, "", "harder")["rating"] == 1800
    saved, damaged = page_logic.load_state(page_logic.dump_state(up))
    assert not damaged and round(saved["rating"]) == round(up["rating"]) and saved["seen"] == ["x7"]
    assert page_logic.load_state('{"rating": "nan"}') == (page_logic.START, True)
    assert page_logic.load_state("not json")[1]
    for damaged_text in ('{"rating": 1500, "rd": 300, "vol": 0.06, "streak": 1e400}', "[" * 100000,
                         '{"rating": 1500, "rd": 300, "vol": 0.06, "best": -1e400, "seen": 5}'):
        assert page_logic.load_state(damaged_text) == (page_logic.START, True)  # the page starts all the same
