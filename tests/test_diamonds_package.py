"""dvonn_core.diamonds: its docstring examples run, it imports only the standard library (like the rest of the
core; tests/test_package.py checks the top-level modules), and the package data lists it."""

import ast
import doctest
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import dvonn_core.diamonds

BROWSER = {"js", "pyodide", "pyscript", "micropython"}
ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(name for _, name, _ in pkgutil.iter_modules(dvonn_core.diamonds.__path__, "dvonn_core.diamonds."))


@pytest.mark.parametrize("name", ["dvonn_core.diamonds", "dvonn_core.common.hexgrid"] + MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def test_diamonds_uses_only_the_standard_library():
    allowed = set(sys.stdlib_module_names) - BROWSER
    for path in sorted((ROOT / "dvonn_core" / "diamonds").glob("*.py")):
        for name in imported_modules(path):
            assert name in allowed, "%s imports %r" % (path.name, name)


def test_the_subpackage_is_installed():
    assert '"dvonn_core.diamonds"' in (ROOT / "pyproject.toml").read_text()
