"""What the player to move may choose on a board, for the game page (``session.py``) and the
documentation boards (``viewer.py``) alike: the stacks that can move, where a stack can go,
what a move would remove, and the passes that follow by themselves.  Pure Python, no DOM;
every rule comes from ``dvonn_core``.  Runs on MicroPython and CPython.

>>> from dvonn_core import Game
>>> g = Game.from_position("BbW7-B1WBD5-3DWB5-4D5-9.w")
>>> movable(g)[:3], targets(g, "C2")
(['B1', 'C2', 'E3'], {'B1': 'C2B1', 'D2': 'C2D2', 'D3': 'C2D3'})
>>> doomed(g, targets(g, "C2"), "D3")
['A1', 'B1', 'A2']
"""

from kernel.i18n import _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Dict


def movable(game):
    """The cells of the stacks the side to move can move (movement phase), in cell order."""
    out = []
    for m in game.legal_moves():
        if m.source and m.source not in out:
            out.append(m.source)
    return out


def targets(game, selected):
    """Target cell -> move text for the stack on ``selected`` ({} when nothing is selected)."""
    out = {}  # type: Dict[str, str]
    if selected is None:
        return out
    for m in game.legal_moves():
        if m.source == selected:
            out[m.target] = str(m)
    return out


def doomed(game, moves, preview):
    """The cells the move to ``preview`` (a key of ``moves``, from :func:`targets`) would remove."""
    move = moves.get(preview) if preview else None
    return game.removed_by(move) if move else []


def forced_passes(game):
    """Play the passes that follow by themselves (a side with no move passes at once).

    Returns the sides that passed, in order (see :func:`pass_notice`)."""
    sides = []
    while game.phase == "movement":
        moves = game.legal_moves()
        if len(moves) != 1 or not moves[0].is_pass:
            break
        sides.append(game.to_move)
        game.play(moves[0])
    return sides


def pass_notice(sides):
    """The notice for the passes of :func:`forced_passes`.

    >>> pass_notice(["black"])
    'Black has no legal move and passes.'
    """
    return " ".join(_("White has no legal move and passes.") if side == "white"
                    else _("Black has no legal move and passes.") for side in sides)
