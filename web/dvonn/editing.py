"""DVONN's side of the board editor (``kernel/editor.py``): what a tap on a cell does, the side to
move and the phase, where an edit may start, and why a position cannot be played, in the player's
language.  No DOM access: runs on MicroPython in the page and on CPython in the tests.

Whether a position can be played is the core's verdict (``Game.from_position``); this module only
words the core's reason (``PositionError.reason`` and its details) for the player.

>>> e = Editing()
>>> for tool in ("dvonn", "white", "black"): e.tap("E3", tool)
True
True
True
>>> e.text(), e.stack("E3")
('9-10-4dwB6-10-9.wp', 'dwb')
>>> print(e.problem())
There are no stacks while pieces are being placed: E3 holds one. Choose the movement phase.
>>> e.tap("E3", "remove"), e.stack("E3"), e.tap("E3", "clear"), e.text()
(True, 'dw', True, '9-10-11-10-9.wp')
>>> e.load("9-10-11-10-9.bx")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dvonn_core.dvonn.position.PositionError: position '9-10-11-10-9.bx': the side to move must be 'w' or 'b' ...
"""

from dvonn import render
from dvonn_core import Game
from dvonn_core.dvonn import position as _position
from dvonn_core.dvonn.board import CELLS, index
from kernel import reasons
from kernel.i18n import N_, _, ngettext

#: The tools of the board (``editor-tool-<name>``): a piece of each colour put on top of the cell's
#: stack, the top piece taken off, the cell cleared.
TOOLS = ("white", "black", "dvonn", "remove", "clear")
PIECE_OF = {"white": "w", "black": "b", "dvonn": "d"}
#: More pieces than a game has (49) are never needed to show a position; the cap keeps the
#: position string within what the core reads.
MAX_PIECES = 49
SIDES = {"white": 0, "black": 1}
SETTINGS = ("side", "phase")


class Editing:
    """The position being edited: 49 stacks (bottom to top), the side to move, the phase."""

    GAME = "dvonn"
    NAME = "DVONN"
    #: The pages an edited position opens in (``#position=``), and the embed page.
    GAME_PAGE = "index.html"
    ANALYSIS_PAGE = "analysis.html"
    SVG_FILE = "dvonn-position.svg"
    DIAGRAM_FILE = "dvonn-diagram.svg"
    TOOLS = TOOLS
    FIRST_TOOL = "white"
    SETTINGS = SETTINGS
    render = render

    def __init__(self):
        self.stacks = [""] * len(CELLS)
        self.turn = 0
        self.placing = True

    # -- the position ----------------------------------------------------------------------------
    def text(self):
        """The position string of what the board shows (written even when it cannot be played)."""
        return _position.format(self.stacks, self.turn, self.placing)

    def load(self, text):
        """Show the position ``text``, one that can be played or one the core reads but would not
        play (a diagram: :meth:`problem` says why); a string the core cannot read raises its
        ``PositionError`` (a ``ValueError``) and leaves the board as it was.

        >>> e = Editing(); e.load("W8-10-11-10-9.w"); print(e.problem())
        After placement the board holds the 3 DVONN pieces, not 0.
        """
        try:
            game = Game.from_position(text)
        except ValueError as error:
            if not getattr(error, "reason", ""):
                raise
            self.stacks, self.turn, self.placing = _position.parse(text, checked=False)
            return
        self.stacks = list(game.stacks())
        self.turn = SIDES[game.to_move]
        self.placing = game.phase == "placement"

    def start(self, how, seed=1):
        """Begin again: ``"empty"`` (no pieces; the side to move and the phase as they were),
        ``"setup"`` (a new game's start) or ``"random"`` (49 pieces placed at random by ``seed``).

        >>> e = Editing(); e.start("random", 7); e.text() == Game.from_position(e.text()).position()
        True
        """
        if how == "empty":
            self.stacks = [""] * len(CELLS)
        elif how == "setup":
            self.load(Game().position())
        else:
            from dvonn_core.dvonn.setup import random_setup
            self.load(random_setup(seed).position())

    def setting(self, name):
        """The value of a setting (``side``: white/black, ``phase``: placement/movement)."""
        if name == "side":
            return "white" if self.turn == 0 else "black"
        return "placement" if self.placing else "movement"

    def set(self, name, value):
        if name == "side":
            self.turn = SIDES.get(value, self.turn)
        elif name == "phase":
            self.placing = value == "placement"

    # -- the board ---------------------------------------------------------------------------------
    def board_svg(self, pieces, marks, flipped, focus, turned):
        """The whole board's markup, by the game page's renderer."""
        return render.board_svg(pieces, marks, flipped, focus, turned)

    def stack(self, cell):
        return self.stacks[index(cell)]

    def pieces(self):
        """What each cell shows, for the renderer (cell -> stack, bottom to top)."""
        return {CELLS[i]: self.stacks[i] for i in range(len(CELLS)) if self.stacks[i]}

    def tap(self, cell, tool):
        """A tap on ``cell`` with ``tool``: whether the board changed.  A ``ValueError`` says why a
        tap cannot be made (the board unchanged)."""
        i = index(cell)
        stack = self.stacks[i]
        if tool in PIECE_OF:
            if sum([len(s) for s in self.stacks]) >= MAX_PIECES:
                raise ValueError(_("The board holds %d pieces, as many as a game has: take one off first.")
                                 % MAX_PIECES)
            self.stacks[i] = stack + PIECE_OF[tool]
            return True
        if tool == "remove":
            self.stacks[i] = stack[:-1]
        elif tool == "clear":
            self.stacks[i] = ""
        return stack != self.stacks[i]

    # -- can it be played? ---------------------------------------------------------------------------
    def problem(self):
        """Why the position cannot be played, in the player's language ("" when it can)."""
        try:
            Game.from_position(self.text())
        except ValueError as error:
            return reason_text(error)
        return ""

    def svg(self, playable, flip, labels, highlight, caption):
        """The diagram as ``python -m dvonn_core svg`` writes it (the library's renderer): from the
        position string when it can be played, as that command reads it, else from the stacks."""
        from dvonn_core.dvonn.svg import render as draw
        source = Game.from_position(self.text()) if playable else list(self.stacks)
        return draw(source, highlight=",".join(highlight), caption=caption or None, flip=flip, labels=labels)

    def embed_snippet(self, base, position, flip, labels, highlight, caption):
        """The ``<iframe>`` of the embed page showing ``position``, to play on from there."""
        from dvonn.embed_params import snippet
        return snippet(base, position, play=True, flip=flip, labels=labels, highlight=highlight, caption=caption)


SIDE_NAMES = {"white": N_("White"), "black": N_("Black")}


def reason_text(error):
    """The player's words for the core's reason why a position cannot be played.

    >>> from dvonn_core.dvonn.position import PositionError
    >>> print(reason_text(PositionError("", "cut_off", {"cells": ["A1", "B1"]})))
    A1, B1 are cut off from every DVONN piece: after placement every stack must be linked to one.
    >>> print(reason_text(PositionError("", "too_many", {"white": 24, "black": 23})))
    White has 24 pieces on the board; a side has 23.
    """
    d = error.details if hasattr(error, "details") else {}
    reason = error.reason if hasattr(error, "reason") else ""
    if reason == "dvonn_on_top":
        return _("A DVONN piece is on top of a stack only when it is alone: %s has one on top of other pieces.") % d[
            "cell"]
    if reason == "stack_in_placement":
        return _("There are no stacks while pieces are being placed: %s holds one. Choose the movement phase.") % d[
            "cell"]
    if reason == "placement_full":
        return _("Every cell is filled, so placement is over: choose the movement phase.")
    if reason == "placement_counts":
        return ngettext(
            "After %(placed)d placement there are %(want_dvonn)d DVONN, %(want_white)d white and %(want_black)d "
            "black pieces (the 3 DVONN pieces come first); this board has %(dvonn)d, %(white)d and %(black)d.",
            "After %(placed)d placements there are %(want_dvonn)d DVONN, %(want_white)d white and %(want_black)d "
            "black pieces (the 3 DVONN pieces come first); this board has %(dvonn)d, %(white)d and %(black)d.",
            d["placed"]) % d
    if reason == "placement_turn":
        return (ngettext("After %d placement it is White's turn to place.",
                         "After %d placements it is White's turn to place.", d["placed"])
                if d["side"] == "white" else
                ngettext("After %d placement it is Black's turn to place.",
                         "After %d placements it is Black's turn to place.", d["placed"])) % d["placed"]
    if reason == "dvonn_count":
        return _("After placement the board holds the 3 DVONN pieces, not %d.") % d["count"]
    if reason == "too_many":
        parts = []
        for side in ("white", "black"):
            if d[side] > 23:
                parts.append(_("%(side)s has %(count)d pieces on the board; a side has 23.")
                             % {"side": _(SIDE_NAMES[side]), "count": d[side]})
        return " ".join(parts)
    if reason == "cut_off":
        cells = d["cells"]
        return ngettext("%s is cut off from every DVONN piece: after placement every stack must be linked to one.",
                        "%s are cut off from every DVONN piece: after placement every stack must be linked to one.",
                        len(cells)) % ", ".join(cells)
    return reasons.say(error)
