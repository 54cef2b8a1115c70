"""Games by link (issue 25), on each game's page: two players in two browser contexts (two storages)
play a whole game by sending each other links; links that do not fit (older, different, broken, of
the other game, opened twice or in two tabs) get a message and lose nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from kernel import link_format

from .app import DIAMONDS_GAME, DiamondsApp, GamePage
from .conftest import opened

REGISTRY = "games-by-link"


@pytest.fixture()
def diamonds(page: Any, base_url: str, requests_seen: list[str]) -> Iterator[GamePage]:
    """The Diamonds & Pivots page (for what only it has: the pie rule)."""
    yield from opened(page, base_url, requests_seen, DiamondsApp)


@pytest.fixture()
def friend(request: pytest.FixtureRequest) -> Iterator[GamePage]:
    """The same game's page in another browser (its own storage): the friend far away."""
    game = request.getfixturevalue("diamonds" if "diamonds" in request.fixturenames else "game")
    context = game.page.context.browser.new_context()
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    driver = type(game)(page, game.base_url)
    driver.open()
    yield driver
    context.close()
    assert not errors, f"errors on the friend's page: {errors}"


def start_by_link(player: GamePage, random_setup: bool = False, **names: str) -> None:
    """Start a game by link with the defaults (I play the side that moves first), names optional."""
    if random_setup:
        player.page.get_by_test_id("random-setup").set_checked(True)
    player.page.get_by_test_id("by-link").click()
    for testid, name in names.items():
        player.page.get_by_test_id(testid).fill(name)
    player.page.get_by_test_id("by-link-start").click()
    player.page.wait_for_function("document.body.dataset.linkGame && document.body.dataset.mySide")


def link_of(player: GamePage) -> str:
    """The link the page offers to send (after my move), whole."""
    player.page.wait_for_selector('[data-testid="link-url"]', state="visible")
    return str(player.page.get_by_test_id("link-url").get_attribute("href"))


def open_link(player: GamePage, url: str, wait: str = "document.body.dataset.linkGame") -> None:
    """Open ``url`` on ``player``'s page (a fresh load, or a hash change on the page showing)."""
    player.page.goto(url)
    player.wait_ready()
    player.page.wait_for_function("location.hash === ''")
    player.page.wait_for_function(wait)


def registry(player: GamePage, opened: bool = True) -> list[dict[str, Any]]:
    """The games by link kept in the player's browser (``opened``: with when each was last opened)."""
    games = list(json.loads(player.page.evaluate("k => localStorage.getItem(k) || '[]'", REGISTRY)))
    return games if opened else [{k: v for k, v in g.items() if k != "opened"} for g in games]


def data(player: GamePage, name: str) -> str:
    return str(player.page.evaluate("n => document.body.dataset[n] || ''", name))


def message(player: GamePage) -> str:
    locator = player.page.get_by_test_id("link-message")
    return str(locator.inner_text()).strip() if locator.is_visible() else ""


def next_move(player: GamePage, game: Any) -> str:
    """The move to play here: the first legal move (DVONN), the game's next (Diamonds & Pivots)."""
    if player.NAME == "diamonds":
        n = player.shown_ply()
        return DIAMONDS_GAME[n] if n < len(DIAMONDS_GAME) else "pass"
    return str(game.legal_moves()[0])


def test_a_whole_game_by_links_between_two_browsers(game: GamePage, friend: GamePage, artifacts: Path) -> None:
    """DVONN: a random setup played to its end by the first legal move; Diamonds & Pivots: a game with
    chains of three and four pivots, ended by two passes.  Every move goes by link to the other."""
    start_by_link(game, random_setup=game.NAME == "dvonn", **{"link-my-name": "Ann", "link-friend-name": "Bo"})
    mine = game.FIRST if game.NAME == "diamonds" else str(game.rules(game.position()).to_move)
    assert data(game, "mySide") == mine
    assert game.page.title().startswith("Your move")
    players = {mine: game}
    current = game
    exchanged = 0
    while True:
        rules = current.game()
        if rules.phase == "over":
            break
        side = rules.to_move
        player = players.get(side)
        if player is None:  # the friend's first link: the side to move is theirs
            player = players[side] = friend
        if player is not current:
            url = link_of(current)
            assert len(url) <= link_format.MAX_LINK
            if exchanged == 2:
                current.screenshot(artifacts / f"by-link-share-{game.NAME}.png")
            n = current.shown_ply()
            open_link(player, url, f"document.body.dataset.ply === '{n}' && document.body.dataset.linkGame")
            exchanged += 1
            assert data(player, "mySide") == side and data(player, "linkGame") == data(game, "linkGame")
            assert player.position() == current.position()
            assert player.history() == current.history()
            assert player.page.title().startswith("Your move") and not current.page.title().startswith("Your")
            current = player
        move = next_move(current, rules)
        if "/" in move:
            play_turn(current, move)
        else:
            current.play(move)
    # The last link goes to the other player: both see the end.
    other = friend if current is game else game
    open_link(other, link_of(current), f"document.body.dataset.position === '{current.position()}'")
    for player in (game, friend):
        assert player.page.evaluate("document.body.dataset.phase") == "over"
        assert len(registry(player)) == 1 and registry(player)[0]["to_move"] == ""
    assert exchanged > 10
    names = friend.text("game-info")
    assert "Ann" in names and "Bo" in names
    friend.screenshot(artifacts / f"by-link-list-{game.NAME}.png")


def play_turn(player: GamePage, move: str) -> None:
    """A Diamonds & Pivots turn by clicks, a pivot named by its partner too (``DiamondsApp.play``
    takes the first partner): the clicks found on the page's own session, under CPython."""
    from diamonds.session import Session

    session = Session()
    session.new_game(position=player.position())
    words = move.split()
    clicks = [words[0]]
    session.activate(words[0])
    for word in words[1:]:
        head, far = word.split(">")
        pivot, _, partner = head.partition("/")
        session.activate(pivot)
        clicks.append(pivot)
        while partner and session.partner != partner:
            session.activate(pivot)
            clicks.append(pivot)
        session.activate(far)
        session.activate(far)
        clicks += [far, far]
    assert str(session.game.moves[-1]) == move, (move, clicks)
    before = player.position()
    for cell in clicks:
        player.click(cell)
    player.page.wait_for_function("p => document.body.dataset.position !== p", arg=before)
    assert player.history()[-1] == move


def test_i_move_only_as_my_side_and_the_list_reopens_the_game(game: GamePage, friend: GamePage) -> None:
    game.page.evaluate("navigator.share = data => { window.shared = data; return Promise.resolve(); }")
    start_by_link(game)
    assert not game.page.get_by_test_id("link-url").is_visible()  # nothing to send before my move
    first = game.simple_move()
    game.play(first)
    url = link_of(game)
    # Send it: copy, the share sheet (where the browser has one), email.
    game.page.get_by_test_id("link-share").click()
    assert game.page.evaluate("window.shared.url") == url
    mail = str(game.page.get_by_test_id("link-mail").get_attribute("href"))
    assert mail.startswith("mailto:?subject=") and game.page.evaluate("encodeURIComponent", url) in mail
    game.page.get_by_test_id("link-copy").click()
    assert "Link copied" in game.notice() or "Copy the link" in game.notice()
    # Over the board, the status says whose move it is and where the link is (not the rules' prompt).
    status = game.page.get_by_test_id("status").inner_text()
    assert "move, on their own device: send" in status and "Games by link" in status, status
    # My friend's side cannot be moved on my page; nor can I undo their moves later.
    before = game.position()
    reply = str(game.game().legal_moves()[0])
    game.click(reply.split()[0][:2])
    assert game.position() == before
    assert not game.page.get_by_test_id("hint").is_enabled()
    open_link(friend, url)
    assert "your move" in friend.notice().lower() and first in friend.notice()
    assert friend.cells_with_class("last") == [first]  # the friend's last move marked
    friend.play(friend.simple_move())
    assert friend.page.get_by_test_id("undo").is_enabled()
    open_link(game, link_of(friend), "document.body.dataset.ply === '2'")
    assert not game.page.get_by_test_id("undo").is_enabled()  # the friend's move is not mine to take back
    # The list: one item, my move; a new game elsewhere, then one click reopens it.
    items = game.page.get_by_test_id("link-game-item")
    assert items.count() == 1 and "your move" in items.first.inner_text() and "2 moves" in items.first.inner_text()
    assert abs(registry(game)[0]["opened"] - time.time()) < 3600  # when I last opened it, in seconds
    game.new_game()
    assert data(game, "linkGame") == "" and not game.page.title().startswith("Your move")
    game.page.get_by_test_id("link-open").click()
    game.page.wait_for_function("document.body.dataset.linkGame && document.body.dataset.ply === '2'")
    assert game.page.title().startswith("Your move")
    # Removable; the game stays on the board as a game of two players here.
    game.page.get_by_test_id("link-remove").click()
    game.page.wait_for_function("!document.querySelector('[data-testid=link-game-item]')")
    assert data(game, "linkGame") == "" and registry(game) == []


def read(game: GamePage, value: str) -> link_format.Link:
    """The link of ``value`` read as ``game``'s page reads it."""
    persist = import_module(game.NAME + ".persist")
    return link_format.read(value, game.NAME, persist.SAVES.start, persist.LINK_CODEC)[0]


def edited(url: str, game: GamePage, keep: int, moves: list[str] | None = None, name: str = "") -> str:
    """``url`` with its game's moves cut to ``keep`` and ``moves`` played after (same game id)."""
    page, value = url.split(link_format.PREFIX)
    link = read(game, value)
    rules = game.rules()
    for move in link.moves[:keep] + (moves or []):
        rules.play(move)
    new = link_format.of_game(name or link.game, link.id, rules)
    new.tags = link.tags
    return page + link_format.PREFIX + link_format.pack(new)


def test_links_that_do_not_fit_lose_nothing(game: GamePage, friend: GamePage) -> None:
    start_by_link(game)
    game.play(game.simple_move())
    first_link = link_of(game)
    open_link(friend, first_link)
    friend.play(friend.simple_move())
    open_link(game, link_of(friend), "document.body.dataset.ply === '2'")
    game.play(game.simple_move())
    mine = game.position()
    stored = registry(game, opened=False)
    saved = game.page.evaluate("k => localStorage.getItem(k)", game.SAVE_KEY)
    # An older link of the same game: my game unchanged.
    open_link(game, first_link, "document.querySelector('[data-testid=link-message]').hidden === false")
    assert "This link is older than your game" in message(game)
    assert game.position() == mine and registry(game, opened=False) == stored
    # The same link twice, and in a second tab: no duplicate entry.
    latest = link_of(game)
    open_link(game, latest, f"document.body.dataset.position === '{mine}'")
    tab = type(game)(game.page.context.new_page(), game.base_url)
    open_link(tab, latest, f"document.body.dataset.position === '{mine}'")
    assert len(registry(game)) == 1 and registry(game)[0]["moves"] == 3
    tab.page.close()
    # Broken links: the reason, nothing stored, the game on screen and the saved game intact.
    other = "diamonds" if game.NAME == "dvonn" else "dvonn"
    page = latest.split(link_format.PREFIX)[0]
    bad = link_format.Link(game.NAME, "zzzzzzzz", "white", {}, None, ["pass", "pass", "pass"] if game.NAME == "diamonds"
                           else ["F3", "F3"])
    for url, reason in ((latest[:-12], "cut short"), (page + "#game=hello", "not a game link of this site"),
                        (page + link_format.PREFIX + link_format.pack(bad), "cannot be played"),
                        (edited(latest, game, 3, name=other), "this is the"),
                        (page + "#game=1ab%cd", "cannot be in it")):
        before = game.page.evaluate("document.body.dataset.rejectedAt || ''")
        open_link(game, url, f"(document.body.dataset.rejectedAt || '') !== '{before}'")
        assert reason in message(game) and "Nothing was changed" in message(game), (url, message(game))
        assert game.position() == mine and registry(game, opened=False) == stored
        assert game.page.evaluate("k => localStorage.getItem(k)", game.SAVE_KEY) == saved
    # A link whose moves differ from mine (same game id): both kept, I choose.
    rules = game.rules()
    theirs = registry(game)[0]
    moves = read(game, theirs["value"]).moves
    for move in moves[:2]:
        rules.play(move)
    alternative = next(str(m) for m in rules.legal_moves() if str(m) != moves[2] and len(str(m)) <= 4)
    mixed = edited(latest, game, 2, [alternative])
    open_link(game, mixed, "document.querySelector('[data-testid=link-message]').hidden === false")
    assert "differ from your game's from move 3" in message(game)
    assert game.position() == mine and game.page.get_by_test_id("link-choice").is_visible()
    assert len(registry(game)) == 1 and "other" in registry(game)[0]
    game.page.get_by_test_id("link-take-theirs").click()
    game.page.wait_for_function(f"document.body.dataset.position !== '{mine}'")
    assert game.history()[-1] == alternative and len(registry(game)) == 1
    assert registry(game)[0]["other"] == stored[0]["value"]  # my earlier game is kept too


def test_two_tabs_moving_the_same_game_lose_no_move(game: GamePage, friend: GamePage) -> None:
    start_by_link(game)
    game.play(game.simple_move())
    open_link(friend, link_of(game))
    friend.play(friend.simple_move())
    url = link_of(friend)
    open_link(game, url, "document.body.dataset.ply === '2'")
    tab = type(game)(game.page.context.new_page(), game.base_url)
    open_link(tab, url, "document.body.dataset.ply === '2'")
    moves = tab.game().legal_moves()
    one, two = str(moves[0]), str(moves[-1])
    game.play(one.split()[0] if game.NAME == "diamonds" and ">" in one else one)
    played = game.history()[-1]
    tab.play(two.split()[0] if game.NAME == "diamonds" and ">" in two else two)
    assert "changed elsewhere" in message(tab)
    assert read(game, registry(game)[0]["value"]).moves[-1] == played
    tab.page.close()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_the_share_step_and_the_list_fit_the_screen(game: GamePage, size: tuple[int, int],
                                                      artifacts: Path) -> None:
    """On a phone and a desktop: the link to send and the list stay inside the screen's width."""
    width, height = size
    game.page.set_viewport_size({"width": width, "height": height})
    start_by_link(game, **{"link-my-name": "Ann", "link-friend-name": "Bo"})
    game.play(game.simple_move())
    link_of(game)
    name = "phone" if width < 600 else "desktop"
    game.page.get_by_test_id("link-url").scroll_into_view_if_needed()
    game.page.screenshot(path=str(artifacts / f"by-link-share-{game.NAME}-{name}.png"))
    assert game.page.evaluate("document.documentElement.scrollWidth") <= width
    game.page.get_by_test_id("links-list").scroll_into_view_if_needed()
    game.page.screenshot(path=str(artifacts / f"by-link-list-{game.NAME}-{name}.png"))
    box = game.page.get_by_test_id("link-game-item").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


def test_the_pie_rule_swaps_the_sides_of_a_game_by_link(diamonds: GamePage, friend: GamePage) -> None:
    """Diamonds & Pivots: the friend swaps sides after the first drop; each page then holds the
    other colour, and the page that opens a link knows which side is its own after the swap."""
    game = diamonds
    start_by_link(game)
    assert data(game, "mySide") == "black"
    game.play("e1")
    open_link(friend, link_of(game))
    assert data(friend, "mySide") == "white"
    friend.play("swap")
    assert data(friend, "mySide") == "black"  # the friend now holds Black, and White (mine) moves
    open_link(game, link_of(friend), "document.body.dataset.ply === '2'")
    assert data(game, "mySide") == "white" and game.page.title().startswith("Your move")
    game.play(game.simple_move())
    open_link(friend, link_of(game), "document.body.dataset.ply === '3'")
    assert data(friend, "mySide") == "black" and friend.page.title().startswith("Your move")


def test_the_german_page_offers_games_by_link_in_german(page: Any, base_url: str) -> None:
    """de/index.html: the box, the dialog, the status and title of a game by link, and the refusal of a
    broken link, in German (kernel/by_link.py and link_format.py through the page's catalog)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "de/index.html#game=hello")
    page.wait_for_function("document.body.dataset.ready === 'true' && document.body.dataset.rejectedAt")
    box = page.get_by_test_id("link-message")
    assert box.inner_text().strip() == ("Dieser Link lässt sich nicht öffnen: er ist kein Partie-Link dieser Website "
                                        "(er beginnt nicht mit Format 1). Nichts wurde geändert oder gespeichert.")
    assert page.get_by_test_id("by-link").inner_text().strip() == "Per Link gegen jemanden spielen…"
    page.get_by_test_id("by-link").click()
    assert page.get_by_test_id("by-link-start").inner_text().strip() == "Partie beginnen"
    page.get_by_test_id("link-friend-name").fill("Bo")
    page.get_by_test_id("by-link-start").click()
    page.wait_for_function("document.body.dataset.linkGame && document.body.dataset.mySide")
    side = {"white": "Weiß", "black": "Schwarz"}[str(page.evaluate("document.body.dataset.mySide"))]
    assert page.get_by_test_id("link-status").inner_text().strip() == f"Du bist am Zug (du spielst {side})."
    assert page.title().startswith("Du bist am Zug · ")
    assert page.get_by_test_id("links-list").inner_text().count("Bo · du bist am Zug · 0 Züge · geöffnet") == 1
    assert not errors, errors
