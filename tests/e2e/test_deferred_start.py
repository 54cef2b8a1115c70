"""The listeners a game page wires once it is ready (kernel/deferred.py, issue 45): an input that
comes before they are wired still reaches them, and they are all wired soon after without one."""

from __future__ import annotations

from .app import GamePage

# Clicks "Import", then a cell of the board, in the first moment the page says it is ready: from
# the microtask after its start script set data-ready, before any other task of the page could
# run (so before the queued wiring's own timer).  What the clicks found is noted for the test.
CLICK_AT_READY = """
new MutationObserver((records, observer) => {
  if (!document.body || document.body.dataset.ready !== "true") return;
  observer.disconnect();
  const dialog = document.querySelector('[data-testid="import-dialog"]');
  window.__beforeClick = dialog.open;
  document.querySelector('[data-testid="import"]').click();
  window.__afterClick = dialog.open;
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


def test_a_click_at_the_moment_the_page_is_ready_is_not_lost(game: GamePage) -> None:
    game.page.add_init_script(CLICK_AT_READY)
    game.open()
    assert game.page.evaluate("window.__beforeClick") is False
    # The click ran the queued wiring first, then reached the button's own listener.
    assert game.page.evaluate("window.__afterClick") is True
    game.page.get_by_test_id("import-cancel").click()
    game.page.wait_for_function("!document.querySelector('[data-testid=import-dialog]').open")


def test_the_controls_are_wired_without_any_input(game: GamePage) -> None:
    """No input needed: the queue runs in the page's first task after its start.  Read through
    the DevTools protocol, which sees an element's listeners without dispatching any event."""
    cdp = game.page.context.new_cdp_session(game.page)
    button = cdp.send("Runtime.evaluate", {"expression": "document.querySelector('[data-testid=\"import\"]')"})
    kinds: list[str] = []
    for _ in range(50):  # (the page's next task: at once, unless the machine is very busy)
        listeners = cdp.send("DOMDebugger.getEventListeners", {"objectId": button["result"]["objectId"]})
        kinds = [listener["type"] for listener in listeners["listeners"]]
        if kinds:
            break
        game.page.wait_for_timeout(100)
    assert kinds == ["click"]
