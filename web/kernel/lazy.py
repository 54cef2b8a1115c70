"""Packages a page loads on first use (the study tools: the game analysis), so they cost
nothing at load.  build.py writes such a package as a pack of its own (a ROMFS image, as the
page's modules, see mount.py); :func:`load` fetches it, mounts it beside the page's packs and
imports the module asked for.  The service worker precaches the pack, so it works offline.
"""

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Dict

HEADER = b"\xd2\xcd\x31"  # a ROMFS image's first bytes (mount.py)
_mounted = {}  # type: Dict[str, str]  # pack address -> where it is mounted


async def load(module, src):
    """Import ``module`` (``"study.analysis"``), fetching and mounting the pack at ``src`` first."""
    if module in sys.modules:
        return sys.modules[module]
    if src not in _mounted:
        import vfs
        from pyscript import fetch

        data = await fetch(src).bytearray()
        if data[:len(HEADER)] != HEADER:
            raise ValueError("%s is not a module pack" % src.split("?")[0])
        at = "/lazy%d" % len(_mounted)
        vfs.mount(vfs.VfsRom(data), at)
        sys.path.append(at)
        _mounted[src] = at
    __import__(module)
    return sys.modules[module]
