"""perft: count the move paths of a given depth, to check move generation.

A forced PASS counts as one move; a finished game has no moves.
"""

from .game import Game


def perft(game: Game, depth: int) -> int:
    """The number of move sequences of length ``depth`` from the game's position."""
    if depth == 0:
        return 1
    codes = list(game.legal_codes())
    if depth == 1:
        return len(codes)
    total = 0
    for code in codes:
        game.push(code)
        total += perft(game, depth - 1)
        game.pop()
    return total
