"""The live boards of a rules page, started when they are needed (issue 12), for both games.

Runs on MicroPython.  The page's script says how to start one ``figure.example`` (its
``start_board``; what it raises is shown in the figure, and the other boards still start)
and which figures build.py checked (``checked``: they can wait; a figure build.py could not
check starts at once, so that it shows its error before the page is ready).

The boards in view start first; then ``body`` gets ``data-ready="true"`` and ``data-live-ms``
(time since navigation, for the benchmarks).  The other checked boards start one per task
after that, and at once when the reader touches one first (a pointer, a key or the focus on
it): no input is lost.  When every board is live, ``body`` gets ``data-boards`` (how many)
and ``data-all-live-ms``, and ``data-ready="error"`` if any board failed.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from kernel import address
from kernel.i18n import _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict

FIRST_USE = ("pointerdown", "mouseover", "focusin", "keydown", "click")
_page = {"start": None, "pending": [], "live": 0, "failed": 0}  # type: Dict[str, Any]


def attr(figure, name, default=""):
    """A figure's attribute as text (``default`` when it has none): what the rules pages'
    ``start_board`` reads a figure's example from."""
    value = figure.getAttribute(name)
    return default if value is None else str(value)


def started(figure):
    return figure.getAttribute("data-started") == "true"  # (dataset.started raises while unset)


def in_view(figure):
    box = figure.getBoundingClientRect()
    return box.bottom > 0 and box.top < window.innerHeight


def _start(figure):
    figure.dataset.started = "true"
    try:
        _page["start"](figure)
        _page["live"] += 1
    except Exception as error:  # noqa: BLE001 - one broken example must not hide the others
        _page["failed"] += 1
        figure.insertAdjacentHTML("beforeend", '<p class="dv-error" data-testid="error"></p>')
        figure.querySelector('[data-testid="error"]').textContent = _("This example could not start: %s") % error


def start_pending(figure=None):
    """Start ``figure`` if it has not started, else the next pending figure; True when one
    started.  (Figures are told apart by their ``data-started``: two proxies of one element
    need not compare equal.)"""
    pending = _page["pending"]
    if figure is None:
        while pending and started(pending[0]):
            pending.pop(0)
        if not pending:
            return False
        figure = pending.pop(0)
    elif started(figure):
        return False
    _start(figure)
    if all(started(f) for f in pending):
        del pending[:]
        _all_live()
    return True


def _on_first_use(event):
    """Document-level (capture): a board the reader reaches before its turn starts now, and
    the event then reaches the listeners it has just added."""
    target = event.target
    figure = target.closest("figure.example") if target and hasattr(target, "closest") else None
    if figure is not None and not started(figure):
        start_pending(figure)


def _next_board():
    if start_pending():
        window.setTimeout(_NEXT, 0)


_NEXT = create_proxy(_next_board)
_FIRST_USE = create_proxy(_on_first_use)


def _all_live():
    body = document.body
    body.dataset.boards = str(_page["live"])
    body.dataset.allLiveMs = str(int(window.performance.now()))
    if _page["failed"]:
        body.dataset.ready = "error"
    for kind in FIRST_USE:
        document.removeEventListener(kind, _FIRST_USE, True)


def _say_refused():
    """An address too long, dropped unread (kernel/address.py): said at the top of the page."""
    text = address.refused()
    if not text:
        return
    note = document.createElement("p")
    note.setAttribute("role", "alert")
    note.setAttribute("data-testid", "address-refused")
    note.className = "address-refused"
    note.textContent = text
    main = document.querySelector("main") or document.body
    main.insertBefore(note, main.firstChild)


def start(start_board, checked):
    """Start the page's boards (see the module docstring): ``start_board(figure)`` makes one
    live, ``checked(figure)`` says whether build.py checked it."""
    _page["start"] = start_board
    _say_refused()
    pending = _page["pending"]
    figures = document.querySelectorAll("figure.example")
    for i in range(figures.length):
        figure = figures[i]
        if not checked(figure) or in_view(figure):
            _start(figure)
        else:
            pending.append(figure)
            figure.dataset.ready = "true"  # it starts on first use (_on_first_use) or in turn
    body = document.body
    body.dataset.liveMs = str(int(window.performance.now()))
    body.dataset.ready = "true" if not _page["failed"] else "error"
    if pending:
        for kind in FIRST_USE:
            document.addEventListener(kind, _FIRST_USE, True)
        window.setTimeout(_NEXT, 0)
    else:
        _all_live()
