"""The Diamonds & Pivots rules page: every ``figure.example`` becomes a live board.

Runs on MicroPython.  A figure says what its board shows in data attributes:
``data-position`` (a position string), optional ``data-moves`` (turns played first,
separated by commas) and ``data-steps`` (cells that "Next step" clicks one at a time).
The reader plays both sides.  The boards start as ``lazy_boards`` (shared with the DVONN
rules page) says: those in view before the page is ready, the others after it (issue 12:
five boards took 60 ms before the page was ready).  build.py marks ``data-later`` the
figures it started; another starts before the page is ready, so that it shows its error
(``data-ready="error"``) at once.
"""

from diamonds.board_view import BoardView
from diamonds.session import split_turns
from kernel.lazy_boards import attr, start

VIEWS = []  # keeps every board (and its event proxies) alive


def start_board(figure):
    VIEWS.append(BoardView(figure, attr(figure, "data-position") or None, split_turns(attr(figure, "data-moves")),
                           attr(figure, "data-steps").split(), turn=True))


def checked(figure):
    return figure.hasAttribute("data-later")


start(start_board, checked)
