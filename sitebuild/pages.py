"""What the pages hold besides their templates: the inline PyScript configs and preload links,
style sheets made inline, the embedding guide, and the service worker that precaches the site.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from sitebuild import ROOT, SHARED
from sitebuild.i18n import LANGUAGES, SOURCE, folder
from sitebuild.site import Site, content_hash, fill, inline_code
from sitebuild.vendor import plugins_off

PART = re.compile(r"^<!-- part: ([a-z_]+) -->\n", re.M)


def framed(frame: str, page: str) -> str:
    """A page made of a frame shared by several pages and its own parts: ``page`` gives each part
    on a line ``<!-- part: NAME -->`` followed by its text (up to the next such line), which
    replaces ``{{NAME}}`` in ``frame``.  Text before the first part is a comment for readers.

    >>> framed("<b>{{a}}</b>{{b}}.", "<!-- a page -->\\n<!-- part: a -->\\nx\\n<!-- part: b -->\\n")
    '<b>x</b>.'
    >>> framed("{{a}}", "<!-- part: c -->\\n")
    Traceback (most recent call last):
    SystemExit: build.py: a part that the frame has no place for: 'c'
    """
    pieces = PART.split(page)
    names = pieces[1::2]
    if len(set(names)) != len(names):
        raise SystemExit(f"build.py: a part given twice among {names}")
    for name, text in zip(names, pieces[2::2], strict=True):
        if "{{%s}}" % name not in frame:
            raise SystemExit(f"build.py: a part that the frame has no place for: {name!r}")
        frame = frame.replace("{{%s}}" % name, text.rstrip("\n"))
    return frame


def pyscript_config(site: Site, interpreter: str, modules: dict[str, str], root: str = "./") -> dict[str, object]:
    """A PyScript config: the local interpreter and the Python files to put in its FS (``root``: the
    site's root from the page, ``../`` for a page in a language's folder)."""
    return {"interpreter": f"{root}{interpreter}",
            "files": {f"{root}{versioned}": f"./{dest}" for dest, versioned in sorted(modules.items())}}


def page_config(site: Site, name: str, interpreter: str, files: dict[str, str], root: str = "./") -> dict[str, str]:
    """Template values ``<name>_config`` (the inline PyScript config of a MicroPython page) and
    ``<name>_preload`` (the preload links of its files, relative to the root: see i18n.relocate)."""
    config = {**pyscript_config(site, interpreter, files, root), "plugins": plugins_off()}
    return {f"{name}_config": html.escape(json.dumps(config, separators=(",", ":"))),
            f"{name}_preload": "\n".join(f'<link rel="preload" href="./{v}" as="fetch" crossorigin="anonymous">'
                                         for _, v in sorted(files.items()))}


_STYLESHEET = re.compile(r'<link rel="stylesheet" href="\./([^"?]+)(?:\?v=[0-9a-f]+)?">')


def inline_styles(page: str, out: Path) -> str:
    """``page`` with each ``<link rel="stylesheet">`` of a file of the site replaced by a ``<style>``
    element holding that file: nothing in the page's first wave of requests waits for a style
    sheet, and the module pack is not queued behind them on HTTP/1.1's six connections (issue 12)."""
    def inline(match: re.Match[str]) -> str:
        css = inline_code((out / match.group(1)).read_text(), "style")
        return f"<style>\n{css.rstrip()}\n</style>"
    return _STYLESHEET.sub(inline, page)


def guide(site: Site, values: dict[str, str]) -> None:
    """The embedding guide (docs/embedding.md as a page of the site)."""
    from kernel import guide_page
    page = guide_page.page((ROOT / "docs" / "embedding.md").read_text(), values["icon.svg"], values["style.css"],
                           values["embed.css"])
    site.write(values["guide_link"], page.encode())


def drop_unlinked_styles(site: Site) -> None:
    """Take out of the site each style sheet that no page links any more (every page holds it inline)."""
    pages = [(site.out / rel).read_text() for rel in site.files if rel.endswith(".html")]
    for rel in [rel for rel in site.files if rel.endswith(".css")]:
        if not any(f"./{rel}" in page for page in pages):
            site.remove(rel)


def precache(files: dict[str, str]) -> list[str]:
    """The service worker's precache list: every file (``files``: path -> content hash) as the pages ask
    for it: a runtime file by its versioned folder, a page by its name (and the folder holding an
    ``index.html`` by its own address: ``./`` for the root's, ``./de/`` for German's), any other file
    of ours with ``?v=<hash>``.  (The files it caches on first use are listed the same way.)

    >>> precache({"style.css": "cd34", "index.html": "ab12", "vendor/pyodide-1/pyodide.mjs": "ef56", ".nojekyll": ""})
    ['./', './index.html', './style.css?v=cd34', './vendor/pyodide-1/pyodide.mjs']
    >>> precache({"de/index.html": "cd34", "de/rules.html": "ef56"})
    ['./de/', './de/index.html', './de/rules.html']
    """
    folders = sorted(f"./{rel[:-len('index.html')]}" for rel in files
                     if rel == "index.html" or rel.endswith("/index.html"))
    return folders + [f"./{rel}?v={h}" if not rel.startswith("vendor/") and not rel.endswith(".html")
                      else f"./{rel}" for rel, h in sorted(files.items()) if rel != ".nojekyll"]


def pages_by_language(files: dict[str, str]) -> dict[str, dict[str, str]]:
    """The pages written in several languages (``files``: path -> content hash), by language: English's
    at the root, each other language's in its folder.  A page written in one language only (the
    embedding guide) is not among them: every visitor reads that one.

    >>> pages = pages_by_language({"index.html": "a", "de/index.html": "b", "floor.html": "c", "icon.svg": "d"})
    >>> pages["en"], pages["de"], pages["fr"]
    ({'index.html': 'a'}, {'de/index.html': 'b'}, {})
    """
    others = [language for language in LANGUAGES if language != SOURCE]
    translated = {rel for rel in files if rel.endswith(".html") and "/" not in rel
                  and any(folder(language) + rel in files for language in others)}
    return {language: {folder(language) + rel: files[folder(language) + rel]
                       for rel in sorted(translated) if folder(language) + rel in files}
            for language in LANGUAGES}


def service_worker(site: Site) -> str:
    """Write ``sw.js``, which precaches the site's files (but those it caches on first use,
    ``site.on_first_use``, and of the bot's two starts only the one a device will use) and the pages
    of the visitor's languages (``PAGES``: by language, the others are cached when used), and return
    its version.  The list holds each file's hash, so the worker's own bytes change with any file:
    the browser installs the new version and drops the old cache."""
    version = content_hash(json.dumps(sorted(site.files.items())).encode())
    def listed(files: set[str]) -> str:
        return json.dumps(precache({rel: h for rel, h in site.files.items() if rel in files}), indent=1)

    starts = site.snapshot_start | site.plain_start
    pages = pages_by_language(site.files)
    in_a_language = {rel for language in pages.values() for rel in language}
    now = {rel: h for rel, h in site.files.items() if rel not in site.on_first_use | starts | in_a_language}
    values = {"version": version, "files": json.dumps(precache(now), indent=1), "source": SOURCE,
              "folders": json.dumps({language: f"./{folder(language)}" for language in LANGUAGES}),
              "pages": json.dumps({language: precache(files) for language, files in pages.items()}, indent=1),
              "snapshot_start": listed(site.snapshot_start), "plain_start": listed(site.plain_start),
              "on_first_use": listed(site.on_first_use | starts)}
    sw = fill((SHARED / "sw.js").read_text(), values)
    (site.out / "sw.js").write_text(sw)
    return version
