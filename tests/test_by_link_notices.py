"""A game by link's notices and status lines begin with a capital letter, with the friend named or not,
in every language (issue 56, defect 9: "your friend played A1B1 (marked): your move ...")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from sitebuild import i18n

BY_LINK = Path(__file__).resolve().parent.parent / "web" / "kernel" / "by_link.py"


def unnamed_messages() -> list[str]:
    """The words a game by link shows when the friend has no name: the third argument of every
    ``_with_friend`` call (``_("...")``)."""
    found = []
    for node in ast.walk(ast.parse(BY_LINK.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_with_friend":
            message = node.args[2]
            assert isinstance(message, ast.Call) and isinstance(message.args[0], ast.Constant)
            found.append(str(message.args[0].value))
    return found


def test_the_messages_are_found() -> None:
    assert len(unnamed_messages()) >= 6


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_notice_without_the_friends_name_begins_with_a_capital(language: str) -> None:
    catalog = i18n.read(language).catalog() if language != i18n.SOURCE else {}
    for message in unnamed_messages():
        text = catalog.get(message) or message
        assert text[0].isupper(), (language, text)
