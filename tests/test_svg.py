"""SVG diagrams (dvonn_core.dvonn.svg): what a diagram shows, and the `svg` command line."""

import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dvonn_core import Game, PositionError, svg
from dvonn_core.dvonn.board import CELLS, NEIGHBOURS
from dvonn_core.dvonn.setup import random_game, random_setup
from dvonn_core.dvonn.svg import DiagramError, cell_center, cell_label, hex_points, render

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
EMPTY = "9-10-11-10-9.wp"
# White's B1 onto the DVONN piece on A1 cuts off the black piece on C1.
CUT = "DWB6-10-11-10-D1D6.w"
# Black stack of 3 (white, DVONN, black) on E3, white pair on F3, lone DVONN pieces on D3 and G3.
STACKS = "9-10-3DwdBbWD4-10-9.w"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def cells(root: ET.Element) -> "dict[str, ET.Element]":
    return {g.get("data-cell"): g for g in root.iter(NS + "g") if g.get("data-cell")}


def title(group: ET.Element) -> str:
    return group.find(NS + "title").text


def texts(element: ET.Element) -> "list[str]":
    return [t.text for t in element.iter(NS + "text")]


def hex_fill(group: ET.Element) -> str:
    return group.find(NS + "polygon").get("fill")


def outside_cells(root: ET.Element, tag: str) -> "list[ET.Element]":
    """Elements of a kind that are not inside a cell group (arrows, labels, caption)."""
    inside = set()
    for g in cells(root).values():
        for e in g.iter():
            inside.add(id(e))
    return [e for e in root.iter(NS + tag) if id(e) not in inside]


def points(element: ET.Element) -> "list[tuple[float, float]]":
    return [tuple(float(v) for v in p.split(",")) for p in element.get("points").split()]


# ---------------------------------------------------------------------- the picture


def test_a_diagram_is_a_standalone_svg_with_a_cell_group_per_cell() -> None:
    text = render(EMPTY)
    root = parse(text)
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert root.get("viewBox") and int(root.get("width")) > 0 and int(root.get("height")) > 0
    groups = cells(root)
    assert sorted(groups) == sorted(CELLS)
    for name, g in groups.items():
        assert title(g) == name + ", empty"
        assert len(points(g.find(NS + "polygon"))) == 6


def test_nothing_external_and_no_script() -> None:
    game = random_game(2)
    text = render(game, last_move=True, removed=True, highlight="A1", caption="<script>alert(1)</script>")
    assert "<script" not in text and "javascript:" not in text
    assert text.count("http") == 1 and 'xmlns="http://www.w3.org/2000/svg"' in text
    assert "href" not in text and "url(" not in text and "@import" not in text and "<image" not in text
    families = {e.get("font-family") for e in parse(text).iter() if e.get("font-family")}
    assert families == {"sans-serif"}


def test_same_input_same_text_whatever_form_the_position_takes() -> None:
    game = random_game(7)
    for _ in range(20):
        game.undo()
    text = render(game)
    assert render(game) == text
    assert render(game.position()) == text
    assert render(game.stacks()) == text
    assert render(tuple(game.stacks())) == text


def test_stacks_show_height_top_colour_and_dvonn_inside() -> None:
    root = parse(render(STACKS))
    g = cells(root)
    assert title(g["E3"]) == "E3, black stack of 3 (with DVONN)"
    assert title(g["F3"]) == "F3, white stack of 2"
    assert title(g["D3"]) == "D3, DVONN piece"
    assert texts(g["E3"]) == ["3"] and texts(g["F3"]) == ["2"]
    assert texts(g["D3"]) == [] and texts(g["A1"]) == []
    # The pieces are discs, bottom to top; the last one drawn is the top piece.
    e3 = [c for c in g["E3"].iter(NS + "circle") if c.get("fill") != "none"]
    f3 = [c for c in g["F3"].iter(NS + "circle") if c.get("fill") != "none"]
    assert [c.get("fill") for c in e3] == [svg.PIECES[k][0] for k in "wdb"]
    assert [c.get("fill") for c in f3] == [svg.PIECES[k][0] for k in "bw"]
    assert float(e3[-1].get("cy")) < float(e3[0].get("cy"))  # higher pieces drawn higher up
    # A red ring marks a DVONN piece inside a stack, and only there.
    red = svg.PIECES["d"][0]
    rings = {
        name
        for name, grp in g.items()
        for c in grp.iter(NS + "circle")
        if c.get("fill") == "none" and c.get("stroke") == red
    }
    assert rings == {"E3"}
    assert [c.get("fill") for c in g["D3"].iter(NS + "circle") if c.get("fill") != "none"] == [red]


def test_tall_stacks_draw_a_few_pieces_and_the_height() -> None:
    stacks = [""] * 49
    stacks[CELLS.index("F3")] = "wbwbwbwbwbwdb"
    g = cells(parse(render(stacks)))
    discs = [c for c in g["F3"].iter(NS + "circle") if c.get("fill") != "none"]
    assert len(discs) == svg.MAX_LAYERS
    assert texts(g["F3"]) == ["13"]
    assert title(g["F3"]) == "F3, black stack of 13 (with DVONN)"


def test_highlighted_cells() -> None:
    g = cells(parse(render(EMPTY, highlight=["e3", "F4"])))
    lit = sorted(name for name, grp in g.items() if hex_fill(grp) == svg.HIGHLIGHT_FILL)
    assert lit == ["E3", "F4"]
    assert title(g["E3"]) == "E3, empty, highlighted"
    assert render(EMPTY, highlight="E3, F4") == render(EMPTY, highlight=("F4", "E3", "E3"))


def test_last_move_is_an_arrow_from_source_to_target() -> None:
    game = Game.from_position(CUT)
    game.play("B1A1")
    root = parse(render(game, last_move=True))
    arrows = [p for p in outside_cells(root, "polygon") if p.get("fill") == svg.ARROW]
    assert len(arrows) == 1
    pts = points(arrows[0])
    tip = pts[3]  # the arrow's point
    tail = ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2)
    a1, b1 = cell_center("A1"), cell_center("B1")
    assert math.dist(tip, a1) < math.dist(tip, b1)
    assert math.dist(tail, b1) < math.dist(tail, a1)
    g = cells(root)
    assert hex_fill(g["A1"]) == hex_fill(g["B1"]) == svg.MOVE_FILL
    assert render(game, last_move=True) == render(game.position(), last_move="b1-a1")
    assert render(game, last_move=game.moves[-1]) == render(game, last_move="B1A1")


def test_a_placement_is_marked_with_a_ring_and_a_pass_not_at_all() -> None:
    game = Game()
    game.play("F3")
    root = parse(render(game, last_move=True))
    rings = [c for c in outside_cells(root, "circle") if c.get("stroke") == svg.ARROW]
    assert len(rings) == 1
    assert (float(rings[0].get("cx")), float(rings[0].get("cy"))) == cell_center("F3")
    assert not [p for p in outside_cells(root, "polygon") if p.get("fill") == svg.ARROW]
    assert render(game, last_move="PASS") == render(game)
    assert render(Game(), last_move=True) == render(Game())  # no move yet: nothing to mark


def test_removed_stacks_are_drawn_faded_and_crossed_out() -> None:
    game = Game.from_position(CUT)
    game.play("B1A1")
    assert game.last_removed == ["C1"]
    root = parse(render(game, last_move=True, removed=True))
    g = cells(root)
    assert title(g["C1"]) == "C1, empty (black piece removed)"
    faded = g["C1"].find(NS + "g")
    assert faded is not None and float(faded.get("opacity")) < 1
    assert [c.get("fill") for c in faded.iter(NS + "circle")] == [svg.PIECES["b"][0]]
    crossed = sorted(name for name, grp in g.items() if grp.find(NS + "path") is not None)
    assert crossed == ["C1"]
    # Explicit cells give the same picture; a dict gives the stacks for a bare position.
    assert render(game, last_move=True, removed=["C1"]) == render(game, last_move=True, removed=True)
    assert render(game.position(), last_move="B1A1", removed={"C1": "b"}) == render(game, last_move=True, removed=True)
    # Before the move, the doomed stack is still there and gets the cross.
    before = cells(parse(render(CUT, removed=Game.from_position(CUT).removed_by("B1A1"))))
    assert title(before["C1"]) == "C1, black piece, removed" and before["C1"].find(NS + "path") is not None
    # Without a known stack an empty cell gets just the cross.
    bare = cells(parse(render(EMPTY, removed="A1")))
    assert bare["A1"].find(NS + "path") is not None and bare["A1"].find(NS + "circle") is None


def test_caption_is_escaped_text_under_the_board() -> None:
    caption = 'White\'s <script>alert("x")</script> & "wins"'
    text = render(EMPTY, caption=caption)
    root = parse(text)
    assert "<script" not in text
    captions = [t for t in outside_cells(root, "text") if t.text == caption]
    assert len(captions) == 1
    board_bottom = max(y for name in CELLS for (_, y) in hex_points(name))
    assert float(captions[0].get("y")) > board_bottom
    assert root.find(NS + "title").text == caption
    assert root.get("aria-label") == caption


def test_long_captions_wrap_and_make_the_picture_taller() -> None:
    long_caption = " ".join(["word"] * 60)
    root = parse(render(EMPTY, caption=long_caption))
    lines = [t.text for t in outside_cells(root, "text") if t.text and t.text.startswith("word")]
    assert len(lines) > 1 and " ".join(lines) == long_caption
    assert int(root.get("height")) > int(parse(render(EMPTY, caption="word")).get("height"))


def test_flip_turns_the_board_half_a_turn() -> None:
    assert cell_center("F3") == cell_center("F3", flip=True) == (0.0, 0.0)
    for name in CELLS:
        x, y = cell_center(name)
        assert cell_center(name, flip=True) == (-x, -y)
    normal = cells(parse(render(STACKS)))
    flipped = cells(parse(render(STACKS, flip=True)))
    a1 = points(normal["A1"].find(NS + "polygon"))
    assert set(points(flipped["A1"].find(NS + "polygon"))) == {(-x, -y) for (x, y) in a1}
    # The pieces move with their cells; row 1 is at the bottom normally, at the top flipped.
    assert cell_center("A1")[1] > cell_center("C5")[1]
    assert cell_center("A1", flip=True)[1] < cell_center("C5", flip=True)[1]
    assert title(flipped["E3"]) == title(normal["E3"])


def test_long_rows_face_the_players() -> None:
    ys = {}
    for name in CELLS:
        ys.setdefault(cell_center(name)[1], []).append(name)
    rows = [sorted(ys[y]) for y in sorted(ys)]  # top to bottom
    assert [len(r) for r in rows] == [9, 10, 11, 10, 9]
    assert rows[0][0] == "C5" and rows[2][0] == "A3" and rows[-1][0] == "A1"
    # Each row is offset by half a cell against the next.
    assert cell_center("A1")[0] - cell_center("A2")[0] == pytest.approx(20.0)


def test_neighbouring_hexagons_share_an_edge() -> None:
    corners = [set(hex_points(i)) for i in range(49)]
    for i in range(49):
        for j in range(49):
            shared = len(corners[i] & corners[j])
            if i == j:
                continue
            assert shared == (2 if j in NEIGHBOURS[i] else 0), (CELLS[i], CELLS[j])


def test_labels_name_the_rows_and_columns_and_can_be_left_out() -> None:
    with_labels = outside_cells(parse(render(EMPTY)), "text")
    assert sorted(t.text for t in with_labels) == sorted(list("ABCDEFGHIJK") + list("12345"))
    assert outside_cells(parse(render(EMPTY, labels=False)), "text") == []
    assert [t.text for t in outside_cells(parse(render(EMPTY, labels=False, caption="c")), "text")] == ["c"]


def test_labels_sit_beyond_the_end_of_their_column_or_row() -> None:
    root = parse(render(EMPTY))
    where = {t.text: (float(t.get("x")), float(t.get("y"))) for t in outside_cells(root, "text")}
    # "A" continues column A past A1 (down and to the right), "1" sits left of A1.
    ax, ay = cell_center("A1")
    assert where["A"][1] > ay and where["A"][0] > ax
    assert where["1"][0] < ax and abs(where["1"][1] - ay) < 8
    assert where["K"][1] > cell_center("K3")[1] and where["5"][0] < cell_center("C5")[0]


def test_size_sets_the_width_and_keeps_the_proportions() -> None:
    natural = parse(render(EMPTY))
    small = parse(render(EMPTY, size=254))
    assert small.get("viewBox") == natural.get("viewBox")
    assert int(small.get("width")) == 254
    ratio = int(natural.get("height")) / int(natural.get("width"))
    assert int(small.get("height")) == pytest.approx(254 * ratio, abs=1)


def test_cell_label_names_the_cell_and_its_stack() -> None:
    assert cell_label("wdB", "E3") == "E3, black stack of 3 (with DVONN)"
    assert cell_label("", "A1") == "A1, empty"
    assert cell_label("w", "k5") == "K5, white piece"
    assert cell_label("b", 0) == "A1, black piece"
    assert cell_label("d", "F3") == "F3, DVONN piece"
    assert cell_label("dbdw", "F3") == "F3, white stack of 4 (with 2 DVONN)"
    with pytest.raises(DiagramError):
        cell_label("x", "F3")
    with pytest.raises(DiagramError):
        cell_label("w", "Z9")


def test_every_title_matches_cell_label() -> None:
    game = random_setup(11)
    for _ in range(30):
        game.play(game.legal_moves()[0])
    g = cells(parse(render(game)))
    for name in CELLS:
        assert title(g[name]) == cell_label(game.stack(name), name)


@pytest.mark.parametrize(
    "source, options, message",
    [
        ("9-10-11-10-9.x", {}, "side to move"),
        ([""] * 48, {}, "49 stacks"),
        ([""] * 48 + ["wx"], {}, "K5"),
        (42, {}, "int"),
        (EMPTY, {"highlight": "E3,Z9"}, "Z9"),
        (EMPTY, {"removed": ["Q1"]}, "Q1"),
        (EMPTY, {"last_move": "E3E3"}, "E3E3"),
        (EMPTY, {"last_move": 5}, "last_move"),
        (EMPTY, {"last_move": True}, "needs a Game"),
        (EMPTY, {"removed": True}, "needs a Game"),
        (EMPTY, {"size": 0}, "size"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_problem(source: object, options: dict, message: str) -> None:
    with pytest.raises(ValueError) as info:
        render(source, **options)
    assert message in str(info.value)


def test_a_bad_position_string_raises_position_error() -> None:
    with pytest.raises(PositionError):
        render("9-10-11-10.wp")


# ---------------------------------------------------------------------- command line


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dvonn_core", "svg", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        input=stdin,
        timeout=60,
    )


def test_cli_draws_a_position_to_stdout() -> None:
    out = run(STACKS)
    assert out.returncode == 0, out.stderr
    assert out.stdout == render(STACKS)


def test_cli_draws_a_record_at_a_move_with_arrow_and_removed_stacks(tmp_path: Path) -> None:
    from dvonn_core.dvonn import record

    game = random_game(5)
    # Find a move of the game that removed stacks.
    replay = Game()
    at = None
    for m in game.moves:
        replay.play(m)
        if replay.last_removed:
            at = len(replay.moves)
            break
    assert at is not None
    path = tmp_path / "game.txt"
    path.write_text(record.write(game))
    out_file = tmp_path / "board.svg"
    out = run(
        str(path),
        "--at",
        str(at),
        "--last-move",
        "--mark-removed",
        "--highlight",
        "F3",
        "--caption",
        "Move <%d>" % at,
        "--flip",
        "-o",
        str(out_file),
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""
    expected = render(replay, last_move=True, removed=True, highlight="F3", caption="Move <%d>" % at, flip=True)
    assert out_file.read_text() == expected
    g = cells(parse(expected))
    for name in replay.last_removed:
        assert "removed" in title(g[name])


def test_cli_reads_moves_as_text_and_from_stdin() -> None:
    game = Game()
    for m in ["F3", "C3", "I3", "E3"]:
        game.play(m)
    assert run("F3 C3 I3 E3", "--no-labels", "--size", "300").stdout == render(game, labels=False, size=300)
    assert run("-", "--last-move", stdin="f3, c3, i3, e3").stdout == render(game, last_move=True)
    assert run("F3 C3 I3 E3", "--at", "2").stdout == render(_after(["F3", "C3"]))


def _after(moves: "list[str]") -> Game:
    g = Game()
    for m in moves:
        g.play(m)
    return g


def test_cli_reads_little_golem_and_sgf_records() -> None:
    lg = run("tests/data/littlegolem-demo.txt", "--at", "60", "--last-move")
    assert lg.returncode == 0, lg.stderr
    assert len(cells(parse(lg.stdout))) == 49
    sgf = sorted((ROOT / "tests/data/sgf").glob("*.sgf"))[0]
    out = run(str(sgf), "--last-move", "--mark-removed")
    assert out.returncode == 0, out.stderr
    parse(out.stdout)


@pytest.mark.parametrize(
    "args, message",
    [
        (["nosuch.txt"], "no such file"),
        (["9-10-11-10-9.x"], "side to move"),
        (["F3 C3 Z9"], "move 3"),
        ([EMPTY, "--at", "3"], "--at needs a game record"),
        ([EMPTY, "--last-move"], "--last-move needs a game record"),
        (["F3 C3 I3", "--at", "9"], "between 0 and 3"),
        (["F3 C3 I3", "--highlight", "Q9"], "Q9"),
        (["tests/data"], "directory"),
        ([EMPTY, "-o", "/nonexistent-dir/x.svg"], "cannot write"),
    ],
)
def test_cli_errors_exit_2_with_a_message(args: "list[str]", message: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert message in out.stderr


def test_cli_usage() -> None:
    assert run().returncode == 2
    helped = run("--help")
    assert helped.returncode == 0 and "--at N" in helped.stdout and "--mark-removed" in helped.stdout
    assert svg.main([EMPTY, "-o", "/nonexistent-dir/x.svg"]) == 2


# ---------------------------------------------------------------------- every position, every Python


def test_every_position_of_a_game_draws_with_every_option() -> None:
    game = random_game(3)
    replay = Game()
    for m in game.moves:
        replay.play(m)
        text = render(
            replay,
            last_move=True,
            removed=True,
            highlight=str(m)[:2] if not m.is_pass else (),
            caption=str(m),
            flip=len(replay.moves) % 2 == 1,
        )
        g = cells(parse(text))
        assert len(g) == 49
        for name in replay.last_removed:
            assert "removed" in title(g[name])


MP_SCRIPT = """
from dvonn_core.dvonn import svg
from dvonn_core.dvonn.setup import random_game
g = random_game(4)
while g.moves and not g.last_removed:
    g.undo()
for options in ({}, {"flip": True, "last_move": True, "removed": True, "caption": "Caf\\u00e9 <b> & " * 8,
                    "highlight": "E3,F4"}, {"labels": False, "size": 300}):
    print(svg.render(g, **options))
print(svg.cell_center("A1", True), svg.hex_points(7), svg.cell_label("wdbdW", "K5"))
"""


def test_micropython_draws_the_same_text(tmp_path: Path) -> None:
    """The page draws with MicroPython: the SVG text must be identical to CPython's."""
    import os
    import shutil

    node = shutil.which("node")
    runner = ROOT / "tests" / "micropython" / "run.mjs"
    assert node, "Node.js is needed to run MicroPython (see README)"
    assert (ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs").exists(), (
        "run `npm ci` first"
    )
    script = tmp_path / "svg_check.py"
    script.write_text(MP_SCRIPT)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cpython = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert cpython.returncode == 0, cpython.stderr
    micro = subprocess.run([node, str(runner), str(script)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert micro.returncode == 0, micro.stderr
    assert "removed)" in cpython.stdout  # the diagram with the ghost stacks was drawn
    assert micro.stdout == cpython.stdout
