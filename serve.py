#!/usr/bin/env python3
"""A small static file server for ``dist/`` (like GitHub Pages: gzip, max-age=600).

``python serve.py`` serves ``dist/`` on http://127.0.0.1:8000.  Tests start it in a thread
with :func:`start` on a free port.  Only the standard library is used.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "application/javascript",
    ".mjs": "application/javascript",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".zip": "application/zip",
}
# Types GitHub Pages sends gzipped (zip archives are already compressed).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".py", ".txt", ".pack"}


class _GzipCache:
    """Compressed bodies, keyed by path and modification time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: dict[tuple[Path, int], bytes] = {}

    def get(self, path: Path, mtime_ns: int, data: bytes) -> bytes:
        key = (path, mtime_ns)
        with self._lock:
            cached = self._items.get(key)
        if cached is None:
            cached = gzip.compress(data, compresslevel=6, mtime=0)
            with self._lock:
                self._items[key] = cached
        return cached


class StaticHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    root: Path = ROOT / "dist"
    use_gzip = True
    gzip_cache = _GzipCache()
    body_bytes = 0  # response body bytes sent (after gzip): benchmarks read and reset it
    _count_lock = threading.Lock()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _resolve(self) -> Path | None:
        rel = unquote(urlsplit(self.path).path).lstrip("/")
        path = (self.root / rel).resolve()
        if self.root.resolve() not in (path, *path.parents):
            return None
        if path.is_dir():
            path = path / "index.html"
        return path if path.is_file() else None

    def do_HEAD(self) -> None:
        self._serve(send_body=False)

    def do_GET(self) -> None:
        self._serve(send_body=True)

    def _serve(self, send_body: bool) -> None:
        path = self._resolve()
        if path is None:
            body = b"not found\n"
            self.send_response(HTTPStatus.NOT_FOUND)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if send_body:
                self.wfile.write(body)
            return
        stat = path.stat()
        last_modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = path.read_bytes()
        suffix = path.suffix.lower()
        encoding = None
        if (self.use_gzip and suffix in COMPRESSIBLE
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            data = self.gzip_cache.get(path, stat.st_mtime_ns, data)
            encoding = "gzip"
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", MIME_TYPES.get(suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", last_modified)
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "max-age=600")
        if encoding:
            self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        if send_body:
            self.wfile.write(data)
            with self._count_lock:
                type(self).body_bytes += len(data)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser closing a kept-alive connection is not worth a traceback.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000,
                use_gzip: bool = True) -> ThreadingHTTPServer:
    """A server for ``directory`` (port 0 picks a free port: see ``server.server_port``)."""
    handler = type("Handler", (StaticHandler,), {"root": Path(directory), "use_gzip": use_gzip})
    return _Server((host, port), handler)


def start(directory: Path, host: str = "127.0.0.1", port: int = 0,
          use_gzip: bool = True) -> ThreadingHTTPServer:
    """Serve ``directory`` from a background thread and return the running server."""
    server = make_server(directory, host, port, use_gzip)
    threading.Thread(target=server.serve_forever, daemon=True, name="static-server").start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-gzip", action="store_true")
    args = parser.parse_args(argv)
    server = make_server(args.dir, args.host, args.port, not args.no_gzip)
    print(f"Serving {args.dir} on http://{args.host}:{server.server_port}/ (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
