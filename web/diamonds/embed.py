"""The Diamonds & Pivots embed page (diamonds-embed.html; embed.html?game=diamonds forwards
here with the same query): the kernel's embed (``kernel/embed.py``) with this game's parameters
(``embed_params``) and its board (``board_view.BoardView``, which plays both sides)."""

from pyscript import document

from diamonds.embed_params import parse
from kernel.embed import run


def start(root, spec):
    from diamonds.board_view import BoardView

    BoardView(root, spec["position"], spec["moves"], flipped=spec["flip"], labels=spec["labels"], keys=document,
              highlight=spec["highlight"])


run(parse, start, "Diamonds & Pivots", lambda spec: spec["caption"])
