"""The board editor of any game (``editor.html``, ``diamonds-editor.html``): set up a position by
taps, read one pasted in, and export it (its position string, a link to the game page at it, the
``<iframe>`` of an embedded board, a standalone SVG file drawn by the library's renderer).

Runs on MicroPython on the main thread.  The game brings an ``Editing`` object (``dvonn/editing.py``,
``diamonds/editing.py``): the position being edited, what a tap with each of its tools does, its
settings (the side to move...), where an edit may start, the core's verdict on the position in the
player's words, its renderer and its SVG diagram.  This module holds what every game's editor does:
the board (``kernel/board_dom.py``: the keyed redraw, clicks and keys), the tools, the position
field, the highlighted cells, the exports, and the page's test hooks (``body.dataset.position``,
``body.dataset.ready``, ``body.dataset.playable``).
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from kernel import address, board_dom, download, reasons
from kernel.i18n import _
from kernel.url import link_value, quote

#: The editor's own tool, on every game's board: a tap marks the cell for the embed and the diagram.
HIGHLIGHT = "highlight"
#: The longest position text read from the field or the address (a position string is at most a few
#: hundred characters; ``GameSaves.max_input`` is the game page's bound on any input).
MAX_TEXT = 1000
#: Narrow portrait screens: the board a quarter turn round, as on the game page (kernel/page.py).
TURN_QUERY = "(max-width: 34rem) and (orientation: portrait)"


def _el(testid):
    return document.querySelector('[data-testid="%s"]' % testid)


def _copy(field):
    """Select ``field`` and copy its text; whether the browser copied it."""
    field.focus()
    field.select()
    try:
        return bool(document.execCommand("copy"))
    except Exception:  # noqa: BLE001 - no clipboard: the field shows the text
        return False


class EditorPage:
    """The editor page over a game's ``Editing`` (see the module's docstring)."""

    def __init__(self, editing):
        self.E = editing
        self.svg = document.getElementById("board")
        self.keyed = board_dom.KeyedBoard(self.svg, editing.render)
        self.input = board_dom.BoardInput(self.keyed, self)
        self.tool = editing.FIRST_TOOL
        self.highlight = []  # highlighted cells, in the board's order
        self.focus = editing.render.CELLS[0]
        self.turned = False
        self.refused = ""  # why the text last typed or linked was not read ("" when it was)
        self.written = {}
        self.el = {}
        for name in ("editor-position", "editor-error", "editor-notice", "editor-playable", "export-link",
                     "export-analysis", "export-embed", "export-svg", "embed-flip", "embed-labels",
                     "embed-caption", "share-link", "copy-link", "copy-embed"):
            self.el[name] = _el(name)
        self.proxies = []

    # -- the board's input (kernel/board_dom.BoardInput) --------------------------------------------
    def view(self):
        return self.flipped(), self.turned

    def flipped(self):
        return bool(self.el["embed-flip"].checked)

    def press(self, cell, by_key):
        """A tap with the tool in hand: whether the board changed."""
        self.refused = ""
        self.notify("")
        if self.tool == HIGHLIGHT:
            if cell in self.highlight:
                self.highlight.remove(cell)
            else:
                self.highlight = [c for c in self.E.render.CELLS if c in self.highlight or c == cell]
            return True
        try:
            return self.E.tap(cell, self.tool)
        except ValueError as error:
            self.notify(str(error))
            return False

    def pressed(self, by_key):
        self.redraw()

    def escape(self):
        return False

    # -- drawing -----------------------------------------------------------------------------------
    def put(self, name, prop, value):
        """``el[name].prop = value`` unless it already holds it (each DOM call costs time)."""
        key = (name, prop)
        if self.written.get(key, self.put) == value:
            return
        self.written[key] = value
        el = document.body if name == "body" else self.el[name]
        if prop.startswith("data-"):
            setattr(el.dataset, prop[5:], value)
        elif prop in ("href", "aria-disabled"):
            if value is None:
                el.removeAttribute(prop)
            else:
                el.setAttribute(prop, value)
        else:
            setattr(el, prop, value)

    def notify(self, text):
        self.put("editor-notice", "textContent", text)
        self.put("editor-notice", "hidden", not text)

    def redraw(self):
        E = self.E
        pieces = E.pieces()
        marks = {}
        for cell in self.highlight:
            marks[cell] = "lit"
        flipped = self.flipped()
        self.keyed.draw(pieces, marks, self.focus, flipped, self.turned,
                        lambda: E.board_svg(pieces, marks, flipped, self.focus, self.turned))
        self.svg.classList.toggle("nolabels", not self.el["embed-labels"].checked)
        text = E.text()
        problem = E.problem()
        playable = not problem
        self.el["editor-position"].value = text
        # Each message on a line of its own (the box keeps line breaks): why the text was not read, then why
        # the board's position cannot be played.
        error = "\n".join([part for part in (self.refused, problem) if part])
        self.put("editor-error", "textContent", error)
        self.put("editor-error", "hidden", not error)
        self.put("editor-playable", "textContent", "" if playable else _(
            "Diagram only: this position cannot be played, so there is no game link or embed; "
            "the SVG file still shows it."))
        self.put("editor-playable", "hidden", playable)
        link = E.GAME_PAGE + "#position=" + quote(text)
        self.put("export-link", "href", link if playable else None)
        self.put("export-link", "aria-disabled", None if playable else "true")
        self.put("export-analysis", "href", E.ANALYSIS_PAGE + "#position=" + quote(text) if playable else None)
        self.put("export-analysis", "aria-disabled", None if playable else "true")
        self.put("share-link", "value", self.base() + link if playable else "")
        self.put("share-link", "disabled", not playable)
        self.put("copy-link", "disabled", not playable)  # a diagram has no link and no embed to copy
        self.put("copy-embed", "disabled", not playable)
        embed = ""
        if playable:
            embed = E.embed_snippet(self.base(), text, flipped, bool(self.el["embed-labels"].checked),
                                    self.highlight, self.caption())
        self.put("export-embed", "value", embed)
        self.put("export-embed", "disabled", not playable)
        for name in E.SETTINGS:
            field = document.querySelector('[data-setting="%s"]' % name)
            field.value = E.setting(name)
        self.put("body", "data-position", text)
        self.put("body", "data-playable", "true" if playable else "false")
        self.put("body", "data-highlight", ",".join(self.highlight))
        document.body.dataset.editedAt = str(window.performance.now())  # benchmarks/pages/editor_edits.py

    def draw_tools(self):
        for el in document.querySelectorAll("[data-tool]"):
            el.setAttribute("aria-pressed", "true" if el.getAttribute("data-tool") == self.tool else "false")

    def base(self):
        """The site's address (this page's folder)."""
        page = str(window.location.href).split("#")[0].split("?")[0]
        return page[:page.rfind("/") + 1]

    def caption(self):
        return str(self.el["embed-caption"].value).strip()[:300]

    # -- events ------------------------------------------------------------------------------------
    def listen(self, element, kind, handler):
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        element.addEventListener(kind, proxy)

    def on_tool(self, event):
        target = event.target
        button = target.closest("[data-tool]") if target and target.closest else None
        if button:
            self.tool = str(button.getAttribute("data-tool"))
            self.draw_tools()

    def on_setting(self, event):
        target = event.target
        self.E.set(str(target.getAttribute("data-setting")), str(target.value))
        self.refused = ""
        self.redraw()

    def on_start(self, event):
        target = event.target
        button = target.closest("[data-start]") if target and target.closest else None
        if button:
            seed = int(window.Math.floor(window.Math.random() * 1000000)) + 1
            self.E.start(str(button.getAttribute("data-start")), seed)
            self.highlight = []
            self.refused = ""
            self.notify("")
            self.redraw()

    def read(self, text, what):
        """Show the position ``text`` (from ``what``: the field or the address); a text that does
        not read leaves the board as it was and says why."""
        try:
            self.E.load(text)
        except ValueError as error:
            self.refused = _("%(what)s cannot be read, so the board is unchanged: %(why)s") % {
                "what": what, "why": reasons.say(error)}
            document.body.dataset.rejectedAt = str(window.performance.now())
            return False
        self.refused = ""
        return True

    def on_field_key(self, event):
        if event.key != "Enter":
            return
        event.preventDefault()
        self.read_field()

    def read_field(self, event=None):
        field = self.el["editor-position"]
        size = int(window.dvonnFieldLength(field))  # read on the JavaScript side: a number, not the text
        if size > MAX_TEXT:
            self.refused = _("The text in the field has %(size)d characters; a position has at most %(most)d. "
                             "The board is unchanged.") % {"size": size, "most": MAX_TEXT}
            document.body.dataset.rejectedAt = str(window.performance.now())
            typed = None
        else:
            typed = str(field.value)
            self.read(typed, _("The position string"))
        self.notify("")
        self.redraw()
        if self.refused and typed is not None:
            field.value = typed  # left as typed, to be corrected

    def open_link(self):
        """The ``#position=`` of the address, if any (refused unread when too long)."""
        start = str(window.dvonnSafe.hashStart(10))
        if start != "#position=":
            return
        size = int(window.dvonnSafe.hashLength())
        if size > MAX_TEXT:
            self.refused = _("The position in the address has %(size)d characters; a position has at most "
                             "%(most)d. The board is unchanged.") % {"size": size, "most": MAX_TEXT}
            return
        text = window.dvonnSafe.decode(link_value(str(window.location.hash), "#position="))
        if text is None:
            self.refused = _("The position in the address is damaged (a %%-escape in it is not valid).") % ()
            return
        self.read(str(text), _("The position in the address"))

    def on_hashchange(self, event):
        self.open_link()
        self.refused = address.refused() or self.refused  # an address too long, dropped unread
        self.redraw()

    def on_option(self, event):
        self.redraw()

    def on_copy(self, testid, done, fallback):
        def handler(event):
            field = self.el[testid]
            if field.disabled:
                return
            self.notify(done if _copy(field) else fallback)
        return handler

    def on_copy_position(self, event):
        """Copy the board's position string: the field may hold a text that was not read (left there
        to be corrected), which the notice then says."""
        text = self.E.text()
        read = str(self.el["editor-position"].value).strip() == text
        if read:
            self.notify(_("Position string copied.") if window.dvonnSafe.clip(text) else
                        _("Copy the position string from its field."))
        elif window.dvonnSafe.clip(text):
            self.notify(_("The board's position string is copied, %s: the text in the field was not read.") % text)
        else:
            self.notify(_("The text in the field was not read: the board's position string is %s.") % text)

    def on_svg(self, event):
        playable = not self.E.problem()
        text = self.E.svg(playable, self.flipped(), bool(self.el["embed-labels"].checked), self.highlight,
                          self.caption())
        download.download_text(text, self.E.SVG_FILE if playable else self.E.DIAGRAM_FILE, "image/svg+xml")
        self.notify(_("SVG file saved.") if playable else
                    _("SVG file saved: a diagram of a position that cannot be played."))

    def on_layout(self, event=None):
        turned = bool(window.matchMedia(TURN_QUERY).matches)
        document.body.dataset.turned = "true" if turned else "false"
        if turned != self.turned:
            self.turned = turned
            self.redraw()

    def start(self):
        """Wire the page, open the address's position (else the game's start), draw."""
        self.input.wire(self.svg, self.listen)
        self.listen(_el("editor-tools"), "click", self.on_tool)
        for el in document.querySelectorAll("[data-setting]"):
            self.listen(el, "change", self.on_setting)
        self.listen(_el("editor-starts"), "click", self.on_start)
        self.listen(self.el["editor-position"], "keydown", self.on_field_key)
        self.listen(_el("editor-read"), "click", self.read_field)
        for name in ("embed-flip", "embed-labels"):
            self.listen(self.el[name], "change", self.on_option)
        self.listen(self.el["embed-caption"], "input", self.on_option)
        self.listen(self.el["export-svg"], "click", self.on_svg)
        self.listen(_el("copy-position"), "click", self.on_copy_position)
        for button, field, done, fallback in (
                ("copy-link", "share-link", _("Link copied: it opens the game page at this position."),
                 _("Copy the link from its field.")),
                ("copy-embed", "export-embed", _("Embed code copied: paste it into your page."),
                 _("Copy the embed code from its field."))):
            self.listen(_el(button), "click", self.on_copy(field, done, fallback))
        window.onhashchange = create_proxy(self.on_hashchange)
        self.listen(window.matchMedia(TURN_QUERY), "change", self.on_layout)
        self.turned = bool(window.matchMedia(TURN_QUERY).matches)
        document.body.dataset.turned = "true" if self.turned else "false"
        self.E.start("setup")
        self.open_link()
        self.refused = address.refused() or self.refused  # an address too long, dropped unread
        self.draw_tools()
        self.redraw()
        document.body.dataset.ready = "true"
        window.dvonnRegisterServiceWorker()
