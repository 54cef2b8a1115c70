"""The rules page: every ``figure.example`` becomes a live board, all in one interpreter.

Runs on MicroPython.  A figure says what its board shows in data attributes
(``data-position``, optional ``data-moves``, ``data-at``, ``data-highlight``); the reader
plays both sides.

The boards in view start first; then ``body`` gets ``data-ready="true"`` and ``data-live-ms``
(time since navigation, for the benchmarks).  The other boards that build.py checked (drawn
at build time, or marked ``data-later``) start one per task after that, and at once when the
reader touches one first (a pointer, a key or the focus on it): no input is lost.  When
every board is live, ``body`` gets ``data-boards`` (how many) and ``data-all-live-ms``
(issue 12: eight boards took 40 ms before the page was ready).  A figure build.py could not start starts before the page is ready, so that it
shows its error (``data-ready="error"``) at once.
"""

from board_view import BoardView
from embed_params import split_list
from pyscript import document, window
from pyscript.ffi import create_proxy
from viewer import Viewer

VIEWS = []  # keeps every board (and its event proxies) alive
PENDING = []  # figures build.py checked, not started yet
FAILED = []
FIRST_USE = ("pointerdown", "mouseover", "focusin", "keydown", "click")


def started(figure):
    return figure.getAttribute("data-started") == "true"  # (dataset.started raises while unset)


def attr(el, name, default=""):
    value = el.getAttribute(name)
    return default if value is None else str(value)


def start_board(figure):
    figure.dataset.started = "true"
    try:
        position = attr(figure, "data-position") or None
        moves = split_list(attr(figure, "data-moves"))
        at = attr(figure, "data-at")
        viewer = Viewer(position, moves, int(at) if at else None, play=attr(figure, "data-play", "1") != "0",
                        highlight=split_list(attr(figure, "data-highlight")))
        VIEWS.append(BoardView(figure, viewer))
    except Exception as error:  # noqa: BLE001 - one broken example must not hide the others
        FAILED.append(attr(figure, "data-example"))
        figure.insertAdjacentHTML("beforeend", '<p class="dv-error" data-testid="error"></p>')
        figure.querySelector('[data-testid="error"]').textContent = "This example could not start: %s" % error


def in_view(figure):
    box = figure.getBoundingClientRect()
    return box.bottom > 0 and box.top < window.innerHeight


def start_pending(figure=None):
    """Start ``figure`` if it has not started, else the next pending figure; True when one
    started.  (Figures are told apart by their ``data-started``: two proxies of one element
    need not compare equal.)"""
    if figure is None:
        while PENDING and started(PENDING[0]):
            PENDING.pop(0)
        if not PENDING:
            return False
        figure = PENDING.pop(0)
    elif started(figure):
        return False
    start_board(figure)
    if all(started(f) for f in PENDING):
        del PENDING[:]
        all_live()
    return True


def on_first_use(event):
    """Document-level (capture): a board the reader reaches before its turn starts now, and
    the event then reaches the listeners it has just added."""
    target = event.target
    figure = target.closest("figure.example") if target and hasattr(target, "closest") else None
    if figure is not None and not started(figure):
        start_pending(figure)


def next_board():
    if start_pending():
        window.setTimeout(NEXT, 0)


NEXT = create_proxy(next_board)
FIRST_USE_PROXY = create_proxy(on_first_use)


def all_live():
    body = document.body
    body.dataset.boards = str(len(VIEWS))
    body.dataset.allLiveMs = str(int(window.performance.now()))
    if FAILED:
        body.dataset.ready = "error"
    for kind in FIRST_USE:
        document.removeEventListener(kind, FIRST_USE_PROXY, True)


def main():
    figures = document.querySelectorAll("figure.example")
    for i in range(figures.length):
        figure = figures[i]
        checked = figure.hasAttribute("data-later") or figure.querySelector("svg[data-drawn]") is not None
        if not checked or in_view(figure):
            start_board(figure)
        else:
            PENDING.append(figure)
            figure.dataset.ready = "true"  # it starts on first use (on_first_use) or in turn
    body = document.body
    body.dataset.liveMs = str(int(window.performance.now()))
    body.dataset.ready = "true" if not FAILED else "error"
    if PENDING:
        for kind in FIRST_USE:
            document.addEventListener(kind, FIRST_USE_PROXY, True)
        window.setTimeout(NEXT, 0)
    else:
        all_live()


main()
