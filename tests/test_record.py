"""Game records: dvonn_core.dvonn.record writes a game as text and reads it back from
its own format, bare move lists, Little Golem transcripts and Boardspace SGF files."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dvonn_core import Game, RecordError, record
from dvonn_core.dvonn.record import read, read_file, write
from dvonn_core.dvonn.setup import random_game, random_setup

DATA = Path(__file__).resolve().parent / "data"
SGF = sorted((DATA / "sgf").glob("*.sgf"))
LG_DEMO = DATA / "littlegolem-demo.txt"


def fixture_games():
    """{source file: (white score, black score, moves)} from boardspace-games.txt."""
    games = {}
    with open(DATA / "boardspace-games.txt") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.split()
            games[parts[0]] = (int(parts[1]), int(parts[2]), parts[3:])
    return games


FIXTURES = fixture_games()
SAMPLE = [FIXTURES[name] for name in sorted(FIXTURES)[::97]]  # about 100 real games


def texts(game: Game):
    return [str(m) for m in game.moves]


def replay(moves) -> Game:
    g = Game()
    for m in moves:
        g.play(m)
    return g


# ---------------------------------------------------------------------- Little Golem


def test_little_golem_demo_imports_with_the_forced_placement_and_the_resignation():
    g = read_file(LG_DEMO)
    assert g.score() == (5, 29)
    assert g.resigned == "white"
    assert g.winner() == "black"
    assert g.phase == "over"
    moves = texts(g)
    assert sum(1 for m in g.moves if m.is_placement) == 49  # the omitted 49th placement is put back
    assert moves[48] == "C5"  # the one cell left empty after 48 placements
    assert moves[49] == "A2B2"
    assert moves[-1] == "E3E1"
    assert g.tags == {
        "Event": "Tournament dvonn.mc.2014.may.1.1",
        "Site": "www.littlegolem.net",
        "White": "CleverHunk steven cullum",
        "Black": "Xander (xandern .BSW)",
    }


def test_little_golem_demo_read_from_text_bytes_and_from_record_agree():
    text = LG_DEMO.read_text()
    assert read(text) == read(text.encode()) == Game.from_record(text) == read_file(LG_DEMO)


# ---------------------------------------------------------------------- Boardspace SGF


@pytest.mark.parametrize("path", [p for p in SGF if p.name in FIXTURES], ids=lambda p: p.name)
def test_boardspace_sgf_gives_the_move_list_of_the_fixture(path):
    white, black, moves = FIXTURES[path.name]
    g = read_file(path)
    assert texts(g) == moves
    assert g.score() == (white, black)
    assert g.resigned is None


def test_three_sgf_samples_are_in_the_fixture_file():
    assert len([p for p in SGF if p.name in FIXTURES]) == 3


def test_sgf_ending_in_a_resignation_keeps_it():
    (path,) = [p for p in SGF if p.name.endswith(".resign.sgf")]
    g = read_file(path)
    assert g.resigned == "white"  # P0 (Alcalina) started, so played White, and resigned
    assert g.winner() == "black"
    assert g.tags["White"] == "Alcalina" and g.tags["Black"] == "Dumbot"
    moves = texts(g)
    assert len(moves) == 51
    # P0 placed on K5, picked it up again and placed on D4 instead: one placement, D4.
    assert moves[46] == "D4" and moves[48] == "K5"
    assert moves[-2:] == ["B4C5", "I5H5"]


def test_sgf_players_and_date_become_tags():
    g = read_file(DATA / "sgf" / "DV-Aeacus-Dumbot-2008-10-28-0001.sgf")
    assert g.tags["White"] == "Aeacus"
    assert g.tags["Black"] == "Dumbot"
    assert g.tags["Date"] == "Tue Oct 28 01:01:28 CET 2008"


def test_sgf_piece_picked_from_the_reserve_and_put_back_is_no_move():
    # 149-SmartBot starts with pick wr 2 / drop wr 2 three times before the first real placement.
    g = read_file(DATA / "sgf" / "DV-149-SmartBot-2009-02-06-0635.sgf")
    assert texts(g)[:2] == ["B4", "D3"]


def test_sgf_where_p1_starts_makes_p1_white():
    text = ("(;GM[Dvonn]P0[id \"Ann\"]P1[id \"Bob\"];P1[0 Start P1];P1[1 dropb F 3];P1[2 done];P0[3 dropb C 3]"
            ";P0[4 done];P1[5 resign];P1[6 done])")
    g = read(text)
    assert texts(g) == ["F3", "C3"]
    assert g.tags["White"] == "Bob" and g.tags["Black"] == "Ann"
    assert g.resigned == "white"


def sgf_of(moves, resign=None) -> str:
    """A Boardspace-style SGF of a move list, humans clicking (pickb/dropb)."""
    out = ["(;GM[Dvonn]VV[1]", 'P0[id "a"]', 'P1[id "b"]', "; P0[0 Start P0]"]
    g = Game()
    k = 1
    for m in moves:
        p = "P0" if g.to_move == "white" else "P1"
        if m == "PASS":
            acts = ["pass"]
        elif len(m) == 2:
            acts = ["dropb %s %s" % (m[0], m[1])]
        else:
            acts = ["pickb %s %s" % (m[0], m[1]), "dropb %s %s" % (m[2], m[3])]
        for a in acts + ["done"]:
            out.append("; %s[%d %s]" % (p, k, a))
            k += 1
        g.play(m)
    if resign:
        out.append("; %s[%d resign]" % ("P0" if resign == "white" else "P1", k))
    return "\n".join(out) + "\n)"


@pytest.mark.parametrize("index", range(0, len(SAMPLE), 10))
def test_sgf_written_from_a_fixture_game_reads_back(index):
    white, black, moves = SAMPLE[index]
    g = read(sgf_of(moves))
    assert texts(g) == moves
    assert g.score() == (white, black)


def test_sgf_stack_picked_up_and_put_back_or_moved_on_is_one_move():
    _, _, moves = SAMPLE[0]
    text = sgf_of(moves[:49])[:-1]
    a, b = moves[49][:2], moves[49][2:]
    text += "; P0[900 pickb %s %s]; P0[901 dropb %s %s]; P0[902 pickb %s %s]; P0[903 dropb %s %s]; P0[904 done])" % (
        a[0], a[1], a[0], a[1], a[0], a[1], b[0], b[1])
    assert texts(read(text)) == moves[:50]


# ---------------------------------------------------------------------- bytes and encodings


def test_latin1_bytes_are_read():
    (path,) = [p for p in SGF if p.name.endswith(".resign.sgf")]
    data = path.read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    assert read(data) == read_file(path)


def test_own_format_in_latin1_and_utf8_bytes_keeps_accents():
    text = '[Event "Partie gagnée"]\n\nF3 C3\n'
    assert read(text.encode("latin-1")).tags["Event"] == "Partie gagnée"
    assert read(text.encode("utf-8")).tags["Event"] == "Partie gagnée"
    assert read(b"\xef\xbb\xbf" + text.encode("utf-8")).tags["Event"] == "Partie gagnée"  # BOM


# ---------------------------------------------------------------------- own format


def test_written_record_has_tags_a_blank_line_and_ten_moves_a_line():
    g = random_game(5)
    g.tags["White"] = "Ann"
    g.tags["Round"] = "3"
    text = write(g)
    header, moves = text.split("\n\n")
    w, b = g.score()
    assert header.split("\n") == [
        '[Event "?"]',
        '[Site "?"]',
        '[Date "?"]',
        '[White "Ann"]',
        '[Black "?"]',
        '[Result "%s"]' % {"white": "1-0", "black": "0-1", "draw": "1/2-1/2"}[g.winner()],
        '[Score "%d-%d"]' % (w, b),
        '[Round "3"]',
    ]
    lines = moves.strip("\n").split("\n")
    assert all(len(line.split()) == 10 for line in lines[:-1])
    assert " ".join(lines).split() == texts(g)


def test_unfinished_game_has_result_star_and_no_score():
    g = read("F3 C3 I3")
    assert '[Result "*"]' in write(g)
    assert "Score" not in write(g)


def test_resignation_is_written_as_resign_and_read_back():
    g = read("F3 C3 I3")
    g.resign()
    text = write(g)
    assert '[Result "1-0"]' in text  # Black was to move and resigned
    assert text.rstrip().endswith("F3 C3 I3 resign")
    assert read(text).resigned == "black"


def test_resignation_by_the_side_not_to_move_names_the_side():
    g = read("F3 C3 I3")
    g.resign("white")
    assert write(g).rstrip().endswith("resign white")
    assert read(write(g)).resigned == "white"


def test_start_position_is_written_as_position_tag_and_honoured():
    g = random_setup(4)
    start = Game.from_position(g.position())
    start.play(start.legal_moves()[0])
    text = write(start)
    assert '[Position "%s"]' % g.position() in text
    back = read(text)
    assert back == start
    assert back.start_position == g.position()


def test_tag_values_escape_quotes_and_backslashes_and_stay_on_one_line():
    g = Game()
    g.tags["Event"] = 'The "big" one \\ 2024'
    g.tags["Annotator"] = "two\nlines"
    text = write(g)
    assert '[Event "The \\"big\\" one \\\\ 2024"]' in text
    assert '[Annotator "two lines"]' in text
    back = read(text)
    assert back.tags == {"Event": 'The "big" one \\ 2024', "Annotator": "two lines"}


def test_derived_and_unknown_tags_on_import():
    text = '[Event "E"]\n[Result "1-0"]\n[Score "9-9"]\n[White "?"]\n[Opening "x"]\n\nF3\n'
    g = read(text)
    assert g.tags == {"Event": "E", "Opening": "x"}  # Result and Score come from the game itself


def test_bad_tag_name_cannot_be_written():
    g = Game()
    g.tags["no spaces"] = "x"
    with pytest.raises(RecordError, match="tag name"):
        write(g)


# ---------------------------------------------------------------------- round trips


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_games_round_trip(seed):
    g = random_game(seed)
    text = write(g)
    back = read(text)
    assert back == g
    assert write(back) == text


TAG_NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_", min_size=1, max_size=12)
TAG_VALUES = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), max_size=30)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    back_moves=st.integers(min_value=0, max_value=120),
    resign=st.sampled_from([None, "white", "black"]),
    tags=st.dictionaries(TAG_NAMES, TAG_VALUES, max_size=5),
)
def test_cut_short_resigned_and_tagged_games_round_trip(seed, back_moves, resign, tags):
    g = random_game(seed)
    for _ in range(min(back_moves, len(g.moves))):
        g.undo()
    if resign and g.phase != "over":
        g.resign(resign)
    g.tags.update(tags)
    back = read(write(g))
    assert back == g
    kept = {
        k: v for k, v in tags.items() if k not in record.DERIVED_TAGS and not (k in record.STANDARD_TAGS and v == "?")
    }
    assert back.tags == kept
    assert write(back) == write(g)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), placed=st.integers(min_value=0, max_value=49))
def test_games_from_a_position_round_trip(seed, placed):
    setup = random_setup(seed)
    start = Game()
    for m in setup.moves[:placed]:
        start.play(m)
    g = random_game(seed, Game.from_position(start.position()))
    assert read(write(g)) == g


@pytest.mark.parametrize("index", range(len(SAMPLE)))
def test_fixture_games_round_trip_in_own_format_and_as_bare_lists(index):
    white, black, moves = SAMPLE[index]
    g = replay(moves)
    if g.phase != "over":
        g.resign()  # these games stopped early: someone resigned
    g.tags.update({"Site": "Boardspace", "White": "a", "Black": "b"})
    assert read(write(g)) == g
    bare = read(" ".join(moves))
    assert texts(bare) == moves and bare.score() == (white, black)


# ---------------------------------------------------------------------- bare move lists


def is_stack_move(m: str) -> bool:
    return len(m) == 4 and m != "PASS"


def test_bare_list_in_any_case_and_with_any_separator():
    _, _, moves = SAMPLE[3]
    want = replay(moves)
    variants = [
        " ".join(moves),
        ", ".join(m.lower() for m in moves),
        "\n".join(moves),
        "\r\n".join(moves) + "\r\n",
        " ".join(m[:2] + "-" + m[2:] if is_stack_move(m) else m for m in moves),
        " ".join(m[:2].lower() + "x" + m[2:] if is_stack_move(m) else m.lower() for m in moves),
        ";".join(moves),
        " ".join("%d. %s" % (i + 1, m) if i % 2 == 0 else m for i, m in enumerate(moves)),
    ]
    for text in variants:
        assert read(text) == want, text[:60]


def test_bare_list_may_leave_out_the_forced_last_placement():
    _, _, moves = SAMPLE[5]
    without = moves[:48] + moves[49:]
    assert texts(read(" ".join(without))) == moves


def test_resign_right_after_48_placements_places_the_last_piece_first():
    _, _, moves = SAMPLE[5]
    g = read(" ".join(moves[:48]) + " resign")
    assert len(g.moves) == 49 and g.resigned == "white"


def test_result_token_at_the_end_is_accepted():
    assert texts(read("F3 C3 *")) == ["F3", "C3"]
    assert read("F3 C3 resign 1-0").resigned == "white"


# ---------------------------------------------------------------------- errors


def error(text) -> RecordError:
    with pytest.raises(RecordError) as info:
        read(text)
    return info.value


def test_record_error_is_a_value_error_exported_by_the_package():
    import dvonn_core

    assert issubclass(RecordError, ValueError)
    assert "RecordError" in dvonn_core.__all__


def test_malformed_move_names_its_number_text_and_reason():
    e = error("F3 C3 I3 E3 Z9 D1")
    assert (e.number, e.move) == (5, "Z9")
    assert str(e).startswith("move 5 (Z9): ")
    assert "not a DVONN move" in str(e)


def test_illegal_move_names_its_number_text_and_reason():
    e = error("F3 C3 I3 C3")
    assert (e.number, e.move) == (4, "C3")
    assert "C3 is already occupied" in str(e)


def test_stack_move_during_placement_is_reported():
    e = error("F3 C3 E3G3")
    assert e.number == 3 and "until all 49 pieces are placed" in str(e)


def test_moves_are_counted_across_placements_moves_and_passes_with_the_forced_placement():
    _, _, moves = SAMPLE[0]
    g = replay(moves[:52])
    bad = g.legal_moves()[0]
    # leave out the 49th placement: it is still counted
    text = " ".join(moves[:48] + moves[49:52]) + " " + str(bad) + " " + str(bad)
    e = error(text)
    assert e.number == 54 and e.move == str(bad)


def test_move_after_a_resignation_is_an_error():
    e = error("F3 C3 resign I3")
    assert e.number == 3 and "resigned" in str(e)


def test_resign_after_the_game_is_over_is_an_error():
    g = random_game(1)
    e = error(" ".join(texts(g)) + " resign")
    assert e.number == len(g.moves) + 1 and "over" in str(e)


def test_move_after_the_game_is_over_is_an_error():
    g = random_game(2)
    e = error(" ".join(texts(g)) + " PASS")
    assert e.number == len(g.moves) + 1 and "over" in str(e)


def test_result_in_the_middle_is_an_error():
    assert "middle" in str(error("F3 1-0 C3"))


@pytest.mark.parametrize(
    "text, words",
    [
        ('[Event "x"\n\nF3', "closing"),
        ("[Event x]\n\nF3", "double quotes"),
        ('[Event "a"b"]\n\nF3', "inside the value"),
        ('[ "x"]\n\nF3', "no tag name"),
        ('[Event "x\\"]\n\nF3', "end of the value"),
        ('[Event "x"]\n[Event "y"]\n\nF3', "twice"),
        ('[Position "nonsense"]\n\nF3', "Position"),
        ("Event [Tournament\n1. f3", "no closing"),
        ("Event [Tournament\nSite [x]\n1. f3", "one line"),
    ],
)
def test_malformed_tags(text, words):
    assert words in str(error(text))


@pytest.mark.parametrize("text", ["", "   \n\t ", b"", "\ufeff"])
def test_empty_input(text):
    assert "empty" in str(error(text))


@pytest.mark.parametrize("text", ["<html><body>Hi</body></html>", "hello world", '{"moves": []}', "Dear Sir"])
def test_unknown_format(text):
    assert "not a DVONN record" in str(error(text))


def test_not_text_at_all():
    assert "text or bytes" in str(error(42))
    assert "not valid Unicode" in str(error("F3 \ud800"))
    assert "not valid Unicode" in str(error("(;GM[\ud800])"))


def test_huge_input_fails_fast():
    assert "too large" in str(error("F3 " * 1_000_000))
    assert "too large" in str(error(b"F3 " * 1_000_000))
    assert "too long" in str(error("F3 " * 6000))


@pytest.mark.parametrize(
    "text, words",
    [
        ("(;GM[Chess];P0[1 dropb F 3];P0[2 done])", "not a DVONN game"),
        ("(;GM[Dvonn];P0[1 dropb F 3", "closing"),
        ("(;GM[Dvonn])", "no moves"),
        ("(;GM[Dvonn];P0[1 teleport F 3];P0[2 done])", "unknown action"),
        ("(;GM[Dvonn];P0[1 dropb F];P0[2 done])", "cell is missing"),
        ("(;GM[Dvonn];P0[1 dropb Z 9];P0[2 done])", "move 1 (Z9)"),
        ("(;GM[Dvonn];P1[1 dropb F 3];P1[2 done])", "turn"),
        ("(;GM[Dvonn];P0[1 dropb F 3];P0[2 pickb C 3])", "just placed"),
        ("(;GM[Dvonn];P0[1 dropb F 3]{P0[2 done])", "unexpected character"),
        ("(;[x])", "no property name"),
    ],
)
def test_sgf_errors(text, words):
    assert words in str(error(text))


def test_from_record_gives_a_new_game_or_raises():
    with pytest.raises(RecordError):
        Game.from_record("F3 C3 C3")
    g = Game.from_record("F3 C3")
    assert texts(g) == ["F3", "C3"]


# ---------------------------------------------------------------------- fuzzing

VALID = [LG_DEMO.read_text(), write(random_game(7)), write(random_game(8, random_setup(8))), " ".join(SAMPLE[1][2])]
VALID += [p.read_bytes().decode("latin-1") for p in SGF]
FUZZ_RUNS = {"random": 0, "mutated": 0, "games": 0}


def read_or_record_error(text):
    try:
        g = read(text)
    except RecordError:
        return None
    assert isinstance(g, Game)
    return g


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=300), st.text(st.characters(blacklist_categories=()), max_size=50),
                 st.binary(max_size=300),
                 st.text(alphabet="[]()\";\\ \nPpassdropbickmoeDvn0123456789ABCDEFGHIJK-", max_size=300)))
def fuzz_random(text):
    FUZZ_RUNS["random"] += 1
    read_or_record_error(text)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(VALID),
    st.lists(st.tuples(st.floats(0, 1), st.integers(0, 20), st.text(max_size=5)), min_size=1, max_size=4),
)
def fuzz_mutated(text, edits):
    FUZZ_RUNS["mutated"] += 1
    for where, cut, insert in edits:
        at = int(where * len(text))
        text = text[:at] + insert + text[at + cut :]
    if read_or_record_error(text) is not None:
        FUZZ_RUNS["games"] += 1


def test_fuzz_read_returns_a_game_or_raises_record_error():
    fuzz_random()
    fuzz_mutated()
    print("fuzz cases: %(random)d random, %(mutated)d mutated (%(games)d of them still read as games)" % FUZZ_RUNS)
    assert FUZZ_RUNS["random"] >= 100 and FUZZ_RUNS["mutated"] >= 100


def test_too_many_tags_and_too_long_sgf_fail_fast():
    assert "too many tags" in str(error("A [b] " * 500 + "F3"))
    assert "too many tags" in str(error("".join('[T%d "x"]\n' % i for i in range(500)) + "\nF3"))
    assert "too long" in str(error("(;GM[Dvonn]" + ";P0[1 done]" * 60000 + ")"))


# ---------------------------------------------------------------------- MicroPython

MICROPYTHON_SCRIPT = r"""
from dvonn_core import RecordError
from dvonn_core.dvonn import record
from dvonn_core.dvonn.setup import random_game
for name in NAMES:
    g = record.read_file(DATA + "/" + name)
    print(name, g.score(), g.resigned, sorted(g.tags.items()), " ".join(str(m) for m in g.moves))
for seed in range(10):
    g = random_game(seed)
    text = record.write(g)
    print(seed, record.read(text) == g, len(text))
for bad in ["", "hello", "[Event x]", "F3 C3 C3", "F3,C3,zz", "(;GM[Chess];P0[1 done])", b"\xff\xfe F3",
            "(;GM[Dvonn];P0[1 dropb F 3]{)", "A [b] " * 300, "[Event \"caf\xe9\"]\n\nF3 C3 C3"]:
    try:
        record.read(bad)
        print("no error")
    except RecordError as e:
        print("RecordError:", e, e.number, e.move)
print("done")
"""


def test_records_read_the_same_on_micropython(tmp_path):
    """The web page reads records with MicroPython (WebAssembly, run here under Node)."""
    import os
    import shutil
    import subprocess
    import sys

    root = DATA.parent.parent
    files = [LG_DEMO] + SGF
    names = [p.name for p in files]
    node = shutil.which("node")
    assert node, "Node.js is needed to run MicroPython (see README)"
    assert (root / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs").exists(), (
        "run `npm ci` first"
    )
    data = tmp_path / "data"
    data.mkdir()
    for p in files:
        shutil.copy(p, data / p.name)
    mp_script = tmp_path / "mp.py"
    mp_script.write_text("NAMES = %r\nDATA = '/data'\n" % names + MICROPYTHON_SCRIPT)
    mp = subprocess.run([node, str(root / "tests" / "micropython" / "run.mjs"), str(mp_script), *map(str, files)],
                        capture_output=True, text=True, cwd=root, timeout=600)
    assert mp.returncode == 0, mp.stderr
    cp_script = "NAMES = %r\nDATA = %r\n" % (names, str(data)) + MICROPYTHON_SCRIPT
    cp = subprocess.run([sys.executable, "-c", cp_script], capture_output=True, text=True, cwd=root, timeout=600,
                        env=dict(os.environ, PYTHONPATH=str(root)))
    assert cp.returncode == 0, cp.stderr
    assert cp.stdout.splitlines()[-1] == "done"
    assert mp.stdout.splitlines() == cp.stdout.splitlines()
