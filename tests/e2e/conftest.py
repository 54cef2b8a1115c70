"""Fixtures for the browser tests: a fresh build of the site, a local server, Debian chromium.

The site is built once per session into a temporary directory (so a build running in the
checkout is never disturbed) and served by ``serve.py`` on 127.0.0.1 with a free port.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import build  # on the path by tests/conftest.py
import serve

from .app import GAMES, App, GamePage
from .doc_helpers import check_requests

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".test-output"  # (tests/conftest.py: TEST_OUTPUT)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",  # the tests run as root in a container
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    server = serve.start(site)
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture()
def requests_seen(page) -> list[str]:  # type: ignore[no-untyped-def]
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def opened(page, base_url: str, requests_seen: list[str], kind: type[GamePage]) -> Iterator[GamePage]:  # type: ignore[no-untyped-def]
    """A game's page, loaded and ready; afterwards, no request may have left the serving host
    and no error may have reached the page."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(30_000)
    driver = kind(page, base_url)
    driver.open()
    yield driver
    check_requests(base_url, requests_seen)
    assert not errors, f"errors on the page: {errors}"


@pytest.fixture()
def app(page, base_url: str, requests_seen: list[str]) -> Iterator[App]:  # type: ignore[no-untyped-def]
    """The DVONN page (see :func:`opened`)."""
    yield from opened(page, base_url, requests_seen, App)  # type: ignore[misc]


@pytest.fixture(params=list(GAMES))
def game(request, page, base_url: str, requests_seen: list[str]) -> Iterator[GamePage]:  # type: ignore[no-untyped-def]
    """Each game's page in turn (DVONN, then Diamonds & Pivots), for a test of what the page
    kernel does on every game (see :func:`opened`)."""
    yield from opened(page, base_url, requests_seen, GAMES[request.param])


@pytest.fixture(scope="session")
def artifacts() -> Path:
    path = ARTIFACTS / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path
