"""The exact solver's verdict on every legal move of a position, as HTML: the analysis board and the
game analysis show the same marks (issue 54).  Pure Python, no DOM; runs on MicroPython.

Each entry is ``{"move", "outcome", "margin"}`` from the worker (``kernel/bot_worker.exact_report``):
the outcome ``win``, ``draw`` or ``loss`` for the side to move and the final margin in pieces, best first.
Test hooks: ``data-testid="analysis-exact"`` (present when the marks are shown) and one
``data-testid="analysis-move"`` per legal move with ``data-move``, ``data-outcome`` and ``data-margin``.
"""

from kernel.i18n import _, ngettext


def escape(text):
    """``text`` for HTML (an attribute's value or an element's text).

    >>> escape('a>b "c" & <d>')
    'a&gt;b &quot;c&quot; &amp; &lt;d&gt;'
    """
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def verdict(entry):
    """What a move does, in words: wins by, loses by (pieces), or draws."""
    margin = int(entry["margin"])
    if entry["outcome"] == "win":
        return ngettext("wins by %d piece", "wins by %d pieces", margin) % margin
    if entry["outcome"] == "loss":
        return ngettext("loses by %d piece", "loses by %d pieces", -margin) % -margin
    return _("draws")


def marks_html(entries, shown_move=str):
    """The marks of ``entries`` (best first), each move written by ``shown_move``."""
    items = []
    for entry in entries:
        outcome = escape(entry["outcome"])
        items.append('<li data-testid="analysis-move" class="%s" data-move="%s" data-outcome="%s" data-margin="%d">'
                     '%s %s</li>' % (outcome, escape(entry["move"]), outcome, int(entry["margin"]),
                                     escape(shown_move(entry["move"])), escape(verdict(entry))))
    return ('<p data-testid="analysis-exact" class="analysis-exact"><strong>%s</strong></p>'
            '<ol class="analysis-exact-moves" aria-label="%s">%s</ol>'
            % (escape(_("Exact: every move is played out to the end of the game, for the side to move.")),
               escape(_("Every legal move with its exact outcome, the best first")), "".join(items)))
