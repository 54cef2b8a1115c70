"""Games by link, for every game page: play a distant friend with no server (issue 25).

Runs on MicroPython on the main thread, beside ``kernel/page.py`` and ``kernel/game_io.py``.
The link itself (what it holds, how it is packed and checked) is ``kernel/link_format.py``;
this module moves it between the page, the browser's storage and the player:

* "Play a friend by link…" starts a game where one side is mine (``"human"``) and the other the
  friend's (``"remote"``: nobody moves it on this page).  The game carries its id in the tag
  :data:`TAG`, so a saved game, a reload or "Back to the previous game" keep it a game by link.
* After each of my moves the page offers the link (copy, the share sheet, email).
* Opening a ``#game=`` link shows that game, the friend's last move marked; the side to move is
  mine on a device that has never seen the game.  A link older than the game held here, a link
  whose moves differ, a link that cannot be read: a message, and nothing lost.
* "Games by link" lists every game by link of this browser (both games: the storage is the
  site's), each reopened with one click, removable.  The list is one JSON value under
  :data:`REGISTRY`; every write reads it again first, so two tabs never lose a move.

Storage goes through ``window.dvonnSafe`` (it cannot throw), as in ``game_io``.  Every text a
player meets goes through ``_()`` / ``ngettext()`` (kernel/i18n.py) where it is shown; a message
that names the friend has a second message for a friend with no name ("your friend"), so that each
language can word both.  The names kept in a game's tags (White, Black) stay English.
"""

import json

from pyscript import document, window

from kernel import deferred, game_io, inputs, storage
from kernel.i18n import _, ngettext
from kernel.saves import size_text
from kernel.url import link_value

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Dict

#: Where this browser keeps its games by link (one list for every game page of the site).
REGISTRY = "games-by-link"
#: Where entries of the registry that cannot be read are set aside (with the reason), once.
ASIDE = REGISTRY + ".unreadable"
#: The record tag that holds the game id of a game by link.
TAG = "LinkGame"
#: How a game link's fragment begins: ``kernel.link_format.PREFIX``, repeated here so that a page opened
#: without a link never imports the link format (tests/test_link_format.py checks the two agree).
PREFIX = "#game="
SIDE_NAMES = {"white": "White", "black": "Black"}  # the record's tags: never translated
OTHER = {"white": "black", "black": "white"}
MAX_GAMES = 200
#: The largest stored list (or list set aside) that is read: a game's link is at most
#: ``link_format.MAX_VALUE`` (6 KB) and a list is a few KB.  Larger is set aside unread (issue 56, item 11).
MAX_REGISTRY = 512 * 1024

_state = {"page": None, "id": None, "made": None, "waiting": None, "synced": None, "title": "", "listed": None,
          "choice": None}  # type: Dict[str, Any]


def _el(testid):
    return document.querySelector('[data-testid="%s"]' % testid)


def _side(side):
    """A side's name in the page's language."""
    return _("White") if side == "white" else _("Black")


def _with_friend(friend, named, unnamed, **values):
    """``named`` with the friend's name, else ``unnamed`` (the same words with "your friend")."""
    if friend:
        values["friend"] = friend
        return named % values
    return unnamed % values if values else unnamed


def _game_name():
    return game_io.persist.SAVES.game


# -- the registry -------------------------------------------------------------------------------
def _games():
    """The games by link kept in this browser (a list of dicts; [] if none).  Its size first: a list
    over :data:`MAX_REGISTRY` is set aside unread (:func:`_move_aside`).  Entries that cannot be
    read are set aside under :data:`ASIDE` with the reason, and the registry is written without
    them: they are not read again on every load."""
    size = storage.size(REGISTRY)
    if size < 0:
        return []
    if size > MAX_REGISTRY:
        _move_aside(REGISTRY, size)
        return []
    text = window.dvonnSafe.get(REGISTRY)
    if text is None:
        return []
    from kernel import link_format
    games, aside = link_format.registry(str(text))
    if aside:
        _set_aside(games, aside)
    return games


def _move_aside(key, size):
    """The stored text under ``key`` (the list, or what was set aside), too large to be read: moved
    unread to a free ``games-by-link.unreadable-N``; whether it was.  If it cannot be moved, nothing
    is written over it (no game by link is stored on this page) and the player is told once."""
    if _state.get("frozen"):
        return False
    aside = storage.free_aside(REGISTRY, 2)  # (games-by-link.unreadable is the list of entries set aside)
    done, dropped = storage.set_aside(key, aside)
    if dropped:
        game_io.tell(storage.dropped_notice(dropped))
    values = {"size": size_text(size), "key": aside}
    if done:
        _message(_("The list of games by link stored in this browser could not be read (it is too large: "
                   "%(size)s): it was set aside under \"%(key)s\".") % values)
        return True
    _state["frozen"] = True
    _message(_("The list of games by link stored in this browser could not be read (it is too large: %(size)s) "
               "and could not be set aside: it is kept as it is, and no game by link is stored.") % values)
    return False


def _set_aside(games, aside):
    """Keep the entries of ``aside`` ([(entry, reason)]) under :data:`ASIDE`, store ``games``
    without them, and say so.  If they cannot be kept, the list is left as it is (and said so)."""
    from kernel import link_format
    size = storage.size(ASIDE)
    if size > MAX_REGISTRY and not _move_aside(ASIDE, size):
        return
    old = window.dvonnSafe.get(ASIDE) if 0 <= size <= MAX_REGISTRY else None
    kept = link_format.registry_aside(None if old is None else str(old), aside)
    stored, dropped = storage.write(ASIDE, kept)
    if dropped:
        game_io.tell(storage.dropped_notice(dropped))
    values = {"count": len(aside), "reason": aside[0][1]}
    if not stored:
        _message(ngettext("A game by link stored in this browser could not be read (%(reason)s), and could not be "
                          "set aside: this browser's storage is full or disabled.",
                          "%(count)d games by link stored in this browser could not be read (%(reason)s), and "
                          "could not be set aside: this browser's storage is full or disabled.", len(aside))
                 % values)
        return
    storage.note_aside(ASIDE)
    _store(games)
    _message(ngettext("A game by link stored in this browser could not be read (%(reason)s): it was set aside.",
                      "%(count)d games by link stored in this browser could not be read (%(reason)s): "
                      "they were set aside.", len(aside)) % values)


def _set_aside_unreadable(games, entry, error):
    """Take the stored ``entry`` that cannot be read (``error``) out of ``games`` and set it aside."""
    games.remove(entry)
    _set_aside(games, [(entry, inputs.short(error).rstrip("."))])


def _store(games):
    """Store the list ``games``; whether it was (if not, the player is told, over the board)."""
    _state["listed"] = None  # the list is drawn again
    if _state.get("frozen"):  # a list that could not be read nor set aside is not written over
        return False
    stored, dropped = storage.write(REGISTRY, json.dumps(games[:MAX_GAMES]))
    if dropped:
        game_io.tell(storage.dropped_notice(dropped))
    if not stored:
        game_io.tell(_("The games by link could not be saved: this browser's storage is full or disabled."))
    return stored


def _find(games, id):
    for entry in games:
        if entry["id"] == id:
            return entry
    return None


def _codec():
    """The game's numbering of its moves for links (its ``persist.LINK_CODEC``), if it has one."""
    return getattr(game_io.persist, "LINK_CODEC", None)


def _read(value):
    """(link, game) of a link's value on this page; ``LinkError`` saying what is wrong.  The
    numbering of its moves is kept (:func:`_coder`): the next link numbers only the new moves."""
    from kernel import link_format
    persist = game_io.persist
    codec = _codec()
    coder = None if codec is None else link_format.Coder(codec, persist.SAVES.start)
    link, game = link_format.read(value, persist.SAVES.game, persist.SAVES.start, codec, coder,
                                  getattr(persist, "OPTIONS", {}))
    link.coder = coder
    return link, game


def _coder(id, position):
    """This game's :class:`link_format.Coder`, kept while the same game is shown."""
    from kernel import link_format
    codec = _codec()
    if codec is None:
        return None
    key = (id, position)
    if _state.get("coder_key") != key:
        _state["coder_key"] = key
        _state["coder"] = link_format.Coder(codec, game_io.persist.SAVES.start, position)
    return _state["coder"]


def _now():
    return int(window.dvonnLink.now())  # seconds (the milliseconds do not cross into MicroPython intact)


# -- the game on the page ------------------------------------------------------------------------
def _link_id():
    """The id of the game by link on the page, else None."""
    S = _state["page"].S
    if "remote" not in (S.players["white"], S.players["black"]):
        return None
    return S.game.tags.get(TAG)


def _mine():
    S = _state["page"].S
    return "white" if S.players["white"] == "human" else "black"


def _swaps(game):
    return sum(1 for m in game.moves if getattr(m, "is_swap", False))


def _adopt(link, game, mine, value):
    """Show ``game`` (of ``link``) with ``mine`` my side now, the game it replaces kept."""
    page = _state["page"]
    S = page.S
    if S.game.tags.get(TAG) != link.id:
        game_io._keep_previous()
    game.tags[TAG] = link.id
    if getattr(link, "coder", None) is not None:
        _state["coder_key"] = (link.id, link.start)
        _state["coder"] = link.coder
    players = {mine: "human", OTHER[mine]: "remote"}
    S.adopt(game, players=players, level=S.level, base=link.base, seed=link.seed, **link.options)
    _state["synced"] = value  # the entry's value as this tab last saw it (see _sync)
    _state["made"] = None


def _message(text):
    box = _el("link-message")
    box.textContent = text
    box.hidden = not text


def _alert(text):
    """A message about a link that was not opened as it is: in the box of the games by link, and
    over the board, where the player looks (the box may be far below, on a phone)."""
    _message(text)
    _state["page"].S.notice = text


def _show_choice(id):
    _state["choice"] = id
    _el("link-choice").hidden = id is None


# -- opening a link ------------------------------------------------------------------------------
def open_link():
    """Open a ``#game=`` link in the address, if there is one.  Returns True if the page must redraw."""
    start = str(window.dvonnSafe.hashStart(len(PREFIX)))
    if start != PREFIX:
        return False
    from kernel import link_format
    length = int(window.dvonnSafe.hashLength()) - len(PREFIX)
    try:
        if length > link_format.MAX_VALUE:  # never read: it might not fit MicroPython's heap
            raise link_format.LinkError(link_format.too_long(length))
        value = link_value(str(window.location.hash), PREFIX)
        opened = open_value(value)
    except Exception as error:  # noqa: BLE001 - whatever the address, the page starts: the reason is shown
        _refused(error)
        opened = True
    finally:
        game_io.clear_fragment()
    return opened


def _refused(error):
    _alert(_("This link cannot be opened: %(reason)s. Nothing was changed or stored.")
           % {"reason": inputs.short(error).rstrip(".")})
    document.body.dataset.rejectedAt = str(window.performance.now())


def open_value(value, opened=None):
    """Open the game of a link's ``value`` (``opened``: its (link, game), read already): see the
    module's docstring for each case."""
    from kernel import link_format
    page = _state["page"]
    S = page.S
    t0 = window.performance.now()
    try:
        link, game = opened if opened is not None else _read(value)
    except ValueError as error:
        _refused(error)
        return True
    _message("")
    _show_choice(None)
    games = _games()
    entry = _find(games, link.id)
    theirs = _names(link.tags)
    stored = None
    if entry is not None and entry["value"] == value:  # the same link again (or opened from the list): read once
        stored = (link, game)
    elif entry is not None:
        try:
            stored = _read(entry["value"])
        except ValueError as error:  # the stored game cannot be read: set aside, and this link's game stored
            _set_aside_unreadable(games, entry, error)
    if stored is None:
        mine = link.to_move  # a link goes to the player who is to move
        entry = {"id": link.id, "game": link.game, "first": _side_at_start(mine, game)}
        _update(entry, link, game, value, mine)
        if entry not in games:
            games.insert(0, entry)
        _adopt(link, game, mine, value)  # before it is stored: what cannot be shown is not kept
        _store(games)
        S.notice = _opened_notice(game, mine, theirs)
    else:
        mine_link, mine_game = stored
        ours = mine_link.moves
        mine = _side_now(entry, game)
        how, at = link_format.compare(ours, link.moves)
        if how == "same" and mine_link.resigned != link.resigned:  # a resignation after the same moves
            how = "newer" if link.resigned is not None else "older"
        if how in ("same", "newer"):
            if how == "newer":
                _update(entry, link, game, value, mine)
            entry["opened"] = _now()
            _adopt(link, game, mine, entry["value"])
            _store(games)
            S.notice = _opened_notice(game, mine, theirs)
        else:
            if how == "older":
                text = (ngettext("This link is older than your game: it has %(count)d move, your game %(mine)d. "
                                 "Your game is unchanged.",
                                 "This link is older than your game: it has %(count)d moves, your game %(mine)d. "
                                 "Your game is unchanged.", len(link.moves))
                        % {"count": len(link.moves), "mine": len(ours)})
            else:
                entry["other"] = value
                text = _("This link's moves differ from your game's from move %(move)d (an edited or mixed-up "
                         "link). Both are kept: choose which to continue.") % {"move": at}
                _show_choice(link.id)
            entry["opened"] = _now()
            _store(games)
            _adopt(mine_link, mine_game, _side_now(entry, mine_game), entry["value"])
            _alert(text)
    _state["listed"] = None
    document.body.dataset.linkOpenMs = str(int(window.performance.now() - t0))
    return True


def _names(tags):
    return {"white": tags.get("White", ""), "black": tags.get("Black", "")}


def _side_now(entry, game):
    """My side in ``game``: the side I began with, changed by each swap (the pie rule)."""
    first = entry.get("first") if entry.get("first") in OTHER else "white"
    return _side_at_start(first, game)


def _side_at_start(side, game):
    """The side that ``side`` in ``game`` was at its start, or the other way round (each swap,
    the pie rule, exchanges them)."""
    return side if _swaps(game) % 2 == 0 else OTHER[side]


def _opened_notice(game, mine, names):
    friend = names[OTHER[mine]]
    if game.phase == "over":
        return _with_friend(friend, _("The game by link with %(friend)s is over."),
                            _("The game by link with your friend is over."))
    side = _side(mine)
    if not game.moves:
        return _with_friend(friend, _("A game by link with %(friend)s: your move (you play %(side)s)."),
                            _("A game by link with your friend: your move (you play %(side)s)."), side=side)
    last = str(game.moves[-1])
    if game.to_move == mine:
        return _with_friend(friend, _("%(friend)s played %(move)s (marked): your move (you play %(side)s)."),
                            _("Your friend played %(move)s (marked): your move (you play %(side)s)."),
                            move=last, side=side)
    return _with_friend(friend, _("%(friend)s's move: send them the link."),
                        _("Your friend's move: send them the link."))


def _update(entry, link, game, value, mine):
    """Write what the list shows of ``link`` into ``entry``."""
    names = _names(link.tags)
    entry.update(value=value, page=game_io.page_address(), moves=len(link.moves), mine=mine,
                 opponent=names[OTHER[mine]], to_move="" if game.phase == "over" else game.to_move,
                 opened=_now())


# -- starting a game by link ---------------------------------------------------------------------
def on_open_dialog(event):
    _el("by-link-dialog").showModal()


def on_cancel(event):
    _el("by-link-dialog").close()


def on_start(event):
    """Start a game by link: my side, the friend's, the names (optional), a new game id."""
    from kernel import link_format
    page = _state["page"]
    S = page.S
    first = S.fresh_game().to_move
    choice = str(_el("link-side").value)
    if choice == "random":
        choice = "first" if window.Math.random() < 0.5 else "second"
    mine = first if choice == "first" else OTHER[first]
    players = {mine: "human", OTHER[mine]: "remote"}
    if S.game.tags.get(TAG) is None:
        game_io._keep_previous()
    S.new_game(white=players["white"], black=players["black"], level=S.level, seed=page.new_seed(),
               **page.new_game_options())
    id = link_format.new_id(window.Math.random)
    for side, field in ((mine, "link-my-name"), (OTHER[mine], "link-friend-name")):
        name = str(_el(field).value).strip()[:60]
        if name:
            S.game.tags[SIDE_NAMES[side]] = name
    S.game.tags[TAG] = id
    _state["synced"] = None
    _state["made"] = None
    _el("by-link-dialog").close()
    _message("")
    _show_choice(None)
    friend = _names(S.game.tags)[OTHER[mine]]
    side = _side(mine)
    if S.game.to_move == mine:
        S.notice = _with_friend(
            friend, _("A game by link with %(friend)s: you play %(side)s. Make your first move, then send the link."),
            _("A game by link with your friend: you play %(side)s. Make your first move, then send the link."),
            side=side)
    else:
        S.notice = _with_friend(
            friend, _("A game by link with %(friend)s: you play %(side)s. Send the link: %(friend)s moves first."),
            _("A game by link with your friend: you play %(side)s. Send the link: your friend moves first."),
            side=side)
    game_io.sync_form()
    page.after_change()


# -- after each change: the link to send, the registry, the title ---------------------------------
def draw():
    """Called by the page after every redraw: the link panel, the title and the list."""
    page = _state["page"]
    S = page.S
    id = _link_id()
    body = document.body
    if id != _state["id"]:
        _state["id"] = id
        _state["made"] = None
        if id is None:
            body.removeAttribute("data-link-game")
            body.removeAttribute("data-my-side")
            _show_choice(None)
        _el("link-panel").hidden = id is None
    if id is None:
        document.title = _state["title"]
        _draw_list()
        _told()
        return
    from kernel import link_format
    mine = _mine()
    body.dataset.linkGame = id
    body.dataset.mySide = mine
    game = S.live_game()
    over = game.phase == "over"
    my_turn = not over and game.to_move == mine
    document.title = (_("Your move · %(title)s") % {"title": _state["title"]}) if my_turn else _state["title"]
    key = (id, len(game.moves), game.position(), game.tags.get("Hints", ""), getattr(game, "resigned", None))
    if key != _state["made"]:
        _state["made"] = key
        link = link_format.of_game(_game_name(), id, game, S.base, S.seed, S.options)
        link.tags.pop(TAG, None)
        value = link_format.pack(link, _coder(id, game.start_position))
        _sync(link, game, value, mine)
        url = game_io.page_address() + link_format.PREFIX + value
        anchor = _el("link-url")
        anchor.href = url
        anchor.textContent = url
        _el("link-box").value = url
        friend = _names(link.tags)[OTHER[mine]]
        title = link_format.TITLES.get(_game_name(), _game_name())
        subject = (_("Our game of %(game)s: it is over") if over else _("Our game of %(game)s: your move")) % {
            "game": title}
        mail = "mailto:?subject=%s&body=%s" % (
            window.encodeURIComponent(subject),
            window.encodeURIComponent(_("Open this link to see my move:") + "\n" + url))
        _el("link-mail").href = mail
        if over:
            status = _with_friend(friend, _("The game is over. Send %(friend)s the link to the end:"),
                                  _("The game is over. Send your friend the link to the end:"))
        elif my_turn:
            status = _("Your move (you play %(side)s).") % {"side": _side(mine)}
        else:
            status = _with_friend(friend, _("%(friend)s's move: send %(friend)s this link."),
                                  _("Your friend's move: send them this link."))
        _el("link-status").textContent = status
        _el("link-send").hidden = my_turn
        _el("link-share").hidden = not bool(window.dvonnLink.canShare())
        _state["listed"] = None
        # Over the board, where the game's own status would ask for the friend's move: who moves
        # next, and where the link is (on a phone, far below).
        _state["waiting"] = None if over or my_turn else _with_friend(
            friend, _("%(friend)s's move, on their own device: send %(friend)s the link (below, under Games by link)."),
            _("Your friend's move, on their own device: send them the link (below, under Games by link)."))
    if _state.get("waiting"):
        page.put("status", "textContent", _state["waiting"])
    if _sent(id, len(game.moves)):
        page.put("undo", "disabled", True)  # my move is on its way: my friend's page has it
    _draw_list()
    _told()


def _told():
    """What storing the list told the player (game_io.tell), over the board now."""
    page = _state["page"]
    if game_io.flush_told():
        page.put("notice", "textContent", page.S.notice)
        page.put("notice", "hidden", not page.S.notice)


def _sent(id, moves):
    """Whether the link with ``moves`` moves of game ``id`` was sent (copied, shared, mailed or
    opened from this page): the moves in it can no longer be taken back."""
    if _state.get("sent_key") != (id, moves):
        entry = _find(_games(), id)
        _state["sent_key"] = (id, moves)
        _state["sent"] = entry is not None and entry.get("sent") == moves
    return _state["sent"]


def on_sent(event=None):
    """The link was sent (see :func:`_sent`): Undo is disabled from now on, also after a reload."""
    id = _link_id()
    if id is None:
        return
    moves = len(_state["page"].S.live_game().moves)
    games = _games()
    entry = _find(games, id)
    if entry is not None and entry.get("sent") != moves:
        entry["sent"] = moves
        _store(games)
    _state["sent_key"] = (id, moves)
    _state["sent"] = True
    _state["page"].put("undo", "disabled", True)


def _sync(link, game, value, mine):
    """Keep the registry's entry of this game up to date, unless another tab or link moved it on
    since this tab last wrote it: then nothing is overwritten and the page says so."""
    games = _games()
    entry = _find(games, link.id)
    if entry is not None:
        if entry["value"] not in (_state["synced"], value):
            _message(_("This game by link was changed elsewhere (another tab or a link) since this page showed it: "
                       "reopen it from the list. Nothing was overwritten."))
            return
    else:
        entry = {"id": link.id, "game": link.game, "first": _side_at_start(mine, game)}
        games.insert(0, entry)
    _update(entry, link, game, value, mine)
    if _store(games):
        _state["synced"] = value


# -- the list ------------------------------------------------------------------------------------
def _draw_list():
    """The list of games by link, drawn again when this page wrote it or its size changed (another
    tab): its text is not read on every redraw."""
    size = int(window.dvonnSafe.size(REGISTRY))
    if size == _state["listed"]:
        return
    _state["listed"] = size
    box = _el("links-list")
    while box.firstChild:
        box.removeChild(box.firstChild)
    for entry in _games():
        from kernel import link_format
        item = document.createElement("li")
        item.setAttribute("data-testid", "link-game-item")
        item.setAttribute("data-link-id", entry["id"])
        mine = entry.get("mine", "white")
        to_move = entry.get("to_move", "")
        item.classList.toggle("your-move", bool(to_move) and to_move == mine)
        whose = _("over") if not to_move else (_("your move") if to_move == mine else _("their move"))
        moves = entry.get("moves", 0)
        words = ngettext("%(game)s · %(friend)s · %(whose)s · %(count)d move · opened %(when)s",
                         "%(game)s · %(friend)s · %(whose)s · %(count)d moves · opened %(when)s", moves) % {
            "game": link_format.TITLES.get(entry.get("game"), "?"), "friend": entry.get("opponent") or _("a friend"),
            "whose": whose, "count": moves, "when": str(window.dvonnLink.when(entry.get("opened", 0)))}
        label = document.createElement("span")
        label.textContent = words
        item.appendChild(label)
        for action, name in (("open", _("Open")), ("remove", _("Remove"))):
            button = document.createElement("button")
            button.type = "button"
            button.textContent = name
            button.setAttribute("data-action", action)
            button.setAttribute("data-testid", "link-" + action)
            item.appendChild(button)
        box.appendChild(item)
    box.hidden = not box.firstChild


def on_list_click(event):
    from kernel import link_format
    target = event.target
    button = target.closest("[data-action]") if target and target.closest else None
    if not button:
        return
    id = str(button.closest("[data-link-id]").getAttribute("data-link-id"))
    games = _games()
    entry = _find(games, id)
    if entry is None:
        _state["listed"] = None
        _draw_list()
        return
    page = _state["page"]
    if str(button.getAttribute("data-action")) == "remove":
        games.remove(entry)
        _store(games)
        if _link_id() == id:  # the game stays on the board, as a game of two players here
            S = page.S
            S.players = {"white": "human", "black": "human"}
            S.game.tags.pop(TAG, None)
        _message("")
        page.redraw()
        return
    if entry.get("game") != _game_name():
        page_address = link_format.game_page(entry.get("game"), game_io.page_address())
        if page_address is None:  # only this site's own game pages are opened
            _message(_("This game by link cannot be opened from here: open it on its own game's page."))
            return
        window.location.href = page_address + link_format.PREFIX + entry["value"]
        return
    try:
        opened = _read(entry["value"])
    except ValueError as error:  # stored, and it cannot be opened: set aside once, not offered again
        _set_aside_unreadable(games, entry, error)  # (stored again: the list is drawn afresh)
        _draw_list()
        return
    if open_value(entry["value"], opened):
        game_io.sync_form()
        page.after_change()


def on_keep_mine(event):
    games = _games()
    entry = _find(games, _state["choice"] or "")
    _show_choice(None)
    _message(_("Your game goes on; the link's game is kept in the list's entry.") if entry else "")


def on_take_theirs(event):
    games = _games()
    entry = _find(games, _state["choice"] or "")
    _show_choice(None)
    if entry is None or "other" not in entry:
        return
    page = _state["page"]
    try:
        link, game = _read(entry["other"])
    except ValueError as error:
        _refused(error)
        return
    entry["value"], entry["other"] = entry["other"], entry["value"]
    _update(entry, link, game, entry["value"], _side_now(entry, game))
    _adopt(link, game, _side_now(entry, game), entry["value"])
    _store(games)
    _message(_("The link's game goes on; your earlier game is kept in the list's entry."))
    _state["listed"] = None
    page.after_change()


def copy_link(event):
    copied = game_io.copy_box(_el("link-box"))
    on_sent()
    _state["page"].notify(_("Link copied: send it to your friend.") if copied else _("Copy the link from the box."))


def share_link(event):
    window.dvonnLink.share(str(_el("link-box").value), _("Our game: your move"))
    on_sent()


def setup(page):
    """Wire the controls of the games by link for ``page`` (a ``kernel.page.GamePage``)."""
    _state["page"] = page
    _state["title"] = str(document.title)
    for testid, handler in (("by-link", on_open_dialog), ("by-link-cancel", on_cancel), ("by-link-start", on_start),
                            ("links-list", on_list_click), ("link-keep-mine", on_keep_mine),
                            ("link-take-theirs", on_take_theirs), ("link-copy", copy_link),
                            ("link-share", share_link), ("link-mail", on_sent), ("link-url", on_sent)):
        deferred.listen_to(testid, "click", handler)  # once the page is ready, or at the first input
