"""The bot worker's trimmed standard library (sitebuild/stdlib.py, issue 45): it keeps every module that the
worker's own code imports, leaves out what it says, and is the same zip at every build.

The browser tests run the worker on it (tests/e2e/test_bot_and_offline.py, test_bot_live.py), and the build
imports ``stdlib.LATER`` from it in Pyodide (tools/pyodide_snapshot.mjs --check)."""

import ast
import sys
import zipfile
from pathlib import Path

import pytest

from sitebuild import stdlib

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"

pytestmark = pytest.mark.skipif(not SOURCE.exists(), reason="node_modules/ not installed (npm ci)")


def worker_sources() -> "list[Path]":
    return sorted((ROOT / "dvonn_core").rglob("*.py")) + [ROOT / "web" / "kernel" / "bot_worker.py"]


def imported(path: Path) -> "set[str]":
    """The top-level names of the absolute imports in ``path`` (in functions and try blocks too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


@pytest.fixture(scope="module")
def trimmed() -> zipfile.ZipFile:
    import io

    return zipfile.ZipFile(io.BytesIO(stdlib.trimmed(SOURCE)))


def test_every_stdlib_module_the_worker_imports_is_kept(trimmed: zipfile.ZipFile) -> None:
    full = set(zipfile.ZipFile(SOURCE).namelist())
    kept = set(trimmed.namelist())
    wanted = set()
    for path in worker_sources():
        for name in imported(path):
            if name.split(".")[0] in sys.builtin_module_names or name.split(".")[0] in ("dvonn_core", "js", "pyodide"):
                continue
            wanted.add(name)
    missing = []
    for name in sorted(wanted):
        base = name.replace(".", "/")
        entries = [e for e in (base + ".py", base + "/__init__.py") if e in full]
        if entries and not any(e in kept for e in entries):
            missing.append(name)
    assert wanted and not missing


def test_it_leaves_out_what_it_says_and_keeps_unicode(trimmed: zipfile.ZipFile) -> None:
    names = set(trimmed.namelist())
    tops = {n.split("/")[0] for n in names}
    assert not tops & {"email", "unittest", "xml", "multiprocessing", "pdb.py", "doctest.py", "_pyrepl"}
    assert {"encodings/__init__.py", "encodings/utf_8.py", "encodings/aliases.py"} <= names
    assert "encodings/cp1250.py" not in names
    assert {"asyncio/__init__.py", "json/__init__.py", "random.py", "inspect.py", "traceback.py"} <= names
    assert len(stdlib.trimmed(SOURCE)) < 0.6 * SOURCE.stat().st_size


def test_the_same_source_gives_the_same_zip() -> None:
    assert stdlib.digest(stdlib.trimmed(SOURCE)) == stdlib.digest(stdlib.trimmed(SOURCE))


def test_the_later_zip_holds_what_the_snapshot_has_not_imported(tmp_path: Path) -> None:
    """With its snapshot the worker is given the zip without the modules the snapshot imported, and without those
    no import statement reaches (issue 45): what an imported module or the worker's own code may import later
    stays, a lazy import in a function too, and so do the modules Python imports by name."""
    import io

    source = tmp_path / "python_stdlib.zip"
    source.write_bytes(stdlib.trimmed(SOURCE))
    imported = ["json/__init__.py", "json/decoder.py", "random.py"]
    worker = [("kernel", "import json\n\ndef save():\n    if True: import gzip\n")]
    later = zipfile.ZipFile(io.BytesIO(stdlib.later(source, imported, worker)))
    whole = zipfile.ZipFile(source)
    names = set(later.namelist())
    assert not names & set(imported) and names < set(whole.namelist())
    assert later.read("json/encoder.py") == whole.read("json/encoder.py")  # json's modules not imported yet stay
    assert {"gzip.py", "compression/_common/_streams.py"} <= names  # the worker's lazy import, and what it imports
    assert {"encodings/idna.py", "stringprep.py", "_pylong.py"} <= names  # by name, and what they import
    assert {"platform.py", "pyodide/console.py"}.isdisjoint(names)  # nothing imports them
    without = zipfile.ZipFile(io.BytesIO(stdlib.later(source, imported, [])))
    assert "gzip.py" not in without.namelist()  # the worker's import is what kept it
