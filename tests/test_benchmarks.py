"""The benchmarks' house (issue 56): one harness drives the browser, and no two benchmarks import each other.

The benchmarks are grouped by what they measure (benchmarks/bot/, core/, pages/); the ones that drive
Chromium take the site, its server and the browser from benchmarks/harness.py.  Their figures are theirs to
print: these tests only hold the layout, and that every script still starts (``--help``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
HARNESS = BENCHMARKS / "harness.py"
GROUPS = ("bot", "core", "pages")


def modules() -> dict[str, Path]:
    """Every Python module of benchmarks/, by its dotted name below ``benchmarks``."""
    return {p.relative_to(BENCHMARKS).with_suffix("").as_posix().replace("/", "."): p
            for p in sorted(BENCHMARKS.rglob("*.py")) if "__pycache__" not in p.parts}


def imported(path: Path) -> set[str]:
    """The dotted names ``path`` imports, anywhere in it (in functions too), with ``from X import Y`` giving
    both ``X`` and ``X.Y``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def benchmark_imports() -> dict[str, set[str]]:
    """Which benchmark module imports which (names below ``benchmarks``)."""
    known = modules()
    return {name: {n.removeprefix("benchmarks.") for n in imported(path)
                   if n.startswith("benchmarks.") and n.removeprefix("benchmarks.") in known} - {name}
            for name, path in known.items()}


def test_every_benchmark_is_in_the_group_of_what_it_measures() -> None:
    loose = [name for name in modules() if "." not in name and name != "harness"]
    assert not loose, f"benchmarks outside bot/, core/, pages/: {loose}"
    assert {name.split(".")[0] for name in modules()} == {*GROUPS, "harness"}


def test_no_two_benchmarks_import_each_other() -> None:
    graph = benchmark_imports()
    assert graph["pages.web_profile"] >= {"harness"}  # (the walk sees the imports at all)

    def cycle_from(start: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(graph[path[-1]]):
            if nxt == start:
                return path + [nxt]
            if nxt not in path:
                found = cycle_from(start, path + [nxt])
                if found:
                    return found
        return None

    cycles = [found for name in graph if (found := cycle_from(name, [name]))]
    assert not cycles, f"benchmarks that import each other: {cycles[0]}"


def test_benchmarks_import_each_other_by_their_package_names() -> None:
    """A bare ``import match`` (benchmarks/bot/ on sys.path) makes a second module beside ``benchmarks.bot.match``:
    a test that patches one (its cache folder) leaves the other writing into the clone."""
    stems = {name.rsplit(".", 1)[-1] for name in modules()}
    bare = {name: sorted(n for n in imported(path) if n.split(".")[0] in stems)
            for name, path in modules().items()}
    assert not {name: found for name, found in bare.items() if found}


def test_only_the_harness_launches_chromium() -> None:
    markers = ("sync_playwright", "executable_path", "chromium.launch")
    launching = [name for name, path in modules().items()
                 if name != "harness" and any(marker in path.read_text() for marker in markers)]
    assert not launching, f"benchmarks that start Chromium themselves instead of through the harness: {launching}"
    uses = [name for name, found in benchmark_imports().items() if "harness" in found]
    assert len(uses) >= 11, uses


@pytest.mark.parametrize("name", [name for name, path in modules().items()
                                  if 'if __name__ == "__main__"' in path.read_text()])
def test_every_benchmark_starts(name: str) -> None:
    done = subprocess.run([sys.executable, str(modules()[name]), "--help"], cwd="/", capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:")
