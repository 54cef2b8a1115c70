"""The embed page of any game: one live board from the URL's parameters, nothing else.

Runs on MicroPython.  A game's ``embed.py`` calls :func:`run` with its parameter reader
(``embed_params.parse``: a ``kernel.url.EmbedError`` names a bad parameter, shown in
``[data-testid="error"]``, and the page stops there) and a function that starts its board in
the ``#embed`` element from what was read.  This module shows the caption, keeps
``body.dataset.position`` current for the page's readers (tests, automation) and marks the page
ready, or shows why the board could not start.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from kernel import address
from kernel.i18n import _
from kernel.url import EmbedError, parse_query

body = document.body
#: The longest address (its query) a board reads: what the game pages read from a link, a paste or
#: a file (``GameSaves.max_input``, docs/security.md).  Longer is refused before it is read.
MAX_QUERY = 64 * 1024


def show_error(message):
    box = document.querySelector('[data-testid="error"]')
    box.textContent = message
    box.hidden = False
    document.getElementById("embed").hidden = True
    body.dataset.ready = "error"


def _sync(event):
    body.dataset.position = document.getElementById("embed").dataset.position


def run(parse, start, title, caption_of):
    """Read the address with ``parse`` (a dict of parameters in, what the board shows out), start
    the board with ``start(root, spec)``; ``caption_of(spec)`` is the caption to show (may be
    empty) and ``title`` heads the page's title."""
    try:
        # read on the JavaScript side: a number, not the text (or the address dropped unread: kernel/address.py)
        size = max(int(window.dvonnQueryLength()), address.taken())
        if size > MAX_QUERY:
            show_error(_("This board cannot be shown: its address holds %d KB, more than the %d KB a board reads.")
                       % ((size + 1023) // 1024, MAX_QUERY // 1024))
            return
        try:
            spec = parse(parse_query(str(window.location.search or "")))
        except EmbedError as error:
            show_error(_("This board cannot be shown: %s.") % str(error).rstrip("."))
            return
        caption_text = caption_of(spec)
        if caption_text:
            caption = document.querySelector('[data-testid="caption"]')
            caption.textContent = caption_text
            caption.hidden = False
            document.title = title + ": " + caption_text
        root = document.getElementById("embed")
        start(root, spec)
        body.dataset.position = root.dataset.position
        proxy = create_proxy(_sync)
        root.addEventListener("click", proxy)
        document.addEventListener("keydown", proxy)
        body.dataset.liveMs = str(int(window.performance.now()))  # for benchmarks/pages/embed_load.py
        body.dataset.ready = "true"
    except Exception as error:  # noqa: BLE001 - shown instead of a broken page
        show_error(_("This board could not start: %s") % error)
