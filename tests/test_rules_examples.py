"""The rules page's example boards, checked in Python: every position is valid and each
board does what its text says (web/dvonn/viewer.py playing the reader's clicks).  The browser
tests (tests/e2e/test_rules_page.py) check the same stories on the page itself."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from dvonn.viewer import Viewer
from dvonn_core import Game
from dvonn_core.dvonn.board import CELLS, EDGE

WEB = Path(__file__).resolve().parents[1] / "web" / "dvonn"


class _Figures(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.figures: dict[str, dict[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "figure" and "data-example" in a:
            self.figures[a["data-example"]] = a


def examples() -> dict[str, dict[str, str]]:
    parser = _Figures()
    parser.feed((WEB / "rules.html").read_text())
    return parser.figures


EXAMPLES = examples()


def viewer(name: str) -> Viewer:
    a = EXAMPLES[name]
    return Viewer(a.get("data-position") or None, play=True,
                  highlight=[c for c in a.get("data-highlight", "").split(",") if c])


def test_the_page_has_an_example_for_every_rule_the_issue_lists() -> None:
    assert set(EXAMPLES) == {"placement", "placement-end", "move-height", "surrounded", "dvonn",
                             "removal", "pass", "end"}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_example_position_is_valid_and_canonical(name: str) -> None:
    position = EXAMPLES[name]["data-position"]
    assert Game.from_position(position).position() == position
    for cell in EXAMPLES[name].get("data-highlight", "").split(","):
        assert not cell or cell in CELLS


def test_placement_order_dvonn_pieces_first_then_black_then_white() -> None:
    v = viewer("placement")
    for cell in ("A1", "B1", "C1", "D1", "E1"):
        v.activate(cell)
    assert [v.game.stack(c) for c in ("A1", "B1", "C1", "D1", "E1")] == ["d", "d", "d", "b", "w"]
    assert v.game.to_move == "black"


def test_the_last_placement_is_whites_and_white_moves_next() -> None:
    v = viewer("placement-end")
    assert v.game.to_move == "white" and v.game.phase == "placement"
    v.activate("F1")
    assert v.game.phase == "movement" and v.game.to_move == "white"
    assert v.movable() and all(EDGE[CELLS.index(c)] for c in v.movable()), "only edge pieces can move"
    assert "White to move" in v.status()


def test_a_stack_of_three_moves_exactly_three_cells_over_empty_ones() -> None:
    v = viewer("move-height")
    v.activate("E3")
    assert sorted(v.targets()) == ["H3"]
    assert v.game.stack("F3") == v.game.stack("G3") == "" and v.game.stack("B3") == ""
    v.activate("H3")
    assert v.game.stack("E3") == "" and v.game.stack("H3") == "bbww"


def test_a_surrounded_piece_cannot_move_until_a_neighbour_leaves() -> None:
    v = viewer("surrounded")
    v.activate("F3")
    assert v.selected is None and "surrounded on all six sides" in v.notice
    v.activate("G3")
    v.activate("H3")
    assert v.game.to_move == "white" and "F3" in v.movable()


def test_a_lone_dvonn_piece_does_not_move_but_can_be_moved_onto() -> None:
    v = viewer("dvonn")
    v.activate("D3")
    assert v.selected is None and "lone DVONN piece" in v.notice
    v.activate("E3")
    v.activate("D3")
    assert v.game.stack("D3") == "dw"


def test_cutting_off_the_corner_removes_its_stacks() -> None:
    v = viewer("removal")
    v.activate("C2")
    v.hover("D3")
    assert sorted(v.doomed()) == ["A1", "A2", "B1"]
    v.activate("D3")
    assert all(v.game.stack(c) == "" for c in ("A1", "A2", "B1"))
    assert sorted(v.ghosts) == ["A1", "A2", "B1"] and sum(len(s) for s in v.ghosts.values()) == 4


@pytest.mark.parametrize("move", [str(m) for m in Game.from_position(EXAMPLES["pass"]["data-position"]).legal_moves()])
def test_after_any_black_move_white_must_pass(move: str) -> None:
    v = viewer("pass")
    assert v.game.to_move == "black"
    v.activate(move[:2])
    v.activate(move[2:])
    assert v.notice == "White has no legal move and passes."
    assert v.game.to_move == "black" and str(v.game.moves[-1]) == "PASS"


def test_the_last_move_ends_the_game_and_white_wins_six_to_three() -> None:
    v = viewer("end")
    assert [str(m) for m in v.game.legal_moves()] == ["E3F3"]
    v.activate("E3")
    v.activate("F3")
    assert v.game.phase == "over" and v.game.score() == (6, 3)
    assert v.status() == "Game over: White wins, 6 to 3."


# -- the viewer itself -----------------------------------------------------------------
def test_stepping_through_a_line_and_back() -> None:
    v = Viewer(moves=["F3", "C3", "I3"], at=0)
    assert not v.can_back() and v.can_forward() and v.counter() == "Move 0 of 3"
    assert v.forward() and v.forward() and v.counter() == "Move 2 of 3"
    assert v.marks()["C3"] == "last"
    assert v.last() and v.game.position() == Viewer(moves=["F3", "C3", "I3"]).game.position()
    assert not v.forward()
    assert v.first() and v.game.position() == "9-10-11-10-9.wp"


def test_playing_off_the_line_is_a_branch_that_stepping_back_takes_back() -> None:
    v = Viewer(moves=["F3", "C3"], at=0, play=True)
    v.activate("F3")  # the line's own move: just follows it
    assert v.cursor == 1 and not v.branch
    v.activate("K3")  # not the line's: a branch
    assert v.branch == [["K3"]] and not v.can_forward() and v.counter() == "Move 1 of 2 + 1 of yours"
    assert v.back() and v.cursor == 1 and not v.branch and v.game.stack("K3") == ""
    v.activate("A1")
    v.reset()
    assert v.cursor == 0 and not v.branch and v.game.position() == "9-10-11-10-9.wp"


def test_without_play_clicks_change_nothing() -> None:
    v = Viewer("9-3D6-4bwW2B3-3DWBD3-9.w")
    before = v.game.position()
    assert not v.activate("E3") and v.game.position() == before
    assert "movable" not in " ".join(v.marks().values())


def test_stepping_onto_a_removal_shows_the_removed_stacks() -> None:
    game = Game.from_position(EXAMPLES["removal"]["data-position"])
    v = Viewer(game.position(), moves=["C2D3"], at=0)
    v.forward()
    assert sorted(v.vanishing) == ["A1", "A2", "B1"] and v.vanishing["B1"] == "bw"
    assert "removed" in v.marks()["A1"]


def test_highlight_and_last_move_marks() -> None:
    v = Viewer(moves=["F3"], highlight=["E3"])
    assert v.marks() == {"E3": "hl", "F3": "last"}


def test_a_forced_pass_in_the_line_is_followed_not_branched() -> None:
    start = EXAMPLES["pass"]["data-position"]
    v = Viewer(start, moves=["C1B1", "PASS", "B2A1"], at=0, play=True)
    v.activate("C1")
    v.activate("B1")
    assert v.cursor == 2 and not v.branch and v.notice == "White has no legal move and passes."
    assert v.can_forward() and v.forward() and v.cursor == 3
    v.first()
    v.activate("C3")
    v.activate("B2")  # off the line: the pass that follows belongs to the reader's branch
    assert v.branch == [["C3B2", "PASS"]]
    assert v.back() and v.game.position() == start
