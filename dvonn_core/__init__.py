"""dvonn_core: the rules of DVONN (Kris Burm, GIPF project) as a small pure-Python library.

>>> from dvonn_core import Game
>>> game = Game()
>>> for cell in ["F3", "C3", "I3", "E3"]:
...     _ = game.play(cell)
>>> game.stack("E3"), game.to_move
('b', 'white')

It runs unchanged on CPython 3.11+, Pyodide and MicroPython.
"""

from .game import Game
from .moves import IllegalMoveError, InvalidMoveError, Move
from .position import PositionError
from .errors import RecordError

__all__ = ["Game", "Move", "InvalidMoveError", "IllegalMoveError", "PositionError", "RecordError"]
__version__ = "0.1.0"
