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


def later(source: Path, imported: list[str]) -> bytes:
    """The zip the bot worker is given with its snapshot (``source`` without the files of the modules the
    snapshot has imported, ``imported``): what it may import later.  It holds 40 % of the trimmed zip's bytes.

    Those modules' sources are then missing only where Python reads a source after import: the lines of a
    traceback through them, ``inspect.getsource``.
    """
    gone = set(imported)
    return _rezip(source, lambda name: name not in gone)


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
