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
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
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
    for i, (want, got) in enumerate(zip(expected, actual)):
        assert got == want, "line %d differs:\nCPython:     %s\nMicroPython: %s" % (i + 1, want, got)
    assert len(actual) == len(expected)
    return expected


def test_micropython_matches_cpython(tmp_path: Path) -> None:
    files = [DATA / n for n in ("boardspace-sample.txt", "perft.txt", "littlegolem-demo.txt")]
    lines = same_output(tmp_path, CHECKS / "check.py", files)
    assert sum(1 for line in lines if line.startswith("game ")) == 240


def test_diamonds_on_micropython_matches_cpython(tmp_path: Path) -> None:
    lines = same_output(tmp_path, CHECKS / "check_diamonds.py", [DATA / "diamonds" / "perft.txt"])
    assert sum(1 for line in lines if line.startswith("random ")) == 8
    assert sum(1 for line in lines if line.startswith("perft ")) >= 5
