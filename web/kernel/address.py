"""An address longer than any page of this site reads, for every page (issue 56, item 10).

A query string or ``#...`` of megabytes stopped pages from starting (the editor ran out of memory
reading the address) and a ``hashchange`` to one raised an uncaught ``MemoryError``.  The first script
of every page (``shared/parts/page_head.html``) measures the address's query and ``#...`` before
anything else runs, and on each ``hashchange`` before the page's own handler: over
:data:`MAX_ADDRESS` characters, it drops them (``history.replaceState``) unread and keeps their
length.  The page starts as if opened without them, and says why with :func:`refused`.  What a
page reads of a shorter address has its own, smaller limits (a link's record, a position, an embed's
query) and messages.

>>> print(message(2 * 1024 * 1024))  # doctest: +NORMALIZE_WHITESPACE
This address was not read: it holds 2048 KB, more than the 128 KB a page of this site reads.
The page opened without it.
"""

from kernel.i18n import _

#: The longest query string and ``#...`` together that a page reads: room for the largest value
#: any page reads (a record link of 64 KB, an embed's query of 64 KB).  page_head.html holds it too.
MAX_ADDRESS = 128 * 1024


def kb(length):
    """``length`` characters in whole KB, rounded up."""
    return (length + 1023) // 1024


def message(length):
    """What the page says of an address of ``length`` characters it did not read."""
    return _("This address was not read: it holds %(size)d KB, more than the %(most)d KB a page of this site reads. "
             "The page opened without it.") % {"size": kb(length), "most": kb(MAX_ADDRESS)}


def taken():
    """The length of the address dropped unread since the last call (0 if none)."""
    from pyscript import window
    return int(window.dvonnTakeLongAddress())


def refused():
    """:func:`message` for the address dropped unread since the last call, '' if none."""
    length = taken()
    return message(length) if length else ""
