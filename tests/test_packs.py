"""The pages' module packs split in two (issue 45): each game's shared pack, the modules every page of
the game loads, downloaded once for all of them, and each page's own pack with the rest.  The packs are
written as build.py writes them (sitebuild/packs.py) into a folder of the test's, then read back as the
page's start script mounts them; tests/test_micropython.py mounts them on the page's MicroPython."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import build
from sitebuild.modules import closure, fs_path, module_name
from sitebuild.packs import (
    data_spans,
    lazy_pack,
    micropython_page,
    pack_modules,
    pack_notes,
    page_image,
    shared_modules,
    shared_packs,
    unpack_modules,
)
from sitebuild.site import Site

GAMES = {"dvonn": ["index.html", "embed.html", "rules.html", "editor.html", "analysis.html", "puzzles.html",
                   "learn.html"],
         "diamonds": ["diamonds.html", "diamonds-embed.html", "diamonds-rules.html", "diamonds-editor.html",
                      "diamonds-analysis.html", "diamonds-puzzles.html", "diamonds-learn.html"]}


def mpy(path: Path) -> str:
    """A module's name in a pack (``kernel/url.mpy``)."""
    return fs_path(path)[:-3] + ".mpy"


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Site, dict, dict]:
    """Every MicroPython page's packs, written as build.py writes them: (the site, each page's
    (entry, modules), each page's (start script, PyScript files))."""
    site = Site(tmp_path_factory.mktemp("site"))
    loads = build.page_modules()
    shared = shared_packs(site, loads)
    pages = {name: micropython_page(site, name, entry, modules, shared.get(name))
             for name, (entry, modules) in loads.items()}
    return site, loads, pages


def mounted(site: Site, script: str, files: dict[str, str]) -> tuple[list[str], bytes, list[int]]:
    """What the start script mounts: (the dist paths in its order, their bytes one after the other,
    where each starts)."""
    order = [path.strip("'")[2:] for path in re.findall(r"^mount\((.*)\)$", script, re.M)[-1].split(", ")]
    paths = [files[name].split("?")[0] for name in order]
    parts = [(site.out / path).read_bytes() for path in paths]
    starts = [sum(len(part) for part in parts[:i]) for i in range(len(parts))]
    return paths, b"".join(parts), starts


def test_every_game_page_is_in_the_table() -> None:
    """The games' pages here are the site's MicroPython pages (a new page gets its line here)."""
    assert sorted(build.page_modules()) == sorted(GAMES["dvonn"] + GAMES["diamonds"])


@pytest.mark.parametrize("game", GAMES)
def test_the_shared_pack_holds_what_every_page_of_the_game_loads_and_nothing_else(game: str) -> None:
    loads = build.page_modules()
    shared = shared_modules(loads)[game]
    every = set.intersection(*(set(loads[name][1]) for name in GAMES[game]))
    assert shared == every
    assert {"kernel/i18n.py", f"{game}/render.py", f"dvonn_core/{game}/game.py"} <= {fs_path(p) for p in shared}
    assert len(shared) >= 15  # the rules, the board's drawing and the kernel's core: most of each page


def test_a_game_of_one_page_has_no_shared_pack() -> None:
    """One page alone gains nothing from a second request: its modules stay in its own pack."""
    loads = build.page_modules()
    assert shared_modules({"index.html": loads["index.html"]}) == {}
    two = {name: loads[name] for name in ("index.html", "rules.html", "diamonds.html")}
    assert sorted(shared_modules(two)) == ["dvonn"]


@pytest.mark.parametrize("name", GAMES["dvonn"] + GAMES["diamonds"])
def test_every_module_a_page_imports_is_in_exactly_one_of_its_packs(written: tuple, name: str) -> None:
    site, loads, pages = written
    entry, modules = loads[name]
    script, files = pages[name]
    game = entry.split(".")[0]
    assert sorted(files) == sorted([name.split(".")[0] + ".pack", f"{game}.shared.pack"])
    paths, data, starts = mounted(site, script, files)
    assert paths == [f"packs/{name.split('.')[0]}.pack", f"packs/{game}.shared.pack"]  # the page's first
    assert f"import {entry}\n" in script
    spans = data_spans(data, name)
    assert sorted(spans) == sorted(mpy(p) for p in modules)  # all the page imports, nothing more
    own = {module for module, (start, _) in spans.items() if start < starts[1]}
    in_shared = {module for module, (start, _) in spans.items() if start >= starts[1]}
    shared = set(unpack_modules((site.out / paths[1]).read_bytes(), paths[1]))
    assert in_shared == shared  # the shared pack is the page's: each of its modules, none elsewhere
    assert not own & shared and own | shared == set(spans)  # no module in two packs
    assert mpy(next(p for p in modules if module_name(p) == entry)) in own
    assert pack_notes((site.out / paths[0]).read_bytes()) == [len(data) - starts[1]]
    # Each module's bytes are the ones compiled for it (the page's pointers land on the shared modules' data).
    alone = unpack_modules((site.out / paths[1]).read_bytes())
    for module in in_shared:
        assert data[slice(*spans[module])] == alone[module], module


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_module_is_downloaded_once_per_game(written: tuple, game: str) -> None:
    """No page's own pack holds a module of its game's shared pack."""
    site, _, pages = written
    shared = set(unpack_modules((site.out / f"packs/{game}.shared.pack").read_bytes()))
    for name in GAMES[game]:
        _, data, starts = mounted(site, *pages[name])
        own = {module for module, (start, _) in data_spans(data).items() if start < starts[1]}
        assert not own & shared, name
        assert shared <= set(data_spans(data)), name


def test_the_study_pack_finds_what_it_imports_in_the_pages_packs(written: tuple, tmp_path: Path) -> None:
    """The study tools (a pack loaded on first use) import kernel and game modules from the page: every one
    of them is in the page's two packs; a page that has not loaded one is refused at build time."""
    site, loads, pages = written
    study = closure(tuple(module_name(p) for p in (build.WEB / "study").glob("*.py")))
    outside = {mpy(p) for p in study if module_name(p).split(".")[0] != "study"}
    assert outside
    for page in build.PAGES:
        if "study" in page.lazy:
            lazy_pack(site, "study", loads[page.name][1])
            _, data, _ = mounted(site, *pages[page.name])
            assert outside <= set(data_spans(data)), page.name
    some = next(p for p in study if module_name(p).split(".")[0] != "study")
    with pytest.raises(SystemExit, match=re.escape(fs_path(some))):
        lazy_pack(Site(tmp_path), "study", [p for p in loads["index.html"][1] if p != some])


def test_a_page_pack_read_without_its_shared_pack_is_refused() -> None:
    shared = pack_modules({"k/__init__.mpy": b"", "k/a.mpy": b"A" * 40})
    own = page_image({"k/b.mpy": b"B"}, shared)
    assert unpack_modules(own + shared) == {"k/__init__.mpy": b"", "k/a.mpy": b"A" * 40, "k/b.mpy": b"B"}
    with pytest.raises(ValueError, match=r"index\.pack: k/.* points past its end"):
        unpack_modules(own, "index.pack")
    assert pack_notes(own) == [len(shared)] and pack_notes(shared) == []
    assert len(own) % 2 == 0 and len(own + shared) % 2 == 0  # even sizes, as mpremote writes them
