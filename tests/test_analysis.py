"""The game analysis' pure part (web/study/analysis.py) on CPython: scores turned to White's view,
forced moves, mistakes and blunders by the documented thresholds, and the graph's markup."""

from __future__ import annotations

import doctest
import re

from study import analysis
from study.analysis import BLUNDER, MISTAKE, Analysis


def test_doctests() -> None:
    assert doctest.testmod(analysis).failed == 0


def line(scores: list[str], movers: list[str], moves: list[str], best: list[str]) -> Analysis:
    a = Analysis([f"p{i}" for i in range(len(scores))], movers, moves, "key", first=49)
    for i, score in enumerate(scores):
        a.add(i, f"{best[i]} {score} 4 1000")
    return a


def test_thresholds_are_the_documented_ones() -> None:
    movers = ["white", "black", "white", "black"]
    # Scores come for the side to move: White loses exactly MISTAKE with move 0, gains with
    # move 1 (Black's blunder), and plays the bot's own move last.
    a = line(["0", str(MISTAKE), str(BLUNDER - MISTAKE), "-900"], movers, ["A1B1", "C1D1", "E1F1"],
             ["X1Y1", "C1C2", "E1F1", "-"])
    assert a.scores == [0, -MISTAKE, BLUNDER - MISTAKE, 900]
    verdicts = a.verdicts()
    assert verdicts[0] == ("mistake", "X1Y1", MISTAKE)
    assert verdicts[1] == ("blunder", "C1C2", BLUNDER)
    assert 2 not in verdicts  # the bot's move was played: never a mistake
    assert a.summary() == "White: 1 mistake, 0 blunders. Black: 0 mistakes, 1 blunder."


def test_a_move_the_bot_would_play_is_never_marked() -> None:
    a = line(["0", "900"], ["white", "black"], ["A1B1"], ["A1B1", "-"])
    assert a.verdicts() == {}


def test_forced_passes_take_the_next_score_and_placement_is_unscored() -> None:
    a = Analysis(["p0", "p1", "p2"], ["white", "black", "white"], ["F3", "PASS"], "k")
    a.add(0, "F3 - 0 0")
    a.add(1, "PASS - 0 0")
    a.set_final(2, 20, 5)
    a.fill_forced()
    assert a.scores == [None, 1500, 1500]


def test_the_graph_has_a_column_per_position_named_by_its_ply() -> None:
    a = line(["0", "300", "-200"], ["white", "black", "white"], ["A1B1", "C1D1"], ["A1B1", "C1D1", "E1F1"])
    svg = analysis.graph_svg(a, 1)
    assert svg.count('class="g-hit"') == 3 and 'data-ply="49"' in svg and 'data-ply="51"' in svg
    assert svg.count("<polyline") == 1 and 'class="g-now"' in svg
    assert 'role="img"' in svg and "aria-label=" in svg


def test_numbers_are_written_the_way_of_the_pages_language() -> None:
    """The graph's label in each language: a decimal comma in German, French and Dutch, and German's
    lead with the right case (issue 43, defect 8: "mit 9.0 Steine")."""
    from kernel import i18n as kernel_i18n
    from sitebuild import i18n

    a = line(["0", "-900"], ["white", "black"], ["A1B1"], ["A1B1", "-"])
    expected = {"en": "White is ahead by 9.0 pieces", "de": "liegt Weiß 9,0 Steine vorn",
                "fr": "9,0 pions", "nl": "9,0 stukken"}
    try:
        for language, words in expected.items():
            messages = i18n.read(language)
            kernel_i18n.install(messages.catalog(), messages.plural, language)
            a.unit = kernel_i18n._("pieces")
            label = analysis.graph_svg(a, 1).split('aria-label="', 1)[1].split('"', 1)[0]
            assert words in label, (language, label)
            assert "9.0" not in label or language == "en"
    finally:
        kernel_i18n.install(None)


def test_the_graph_has_axes_and_a_narrow_unscored_start() -> None:
    """The pieces scale and the zero line at the left, move numbers below, and DVONN's placement
    (not scored) in a narrow strip of its own, labelled (issue 43)."""
    n = 70
    a = Analysis([f"p{i}" for i in range(n)], ["white", "black"] * (n // 2), ["A1B1"] * (n - 1), "k")
    a.scores = [None] * 49 + [100 * (i % 7 - 3) for i in range(n - 49)]
    svg = analysis.graph_svg(a, 10)
    assert ">+10<" in svg and ">0<" in svg and ">\u221210<" in svg and ">pieces<" in svg
    assert [int(m) for m in re.findall(r'class="g-move"[^>]*>(\d+)<', svg)] == [0, 50, 60]
    xs = analysis.columns(a)
    assert xs[48] < analysis.LEAD == xs[49] < analysis.WIDTH * 0.15  # placement: a strip, not half of the graph
    assert 'class="g-lead"' in svg and ">placement<" in svg
