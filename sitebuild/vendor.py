"""The pinned runtimes (PyScript, MicroPython, Pyodide from ``node_modules/``, installed with
``npm ci`` when missing), copied into versioned folders (``vendor/pyodide-314.0.7/``); which of
PyScript's plugins the pages turn off; and the bot worker's Pyodide, started from a memory snapshot.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import posixpath
import re
import subprocess
import sys
import time
from pathlib import Path

from sitebuild import BOT_WORKER, NODE_MODULES, PACKAGE_ROOTS, ROOT, SHARED, stdlib
from sitebuild.modules import module_name
from sitebuild.site import Site, content_hash, fill

# Runtime files copied from node_modules: (package dir, files or glob patterns).
PYSCRIPT_PKG = "@pyscript/core"
# PyScript's chunks that a page can load.  The code editor (codemirror) and terminal
# (xterm) bundles are left out: the page uses neither, and their small plugin entry
# points, which PyScript always imports, only load them on demand.
PYSCRIPT_FILES = ("core.js", "core-*.js", "core.css", "error-*.js", "deprecations-manager-*.js",
                  "donkey-*.js", "toml-*.js", "zip-*.js", "py-editor-*.js", "py-terminal-*.js",
                  "py-game-*.js", "mpy-*.js", "py-[A-Z]*.js", "pyodide_graph-*.js")
# The one PyScript plugin the pages keep (plugins_off): it shows an uncaught error.
PYSCRIPT_PLUGINS_KEPT = ("error",)
MICROPYTHON_PKG = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
PYODIDE_PKG = "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
# ``python_stdlib.zip`` goes in trimmed (sitebuild/stdlib.py): see pyodide_stdlib().


def package_version(package: str) -> str:
    """The version of an npm package in ``node_modules/`` (from its ``package.json``)."""
    meta = json.loads((NODE_MODULES / package / "package.json").read_text())
    return str(meta["version"])


def ensure_node_modules() -> None:
    """Install the pinned runtimes with ``npm ci`` when ``node_modules/`` is missing."""
    wanted = (PYSCRIPT_PKG, MICROPYTHON_PKG, PYODIDE_PKG)
    if all((NODE_MODULES / p / "package.json").exists() for p in wanted):
        return
    print("node_modules/ missing: running npm ci", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


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


@functools.cache
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


def worker_imports(script: Path) -> list[str]:
    """The modules a worker script imports when it starts (its top-level imports, those in a
    top-level ``try`` included), in order.

    >>> worker_imports(BOT_WORKER)
    ['json', 'random', 'time', 'dvonn_core', 'dvonn_core.dvonn.game', 'dvonn_core.dvonn.bot']
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


#: PyScript's own Python modules, which it writes into a worker's file system at start.
PYSCRIPT_STDLIB = NODE_MODULES / PYSCRIPT_PKG / "src" / "stdlib" / "pyscript"

#: The standard-library modules PyScript's worker bootstrap imports itself, before the worker's script: the
#: ``os`` and ``pathlib`` that write its ``pyscript`` package into the file system (``src/stdlib.js``).
PYSCRIPT_BOOTSTRAP_IMPORTS = ("os", "pathlib")


def pyscript_worker_imports() -> list[str]:
    """The standard-library modules PyScript imports in a worker before the worker's script runs: those of its
    bootstrap and those its ``pyscript`` package imports at the top of its modules.  Pyodide's standard library
    is Python source, so each costs a compile in the worker; imported in the snapshot, they cost nothing.  The
    package's own modules need the page's JavaScript (``js``, ``polyscript``) and stay out of it.

    >>> names = pyscript_worker_imports()
    >>> {"pathlib", "inspect", "html", "json"} <= set(names), "pyscript" in names, "js" in names
    (True, False, False)
    """
    names = list(PYSCRIPT_BOOTSTRAP_IMPORTS)
    for module in sorted(PYSCRIPT_STDLIB.glob("*.py")):
        names += worker_imports(module)
    return list(dict.fromkeys(n for n in names if n.split(".")[0] in sys.stdlib_module_names))


#: The module that takes pyodide.asm.wasm's data segments out of the snapshot (tools/pyodide_snapshot.mjs) and
#: puts them back (pyodide_boot.mjs imports it).
WASM_DATA = SHARED / "wasm_data.mjs"

#: The Zstandard level the snapshot is compressed with: 2.86 MB, against 3.77 MB gzip -9 (level 15: 3.05 MB; 22, the
#: highest: 2.85 MB in twice the time).  Compressing takes about 9 s, at a build that takes a new snapshot only.
SNAPSHOT_ZSTD_LEVEL = 19


def compress_snapshot(raw: bytes) -> bytes:
    """The snapshot as the site serves it: one Zstandard frame that records its size, which the boot module
    decodes with fzstd (``decompress``: into one buffer of that size, which fzstd needs to be fast).

    >>> import zstandard
    >>> zstandard.ZstdDecompressor().decompress(compress_snapshot(bytes(1000))) == bytes(1000)
    True
    """
    import zstandard  # requirements-build.txt; imported here, so that build.py --help runs without it

    return zstandard.ZstdCompressor(level=SNAPSHOT_ZSTD_LEVEL, write_content_size=True).compress(raw)


#: Node's flag for WebAssembly stack switching (JSPI), on while the snapshot is taken: Pyodide notes at
#: start-up whether the runtime has it, and an interpreter started without it in node would keep "no" in the
#: browser, where the bot worker needs it (``pyodide.ffi.run_sync``: see kernel/bot_worker.py).
JSPI_FLAGS = ("--experimental-wasm-stack-switching",)


def pyodide_stdlib(site: Site, pyodide_dir: str) -> Path:
    """Write Pyodide's standard library, trimmed (``sitebuild/stdlib.py``), into its folder; returns its copy
    in ``.build-cache/``, which the snapshot is taken with."""
    source = NODE_MODULES / PYODIDE_PKG / "python_stdlib.zip"
    key = hashlib.sha256(source.read_bytes() + (ROOT / "sitebuild" / "stdlib.py").read_bytes()).hexdigest()[:16]
    cached = ROOT / ".build-cache" / f"python_stdlib-{key}.zip"
    if not cached.exists():
        cached.parent.mkdir(exist_ok=True)
        partial = cached.with_name(f"{cached.name}.{os.getpid()}.part")
        partial.write_bytes(stdlib.trimmed(source))
        partial.replace(cached)
    for old in cached.parent.glob("python_stdlib-*.zip"):
        if old != cached:
            old.unlink(missing_ok=True)
    site.copy(cached, f"{pyodide_dir}/python_stdlib.zip")
    return cached


def pyodide_interpreter(site: Site, pyodide_dir: str, files: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The bot worker's interpreter module: ``pyodide_boot.mjs``, which starts Pyodide from a
    memory snapshot of an interpreter that has already run Python's start-up (issue 12), or
    Pyodide's own ``pyodide.mjs`` when node cannot write the snapshot.

    Both go into Pyodide's folder (``vendor/pyodide-<version>/``), named by their content hash.
    The snapshot (tools/pyodide_snapshot.mjs, checked there by starting Pyodide from it) is
    taken once the worker's files (``files``: FS path -> versioned dist path, the bot config's)
    are in place and imported, with the standard-library modules PyScript's worker bootstrap imports
    before the worker's script (``pyscript_worker_imports``) and those the worker's module imports first,
    so the worker starts with them loaded and never reads its files; it depends on the pinned Pyodide,
    node, that script and those files, and is kept in ``.build-cache/``.

    Returns the interpreter module and the files the worker's PyScript config must still list: none with
    the snapshot, whose file system has them (the boot module writes them itself when it starts Pyodide
    without the snapshot); all of them with Pyodide's own module.
    """
    import zstandard  # (its version is part of the snapshot's key)

    tool = ROOT / "tools" / "pyodide_snapshot.mjs"
    zipped = pyodide_stdlib(site, pyodide_dir)
    try:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        print("build.py: node is missing: the bot starts Pyodide without a snapshot", file=sys.stderr)
        return f"{pyodide_dir}/pyodide.mjs", files
    # Pyodide's file system is not part of its memory snapshot: every module of the worker's files is
    # imported in it, so that the worker never reads them.
    modules = [module_name(PACKAGE_ROOTS[dest.split("/")[0]] / dest) for dest in sorted(files)]
    imports = pyscript_worker_imports() + worker_imports(BOT_WORKER) + modules
    sources = {dest: site.out / versioned.split("?")[0] for dest, versioned in sorted(files.items())}
    # (PyScript's version: its modules are roots of the later zip's imports, below.)
    key = hashlib.sha256(f"{package_version(PYODIDE_PKG)} {package_version(PYSCRIPT_PKG)} {node} {JSPI_FLAGS} "
                         f"{imports} {stdlib.LATER} "
                         f"zstd {zstandard.__version__} {SNAPSHOT_ZSTD_LEVEL}".encode()
                         + tool.read_bytes() + WASM_DATA.read_bytes() + zipped.read_bytes()
                         + (ROOT / "sitebuild" / "stdlib.py").read_bytes())
    for dest, source in sources.items():
        key.update(f"\0{dest}\0".encode() + source.read_bytes())
    cached = ROOT / ".build-cache" / f"pyodide-snapshot-{key.hexdigest()[:16]}.bin.zst"
    later_zip = cached.with_name(f"pyodide-stdlib-later-{key.hexdigest()[:16]}.zip")
    if not (cached.exists() and later_zip.exists()):
        # Twice: which of the zip's files the imports read, then the snapshot with the zip of the rest.
        partial = cached.with_name(f"{cached.name}.{os.getpid()}.part")
        command = ["node", *JSPI_FLAGS, str(tool), str(NODE_MODULES / PYODIDE_PKG)]
        given = [*(f"./{dest}={source}" for dest, source in sources.items()),
                 "--import", ",".join(imports), "--stdlib", str(zipped)]
        imported = later_zip.with_name(f"{later_zip.name}.{os.getpid()}.json")
        subprocess.run([*command, "--imported", str(imported), *given], check=True)
        later_partial = later_zip.with_name(f"{later_zip.name}.{os.getpid()}.part")
        # What the worker may import later: what import statements reach from the imported modules, from the
        # worker's files and from PyScript's modules (which PyScript writes into the worker after the snapshot).
        roots = [(stdlib.package_of(dest), source.read_text()) for dest, source in sources.items()]
        roots += [(stdlib.package_of(f"pyscript/{p.relative_to(PYSCRIPT_STDLIB).as_posix()}"), p.read_text())
                  for p in sorted(PYSCRIPT_STDLIB.rglob("*.py"))]
        later_partial.write_bytes(stdlib.later(zipped, json.loads(imported.read_text()), roots))
        imported.unlink()
        later_partial.replace(later_zip)
        raw = cached.with_name(f"{cached.name}.{os.getpid()}.raw")
        subprocess.run([*command, str(raw), *given, "--later-stdlib", str(later_zip),
                        "--check", ",".join(stdlib.LATER)], check=True)
        partial.write_bytes(compress_snapshot(raw.read_bytes()))
        raw.unlink()
        partial.replace(cached)
    prune_snapshots(cached)
    # The snapshot, the boot module and the module it imports go into Pyodide's versioned folder, named by
    # their content (cache busting without ?v=, which PyScript would not resolve for a worker's interpreter).
    data = cached.read_bytes()
    snapshot = f"snapshot-{content_hash(data)}.bin.zst"
    site.write(f"{pyodide_dir}/{snapshot}", data)
    later = later_zip.read_bytes()
    later_name = f"stdlib-later-{content_hash(later)}.zip"
    site.write(f"{pyodide_dir}/{later_name}", later)
    # The snapshot's decoder (Zstandard), imported by the boot module only when it starts from the snapshot.
    fzstd = (NODE_MODULES / "fzstd" / "esm" / "index.mjs").read_bytes()
    fzstd_name = f"fzstd-{content_hash(fzstd)}.mjs"
    site.write(f"{pyodide_dir}/{fzstd_name}", fzstd)
    # The files of each start: only one without the snapshot reads the worker's Python files and the whole
    # standard library (the service worker precaches the start a device will use: sw.js).
    site.snapshot_start.update((f"{pyodide_dir}/{snapshot}", f"{pyodide_dir}/{later_name}",
                                f"{pyodide_dir}/{fzstd_name}"))
    site.plain_start.update(versioned.split("?")[0] for versioned in files.values())
    site.plain_start.add(f"{pyodide_dir}/python_stdlib.zip")
    urls = {}  # the worker's files for the boot module: FS path -> URL relative to the module
    for dest, versioned in sorted(files.items()):
        path, _, query = versioned.partition("?")
        urls[f"./{dest}"] = posixpath.relpath(path, pyodide_dir) + (f"?{query}" if query else "")
    # The snapshot's data segments are XOR-ed out; the boot module puts them back with the same module.
    wasm_data = WASM_DATA.read_bytes()
    wasm_data_name = f"wasm_data-{content_hash(wasm_data)}.mjs"
    site.write(f"{pyodide_dir}/{wasm_data_name}", wasm_data)
    boot = fill((SHARED / "pyodide_boot.mjs").read_text(),
                {"pyodide_snapshot": snapshot, "fzstd": fzstd_name, "pyodide_trampoline": pyodide_trampoline(),
                 "wasm_data": wasm_data_name, "pyodide_stdlib_later": later_name,
                 "pyodide_files": json.dumps(urls, separators=(",", ":"))}).encode()
    rel = f"{pyodide_dir}/boot-{content_hash(boot)}.mjs"
    site.write(rel, boot)
    return rel, {}


def pyodide_trampoline() -> str:
    """The hex of the WebAssembly module that Pyodide's ``pyodide.asm.mjs`` builds at start-up as the
    trampoline of Python's calls through function pointers ("" if this Pyodide has none): the bot
    worker's boot module builds it again after a snapshot (see pyodide_boot.mjs)."""
    text = (NODE_MODULES / PYODIDE_PKG / "pyodide.asm.mjs").read_text()
    found = re.search(r'getWasmTrampolineModule\(\)\{return new WebAssembly\.Module\('
                      r'hexStringToUTF8Array\("([0-9a-f]+)"', text)
    return found.group(1) if found else ""


def prune_snapshots(used: Path, keep: int = 3) -> None:
    """Keep the ``keep`` most recently used snapshots in ``.build-cache/`` (3 MB each), ``used`` among them,
    and the later zip made with each (``pyodide-stdlib-later-<the same key>.zip``); drop what older builds
    left: snapshots stored gzipped, and the partial files of a build that failed (an hour old)."""
    os.utime(used)
    cached = sorted(used.parent.glob("pyodide-snapshot-*.bin.zst"), key=lambda p: p.stat().st_mtime, reverse=True)
    stale = [*used.parent.glob("pyodide-snapshot-*.bin.gz"),
             *(p for pattern in ("pyodide-*.part", "pyodide-*.raw", "pyodide-*.json")
               for p in used.parent.glob(pattern) if time.time() - p.stat().st_mtime > 3600)]
    for old in cached[keep:] + stale:
        if old != used:
            old.unlink(missing_ok=True)

    def key(path: Path) -> str:
        return path.name.rsplit("-", 1)[1].split(".")[0]

    keys = {key(p) for p in used.parent.glob("pyodide-snapshot-*.bin.zst")}
    for old in used.parent.glob("pyodide-stdlib-later-*.zip"):
        if key(old) not in keys:
            old.unlink(missing_ok=True)
