"""Diamonds & Pivots' side of the board editor (``kernel/editor.py``): a stone of either colour on a
cell or none, the side to move, the opening's pie rule (White may swap right after Black's first
stone) and the passes just played, where an edit may start, and why a position cannot be played, in
the player's language.  No DOM access: runs on MicroPython in the page and on CPython in the tests.

Whether a position can be played is the core's verdict (``DiamondsGame.from_position``).

>>> e = Editing()
>>> e.tap("e5", "black"), e.tap("e5", "black"), e.text()
(True, False, '5-6-7-8-4b4-8-7-6-5.b')
>>> e.set("swap", "yes"); e.text(), e.problem()
('5-6-7-8-4b4-8-7-6-5.ws', '')
>>> e.tap("d4", "white"); print(e.problem())  # doctest: +ELLIPSIS
True
White may swap only right after Black's first stone, ... this board has 1 black and 1 white.
"""

from diamonds import render
from dvonn_core.diamonds import DiamondsGame
from dvonn_core.diamonds import position as _position
from dvonn_core.diamonds.board import BIT, CELLS, index
from kernel import reasons
from kernel.i18n import _

TOOLS = ("black", "white", "clear")
STONE_OF = {"black": 0, "white": 1}
#: Stones of each colour put on random cells for "a random position".
RANDOM_STONES = 12


class Editing:
    """The position being edited: the two colours' stones (bit masks), the side to move, whether
    White may swap, the passes just played."""

    GAME = "diamonds"
    NAME = "Diamonds & Pivots"
    GAME_PAGE = "diamonds.html"
    ANALYSIS_PAGE = "diamonds-analysis.html"
    SVG_FILE = "diamonds-position.svg"
    DIAGRAM_FILE = "diamonds-diagram.svg"
    TOOLS = TOOLS
    FIRST_TOOL = "black"
    SETTINGS = ("side", "swap", "passes")
    render = render

    def __init__(self):
        self.stones = [0, 0]
        self.turn = 0
        self.swap_ok = False
        self.passes = 0

    def text(self):
        return _position.format_position(self.stones[0], self.stones[1], self.turn, self.swap_ok, self.passes)

    def load(self, text):
        """Show ``text``; a string the core cannot read raises its ``PositionError`` (the board as
        it was).  One it reads but would not play (a swap where the pie rule offers none) is shown."""
        try:
            game = DiamondsGame.from_position(text)
        except ValueError as error:
            if not getattr(error, "reason", ""):
                raise
            black, white, turn, _swap, passes = _position.parse_position(text.replace(".ws", ".w"))
            self.stones, self.turn, self.swap_ok, self.passes = [black, white], turn, True, passes
            return
        self.stones = list(game.bits)
        self.turn = 0 if game.to_move == "black" else 1
        self.swap_ok = game.can_swap
        self.passes = text.strip().rpartition(".")[2].count("p")

    def start(self, how, seed=1):
        """``"empty"``: no stones, no swap and no passes (the side to move as it was); ``"setup"``: a new game's start;
        ``"random"``: ``RANDOM_STONES`` stones of each colour on random cells (by ``seed``), Black to move.

        >>> e = Editing(); e.start("random", 3); e.problem(), bin(e.stones[0]).count("1"), bin(e.stones[1]).count("1")
        ('', 12, 12)
        """
        if how == "empty":
            self.stones = [0, 0]
            self.swap_ok, self.passes = False, 0
        elif how == "setup":
            self.load(DiamondsGame().position())
        else:
            from dvonn_core.common.rng import Rng
            rng = Rng(seed)
            cells = list(range(len(CELLS)))
            rng.shuffle(cells)
            self.stones = [0, 0]
            for k in range(2 * RANDOM_STONES):
                self.stones[k % 2] |= BIT[cells[k]]
            self.turn, self.swap_ok, self.passes = 0, False, 0

    def setting(self, name):
        if name == "side":
            return "black" if self.turn == 0 else "white"
        if name == "swap":
            return "yes" if self.swap_ok else "no"
        return str(self.passes)

    def set(self, name, value):
        """A setting changed; the pie rule's swap goes with White to move and no pass just played (it is
        offered right after Black's first stone), so each follows the other: no choice of settings writes a
        position string that the core cannot read.

        >>> e = Editing(); e.set("passes", "2"); e.set("swap", "yes"); e.text()
        '5-6-7-8-9-8-7-6-5.ws'
        >>> e.set("passes", "1"); e.text()
        '5-6-7-8-9-8-7-6-5.wp'
        """
        if name == "side":
            self.turn = STONE_OF.get(value, self.turn)
            if self.turn == 0:
                self.swap_ok = False
        elif name == "swap":
            self.swap_ok = value == "yes"
            if self.swap_ok:
                self.turn, self.passes = 1, 0
        elif name == "passes" and value in ("0", "1", "2"):
            self.passes = int(value)
            if self.passes:
                self.swap_ok = False

    def board_svg(self, pieces, marks, flipped, focus, turned):
        return render.board_svg(pieces, marks, flipped, focus, turned=turned)

    def pieces(self):
        """cell -> "b" / "w", for the renderer."""
        out = {}
        for i in range(len(CELLS)):
            if self.stones[0] & BIT[i]:
                out[CELLS[i]] = "b"
            elif self.stones[1] & BIT[i]:
                out[CELLS[i]] = "w"
        return out

    def tap(self, cell, tool):
        bit = BIT[index(cell)]
        before = list(self.stones)
        self.stones = [self.stones[0] & ~bit, self.stones[1] & ~bit]
        if tool in STONE_OF:
            self.stones[STONE_OF[tool]] |= bit
        return self.stones != before

    def problem(self):
        try:
            DiamondsGame.from_position(self.text())
        except ValueError as error:
            return reason_text(error)
        return ""

    def svg(self, playable, flip, labels, highlight, caption):
        """The diagram as ``python -m dvonn_core svg --game diamonds`` writes it."""
        from dvonn_core.diamonds.svg import render as draw
        source = DiamondsGame.from_position(self.text()) if playable else [
            "b" if self.stones[0] & BIT[i] else "w" if self.stones[1] & BIT[i] else "" for i in range(len(CELLS))]
        return draw(source, highlight=",".join(highlight), caption=caption or None, flip=flip, labels=labels)

    def embed_snippet(self, base, position, flip, labels, highlight, caption):
        from diamonds.embed_params import snippet
        return snippet(base, position, flip, labels, highlight, caption)


def reason_text(error):
    """The player's words for the core's reason why a position cannot be played."""
    d = error.details if hasattr(error, "details") else {}
    if getattr(error, "reason", "") == "swap":
        return _("White may swap only right after Black's first stone, with one black stone on the board and no "
                 "white one; this board has %(black)d black and %(white)d white.") % d
    return reasons.say(error)
