"""Every number with decimals a page shows is written by one formatter, ``kernel.i18n.decimal``, the
way of the page's language (issue 56, defect 1: "Bewertung: +0.99", "1.00 pierres" on the German and
French pages).  Two checks: each message of the pages that takes such a number, said in every language
(a decimal comma in German, French and Dutch), and no page's Python writing a decimal number into the
page's text by itself (a ``%.2f`` of its own: only markup, SVG coordinates and CSS lengths, may)."""

from __future__ import annotations

import ast
import importlib
import re
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from unittest import mock

import pytest

from kernel import i18n as page_i18n

WEB = Path(__file__).resolve().parent.parent / "web"


@pytest.fixture(scope="module")
def pages() -> Iterator[dict[str, types.ModuleType]]:
    """The page modules that write numbers, imported on CPython with a stand-in for PyScript (the
    modules start their page when imported: that start is dropped)."""
    fake = mock.MagicMock()
    modules = {"pyscript": fake, "pyscript.ffi": fake.ffi}
    names = ("kernel.analysis_board", "diamonds.puzzles", "dvonn.puzzles")
    with mock.patch.dict(sys.modules, modules), mock.patch("asyncio.create_task", lambda job: job.close()):
        yield {name: importlib.import_module(name) for name in names}
    for name in names:
        sys.modules.pop(name, None)


def in_language(language: str) -> None:
    from sitebuild import i18n

    messages = i18n.read(language)
    page_i18n.install(messages.catalog(), messages.plural, language)


#: Each message of the pages that takes a number with decimals: what it says of 0.99 or 1.40.
def messages_with_numbers(pages: dict[str, types.ModuleType]) -> dict[str, Callable[[], str]]:
    from kernel import saves
    from study import analysis

    board = pages["kernel.analysis_board"]
    _ = page_i18n._

    def graph_label() -> str:
        a = analysis.Analysis(["p0", "p1"], ["white", "black"], ["A1B1"], "key")
        a.scores, a.unit = [0, 140], _("pieces")
        return analysis._graph_label(a)

    return {
        "the analysis board's evaluation": lambda: board.white_view("-99", "black")[0],
        "the analysis board's evaluation bar": lambda: _("Evaluation bar: %s for White") % board.white_view(
            "140", "white")[0],
        "the analysis graph's label": graph_label,
        "a stored game's size": lambda: saves.size_text(int(1.4 * 1024 * 1024)),
    }


@pytest.mark.parametrize("language", ["en", "de", "fr", "nl"])
def test_every_message_that_takes_a_number_writes_it_the_way_of_the_language(
        pages: dict[str, types.ModuleType], language: str) -> None:
    try:
        in_language(language)
        said = {name: make() for name, make in messages_with_numbers(pages).items()}
    finally:
        page_i18n.install(None)
    mark = "." if language == "en" else ","
    for name, text in said.items():
        assert re.search(r"\d\%s\d" % mark, text), (language, name, text)
        assert not re.search(r"\d\%s\d" % (",." .replace(mark, "")), text), (language, name, text)


def test_a_puzzles_margin_is_whole_pieces_or_stones(pages: dict[str, types.ModuleType]) -> None:
    try:
        in_language("de")
        assert pages["dvonn.puzzles"].DvonnPuzzles().margin_text("3") == "3 Steine"
        # Diamonds & Pivots puzzles count whole stones too since issue 53 (a gain of two stones or more).
        assert pages["diamonds.puzzles"].DiamondsPuzzles().margin_text("3") == "3 Steine"
    finally:
        page_i18n.install(None)


FLOAT = re.compile(r"%(\([A-Za-z_]+\))?[-+ #0-9]*(\.[0-9]+)?[fFgGeE]")


def _markup(text: str) -> bool:
    """Whether a format string writes markup (SVG or CSS), where a number takes a point in every language:
    an element or attribute, a transform, a list of coordinates, a length in per cent."""
    return "<" in text or "=" in text or "(" in text or "%%" in text or len(FLOAT.findall(text)) > 1


def test_no_page_writes_a_decimal_number_itself() -> None:
    found = []
    for path in sorted(WEB.rglob("*.py")):
        if path == WEB / "kernel" / "i18n.py":
            continue  # the formatter
        tree = ast.parse(path.read_text(), str(path))
        attributes = set()  # the values of setAttribute calls: markup
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "setAttribute":
                attributes.update(id(arg) for arg in ast.walk(node.args[-1]) if node.args)
        for node in ast.walk(tree):
            if id(node) in attributes:
                continue
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) \
                    and isinstance(node.left.value, str) and FLOAT.search(node.left.value) \
                    and not _markup(node.left.value):
                found.append("%s:%d %r" % (path.relative_to(WEB), node.lineno, node.left.value))
            if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
                spec = ast.unparse(node.format_spec)
                if re.search(r"[fFgGeE]['\"]?$", spec):
                    found.append("%s:%d f-string %s" % (path.relative_to(WEB), node.lineno, spec))
    assert not found, "numbers written without kernel.i18n.decimal: %s" % found


def test_no_message_takes_a_decimal_number_in_its_own_format() -> None:
    """A message takes a number with decimals as text (``%s``, written by ``decimal``), never as ``%.2f``,
    which writes a point in every language."""
    from babel.messages.pofile import read_po

    from sitebuild import i18n

    with (i18n.LOCALE / f"{i18n.DOMAIN}.pot").open("rb") as f:
        ids = [m.id for m in read_po(f) if m.id]
    texts = [text for message in ids for text in ([message] if isinstance(message, str) else message)]
    assert texts and not [text for text in texts if FLOAT.search(text.replace("%%", ""))]
