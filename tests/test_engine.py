"""The engine speaks the CodeCup 2011 protocol on stdin/stdout (python -m dvonn_core engine)."""

import io
import os
import subprocess
import sys

from dvonn_core.dvonn import engine
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.setup import random_setup

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def spawn(*args):
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.Popen(
        [sys.executable, "-m", "dvonn_core", "engine", "--quiet"] + list(args),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )


def talk(proc, line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def test_start_makes_the_engine_play_white_and_place_a_dvonn_piece():
    proc = spawn("--level", "easy")
    talk(proc, "Start")
    first = proc.stdout.readline().strip()
    talk(proc, "Quit")
    assert proc.wait(timeout=30) == 0
    game = Game()
    game.play(first)
    assert game.stack(first) == "d"


def test_an_opponent_move_first_makes_the_engine_play_black():
    proc = spawn("--level", "easy", "--seed", "4")
    talk(proc, "F3")
    reply = proc.stdout.readline().strip()
    talk(proc, "quit")
    assert proc.wait(timeout=30) == 0
    game = Game()
    game.play("F3")
    game.play(reply)  # legal for Black
    assert game.to_move == "white"


def test_an_illegal_opponent_move_is_reported_and_ends_the_engine():
    out = io.StringIO()
    err = io.StringIO()
    status = engine.run(io.StringIO("F3\nF3\n"), out, err, level="easy")
    assert status == 1
    assert "F3" in err.getvalue() and "occupied" in err.getvalue()


def test_bad_options_are_refused_with_a_message():
    assert engine.main(["--level", "expert"]) == 2
    assert engine.main(["--time", "-1"]) == 2
    assert engine.main(["--depth", "0"]) == 2
    assert engine.main(["--depth", "two"]) == 2


def test_a_fixed_depth_engine_plays_the_bots_move_at_that_depth():
    from dvonn_core.dvonn import bot

    start = random_setup(8).position()
    proc = spawn("--depth", "2", "--seed", "3", "--position", start)
    talk(proc, "Start")
    first = proc.stdout.readline().strip()
    talk(proc, "Quit")
    assert proc.wait(timeout=60) == 0
    game = Game.from_position(start)
    assert first == str(bot.choose_move(game, "hard", seed=3 + game.ply, depth=2))


def test_two_engine_processes_play_a_whole_game_against_each_other():
    white = spawn("--level", "easy", "--seed", "1")
    black = spawn("--level", "medium", "--seed", "2", "--time", "0.2")
    game = Game()
    talk(white, "Start")
    play_out(white, black, game)
    assert len(game.moves) > 49
    assert game.winner() in ("white", "black", "draw")


def play_out(white, black, game):
    """Relay the moves between two engine processes until the game is over, checking each on ``game``."""
    procs = (white, black)
    while game.phase != "over":
        mover = procs[0 if game.to_move == "white" else 1]
        other = procs[1 if game.to_move == "white" else 0]
        line = mover.stdout.readline().strip()
        assert line, mover.stderr.read()
        game.play(line)  # raises if the engine played an illegal move
        talk(other, line)
    for p in procs:
        talk(p, "Quit")
        assert p.wait(timeout=30) == 0


def test_two_engines_play_from_a_position_after_placement_to_the_end():
    start = random_setup(5).position()  # all 49 pieces placed, White to move
    white = spawn("--level", "easy", "--seed", "1", "--time", "0.05", "--position", start)
    black = spawn("--level", "easy", "--seed", "2", "--time", "0.05", "--position", start)
    game = Game.from_position(start)
    talk(white, "Start")  # White is the side to move there
    play_out(white, black, game)
    assert game.winner() in ("white", "black", "draw")
    assert len(game.moves) > 1


def test_from_a_position_start_makes_the_engine_the_side_to_move():
    game = random_setup(8)
    game.play(game.legal_moves()[0])  # now Black is to move
    start = game.position()
    out, err = io.StringIO(), io.StringIO()
    assert engine.run(io.StringIO("Start\nQuit\n"), out, err, level="easy", position=start) == 0
    reply = Game.from_position(start)
    reply.play(out.getvalue().strip())  # one legal Black move, and nothing else
    assert reply.to_move == "white"


def test_from_a_position_a_first_move_makes_the_engine_the_other_side():
    start = random_setup(8).position()  # White to move
    first = str(Game.from_position(start).legal_moves()[0])
    out, err = io.StringIO(), io.StringIO()
    assert engine.run(io.StringIO(first + "\n"), out, err, level="easy", position=start) == 0
    game = Game.from_position(start)
    game.play(first)
    game.play(out.getvalue().strip())  # Black's answer
    assert game.to_move == "white"


def test_a_bad_position_is_refused_with_what_is_wrong_and_status_2():
    proc = spawn("--position", "9-10-11-10.w")
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert "--position" in err and "4 rows" in err
    assert engine.main(["--position", "9-10-11-10-9.x"]) == 2


def test_help_exits_cleanly():
    assert engine.main(["--help"]) == 0
