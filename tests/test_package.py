"""The package's shape: standard library only, no browser imports, typed."""

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "dvonn_core"
BROWSER = {"js", "pyodide", "pyscript", "micropython"}


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def test_core_uses_only_the_standard_library_and_no_browser_module():
    allowed = set(sys.stdlib_module_names) - BROWSER
    for path in sorted(CORE.glob("*.py")):
        for name in imported_modules(path):
            assert name in allowed, "%s imports %r" % (path.name, name)


def test_package_is_marked_typed():
    assert (CORE / "py.typed").exists()


def test_core_is_mypy_clean():
    import subprocess

    root = CORE.parent
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "dvonn_core"], cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
