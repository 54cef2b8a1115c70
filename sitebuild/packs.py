"""Module packs: a page's compiled modules in an image of MicroPython's read-only file system
(ROMFS) that the page mounts, and the packs of the packages a page loads on first use.

A page fetches two packs: its game's shared pack (``<game>.shared.pack``: the modules every page of
the game loads, the rules, the board's drawing, the kernel's core) and its own (``<page>.pack``: the
rest).  A visitor's browser, and the service worker that precaches the site, download the shared
modules once instead of once per page: the packs are 0.25 MB gzipped, where one pack a page made
0.61 MB of 0.14 MB of distinct modules (issue 45).  Two requests are fine where one was the aim
(against 18, mount.py): PyScript fetches a config's files in parallel and the page preloads both, so
neither waits for the other, and the page's first wave is 7 files, one more than before.

The page's own pack is written to be read with the shared pack after it in one buffer (see
``page_image``): one mount, because MicroPython looks for a package's modules in the one folder
its ``__path__`` names, and most packages (``kernel``, ``dvonn``, ``dvonn_core.dvonn``) have
modules in both packs.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, NamedTuple

from sitebuild import ROOT, WEB
from sitebuild.bytecode import micropython_modules
from sitebuild.modules import closure, fs_path, module_file, module_name
from sitebuild.site import Site, inline_code

# MicroPython's ROMFS (extmod/vfs_rom.c; the layout mpremote's romfs.py writes): every length
# and kind is an unsigned number, 7 bits a byte, most significant first, the high bit set on
# all bytes but the last.  An image: the header, the size of what follows, then records.  A
# record: its kind, its size, its payload.  A directory's payload: its name's length, its name,
# its records; a file's: its name's length, its name, one record of its bytes.
#
# A file's data can also be elsewhere: a pointer record (kind 3) holds its size and its offset from
# the first record of the image (after the header and the image's size).  A padding record (kind
# 1) is skipped by MicroPython: a page's pack keeps in one the sizes of the packs it points into.
ROMFS_HEADER = b"\xd2\xcd\x31"
ROMFS_PADDING, ROMFS_DATA, ROMFS_POINTER, ROMFS_DIRECTORY, ROMFS_FILE = 1, 2, 3, 4, 5
POINTER_WIDTH = 4  # the bytes of a pointer's offset (up to 256 MB): known before the offsets are


def _uint(value: int, width: int = 0) -> bytes:
    """``value`` as ROMFS writes numbers, padded to ``width`` bytes (leading 0x80 bytes add nothing)."""
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.insert(0, 0x80 | (value & 0x7F))
        value >>= 7
    if width and len(out) > width:
        raise SystemExit(f"build.py: {len(out)} bytes needed for a pack's offset, {width} allowed")
    return bytes([0x80] * (width - len(out)) + out)


def _record(kind: int, payload: bytes) -> bytes:
    return _uint(kind) + _uint(len(payload)) + payload


def pack_modules(files: dict[str, bytes], elsewhere: dict[str, tuple[int, int]] | None = None,
                 notes: bytes = b"") -> bytes:
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

    ``elsewhere``: files whose data is not in the image (FS path -> (size, offset of the data from
    the image's first record)), each a pointer record; ``notes``: a padding record's payload, first.
    """
    tree: dict[str, Any] = {}
    entries: dict[str, bytes | tuple[int, int]] = {**files, **(elsewhere or {})}
    for path, data in entries.items():
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
            elif isinstance(node[name], tuple):
                size, offset = node[name]
                out += _record(ROMFS_FILE, label + _record(ROMFS_POINTER, _uint(size) + _uint(offset, POINTER_WIDTH)))
            else:
                out += _record(ROMFS_FILE, label + _record(ROMFS_DATA, node[name]))
        return out

    body = (_record(ROMFS_PADDING, notes) if notes else b"") + records(tree)
    size = _uint(len(body))
    if (len(ROMFS_HEADER) + len(size) + len(body)) % 2:  # an even size, as mpremote writes it
        size = b"\x80" + size
    return ROMFS_HEADER + size + body


def unpack_modules(data: bytes, path: str = "pack") -> dict[str, bytes]:
    """The files of a pack (``pack_modules``' inverse, for tools): FS path -> bytes.  A page's pack
    holds the shared modules' data only with its shared pack after it (``data``: both, as
    web/kernel/mount.py reads them).  ``ValueError`` names ``path`` and what is wrong.

    >>> unpack_modules(pack_modules({"a.mpy": b"xy", "d/b.mpy": b""}))
    {'a.mpy': b'xy', 'd/b.mpy': b''}
    """
    return {name: bytes(data[start:end]) for name, (start, end) in data_spans(data, path).items()}


def _number(data: bytes, at: int, stop: int, path: str) -> tuple[int, int]:
    """The number at ``at`` in ``data`` (not past ``stop``) and where the next thing starts."""
    value = 0
    while True:
        if at >= stop:
            raise ValueError(f"{path} is cut short")
        value = (value << 7) | (data[at] & 0x7F)
        at += 1
        if not data[at - 1] & 0x80:
            return value, at


def _root(data: bytes, path: str) -> tuple[int, int]:
    """Where an image's records start and end."""
    if not data.startswith(ROMFS_HEADER):
        raise ValueError(f"{path} is not a module pack")
    size, first = _number(data, len(ROMFS_HEADER), len(data), path)
    if first + size > len(data):
        raise ValueError(f"{path} is cut short")
    return first, first + size


def data_spans(data: bytes, path: str = "pack") -> dict[str, tuple[int, int]]:
    """Where each file's data is in the image ``data``: FS path -> (start, end), pointers followed.
    ``ValueError`` names ``path`` and what is wrong."""
    def read(at: int, stop: int, folder: str) -> None:
        while at < stop:
            kind, at = _number(data, at, stop, path)
            size, at = _number(data, at, stop, path)
            end = at + size
            if end > stop:
                raise ValueError(f"{path} is cut short")
            if kind in (ROMFS_DIRECTORY, ROMFS_FILE):
                length, at = _number(data, at, end, path)
                name = folder + data[at:at + length].decode()
                at += length
                if kind == ROMFS_DIRECTORY:
                    read(at, end, name + "/")
                    at = end
                    continue
                kind, at = _number(data, at, end, path)
                size, at = _number(data, at, end, path)
                if kind == ROMFS_POINTER:
                    size, at = _number(data, at, end, path)
                    offset, at = _number(data, at, end, path)
                    if first + offset + size > len(data):
                        raise ValueError(f"{path}: {name} points past its end (without its shared pack?)")
                    out[name] = (first + offset, first + offset + size)
                elif kind != ROMFS_DATA or at + size > end:
                    raise ValueError(f"{path}: {name} is not stored as bytes")
                else:
                    out[name] = (at, at + size)
            at = end

    first, stop = _root(data, path)
    out: dict[str, tuple[int, int]] = {}
    read(first, stop, "")
    return out


def pack_notes(data: bytes, path: str = "pack") -> list[int]:
    """The sizes of the packs that a page's pack points into (its first record, a padding record:
    see ``page_image``); none for a pack of data only."""
    at, stop = _root(data, path)
    if at == stop:
        return []
    kind, at = _number(data, at, stop, path)
    size, at = _number(data, at, stop, path)
    sizes: list[int] = []
    while kind == ROMFS_PADDING and size:
        value, after = _number(data, at, stop, path)
        sizes.append(value)
        size, at = size - (after - at), after
    return sizes


def page_image(files: dict[str, bytes], shared: bytes) -> bytes:
    """A page's own pack, to be read with its game's shared pack (``shared``) right after it, as one
    image (web/kernel/mount.py): its modules (``files``) as data, the shared pack's as pointers past
    its own end, and first a padding record that names the shared pack's size (mount.py checks it).

    >>> shared = pack_modules({"k/__init__.mpy": b"", "k/a.mpy": b"AA"})
    >>> own = page_image({"k/b.mpy": b"B"}, shared)
    >>> unpack_modules(own + shared) == {"k/__init__.mpy": b"", "k/a.mpy": b"AA", "k/b.mpy": b"B"}
    True
    >>> pack_notes(own) == [len(shared)]
    True
    """
    spans = data_spans(shared, "the shared pack")
    notes = _uint(len(shared))

    def image(end: int) -> bytes:  # the offsets are from the image's first record to the shared pack's bytes
        return pack_modules(files, {name: (stop - start, end + start) for name, (start, stop) in spans.items()}, notes)

    draft = image(0)  # the pointers' width is fixed: the draft is as long as the image
    out = image(len(draft) - _root(draft, "the page's pack")[0])
    assert len(out) == len(draft)
    return out


class SharedPack(NamedTuple):
    """A game's shared pack: its name in the interpreter's file system, its versioned path in dist/,
    its image and the modules it holds (their files in the checkout)."""
    fs_name: str
    versioned: str
    image: bytes
    modules: frozenset[Path]


def game_of(entry: str) -> str:
    """The game of a page: the package of its entry module (``dvonn.main``: ``dvonn``)."""
    return entry.split(".")[0]


def shared_modules(pages: dict[str, tuple[str, list[Path]]]) -> dict[str, frozenset[Path]]:
    """The modules of each game's shared pack: those that every page of the game loads (``pages``:
    page name -> (entry module, the modules it loads)), for each game of more than one page; by game."""
    games: dict[str, list[list[Path]]] = {}
    for entry, modules in pages.values():
        games.setdefault(game_of(entry), []).append(modules)
    return {game: frozenset(set(loads[0]).intersection(*loads[1:])) for game, loads in games.items() if len(loads) > 1}


def shared_packs(site: Site, pages: dict[str, tuple[str, list[Path]]]) -> dict[str, SharedPack]:
    """Write each game's shared pack (``packs/<game>.shared.pack``); returns each page's, by page name
    (none for a game of one page).  The name has a dot: no page's pack (``<page>.pack``) has one."""
    packs: dict[str, SharedPack] = {}
    for game, modules in sorted(shared_modules(pages).items()):
        files = micropython_modules(site, {fs_path(p): site.copy(p, fs_path(p)) for p in sorted(modules)})
        image = pack_modules(files)
        fs_name = f"{game}.shared.pack"
        packs[game] = SharedPack(fs_name, site.write(f"packs/{fs_name}", image), image, modules)
    return {name: packs[game_of(entry)] for name, (entry, _) in pages.items() if game_of(entry) in packs}


def start_code() -> str:
    """web/kernel/mount.py as every page's start script holds it: without its docstrings and comments,
    which each page would carry (gzipped, 0.7 KB of its bytes, not 1.7) and MicroPython compile at start.

    >>> code = start_code()
    >>> "def mount(*paths):" in code and "'" + "''" not in code and '"' * 3 not in code and "#" not in code
    True
    """
    tree = ast.parse((WEB / "kernel" / "mount.py").read_text())
    nodes: list[ast.Module | ast.FunctionDef] = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]
    for node in nodes:
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.Pass()]
    return ast.unparse(tree)


def micropython_page(site: Site, name: str, entry: str, modules: list[Path],
                     shared: SharedPack | None = None) -> tuple[str, dict[str, str]]:
    """A page's start script and the files of its PyScript config: ``(code, {fs path: dist path})``.

    The page's modules (``modules``, its entry among them) are compiled and packed: those of its
    game's shared pack (``shared``) there, the others into ``<name>.pack``, two requests for all of
    them, fetched in parallel.  The start script goes inline into the page's ``<script type="mpy">``
    (one request fewer in the page's first wave, issue 12): web/kernel/mount.py (``start_code``), the
    call that mounts the packs and the import of the entry module.
    """
    own = [p for p in modules if shared is None or p not in shared.modules]
    files = micropython_modules(site, {fs_path(p): site.copy(p, fs_path(p)) for p in own})
    site.on_first_use.update(fs_path(p) for p in modules)  # the page runs its packs: the sources are for reading
    fs_pack = name.split(".")[0] + ".pack"
    image = pack_modules(files) if shared is None else page_image(files, shared.image)
    fetched = {fs_pack: site.write(f"packs/{fs_pack}", image)}
    if shared is not None:
        fetched[shared.fs_name] = shared.versioned
    paths = ", ".join(repr("./" + fs) for fs in fetched)
    code = start_code() + f"\n\nmount({paths})\nimport {entry}\n"
    return inline_code(code, "script"), fetched


def lazy_pack(site: Site, package: str, loaded: list[Path]) -> str:
    """The pack of a package a page loads on first use (``kernel/lazy.py``): its own modules only;
    what they import from elsewhere must be in the page's packs (``loaded``: the modules of both) already."""
    files = closure(tuple(module_name(p) for p in (module_file(package) or ROOT).parent.glob("*.py")))
    outside = [fs_path(p) for p in files if module_name(p).split(".")[0] != package and p not in loaded]
    if outside:
        raise SystemExit(f"build.py: {package} imports modules the page has not loaded: {outside}")
    mine = {fs_path(p): site.copy(p, fs_path(p)) for p in files if module_name(p).split(".")[0] == package}
    site.on_first_use.update(mine)
    return site.write(f"packs/{package}.pack", pack_modules(micropython_modules(site, mine)))
