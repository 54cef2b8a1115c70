"""The Diamonds & Pivots embed page: one live board from the URL's parameters.

Runs on MicroPython.  ``embed_params`` reads and checks the parameters (a bad one is
shown in ``[data-testid="error"]`` and the page stops there); ``board_view.BoardView``
draws the board and plays both sides.  The shared ``embed.html?game=diamonds&...``
forwards here with the same query.
"""

from pyscript import document, window

body = document.body
error_box = document.querySelector('[data-testid="error"]')


def show_error(message):
    error_box.textContent = message
    error_box.hidden = False
    document.getElementById("embed").hidden = True
    body.dataset.ready = "error"


def main():
    from diamonds.embed_params import parse
    from kernel.url import EmbedError, parse_query
    try:
        spec = parse(parse_query(str(window.location.search or "")))
    except EmbedError as error:
        show_error("This board cannot be shown: %s." % str(error).rstrip("."))
        return
    from diamonds.board_view import BoardView
    caption = document.querySelector('[data-testid="caption"]')
    if spec["caption"]:
        caption.textContent = spec["caption"]
        caption.hidden = False
        document.title = "Diamonds & Pivots: " + spec["caption"]
    root = document.getElementById("embed")
    view = BoardView(root, spec["position"], spec["moves"], flipped=spec["flip"], labels=spec["labels"], keys=document)
    body.dataset.position = root.dataset.position

    def sync(event):
        body.dataset.position = root.dataset.position

    view._listen(root, "click", sync)
    view._listen(document, "keydown", sync)
    body.dataset.ready = "true"


try:
    main()
except Exception as error:  # noqa: BLE001 - shown instead of a broken page
    show_error("This board could not start: %s" % error)
