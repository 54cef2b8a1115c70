"""Game analysis in Debian chromium: the bot scores every position in the worker with a
progress bar while the page keeps responding; the evaluation graph jumps to a position when
clicked; mistakes and blunders are marked in the history with the bot's better move on the
board; a second analysis comes from the cache at once.  Timings go to artifacts/."""

from __future__ import annotations

from pathlib import Path

from dvonn_core import Game

from .app import App
from .test_play import recorded_game
from .test_review import after

GAME = "DV-Aeacus-Dumbot-2008-10-28-0001.sgf"

# Longest gap between animation frames (ms) while something runs: the main thread's freedom.
GAP_PROBE = """() => {
  window.__gap = 0;
  let last = performance.now();
  const tick = (now) => { window.__gap = Math.max(window.__gap, now - last); last = now;
                          if (!window.__gapStop) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""


def analyse(app: App) -> float:
    """Press Analyse and wait until it is done; the time it took in ms (performance.now)."""
    app.page.evaluate("() => { window.__t0 = performance.now(); }")
    app.page.get_by_test_id("analyse").click()
    app.page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=300_000)
    return float(app.page.evaluate("performance.now() - window.__t0"))


def test_analyse_an_imported_game(app: App, artifacts: Path) -> None:
    moves = recorded_game(GAME)
    app.wait_bot_ready()
    app.import_record(" ".join(moves))
    n = len(moves)
    app.page.evaluate(GAP_PROBE)
    app.page.evaluate("() => { window.__t0 = performance.now(); }")
    app.page.get_by_test_id("analyse").click()
    app.page.wait_for_function("document.body.dataset.analysis === 'running'")
    # The page keeps responding: review steps back while the worker analyses.
    assert app.page.get_by_test_id("analysis-progress").is_visible()
    app.press("review-back")
    assert app.position() == after(moves, n - 1)
    app.page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=300_000)
    elapsed = float(app.page.evaluate("performance.now() - window.__t0"))
    gap = float(app.page.evaluate("window.__gapStop = true, window.__gap"))
    assert not app.page.get_by_test_id("analysis-progress").is_visible()
    graph = app.page.get_by_test_id("analysis-graph")
    assert graph.is_visible() and graph.locator("polyline").count() == 1
    assert graph.locator("[data-ply]").count() == n + 1
    app.screenshot(artifacts / "analysis.png")
    # A click on the graph shows that position.
    graph.locator('[data-ply="55"]').click(force=True)
    app.page.wait_for_function("document.body.dataset.ply === '55'")
    assert app.position() == after(moves, 55) and app.review()
    # Mistakes and blunders: marked in the history; in the position before one, the note names
    # the bot's better move, which is legal there, not the move played, and marked on the board.
    marked = app.page.evaluate("""[...document.querySelectorAll(
            '[data-testid=history] li.mistake, [data-testid=history] li.blunder')]
        .map(li => +li.querySelector('[data-ply]').dataset.ply)""")
    for number in marked[:3]:
        app.page.locator(f'[data-testid="history"] [data-ply="{number - 1}"]').click()
        app.page.wait_for_function(f"document.body.dataset.ply === '{number - 1}'")
        note = app.text("analysis-note")
        assert f"Move {number} ({moves[number - 1]})" in note
        source, target = app.cells_with_class("better-from"), app.cells_with_class("better")
        better = source[0] + target[0]
        assert better in note and better != moves[number - 1]
        assert better in {str(m) for m in Game.from_position(after(moves, number - 1)).legal_moves()}
    # Cached by position: a second analysis is instant.
    again = analyse(app)
    (artifacts / "analysis-figures.txt").write_text(
        f"{GAME}: {n} plies, analysis {elapsed / 1000:.1f} s, second analysis {again:.0f} ms, "
        f"largest gap between animation frames while analysing {gap:.0f} ms, {len(marked)} moves marked\n")
    assert again < 1500
    assert gap < 1000, f"the main thread was blocked for {gap:.0f} ms"
    # A new move (a new line) drops the analysis of the old one.
    app.press("back-to-game")
    assert app.page.get_by_test_id("analysis-graph").is_visible()
