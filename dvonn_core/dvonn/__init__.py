"""DVONN (Kris Burm, GIPF project): the board, the rules, notation, records, diagrams and the bot.

Its main names are also those of the package: ``from dvonn_core import Game`` (imported on first
use, see ``dvonn_core/__init__.py``).  This file imports nothing, so that a page can load
``dvonn_core.dvonn.board`` without the rest of the game.

- :mod:`~dvonn_core.dvonn.board`: the 49 cells, their names and neighbours, as tables;
- :mod:`~dvonn_core.dvonn.moves`, :mod:`~dvonn_core.dvonn.game`, :mod:`~dvonn_core.dvonn.position`,
  :mod:`~dvonn_core.dvonn.record`: notation, rules, position strings, game records;
- :mod:`~dvonn_core.dvonn.svg`: diagrams; :mod:`~dvonn_core.dvonn.setup`: random setups and games;
  :mod:`~dvonn_core.dvonn.perft`: move-path counts;
- :mod:`~dvonn_core.dvonn.bot` (its search), :mod:`~dvonn_core.dvonn.endgame` (its exact solver of
  the last stacks), :mod:`~dvonn_core.dvonn.evaluation` and
  :mod:`~dvonn_core.dvonn.placement` (its tuned knowledge), :mod:`~dvonn_core.dvonn.engine` (the
  CodeCup protocol).
"""
