"""dvonn_core: the rules of DVONN (Kris Burm, GIPF project) as a small pure-Python library.

>>> from dvonn_core import Game
>>> game = Game()
>>> for cell in ["F3", "C3", "I3", "E3"]:
...     _ = game.play(cell)
>>> game.stack("E3"), game.to_move
('b', 'white')

It runs unchanged on CPython 3.11+, Pyodide and MicroPython.

The names below are imported on first use (a module ``__getattr__``, PEP 562): importing the
package, or its Diamonds & Pivots subpackage ``dvonn_core.diamonds``, does not load the DVONN
game until it is asked for (the Diamonds page starts ~5 ms sooner on MicroPython, issue 12).
"""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)

if TYPE_CHECKING:
    from .common.errors import IllegalMoveError, InvalidMoveError, RecordError
    from .dvonn.game import Game
    from .dvonn.moves import Move
    from .dvonn.position import PositionError

__all__ = ["Game", "Move", "InvalidMoveError", "IllegalMoveError", "PositionError", "RecordError"]
__version__ = "0.1.0"

#: The module each name of ``__all__`` comes from.
_HOMES = {"Game": "dvonn.game", "Move": "dvonn.moves", "InvalidMoveError": "common.errors",
          "IllegalMoveError": "common.errors", "PositionError": "dvonn.position", "RecordError": "common.errors"}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is not None:
        value = getattr(__import__("dvonn_core." + home, None, None, [name]), name)
    elif name[:1] != "_":
        # A submodule not imported yet (``from dvonn_core import diamonds``): CPython would
        # import it after an AttributeError, MicroPython would not, so it is imported here.
        # DVONN's modules answer to their names of before dvonn_core/dvonn/ as well
        # (``from dvonn_core import bot`` is ``dvonn_core.dvonn.bot``).
        value = None
        for full in ("dvonn_core." + name, "dvonn_core.dvonn." + name):
            try:
                value = __import__(full, None, None, ["_"])
                break
            except ImportError as error:
                if full not in str(error):  # an import inside that module failed: say so
                    raise
        if value is None:
            raise AttributeError("module 'dvonn_core' has no attribute %r" % (name,))
    else:
        raise AttributeError("module 'dvonn_core' has no attribute %r" % (name,))
    globals()[name] = value  # once: later lookups find it without this function
    return value


def __dir__() -> "list[str]":
    return sorted(set(globals()) | set(__all__))
