"""The build's one import walker: which files of the site's packages (``PACKAGE_ROOTS``) a page
needs, following imports from its entry module, and where each file goes.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

from sitebuild import PACKAGE_ROOTS, ROOT, WEB


def module_file(name: str) -> Path | None:
    """The file of the module ``name`` (dotted) among the site's packages, or None (the standard
    library, ``pyscript``, ``js``: what the runtime has).

    >>> module_file("kernel.url").relative_to(ROOT).as_posix(), module_file("json")
    ('web/kernel/url.py', None)
    """
    parts = name.split(".")
    if parts[0] not in PACKAGE_ROOTS:
        return None
    base = PACKAGE_ROOTS[parts[0]].joinpath(*parts)
    if (base / "__init__.py").exists():
        return base / "__init__.py"
    path = base.with_suffix(".py")
    return path if path.exists() else None


def module_name(path: Path) -> str:
    """The dotted name of a file of the site's packages (``web/dvonn/render.py``: ``dvonn.render``)."""
    root = ROOT if path.is_relative_to(ROOT / "dvonn_core") else WEB
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def fs_path(path: Path) -> str:
    """Where a module's file goes, in dist/ and in the interpreter's file system (``dvonn/render.py``)."""
    root = ROOT if path.is_relative_to(ROOT / "dvonn_core") else WEB
    return path.relative_to(root).as_posix()


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``tree`` (as ``ast.walk``) but those under ``if TYPE_CHECKING:``, which
    only the type checker reads."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not (isinstance(child, ast.If) and isinstance(child.test, ast.Name)
                    and child.test.id == "TYPE_CHECKING"):
                todo.append(child)


@functools.cache
def _lazy_names(package: str) -> dict[str, str]:
    """The module of each name a package imports on first use (its ``_HOMES``, PEP 562)."""
    path = module_file(package)
    if path is None or path.name != "__init__.py":
        return {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "_HOMES" for t in node.targets):
            return dict(ast.literal_eval(node.value))
    return {}


def imports_of(path: Path) -> set[str]:
    """The modules of the site's packages that a file imports, anywhere in it (lazily or not),
    relative imports resolved; ``from package import name`` counts the submodule ``name`` or
    the module a lazy name lives in.

    >>> sorted(imports_of(WEB / "kernel" / "lazy.py"))
    []
    """
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                full = base + ("." + node.module if node.module else "")
            else:
                full = node.module or ""
            found.add(full)
            homes = _lazy_names(full)
            for alias in node.names:
                if module_file(f"{full}.{alias.name}") is not None:
                    found.add(f"{full}.{alias.name}")
                elif alias.name in homes:
                    found.add(f"{full}.{homes[alias.name]}")
    return {n for n in found if module_file(n) is not None}


def closure(entries: tuple[str, ...], leave_out: tuple[str, ...] = ()) -> list[Path]:
    """The files of the modules ``entries`` need, following imports (the one import walker of the
    build): each module with the ``__init__`` of every package it is in, none of ``leave_out``.

    >>> [fs_path(p) for p in closure(("kernel.url",))][:3]
    ['dvonn_core/__init__.py', 'dvonn_core/common/__init__.py', 'dvonn_core/common/errors.py']
    """
    wanted: dict[str, Path] = {}
    todo = list(entries)
    while todo:
        name = todo.pop()
        if name in wanted or name in leave_out:
            continue
        path = module_file(name)
        if path is None:
            raise SystemExit(f"build.py: no module {name!r} in the site's packages")
        wanted[name] = path
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        todo.extend(imports_of(path))
    return sorted(wanted.values(), key=fs_path)
