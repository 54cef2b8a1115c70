"""Module packs: a page's compiled modules in one file, an image of MicroPython's read-only file
system (ROMFS) that the page mounts, and the packs of the packages a page loads on first use.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitebuild import ROOT, WEB
from sitebuild.bytecode import micropython_modules
from sitebuild.modules import closure, fs_path, module_file, module_name
from sitebuild.site import Site, inline_code

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
    site.on_first_use.update(fs_path(p) for p in modules)  # the page runs its pack: the sources are for reading
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
    site.on_first_use.update(mine)
    return site.write(f"packs/{package}.pack", pack_modules(micropython_modules(site, mine)))
