"""The Diamonds & Pivots page: draws the session into the DOM and turns events into calls.

Runs on MicroPython on the main thread.  All game state lives in ``session.Session``;
what to trust in a save, a link or a pasted record is decided in ``persist``.  The bot
runs in the shared Pyodide worker (``bot_worker.diamonds_move``), started once the board
accepts input; a position string goes in and a move text comes out.
"""

import asyncio

from kernel import dom_list
from kernel import download
from diamonds import persist
from diamonds import render
from pyscript import create_named_worker, document, window
from pyscript.ffi import create_proxy
from diamonds.session import Session

S = Session()
body = document.body
board = document.getElementById("board")
drawn = {"key": board.getAttribute("data-drawn")}  # render.board_key of what the board shows
EL = {}
for _name in ("status", "notice", "history", "undo", "redo", "flip", "pass", "swap", "confirm", "new-game",
              "bot-status", "score", "score-black", "score-white", "turn-black", "turn-white", "white-player",
              "black-player", "level", "share", "copy-record", "download", "import", "share-box", "import-dialog",
              "import-text", "import-error", "import-paste", "import-cancel", "import-file", "previous-game",
              "tab-box", "load-saved", "keep-this"):
    EL[_name] = document.querySelector('[data-testid="%s"]' % _name)

bot = None  # the worker, once loaded
state = {"bot": "loading", "other_tab": False}


# -- drawing ------------------------------------------------------------------------
def redraw():
    view = (S.stones(), S.marks(), S.flipped, S.focus, S.diamonds(), S.chosen_diamond())
    key = render.board_key(*view)
    if key != drawn["key"]:  # the board changed
        draw_board(*view)
        drawn["key"] = key
    elif "cells" not in drawn:  # the board build.py drew, showing this game: keep it
        record_board(*view)
    EL["status"].textContent = S.status()
    black, white = S.score()
    EL["score-black"].textContent = str(black)
    EL["score-white"].textContent = str(white)
    EL["score"].setAttribute("aria-label", "Score: Black %d, White %d" % (black, white))
    to_move = "" if S.over() else S.game.to_move
    EL["turn-black"].classList.toggle("on", to_move == "black")
    EL["turn-white"].classList.toggle("on", to_move == "white")
    EL["notice"].textContent = S.notice
    EL["notice"].hidden = not S.notice
    draw_history()
    human = S.human_to_move()
    EL["undo"].disabled = not S.can_undo()
    EL["redo"].disabled = not S.can_redo()
    EL["pass"].disabled = not human or S.in_turn()
    EL["swap"].hidden = not (human and S.game.can_swap and not S.in_turn())
    EL["confirm"].hidden = S.picked() is None
    body.classList.toggle("game-over", S.over())
    body.dataset.phase = S.game.phase
    body.dataset.toMove = to_move
    body.dataset.flipped = "true" if S.flipped else "false"
    body.dataset.position = S.game.position()
    body.dataset.turn = str(S.turn.move()) if S.in_turn() else ""
    draw_bot_status()
    save()


def cell_state(stones, marks, focus, cell):
    """What one cell shows: its stone, its marks and whether it is in the tab order."""
    return stones.get(cell, ""), marks.get(cell), cell == focus


def record_board(stones, marks, flipped, focus, diamonds, chosen):
    """Note in ``drawn`` that the whole board shows these arguments of ``render.board_svg``."""
    drawn["flipped"] = flipped
    drawn["cells"] = {cell: cell_state(stones, marks, focus, cell) for cell in render.CELLS}
    drawn["outlines"] = (diamonds, chosen)


def draw_board(stones, marks, flipped, focus, diamonds, chosen):
    """Only the cells that changed, and the outlines if they did: a keyed diff against
    ``drawn``, what the board shows (issue 12: the whole board cost 5-20 ms a click).  The whole
    board the first time and when it flips; the result is the DOM a full redraw gives."""
    cells = drawn.get("cells")
    changed = []
    stoned = 0  # cells whose stone changed
    if cells is not None:
        for cell in render.CELLS:
            now = cell_state(stones, marks, focus, cell)
            if cells[cell] != now:
                changed.append((cell, now))
                stoned += cells[cell][0] != now[0]
    # One innerHTML is quicker past a dozen new stones (an undo of several turns) or thirty
    # cells (a turn begins or ends: every empty cell gets or loses its mark).
    if cells is None or drawn.get("flipped") != flipped or stoned > 12 or len(changed) > 30:
        board.innerHTML = render.board_svg(stones, marks, flipped, focus, diamonds, chosen)
        record_board(stones, marks, flipped, focus, diamonds, chosen)
        return
    for cell, now in changed:
        was, cells[cell] = cells[cell], now
        el = board.querySelector('[data-cell="%s"]' % cell)
        if was[0] == now[0]:
            # Only its marks or its focus changed (a pivot chosen, its targets, a line
            # previewed): its attributes, where new markup would be parsed (issue 12).
            el.setAttribute("class", render.cell_class(now[0], now[1]))
            el.setAttribute("aria-label", render.announce(cell, now[0], now[1] or ""))
            if was[2] != now[2]:
                el.setAttribute("tabindex", "0" if now[2] else "-1")
        else:
            el.outerHTML = render.cell_svg(cell, now[0], now[1], now[2], flipped)
    if drawn["outlines"] != (diamonds, chosen):
        drawn["outlines"] = (diamonds, chosen)
        for el in board.querySelectorAll("polygon.diamond"):
            el.remove()
        scene = board.firstElementChild  # render.SCENE, where board_svg draws the outlines too
        scene.insertAdjacentHTML("beforeend", render.outlines_svg(diamonds, chosen, flipped))


def draw_history():
    items = []
    for number, colour, text in S.history():
        items.append('<li class="mv-%s"><span class="n">%d.</span> <span class="mv">%s</span></li>'
                     % (colour, number, text))
    dom_list.update_list(EL["history"], history_items, items)  # a move adds one item
    if not idle["scroll"]:
        idle["scroll"] = True
        window.requestAnimationFrame(_scroll_proxy)


def scroll_history(timestamp=None):
    """Scroll the move list to its end in the next frame: reading its layout inside a click
    made the browser lay out the page there and then (5-18 ms a click, issue 12)."""
    idle["scroll"] = False
    EL["history"].scrollTop = EL["history"].scrollHeight


_scroll_proxy = create_proxy(scroll_history)
idle = {"scroll": False}
history_items = []  # the move list's <li> items on screen


def draw_bot_status():
    if not S.has_bot():
        text = ""
    elif state["bot"] == "loading":
        text = "Bot: loading…"
    elif state["bot"] == "failed":
        text = "Bot: could not load."
    elif S.bot_to_move():
        text = "Bot: thinking…"
    else:
        text = "Bot: ready."
    EL["bot-status"].textContent = text
    body.dataset.bot = state["bot"]


def refocus():
    cell = board.querySelector('[data-cell="%s"]' % S.focus)
    if cell:
        cell.focus()


def notify(text):
    S.notice = text
    EL["notice"].textContent = text
    EL["notice"].hidden = not text


# -- storage and links ----------------------------------------------------------------
def save():
    """Save the game after every change; not once another tab has changed the saved game
    (until the player chooses, see :func:`on_storage`)."""
    if not state["other_tab"]:
        window.dvonnSafe.set(persist.KEY, persist.dumps(S))


def on_storage(event):
    """The ``storage`` event: another tab of this site changed (or cleared) the saved game."""
    if event.key is not None and str(event.key) != persist.KEY:
        return
    state["other_tab"] = True
    EL["tab-box"].hidden = False


def on_load_saved(event):
    """Continue here the game the other tab saved."""
    state["other_tab"] = False
    EL["tab-box"].hidden = True
    notice = restore_saved()
    S.notice = notice or "Continuing the game saved by the other tab."
    sync_form()
    after_change()


def on_keep_this(event):
    """Keep this tab's game: save it over the other tab's."""
    state["other_tab"] = False
    EL["tab-box"].hidden = True
    S.notice = "This game is saved (the other tab's game was replaced)."
    redraw()


def restore_saved():
    """Continue the saved game; a save that cannot be restored is kept aside, never lost."""
    text = window.dvonnSafe.get(persist.KEY)
    if text is None:
        return ""
    text = str(text)
    try:
        persist.restore(S, text)
    except persist.SavedGameError as error:
        key = persist.aside_key(lambda k: window.dvonnSafe.get(k) is not None)
        window.dvonnSafe.set(key, text)
        return persist.restored_notice(error, key)
    return ""


def keep_previous():
    """Before a link or an import replaces the game on screen: keep it for "Back to the previous game"."""
    if S.game.moves or S.game.start_position:
        if window.dvonnSafe.set(persist.PREVIOUS_KEY, persist.dumps(S)):
            EL["previous-game"].hidden = False


def on_previous(event):
    """Swap the game on screen with the one a link or an import replaced."""
    text = window.dvonnSafe.get(persist.PREVIOUS_KEY)
    if text is None:
        EL["previous-game"].hidden = True
        return
    current = persist.dumps(S)
    try:
        persist.restore(S, str(text))
    except persist.SavedGameError as error:
        notify("The previous game cannot be restored: %s." % str(error).rstrip("."))
        return
    window.dvonnSafe.set(persist.PREVIOUS_KEY, current)
    S.notice = "Back to the previous game (the other one is kept: press the button again to return to it)."
    sync_form()
    after_change()


def open_link():
    """A ``#record=`` or ``#position=`` link: open it (a bad one is named, the game stays)."""
    length = int(window.dvonnSafe.hashLength())
    found = persist.parse_fragment(str(window.dvonnSafe.hashStart(12)))
    if found is None:
        return False
    kind = found[0]
    raw = None
    try:
        persist.check_size(length, "the link")
        raw = str(window.dvonnSafe.hashStart(length))[len(kind) + 2:]
    except ValueError as error:
        S.notice = "This link cannot be opened: %s." % error
    finally:
        # Drop the #... part, so that a reload continues the saved game rather than the link.
        window.history.replaceState(None, "", str(window.location.origin) + str(window.location.pathname))
    if raw is None:
        return False
    text = window.dvonnSafe.decode(raw)
    if text is None:
        S.notice = "This link cannot be opened: it is not properly encoded."
        return False
    try:
        game = persist.read_record(str(text), "the link's record") if kind == "record" else persist.read_position(str(text))
    except ValueError as error:
        S.notice = "This link cannot be opened: %s." % str(error).rstrip(".")
        return False
    keep_previous()
    S.adopt(game, {"white": "human", "black": "human"})
    S.notice = "Opened the %s from the link (both sides played here)." % ("game" if kind == "record" else "position")
    sync_form()
    return True


def sync_form():
    EL["white-player"].value = S.players["white"]
    EL["black-player"].value = S.players["black"]
    EL["level"].value = S.level


def show_box(text):
    box = EL["share-box"]
    box.value = text
    box.hidden = False
    box.select()
    return bool(document.execCommand("copy"))


def on_share(event):
    page = str(window.location.href).split("#")[0]
    if S.game.moves:
        link = page + "#record=" + str(window.encodeURIComponent(S.game.record()))
    else:
        link = page + "#position=" + S.game.position()
    copied = show_box(link)
    notify("Link copied: it opens this game." if copied else "Copy the link from the box below the record buttons.")


def on_copy_record(event):
    copied = show_box(S.game.record())
    notify("Record copied." if copied else "Copy the record from the box below the record buttons.")


def on_download(event):
    download.download_text(S.game.record(), "diamonds-game.txt")


def on_import(event):
    EL["import-error"].hidden = True
    EL["import-text"].value = ""
    EL["import-dialog"].showModal()


def import_failed(error):
    EL["import-error"].textContent = "Not imported: %s." % str(error).rstrip(".")
    EL["import-error"].hidden = False


def read_text(text, what):
    """A game from a pasted or loaded text: a position string, else a record."""
    stripped = text.strip()
    if " " not in stripped and "-" in stripped and "." in stripped:
        return persist.read_position(stripped)
    return persist.read_record(text, what)


def on_import_paste(event):
    area = EL["import-text"]
    try:
        persist.check_size(int(area.textLength), "the pasted text")  # before the text reaches Python
        game = read_text(str(area.value), "the pasted record")
    except ValueError as error:
        import_failed(error)
        return
    import_game(game)


def on_import_file(event):
    asyncio.create_task(import_file())


async def import_file():
    field = EL["import-file"]
    files = field.files
    if not files or not files.length:
        return
    file = files.item(0)
    what = "the file \u201c%s\u201d" % str(file.name)[:200]
    try:
        persist.check_size(int(file.size), what)
        buffer = await file.arrayBuffer()
        game = read_text(persist.text_of(bytes(window.Uint8Array.new(buffer)), what), what)
    except ValueError as error:
        import_failed(error)
        return
    finally:
        field.value = ""  # choosing the same file again fires "change" again
    import_game(game)


def import_game(game):
    EL["import-dialog"].close()
    keep_previous()
    S.adopt(game, {"white": "human", "black": "human"})
    S.notice = "Imported: %d move%s (both sides played here)." % (len(game.moves), "" if len(game.moves) == 1 else "s")
    sync_form()
    after_change()


def on_import_cancel(event):
    EL["import-dialog"].close()


# -- events -------------------------------------------------------------------------
def cell_of(event):
    target = event.target
    el = target.closest("[data-cell]") if target and target.closest else None
    return el.getAttribute("data-cell") if el else None


def on_click(event):
    cell = cell_of(event)
    if cell is None:
        return
    S.focus = cell
    act(cell)


def act(cell):
    try:
        changed = S.activate(cell)
    except ValueError as error:  # never expected: the session only offers legal steps
        S.notice = "That step is not possible: %s" % error
        changed = True
    if changed:
        after_change()


def on_keydown(event):
    cell = cell_of(event)
    if cell is None:
        return
    key = event.key
    if key in ("Enter", " "):
        event.preventDefault()
        S.focus = cell
        act(cell)
        refocus()
        return
    if key == "Escape":
        if S.deselect():
            redraw()
            refocus()
        return
    c = render.next_cell(cell, key, S.flipped)
    if c is None:
        return
    event.preventDefault()
    for el in board.querySelectorAll('[tabindex="0"]'):
        el.setAttribute("tabindex", "-1")
    target = board.querySelector('[data-cell="%s"]' % c)
    target.setAttribute("tabindex", "0")
    target.focus()
    S.focus = c


def on_undo(event):
    if S.undo():
        after_change()


def on_redo(event):
    if S.redo():
        after_change()


def on_pass(event):
    if S.pass_turn():
        after_change()


def on_swap(event):
    if S.swap():
        after_change()


def on_confirm(event):
    if S.confirm():
        after_change()


def on_flip(event):
    S.flip()
    redraw()


def on_new_game(event):
    seed = int(window.Math.floor(window.Math.random() * 1000000)) + 1
    S.new_game(white=EL["white-player"].value, black=EL["black-player"].value, level=EL["level"].value, seed=seed)
    after_change()


def on_hashchange(event):
    notice = S.notice
    if open_link() or S.notice != notice:
        after_change()


def after_change():
    redraw()
    if S.bot_to_move():
        asyncio.create_task(bot_turn())


# -- the bot ------------------------------------------------------------------------
async def bot_turn():
    if bot is None or state["bot"] == "busy":
        return  # start_bot() calls back once the worker is ready
    while S.bot_to_move():
        generation = S.generation
        position, level, seed = S.bot_request()
        state["bot"] = "busy"
        draw_bot_status()
        try:
            text = await bot.diamonds_move(position, level, seed)
        finally:
            state["bot"] = "ready"
        if generation != S.generation:
            continue
        mover = S.game.to_move
        if not S.bot_move(str(text), generation):
            S.notice = "The bot suggested an illegal move (%s)." % text
            redraw()
            return
        if str(text) in ("pass", "swap") and generation + 1 == S.generation:
            S.notice = ("%s (bot) passed." % render.capital(mover) if str(text) == "pass" else
                        "The bot swapped sides (the pie rule): you now play White and move next; the bot plays Black.")
        redraw()
    draw_bot_status()


async def start_bot():
    global bot
    try:
        bot = await create_named_worker(src=body.dataset.botSrc, name="bot", config=body.dataset.botConfig)
        await bot.ping()
        state["bot"] = "ready"
    except Exception as error:  # noqa: BLE001 - shown to the player, hotseat stays playable
        state["bot"] = "failed"
        S.notice = "The bot could not start: %s" % error
        redraw()
        return
    finally:
        window.dvonnRegisterServiceWorker()
    draw_bot_status()
    if S.bot_to_move():
        await bot_turn()


def main():
    board.addEventListener("click", create_proxy(on_click))
    board.addEventListener("keydown", create_proxy(on_keydown))
    for name, handler in (("undo", on_undo), ("redo", on_redo), ("pass", on_pass), ("swap", on_swap),
                          ("confirm", on_confirm), ("flip", on_flip), ("new-game", on_new_game),
                          ("share", on_share), ("copy-record", on_copy_record), ("download", on_download),
                          ("import", on_import),
                          ("import-paste", on_import_paste), ("import-cancel", on_import_cancel),
                          ("previous-game", on_previous), ("load-saved", on_load_saved),
                          ("keep-this", on_keep_this)):
        EL[name].addEventListener("click", create_proxy(handler))
    EL["import-file"].addEventListener("change", create_proxy(on_import_file))
    EL["previous-game"].hidden = window.dvonnSafe.get(persist.PREVIOUS_KEY) is None
    window.onhashchange = create_proxy(on_hashchange)
    window.onstorage = create_proxy(on_storage)
    document.querySelector("form.new-game").addEventListener("submit", create_proxy(lambda e: e.preventDefault()))
    S.new_game(white=EL["white-player"].value, black=EL["black-player"].value, level=EL["level"].value)
    restored = restore_saved()
    open_link()
    if restored:
        S.notice = (restored + " " + S.notice).strip()
    sync_form()
    redraw()
    body.dataset.ready = "true"
    asyncio.create_task(start_bot())


main()
