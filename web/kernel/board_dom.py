"""A hex board in an ``<svg>``, whatever the game: which cell an event is on, the redraw of only
the cells that changed (a keyed diff against what the board shows), the keyboard focus moving
over the cells (a roving tabindex) and the hover preview's marks.  Runs on MicroPython in the page.

The game brings its renderer, a module of pure string functions (``dvonn/render.py``,
``diamonds/render.py``) with these names::

    CELLS                                     the board's cell names, in drawing order
    viewbox(turned)                           the <svg>'s viewBox, upright or a quarter turn round
    cell_svg(cell, piece, marks, focused, flipped, turned=...)   one cell's <g data-cell> markup
    cell_class(piece, marks)                  that <g>'s class
    announce(cell, piece, marks)              its accessible name
    next_cell(cell, key, flipped, turned)     the cell an arrow key goes to (None: off the board)
    cell_xy(cell, flipped, turned)            a cell's centre, where cell_svg translates it (a flip moves it there)
    LABELS, xy(a, b, flipped, turned)         the labels (text, a, b) drawn as <text class="lbl">, their places
    KEY_STEPS                                 the arrow keys it knows

``piece`` is what stands on a cell in the game's own terms (a DVONN stack, a Diamonds stone; ""
for nothing) and ``marks`` the classes the page adds (a selection, a target, the last move).  The
state lives in the caller's session or viewer, never in the DOM.
"""

#: Narrow portrait screens (phones): a board may be drawn a quarter turn round there, so that its
#: cells stay >= 44 CSS px (the game pages, the rules pages' live boards).
TURN_QUERY = "(max-width: 34rem) and (orientation: portrait)"
STALE = object()  # the marks of a cell the hover preview changed: never equal to any marks


def cell_of(event):
    """The ``data-cell`` name of the cell an event happened on (None outside the cells)."""
    target = event.target
    el = target.closest("[data-cell]") if target and target.closest else None
    return el.getAttribute("data-cell") if el else None


def cell_element(svg, name):
    return svg.querySelector('[data-cell="%s"]' % name)


def show_preview(svg, preview, doomed):
    """Mark the previewed target and the cells its move would remove, without a redraw
    (:meth:`KeyedBoard.draw` redraws those cells next time)."""
    for el in svg.querySelectorAll(".doomed, .previewed"):
        el.classList.remove("doomed")
        el.classList.remove("previewed")
    if preview:
        cell_element(svg, preview).classList.add("previewed")
        for cell in doomed:
            cell_element(svg, cell).classList.add("doomed")


class KeyedBoard:
    """What ``svg`` shows, cell by cell, and the redraw of what changed (issue 12: the whole board
    cost 5-20 ms a click in MicroPython; a move changes a handful of cells)."""

    def __init__(self, svg, render):
        self.svg = svg
        self.render = render
        self.cells = None  # cell -> (piece, marks) on screen; None: draw the whole board next time
        self.view = None  # (flipped, turned) of what is on screen

    def forget(self):
        """Draw the whole board next time (a new game)."""
        self.cells = None

    def adopt(self, key, pieces, marks):
        """Take the board already in ``svg`` as drawn when its ``data-drawn`` (written at build
        time, when it was pre-rendered upright) is ``key``: the first redraw then draws only what
        differs from it.  Returns whether it did."""
        if self.svg.getAttribute("data-drawn") != key:
            return False
        self._record(pieces, marks, (False, False))
        return True

    def _record(self, pieces, marks, view):
        self.view = view
        self.cells = {cell: (pieces.get(cell, ""), marks.get(cell)) for cell in self.render.CELLS}

    def draw(self, pieces, marks, focus, flipped, turned, whole, limit=None, overlay=""):
        """Show ``pieces`` and ``marks`` (dicts by cell) with the keyboard focus on ``focus``, and
        ``overlay`` (markup, such as DVONN's stacks fading out) over the cells in
        ``<g class="overlay">``, replaced on every call.

        The whole board (``whole()``: its markup, asked for only then) the first time, after
        :meth:`forget` and when it flips or turns, and when more cells changed than ``limit``
        (``(pieces, cells)``: past those one ``innerHTML`` is quicker than many small writes);
        otherwise only the cells that changed.  A cell whose marks alone changed keeps its
        element and gets its ``class`` and accessible name.  The result is the DOM the whole
        board gives.  Returns True when it drew the whole board (the caller's own parts of the
        board, such as Diamonds' outlines, come with ``whole()`` then, and are the caller's to
        update otherwise).
        """
        R, svg, view = self.render, self.svg, (flipped, turned)
        tail = '<g class="overlay">%s</g>' % overlay if overlay else ""
        cells = self.cells
        changed = []
        if cells is not None and self.view == (not flipped, turned):
            self.place(flipped, turned)  # a flip: the cells and labels move, their markup stays
        if cells is not None and self.view == view:
            # The hover preview marks cells without a redraw (show_preview): redraw those too.
            for el in svg.querySelectorAll(".doomed, .previewed"):
                name = el.getAttribute("data-cell")
                cells[name] = (cells[name][0], STALE)
            moved = 0  # cells whose piece changed
            for cell in R.CELLS:
                now = (pieces.get(cell, ""), marks.get(cell))
                if cells[cell] != now:
                    changed.append((cell, now))
                    moved += cells[cell][0] != now[0]
            if limit is not None and (moved > limit[0] or len(changed) > limit[1]):
                cells = None
        if cells is None or self.view != view:
            if self.view != view:
                svg.setAttribute("viewBox", R.viewbox(turned))
            svg.innerHTML = whole() + tail
            self._record(pieces, marks, view)
            return True
        for cell, now in changed:
            was, cells[cell] = cells[cell], now
            el = cell_element(svg, cell)
            if was[0] == now[0]:
                # Only the marks changed (a selection, its targets, the last move): two
                # attributes, where new markup would be parsed (issue 12).
                el.setAttribute("class", R.cell_class(now[0], now[1]))
                el.setAttribute("aria-label", R.announce(cell, now[0], now[1] or ""))
            else:
                el.outerHTML = R.cell_svg(cell, now[0], now[1], cell == focus, flipped, turned=turned)
        self.place_focus(focus)
        old = svg.querySelector(".overlay")
        if old:
            old.remove()
        if tail:
            svg.insertAdjacentHTML("beforeend", tail)
        return False

    def place(self, flipped, turned):
        """Move every cell and label to where the board ``flipped`` draws it (issue 43: a flip drew the
        whole board again, its markup made in Python and parsed, where only the places change)."""
        R, svg = self.render, self.svg
        for cell in R.CELLS:
            cell_element(svg, cell).setAttribute("transform", "translate(%.1f %.1f)" % R.cell_xy(cell, flipped, turned))
        for i, label in enumerate(svg.querySelectorAll("text.lbl")):  # R.LABELS' order, as whole() draws them
            x, y = R.xy(R.LABELS[i][1], R.LABELS[i][2], flipped, turned)
            label.setAttribute("x", "%.1f" % x)
            label.setAttribute("y", "%.1f" % (y + 5))
        self.view = (flipped, turned)

    def place_focus(self, cell):
        """Put ``cell`` alone in the tab order; returns its element (None if there is none)."""
        for el in self.svg.querySelectorAll('[tabindex="0"]'):
            el.setAttribute("tabindex", "-1")
        el = cell_element(self.svg, cell)
        if el:
            el.setAttribute("tabindex", "0")
        return el

    def move_focus(self, cell, key, flipped=False, turned=False):
        """Move the keyboard focus from ``cell`` by an arrow key; returns the new cell (or None)."""
        c = self.render.next_cell(cell, key, flipped, turned)
        if c is not None:
            self.place_focus(c).focus()
        return c


class BoardInput:
    """A board's clicks and keys, the same on every page that shows one (the game pages, the
    editor, the documentation boards): a click, or Enter or Space on the focused cell, presses
    the cell; the arrows move the keyboard focus over the cells (``KeyedBoard.move_focus``);
    Escape drops what was picked.

    The page that owns the board (``owner``) keeps the state and says what a press does::

        owner.focus                 the cell in the tab order (read and written here)
        owner.view()                (flipped, turned): how the board is drawn
        owner.press(cell, by_key)   a click (by_key False) or Enter/Space on cell: whether anything changed
        owner.pressed(by_key)       redraw after a press that changed something
        owner.escape()              drop the selection and redraw; whether anything changed
    """

    def __init__(self, keyed, owner):
        self.keyed = keyed
        self.owner = owner

    def wire(self, svg, listen, keys=None):
        """Listen to ``svg``'s clicks and to the keys of ``keys`` (default the board itself) with
        ``listen(element, kind, handler)``, the owner's (it keeps the proxies alive)."""
        listen(svg, "click", self.on_click)
        listen(keys or svg, "keydown", self.on_key)

    def on_click(self, event):
        cell = cell_of(event)
        if cell is None:
            return
        owner = self.owner
        owner.focus = cell
        if owner.press(cell, False):
            owner.pressed(False)

    def on_key(self, event):
        """Enter/Space, Escape and the arrows on a cell; whether the key was the board's."""
        cell = cell_of(event)
        if cell is None:
            return False
        owner = self.owner
        key = event.key
        if key in ("Enter", " "):
            event.preventDefault()
            owner.focus = cell
            if owner.press(cell, True):
                owner.pressed(True)
                self.refocus()
            return True
        if key == "Escape":
            if owner.escape():
                self.refocus()
            return True
        if key in self.keyed.render.KEY_STEPS:
            event.preventDefault()
            flipped, turned = owner.view()
            c = self.keyed.move_focus(cell, key, flipped, turned)
            if c is not None:
                owner.focus = c
            return True
        return False

    def refocus(self):
        """Give the keyboard focus back to the focused cell (a redraw may have replaced it)."""
        el = self.keyed.place_focus(self.owner.focus)
        if el:
            el.focus()
