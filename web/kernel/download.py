"""Save a text as a file in the player's downloads, for both games' pages ("Download", the editor's SVG file).

Runs on MicroPython in the page: a Blob behind a temporary link, so no server is involved.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js


def download_text(text, filename, kind="text/plain"):
    """Offer ``text`` (a game record, an SVG diagram: its media type ``kind``) as the file ``filename``."""
    blob = window.Blob.new(to_js([text]), to_js({"type": kind + ";charset=utf-8"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
