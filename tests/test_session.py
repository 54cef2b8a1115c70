"""Saved games, shared links and imported records on the page (web/dvonn/persist.py, web/dvonn/session.py),
checked on CPython: what is saved, what is restored, and what is refused and why."""

from __future__ import annotations

import doctest
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from dvonn import persist
from dvonn.persist import InputError, SavedGameError
from dvonn.session import Session
from dvonn_core import RecordError

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web" / "dvonn"
DATA = ROOT / "tests" / "data"

HOTSEAT_OPENING = ["F3", "C3", "I3", "E3", "A1"]


def played(*moves: str, **settings: object) -> Session:
    session = Session()
    session.new_game(**settings)  # type: ignore[arg-type]
    for move in moves:
        assert session.play(move), move
    return session


def saved(session: Session, **changes: object) -> str:
    data = persist.snapshot(session)
    data.update(changes)
    return json.dumps(data)


def test_docstring_examples() -> None:
    assert doctest.testmod(persist, optionflags=doctest.ELLIPSIS).failed == 0


# -- saving and restoring ---------------------------------------------------------------
def test_a_saved_game_restores_moves_players_level_undo_and_redo() -> None:
    session = played(*HOTSEAT_OPENING, white="human", black="bot", level="hard", seed=7)
    session.undo()  # against the bot: back to the human's last turn
    session.flip()
    text = persist.dumps(session)
    again = Session()
    persist.restore(again, text)
    assert again.game == session.game
    assert again.game.position() == session.game.position()
    assert again.players == {"white": "human", "black": "bot"}
    assert (again.level, again.seed, again.flipped) == ("hard", 7, True)
    assert again.redo_stack == session.redo_stack and again.can_redo()
    assert again.history() == session.history()
    assert again.redo() and again.game.position() == played(*HOTSEAT_OPENING).game.position()
    assert again.undo() and again.undo()
    assert [str(m) for m in again.game.moves] == ["F3", "C3"]


def test_a_random_setup_restores_without_making_the_placements_undoable() -> None:
    session = played(random_setup=True, seed=42)
    session.play(str(session.game.legal_moves()[0]))
    again = Session()
    persist.restore(again, persist.dumps(session))
    assert again.base == 49 and again.random_setup and again.seed == 42
    assert again.game == session.game
    assert again.undo() and not again.can_undo()


def test_a_game_from_a_position_and_its_tags_round_trip() -> None:
    start = played(*HOTSEAT_OPENING).game.position()
    session = Session()
    session.new_game(position=start)
    session.play("B1")
    session.game.tags["White"] = "<img src=x onerror=alert(1)>"
    again = Session()
    persist.restore(again, persist.dumps(session))
    assert again.game.start_position == start
    assert again.game.tags == {"White": "<img src=x onerror=alert(1)>"}
    assert again.history() == [(1, "black", "B1")]


def test_whatever_import_accepts_can_be_saved_and_restored() -> None:
    """The largest record the page reads (long, escaped tag values) still fits a save."""
    value = "\x01\u00e9<" * ((persist.MAX_INPUT - 40) // 3)
    text = '[White "%s"]\n\nF3\n' % value
    assert len(text) <= persist.MAX_INPUT
    session = Session()
    session.adopt(persist.read_record(text))
    again = Session()
    persist.restore(again, persist.dumps(session))
    assert again.game.tags["White"] == session.game.tags["White"]


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{not json", r"damaged \(not valid JSON\)"),
        ("[1, 2]", "not a saved DVONN game"),
        ('{"kind": "something-else"}', "not a saved DVONN game"),
        ("x" * (persist.MAX_SAVED + 1), "too large"),
    ],
)
def test_unreadable_saves_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(SavedGameError, match=reason):
        persist.load(text)


@pytest.mark.parametrize(
    "changes, reason",
    [
        ({"format": 0}, r"unknown format \(0\)"),
        ({"format": 3}, r"newer format \(3; this page reads 2\)"),
        ({"format": True}, "format is not valid"),
        ({"kinds": ["human"]}, "who made each move is not valid"),
        ({"kinds": ["human", "human", "human", "human", "robot"]}, "who made each move is not valid"),
        ({"options": {"random_setup": [1]}}, "options are not valid"),
        ({"moves": ["F3", "F3"]}, r"move 2 \(F3\) cannot be played"),
        ({"moves": ["F3", "<script>"]}, r"move 2 \(<script>\) cannot be played"),
        ({"moves": "F3 C3"}, "moves is not valid"),
        ({"moves": [1, 2]}, "not a list of moves"),
        ({"position": "empty"}, "do not lead to its saved position"),
        ({"start": "no-such-position"}, "start position is not valid"),
        ({"base": 9}, "undo history is not valid"),
        ({"base": -1}, "undo history is not valid"),
        ({"redo": [["K3K5"]]}, r"redo move 1 \(K3K5\) cannot be played"),
        ({"players": {"white": "human", "black": "alien"}}, "who plays black"),
        ({"level": "godlike"}, "bot level is not valid"),
        ({"tags": {"White": 3}}, "tags are not valid"),
        ({"resigned": "red"}, "resignation is not valid"),
        ({"flipped": "yes"}, "flipped is not valid"),
    ],
)
def test_a_tampered_save_is_refused_and_says_what_is_wrong(changes: dict, reason: str) -> None:
    session = played(*HOTSEAT_OPENING)
    text = saved(session, **changes)
    target = played("F3")
    before = persist.dumps(target)
    with pytest.raises(SavedGameError, match=reason):
        persist.restore(target, text)
    assert persist.dumps(target) == before  # the session is untouched


def test_a_game_against_master_is_saved_and_restored() -> None:
    session = played(*HOTSEAT_OPENING)
    session.level = "master"
    target = played("F3")
    persist.restore(target, persist.dumps(session))
    assert target.level == "master" and target.game.position() == session.game.position()


def test_a_missing_field_is_named() -> None:
    data = persist.snapshot(played("F3"))
    del data["players"]
    with pytest.raises(SavedGameError, match="it has no players"):
        persist.load(json.dumps(data))


def test_the_notice_says_where_the_data_is_kept() -> None:
    notice = persist.restored_notice(SavedGameError("it is damaged (not valid JSON)"))
    assert "could not be restored: it is damaged" in notice and persist.ASIDE_KEY in notice
    assert persist.ASIDE_KEY != persist.KEY


# -- records, links, sizes ------------------------------------------------------------------
def test_records_in_every_format_are_read() -> None:
    own = played(*HOTSEAT_OPENING).game.record()
    assert [str(m) for m in persist.read_record(own).moves] == HOTSEAT_OPENING
    assert len(persist.read_record("f3 c3 i3").moves) == 3
    golem = persist.read_record((DATA / "littlegolem-demo.txt").read_text())
    assert golem.resigned == "white" and golem.tags["White"].startswith("CleverHunk")
    latin1 = (DATA / "sgf" / "DV-Alcalina-Dumbot-2015-07-29-1938.resign.sgf").read_bytes()
    assert persist.read_record(latin1).resigned is not None


def test_an_imported_game_can_be_stepped_back_to_its_start() -> None:
    game = persist.read_record("F3 C3 I3 E3")
    session = Session()
    session.adopt(game)
    assert session.players == {"white": "human", "black": "human"}
    assert [n for n, _, _ in session.history()] == [1, 2, 3, 4]
    while session.undo():
        pass
    assert session.game.moves == [] and session.can_redo()


def test_a_bad_record_names_the_move() -> None:
    with pytest.raises(RecordError) as info:
        persist.read_record("F3 C3 I3 E3 E3G3")
    assert info.value.number == 5
    message = persist.problem(info.value, "the pasted record")
    assert message.startswith("Could not read the pasted record: move 5 (E3G3): illegal move")
    assert message.endswith("The game on the board is unchanged.")


def test_a_bad_move_is_named_with_its_line() -> None:
    text = (DATA / "littlegolem-demo.txt").read_text().replace("28. j4h4", "28. j4h2")
    with pytest.raises(RecordError) as info:
        persist.read_record(text)
    message = persist.problem(info.value, "the file", text)
    error = info.value
    assert f"line 1, move {error.number} ({error.move})" in message  # Little Golem: one line
    text = "[White \"Ann\"]\n\nf3 c3 i3\ne3 a1 f3\n"
    with pytest.raises(RecordError) as info:
        persist.read_record(text)
    assert "line 4, move 6 (f3)" in persist.problem(info.value, "the record", text)


@pytest.mark.parametrize("size", [persist.MAX_INPUT + 1, 10 * 1024 * 1024])
def test_oversized_input_is_refused_before_parsing(size: int) -> None:
    with pytest.raises(InputError, match="at most 64 KB are read"):
        persist.read_record("F3 " * (size // 3 + 1), "the pasted text")
    with pytest.raises(InputError, match="the link's record is"):
        persist.parse_fragment("#record=" + "A" * size)


def test_link_fragments() -> None:
    assert persist.parse_fragment("#record=F3%20C3") == ("record", "F3%20C3")
    assert persist.parse_fragment("#position=9-10") == ("position", "9-10")
    assert persist.parse_fragment("") is None and persist.parse_fragment("#other=1") is None


def test_game_info_lists_tags_as_given() -> None:
    game = persist.read_record((DATA / "littlegolem-demo.txt").read_text())
    info = dict(persist.game_info(game.tags))
    assert info["White"] == "CleverHunk steven cullum" and info["Site"] == "www.littlegolem.net"


def test_persist_runs_on_micropython(tmp_path: Path) -> None:
    """The page runs persist.py on MicroPython: save, restore and a refused save behave the same."""
    node = shutil.which("node")
    runtime = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
    if not node or not runtime.exists():
        pytest.skip("needs node and npm ci")
    script = tmp_path / "check.py"
    script.write_text(
        "from dvonn import persist, session\n"
        "s = session.Session()\n"
        "s.new_game(white='human', black='bot', level='medium', seed=5)\n"
        "for m in ['F3', 'C3', 'I3']: s.play(m)\n"
        "s.undo()\n"
        "t = session.Session()\n"
        "persist.restore(t, persist.dumps(s))\n"
        "print(t.game.position(), t.redo_stack, t.players['black'], t.level)\n"
        "try:\n"
        "    persist.load(persist.dumps(s).replace('\"C3\"', '\"F3\"'))\n"
        "except persist.SavedGameError as e:\n"
        "    print('refused:', e)\n"
        "print(persist.read_record('F3 C3').position())\n"
    )
    out = subprocess.run([node, str(ROOT / "tests/micropython/run.mjs"), str(script)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    s = played("F3", "C3", "I3", white="human", black="bot")
    s.undo()
    lines = out.stdout.splitlines()
    assert lines[0] == "%s %s bot medium" % (s.game.position(), s.redo_stack)
    assert lines[1].startswith("refused: move 2 (F3) cannot be played")
    assert lines[2] == persist.read_record("F3 C3").position()


# -- review (issue 11) ------------------------------------------------------------------
def test_review_steps_through_the_live_line_and_returns() -> None:
    session = played(*HOTSEAT_OPENING)
    live = session.game.position()
    assert session.review_step(-1) and session.reviewing and session.ply() == 4
    assert session.ahead == ["A1"] and session.live_ply() == 5
    assert [h[2] for h in session.history()] == HOTSEAT_OPENING
    assert not session.can_undo() and not session.can_redo()
    assert session.review_to(0) and session.game.position() == "9-10-11-10-9.wp"
    assert persist.snapshot(session)["moves"] == HOTSEAT_OPENING  # the live game is saved
    assert session.live_game().position() == live
    assert session.leave_review() and not session.reviewing and session.game.position() == live


def test_a_move_in_the_past_waits_for_confirmation_and_undo_restores_the_old_line() -> None:
    session = played(*HOTSEAT_OPENING)
    session.review_to(3)
    assert session.activate("K3") and session.pending == "K3"
    assert [str(m) for m in session.game.moves] == HOTSEAT_OPENING[:3]  # nothing played yet
    assert not session.activate("A5")  # the board waits for the answer
    assert session.cancel_branch() and session.pending is None
    session.activate("K3")
    assert session.confirm_branch()
    assert [h[2] for h in session.history()] == HOTSEAT_OPENING[:3] + ["K3"]
    assert session.undo()
    assert [str(m) for m in session.game.moves] == HOTSEAT_OPENING and not session.reviewing


def test_a_move_at_the_end_of_a_review_just_continues() -> None:
    session = played(*HOTSEAT_OPENING)
    session.review_step(-1)
    session.review_step(1)
    assert session.reviewing and not session.ahead
    assert session.activate("B1") and session.pending is None and not session.reviewing
    assert [h[2] for h in session.history()] == HOTSEAT_OPENING + ["B1"]


def test_the_bot_waits_while_a_past_position_is_shown() -> None:
    session = played("F3", white="human", black="bot")
    assert session.bot_to_move()
    session.review_step(-1)
    assert not session.bot_to_move()
    generation = session.generation
    session.leave_review()
    assert session.bot_to_move() and session.generation > generation
