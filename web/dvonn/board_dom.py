"""The board's DOM, for the game page (``main.py``) and the documentation boards
(``board_view.py``) alike: which cell an event is on, the hover preview of what a move would
remove, and the keyboard focus moving over the cells (roving tabindex).  Runs on MicroPython
in the page; the state lives in the caller's session or viewer, never in the DOM.
"""

import render


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
