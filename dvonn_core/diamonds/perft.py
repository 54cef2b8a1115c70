"""perft: count the lines of play of a given depth, to check move generation.

A turn is one per distinct final board (see
:meth:`~dvonn_core.diamonds.game.DiamondsGame.legal_moves`); ``pass`` and
``swap`` count as turns; a finished game has none.

>>> from .game import DiamondsGame
>>> perft(DiamondsGame(), 1)
62
"""

from .game import DiamondsGame


def perft(game: DiamondsGame, depth: int) -> int:
    """The number of turn sequences of length ``depth`` from the game's position (the game is left as it was)."""
    if depth == 0:
        return 1
    moves = list(game.legal_moves())
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        game.play(m)
        total += perft(game, depth - 1)
        game.undo()
    return total
