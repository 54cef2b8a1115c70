"""The browser's storage, for every page: each write checked, and room made when it is full (issue 57).

What a page could not read (a saved game, a list of games by link, a puzzle rating) is set aside under
a key ending in :data:`ASIDE` (``dvonn.saved-game.unreadable``, ``...unreadable-2``), for the
player's sake.  When the storage is full, :func:`write` drops those entries, the oldest first, until
the write fits: the player's current game goes before what was set aside.  Each page says what
happened where the player looks (a write that still fails: that it is not saved, and the game stays
on the screen).

The order of what was set aside is kept under :data:`ORDER` (a JSON list of keys, oldest first);
an entry set aside by a release that kept no order counts as older than any other, by its number.
Storage goes through ``window.dvonnSafe`` (game_head.html), which cannot throw.

>>> aside_order(["dvonn.saved-game", "x.unreadable-2", "x.unreadable", "games-by-link.unreadable"],
...             '["x.unreadable-2", "gone.unreadable"]')
['games-by-link.unreadable', 'x.unreadable', 'x.unreadable-2']
"""

import json

from kernel import inputs
from kernel.i18n import ngettext

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import List

#: What the key of an entry set aside ends with (then ``-2`` ... ``-9``: ``saves.GameSaves.aside_key``).
ASIDE = ".unreadable"
#: Where the keys of what was set aside are listed, oldest first.
ORDER = "set-aside.order"
#: The longest list :data:`ORDER` is read from (it names at most a few dozen keys).
MAX_ORDER = 16 * 1024


def is_aside(key):
    """Whether ``key`` holds something set aside.

    >>> is_aside("dvonn.saved-game.unreadable-3"), is_aside("games-by-link.unreadable"), is_aside("dvonn.saved-game")
    (True, True, False)
    """
    at = key.rfind(ASIDE)
    if at <= 0:
        return False
    tail = key[at + len(ASIDE):]
    return tail == "" or (tail[:1] == "-" and tail[1:].isdigit() and len(tail) <= 3)


def _number(key):
    tail = key[key.rfind(ASIDE) + len(ASIDE):]
    return int(tail[1:]) if tail else 1


def _listed(order_text):
    """The keys of the stored :data:`ORDER` text (none if it cannot be read)."""
    if not order_text or len(order_text) > MAX_ORDER:
        return []
    try:
        keys = inputs.loads(order_text, ValueError, "", 2)
    except ValueError:
        return []
    if type(keys) is not list:
        return []
    return [key for key in keys if type(key) is str]


def aside_order(keys, order_text):
    """The keys of ``keys`` that hold something set aside, oldest first (``order_text``: the stored
    :data:`ORDER`): those it does not list first, by name and number, then those it lists, in its order."""
    listed = _listed(order_text)
    found = [key for key in keys if is_aside(key)]
    unlisted = sorted([key for key in found if key not in listed], key=lambda k: (k[:k.rfind(ASIDE)], _number(k)))
    return unlisted + [key for key in listed if key in found]


def noted(order_text, key):
    """The :data:`ORDER` text with ``key`` (set aside just now) as the newest.

    >>> noted('["a.unreadable"]', "b.unreadable"), noted(None, "a.unreadable")
    ('["a.unreadable", "b.unreadable"]', '["a.unreadable"]')
    """
    keys = [k for k in _listed(order_text) if k != key]
    keys.append(key)
    return json.dumps(keys[-100:])


def dropped_notice(dropped):
    """What the player is told when the entries ``dropped`` (keys), set aside earlier, were deleted to
    make room.

    >>> print(dropped_notice(["a.unreadable"]))
    This browser's storage was full: to make room, the data set aside earlier under "a.unreadable" was deleted.
    """
    return ngettext("This browser's storage was full: to make room, the data set aside earlier under %(keys)s "
                    "was deleted.",
                    "This browser's storage was full: to make room, the data set aside earlier under %(keys)s "
                    "were deleted.", len(dropped)) % {"keys": ", ".join('"%s"' % k for k in dropped)}


# -- the browser's storage (MicroPython, on the page) -------------------------------------------------
def _safe():
    from pyscript import window
    return window.dvonnSafe


def size(key):
    """The length of the text under ``key``, -1 if none (the text is not read)."""
    return int(_safe().size(key))


def free_aside(key, first=1):
    """Where to set aside the text under ``key``: the first free of ``<key>.unreadable``, ``-2`` ...
    ``-9`` (from ``-<first>`` on; when all are taken, the last is reused, so the earlier ones are
    never overwritten)."""
    found = key + ASIDE
    for n in range(first, 10):
        found = key + ASIDE if n == 1 else "%s%s-%d" % (key, ASIDE, n)
        if size(found) < 0:
            break
    return found


def keys():
    """Every key of the storage ([] if it cannot be read)."""
    out = []  # type: List[str]
    for key in _safe().storedKeys():
        out.append(str(key))
    return out


def _make_room(attempt):
    """Drop what was set aside, the oldest first, until ``attempt()`` succeeds: (whether it did, the
    keys dropped)."""
    if attempt():
        return True, []
    safe = _safe()
    order = safe.get(ORDER) if size(ORDER) <= MAX_ORDER else None
    dropped = []  # type: List[str]
    for key in aside_order(keys(), None if order is None else str(order)):
        if not safe.remove(key):
            break
        dropped.append(key)
        if attempt():
            return True, dropped
    return False, dropped


def write(key, text):
    """Store ``text`` under ``key``, dropping what was set aside, oldest first, if the storage is full:
    (whether it was stored, the keys dropped)."""
    safe = _safe()
    return _make_room(lambda: bool(safe.set(key, text)))


def set_aside(key, taken_key):
    """Move the text under ``key`` to ``taken_key`` (a free key ending in :data:`ASIDE`), unread (in
    JavaScript: removed first, so that a text filling the storage moves too), making room as
    :func:`write` does if need be (the entries it drops are older ones), and note it as the newest
    set aside: (whether it was moved, the keys dropped).  If it was not, it is still under ``key``."""
    safe = _safe()
    done, dropped = _make_room(lambda: bool(safe.move(key, taken_key)))
    if done:
        order = safe.get(ORDER) if size(ORDER) <= MAX_ORDER else None
        safe.set(ORDER, noted(None if order is None else str(order), taken_key))
    return done, dropped


def note_aside(key):
    """Note ``key``, just written with something set aside, as the newest set aside."""
    safe = _safe()
    order = safe.get(ORDER) if size(ORDER) <= MAX_ORDER else None
    safe.set(ORDER, noted(None if order is None else str(order), key))
