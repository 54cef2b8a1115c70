"""The committed puzzle sets (puzzles/*.tsv, issue 41): their format, the solver's check replayed on a sample,
the generator run again on a few source games, and the page's logic (web/kernel/puzzles.py)."""

import doctest
import sys
from pathlib import Path

import pytest

from dvonn_core.diamonds import DiamondsGame
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


def test_the_sets_are_well_formed():
    lo, hi = generator.RATING_RANGE
    for rows, themes, game in ((DVONN, DVONN_THEMES, Game), (DIAMONDS, DIAMONDS_THEMES, DiamondsGame)):
        assert rows
        ids = [r[0] for r in rows]
        assert len(set(ids)) == len(ids)
        for _pid, position, solution, margin, tags, rating, source in rows:
            g = game.from_position(position)
            g.play(page_logic.split_moves(solution)[0])
            assert (int(margin) >= 0 or game is DiamondsGame) and lo <= int(rating) <= hi and source
            assert {t for t in tags.split(",") if t} <= themes
        ratings = sorted(int(r[5]) for r in rows)
        # Spread over the range (the easiest and the hardest share their ends with their equals).
        assert ratings[0] < lo + 200 and ratings[-1] > hi - 200
        assert lo + 400 <= ratings[len(ratings) // 2] <= hi - 400


def test_no_dvonn_theme_is_on_more_than_60_percent_of_the_puzzles():
    """A theme that is on most puzzles tells nothing (the issue's bound; "exact" was on all of them)."""
    counts = {}
    for row in DVONN:
        for theme in row[4].split(","):
            if theme:
                counts[theme] = counts.get(theme, 0) + 1
    assert counts and max(counts.values()) <= 0.6 * len(DVONN), counts


# ---------------------------------------------------------------- an exact check that is not the generator's


def result_of(game, memo):
    """Won (1), drawn (0) or lost (-1) for the side to move, with the best play of both sides: a plain negamax
    over the library's public rules (legal_moves, play, undo, score), remembered by position string."""
    if game.phase == "over":
        w, b = game.score()
        mine, theirs = (w, b) if game.to_move == "white" else (b, w)
        return (mine > theirs) - (mine < theirs)
    key = game.position()
    if key in memo:
        return memo[key]
    best = -1
    for move in game.legal_moves():
        game.play(move)
        v = -result_of(game, memo)  # a pass is a move of its own: the side to move always changes
        game.undo()
        if v > best:
            best = v
            if best == 1:
                break
    memo[key] = best
    return best


def move_results(game, memo):
    """The result each legal move reaches for the side to move."""
    out = {}
    for move in game.legal_moves():
        game.play(move)
        if game.phase == "over":
            w, b = game.score()
            mine, theirs = (b, w) if game.to_move == "white" else (w, b)
            out[str(move)] = (mine > theirs) - (mine < theirs)
        else:
            out[str(move)] = -result_of(game, memo)
        game.undo()
    return out


SMALL = [r for r in DVONN if bin(Game.from_position(r[1]).occupied).count("1") <= 14]


@pytest.mark.parametrize("row", SMALL[:: max(1, len(SMALL) // 10)][:10], ids=lambda r: r[0])
def test_a_dvonn_solution_decides_the_result(row):
    """Each move of the solver's side is the only one that reaches its result (win over draw over loss), by a
    minimax that is not the generator's; the defence's replies are legal and its most resilient."""
    _, position, solution, margin, _, _, _ = row
    game = Game.from_position(position)
    memo = {}
    moves = solution.split()
    first = None
    for k, text in enumerate(moves):
        if k % 2 == 0:
            results = move_results(game, memo)
            mine = results.pop(str(Move.parse(text)))
            assert mine >= 0 and all(r < mine for r in results.values()), (text, mine, results)
            first = mine if first is None else first
            assert mine == first
        else:
            # The defence's reply keeps its loss (it cannot do better than lose by the result).
            assert -result_of(game, memo) == first or game.legal_moves()[0].is_pass
        game.play(text)
    assert (int(margin) > 0) == (first == 1)


def test_the_generator_finds_the_same_dvonn_puzzles_again():
    """The committed puzzles of a few source games, and a game that gave none, found again (all but the rating,
    which is the puzzle's rank in the whole set)."""
    by_game = {}
    for row in DVONN:
        by_game.setdefault(int(row[0][1:].split(".")[0]), []).append(row)
    games = generator.read_games()
    cached = generator._load_cache(str(ROOT / "puzzles" / "cache" / "dvonn.jsonl"), generator.VERSION)
    # The first games searched up to the default stacks (a game searched further takes minutes), with puzzles and
    # without.
    plain = [k for k in range(len(games)) if str(k) in cached
             and cached[str(k)].get("max_stacks") == generator.EXACT_STACKS]
    chosen = [k for k in plain if k in by_game][:2] + [k for k in plain if k not in by_game][:1]
    assert len(chosen) == 3
    for index in chosen:
        name, moves = games[index]
        lines = []
        for p in generator.select_dvonn(generator.dvonn_game(moves)):
            q = generator.dvonn_finish(p)
            q["rating"] = 0
            source = "%s:%d" % (name, p["ply"]) + (" played %s" % p["played"] if p["played"] else "")
            lines.append(generator.tsv_line("d%d.%d" % (index, p["ply"]), q, source).split("\t"))
        expected = [r[:5] + r[6:] for r in by_game.get(index, [])]
        assert [r[:5] + r[6:] for r in lines] == expected, index


@pytest.mark.parametrize("row", DIAMONDS[:: max(1, len(DIAMONDS) // 4)][:4], ids=lambda r: r[0])
def test_a_diamonds_puzzle_is_found_again_by_the_check(row):
    _, position, solution, margin, _, _, _ = row
    found = generator.diamonds_check(DiamondsGame.from_position(position))
    assert found is not None and found["solution"] == solution and str(found["margin"]) == margin


def test_the_source_games_lead_to_the_puzzles_positions():
    games = {}
    for line in (ROOT / "puzzles" / "dvonn-games.txt").read_text().splitlines():
        if not line.startswith("#"):
            index, _, *moves = line.split()
            games[index] = moves
    for pid, position, *_ in DVONN[::50]:
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
    for pid, position, *_ in DIAMONDS[::10]:
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
