"""The bot, in a Pyodide web worker: a position string in, a move text out.

Never touches the DOM (so the page needs no cross-origin isolation).  Uses
``dvonn_core.bot.choose_move`` when the package has it, else a seeded random legal move.
"""

import random

from dvonn_core import Game

try:
    from dvonn_core.bot import choose_move as _choose_move
except ImportError:  # the rules core has no bot yet
    _choose_move = None


def choose_move(position, level, seed, time_limit):
    """The move text the bot plays in ``position``."""
    game = Game.from_position(str(position))
    if _choose_move is not None:
        return str(_choose_move(game, int(level), int(seed), float(time_limit)))
    return str(random.Random(int(seed)).choice(list(game.legal_moves())))


def ping():
    return "pong" if _choose_move is None else "pong+bot"


__export__ = ["choose_move", "ping"]
