"""What both games share, and nothing that belongs to one of them.

- :mod:`~dvonn_core.common.hexgrid`: axial hex coordinates, the six directions, and the tables
  a board is built from (neighbours, rays, rhombi);
- :mod:`~dvonn_core.common.layout`: where a hex goes on screen (centres and corners in pixels);
- :mod:`~dvonn_core.common.errors`: the errors every game raises (``InvalidMoveError``,
  ``IllegalMoveError``, ``RecordError``);
- :mod:`~dvonn_core.common.rng`: the seeded random generator that gives the same numbers on
  every Python;
- :mod:`~dvonn_core.common.tags`: the header tags of game records.

No module here imports a game's subpackage (``dvonn_core.dvonn``, ``dvonn_core.diamonds``):
tests/test_package.py checks it.
"""
