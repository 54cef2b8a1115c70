"""The rules page: every ``figure.example`` becomes a live board, all in one interpreter.

Runs on MicroPython.  A figure says what its board shows in data attributes
(``data-position``, optional ``data-moves``, ``data-at``, ``data-highlight``); the reader
plays both sides.  When every board is live, ``body`` gets ``data-ready="true"`` and
``data-boards`` (how many) and ``data-live-ms`` (time since navigation, for the benchmark).
"""

from board_view import BoardView
from embed_params import split_list
from pyscript import document, window
from viewer import Viewer

VIEWS = []  # keeps every board (and its event proxies) alive


def attr(el, name, default=""):
    value = el.getAttribute(name)
    return default if value is None else str(value)


def start_board(figure):
    position = attr(figure, "data-position") or None
    moves = split_list(attr(figure, "data-moves"))
    at = attr(figure, "data-at")
    viewer = Viewer(position, moves, int(at) if at else None, play=attr(figure, "data-play", "1") != "0",
                    highlight=split_list(attr(figure, "data-highlight")))
    VIEWS.append(BoardView(figure, viewer))


def main():
    figures = document.querySelectorAll("figure.example")
    failed = []
    for i in range(figures.length):
        figure = figures[i]
        try:
            start_board(figure)
        except Exception as error:  # noqa: BLE001 - one broken example must not hide the others
            failed.append(attr(figure, "data-example"))
            figure.insertAdjacentHTML("beforeend", '<p class="dv-error" data-testid="error"></p>')
            figure.querySelector('[data-testid="error"]').textContent = "This example could not start: %s" % error
    body = document.body
    body.dataset.boards = str(len(VIEWS))
    body.dataset.liveMs = str(int(window.performance.now()))
    body.dataset.ready = "true" if not failed else "error"


main()
