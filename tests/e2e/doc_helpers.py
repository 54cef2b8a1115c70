"""Helpers for the documentation-board tests (embed.html, rules.html): open a page and
wait until its boards are live, and collect what a page must not do (load Pyodide, raise
errors, leave the serving host)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from sitebuild.vendor import plugins_off


class Watch:
    """Requests and page errors of one page, checked at the end of a test."""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.set_default_timeout(30_000)

    def open(self, path: str, ready: str = "true") -> None:
        """Go to ``path`` and wait until ``body[data-ready]`` is ``ready`` (or 'error') and every
        example board is live."""
        self.page.goto(self.base_url + path)
        self.page.wait_for_function("document.body.dataset.ready !== 'false'")
        state = self.page.evaluate("document.body.dataset.ready")
        assert state == ready, f"{path}: data-ready is {state!r}: {self.error_text()}"
        # A rules page starts its boards out of view after it is ready (rules.py): wait for all.
        self.page.wait_for_function(
            "!document.querySelector('figure.example') || document.body.dataset.boards !== undefined"
        )

    def error_text(self) -> str:
        box = self.page.locator('[data-testid="error"]')
        return str(box.first.inner_text()) if box.count() and box.first.is_visible() else ""

    def pyodide_requests(self) -> list[str]:
        return [u for u in self.requests if "pyodide" in u.lower()]

    def check(self) -> None:
        check_requests(self.base_url, self.requests)
        assert not self.pyodide_requests(), f"Pyodide was loaded: {self.pyodide_requests()}"
        assert not self.errors, f"errors on the page: {self.errors}"


def check_requests(base_url: str, urls: list[str]) -> None:
    """No request of a page left the serving host, and none fetched a PyScript plugin the pages
    turn off (sitebuild.vendor.plugins_off, issue 12)."""
    host = urlsplit(base_url).netloc
    foreign = [u for u in urls if urlsplit(u).scheme in ("http", "https") and urlsplit(u).netloc != host]
    assert not foreign, f"requests left {host}: {foreign}"
    assert not plugins_loaded(urls), f"PyScript plugins the pages turn off: {plugins_loaded(urls)}"


def plugins_loaded(urls: list[str]) -> list[str]:
    """The requests in ``urls`` for a PyScript plugin that the pages turn off (plugins_off):
    none should be made (issue 12)."""
    off = "|".join(re.escape(setting.removeprefix("!")) for setting in plugins_off())
    chunk = re.compile(rf"/vendor/pyscript-[^/]+/(?:{off})-[\w-]{{8}}\.js$")
    return [u for u in urls if chunk.search(urlsplit(u).path)]


def cells_with_class(scope: Any, cls: str) -> list[str]:
    """Cells (data-cell) under ``scope`` (a page, frame or locator) that carry ``cls``."""
    return sorted(scope.locator(f"[data-cell].{cls}").evaluate_all("els => els.map(e => e.dataset.cell)"))


def when_ready(script: str) -> str:
    """An init script that runs ``script`` (JavaScript) in the task that makes the page ready,
    before any other task: on a rules page, before the boards out of view start (lazy_boards).
    ``script`` sets ``window.__early``, which also makes it run once."""
    return """
new MutationObserver((_, observer) => {
  if (!document.body || document.body.dataset.ready !== "true" || window.__early) return;
  observer.disconnect();
  %s
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
""" % script
