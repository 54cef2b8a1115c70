"""One documentation board in the DOM: the live board of an embed or of a rules example.

A ``BoardView`` owns a container element: it writes the board (drawn by ``render``, the
main page's renderer), a status line, step buttons and a notice into it, and turns
clicks and keys into calls on its ``viewer.Viewer``.  All state lives in the viewer;
nothing is read back from the DOM.  Runs on MicroPython in the page.

Hooks: the container gets ``data-ready="true"`` once live and ``data-position`` (the
position string on the board); each cell is ``[data-cell]``; the parts carry
``data-testid`` (``board``, ``status``, ``notice``, ``counter``, ``first``, ``prev``,
``next``, ``last``, ``reset``).
"""

from dvonn import render
from kernel import board_dom, doc_board
from kernel.i18n import _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict

#: The bar's step buttons and status line before Reset (kernel/doc_board.py: ``bar``).
BAR = ('<span class="dv-steps">'
       '<button type="button" data-testid="first" title="%(first_title)s" aria-label="%(first)s">'
       '&#xAB;</button>'
       '<button type="button" data-testid="prev" title="%(prev_title)s" aria-label="%(prev)s">'
       '&#x2039;</button>'
       '<span class="dv-counter" data-testid="counter"></span>'
       '<button type="button" data-testid="next" title="%(next_title)s" aria-label="%(next)s">'
       '&#x203A;</button>'
       '<button type="button" data-testid="last" title="%(last_title)s" aria-label="%(last)s">&#xBB;</button>'
       '</span>'
       '<span class="dv-status" data-testid="status" role="status" aria-live="polite"></span>')


def bar():
    """The bar under the board in the page's language."""
    return doc_board.bar(BAR, {"first_title": _("Back to the start (Home)"), "first": _("Back to the start"),
                               "prev_title": _("One move back (Left arrow)"), "prev": _("One move back"),
                               "next_title": _("One move on (Right arrow)"), "next": _("One move on"),
                               "last_title": _("To the end (End)"), "last": _("To the end")})


class BoardView(doc_board.DocBoard):
    """Draws ``viewer`` into ``root`` and wires its events (see the module docstring)."""

    def __init__(self, root, viewer, flipped=False, labels=True, svg=None, keys=None, turn=False):
        self.viewer = viewer
        self.flipped = flipped
        self.turned = doc_board.turned_here(turn)
        self.focus = "F3"
        self.pointer = "mouse"
        svg = self.mount(root, svg, render.VIEWBOX, _("DVONN board"), labels, bar(),
                         ("status", "notice", "counter", "first", "prev", "next", "last", "reset"))
        self.keyed = board_dom.KeyedBoard(svg, render)  # what the board shows, cell by cell
        self.input = board_dom.BoardInput(self.keyed, self)  # its clicks and keys, as on every board
        root.classList.toggle("has-line", bool(viewer.line))
        self._listen(svg, "click", self.input.on_click)
        self._listen(svg, "pointerdown", self.on_pointerdown)
        self._listen(svg, "mouseover", self.on_hover)
        self._listen(keys or root, "keydown", self.on_keydown)
        for name, step in (("first", viewer.first), ("prev", viewer.back), ("next", viewer.forward),
                           ("last", viewer.last), ("reset", self._reset)):
            self._listen(self.el[name], "click", self._stepper(step))
        if not flipped and not self.turned and svg.getAttribute("data-drawn"):  # drawn at build time (rules.html)
            key = render.board_key(viewer.stacks(), viewer.marks(), self.focus)
            self.keyed.adopt(key, viewer.stacks(), viewer.marks())
        self.live()

    def _stepper(self, step):
        def handler(event):
            if step():
                self.redraw()
        return handler

    def _reset(self):
        self.viewer.reset()
        return True

    # -- drawing --------------------------------------------------------------------
    def redraw(self):
        v = self.viewer
        overlay = ""
        if v.ghosts:
            overlay += '<g class="ghosts">' + render.vanish_svg(v.ghosts, self.flipped, self.turned) + "</g>"
        if v.vanishing:
            overlay += render.vanish_svg(v.vanishing, self.flipped, self.turned)
            v.vanishing = {}
        stacks, marks = v.stacks(), v.marks()
        # Only the cells that changed (issue 12); the whole board the first time.
        self.keyed.draw(stacks, marks, self.focus, self.flipped, self.turned,
                        lambda: render.board_svg(stacks, marks, self.flipped, self.focus, self.turned), overlay=overlay)
        self.el["status"].textContent = v.status()
        self.el["counter"].textContent = v.counter()
        self.el["notice"].textContent = v.notice
        self.el["notice"].hidden = not v.notice
        self.el["first"].disabled = not v.can_back()
        self.el["prev"].disabled = not v.can_back()
        self.el["next"].disabled = not v.can_forward()
        self.el["last"].disabled = not v.can_forward() and not v.branch
        self.el["reset"].hidden = not v.play_on
        white, black = v.score()
        self.root.dataset.position = v.game.position()
        self.root.dataset.phase = v.game.phase
        self.root.dataset.score = "%d-%d" % (white, black)

    def apply_preview(self):
        """Hover preview without a full redraw: mark what the move would remove."""
        v = self.viewer
        board_dom.show_preview(self.svg, v.preview, v.doomed())
        self.el["status"].textContent = v.status()

    # -- events ---------------------------------------------------------------------
    def _cell_of(self, event):
        return board_dom.cell_of(event)

    def on_pointerdown(self, event):
        self.pointer = event.pointerType or "mouse"

    # -- the board's input (kernel/board_dom.BoardInput; ``self.focus`` is the focused cell) ----
    def view(self):
        return self.flipped, self.turned

    def press(self, cell, by_key):
        # A mouse click plays a move at once; a tap or a key first previews what it would remove.
        return self.viewer.activate(cell, confirmed=not by_key and self.pointer == "mouse")

    def pressed(self, by_key):
        self.redraw()

    def escape(self):
        self.viewer.selected = None
        self.viewer.preview = None
        self.redraw()
        return True

    def on_hover(self, event):
        if self.pointer != "mouse":
            return
        if self.viewer.hover(self._cell_of(event)):
            self.apply_preview()

    def on_keydown(self, event):
        """The board's keys when the reader may play on it (BoardInput), else Escape and the steps."""
        if self.viewer.play_on and self.input.on_key(event):
            return
        key = event.key
        if key == "Escape":
            self.escape()
            return
        step = {"ArrowLeft": self.viewer.back, "ArrowRight": self.viewer.forward,
                "Home": self.viewer.first, "End": self.viewer.last}.get(key)
        if step is not None and self.viewer.line:
            event.preventDefault()
            if step():
                self.redraw()
