"""dvonn_core.diamonds gives identical results on CPython and on the MicroPython WebAssembly build that runs
the web page (the npm package, run under Node), like tests/test_micropython.py does for DVONN."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "diamonds"
CHECK = ROOT / "tests" / "micropython" / "check_diamonds.py"
RUNNER = ROOT / "tests" / "micropython" / "run_package.mjs"
FILES = ["perft.txt"]


def run_cpython(tmp_path: Path) -> str:
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    code = "DATA_DIR = %r\nexec(compile(open(%r).read(), 'check_diamonds.py', 'exec'))" % (str(tmp_path), str(CHECK))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout


def run_micropython() -> str:
    node = shutil.which("node")
    assert node, "Node.js is needed to run MicroPython (see README)"
    assert (ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs").exists(), (
        "run `npm ci` first: the MicroPython runtime comes from package-lock.json"
    )
    out = subprocess.run([node, str(RUNNER), str(CHECK)] + [str(DATA / n) for n in FILES], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_diamonds_on_micropython_matches_cpython(tmp_path: Path) -> None:
    expected = run_cpython(tmp_path).splitlines()
    actual = run_micropython().splitlines()
    assert expected[-1] == "done"
    assert sum(1 for line in expected if line.startswith("random ")) == 8
    assert sum(1 for line in expected if line.startswith("perft ")) >= 5
    assert not [line for line in expected if "MISMATCH" in line]
    for i, (want, got) in enumerate(zip(expected, actual)):
        assert got == want, "line %d differs:\nCPython:     %s\nMicroPython: %s" % (i + 1, want, got)
    assert len(actual) == len(expected)
