"""What goes into ``dist/``: the ``Site`` that writes each file and remembers its content hash
(cache busting: our own files are referenced as ``name?v=<hash>``), the Content-Security-Policy
every page gets, and the text of pages: ``{{name}}`` templates and the checks for code made inline.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

# Content-Security-Policy of every page, as a <meta> tag (GitHub Pages cannot set headers).
# Why each directive is there: docs/security.md.  The hashes of a page's inline scripts are
# added to script-src by with_csp().
CSP = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'unsafe-eval' 'wasm-unsafe-eval'"),
    ("worker-src", "'self' blob:"),
    ("connect-src", "'self'"),
    ("img-src", "'self'"),
    ("style-src", "'self' 'unsafe-inline'"),
    ("font-src", "'self'"),
    ("manifest-src", "'self'"),
    ("frame-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
)
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def with_csp(page: str) -> str:
    """``page`` with the site's Content-Security-Policy ``<meta>`` right after its charset.

    >>> page = with_csp('<meta charset="utf-8"><script>go()</script>')
    >>> print(page.replace("; ", ";\\n"))  # doctest: +ELLIPSIS
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="default-src 'self';
    script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw=';
    worker-src 'self' blob:;
    ...
    form-action 'none'"><script>go()</script>
    """
    sources = dict(CSP)
    for script in _INLINE_SCRIPT.findall(page):
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        sources["script-src"] += f" 'sha256-{digest}'"
    policy = "; ".join(f"{name} {sources[name]}" for name, _ in CSP)
    charset = '<meta charset="utf-8">'
    if charset not in page:
        raise SystemExit("build.py: a page without <meta charset=\"utf-8\"> cannot get the CSP")
    meta = f'{charset}\n<meta http-equiv="Content-Security-Policy" content="{html.escape(policy, quote=False)}">'
    return page.replace(charset, meta, 1)


def content_hash(data: bytes, length: int = 10) -> str:
    """Short hex digest used for cache busting.

    >>> content_hash(b"dvonn")
    '26c09c6912'
    """
    return hashlib.sha256(data).hexdigest()[:length]


class Site:
    """Files written into dist/, remembered for the service worker's precache list."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.files: dict[str, str] = {}  # relative path -> content hash
        # Files the service worker caches when they are first fetched, not when it installs: the Python sources
        # kept for reading (the pages run their packs; issue 45), and the files of the bot's start it did not
        # precache (below).
        self.on_first_use: set[str] = set()
        # The files of the bot's two starts (sitebuild/vendor.py): from its snapshot (the snapshot, its zip), and
        # without it (the whole standard library, the worker's Python files).  The service worker precaches the
        # first on a fast connection, the second on one the browser reports as slow or with data saving on (where
        # the bot starts without its snapshot), and caches the others on first use.
        self.snapshot_start: set[str] = set()
        self.plain_start: set[str] = set()
        # (versioned source, FS path) -> its .mpy bytecode: a module several pages load is compiled once.
        self.bytecode: dict[tuple[str, str], bytes] = {}

    def write(self, rel: str, data: bytes) -> str:
        """Write ``data`` to ``dist/rel`` and return ``rel?v=<hash>``."""
        path = self.out / rel
        if rel.endswith(".html"):
            data = with_csp(data.decode()).encode()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        digest = content_hash(data)
        self.files[rel] = digest
        return f"{rel}?v={digest}"

    def copy(self, src: Path, rel: str) -> str:
        """Copy the file ``src`` to ``dist/rel`` and return ``rel?v=<hash>``."""
        return self.write(rel, src.read_bytes())

    def remove(self, rel: str) -> None:
        """Take ``dist/rel`` out of the site (a file every page now holds inline)."""
        (self.out / rel).unlink()
        del self.files[rel]


def fill(template: str, values: dict[str, str]) -> str:
    """Replace ``{{name}}`` placeholders; an unknown placeholder is an error.

    >>> fill("a {{x}} b", {"x": "1"})
    'a 1 b'
    """
    out = template
    for key, value in values.items():
        out = out.replace("{{" + key + "}}", value)
    if "{{" in out:
        start = out.index("{{")
        raise SystemExit(f"build.py: unfilled placeholder {out[start:start + 40]!r}")
    return out


def inline_code(text: str, tag: str) -> str:
    """``text`` checked to be safe as the raw content of an inline ``<tag>`` element (its end tag or
    a comment opener in it would end or hide the element early).

    >>> inline_code("p { color: red }", "style")
    'p { color: red }'
    >>> inline_code("x = '</script>'", "script")
    Traceback (most recent call last):
    ...
    ValueError: cannot inline into <script>: it contains '</script'
    """
    for bad in (f"</{tag}", "<!--"):
        if bad in text.lower():
            raise ValueError(f"cannot inline into <{tag}>: it contains {bad!r}")
    return text
