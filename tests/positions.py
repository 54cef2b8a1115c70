"""Helpers shared by the tests: positions built by hand."""

from dvonn_core.dvonn import board, position
from dvonn_core.dvonn.game import Game


def crafted(stacks, turn="w"):
    """A movement position from {cell: stack}; the other cells are empty."""
    st = [""] * board.SIZE
    for cell, s in stacks.items():
        st[board.index(cell)] = s
    return Game.from_position(position.format(st, 0 if turn == "w" else 1, False))
