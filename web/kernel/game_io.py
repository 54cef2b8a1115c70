"""A game page's side of saving, sharing, exporting and importing games (storage, clipboard,
files), for every game.

Runs on MicroPython on the main thread, beside ``kernel/page.py``.  What to trust is decided in
the game's ``persist`` module over ``kernel/saves.py`` (no DOM); this module only moves text
between it and the browser.  Every
piece of outside data (tags, file names, error messages quoting the input) reaches the
page through ``textContent``, never as HTML.  Input size is checked on the JavaScript
side (``textLength``, ``File.size``, the fragment's and the clipboard's length) before a
single character is handed to Python.  JavaScript calls that can throw (storage, URL
decoding) go through ``window.dvonnSafe`` (index.html): MicroPython cannot catch a
JavaScript exception.
"""

import asyncio

from pyscript import document, window
from pyscript.ffi import create_proxy

from kernel import deferred, download, inputs, saves, storage
from kernel.i18n import _, ngettext

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict

_page = {}  # type: Dict[str, Any]  # session, persist, after_change... (set by setup)
persist = None  # type: Any  # the game's persist module (set by setup): its GameSaves and record reader


def _el(testid):
    return document.querySelector('[data-testid="%s"]' % testid)


# -- storage ----------------------------------------------------------------------------
def _get(key):
    value = window.dvonnSafe.get(key)
    return None if value is None else str(value)


def tell(text):
    """Add ``text`` to the notice over the board at the next redraw (by :func:`save`, which the
    page calls before it draws the notice): what storage did, said where the player looks."""
    _page.setdefault("told", [])
    if text not in _page["told"]:
        _page["told"].append(text)


def _set(key, text):
    """Store ``text``, dropping what was set aside (oldest first) if the storage is full (the player
    is told); False when it still cannot be stored (storage disabled or full: the page still plays)."""
    stored, dropped = storage.write(key, text)
    if dropped:
        tell(storage.dropped_notice(dropped))
    return stored


def not_saved_notice():
    return _("This game could not be saved: this browser's storage is full or disabled. It stays on the screen, "
             "but a reload would lose it: copy or download its record to keep it.")


def save():
    """Save the game in progress (called at every redraw, before the notice is drawn; review changes
    nothing to save), then add to the notice what the player must be told (:func:`tell`).

    Once another tab has changed the saved game, this tab stops saving until the player
    chooses (see :func:`on_storage`); a save that could not be set aside is not saved over.
    A game that cannot be saved stays on the screen, and the notice says so once for each
    change that could not be saved."""
    session = _page["session"]
    if not (session.ahead or _page["other_tab"] or _page.get("hold")):
        text = persist.dumps(session)
        if text != _page.get("saved"):  # a click that changes nothing saved (a selection) writes nothing
            if _set(persist.KEY, text):
                _page["saved"] = text
            elif text != _page.get("unsaved"):
                _page["unsaved"] = text
                tell(not_saved_notice())
    flush_told()


def flush_told():
    """Add to the session's notice what was told (:func:`tell`) since; whether it changed."""
    told = _page.get("told")
    if not told:
        return False
    _page["told"] = []
    session = _page["session"]
    notice = session.notice
    for text in told:
        if text not in notice:
            notice = (notice + " " + text).strip()
    changed = notice != session.notice
    session.notice = notice
    return changed


def on_storage(event):
    """The ``storage`` event: another tab of this site changed (or cleared) the saved game."""
    if event.key is not None and str(event.key) != persist.KEY:
        return
    _page["other_tab"] = True
    _el("tab-box").hidden = False


def on_load_saved(event):
    """Continue here the game the other tab saved."""
    _page["other_tab"] = False
    _page["saved"] = None  # the storage holds the other tab's text now
    _el("tab-box").hidden = True
    notice = restore_saved()
    session = _page["session"]
    session.notice = notice or _("Continuing the game saved by the other tab.")
    sync_form()
    _page["after_change"]()


def on_keep_this(event):
    """Keep this tab's game: save it over the other tab's."""
    _page["other_tab"] = False
    _el("tab-box").hidden = True
    _page["saved"] = None  # write it even if this tab saved the same text before
    save()
    _page["session"].notice = _("This game is saved (the other tab's game was replaced).")
    _page["redraw"]()


def restore_saved():
    """Continue the saved game, if any.  Returns the notice to show ('' if none).

    A save that cannot be restored is moved, unread, to a free ``ASIDE_KEY`` slot before the
    fresh game is saved, and the notice says why and where it is (``kernel/storage.py``).
    """
    size = int(window.dvonnSafe.size(persist.KEY))
    if size < 0:
        return ""
    try:
        if size > persist.MAX_SAVED:  # not even read: it might not fit MicroPython's heap
            raise persist.SavedGameError(_("it is too large (%s)") % saves.size_text(size))
        persist.restore(_page["session"], _get(persist.KEY))
        return ""
    except persist.SavedGameError as error:
        reason = error
    except Exception as error:  # noqa: BLE001 - anything unexpected in stored data: set it aside too
        reason = _("it could not be replayed (%s)") % error
    key = persist.aside_key(lambda k: storage.size(k) >= 0)
    done, dropped = storage.set_aside(persist.KEY, key)
    if dropped:
        tell(storage.dropped_notice(dropped))
    if not done:
        _page["hold"] = True  # the new game is not saved over it: nothing is lost
        return (_("Your saved game could not be restored (%s) and could not be set aside (this browser's storage is "
                  "full or disabled). It stays in this browser; the new game is not saved over it.")
                % inputs.short(reason).rstrip("."))
    return persist.restored_notice(reason, key)


def sync_form():
    """Show the game's players and bot level in the new-game form."""
    session = _page["session"]
    for side in ("white", "black"):  # a friend playing by link (kernel/by_link.py): a human in the form
        _el(side + "-player").value = "human" if session.players[side] == "remote" else session.players[side]
    _el("level").value = session.level
    field = _el("random-setup")
    if field:  # a game's own option in the form
        field.checked = bool(session.options.get("random_setup"))


def _keep_previous():
    """Before an import or a link replaces the game, keep the current one (if it has moves)."""
    session = _page["session"]
    if session.live_ply() > session.base or session.game.start_position is not None:
        if _set(persist.PREVIOUS_KEY, persist.dumps(session)):
            _page["has_previous"] = True
            return True
    return False


def on_previous(event):
    """Swap the game on the board with the one an import or a link replaced.  A previous game that
    cannot be restored is set aside once, with the reason (under a free ``ASIDE_KEY`` slot, as a save
    that cannot be restored): the button goes, and the game on the board stays."""
    session = _page["session"]
    size = int(window.dvonnSafe.size(persist.PREVIOUS_KEY))
    if size < 0:
        return
    current = persist.dumps(session)
    try:
        if size > persist.MAX_SAVED:  # not even read: it might not fit MicroPython's heap
            raise persist.SavedGameError(_("it is too large (%s)") % saves.size_text(size))
        persist.restore(session, _get(persist.PREVIOUS_KEY))
    except Exception as error:  # noqa: BLE001 - anything in stored data: said, set aside, and the game stays
        reason = error if isinstance(error, persist.SavedGameError) else _("it could not be replayed (%s)") % error
        key = persist.aside_key(lambda k: storage.size(k) >= 0)
        done, dropped = storage.set_aside(persist.PREVIOUS_KEY, key)
        if dropped:
            tell(storage.dropped_notice(dropped))
        if done:
            _page["has_previous"] = False
            session.notice = (_("The previous game could not be restored: %s. Its data is kept in this browser "
                                "under \"%s\"; your game stays on the board.")
                              % (inputs.short(reason).rstrip("."), key))
        else:
            session.notice = _("The previous game could not be restored: %s.") % inputs.short(reason).rstrip(".")
    else:
        if _set(persist.PREVIOUS_KEY, current):
            session.notice = _("Back to the previous game (the other one is kept: press again to return).")
        else:  # the game on the board would be lost: it stays
            persist.restore(session, current)
            session.notice = _("The previous game was not opened: this browser's storage is full or disabled, so "
                               "the game on the board could not be kept in its place. Your game stays on the board.")
        sync_form()
    _page["after_change"]()


def draw():
    """Show what is not the board: the record's tags (as text) and the previous-game button."""
    info = _el("game-info")
    while info.firstChild:
        info.removeChild(info.firstChild)
    for label, value in persist.game_info(_page["session"].game.tags):
        item = document.createElement("span")
        name = document.createElement("b")
        name.textContent = label + ": "
        item.appendChild(name)
        item.appendChild(document.createTextNode(value))
        info.appendChild(item)
    info.hidden = not info.firstChild
    _el("previous-game").hidden = not _page["has_previous"]


# -- links -------------------------------------------------------------------------------
def page_address():
    """This page's address without its query or ``#...`` (which may be huge)."""
    return str(window.location.origin) + str(window.location.pathname)


def clear_fragment():
    """Drop the ``#...`` part so a reload continues the saved game rather than the link."""
    window.history.replaceState(None, "", page_address())


def _decode(value):
    text = window.dvonnSafe.decode(value)
    if text is None:
        raise persist.InputError(_("the link is damaged (a %%-escape in it is not valid)") % ())
    return str(text)


def open_link():
    """Open a ``#record=`` / ``#position=`` link.  Returns True if the game on the board changed.

    A bad link leaves the game as it was, with a notice naming the problem.
    """
    session = _page["session"]
    start = str(window.dvonnSafe.hashStart(12))
    what = _("the record in the link") if start[:8] == "#record=" else _("the position in the link")
    text = None
    try:
        # Kind and size first: the fragment itself is only read once it is known to be small.
        if persist.link_kind(start, int(window.dvonnSafe.hashLength())) is None:
            return False
        kind, value = persist.parse_fragment(str(window.location.hash))
        ply = None
        if kind == "record":
            value, ply = saves.record_ply(value)
        text = _decode(value)
        if kind == "record" and not text.strip():  # the empty game's share link, as the site wrote it before
            game = persist.SAVES.start(None)
        else:
            game = (persist.read_record(text, _("the link's record")) if kind == "record"
                    else persist.read_position(text))
    except Exception as error:  # noqa: BLE001 - whatever the address, the page starts and says why
        clear_fragment()
        session.notice = persist.problem(error, what, text)
        # Measured by the tests: when the refusal was shown (performance.now()).
        document.body.dataset.rejectedAt = str(window.performance.now())
        return False
    clear_fragment()
    kept = _keep_previous()
    session.adopt(game, level=_el("level").value, review=kind == "record")
    if ply is not None:
        session.review_to(ply)  # (clamped to the game's moves)
    moves = len(game.moves)
    session.notice = (ngettext("Opened the game in the link (%d move).", "Opened the game in the link (%d moves).",
                               moves) % moves
                      if kind == "record" else _("Started from the position in the link."))
    if kept:
        session.notice += " " + _("Your previous game is kept: see \"Back to the previous game\".")
    return True


def on_share(event):
    """"Share link": the page's address with ``#record=<the record>``, copied and shown in a box."""
    session = _page["session"]
    record = persist.share_text(session.live_game().record())
    url = page_address() + "#record=" + str(window.encodeURIComponent(record))
    copied = _show_and_copy(url)
    session.notice = (_("Link copied: it opens this game.") if copied
                      else _("Copy the link from the box under the board: it opens this game."))
    _page["redraw"]()


def copy_box(box):
    """Copy the text of ``box`` (a text field); whether the browser copied it.  If it did not, the
    box's text is selected, for the player to copy."""
    if bool(window.dvonnSafe.clip(box.value)):
        return True
    box.focus()
    box.select()
    return False


def _show_and_copy(text):
    box = _el("share-box")
    box.value = text
    box.hidden = False
    return copy_box(box)


# -- export ---------------------------------------------------------------------------------
def on_copy_record(event):
    session = _page["session"]
    copied = _show_and_copy(session.live_game().record())
    session.notice = (_("Record copied to the clipboard.") if copied
                      else _("Copy the record from the box under the board."))
    _page["redraw"]()


def on_download(event):
    """Download the record as a text file."""
    download.download_text(_page["session"].live_game().record(), persist.SAVES.game + "-game.txt")


# -- import ------------------------------------------------------------------------------------
def _import_failed(message):
    error = _el("import-error")
    error.textContent = message
    error.hidden = False
    session = _page["session"]
    session.notice = message
    _page["redraw"]()
    # Measured by the tests: when the refusal was shown (performance.now()).
    document.body.dataset.rejectedAt = str(window.performance.now())


def _import_game(game, what):
    kept = _keep_previous()
    session = _page["session"]
    session.adopt(game, level=_el("level").value, review=True)
    sync_form()
    _el("import-dialog").close()
    moves = len(game.moves)
    session.notice = ngettext("Opened %(what)s (%(count)d move).", "Opened %(what)s (%(count)d moves).",
                              moves) % {'what': what, 'count': moves}
    if kept:
        session.notice += " " + _("Your previous game is kept: see \"Back to the previous game\".")
    _page["after_change"]()


def on_open_import(event):
    _el("import-error").hidden = True
    _el("import-dialog").showModal()


def on_close_import(event):
    _el("import-dialog").close()


def on_paste(event):
    """Refuse an oversized paste before it reaches the box (laying out 10 MB of text takes seconds)."""
    try:
        persist.check_size(int(window.dvonnSafe.pasteLength(event)), _("the pasted text"))
    except persist.InputError as error:
        event.preventDefault()
        _import_failed(persist.problem(error, _("the pasted record")))


def on_import_paste(event):
    area = _el("import-text")
    what = _("the pasted record")
    try:
        persist.check_size(int(area.textLength), _("the pasted text"))
        game = persist.read_import(str(area.value), what)
    except ValueError as error:
        if isinstance(error, persist.InputError):
            area.value = ""  # before anything lays the page out again
            _import_failed(persist.problem(error, what))
        else:
            _import_failed(persist.problem(error, what, str(area.value)))
        return
    area.value = ""
    _import_game(game, what)


def on_import_file(event):
    asyncio.create_task(_import_file())


async def _import_file():
    field = _el("import-file")
    files = field.files
    if not files or not files.length:
        return
    file = files.item(0)
    data = None
    what = _("the file \u201c%s\u201d") % str(file.name)[:200]
    try:
        persist.check_size(int(file.size), what)
        buffer = await file.arrayBuffer()
        data = bytes(window.Uint8Array.new(buffer))
        game = persist.read_import(data, what)
    except ValueError as error:
        _import_failed(persist.problem(error, what, persist.text_of(data) if data else None))
        return
    finally:
        field.value = ""  # choosing the same file again fires "change" again
    _import_game(game, what)


def setup(session, game_persist, redraw, after_change):
    """Wire the controls for ``session`` and the game's ``persist`` module; ``after_change``
    redraws, saves and lets the bot move."""
    global persist
    persist = game_persist
    _page["session"] = session
    _page["redraw"] = redraw
    _page["after_change"] = after_change
    _page["has_previous"] = int(window.dvonnSafe.size(persist.PREVIOUS_KEY)) >= 0  # not read until asked for
    _page["other_tab"] = False
    window.onstorage = create_proxy(on_storage)  # (window.addEventListener: "Illegal invocation" here)
    for testid, handler, kind in (("share", on_share, "click"), ("copy-record", on_copy_record, "click"),
                                  ("download", on_download, "click"), ("import", on_open_import, "click"),
                                  ("import-paste", on_import_paste, "click"),
                                  ("import-cancel", on_close_import, "click"),
                                  ("import-file", on_import_file, "change"),
                                  ("import-text", on_paste, "paste"),
                                  ("previous-game", on_previous, "click"),
                                  ("load-saved", on_load_saved, "click"), ("keep-this", on_keep_this, "click")):
        deferred.listen_to(testid, kind, handler)  # once the page is ready, or at the first input
