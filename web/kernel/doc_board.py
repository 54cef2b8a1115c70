"""A documentation board (a rules example, an embed) in the DOM, whatever the game: its ``<svg>``, the bar
under it (the game's buttons and status line, then Reset) and the notice, the listeners kept alive, the
quarter turn on a phone, and the ``data-ready`` the page's tests and benchmarks wait for.  A game's
``board_view.BoardView`` subclasses ``DocBoard`` with its buttons, its drawing (``redraw``) and what a click
does.  Runs on MicroPython in the page.
"""

from pyscript import window
from pyscript.ffi import create_proxy

from kernel import board_dom
from kernel.i18n import _

#: The end of every documentation board's bar: Reset, then the notice under the bar.
BAR_END = ('<button type="button" class="dv-reset" data-testid="reset" title="%(reset_title)s">'
           '%(reset)s</button>'
           '</div>'
           '<p class="dv-notice" data-testid="notice" role="alert" hidden></p>')


def bar(parts, texts):
    """The bar under a board in the page's language: ``parts`` (the game's markup, ``%(name)s`` for each of
    its ``texts``), Reset, and the notice."""
    texts = dict(texts)
    texts.update(reset_title=_("Back to the position shown first"), reset=_("Reset"))
    return ('<div class="dv-bar">' + parts + BAR_END) % texts


def turned_here(turn):
    """Whether a board that may turn (``turn``: a rules page's) is drawn a quarter turn round here: on a
    phone held upright, as on the game page, so that its cells stay >= 44 CSS px."""
    return bool(turn) and bool(window.matchMedia(board_dom.TURN_QUERY).matches)


class DocBoard:
    """The DOM of one documentation board (see the module docstring)."""

    #: Drawn a quarter turn round (``turned_here``): the view sets it before :meth:`mount`.
    turned = False

    def mount(self, root, svg, viewbox, label, labels, bar_html, parts):
        """Take ``root``'s board (``svg``, or the ``svg.dv-svg`` in it, or a new one of ``viewbox`` named
        ``label``), without its labels unless ``labels``, and put the bar ``bar_html`` under it; its
        ``parts`` (``data-testid`` names) are kept in ``self.el``.  Returns the ``<svg>``."""
        self.root = root
        if svg is None:
            svg = root.querySelector("svg.dv-svg")
        if svg is None:
            root.insertAdjacentHTML("beforeend", '<svg class="dv-svg" viewBox="%s" role="group" '
                                    'aria-label="%s" data-testid="board"></svg>' % (viewbox, label))
            svg = root.querySelector("svg.dv-svg")
        self.svg = svg
        svg.classList.toggle("nolabels", not labels)
        root.insertAdjacentHTML("beforeend", bar_html)
        self.el = {}
        for name in parts:
            self.el[name] = root.querySelector('[data-testid="%s"]' % name)
        self._proxies = []
        root.classList.toggle("turned", self.turned)
        return svg

    def _listen(self, el, kind, handler):
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # keep the proxies alive as long as the view
        el.addEventListener(kind, proxy)

    def live(self):
        """Draw the board and say so: ``data-ready="true"`` on the container."""
        self.redraw()
        self.svg.classList.remove("loading")
        self.root.dataset.ready = "true"

    def redraw(self):
        raise NotImplementedError
