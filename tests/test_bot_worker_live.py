"""The bot worker's live searches (web/kernel/bot_worker.py) on CPython: the progress they post, the best
line an analysis reports, and stop().  The browser's BroadcastChannel is replaced by a recorder that
stops the search once it has seen enough (in the browser, the page's stop() is served in the turns
the search gives the worker's event loop; tests/e2e/test_bot_live.py)."""

import asyncio
import json
import sys
import threading
import types
from pathlib import Path
from typing import Any

import pytest

from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.setup import random_setup

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "kernel"))
import bot_worker

#: A Diamonds & Pivots middle game whose best line holds chains of pivots (tests/test_diamonds_bot_line.py).
DIAMONDS_CHAIN = "b1w2-6-b6-1ww1w2b-2b4w1-2b2b2-w3b2-6-w4.b"


class Channel:
    """A stand-in for js.BroadcastChannel: records the reports, stops the search at ``depth`` (or once it
    has ended by itself: a search that holds waits for stop())."""

    def __init__(self, depth):
        self.depth = depth
        self.reports = []

    def postMessage(self, text):
        report = json.loads(text)
        self.reports.append(report)
        if report["depth"] >= self.depth or report["final"]:
            bot_worker.stop(report["token"])

    def close(self):
        pass


def run(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own: after the browser tests, Playwright's sync API
    leaves an event loop running in the main thread, where ``asyncio.run`` refuses to start."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(asyncio.run(coroutine)))
    thread.start()
    thread.join()
    return result[0]


@pytest.fixture()
def channel(monkeypatch):
    made = []

    def new(name):
        made.append(Channel(3))
        return made[-1]

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(BroadcastChannel=types.SimpleNamespace(new=new)))
    monkeypatch.setattr(bot_worker, "TURN_EVERY", 0.0)
    return made


def test_an_analysis_reports_a_deepening_search_with_its_best_line_until_stopped(channel):
    game = random_setup(5)
    answer = run(bot_worker.analyse("dvonn", game.position(), "t1", "analysis"))
    reports = channel[0].reports
    depths = [r["depth"] for r in reports]
    assert depths == sorted(depths) and depths[-1] >= 3 and reports[-1]["final"]
    assert all(r["token"] == "t1" for r in reports)
    deep = [r for r in reports if r["depth"] >= 3 and not r["final"]]
    assert deep and all(len(r["line"]) >= 3 for r in deep)
    for r in deep:
        g = game.copy()
        for move in r["line"]:
            g.play(move)  # every move of the line is legal in turn
    move, score, depth, nodes = answer.rsplit(" ", 3)
    Game.from_position(game.position()).play(move)  # legal (play raises otherwise)
    assert int(depth) >= 3 and int(nodes) > 0 and score != "-"
    assert "t1" not in bot_worker.STOPPED  # a finished search forgets its token


def test_a_bot_move_searched_live_is_legal_and_reports_its_progress(channel):
    game = random_setup(8)
    answer = run(bot_worker.search("dvonn", game.position(), "hard", 1, "t2", "moves", True))
    move = answer.rsplit(" ", 3)[0]
    game.play(move)
    assert channel[0].reports[-1]["final"] and channel[0].reports[-1]["move"] == move


def test_a_diamonds_analysis_reports_its_best_line_turn_by_turn(channel):
    from dvonn_core.diamonds import DiamondsGame

    position = DIAMONDS_CHAIN
    answer = run(bot_worker.analyse("diamonds", position, "t3", "analysis"))
    reports = channel[0].reports
    assert reports[-1]["final"] and reports[-1]["depth"] >= 3
    for report in reports:
        if not report["depth"]:
            continue
        line = report["line"]
        assert len(line) == report["depth"] and line[0] == report["move"]
        game = DiamondsGame.from_position(position)
        for turn in line:
            game.play(turn)  # each turn legal in turn, written in the notation (pivots named)
    assert any(" " in turn for turn in reports[-1]["line"])  # a turn with its pivots
    assert answer.rsplit(" ", 3)[0] == reports[-1]["line"][0]


@pytest.mark.parametrize("kind", ["dvonn", "diamonds"])
def test_an_analysis_bounded_in_depth_ends_there_by_itself(channel, kind):
    position = random_setup(5).position() if kind == "dvonn" else DIAMONDS_CHAIN
    answer = run(bot_worker.analyse(kind, position, "t4", "analysis", 2))
    reports = channel[0].reports
    assert reports[-1]["final"] and max(r["depth"] for r in reports) == 2
    assert answer.rsplit(" ", 3)[2] == "2"
