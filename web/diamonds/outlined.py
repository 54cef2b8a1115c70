"""The Diamonds & Pivots board in the DOM, for the game page and the documentation boards alike:
the kernel's keyed redraw of the cells (``kernel/board_dom.KeyedBoard``) with what only this board
has, the outlines of the mover's diamonds over the stones.  Runs on MicroPython in the page.
"""

from diamonds import render
from kernel.board_dom import KeyedBoard


class OutlinedBoard(KeyedBoard):
    """The cells redrawn where they changed, and the diamonds' outlines redrawn when they change."""

    #: Past a dozen new stones (an undo of several turns) or thirty changed cells (a turn begins
    #: or ends: every empty cell gets or loses its mark), one innerHTML is quicker.
    WHOLE_PAST = (12, 30)

    def __init__(self, svg):
        KeyedBoard.__init__(self, svg, render)
        self.outlines = None  # the (diamonds, chosen, flipped, turned) whose outlines the board shows

    def show(self, stones, marks, focus, flipped, turned, diamonds, chosen):
        """Draw the stones, marks and outlines, redrawing only what changed."""
        outlines = (diamonds, chosen, flipped, turned)  # (a flip moves the cells: the outlines are drawn again)
        if self.draw(stones, marks, focus, flipped, turned,
                     lambda: render.board_svg(stones, marks, flipped, focus, diamonds, chosen, turned=turned),
                     self.WHOLE_PAST):
            self.outlines = outlines
        elif outlines != self.outlines:  # the cells were redrawn one by one: the outlines too
            self.outlines = outlines
            for el in self.svg.querySelectorAll("polygon.diamond"):
                el.remove()
            scene = self.svg.firstElementChild  # render.SCENE, where board_svg draws the outlines too
            scene.insertAdjacentHTML("beforeend", render.outlines_svg(diamonds, chosen, flipped, turned))

    def adopt_drawn(self, stones, marks, flipped, focus, diamonds, chosen):
        """Take the board drawn at build time (upright) as drawn when it shows this."""
        key = render.board_key(stones, marks, flipped, focus, diamonds, chosen)
        if self.adopt(key, stones, marks):
            self.outlines = (diamonds, chosen, flipped, False)
            return True
        return False
