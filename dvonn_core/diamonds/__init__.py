"""Diamonds & Pivots (João Pedro Neto, 2005): the rules as a small pure-Python library.

>>> from dvonn_core.diamonds import DiamondsGame
>>> game = DiamondsGame.from_stones(black=["b7", "c5", "c6", "d6", "e6"],
...                                 white=["h1", "h2", "h3", "h4", "i2"], to_move="black")
>>> game.play("b6 c5>f5 f5>i2")          # the source's worked example, as one turn
Move.parse('b6 c5>f5 f5>i2')
>>> game.stones("black"), game.stones("white")
(['c5', 'd5', 'f5', 'g4', 'h3', 'i2'], ['h1', 'h2', 'h4'])
>>> game.position()
'5-6-2b4-3b4-9-4b3-3b3-wwbw2-1b3.w'
>>> game.undo()
Move.parse('b6 c5>f5 f5>i2')

The API mirrors DVONN's :class:`dvonn_core.Game`: ``DiamondsGame()`` (the
empty board, Black to move), ``from_stones``, ``from_position``,
``from_record``, ``legal_moves()``, ``play()`` (raising
:class:`~dvonn_core.common.errors.InvalidMoveError` / :class:`~dvonn_core.common.errors.IllegalMoveError`,
both ``ValueError``; the game is unchanged after an error), ``undo()``,
``to_move``, ``phase`` (``"play"``/``"over"``), ``stones(colour)``,
``score()`` (``(black, white)``), ``winner()``, ``position()``, ``record()``.
A turn can also be built one step at a time: ``turn = game.begin_turn("b6")``,
``turn.options()``, ``turn.step("c5>f5")``, ``turn.done``, ``game.play(turn.move())``.
A turn may hold any number of pivots.  ``legal_moves()`` finds turns lazily,
keeping at most :data:`MAX_BOARDS` boards per drop, and raises
:class:`TooManyTurnsError` (a ``ValueError``) for a drop with more, as happens
in dense positions; see :mod:`dvonn_core.diamonds.game`.

Notation
--------
Cells as in the source: row ``a`` (top) to ``i`` (bottom), then the diagonal
number 1-9.  A whole turn is the drop, then each pivot as *pivot cell* ``>``
*far end of its line*, separated by spaces: ``b6 c5>f5 f5>i2``.  When the
pivot stone is in more than one of the mover's diamonds at that moment, the
diamond is named by the pivot's *partner* (the other end of the rhombus
diagonal that holds the pivot): ``c5/b7>f5``.  Other turns: ``pass``,
``swap``.  Input is case-insensitive; ``str(move)`` is canonical and
round-trips.  A record is a stream of these words: a cell, ``pass`` or ``swap``
starts a turn, a word with ``>`` continues it.

Open questions, answered
------------------------
The answers live in :data:`ANSWERS` (for a rules page to quote); each is tested.

1. Line over vacated cells: the three stones are lifted first, so the line may
   run over the cells they left (they are empty then); only the other stones on
   the line are captured, of either colour, so a pivot captures at most three.
2. Line on the board: all three line cells must be on the board.  Every cell
   has a direction with three cells, so every diamond can always pivot somehow.
3. Repetition: a pivot may not recreate a board that already occurred in the
   same turn (after the drop or an earlier pivot).  If every pivot of every
   diamond would do that, the turn ends and those diamonds stay standing (the
   only way a diamond of the mover survives its turn).  Standing diamonds, like
   any diamond of the mover, must pivot after the mover's next drop.
4. Who starts: Black drops first; White is "the second player" and wins ties.
5. Pie rule: only right after Black's first drop on the empty board, White may
   answer ``swap``.  The players exchange colours; the board and the side to
   move do not change, so the colour White (now held by the first player)
   moves next and still wins ties.  A record shows ``swap`` as the second turn;
   its ``Black``/``White`` tags name the players as they sat before the swap.
6. Notation: a turn is the drop, then each pivot as pivot cell '>' far end of
   its line: ``b6 c5>f5 f5>i2``.  The diamond is named by the pivot's partner
   (``c5/b7>f5``) only when the pivot stone is in two or more of the mover's
   diamonds.
7. Passing: a player may always pass (also with empty cells left); two passes
   in a row, one by each player, end the game.  A swap is not a pass.
8. Diamonds count wherever they are: after a drop every diamond of the mover
   must pivot, also one the drop did not form (possible only after the
   repetition rule or in a set-up position).
"""

from ..common.errors import IllegalMoveError, InvalidMoveError
from .game import DiamondsGame, Turn
from .moves import Move, Pivot
from .position import PositionError
from .rules import MAX_BOARDS, TooManyTurnsError

#: The answers to the questions the source leaves open, as (topic, answer) pairs.
ANSWERS = (
    ("Line over vacated cells", "The three stones are lifted first, so the line may run over the cells they left (they are empty then); only the other stones on the line are captured, of either colour, so a pivot captures at most three."),
    ("Line on the board", "All three line cells must be on the board. Every cell has a direction with three cells, so every diamond can always pivot somehow."),
    ("Repetition", "A pivot may not recreate a board that already occurred in the same turn (after the drop or an earlier pivot). If every pivot of every diamond would do that, the turn ends and those diamonds stay standing (the only way a diamond of the mover survives its turn). Standing diamonds, like any diamond of the mover, must pivot after the mover's next drop."),
    ("Who starts", "Black drops first; White is \"the second player\" and wins ties."),
    ("Pie rule", "Only right after Black's first drop on the empty board, White may answer swap. The players exchange colours; the board and the side to move do not change, so the colour White (now held by the first player) moves next and still wins ties. A record shows swap as the second turn; its Black/White tags name the players as they sat before the swap."),
    ("Notation", "A turn is the drop, then each pivot as pivot cell '>' far end of its line: b6 c5>f5 f5>i2. The diamond is named by the pivot's partner (c5/b7>f5) only when the pivot stone is in two or more of the mover's diamonds."),
    ("Passing", "A player may always pass (also with empty cells left); two passes in a row, one by each player, end the game. A swap is not a pass."),
    ("Diamonds count wherever they are", "After a drop every diamond of the mover must pivot, also one the drop did not form (possible only after the repetition rule or in a set-up position)."),
)

__all__ = ["DiamondsGame", "Turn", "Move", "Pivot", "PositionError", "InvalidMoveError", "IllegalMoveError", "TooManyTurnsError", "MAX_BOARDS", "ANSWERS"]
