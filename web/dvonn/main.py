"""The page: draws the session into the DOM and turns events into session calls.

Runs on MicroPython on the main thread.  All game state lives in ``session.Session``;
this module only reads the new-game form's settings from the DOM.  The bot runs in a
Pyodide worker, started once the board accepts input; positions go in and move texts
come out as plain strings.
"""

import asyncio

from dvonn import board_dom
from kernel import dom_list, lazy
from dvonn import game_io
from dvonn import render
from pyscript import create_named_worker, document, window
from pyscript.ffi import create_proxy
from dvonn.session import Session

S = Session()
body = document.body
board = document.getElementById("board")
EL = {}
for _name in ("status", "score", "history", "notice", "undo", "redo", "flip", "new-game",
              "bot-status", "reserve-white", "reserve-black", "score-white", "score-black",
              "white-player", "black-player", "level", "random-setup", "turn-white", "turn-black",
              "review-start", "review-back", "review-forward", "review-end", "back-to-game",
              "review-counter", "branch-box", "hint", "analyse", "analysis-progress", "analysis-graph",
              "analysis-note", "analysis-summary"):
    EL[_name] = document.querySelector('[data-testid="%s"]' % _name)

HINT_SECONDS = 1.0  # the hard bot's budget for a hint
#: Narrow portrait screens (phones) get the board a quarter turn round, so cells stay >= 44 CSS px.
TURN_QUERY = "(max-width: 34rem) and (orientation: portrait)"
view = {"turned": False}
history_items = []  # the move list's <li> items on screen
drawn = {}  # what the board shows, cell by cell (board_dom.draw_board redraws what changed)
bot = None  # the worker, once loaded
# The game analysis: the module (fetched on first use), the result, and whether it runs.
analysis = {"module": None, "result": None, "running": False, "verdicts": {}}
bot_state = "loading"
last_pointer = {"type": "mouse"}


# -- drawing ------------------------------------------------------------------------
written = {}  # (element, property) -> the value last written: a write that changes nothing is skipped


def put(name, prop, value):
    """``EL[name].prop = value`` ("data": body's dataset; "score": an attribute), unless the
    element already has that value: each call into the DOM costs MicroPython time (issue 12).
    Every write of these properties goes through here, so the record stays true."""
    key = (name, prop)
    if written.get(key, put) == value:
        return
    written[key] = value
    if name == "data":
        setattr(body.dataset, prop, value)
    elif name == "score":
        EL[name].setAttribute(prop, value)
    else:
        setattr(EL[name], prop, value)


def toggle(name, cls, on):
    """``classList.toggle(cls, on)`` of ``EL[name]`` (or body), skipped when nothing changes."""
    key = (name, cls)
    on = bool(on)
    if written.get(key) is on:
        return
    written[key] = on
    (body if name == "body" else EL[name]).classList.toggle(cls, on)


def redraw():
    turned = view["turned"]
    overlay = ""
    if S.vanishing:
        overlay = render.vanish_svg(S.vanishing, S.flipped, turned)
        S.vanishing = {}
    if drawn.get("view") != (S.flipped, turned):
        board.setAttribute("viewBox", render.viewbox(turned))
    board_dom.draw_board(board, drawn, S.stacks(), S.marks(), S.focus, S.flipped, turned, overlay)
    put("status", "textContent", S.status())
    white, black = S.score()
    put("score-white", "textContent", str(white))
    put("score-black", "textContent", str(black))
    put("score", "aria-label", "Score: White %d, Black %d" % (white, black))
    to_move = "" if S.over() else S.game.to_move
    toggle("turn-white", "on", to_move == "white")
    toggle("turn-black", "on", to_move == "black")
    reserves = S.reserves()
    for colour in ("white", "black"):
        dvonn, own = reserves[colour]
        text = ""
        if dvonn or own:
            text = "%d to place" % own
            if dvonn:
                text += " + %d DVONN" % dvonn
        put("reserve-" + colour, "textContent", text)
    put("notice", "textContent", S.notice)
    put("notice", "hidden", not S.notice)
    draw_history()
    put("undo", "disabled", not S.can_undo())
    put("redo", "disabled", not S.can_redo())
    toggle("body", "game-over", S.over())
    put("data", "phase", S.game.phase)
    put("data", "toMove", to_move)
    put("data", "position", S.game.position())
    draw_review()
    draw_analysis()
    draw_bot_status()
    game_io.draw()
    game_io.save()


def draw_history():
    items = []
    shown = S.ply()
    verdicts = analysis["verdicts"]
    for number, colour, text in S.history():
        current = number == shown
        kind = verdicts.get(number)  # drawn by CSS after the move: ? a mistake, ?? a blunder
        items.append('<li class="mv-%s%s%s"><span class="n">%d.</span> <button type="button" class="mv" '
                     'data-ply="%d" tabindex="%d"%s%s>%s</button></li>'
                     % (colour, " cur" if current else "", (" " + kind) if kind else "", number, number,
                        0 if current else -1, ' aria-current="step"' if current else "",
                        (' aria-label="%s, a %s" title="a %s"' % (text, kind, kind)) if kind else "", text))
    if S.random_setup:
        items.insert(0, '<li class="setup">Random setup (seed %d)</li>' % S.seed)
    dom_list.update_list(EL["history"], history_items, items)
    if not idle["scroll"]:
        idle["scroll"] = True
        window.requestAnimationFrame(_scroll_proxy)


def scroll_history(timestamp=None):
    """Scroll the move list to the move shown, in the next frame: reading the list's layout
    inside a click would make the browser lay out the page there and then (issue 12)."""
    idle["scroll"] = False
    cur = EL["history"].querySelector(".cur") if S.reviewing else None
    if cur:
        EL["history"].scrollTop = cur.offsetTop - EL["history"].offsetTop - 40
    else:
        EL["history"].scrollTop = EL["history"].scrollHeight


_scroll_proxy = create_proxy(scroll_history)
idle = {"scroll": False}


def draw_review():
    """The review bar: where the board is in the game, and the way back to the live position."""
    shown, live = S.ply(), S.live_ply()
    if S.reviewing:
        text = "Review: " + ("the start" if shown == S.base else "move %d of %d" % (shown, live))
    else:
        text = "Move %d" % shown if shown else ""
    put("review-counter", "textContent", text)
    put("review-start", "disabled", shown <= S.base)
    put("review-back", "disabled", shown <= S.base)
    put("review-forward", "disabled", shown >= live)
    put("review-end", "disabled", shown >= live)
    put("back-to-game", "hidden", not S.reviewing)
    put("branch-box", "hidden", S.pending is None)
    put("data", "review", "true" if S.reviewing else "false")
    put("data", "ply", str(shown))
    toggle("body", "reviewing", S.reviewing)


def draw_bot_status():
    if not S.has_bot():
        text = "" if bot_state == "ready" else "Bot: loading in the background…"
    elif bot_state == "loading":
        text = "Bot: loading…"
    elif bot_state == "failed":
        text = "Bot: could not load."
    elif S.bot_to_move():
        text = "Bot: thinking…"
    else:
        text = "Bot: ready."
    put("bot-status", "textContent", text)
    put("data", "bot", bot_state)
    put("hint", "disabled", not (S.human_to_move() and bot is not None and bot_state != "failed"))
    put("analyse", "disabled", bot is None or analysis["running"] or S.live_ply() <= S.base)


def refocus():
    cell = board_dom.cell_element(board, S.focus)
    if cell:
        cell.focus()


def apply_preview():
    """Hover preview without a full redraw: mark the cells the move would remove."""
    board_dom.show_preview(board, S.preview, S.doomed())
    put("status", "textContent", S.status())


# -- events -------------------------------------------------------------------------
cell_of = board_dom.cell_of


def on_pointerdown(event):
    last_pointer["type"] = event.pointerType or "mouse"


def on_click(event):
    cell = cell_of(event)
    if cell is None:
        return
    S.focus = cell
    if S.activate(cell, confirmed=last_pointer["type"] == "mouse"):
        after_change()


def on_hover(event):
    if last_pointer["type"] != "mouse" and event.type != "mouseover":
        return
    if S.hover(cell_of(event)):
        apply_preview()


def on_keydown(event):
    cell = cell_of(event)
    if cell is None:
        return
    key = event.key
    if key in ("Enter", " "):
        event.preventDefault()
        S.focus = cell
        if S.activate(cell, confirmed=False):
            after_change()
            refocus()
        return
    if key == "Escape":
        S.deselect()
        redraw()
        refocus()
        return
    if key not in render.KEY_STEPS:
        return
    event.preventDefault()
    c = board_dom.move_focus(board, cell, key, S.flipped, view["turned"])
    if c is not None:
        S.focus = c


def on_review(step):
    def handler(event):
        if step == "start":
            changed = S.review_to(S.base)
        elif step == "end":
            changed = S.review_to(S.live_ply())
        else:
            changed = S.review_step(step)
        if changed:
            redraw()
    return handler


def on_history_click(event):
    target = event.target
    item = target.closest("[data-ply]") if target and target.closest else None
    if item and S.review_to(int(item.getAttribute("data-ply"))):
        redraw()
        button = EL["history"].querySelector(".cur button")
        if button:
            button.focus()


def on_back_to_game(event):
    if S.leave_review():
        after_change()


def on_branch_confirm(event):
    if S.confirm_branch():
        after_change()


def on_branch_cancel(event):
    if S.cancel_branch():
        redraw()


def on_page_key(event):
    """Left/Right anywhere but on the board and in form fields: step through the game."""
    target = event.target
    if target and target.closest and target.closest("[data-cell], input, select, textarea, dialog"):
        return
    if event.altKey or event.ctrlKey or event.metaKey:
        return
    key = event.key
    if key == "ArrowLeft":
        changed = S.review_step(-1)
    elif key == "ArrowRight" and S.reviewing:
        changed = S.review_step(1)
    else:
        return
    event.preventDefault()
    if changed:
        redraw()


def on_hint(event):
    asyncio.create_task(ask_hint())


async def ask_hint():
    """Ask the worker for the hard bot's move here; mark it on the board unless the position changed."""
    if bot is None or not S.human_to_move():
        return
    position = S.game.position()
    put("hint", "disabled", True)
    EL["hint"].setAttribute("aria-busy", "true")
    S.notice = "Hint: the bot is thinking…"
    put("notice", "textContent", S.notice)
    put("notice", "hidden", False)
    try:
        answer = str(await bot.think(position, "hard", S.seed, HINT_SECONDS))
    finally:
        EL["hint"].removeAttribute("aria-busy")
    if S.game.position() != position:
        return  # the game moved on while the bot thought: that hint is stale
    S.hint = answer.split()[0]
    S.hint_position = position
    S.note_hint()
    S.notice = "Hint: the bot would play %s (marked on the board)." % S.hint
    redraw()


# -- game analysis ------------------------------------------------------------------
def line_key():
    """Names the live line of moves: an analysis belongs to the line it scored."""
    return "%d %s" % (S.base, " ".join(h[2] for h in S.history()))


def draw_analysis():
    result = analysis["result"]
    if result is not None and result.key != line_key():
        analysis["result"] = result = None  # the game changed: that analysis is of another line
        analysis["verdicts"] = {}
        S.better = {}
        EL["analysis-summary"].textContent = ""
    EL["analysis-graph"].hidden = result is None
    note = ""
    if result is not None:
        shown = S.ply()
        EL["analysis-graph"].innerHTML = analysis["module"].graph_svg(result, shown - result.first)
        kind = analysis["verdicts"].get(shown + 1)
        if kind and S.ahead:
            i = shown - result.first
            _, better, loss = result.verdicts()[i]
            note = "Move %d (%s) was a %s: it lost %.1f pieces. The bot preferred %s (marked on the board)." % (
                shown + 1, result.moves[i], kind, loss / 100, better)
    EL["analysis-note"].textContent = note
    EL["analysis-note"].hidden = not note


async def load_analysis():
    """The study package's analysis (study/analysis.py), fetched on first use: it is no part of the page's load."""
    if analysis["module"] is None:
        analysis["module"] = await lazy.load("study.analysis", body.dataset.studySrc)
    return analysis["module"]


def on_analyse(event):
    asyncio.create_task(run_analysis())


async def run_analysis():
    """Score every position of the live line in the worker, one at a time, with a progress bar."""
    if bot is None or analysis["running"]:
        return
    analysis["running"] = True
    body.dataset.analysis = "running"
    put("analyse", "disabled", True)
    progress = EL["analysis-progress"]
    progress.value = 0
    progress.hidden = False
    EL["analysis-summary"].textContent = "Analysing…"
    try:
        module = await load_analysis()
        key = line_key()
        game = S.live_game().copy()
        positions, movers, phases, moves = [], [], [], []
        while True:
            positions.append(game.position())
            movers.append(game.to_move)
            phases.append(game.phase)
            if len(game.moves) <= S.base:
                break
            moves.append(str(game.undo()))
        for seq in (positions, movers, phases, moves):
            seq.reverse()
        result = module.Analysis(positions, movers, moves, key, S.base)
        final = S.live_game().score()
        n = len(positions)
        for i in range(n):
            if line_key() != key:
                EL["analysis-summary"].textContent = "Analysis stopped: the game changed."
                return
            if phases[i] == "over":
                result.set_final(i, final[0], final[1])
            elif phases[i] == "movement":
                answer = module.CACHE.get(positions[i])
                if answer is None:
                    answer = str(await bot.think(positions[i], "hard", 0, module.SECONDS))
                    module.CACHE[positions[i]] = answer
                result.add(i, answer)
            progress.value = int(100 * (i + 1) / n)
        result.fill_forced()
        verdicts = result.verdicts()
        analysis["result"] = result
        analysis["verdicts"] = {S.base + i + 1: v[0] for i, v in verdicts.items()}
        S.better = {S.base + i: v[1] for i, v in verdicts.items()}
        EL["analysis-summary"].textContent = result.summary() if any(
            s is not None for s in result.scores) else "No stack move to score yet."
    finally:
        analysis["running"] = False
        progress.hidden = True
        body.dataset.analysis = "done"
        redraw()


def on_graph_click(event):
    target = event.target
    item = target.closest("[data-ply]") if target and target.closest else None
    if item and S.review_to(int(item.getAttribute("data-ply"))):
        redraw()


def on_undo(event):
    if S.undo():
        after_change()


def on_redo(event):
    if S.redo():
        after_change()


def on_layout(event=None):
    """The screen turned or was resized across TURN_QUERY: turn the board with it."""
    turned = bool(window.matchMedia(TURN_QUERY).matches)
    body.dataset.turned = "true" if turned else "false"
    if turned != view["turned"]:
        view["turned"] = turned
        redraw()


def on_flip(event):
    S.flip()
    redraw()


def on_copy_embed(event):
    copy_embed()


def copy_embed():
    """"Copy embed code": the <iframe> of embed.html for the position on screen (issue 5)."""
    page = str(window.location.href).split("#")[0].split("?")[0]
    code = render.embed_snippet(page[:page.rfind("/") + 1], S.game.position(), flip=S.flipped)
    field = document.querySelector('[data-testid="embed-code"]')
    field.value = code
    field.hidden = False
    field.select()
    copied = bool(document.execCommand("copy"))
    S.notice = ("Embed code copied: paste it into your page." if copied
                else "Copy the embed code from the box under the board.")
    put("notice", "textContent", S.notice)
    put("notice", "hidden", False)


def on_new_game(event):
    seed = int(window.Math.floor(window.Math.random() * 1000000)) + 1
    S.new_game(white=EL["white-player"].value, black=EL["black-player"].value,
               level=EL["level"].value, random_setup=bool(EL["random-setup"].checked), seed=seed)
    drawn.clear()  # a new game draws the whole board
    after_change()


def on_hashchange(event):
    """A ``#record=`` or ``#position=`` link opened on the page already showing."""
    notice = S.notice
    if game_io.open_link() or S.notice != notice:
        game_io.sync_form()
        after_change()


def after_change():
    redraw()
    if S.bot_to_move():
        asyncio.create_task(bot_turn())


# -- the bot ------------------------------------------------------------------------
async def bot_turn():
    global bot_state
    if bot is None or bot_state == "busy":
        return  # start_bot() calls back once the worker is ready
    while S.bot_to_move():
        generation = S.generation
        position, level, seed = S.bot_request()
        bot_state = "busy"
        draw_bot_status()
        try:
            text = await bot.choose_move(position, level, seed)
        finally:
            bot_state = "ready"
        if generation != S.generation:
            continue  # the game changed while the bot thought: ask again if still its turn
        if not S.bot_move(str(text), generation):
            S.notice = "The bot suggested an illegal move (%s)." % text
            redraw()
            return
        redraw()
    draw_bot_status()


async def start_bot():
    global bot, bot_state
    try:
        bot = await create_named_worker(src=body.dataset.botSrc, name="bot", config=body.dataset.botConfig)
        await bot.ping()
        bot_state = "ready"
    except Exception as error:  # noqa: BLE001 - shown to the player, the game stays playable
        bot_state = "failed"
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
    board.addEventListener("pointerdown", create_proxy(on_pointerdown))
    board.addEventListener("mouseover", create_proxy(on_hover))
    board.addEventListener("keydown", create_proxy(on_keydown))
    EL["hint"].addEventListener("click", create_proxy(on_hint))
    EL["analyse"].addEventListener("click", create_proxy(on_analyse))
    EL["analysis-graph"].addEventListener("click", create_proxy(on_graph_click))
    EL["undo"].addEventListener("click", create_proxy(on_undo))
    EL["redo"].addEventListener("click", create_proxy(on_redo))
    EL["flip"].addEventListener("click", create_proxy(on_flip))
    for name, step in (("review-start", "start"), ("review-back", -1), ("review-forward", 1), ("review-end", "end")):
        EL[name].addEventListener("click", create_proxy(on_review(step)))
    EL["history"].addEventListener("click", create_proxy(on_history_click))
    EL["back-to-game"].addEventListener("click", create_proxy(on_back_to_game))
    document.querySelector('[data-testid="branch-confirm"]').addEventListener("click", create_proxy(on_branch_confirm))
    document.querySelector('[data-testid="branch-cancel"]').addEventListener("click", create_proxy(on_branch_cancel))
    document.addEventListener("keydown", create_proxy(on_page_key))
    EL["new-game"].addEventListener("click", create_proxy(on_new_game))
    document.querySelector('[data-testid="copy-embed"]').addEventListener("click", create_proxy(on_copy_embed))
    window.onhashchange = create_proxy(on_hashchange)
    document.querySelector("form.new-game").addEventListener("submit", create_proxy(lambda e: e.preventDefault()))
    window.matchMedia(TURN_QUERY).addEventListener("change", create_proxy(on_layout))
    view["turned"] = bool(window.matchMedia(TURN_QUERY).matches)
    body.dataset.turned = "true" if view["turned"] else "false"
    game_io.setup(S, redraw, after_change)
    S.new_game(white=EL["white-player"].value, black=EL["black-player"].value,
               level=EL["level"].value, random_setup=bool(EL["random-setup"].checked))
    # The saved game first, then a link (which keeps the saved game as the previous one).
    restored = game_io.restore_saved()
    game_io.open_link()
    if restored:
        S.notice = (restored + " " + S.notice).strip()
    game_io.sync_form()
    if not view["turned"]:
        board_dom.adopt(board, drawn, S.stacks(), S.marks(), S.focus)  # the board pre-rendered by build.py
    redraw()
    body.dataset.ready = "true"
    asyncio.create_task(start_bot())


main()
