"""The Diamonds & Pivots rules page: every ``figure.example`` becomes a live board.

Runs on MicroPython.  A figure says what its board shows in data attributes:
``data-position`` (a position string), optional ``data-moves`` (turns played first,
separated by commas) and ``data-steps`` (cells that "Next step" clicks one at a time).
The reader plays both sides.  When every board is live, ``body`` gets
``data-ready="true"`` and ``data-boards`` (how many).
"""

from board_view import BoardView
from pyscript import document

VIEWS = []  # keeps every board (and its event proxies) alive


def attr(el, name):
    value = el.getAttribute(name)
    return "" if value is None else str(value)


def main():
    figures = document.querySelectorAll("figure.example")
    failed = []
    for i in range(figures.length):
        figure = figures[i]
        try:
            moves = [m.strip() for m in attr(figure, "data-moves").split(",") if m.strip()]
            VIEWS.append(BoardView(figure, attr(figure, "data-position") or None, moves,
                                   attr(figure, "data-steps").split()))
        except Exception as error:  # noqa: BLE001 - one broken example must not hide the others
            failed.append(attr(figure, "id"))
            figure.insertAdjacentHTML("beforeend", '<p class="dv-error" data-testid="error"></p>')
            figure.querySelector('[data-testid="error"]').textContent = "This example could not start: %s" % error
    document.body.dataset.boards = str(len(VIEWS))
    document.body.dataset.ready = "true" if not failed else "error"


main()
