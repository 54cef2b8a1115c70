"""The start of every MicroPython page: its modules arrive as packs, mounted here as one
read-only file system before the page's main module is imported (issue 12).

Packs instead of one request per module: on a page of 18 modules the browser's six connections
per host made the last module arrive ~100 ms after the runtime.  A page has two: its game's
shared pack (the modules every page of the game loads, downloaded once for all of them) and its
own; PyScript fetches both at once, as the page preloads them: two requests side by side where
eighteen queued.
A pack is an image of MicroPython's ROMFS (``vfs.VfsRom``), written by build.py
(sitebuild/packs.py): MicroPython imports the ``.mpy`` files straight from it, in memory, where
writing each one into the interpreter's file system first took ~6 ms of the page's start.

The page's pack comes first and the shared pack right after it, in one buffer, mounted once:
the page's pack points at the shared modules past its own end.  Two mounts would not do:
MicroPython looks for a package's modules only in the one folder its ``__path__`` names, and
``kernel``, ``dvonn`` and ``dvonn_core.dvonn`` have modules in both packs.  build.py then writes
the page's start script: this file without its docstrings and comments, a call of ``mount`` and the
import of the page's main module.
"""

import js

js.performance.mark("python-start")  # the page's own Python starts: benchmarks/pages/web_load.py times it to ready

import os  # noqa: E402
import sys  # noqa: E402

import vfs  # noqa: E402

HEADER = b"\xd2\xcd\x31"  # a ROMFS image's first bytes; its size follows
AT = "/pack"  # where the packs are mounted: first on sys.path


def _number(data, at, stop, path):
    """The number at ``at`` (7 bits a byte, high bit set on all but the last) and where the next
    thing starts; ``ValueError`` if it runs past ``stop``."""
    value = 0
    while True:
        if at >= stop:
            raise ValueError("%s is cut short" % path)
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def mount(*paths):
    """Mount the packs at ``paths`` (the page's, then the shared pack it points into) on ``AT``,
    which becomes the first folder on sys.path, before the frozen modules and in place of the rest.
    ``ValueError`` names the pack and what is wrong with it."""
    sizes = [os.stat(path)[6] for path in paths]
    data = bytearray(sum(sizes))  # read() of unknown size grows its buffer: 10x slower here
    view = memoryview(data)
    start = first = stop = 0
    for path, size in zip(paths, sizes):
        with open(path, "rb") as f:
            f.readinto(view[start:start + size])
        end = start + size
        if data[start:start + len(HEADER)] != HEADER:
            raise ValueError("%s is not a module pack" % path)
        length, at = _number(data, start + len(HEADER), end, path)
        if at + length > end:
            raise ValueError("%s is cut short (%d of %d bytes)" % (path, size, at - start + length))
        if start == 0:
            first, stop = at, at + length  # the page's pack's records
        start = end
    # A page's pack made to be read with others begins with a padding record (kind 1): their sizes.
    wanted = []
    if first < stop:
        kind, at = _number(data, first, stop, paths[0])
        length, at = _number(data, at, stop, paths[0])
        notes = at + length
        while kind == 1 and at < notes:
            value, at = _number(data, at, notes, paths[0])
            wanted.append(value)
    if len(wanted) != len(paths) - 1:
        raise ValueError("%s was built to be read with %d pack(s) after it, not %d"
                         % (paths[0], len(wanted), len(paths) - 1))
    for path, size, want in zip(paths[1:], sizes[1:], wanted):
        if size != want:
            raise ValueError("%s is not the pack %s was built with (%d bytes, not %d)" % (path, paths[0], size, want))
    vfs.mount(vfs.VfsRom(data), AT)
    # The packs, then the modules frozen into MicroPython: nothing a page imports is anywhere else once PyScript has
    # imported its own package (from the working folder, before this script runs).  MicroPython looks for a module
    # it has built in (json, binascii...) in every folder on the path first, and each miss in a folder of the
    # browser's file system costs ~0.1 ms (Emscripten makes an Error for it): 52 misses at a game page's start
    # with the working folder and /lib on the path, 7 without them (issue 45).
    sys.path[:] = [AT] + [folder for folder in sys.path if folder == ".frozen"]
