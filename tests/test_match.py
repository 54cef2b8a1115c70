"""The match harness (benchmarks/bot/match.py): its statistics, its starts and one tiny real match."""

import json
import math
import shutil
import sys
from pathlib import Path

import pytest

from benchmarks.bot import external, match
from dvonn_core.common.portable import popcount
from dvonn_core.dvonn import bot
from dvonn_core.dvonn.board import CELLS
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.setup import random_setup

ROOT = Path(__file__).resolve().parents[1]

# ---------------------------------------------------------------------- statistics


def test_elo_of_known_scores():
    assert match.elo(0.5) == 0.0
    assert match.elo(0.75) == pytest.approx(190.85, abs=0.01)  # 400 log10(3)
    assert match.elo(0.25) == pytest.approx(-190.85, abs=0.01)
    assert match.elo(0.9) == pytest.approx(381.70, abs=0.01)  # 400 log10(9)
    assert match.elo(1.0) == math.inf and match.elo(0.0) == -math.inf
    assert match.expected_score(match.elo(0.64)) == pytest.approx(0.64)


def test_pentanomial_interval_by_hand():
    # Four pairs scoring 2, 1, 1, 0 points: per-game pair scores 1, 1/2, 1/2, 0.
    assert match.pentanomial([2, 1, 1, 0]) == [1, 0, 2, 0, 1]
    # mean 1/2, variance 1/8, standard error sqrt(1/8 / 4) = 0.17678;
    # 0.5 - 1.96 x 0.17678 = 0.15352 -> -400 log10(1/0.15352 - 1) = -296.58 Elo.
    e, lo, hi = match.elo_interval([1, 0, 2, 0, 1])
    assert e == 0.0
    assert lo == pytest.approx(-296.58, abs=0.01) and hi == pytest.approx(296.58, abs=0.01)


def test_trinomial_interval_by_hand():
    # 3 losses, 2 draws, 5 wins: score 0.6, variance 0.6 - 0.36 + ... = 0.19, se = sqrt(0.19 / 10) = 0.13784.
    e, lo, hi = match.elo_interval([3, 2, 5], (0.0, 0.5, 1.0))
    assert e == pytest.approx(70.44, abs=0.01)
    assert lo == pytest.approx(match.elo(0.6 - 1.959964 * math.sqrt(0.19 / 10)), abs=0.01)
    assert hi == pytest.approx(330.48, abs=0.01)


def test_sprt_bounds_and_llr_by_hand():
    lower, upper = match.sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(-2.944, abs=0.001) and upper == pytest.approx(2.944, abs=0.001)
    # Pairs 0/0.5/1/1.5/2 points: 1, 2, 3, 4, 5 of them (15 pairs).  Per-game scores 0, .25, .5, .75, 1:
    # mean 10/15 = 0.66667, E[x^2] = 8.125/15 = 0.54167, variance 0.09722.
    # elo0 = 0 -> s0 = 0.5; elo1 = 50 -> s1 = 1 / (1 + 10^-0.125) = 0.57146.
    # LLR = 15 x 0.07146 x (1.33333 - 1.07146) / (2 x 0.09722) = 1.4437.
    assert match.llr([1, 2, 3, 4, 5], 0, 50) == pytest.approx(1.4437, abs=0.0005)
    # A result exactly half-way between the hypotheses carries no evidence either way.
    assert match.llr([5, 10, 20, 10, 5], -10, 10) == pytest.approx(0.0, abs=1e-9)
    # An even result against elo0 = 0, elo1 = 10: N (s1 - s0)(1 - s0 - s1) / (2 var) = -40 x 0.014387^2 / 0.25.
    assert match.llr([10, 0, 20, 0, 10], 0, 10) == pytest.approx(-0.0331, abs=0.0005)
    # Many clean pair wins cross the upper bound, many losses the lower one.
    assert match.llr([0, 1, 5, 20, 20], 0, 30) > upper
    assert match.llr([20, 20, 5, 1, 0], 0, 30) < lower
    assert match.llr([0, 0, 0, 0, 0], 0, 30) == 0.0


# ---------------------------------------------------------------------- players and starts


def test_player_specs():
    p = match.parse_player("HEAD~3:hard:1.0")
    assert (p.rev, p.level, p.seconds) == ("HEAD~3", "hard", 1.0)
    p = match.parse_player("WORKTREE")
    assert (p.rev, p.level, p.seconds) == ("WORKTREE", "hard", None)
    p = match.parse_player("/tmp/old:easy")
    assert (p.rev, p.level, p.seconds) == ("/tmp/old", "easy", None)
    p = match.parse_player("main:hard:d4")
    assert (p.rev, p.level, p.seconds, p.depth) == ("main", "hard", None, 4)
    assert match.parse_player("HEAD~3:hard:1.0").depth is None
    bad_depths = ("WORKTREE:hard:d0", "WORKTREE:hard:d65", "WORKTREE:hard:d")
    for bad in ("WORKTREE:hard:0", "WORKTREE:hard:x", ":easy") + bad_depths:
        with pytest.raises(ValueError):
            match.parse_player(bad)
    with pytest.raises(ValueError, match="neither"):
        match.resolve(match.parse_player("no-such-revision-xyz:easy"))


def test_player_names_and_robots():
    assert match.players_of("DV-Alcalina-Dumbot-2015-07-29-1938.resign.sgf") == ("Alcalina", "Dumbot")
    assert match.players_of("DV-guest1488-guest-2009-02-06-0635.sgf") == ("guest1488", "guest")
    assert match.players_of("not-a-boardspace-name.sgf") is None
    assert not match.is_human_game("DV-149-SmartBot-2009-02-06-0635.sgf")
    assert not match.is_human_game("DV-BestBot-ezeregy-2010-01-01-1200.sgf")
    assert not match.is_human_game("DV-weakbot-x-2010-01-01-1200.sgf")
    assert match.is_human_game("DV-ezeregy-PhiUlbrich-2010-01-01-1200.sgf")


def test_human_starts_are_human_games_after_placement_chosen_by_the_seed():
    games = match.human_games()
    assert len(games) > 300  # 386 of the 9,575 games: humans on both sides, all 49 placements listed
    assert all(match.is_human_game(name) for name, _ in games)
    starts = match.human_starts(5, seed=1)
    assert starts == match.human_starts(5, seed=1)
    assert starts != match.human_starts(5, seed=2)
    assert len({sid for sid, _ in starts}) == 5
    for sid, position in starts:
        assert sid.startswith("human:DV-") and "bot" not in sid.lower()
        game = Game.from_position(position)
        assert game.phase == "movement" and game.to_move == "white"
        assert sum(len(game.stack(c)) for c in CELLS) == 49
    # Late starts: human games played on to their first position of at most 26 stacks with a choice.
    late = match.human_starts(5, seed=1, stacks=match.LATE_STACKS)
    assert late == match.human_starts(5, seed=1, stacks=match.LATE_STACKS) and len({sid for sid, _ in late}) == 5
    records = dict(games)
    for sid, position in late:
        assert sid.startswith("late:DV-")
        game = Game.from_position(position)
        assert game.phase == "movement" and popcount(game.occupied) <= 26 and len(game.legal_codes()) >= 2
        replay = Game()
        moves = iter(records[sid[5:]])
        while replay.position() != position:
            assert replay.placed < 49 or popcount(replay.occupied) > 26 or len(replay.legal_codes()) < 2
            replay.play(next(moves))


def test_starts_mix_the_kinds_and_are_reproducible():
    counts = match.parse_starts("human=2,random=3,empty=1")
    starts = match.make_starts(counts, seed=5)
    assert [sid.split(":")[0] for sid, _ in starts] == ["human", "random", "empty", "human", "random", "random"]
    assert starts == match.make_starts(counts, seed=5)
    assert [s for s in starts if s[0].startswith("random")] == match.make_starts(match.parse_starts("random=3"), seed=5)
    with pytest.raises(ValueError):
        match.parse_starts("humans=2")
    tasks = match.tasks_for(starts[:2], "r")
    assert [(t["pair"], t["white"]) for t in tasks] == [(0, "a"), (0, "b"), (1, "a"), (1, "b")]


# ---------------------------------------------------------------------- real matches


def test_a_tiny_real_match_through_the_bot_processes(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    out = tmp_path / "games.jsonl"
    argv = [
        "WORKTREE:easy:0.02", "WORKTREE:easy:0.02",
        "--starts", "random=1", "--seed", "4", "--out", str(out), "--quiet",
    ]
    assert match.main(argv) == 0
    table = capsys.readouterr().out
    assert "games 2" in table and "Elo" in table and "all games played" in table
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["white"] for r in records) == ["a", "b"]
    assert records[0]["start"] == records[1]["start"]
    for r in records:
        assert r["error"] is None
        game = Game.from_position(r["position"])
        for m in r["moves"]:
            game.play(m)
        assert game.phase == "over" and list(game.score()) == r["score"]
        w, b = r["score"]
        assert r["margin"] == ((w - b) if r["white"] == "a" else (b - w))
        assert r["think"]["a"][2] + r["think"]["b"][2] == len(r["moves"])
    assert match.main(["--summary", str(out)]) == 0
    assert "games 2" in capsys.readouterr().out


def test_fixed_depth_players_play_the_moves_of_that_search(tmp_path, capsys, monkeypatch):
    # Each move of a depth-2 player is the one its version's bot chooses at depth 2 in that position.
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    out = tmp_path / "games.jsonl"
    argv = ["WORKTREE:medium:d2", "WORKTREE:hard:d1", "--starts", "random=1", "--seed", "5"]
    argv += ["--out", str(out), "--quiet"]
    assert match.main(argv) == 0
    assert "budget none: depth 2" in capsys.readouterr().out
    records = [json.loads(line) for line in out.read_text().splitlines()]
    for r in records:
        assert r["error"] is None and r["a"]["depth"] == 2 and r["b"]["depth"] == 1
        game = Game.from_position(r["position"])
        for ply, m in enumerate(r["moves"]):
            who = r["white"] if game.turn == 0 else ("b" if r["white"] == "a" else "a")
            level, depth = ("medium", 2) if who == "a" else ("hard", 1)
            seed = match.bot_seed(5, r["game"], ply)
            assert m == str(bot.choose_move(game, level, seed, depth=depth))
            game.play(m)


def test_an_illegal_move_loses_the_game_and_is_logged(tmp_path, monkeypatch):
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    # A "version" whose bot chats on standard output (which must not break the protocol) and always
    # answers A1, which is never legal in the movement phase.
    shutil.copytree(ROOT / "dvonn_core", tmp_path / "dvonn_core")
    (tmp_path / "dvonn_core" / "bot.py").write_text(
        "from . import Move\n\ndef choose_move(game, level='easy', seed=0, time_limit=None):\n"
        "    print('thinking...')\n    return Move.parse('A1')\n"
    )
    bad = match.resolve(match.parse_player("%s:easy" % tmp_path))
    good = match.resolve(match.parse_player("WORKTREE:easy:0.02"))
    starts = match.make_starts({"random": 1}, seed=0)
    records, ending = match.run_match(bad, good, starts, workers=1)
    assert ending == "all games played" and len(records) == 2
    for r in records:
        assert r["result"] == 0.0 and r["margin"] is None
        assert "illegal" in r["error"] and "A1" in r["error"]


def test_the_sprt_stops_the_match_once_a_bound_is_crossed(tmp_path, monkeypatch):
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    shutil.copytree(ROOT / "dvonn_core", tmp_path / "dvonn_core")
    (tmp_path / "dvonn_core" / "bot.py").write_text(
        "def choose_move(game, level, seed, time_limit):\n    raise RuntimeError('broken')\n"
    )
    broken = match.resolve(match.parse_player("%s:easy" % tmp_path))
    good = match.resolve(match.parse_player("WORKTREE:easy:0.02"))
    starts = match.make_starts({"random": 5}, seed=0)
    records, ending = match.run_match(broken, good, starts, workers=1, sprt=(0.0, 30.0), sprt_min_pairs=2)
    # Every pair scores 0 for A, so the LLR is below the lower bound as soon as the test may stop.
    assert len(records) == 4 and "H0 accepted" in ending
    assert all("RuntimeError: broken" in r["error"] for r in records)
    assert "H0 accepted" in match.summary(records, (0.0, 30.0), min_pairs=2)
    assert "no decision before" in match.summary(records, (0.0, 30.0), min_pairs=3)


# ---------------------------------------------------------------------- external programs (engine:CMD)

ENGINE = ("engine:%s -m dvonn_core engine --level easy --time 0.02 --position {position} --seed {seed} --quiet"
          % sys.executable)


def test_engine_specs_are_commands():
    p = match.parse_player(ENGINE)
    assert p.level == "engine" and p.command[:4] == [sys.executable, "-m", "dvonn_core", "engine"]
    assert "{position}" in p.command and p.seconds is None
    assert match.parse_player('engine:"./player --time=5"').command == ["./player", "--time=5"]
    assert match.resolve(p).version == sys.executable
    for bad, why in (("engine:", "no command"), ("engine:/no/such/player --time=5", "not an executable"),
                     ("engine:no-such-program-xyz", "no program"), ('engine:"unclosed', "cannot split")):
        with pytest.raises(ValueError, match=why):
            match.resolve(match.parse_player(bad))


def decode_state(text):
    """(phase, side to move, [(height, holds DVONN, top colour or None)] per cell) from a state string."""
    values = [external.DIGITS.index(ch) for ch in text]
    cells = []
    for v in values[1:]:
        if v == 0:
            cells.append(None)
        elif v == 1:
            cells.append((1, True, None))
        else:
            cells.append(((v + 2) // 4, bool((v + 2) // 2 % 2), "wb"[(v + 2) % 2]))
    return values[0] // 2, values[0] % 2, cells


def test_state_notation_describes_every_cell():
    assert external.state(Game()) == "A" * 50
    game = random_setup(7)
    game.play(game.legal_moves()[0])  # White's first stack move: one stack of two, Black to move
    phase, turn, cells = decode_state(external.state(game))
    assert (phase, turn, len(cells)) == (1, 1, 49)
    for cell, got in zip(CELLS, cells, strict=True):
        stack = game.stack(cell)
        if not stack:
            assert got is None
        else:
            top = stack[-1]
            want = (len(stack), "d" in stack.lower(), None if top.lower() == "d" else top.lower())
            assert got == want, cell
    assert sorted(h for h, _, _ in filter(None, cells))[-1] == 2


def test_placements_lead_to_the_start():
    for _, position in match.make_starts({"human": 2, "random": 2}, seed=3):
        game = Game.from_position(position)
        moves = external.placements(game)
        assert len(moves) == 49 and len(set(moves)) == 49
        replay = Game()
        for m in moves:
            replay.play(m)
        assert replay.position() == position
    assert external.placements(Game()) == []
    game = random_setup(1)
    game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match="neither the empty board nor"):
        external.placements(game)


def test_placeholders_are_filled_for_each_start():
    start = random_setup(5).position()
    words = ["prog", "--position={position}", "--state", "{state}", "{moves}", "--seed={seed}", "plain"]
    filled = external.fill(words, start, 42)
    assert filled[1] == "--position=" + start and filled[3] == external.state(Game.from_position(start))
    assert filled[4].split() == external.placements(Game.from_position(start))
    assert filled[5:] == ["--seed=42", "plain"]
    assert external.fill(words, None, 1)[1:5] == ["--position=9-10-11-10-9.wp", "--state", "A" * 50, ""]


def test_a_real_match_against_an_external_program(tmp_path, monkeypatch):
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    ours = match.resolve(match.parse_player("WORKTREE:easy:0.02"))
    theirs = match.resolve(match.parse_player(ENGINE))
    starts = match.make_starts({"human": 1, "empty": 1}, seed=2)
    records, ending = match.run_match(ours, theirs, starts, workers=1, seed=2)
    assert ending == "all games played" and len(records) == 4
    for r in records:
        assert r["error"] is None, r["error"]
        game = Game() if r["position"] is None else Game.from_position(r["position"])
        for m in r["moves"]:
            game.play(m)
        assert game.phase == "over" and list(game.score()) == r["score"]
        assert r["think"]["a"][2] + r["think"]["b"][2] == len(r["moves"])
        assert r["think"]["b"][2] > 10 and r["b"]["level"] == "engine"
    assert len([r for r in records if r["position"] is None and len(r["moves"]) > 49]) == 2  # placement included
    table = match.summary(records)
    assert "budget set by its command" in table
    assert "from human starts: games 2" in table and "from empty starts: games 2" in table


def test_an_external_program_that_misbehaves_loses_and_is_logged(tmp_path, monkeypatch):
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    argv_file = tmp_path / "argv.json"
    script = tmp_path / "bad-engine"
    # It records its command line, reads its first line, then either answers A1 (never legal after
    # placement) or complains on standard error and exits with status 3.
    script.write_text(
        "#!%s\nimport json, sys\nopen(%r, 'a').write(json.dumps(sys.argv) + '\\n')\nsys.stdin.readline()\n"
        "if sys.argv[1] == 'illegal':\n    print('A1', flush=True)\n    sys.stdin.readline()\n"
        "else:\n    sys.stderr.write('out of cheese\\n')\n    sys.exit(3)\n" % (sys.executable, str(argv_file))
    )
    script.chmod(0o755)
    good = match.resolve(match.parse_player("WORKTREE:easy:0.02"))
    starts = match.make_starts({"random": 1}, seed=0)
    for mode, why in (("illegal", "illegal move"), ("crash", "exit status 3")):
        bad = match.resolve(match.parse_player("engine:%s %s {state}" % (script, mode)))
        records, ending = match.run_match(bad, good, starts, workers=1)
        assert ending == "all games played" and len(records) == 2
        for r in records:
            assert r["result"] == 0.0 and r["margin"] is None
            assert why in r["error"], r["error"]
            if mode == "crash":
                assert "out of cheese" in r["error"]
    calls = [json.loads(line) for line in argv_file.read_text().splitlines()]
    assert len(calls) == 4 and all(c[2] == external.state(Game.from_position(starts[0][1])) for c in calls)


def test_two_moves_written_at_once_are_both_read(tmp_path, monkeypatch):
    # White places the 49th piece and makes the first stack move in a row; a program may write both
    # lines at once (PrimaDvonna does), and a buffered reader would then wait forever for the second.
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    script = tmp_path / "eager-engine"
    script.write_text(
        "#!%s\nimport sys\nsys.path.insert(0, %r)\nfrom dvonn_core.dvonn.game import Game\n"
        "g = Game()\nfirst = sys.stdin.readline().strip()\nme = 0 if first == 'Start' else 1\n"
        "if me == 1:\n    g.play(first)\n"
        "def reply():\n    out = []\n    while g.turn == me and g.legal_moves():\n"
        "        out.append(str(g.play(g.legal_moves()[0])))\n    sys.stdout.write(''.join(m + '\\n' for m in out))\n"
        "    sys.stdout.flush()\n"
        "reply()\nfor line in sys.stdin:\n    if line.strip() == 'Quit':\n        break\n"
        "    g.play(line.strip())\n    reply()\n"
        % (sys.executable, str(ROOT))
    )
    script.chmod(0o755)
    eager = match.resolve(match.parse_player("engine:%s" % script))
    good = match.resolve(match.parse_player("WORKTREE:easy:0.02"))
    records, ending = match.run_match(eager, good, match.make_starts({"empty": 1}, seed=0), workers=1, move_timeout=10)
    assert ending == "all games played" and len(records) == 2
    for r in records:
        assert r["error"] is None, r["error"]
        assert len(r["moves"]) > 50  # the games went past placement


def test_setups_are_placed_against_the_judge_then_judged_from_both_sides(tmp_path, monkeypatch):
    from benchmarks.bot import setups

    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    out = tmp_path / "setups.jsonl"
    records = setups.measure("WORKTREE:easy:0.02", ENGINE, setups=2, games=2, workers=1, seed=3, out=out)
    assert [r["setup"] for r in records] == [0, 1] and [r["placer_white"] for r in records] == [True, False]
    assert [json.loads(line)["setup"] for line in out.read_text().splitlines()] == [0, 1]
    for r in records:
        game = Game()
        for m in r["moves"]:
            game.play(m)
        assert game.placed == 49 and game.position() == r["position"]
        assert len(r["games"]) == 2 and r["think"] > 0
        for played, margin in zip(r["games"], r["margins"], strict=True):
            g = Game.from_position(r["position"])
            for m in played["moves"]:
                g.play(m)
            w, b = g.score()
            assert g.phase == "over" and [w, b] == played["score"]
            assert margin == (w - b if r["placer_white"] else b - w)
    table = setups.summary(records)
    assert "set-ups 2, 4 games" in table and "as White: 1 set-ups" in table and "as Black: 1 set-ups" in table


def _random_game(seed: int) -> dict:
    """A match file's record of a game played at random from a random set-up, A as White."""
    from dvonn_core.dvonn.setup import random_game

    start = random_setup(seed).position()
    game = random_game(seed, Game.from_position(start))
    return {"start": "random:%d" % seed, "position": start, "white": "a", "moves": [str(m) for m in game.moves],
            "score": list(game.score()), "error": None}


def test_checkpoints_are_the_first_positions_of_the_side_with_so_few_stacks():
    from benchmarks.bot import phases
    from dvonn_core.common.portable import popcount

    record = _random_game(5)
    for side, colour in (("a", 0), ("b", 1)):
        found = phases.checkpoints(record, side, (49, 40, 30, 20))
        game = Game.from_position(record["position"])
        seen = []  # the side's positions, in order, with their stacks
        for m in record["moves"]:
            if game.turn == colour and game.legal_codes():
                seen.append((popcount(game.occupied), game.position()))
            game.play(m)
        assert found, "a random game reaches 49 stacks with either side to move"
        for n, position in found.items():
            assert position == next(p for s, p in seen if s <= n)
        for n in (49, 40, 30, 20):
            assert (n in found) == any(s <= n for s, _ in seen)
    w, b = record["score"]
    assert phases.final_margin(record, "a") == w - b and phases.final_margin(record, "b") == b - w


def test_phases_judge_both_sides_from_each_checkpoint(tmp_path, monkeypatch):
    from benchmarks.bot import phases

    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    records = [_random_game(1), _random_game(2)]
    out = tmp_path / "phases.jsonl"
    results = phases.measure(records, ENGINE, side="b", games=2, workers=2, seed=3, bounds=(45, 30), out=out)
    assert [r["game"] for r in results] == [0, 1]
    assert sorted(json.loads(line)["game"] for line in out.read_text().splitlines()) == [0, 1]
    for r, record in zip(results, records, strict=True):
        assert r["final"] == phases.final_margin(record, "b") and r["side"] == "b"
        expected = phases.checkpoints(record, "b", (45, 30))
        assert set(r["checkpoints"]) == {str(n) for n in expected}
        for n, c in r["checkpoints"].items():
            assert c["position"] == expected[int(n)]
            assert len(c["margins"]) == 2 and all(-69 <= m <= 69 for m in c["margins"])
    table = phases.summary(results)
    assert "side B, 2 games" in table and "at 45 stacks or fewer" in table and "at the end of the real games" in table


def test_a_stopped_match_resumes_where_it_stopped(tmp_path, capsys, monkeypatch):
    # --resume plays only the games not yet in the --out file, in the same run, so the pairs stay whole
    # (fixed depths: the same seeds give the same games).
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    out = tmp_path / "games.jsonl"
    argv = ["WORKTREE:easy:d1", "WORKTREE:medium:d2", "--starts", "random=2", "--seed", "3", "--out", str(out),
            "--quiet", "--workers", "1"]
    assert match.main(argv) == 0
    whole = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(whole) == 4
    out.write_text("".join(json.dumps(r) + "\n" for r in whole[:3]))  # stopped after three games
    capsys.readouterr()
    assert match.main(argv + ["--resume"]) == 0
    assert "games 4 " in capsys.readouterr().out
    resumed = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(resumed) == 4
    assert resumed[3]["run"] == whole[0]["run"]
    assert (resumed[3]["start"], resumed[3]["white"]) == (whole[3]["start"], whole[3]["white"])
    assert resumed[3]["moves"] == whole[3]["moves"]  # the same game number, so the same seeds
    assert match.main(argv + ["--resume"]) == 0  # nothing left to play
    assert len(out.read_text().splitlines()) == 4
    with pytest.raises(SystemExit):
        match.main(argv[:-4] + ["--resume"])  # no --out


def test_the_cpu_clock_times_our_bots_by_their_process_s_cpu_time(tmp_path, capsys, monkeypatch):
    # With --cpu-clock a bot's budget is its process's CPU time: a bot server whose clock is CPU time
    # reports (nearly) the same seconds as it searched, and the records say which clock was used.
    monkeypatch.setattr(match, "CACHE", tmp_path / "cache")
    out = tmp_path / "games.jsonl"
    argv = ["WORKTREE:medium:0.05", "WORKTREE:easy:0.05", "--starts", "random=1", "--seed", "2", "--out", str(out),
            "--quiet", "--workers", "1", "--cpu-clock"]
    assert match.main(argv) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 2 and all(r["a"]["clock"] == "cpu" and r["b"]["clock"] == "cpu" for r in records)
    player = match.resolve(match.parse_player("WORKTREE:hard:0.3"))
    player.cpu_clock = True
    server = match.Bot(player, 60.0)
    try:
        move, seconds = server.ask(random_setup(5).position(), [], 1)
    finally:
        server.close()
    for name in ("dvonn_core.dvonn.bot._now", "dvonn_core.dvonn.endgame._now", "dvonn_core.dvonn.placement._now",
                 "dvonn_core.common.portable.now"):
        assert name in server.hello["clocks"]
    assert random_setup(5).is_legal(bot.Move.parse(move))
    assert 0 < seconds <= 0.3 * 1.1  # hard stops within its budget, in CPU seconds
