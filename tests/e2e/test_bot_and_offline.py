"""Playing the bot (a Pyodide worker), the page staying responsive meanwhile, and the site
working offline after one visit."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from dvonn_core import Game

from .app import App, GamePage, network_is_off

# Records the largest gap between 10 ms timer ticks on the main thread while the bot thinks.
TIMER = """() => {
  window.__gaps = {max: 0, ticks: 0};
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (document.body.dataset.bot === "busy") {
      window.__gaps.max = Math.max(window.__gaps.max, now - last);
      window.__gaps.ticks += 1;
    }
    last = now;
  }, 10);
}"""


def first_legal(app: App) -> str:
    return str(app.game().legal_moves()[0])


def wait_bot_answered(app: App) -> None:
    app.page.wait_for_function(
        "document.body.dataset.toMove === 'white' && document.body.dataset.bot === 'ready'", timeout=60_000)


def pyodide_start(app: App) -> str:
    """How the bot worker's Pyodide started (web/shared/pyodide_boot.mjs)."""
    starts = [w.evaluate("globalThis.dvonnPyodideStart") for w in app.page.workers]
    return " ".join(str(s) for s in starts if s)


def test_the_bot_starts_from_the_snapshot(app: App, requests_seen: list[str]) -> None:
    app.wait_bot_ready()
    assert pyodide_start(app) == "snapshot"
    assert any("/snapshot-" in u for u in requests_seen)
    # one download of Pyodide's module, for Pyodide and for the snapshot's data segments (pyodide_boot.mjs)
    assert sum(u.split("?")[0].endswith("/pyodide.asm.wasm") for u in requests_seen) == 1


def test_the_bot_starts_without_its_snapshot(page, base_url: str) -> None:  # type: ignore[no-untyped-def]
    """A snapshot that cannot be fetched (or read) only costs time: Pyodide starts as usual."""
    page.route("**/snapshot-*.bin.zst", lambda route: route.fulfill(status=404, body="gone"))
    app = App(page, base_url)
    app.open()
    app.wait_bot_ready()
    assert pyodide_start(app).startswith("without the snapshot")
    app.new_game(white="human", black="bot", level="easy", random_setup=True)
    app.play(first_legal(app))
    wait_bot_answered(app)
    assert len(app.history()) == 2


def test_bot_answers_and_page_stays_responsive(app: App) -> None:
    assert app.text("bot-status") == "Bot: loading…"  # Pyodide takes seconds; the page is ready at once
    app.wait_bot_ready()
    app.new_game(white="human", black="bot", level="hard", random_setup=True)
    start = app.game()
    app.page.evaluate(TIMER)
    human = first_legal(app)
    app.play(human)
    assert app.status() == "Black (bot) is thinking…"
    wait_bot_answered(app)
    gaps = app.page.evaluate("window.__gaps")
    print("\nwhile the bot thought: %d timer ticks, largest gap %.1f ms" % (gaps["ticks"], gaps["max"]))
    assert gaps["ticks"] >= 10, "the bot's turn was too short to measure"
    # A bot on the main thread would block it for its whole budget (1 s at hard); a busy
    # machine alone can stretch a 10 ms timer past 100 ms (seen at load average 6).
    assert gaps["max"] < 400, f"main thread blocked for {gaps['max']:.0f} ms while the bot thought"
    # The bot's move is legal and the page shows the position dvonn_core reaches.
    history = app.history()
    assert history[0] == human and len(history) >= 2
    core = start
    for move in history:
        core.play(move)
    assert app.position() == core.position()
    assert app.text("bot-status") == "Bot (Hard): ready."  # the bot's level, during the game


def test_the_page_stays_usable_while_the_bot_thinks(app: App) -> None:
    app.wait_bot_ready()
    app.new_game(white="human", black="bot", level="hard", random_setup=True)
    human = first_legal(app)
    app.hold_bot()  # the bot thinks until the test lets it go (issue 43, defect 12)
    app.play(human)
    assert app.status() == "Black (bot) is thinking…"
    # Flip and history work during the bot's turn.
    left = app.cell("A1").bounding_box()["x"]
    app.page.get_by_test_id("flip").click()
    assert app.cell("A1").bounding_box()["x"] > left
    assert app.history() == [human]
    assert app.page.evaluate("document.body.dataset.bot") == "busy"
    # A new game while the bot thinks: the old search's answer must not land on the new board.
    app.new_game(white="human", black="human")
    assert app.position() == Game().position()
    app.release_bot()
    app.page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=30_000)
    assert app.position() == Game().position()
    assert app.history() == []
    assert "bot" not in app.notice().lower()  # the stale answer was dropped, not refused as illegal
    app.play("F3")
    assert app.game().stack("F3") == "d"


def test_undo_against_the_bot_returns_to_the_humans_turn(app: App) -> None:
    app.wait_bot_ready()
    app.new_game(white="human", black="bot", level="easy", random_setup=True)
    start = app.position()
    app.play(first_legal(app))
    wait_bot_answered(app)
    answered = app.position()
    app.page.get_by_test_id("undo").click()
    assert app.position() == start
    assert app.history() == []
    assert app.page.get_by_test_id("undo").is_disabled()
    app.page.get_by_test_id("redo").click()
    assert app.position() == answered


def test_bot_plays_white_and_placement(app: App) -> None:
    app.wait_bot_ready()
    app.new_game(white="bot", black="human", level="easy")
    app.page.wait_for_function("document.body.dataset.toMove === 'black'", timeout=60_000)
    game = app.game()
    assert game.phase == "placement"
    assert len(app.history()) == 1


def test_reload_offline_and_keep_playing(game: GamePage) -> None:
    page = game.page
    game.wait_bot_ready()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.context.set_offline(True)
    try:
        page.reload()
        game.wait_ready()
        game.wait_bot_ready()  # Pyodide comes from the cache as well
        game.new_game(**game.players("human", "bot"), level="easy")
        game.play(game.LINE[0])
        # The bot answered (Diamonds & Pivots: perhaps by swapping sides); the human moves next.
        page.wait_for_function(
            "document.querySelectorAll('[data-testid=history] li:not(.setup)').length === 2"
            " && document.body.dataset.bot === 'ready'", timeout=60_000)
        history = game.history()
        assert len(history) == 2 and game.position() == game.after(history, 2)
        assert network_is_off(page)
        # The modules fetched on first use (.mpy bytecode) come from the service worker too.
        page.get_by_test_id("copy-embed").click()
        page.wait_for_function("document.querySelector('[data-testid=\"embed-code\"]').value.includes('embed.html')")
        page.get_by_test_id("analyse").click()
        page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=60_000)
        if any(game.scored(game.after(history, i)) for i in range(3)):
            assert re.fullmatch(SUMMARY, game.text("analysis-summary")), game.text("analysis-summary")
            assert game.page.get_by_test_id("analysis-graph").is_visible()
        else:
            assert game.text("analysis-summary") == game.NOTHING_SCORED
    finally:
        page.context.set_offline(False)


#: The files the service worker caches on first use (sw.js: ON_FIRST_USE), whether the cache holds each of them, and
#: whether the page could fetch them.
FIRST_USE = """async () => {
  const text = await (await fetch("./sw.js")).text();
  // (the start from the snapshot is precached on this connection: tests/test_service_worker.py)
  const precached = JSON.parse(text.match(/const SNAPSHOT_START = (\\[[^\\]]*\\]);/)[1]);
  // (PyScript's chunks the pages never load left alone: fetching one is what check_requests forbids)
  const later = JSON.parse(text.match(/new Set\\((\\[[^\\]]*\\])\\.map/)[1])
    .filter((u) => !precached.includes(u) && !u.includes("/pyscript-"));
  const cached = async () => Promise.all(later.map(async (u) => !!(await caches.match(new URL(u, location).href))));
  const before = await cached();
  const fetched = await Promise.all(later.map(async (u) => {
    try { return (await fetch(u)).ok; } catch { return false; }
  }));
  return { later, before, fetched, after: await cached() };
}"""


def test_what_only_a_start_without_the_snapshot_reads_is_cached_on_first_use(app: App) -> None:
    """The whole standard library and the worker's Python files are not precached (issue 45: 1 MB of a first
    visit); once fetched, they are cached, and a start of the bot without its snapshot works offline as well."""
    page = app.page
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    first = page.evaluate(FIRST_USE)
    assert any(u.endswith("/python_stdlib.zip") for u in first["later"])
    assert any(u.startswith("./dvonn_core/dvonn/bot.py?v=") for u in first["later"])
    assert not any(first["before"]) and all(first["fetched"]) and all(first["after"])
    page.context.set_offline(True)
    try:
        assert network_is_off(page)
        again = page.evaluate(FIRST_USE)
        assert all(again["before"]) and all(again["fetched"])
    finally:
        page.context.set_offline(False)


#: The analysis' summary when it scored positions.
SUMMARY = r"White: \d+ mistakes?, \d+ blunders?\. Black: \d+ mistakes?, \d+ blunders?\."


def test_every_request_stays_on_the_serving_host(app: App, requests_seen: list[str], base_url: str) -> None:
    app.wait_bot_ready()
    app.new_game(white="human", black="bot", level="easy", random_setup=True)
    app.play(first_legal(app))
    wait_bot_answered(app)
    host = urlsplit(base_url).netloc
    web = [u for u in requests_seen if urlsplit(u).scheme in ("http", "https")]
    assert {urlsplit(u).netloc for u in web} == {host}
    names = {urlsplit(u).path.rsplit("/", 1)[-1] for u in web}
    assert {"micropython.wasm", "pyodide.asm.wasm"} <= names
    # with the snapshot, the standard library it has not imported; not the whole of it (python_stdlib.zip)
    assert any(n.startswith("stdlib-later-") for n in names) and "python_stdlib.zip" not in names
    assert Game.from_position(app.position()).to_move == "white"
