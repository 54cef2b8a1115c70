"""The bot, in a Pyodide web worker: a position string in, a move text out.

Never touches the DOM (so the page needs no cross-origin isolation).  Uses
``dvonn_core.bot`` when the package has it, else a seeded random legal move.
"""

import random

from dvonn_core import Game

try:
    from dvonn_core.bot import choose_move_text as _choose_move_text
except ImportError:  # a rules core without the bot
    _choose_move_text = None


def choose_move(position, level, seed):
    """The move text the bot plays in ``position`` (level "easy", "medium" or "hard")."""
    if _choose_move_text is not None:
        return _choose_move_text(str(position), str(level), int(seed))
    game = Game.from_position(str(position))
    return str(random.Random(int(seed)).choice(list(game.legal_moves())))


def ping():
    return "bot" if _choose_move_text is not None else "random"


__export__ = ["choose_move", "ping"]
