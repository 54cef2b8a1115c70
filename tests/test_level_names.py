"""Every bot level a game page offers is named in the bot's status, in every language (issue 56, defect
5: at the master level the status read "Bot (?): thinking…")."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from unittest import mock

import pytest

from diamonds import persist as diamonds_persist
from dvonn import persist as dvonn_persist
from kernel import i18n as page_i18n
from sitebuild import i18n

WEB = Path(__file__).resolve().parent.parent / "web"
PAGES = {"dvonn": (WEB / "dvonn" / "index.html", dvonn_persist), "diamonds": (WEB / "diamonds" / "diamonds.html",
                                                                             diamonds_persist)}


@pytest.fixture(scope="module")
def page_module() -> Iterator[ModuleType]:
    """kernel/page.py, imported on CPython with a stand-in for PyScript."""
    fake = mock.MagicMock()
    with mock.patch.dict(sys.modules, {"pyscript": fake, "pyscript.ffi": fake.ffi, "js": fake.js}):
        yield importlib.import_module("kernel.page")
    sys.modules.pop("kernel.page", None)


def offered(game: str) -> list[str]:
    """The levels of the game page's form: the frame's select and the game's ``more_levels`` part."""
    frame = (WEB / "shared" / "game.html").read_text()
    select = re.search(r'<select data-testid="level">(.*?)</select>', frame, re.S)
    assert select
    part = PAGES[game][0].read_text().split("<!-- part: more_levels -->")[1].split("<!-- part:")[0]
    return re.findall(r'<option value="(\w+)"', select.group(1).replace("{{more_levels}}", part))


@pytest.mark.parametrize("game", list(PAGES))
def test_every_level_of_a_page_has_a_name(page_module: ModuleType, game: str) -> None:
    levels = offered(game)
    assert set(levels) == set(PAGES[game][1].SAVES.levels), "the form offers the levels a save holds"
    assert set(levels) <= set(page_module.LEVEL_NAMES), "a level with no name in kernel/page.py LEVEL_NAMES"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_bots_status_names_every_level_in_every_language(page_module: ModuleType, language: str) -> None:
    messages = i18n.read(language)
    try:
        page_i18n.install(messages.catalog(), messages.plural, language)
        for level in offered("dvonn") + offered("diamonds"):
            name = page_module.level_name(level)
            status = page_i18n._("Bot (%(level)s): thinking…") % {"level": name}
            assert "?" not in status and name in status, (language, level, status)
            if language != "en":
                assert messages.catalog().get(page_module.LEVEL_NAMES[level]), (language, level, "not translated")
    finally:
        page_i18n.install(None)
