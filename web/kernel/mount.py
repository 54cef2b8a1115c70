"""The start of every MicroPython page: its modules arrive as one file, a pack, mounted here as a
read-only file system before the page's main module is imported (issue 12).

One request instead of one per module: on a page of 18 modules the browser's six connections
per host made the last module arrive ~100 ms after the runtime.  The pack is an image of
MicroPython's ROMFS (``vfs.VfsRom``), written by build.py (``pack_modules``): MicroPython
imports the ``.mpy`` files straight from it, in memory, where writing each one into the
interpreter's file system first took ~6 ms of the page's start.  build.py then writes the
page's start script: this file, a call of ``mount`` and the import of the page's main module.
"""

import js

js.performance.mark("python-start")  # the page's own Python starts: benchmarks/web_load.py times it to ready

import os  # noqa: E402
import sys  # noqa: E402

import vfs  # noqa: E402

HEADER = b"\xd2\xcd\x31"  # a ROMFS image's first bytes; its size follows
AT = "/pack"  # where the pack is mounted: first on sys.path


def mount(path):
    """Mount the pack at ``path`` on ``AT``, ahead of the other folders on sys.path.
    ``ValueError`` names ``path`` and what is wrong with it."""
    data = bytearray(os.stat(path)[6])  # read() of unknown size grows its buffer: 10x slower here
    with open(path, "rb") as f:
        f.readinto(data)
    if data[:len(HEADER)] != HEADER:
        raise ValueError("%s is not a module pack" % path)
    size, at = 0, len(HEADER)
    while True:  # the image's size: 7 bits a byte, high bit set on all but the last
        if at >= len(data):
            raise ValueError("%s is cut short" % path)
        byte = data[at]
        at += 1
        size = (size << 7) | (byte & 0x7F)
        if not byte & 0x80:
            break
    if at + size > len(data):
        raise ValueError("%s is cut short (%d of %d bytes)" % (path, len(data), at + size))
    vfs.mount(vfs.VfsRom(data), AT)
    sys.path.insert(0, AT)
