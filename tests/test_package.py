"""The package's shape: standard library only, no browser imports, typed."""

import ast
import re
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
    for path in sorted(CORE.rglob("*.py")):
        for name in imported_modules(path):
            assert name in allowed, "%s imports %r" % (path.relative_to(CORE), name)


def test_package_is_marked_typed():
    assert (CORE / "py.typed").exists()


# Modules allowed to use Game's private members: only game.py itself.  Everything
# else uses the public fast path (legal_codes, push, pop, turn, cells, ...).
PRIVATE_GAME_USERS = {"dvonn/game.py"}


def game_private_names():
    """The private attribute and method names of class Game (``_stacks``, ``_push``, ...)."""
    tree = ast.parse((CORE / "dvonn" / "game.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")
    names = {t.id for n in cls.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    for node in ast.walk(cls):
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            names.add(node.attr)
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def test_only_game_uses_games_private_members():
    private = game_private_names()
    assert {"_stacks", "_turn", "_codes", "_undo", "_set"} <= private
    root = CORE.parent
    # DVONN's modules, the shared ones and the package's own (Diamonds & Pivots has a game class of its own).
    core = [p for p in CORE.rglob("*.py") if p.relative_to(CORE).parts[0] != "diamonds"]
    files = [p for p in core if p.relative_to(CORE).as_posix() not in PRIVATE_GAME_USERS]
    for folder in ("benchmarks", "tools", "web", "tests"):
        files += (root / folder).rglob("*.py")
    bad = []
    for path in sorted(files):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and node.attr in private:
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    bad.append("%s:%d: .%s" % (path.relative_to(root), node.lineno, node.attr))
    assert not bad, "Game's private members used outside game.py (use the public fast path):\n" + "\n".join(bad)


def test_the_version_is_written_once_in_the_package():
    """pyproject.toml takes the version from ``dvonn_core.__version__`` (what setuptools writes into the
    package's metadata), the license from LICENSE, and its description names both games."""
    import tomllib

    import dvonn_core

    project = tomllib.loads((CORE.parent / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "dvonn_core.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", dvonn_core.__version__)
    assert project["project"]["license"] == {"text": "MIT"}
    assert (CORE.parent / "LICENSE").read_text().startswith("MIT License\n")
    assert "DVONN" in project["project"]["description"] and "Diamonds & Pivots" in project["project"]["description"]


def test_setuptools_reads_the_version_from_the_package(tmp_path: Path):
    """What ``pip install .`` would record: setuptools, run on a copy of the project, reads the version from
    ``dvonn_core.__version__``."""
    import shutil
    import subprocess

    import dvonn_core

    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(CORE.parent / name, tmp_path / name)
    shutil.copytree(CORE, tmp_path / "dvonn_core", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "dvonn_core" / "__init__.py").write_text(
        (CORE / "__init__.py").read_text().replace(dvonn_core.__version__, "9.8.7")
    )
    setup = [sys.executable, "-c", "from setuptools import setup; setup()"]
    out = subprocess.run([*setup, "--version"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["9.8.7"]


# ---------------------------------------------------------------------- layers

GAMES = ("dvonn", "diamonds")


def core_imports(path: Path):
    """The dvonn_core modules a file of the package imports (anywhere in it, lazily or not), by full name:
    relative imports resolved, ``from dvonn_core import Game`` read as the module ``Game`` comes from."""
    import dvonn_core

    parts = ("dvonn_core",) + path.relative_to(CORE).with_suffix("").parts
    package = parts if parts[-1] == "__init__" else parts[:-1]
    package = tuple(p for p in package if p != "__init__")
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            modules = [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1]) if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            modules = [(module, alias.name) for alias in node.names]
        else:
            continue
        for module, name in modules:
            if not module.startswith("dvonn_core"):
                continue
            if name and module == "dvonn_core":
                home = dvonn_core._HOMES.get(name)
                yield "dvonn_core." + (home if home else name)
            else:
                yield module


def layer(module: str) -> str:
    """'common', a game's name, or 'top' (the package's own modules) for a dvonn_core module."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ("common",) + GAMES else "top"


def test_the_shared_modules_import_no_game_and_no_game_imports_the_other():
    """common/ is what both games use, so it imports neither; each game imports common/ and itself only."""
    seen = set()
    bad = []
    for path in sorted(CORE.rglob("*.py")):
        mine = layer("dvonn_core." + ".".join(path.relative_to(CORE).parts))
        for module in core_imports(path):
            theirs = layer(module)
            seen.add((mine, theirs))
            allowed = {"common"} if mine == "common" else ({"common", mine} if mine in GAMES else None)
            if allowed is not None and theirs not in allowed:
                bad.append("%s imports %s" % (path.relative_to(CORE), module))
    assert not bad, "\n".join(bad)
    # The walk sees the imports there are: both games build on common/.
    assert {("dvonn", "common"), ("diamonds", "common"), ("top", "dvonn"), ("top", "common")} <= seen, seen


def test_the_layer_check_finds_a_game_imported_from_common(tmp_path, monkeypatch):
    """The check above can fail: a common/ module that imports DVONN (lazily, by a relative import or
    through a name of the package) is caught."""
    fake = tmp_path / "dvonn_core"
    (fake / "common").mkdir(parents=True)
    module = fake / "common" / "odd.py"
    module.write_text("def f():\n    from ..dvonn.board import CELLS\n    from dvonn_core import Game\n")
    monkeypatch.setattr(sys.modules[__name__], "CORE", fake)
    assert sorted(core_imports(module)) == ["dvonn_core.dvonn.board", "dvonn_core.dvonn.game"]
    assert [layer(m) for m in core_imports(module)] == ["dvonn", "dvonn"]


# The modules of DVONN that the README named at the package's top level before dvonn_core/dvonn/.
OLD_PATHS = ("board", "setup", "record", "svg", "bot")


def test_the_old_module_paths_are_one_line_re_exports():
    import importlib

    for name in OLD_PATHS:
        old = importlib.import_module("dvonn_core." + name)
        new = importlib.import_module("dvonn_core.dvonn." + name)
        public = getattr(new, "__all__", [n for n in vars(new) if not n.startswith("_")])  # what * imports
        assert public and all(getattr(old, n) is getattr(new, n) for n in public), name
        code = [line for line in (CORE / (name + ".py")).read_text().splitlines()[1:] if line.strip()]
        assert code == ["from .dvonn.%s import *  # noqa: F403" % name], name
    from dvonn_core.setup import random_setup  # as the README showed it

    assert random_setup(7).position() == importlib.import_module("dvonn_core.dvonn.setup").random_setup(7).position()


def test_every_subpackage_is_installed():
    """pyproject.toml lists each folder of the package (setuptools installs only the packages listed)."""
    import tomllib

    listed = set(tomllib.loads((CORE.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {".".join(("dvonn_core",) + p.parent.relative_to(CORE).parts) for p in CORE.rglob("__init__.py")}
    assert folders == listed and {"dvonn_core.common", "dvonn_core.dvonn", "dvonn_core.diamonds"} <= listed
