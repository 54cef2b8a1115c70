"""DVONN's embed page (embed.html): the kernel's embed (``kernel/embed.py``) with DVONN's
parameters (``embed_params``), its board's state (``viewer.Viewer``) and its view
(``board_view.BoardView``, which draws the board and handles clicks and keys)."""

from pyscript import document

from dvonn.embed_params import parse
from kernel.embed import run


def start(root, spec):
    from dvonn.board_view import BoardView
    from dvonn.viewer import Viewer

    viewer = Viewer(spec.position, spec.moves, spec.at, spec.play, spec.highlight)
    BoardView(root, viewer, flipped=spec.flip, labels=spec.labels, keys=document)


run(parse, start, "DVONN", lambda spec: spec.caption)
