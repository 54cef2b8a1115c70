"""The core gives identical results on CPython and on the MicroPython WebAssembly build that
runs the web page (the npm package, run under Node): DVONN (check.py) and Diamonds & Pivots
(check_diamonds.py), each printing one line per result."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
CHECKS = ROOT / "tests" / "micropython"
RUNNER = CHECKS / "run.mjs"


def run_cpython(tmp_path: Path, check: Path, files: "list[Path]") -> str:
    for path in files:
        shutil.copy(path, tmp_path / path.name)
    code = "DATA_DIR = %r\nexec(compile(open(%r).read(), %r, 'exec'))" % (str(tmp_path), str(check), check.name)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "web")]))  # the core, the pages
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def run_micropython(check: Path, files: "list[Path]") -> str:
    node = shutil.which("node")
    assert node, "Node.js is needed to run MicroPython (see README)"
    assert (ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs").exists(), (
        "run `npm ci` first: the MicroPython runtime comes from package-lock.json"
    )
    out = subprocess.run(
        [node, str(RUNNER), str(check)] + [str(p) for p in files], capture_output=True, text=True, cwd=ROOT, timeout=600
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def same_output(tmp_path: Path, check: Path, files: "list[Path]") -> "list[str]":
    """Run ``check`` on both Pythons; assert line-for-line equal output; return CPython's lines."""
    expected = run_cpython(tmp_path, check, files).splitlines()
    actual = run_micropython(check, files).splitlines()
    assert expected[-1] == "done"
    assert not [line for line in expected if "MISMATCH" in line]
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):  # the first difference, then the length
        assert got == want, "line %d differs:\nCPython:     %s\nMicroPython: %s" % (i + 1, want, got)
    assert len(actual) == len(expected)
    return expected


def test_micropython_matches_cpython(tmp_path: Path) -> None:
    files = [DATA / n for n in ("boardspace-sample.txt", "perft.txt", "littlegolem-demo.txt")]
    lines = same_output(tmp_path, CHECKS / "check.py", files)
    assert sum(1 for line in lines if line.startswith("game ")) == 240


def test_diamonds_on_micropython_matches_cpython(tmp_path: Path) -> None:
    data = [DATA / "diamonds" / "perft.txt", DATA / "diamonds" / "long-chain.txt"]
    lines = same_output(tmp_path, CHECKS / "check_diamonds.py", data)
    assert sum(1 for line in lines if line.startswith("random ")) == 8
    assert sum(1 for line in lines if line.startswith("perft ")) >= 5


MOUNT_CHECK = """
import sys
exec(open("/data/mount.py").read())
mount("/data/modules.pack")
import a, empty
from dvonn_core.diamonds import c
print("imported", a.NAME, len(a.DATA), sum(a.DATA) % 65521, empty.__name__, c.NAME, c.__file__)
for name in ("/pack/a.py", "/pack/dvonn_core/b.bin", "/pack/dvonn_core/diamonds/c.py", "/pack/empty.py"):
    with open(name, "rb") as f:
        data = f.read()
    print(name, len(data), sum(data) % 65521)
for bad in ("/data/bad-magic.pack", "/data/short.pack"):
    try:
        mount(bad)
        print("no error for", bad)
    except ValueError as e:
        print("error", e)
print("done")
"""


def test_micropython_mounts_a_page_pack(tmp_path: Path) -> None:
    """web/kernel/mount.py, run on the page's MicroPython, mounts a pack made by
    sitebuild.packs.pack_modules (a ROMFS image): its modules import from it, in folders too, its files
    read back intact, and a bad pack gets a message naming what is wrong."""
    from sitebuild import WEB
    from sitebuild.packs import pack_modules, unpack_modules

    files = {"./a.py": b"NAME = 'a'\nDATA = bytes(range(256)) * 9\n", "./dvonn_core/b.bin": bytes(range(256)) * 9,
             "./empty.py": b"", "./dvonn_core/__init__.py": b"", "./dvonn_core/diamonds/__init__.py": b"",
             "./dvonn_core/diamonds/c.py": b"NAME = 'c'\n" + b"# padding\n" * 150}
    pack = pack_modules(files)
    assert unpack_modules(pack) == {name[2:]: data for name, data in files.items()}
    (tmp_path / "modules.pack").write_bytes(pack)
    (tmp_path / "bad-magic.pack").write_bytes(b"PK\x03\x04" + pack[4:])
    (tmp_path / "short.pack").write_bytes(pack[:-100])
    (tmp_path / "mount.py").write_text((WEB / "kernel" / "mount.py").read_text())
    check = tmp_path / "check_mount.py"
    check.write_text(MOUNT_CHECK)
    lines = run_micropython(check, [tmp_path / n for n in ("modules.pack", "bad-magic.pack", "short.pack", "mount.py")])
    expected = ["imported a 2304 %d empty c /pack/dvonn_core/diamonds/c.py" % (sum(bytes(range(256)) * 9) % 65521)]
    expected += ["/pack/%s %d %d" % (name[2:], len(files[name]), sum(files[name]) % 65521)
                 for name in ("./a.py", "./dvonn_core/b.bin", "./dvonn_core/diamonds/c.py", "./empty.py")]
    expected += ["error /data/bad-magic.pack is not a module pack",
                 "error /data/short.pack is cut short (%d of %d bytes)" % (len(pack) - 100, len(pack)), "done"]
    assert lines.splitlines() == expected


SPLIT_CHECK = """
exec(open("/data/mount.py").read())
for packs in (["/data/page.pack"], ["/data/page.pack", "/data/other.pack"],
              ["/data/page.pack", "/data/short.pack"], ["/data/page.pack", "/data/bad-magic.pack"],
              ["/data/page.pack", "/data/shared.pack", "/data/shared.pack"]):
    try:
        mount(*packs)
        print("no error for", packs)
    except ValueError as e:
        print("error", e)
mount("/data/page.pack", "/data/shared.pack")
import zz.own, zz.one
from zz.deep import two
print("imported", zz.NAME, zz.one.NAME, zz.own.NAME, two.NAME, len(zz.one.DATA), sum(zz.one.DATA) % 65521)
print(sorted(__import__("os").listdir("/pack/zz")))
"""


def test_micropython_mounts_a_page_pack_with_its_shared_pack(tmp_path: Path) -> None:
    """A page's pack and its game's shared pack (sitebuild.packs.page_image), mounted by web/kernel/mount.py
    on the page's MicroPython: a package with modules in both packs imports each of them (two mounts could
    not: MicroPython looks for a package's modules in one folder), and a shared pack that is missing, cut
    short, not a pack or not the one the page's pack was built with gets a message naming it."""
    from sitebuild import WEB
    from sitebuild.packs import pack_modules, page_image

    data = bytes(range(256)) * 9
    shared = pack_modules({"zz/__init__.py": b"NAME = 'zz'\n", "zz/one.py": b"NAME = 'one'\nDATA = %r\n" % data,
                           "zz/deep/__init__.py": b"", "zz/deep/two.py": b"NAME = 'two'\n"})
    page = page_image({"zz/own.py": b"NAME = 'own'\n"}, shared)
    other = pack_modules({"zz/__init__.py": b"NAME = 'other'\n"})
    for name, content in (("shared.pack", shared), ("page.pack", page), ("other.pack", other),
                          ("short.pack", shared[:-100]), ("bad-magic.pack", b"PK\x03\x04" + shared[4:])):
        (tmp_path / name).write_bytes(content)
    (tmp_path / "mount.py").write_text((WEB / "kernel" / "mount.py").read_text())
    check = tmp_path / "check_split.py"
    check.write_text(SPLIT_CHECK)
    names = ("shared.pack", "page.pack", "other.pack", "short.pack", "bad-magic.pack", "mount.py")
    lines = run_micropython(check, [tmp_path / n for n in names])
    assert lines.splitlines() == [
        "error /data/page.pack was built to be read with 1 pack(s) after it, not 0",
        "error /data/other.pack is not the pack /data/page.pack was built with (%d bytes, not %d)"
        % (len(other), len(shared)),
        "error /data/short.pack is cut short (%d of %d bytes)" % (len(shared) - 100, len(shared)),
        "error /data/bad-magic.pack is not a module pack",
        "error /data/page.pack was built to be read with 1 pack(s) after it, not 2",
        "imported zz one own two 2304 %d" % (sum(data) % 65521),
        "['__init__.py', 'deep', 'one.py', 'own.py']"]


PATH_CHECK = """
import sys, js
exec(open("/data/mount.py").read())
before = js.fsMisses()
import json, binascii
after_two = js.fsMisses()
mount("/data/modules.pack")
mounted = js.fsMisses()
import a, io, errno, heapq, asyncio
print("misses before the mount: %d for two imports" % (after_two - before))
print("misses after it: %d" % (js.fsMisses() - mounted))
print(sys.path, a.NAME)
"""


def test_after_the_mount_imports_look_in_no_folder_of_the_browsers_file_system(tmp_path: Path) -> None:
    """After mount.py, sys.path is the packs and MicroPython's frozen modules: a module it has built in (json,
    io...) or frozen (asyncio) is no longer looked for in the working folder and /lib first, where each miss
    costs the page an exception in Emscripten's file system (issue 45)."""
    from sitebuild import WEB
    from sitebuild.packs import pack_modules

    (tmp_path / "modules.pack").write_bytes(pack_modules({"./a.py": b"NAME = 'a'\n"}))
    (tmp_path / "mount.py").write_text((WEB / "kernel" / "mount.py").read_text())
    check = tmp_path / "check_path.py"
    check.write_text(PATH_CHECK)
    lines = run_micropython(check, [tmp_path / "modules.pack", tmp_path / "mount.py"]).splitlines()
    assert lines[0] != "misses before the mount: 0 for two imports"  # the runner counts them
    assert lines[1:] == ["misses after it: 0", "['/pack', '.frozen'] a"]


def test_the_crafted_inputs_of_issue_44_give_the_same_answers_on_micropython(tmp_path: Path) -> None:
    """benchmarks/pages/fuzz_pages.py's crafted links, embeds, saves and records through the pages' parsers on the
    page's MicroPython: each refused with the same documented error and message as on CPython, none
    with any other exception (the slowest case's time is printed, not compared)."""
    import json

    from benchmarks.pages import fuzz_pages

    data = tmp_path / "data"
    data.mkdir()
    cases = [[entry, case[0], case[1]] for entry, case in fuzz_pages.crafted()]
    (data / "crafted.json").write_text(json.dumps(cases))
    check = CHECKS / "check_crafted.py"
    expected = run_cpython(tmp_path, check, [data / "crafted.json"]).splitlines()
    actual = run_micropython(check, [data / "crafted.json"]).splitlines()
    print("\n".join(line for line in expected + actual if line.startswith("time")))
    expected = [line for line in expected if not line.startswith("time")]
    actual = [line for line in actual if not line.startswith("time")]
    assert expected[-1] == "done" and len(expected) == len(cases) + 1
    assert not [line for line in expected if " UNEXPECTED " in line]
    assert actual == expected


def test_the_lessons_judge_every_try_the_same_on_micropython(tmp_path: Path) -> None:
    """Every task of both games' lesson files (issue 55), a wrong try, an illegal try and its answer, through
    the page's own checking code: the same verdicts, texts and positions on the page's MicroPython as on
    CPython."""
    data = tmp_path / "data"
    data.mkdir()
    for game in ("dvonn", "diamonds"):
        shutil.copy(ROOT / "lessons" / f"{game}.txt", data / f"{game}.txt")
    lines = same_output(tmp_path, CHECKS / "check_lessons.py", [data / "dvonn.txt", data / "diamonds.txt"])
    answers = [line for line in lines if " answer " in line]
    assert len(answers) == 24 + 18 + 1 and all(" answer ok " in line for line in answers)  # (a task of two goals)
    assert sum(1 for line in lines if " illegal illegal " in line) >= 30
