"""One small live Diamonds & Pivots board in the DOM: a rules example or an embed.

A ``BoardView`` owns a container element: it writes the board (drawn by ``render``, the
game page's renderer), a status line, Undo / Next step / Reset buttons and a notice into
it, and turns clicks and keys into calls on a ``session.Session`` (the game page's state,
both sides played by the reader).  ``steps`` is a list of cells to click, played one at a
time by "Next step" (the source's worked example on the rules page).  Runs on MicroPython.

Hooks: the container gets ``data-ready="true"`` once live, ``data-position`` (the game's
position string) and ``data-turn`` (the turn being built); cells are ``[data-cell]``; the
parts carry ``data-testid`` (``board``, ``status``, ``notice``, ``pass``, ``swap``, ``undo``, ``next``, ``reset``).
"""

from diamonds import render
from diamonds.outlined import OutlinedBoard
from diamonds.session import example_session
from kernel import board_dom, doc_board
from kernel.i18n import _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from diamonds.session import Session  # noqa: F401 - read by mypy in a type comment

#: The bar's buttons and status line before Reset (kernel/doc_board.py: ``bar``).
BAR = ('<span class="dv-status" data-testid="status" role="status" aria-live="polite"></span>'
       '<button type="button" data-testid="pass">%(pass)s</button>'
       '<button type="button" data-testid="swap" hidden>%(swap)s</button>'
       '<button type="button" data-testid="undo" title="%(undo_title)s">%(undo)s</button>'
       '<button type="button" data-testid="next" title="%(next_title)s" hidden>%(next)s</button>')


def bar():
    """The bar under the board in the page's language."""
    return doc_board.bar(BAR, {"pass": _("Pass"), "swap": _("Swap sides"), "undo_title": _("Take back the last step"),
                               "undo": _("Undo"), "next_title": _("Play the next step of the example"),
                               "next": _("Next step")})


class BoardView(doc_board.DocBoard):
    """Draws a session into ``root`` and wires its events (see the module docstring)."""

    def __init__(self, root, position=None, moves=(), steps=(), flipped=False, labels=True, keys=None,
                 highlight=(), turn=False):
        self.turned = doc_board.turned_here(turn)
        self.highlight = list(highlight)  # cells marked "hl" (an embed's highlight=)
        self.position = position
        self.moves = list(moves)
        self.steps = list(steps)
        self.done = 0  # steps of ``steps`` played by "Next step" since the reset
        self._fresh(flipped)
        svg = self.mount(root, None, render.VIEWBOX, _("Diamonds and Pivots board"), labels, bar(),
                         ("status", "notice", "pass", "swap", "undo", "next", "reset"))
        self.keyed = OutlinedBoard(svg)  # the cells redrawn where they changed, as on the game page
        self.input = board_dom.BoardInput(self.keyed, self)  # its clicks and keys, as on every board
        self.el["next"].hidden = not self.steps
        self.input.wire(svg, self._listen, keys or root)
        self._listen(self.el["undo"], "click", self.on_undo)
        self._listen(self.el["pass"], "click", self._action(lambda: self.session.pass_turn()))
        self._listen(self.el["swap"], "click", self._action(lambda: self.session.swap()))
        self._listen(self.el["next"], "click", self.on_next)
        self._listen(self.el["reset"], "click", self.on_reset)
        # Drawn upright at build time (diamonds-rules.html): kept when it shows this.
        if svg.getAttribute("data-drawn") and not self.turned:
            s = self.session
            self.keyed.adopt_drawn(s.stones(), self.marks(), s.flipped, s.focus, s.diamonds(), s.chosen_diamond())
        self.live()

    def _fresh(self, flipped=None):
        """A new session at the example's start, the board turned as ``flipped`` (None: as it was)."""
        s = example_session(self.position, self.moves)
        s.flipped = self.session.flipped if flipped is None else flipped
        self.session = s  # type: Session
        self.done = 0
        self.mark = self._state()

    def _state(self):
        s = self.session
        return (s.game.position(), str(s.turn.move()) if s.turn else "", s.pivot, s.far)

    def _action(self, act):
        def handler(event):
            if act():
                self.mark = None
                self.redraw()
        return handler

    def marks(self):
        """The session's marks, and the highlighted cells (an embed's ``highlight=``)."""
        marks = self.session.marks()
        if self.highlight:
            marks = dict(marks)
            for cell in self.highlight:
                marks[cell] = (marks[cell] + " hl") if cell in marks else "hl"
        return marks

    def redraw(self):
        s = self.session
        self.keyed.show(s.stones(), self.marks(), s.focus, s.flipped, self.turned, s.diamonds(), s.chosen_diamond())
        self.el["status"].textContent = s.status()
        self.el["notice"].textContent = s.notice
        self.el["notice"].hidden = not s.notice
        self.el["undo"].disabled = not s.can_undo()
        self.el["pass"].disabled = s.over() or s.in_turn()
        self.el["swap"].hidden = not (s.game.can_swap and not s.in_turn())
        self.el["next"].disabled = self.done >= len(self.steps)
        self.root.dataset.position = s.game.position()
        self.root.dataset.turn = str(s.turn.move()) if s.turn else ""

    # -- the board's input (kernel/board_dom.BoardInput) ----------------------------------------
    @property
    def focus(self):
        return self.session.focus

    @focus.setter
    def focus(self, cell):
        self.session.focus = cell

    def view(self):
        return self.session.flipped, self.turned

    def press(self, cell, by_key):
        return self.session.activate(cell)

    def pressed(self, by_key):
        self.redraw()

    def escape(self):
        if self.session.deselect():
            self.redraw()
            return True
        return False

    def on_undo(self, event):
        on_track = self.done and self._state() == self.mark
        if self.session.undo():
            if on_track:
                self.done -= 1  # "Next step" plays the step taken back again
            self.mark = None
            self.redraw()

    def on_next(self, event):
        """Play the example's next step (from the example's own state, whatever was clicked)."""
        if self.done >= len(self.steps):
            return
        if self._state() != self.mark:
            done = self.done
            self._fresh()
            for cell in self.steps[:done]:
                self.session.activate(cell)
            self.done = done
        self.session.activate(self.steps[self.done])
        self.done += 1
        self.mark = self._state()
        self.redraw()

    def on_reset(self, event):
        self._fresh()
        self.redraw()
