"""The bot, in a Pyodide web worker: a position string in, a move text out.

Never touches the DOM (so the page needs no cross-origin isolation).  Uses
``dvonn_core.bot`` when the package has it, else a seeded random legal move.

``diamonds_move`` is the Diamonds & Pivots bot (``dvonn_core.diamonds.bot``), for
that game's page, which starts this same worker.

``think`` serves the hint and the game analysis: the move the bot prefers in a position
and its score, so the page's main thread never searches.
"""

import random

from dvonn_core import Game
from dvonn_core.dvonn.game import text_of

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Optional

    # The bot's entry points, or None in a rules core without the bot (see the import below).
    _choose_code = None  # type: Optional[Callable[..., int]]
    _choose_move_text = None  # type: Optional[Callable[..., str]]

try:
    from dvonn_core.dvonn.bot import choose_code as _choose_code
    from dvonn_core.dvonn.bot import choose_move_text as _choose_move_text
except ImportError:  # a rules core without the bot
    _choose_code = _choose_move_text = None

#: Scores beyond this (hundredths of a piece) are won or lost games found by the search.
DECIDED = 50000


def choose_move(position, level, seed):
    """The move text the bot plays in ``position`` (level "easy", "medium" or "hard")."""
    if _choose_move_text is not None:
        return _choose_move_text(str(position), str(level), int(seed))
    game = Game.from_position(str(position))
    return str(random.Random(int(seed)).choice(list(game.legal_moves())))


def think(position, level, seed, seconds):
    """``"MOVE SCORE DEPTH NODES"`` for ``position``: the bot's move, and its score for the side to
    move in hundredths of a piece (``-`` during placement, where the bot scores cells, not
    pieces).  A won or lost game found by the search is reported as its final piece margin
    times 100 plus or minus 5000, so that it stays on a readable scale."""
    game = Game.from_position(str(position))
    if _choose_code is None:
        return "%s - 0 0" % choose_move(position, level, seed)
    info = {}  # type: Dict[str, Any]
    # The search's scores only (no exact solver's proof): the analysis compares successive positions' scores.
    code = _choose_code(game, str(level), int(seed), float(seconds), info, solve=False)
    move = text_of(code)
    score = info.get("score")
    if score is None or game.placed < 49:
        text = "-"
    else:
        score = int(score)
        if score > DECIDED:
            score = 5000 + (score - 100000) * 100
        elif score < -DECIDED:
            score = -5000 + (score + 100000) * 100
        text = str(score)
    return "%s %s %d %d" % (move, text, int(info.get("depth") or 0), int(info.get("nodes") or 0))


def diamonds_move(position, level, seed):
    """The Diamonds & Pivots turn the bot plays in ``position`` (a position string), as text."""
    from dvonn_core.diamonds import DiamondsGame
    from dvonn_core.diamonds.bot import choose_move as diamonds_choose

    game = DiamondsGame.from_position(str(position))
    return str(diamonds_choose(game, str(level), int(seed)))


def diamonds_think(position, level, seed, seconds):
    """``"TURN SCORE DEPTH NODES"`` for a Diamonds & Pivots ``position``, as :func:`think`: the turn
    (which holds spaces: the page splits the last three fields off) and its score for the side to
    move in hundredths of a stone, a finished game as its final margin times 100 plus or minus
    5000."""
    from dvonn_core.diamonds import DiamondsGame
    from dvonn_core.diamonds.bot import WIN
    from dvonn_core.diamonds.bot import choose_move as diamonds_choose

    game = DiamondsGame.from_position(str(position))
    info = {}  # type: Dict[str, Any]
    move = str(diamonds_choose(game, str(level), int(seed), float(seconds), info))
    score = info.get("score")
    if score is None:
        text = "-"
    else:
        score = int(score)
        if score >= WIN // 2:
            score = 5000 + (score - WIN) * 100
        elif score <= -WIN // 2:
            score = -5000 + (score + WIN) * 100
        text = str(score)
    return "%s %s %d %d" % (move, text, int(info.get("depth") or 0), int(info.get("nodes") or 0))


def ping():
    return "bot" if _choose_move_text is not None else "random"


__export__ = ["choose_move", "think", "diamonds_move", "diamonds_think", "ping"]
