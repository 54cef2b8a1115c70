"""The embed page: one live board from the URL's parameters, nothing else.

Runs on MicroPython.  ``embed_params`` reads and checks the parameters (a bad one is
shown in ``[data-testid="error"]`` and the page stops there); ``viewer.Viewer`` holds the
board's state and ``board_view.BoardView`` draws it and handles clicks and keys.
"""

from pyscript import document, window

body = document.body
error_box = document.querySelector('[data-testid="error"]')


def show_error(message):
    error_box.textContent = message
    error_box.hidden = False
    document.getElementById("embed").hidden = True
    body.dataset.ready = "error"


def main():
    from dvonn.embed_params import parse
    from kernel.url import EmbedError, parse_query
    try:
        spec = parse(parse_query(str(window.location.search or "")))
    except EmbedError as error:
        show_error("This board cannot be shown: %s." % str(error).rstrip("."))
        return
    from dvonn.board_view import BoardView
    from dvonn.viewer import Viewer
    caption = document.querySelector('[data-testid="caption"]')
    if spec.caption:
        caption.textContent = spec.caption
        caption.hidden = False
        document.title = "DVONN: " + spec.caption
    viewer = Viewer(spec.position, spec.moves, spec.at, spec.play, spec.highlight)
    root = document.getElementById("embed")
    BoardView(root, viewer, flipped=spec.flip, labels=spec.labels, keys=document)
    body.dataset.position = root.dataset.position
    # Keep the page-level hook current (tests and automation read body's dataset).
    root.addEventListener("click", _sync_proxy)
    document.addEventListener("keydown", _sync_proxy)
    body.dataset.liveMs = str(int(window.performance.now()))  # for benchmarks/embed_load.py
    body.dataset.ready = "true"


def _sync(event):
    body.dataset.position = document.getElementById("embed").dataset.position


try:
    from pyscript.ffi import create_proxy
    _sync_proxy = create_proxy(_sync)
    main()
except Exception as error:  # noqa: BLE001 - shown instead of a broken page
    show_error("This board could not start: %s" % error)
