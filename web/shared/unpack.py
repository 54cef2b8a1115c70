"""The start of every MicroPython page: its modules arrive as one file, a pack, unpacked here
into the interpreter's file system before the page's main module is imported (issue 12).

One request instead of one per module: on a page of 18 modules the browser's six connections
per host made the last module arrive ~100 ms after the runtime.  build.py (``pack_modules``)
writes the pack: a header line, then for each file a line ``<path> <size>`` and its bytes.  It
then writes the page's start script: this file, a call of ``unpack`` and the import of the
page's main module.
"""

import os

MAGIC = b"PACK 1\n"  # the pack's first line (build.py writes packs with it)


def entries(data, path="pack"):
    """``(name, start, stop)`` of each file in the pack ``data``: its bytes are
    ``data[start:stop]``.  ``ValueError`` names ``path`` and what is wrong."""
    if data[:len(MAGIC)] != MAGIC:
        raise ValueError("%s is not a module pack" % path)
    at = len(MAGIC)
    while at < len(data):
        end = data.index(b"\n", at)
        name, size = str(data[at:end], "utf-8").rsplit(" ", 1)
        start, stop = end + 1, end + 1 + int(size)
        if stop > len(data):
            raise ValueError("%s: %s is cut short" % (path, name))
        yield name, start, stop
        at = stop


def unpack(path):
    """Write the files of the pack at ``path`` (paths relative to the current folder), making
    their folders; return how many were written."""
    data = bytearray(os.stat(path)[6])  # read() of unknown size grows its buffer: 10x slower here
    with open(path, "rb") as f:
        f.readinto(data)
    view = memoryview(data)
    made = set()
    count = 0
    for name, start, stop in entries(data, path):
        folder = name.rsplit("/", 1)[0] if "/" in name else ""
        if folder and folder not in made:
            _make_folders(folder)
            made.add(folder)
        with open(name, "wb") as f:
            f.write(view[start:stop])
        count += 1
    return count


def _make_folders(folder):
    path = ""
    for part in folder.split("/"):
        path = part if not path else path + "/" + part
        if part in ("", "."):
            continue
        try:
            os.mkdir(path)
        except OSError:  # it exists
            pass
