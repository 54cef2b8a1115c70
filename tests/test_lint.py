"""The checkout's lint and type checks, as configured in pyproject.toml: `ruff check .` and `mypy`
(its `files`), each failing with the tool's own report. The tools are the versions pinned in
requirements-dev.txt, so the same code gives the same verdict on every machine."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def pinned(name: str) -> str:
    text = (ROOT / "requirements-dev.txt").read_text()
    found = re.search(r"^%s==(\S+)" % re.escape(name), text, re.M)
    assert found, "%s is not pinned in requirements-dev.txt" % name
    return found.group(1)


def check(*args: str) -> None:
    """Run a checker (no cache written into the checkout); fail with its report if it finds anything."""
    out = run(*args)
    if out.returncode != 0:
        pytest.fail("python3 -m %s:\n%s%s" % (" ".join(args), out.stdout, out.stderr), pytrace=False)


def test_ruff_finds_nothing() -> None:
    check("ruff", "check", "--no-cache", "--output-format", "concise", ".")


def test_mypy_finds_nothing() -> None:
    check("mypy", "--no-incremental", "--cache-dir", "/dev/null")


@pytest.mark.parametrize("tool", ["ruff", "mypy"])
def test_the_tools_are_the_pinned_versions(tool: str) -> None:
    out = run(tool, "--version")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[1] == pinned(tool), out.stdout
