"""Random setups and random games, reproducible from a seed on every Python.

>>> g = random_setup(3)
>>> g.phase, g.to_move, len(g.moves)
('movement', 'white', 49)
"""

from ..common.rng import Rng
from .board import SIZE
from .game import Game
from .moves import PLACE_BASE


def random_setup(seed: int = 0) -> Game:
    """A game whose 49 placements (DVONN pieces included) were made at random."""
    rng = Rng(seed)
    cells = list(range(SIZE))
    rng.shuffle(cells)
    game = Game()
    for c in cells:
        game.push(PLACE_BASE + c)
    return game


def random_game(seed: int = 0, game: "Game | None" = None) -> Game:
    """Play uniformly random legal moves from ``game`` (default: a new game) until it is over."""
    rng = Rng(seed)
    g = Game() if game is None else game
    while True:
        legal = g.legal_codes()
        if not legal:
            return g
        g.push(legal[rng.next() % len(legal)])
