"""The links at the foot of the pages (each page's ``site_links`` part): separated by "·", with no
"·" left over at either end or doubled (issue 41's puzzle pages ended theirs with a stray one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitebuild.pages import PART

WEB = Path(__file__).resolve().parents[1] / "web"
PAGES = sorted(p for p in WEB.glob("*/*.html") if "<!-- part: site_links -->" in p.read_text())


def site_links(page: Path) -> str:
    pieces = PART.split(page.read_text())
    return dict(zip(pieces[1::2], pieces[2::2], strict=True))["site_links"]


def test_the_pages_with_site_links_are_found() -> None:
    assert {"puzzles.html", "diamonds-puzzles.html", "index.html", "diamonds.html"} <= {p.name for p in PAGES}


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_the_foot_links_are_separated_by_one_dot_and_none_at_the_ends(page: Path) -> None:
    text = re.sub(r"\s+", " ", re.sub(r"<a [^>]*>.*?</a>", "LINK", site_links(page), flags=re.S)).strip()
    assert re.fullmatch(r"LINK( · LINK)*", text), text
