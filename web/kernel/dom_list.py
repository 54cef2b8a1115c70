"""A list in the page redrawn item by item (both games' move lists).  Runs on MicroPython."""


def update_list(parent, shown, items):
    """Make ``parent``'s children the markup ``items`` (one element each), touching only the
    items that changed: ``shown`` is the list last drawn, updated in place.  A move adds one
    item to the move list and moves the current-move mark, so two items change, not 150."""
    n = min(len(shown), len(items))
    changed = [i for i in range(n) if shown[i] != items[i]]
    if len(changed) > 16 or parent.children.length != len(shown):
        parent.innerHTML = "".join(items)
    else:
        children = parent.children
        for i in changed:
            children[i].outerHTML = items[i]
        for _ in range(len(shown) - n):
            parent.lastElementChild.remove()
        if len(items) > n:
            parent.insertAdjacentHTML("beforeend", "".join(items[n:]))
    shown[:] = items
