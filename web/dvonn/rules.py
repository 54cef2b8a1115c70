"""The rules page: every ``figure.example`` becomes a live board, all in one interpreter.

Runs on MicroPython.  A figure says what its board shows in data attributes
(``data-position``, optional ``data-moves``, ``data-at``, ``data-highlight``); the reader
plays both sides.  The boards start as ``lazy_boards`` (shared with the Diamonds & Pivots
rules page) says: those in view before the page is ready, the others after it (issue 12:
eight boards took 40 ms before the page was ready).  build.py checked the figures it drew at
build time or marked ``data-later``; a figure it could not start starts before the page is
ready, so that it shows its error (``data-ready="error"``) at once.
"""

from dvonn.board_view import BoardView
from dvonn.embed_params import split_list
from dvonn.viewer import Viewer
from kernel.lazy_boards import attr, start

VIEWS = []  # keeps every board (and its event proxies) alive


def start_board(figure):
    position = attr(figure, "data-position") or None
    moves = split_list(attr(figure, "data-moves"))
    at = attr(figure, "data-at")
    viewer = Viewer(position, moves, int(at) if at else None, play=attr(figure, "data-play", "1") != "0",
                    highlight=split_list(attr(figure, "data-highlight")))
    VIEWS.append(BoardView(figure, viewer, turn=True))


def checked(figure):
    """build.py drew this figure's board (``data-drawn``) or started it (``data-later``)."""
    return figure.hasAttribute("data-later") or figure.querySelector("svg[data-drawn]") is not None


start(start_board, checked)
