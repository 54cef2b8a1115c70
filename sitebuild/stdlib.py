"""The bot worker's Python standard library: Pyodide's ``python_stdlib.zip`` without the modules the worker
cannot use (issue 45: the whole first visit's bytes).

Pyodide mounts that zip at start and imports from it; the worker imports only the standard library that
Pyodide's and PyScript's start-up, ``dvonn_core`` and ``kernel/bot_worker.py`` need.  What is left out is
named here, package by package, each for a reason that holds in a browser worker: a mail, network-server,
debugger, test or GUI module, or a text codec other than Unicode's and Latin-1's.  Every module that
Pyodide imports at start stays (``tools/pyodide_snapshot.mjs`` starts Pyodide from this zip at every build
and imports what the worker may import later, ``LATER``: a missing module fails the build, not a game).
"""

from __future__ import annotations

import hashlib
import io
import tokenize
import zipfile
from collections.abc import Callable
from pathlib import Path

#: Top-level packages and modules of the zip left out.  Mail and its formats (email, the mail protocols,
#: mailbox), the network servers and clients a worker cannot run (http, xmlrpc, wsgiref, socketserver,
#: the ftp/imap/pop/smtp clients), process pools (multiprocessing: a browser has no fork), the
#: interactive and debugging tools (the new REPL _pyrepl, pdb, bdb, pydoc, trace, the profilers, cmd,
#: timeit, tabnanny, pyclbr, symtable, modulefinder), the test tools (unittest, doctest), formats the
#: worker never reads (xml, tarfile, zipapp, plistlib, configparser, tomllib, optparse, wave, csv-free
#: pickletools, sqlite3 and ctypes, whose C parts Pyodide loads as separate packages), time zones
#: (zoneinfo), text diffs (difflib), and the jokes (this, antigravity, __hello__, __phello__).
LEFT_OUT = frozenset((
    "email", "mailbox.py", "imaplib.py", "poplib.py", "smtplib.py", "ftplib.py", "netrc.py",
    "http", "xmlrpc", "wsgiref", "socketserver.py", "webbrowser.py",
    "multiprocessing",
    "_pyrepl", "pdb.py", "bdb.py", "pydoc.py", "pydoc_data", "trace.py", "profile.py", "cProfile.py",
    "pstats.py", "cmd.py", "timeit.py", "tabnanny.py", "pyclbr.py", "symtable.py", "modulefinder.py",
    "unittest", "doctest.py",
    "xml", "tarfile.py", "zipapp.py", "plistlib.py", "configparser.py", "tomllib", "optparse.py", "wave.py",
    "pickletools.py", "sqlite3", "ctypes", "zoneinfo", "difflib.py", "compileall.py", "shelve.py",
    "getpass.py", "pty.py", "tty.py",
    "this.py", "antigravity.py", "__hello__.py", "__phello__",
))

#: The text codecs kept in ``encodings/`` (the package itself, its alias table, and these): Unicode's,
#: ASCII, Latin-1 and its Windows cousin, the escapes Python uses itself, and IDNA/punycode.
CODECS_KEPT = frozenset((
    "__init__", "aliases", "ascii", "charmap", "cp1252", "idna", "latin_1", "punycode", "raw_unicode_escape",
    "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_7",
    "utf_8", "utf_8_sig",
))

#: Modules the worker may import after it has started (PyScript's and our worker code's lazy imports, a
#: traceback shown on an error): the snapshot tool imports them from the trimmed zip at every build.
LATER = ("asyncio", "inspect", "json", "io", "html", "base64", "traceback", "linecache", "random", "time",
         "pyodide.ffi", "pyodide.code", "pyodide.webloop", "encodings.idna", "encodings.utf_16")


def kept(name: str) -> bool:
    """Whether the zip entry ``name`` stays.

    >>> [kept(n) for n in ("json/__init__.py", "email/parser.py", "pdb.py", "encodings/utf_8.py",
    ...                    "encodings/cp1250.py", "encodings/")]
    [True, False, False, True, False, True]
    """
    top, _, rest = name.partition("/")
    if top in LEFT_OUT:
        return False
    if top == "encodings" and rest:
        return rest.rsplit(".", 1)[0] in CODECS_KEPT
    return True


def trimmed(source: Path) -> bytes:
    """Pyodide's stdlib zip without the entries ``kept`` leaves out: the same entries in the same order,
    their dates kept, so the result depends on the source only."""
    return _rezip(source, kept)


#: Modules Python imports by name, where no import statement names them: the text codecs (``codecs.lookup``), and
#: ``_pylong`` (the C code of ``int`` imports it for conversions of very large numbers).
BY_NAME = ("_pylong.py",)


def later(source: Path, imported: list[str], roots: list[tuple[str, str]]) -> bytes:
    """The zip the bot worker is given with its snapshot: what it may import later.  ``source`` without the files
    of the modules the snapshot has imported (``imported``), and without those no import statement can reach
    (``reachable``) from the imported ones or from the worker's own Python (``roots``: (package, text) pairs,
    PyScript's modules and the worker's files); the modules Python imports by name stay (``BY_NAME``, the text
    codecs).  It holds a quarter of the trimmed zip's bytes (0.32 of 1.31 MB).

    The imported modules' sources are then missing only where Python reads a source after import: the lines of a
    traceback through them, ``inspect.getsource``.
    """
    with zipfile.ZipFile(source) as z:
        texts = {name: z.read(name).decode() for name in z.namelist() if name.endswith(".py")}
    codecs = [name for name in texts if name.startswith("encodings/") or name in BY_NAME]
    starts = [(package_of(name), texts[name]) for name in [*imported, *codecs] if name in texts]
    keep = (reachable(texts, starts + roots) | set(codecs)) - set(imported)
    return _rezip(source, lambda name: name in keep or name.endswith("/"))


def package_of(name: str) -> str:
    """The package a zip file's module belongs to, for its relative imports.

    >>> [package_of(n) for n in ("json/decoder.py", "json/__init__.py", "os.py")]
    ['json', 'json', '']
    """
    return name.rsplit("/", 1)[0].replace("/", ".") if "/" in name else ""


def reachable(texts: dict[str, str], roots: list[tuple[str, str]]) -> set[str]:
    r"""The files of ``texts`` (a zip's Python files: name -> source) that import statements reach from ``roots``
    ((package, source) pairs), through the files they reach in turn.  Every import statement counts, one in a
    function or under an ``if`` as well: what a module may import late is there when it does.

    >>> texts = {"a/__init__.py": "", "a/b.py": "def f():\n    from . import c", "a/c.py": "import d", "d.py": "",
    ...          "e.py": ""}
    >>> sorted(reachable(texts, [("", "import a.b")]))
    ['a/__init__.py', 'a/b.py', 'a/c.py', 'd.py']
    """
    def file_of(module: str) -> str | None:
        path = module.replace(".", "/")
        return next((f for f in (f"{path}.py", f"{path}/__init__.py") if f in texts), None)

    found: set[str] = set()
    todo = list(roots)
    while todo:
        package, text = todo.pop()
        for module in import_names(text, package):
            name = file_of(module)
            if name and name not in found:
                found.add(name)
                todo.append((package_of(name), texts[name]))
    return found


def import_names(text: str, package: str) -> set[str]:
    r"""Every module an import statement of ``text`` (a module of ``package``) may import, wherever it stands:
    ``import a.b`` names ``a`` and ``a.b``; ``from .c import d`` names ``package.c`` and ``package.c.d`` (``d`` may
    be a submodule).  Read with the tokenizer, not parsed: the sources are Python 3.14's, whose new syntax the
    build's Python may not parse, but whose tokens it reads.

    >>> sorted(import_names("if x: import a.b as c, ast\nyield from f\nfrom ..g import (h,\n    i)", "p.q"))
    ['a', 'a.b', 'ast', 'p', 'p.g', 'p.g.h', 'p.g.i']
    """
    statements: list[list[str]] = [[]]
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.NEWLINE or token.string == ";":
            statements.append([])
        elif token.type in (tokenize.NAME, tokenize.OP):
            statements[-1].append(token.string)
    names: set[str] = set()
    for words in statements:
        while words and words[0] not in ("import", "from"):  # a one-line compound statement: "if x: import y"
            words = words[words.index(":") + 1:] if ":" in words else []
        if not words or (words[0] == "from" and "import" not in words):
            continue
        if words[0] == "import":
            modules = ["".join(part[:part.index("as")] if "as" in part else part) for part in _split(words[1:])]
            leaves: list[str] = []
        else:
            at = words.index("import")
            head = "".join(words[1:at])
            level = len(head) - len(head.lstrip("."))
            parts = package.split(".") if package else []
            base = parts[:len(parts) - level + 1] if level else []
            module = ".".join(base + ([head.lstrip(".")] if head.lstrip(".") else []))
            modules = [module]
            leaves = [f"{module}.{part[0]}" for part in _split([w for w in words[at + 1:] if w not in "()"]) if part]
        for module in modules:
            pieces = module.split(".")
            names.update(".".join(pieces[:k]) for k in range(1, len(pieces) + 1))
        names.update(leaves)
    return names


def _split(words: list[str]) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for word in words:
        if word == ",":
            parts.append([])
        else:
            parts[-1].append(word)
    return parts


def _rezip(source: Path, keep: Callable[[str], bool]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            if keep(info.filename):
                entry = zipfile.ZipInfo(info.filename, info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED if not info.is_dir() else zipfile.ZIP_STORED
                entry.external_attr = info.external_attr
                zout.writestr(entry, zin.read(info.filename))
    return out.getvalue()


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]
