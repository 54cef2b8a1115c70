"""Helpers shared by the tests: positions built by hand, small endgames and their exact values."""

from dvonn_core.dvonn import board, bot, position
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.setup import random_setup


def crafted(stacks, turn="w"):
    """A movement position from {cell: stack}; the other cells are empty."""
    st = [""] * board.SIZE
    for cell, s in stacks.items():
        st[board.index(cell)] = s
    return Game.from_position(position.format(st, 0 if turn == "w" else 1, False))


def exact_margin(game, alpha=-1000, beta=1000):
    """Plain alpha-beta over the public API, passes included: the final margin for the side to move with
    best play (exact when it is inside the window, as it always is with the default one)."""
    moves = game.legal_moves()
    if not moves:
        w, b = game.score()
        return w - b if game.to_move == "white" else b - w
    for m in moves:
        game.play(m)
        v = -exact_margin(game, -beta, -alpha)
        game.undo()
        if v >= beta:
            return beta
        if v > alpha:
            alpha = v
    return alpha


def small_endgame(seed, max_stacks=9):
    """A position with at most ``max_stacks`` stacks and a choice of moves, from random games."""
    for attempt in range(50):
        game = random_setup(100 * seed + attempt)
        while game.phase == "movement":
            if sum(1 for s in game.stacks() if s) <= max_stacks and len(game.legal_moves()) >= 2:
                return Game.from_position(game.position())
            game.play(random_game_move(game, seed))
    raise AssertionError("no small endgame found")


def random_game_move(game, seed):
    return bot.random_move(game, seed + len(game.moves))
