"""The board's DOM, for the game page (``main.py``) and the documentation boards
(``board_view.py``) alike: which cell an event is on, the hover preview of what a move would
remove, and the keyboard focus moving over the cells (roving tabindex).  Runs on MicroPython
in the page; the state lives in the caller's session or viewer, never in the DOM.
"""

from dvonn import render

STALE = object()  # the marks of a cell the hover preview changed: never equal to any marks


def cell_of(event):
    """The ``data-cell`` name of the cell an event happened on (None outside the cells)."""
    target = event.target
    el = target.closest("[data-cell]") if target and target.closest else None
    return el.getAttribute("data-cell") if el else None


def cell_element(svg, name):
    return svg.querySelector('[data-cell="%s"]' % name)


def show_preview(svg, preview, doomed):
    """Mark the previewed target and the cells its move would remove, without a full redraw."""
    for el in svg.querySelectorAll(".doomed, .previewed"):
        el.classList.remove("doomed")
        el.classList.remove("previewed")
    if preview:
        cell_element(svg, preview).classList.add("previewed")
        for cell in doomed:
            cell_element(svg, cell).classList.add("doomed")


def move_focus(svg, cell, key, flipped=False, turned=False):
    """Move the keyboard focus from ``cell`` by an arrow key; returns the new cell (or None)."""
    c = render.next_cell(cell, key, flipped, turned)
    if c is None:
        return None
    for el in svg.querySelectorAll('[tabindex="0"]'):
        el.setAttribute("tabindex", "-1")
    target = cell_element(svg, c)
    target.setAttribute("tabindex", "0")
    target.focus()
    return c


def adopt(svg, drawn, stacks, marks, focus):
    """Take the board already in ``svg`` (pre-rendered at build time, its ``data-drawn`` naming
    what it shows) as drawn when it shows ``stacks`` and ``marks`` upright: the first redraw
    then draws nothing.  Returns whether it did."""
    if svg.getAttribute("data-drawn") != render.board_key(stacks, marks, focus):
        return False
    drawn["view"] = (False, False)
    drawn["cells"] = {cell: (stacks.get(cell, ""), marks.get(cell)) for cell in render.CELLS}
    return True


def draw_board(svg, drawn, stacks, marks, focus, flipped=False, turned=False, overlay=""):
    """Draw the board into ``svg``; returns how many cells were (re)drawn.

    The whole board the first time, after ``drawn.clear()`` (a new game) and when it flips
    or turns; otherwise only the cells whose stack or marks changed: a keyed diff against
    ``drawn``, the caller's record of what is on screen, so a move redraws a handful of
    ``<g data-cell>`` instead of 49 (issue 12); a cell whose marks alone changed keeps its
    element and gets its ``class`` and accessible name.  The result is the DOM a full redraw gives.
    ``overlay`` (the stacks fading out) is drawn over the cells in ``<g class="overlay">``
    and replaced on every call.
    """
    view = (flipped, turned)
    cells = drawn.get("cells")
    tail = '<g class="overlay">%s</g>' % overlay if overlay else ""
    if cells is None or drawn.get("view") != view:
        svg.innerHTML = render.board_svg(stacks, marks, flipped, focus, turned) + tail
        drawn["view"] = view
        drawn["cells"] = {cell: (stacks.get(cell, ""), marks.get(cell)) for cell in render.CELLS}
        return len(render.CELLS)
    # The hover preview marks cells without a redraw (show_preview): redraw those too.
    for el in svg.querySelectorAll(".doomed, .previewed"):
        cell = el.getAttribute("data-cell")
        cells[cell] = (cells[cell][0], STALE)
    changed = 0
    for cell in render.CELLS:
        was = cells[cell]
        now = (stacks.get(cell, ""), marks.get(cell))
        if was != now:
            cells[cell] = now
            el = cell_element(svg, cell)
            if was[0] == now[0]:
                # Only the marks changed (a selection, its targets, the last move): two
                # attributes, where new markup would be parsed (issue 12).
                el.setAttribute("class", render.cell_class(now[0], now[1]))
                el.setAttribute("aria-label", render.announce(cell, now[0], now[1] or ""))
            else:
                el.outerHTML = render.cell_svg(cell, now[0], now[1], cell == focus, flipped, turned)
            changed += 1
    # The keyboard focus moves without a redraw (move_focus): one cell in the tab order.
    for el in svg.querySelectorAll('[tabindex="0"]'):
        el.setAttribute("tabindex", "-1")
    el = cell_element(svg, focus)
    if el:
        el.setAttribute("tabindex", "0")
    old = svg.querySelector(".overlay")
    if old:
        old.remove()
    if tail:
        svg.insertAdjacentHTML("beforeend", tail)
    return changed
