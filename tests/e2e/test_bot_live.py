"""The bot's live search on both game pages (issue 42): the progress line under the board while it
thinks, "Move now", and a new game or an undo while it thinks.

Every test holds the bot (``body.dataset.holdBot``, kernel/bot_live.py): it searches without a clock
until "Move now", so the test decides when the bot moves and never races it.
"""

from __future__ import annotations

import re
import time

from .app import GamePage

# The bot searches and may be told to move: a search that was stopped (the game changed: choosing the
# players in the form hands a side to the bot at once, then "New game" stops that search) still
# thinks until it answers, with "Move now" disabled; the next search enables it.
THINKING = ("document.body.dataset.botThinking === 'true'"
            " && !document.querySelector('[data-testid=move-now]').disabled")
NOT_THINKING = "document.body.dataset.botThinking === 'false'"


def hold(game: GamePage) -> None:
    game.wait_bot_ready()
    game.page.evaluate("document.body.dataset.holdBot = 'true'")


def progress(game: GamePage) -> tuple[int, str, int] | None:
    """The progress line's depth, best move so far and seconds (None before the first report)."""
    text = game.text("bot-progress")
    found = re.fullmatch(r"Depth (\d+), best move so far (.+), (\d+) s", text)
    return (int(found[1]), found[2], int(found[3])) if found else None


def wait_depth(game: GamePage, depth: int) -> None:
    game.page.wait_for_function(
        "d => { const m = /^Depth (\\d+),/.exec(document.querySelector('[data-testid=bot-progress]').textContent);"
        " return m && +m[1] >= d; }", arg=depth, timeout=90_000)


def test_the_progress_line_deepens_and_move_now_plays_the_best_move_so_far(game: GamePage) -> None:
    hold(game)
    human = game.bot_thinks()
    game.page.wait_for_function(THINKING, timeout=30_000)
    assert game.page.get_by_test_id("bot-progress").is_visible()
    assert game.page.get_by_test_id("move-now").is_enabled()
    wait_depth(game, 1)
    first = progress(game)
    assert first is not None
    wait_depth(game, first[0] + 1)  # the bot is held: it deepens until told to move
    later = progress(game)
    assert later is not None and later[0] > first[0]
    before = game.position()
    assert game.page.evaluate("document.body.dataset.toMove") != human
    clicked = time.perf_counter()
    game.page.get_by_test_id("move-now").click()
    game.page.wait_for_function("p => document.body.dataset.position !== p", arg=before, timeout=10_000)
    print(f"\n{game.NAME}: from Move now to the move on the board {1000 * (time.perf_counter() - clicked):.0f} ms "
          f"(depth {later[0]} reached)")
    game.page.wait_for_function(NOT_THINKING)
    assert game.page.get_by_test_id("bot-progress").is_hidden()
    assert game.page.evaluate("document.body.dataset.toMove") == human
    played = game.history()[-1]
    assert game.is_legal(played, before)


def test_a_new_game_while_the_bot_thinks_leaves_no_stale_move(game: GamePage) -> None:
    hold(game)
    game.bot_thinks()
    game.page.wait_for_function(THINKING, timeout=30_000)
    wait_depth(game, 1)
    game.new_game(**game.players("human", "human"))
    start = game.rules().position()
    game.page.wait_for_function(NOT_THINKING, timeout=10_000)  # the worker stopped the search
    game.page.wait_for_timeout(500)
    assert game.position() == start
    assert game.history() == []
    assert "bot" not in game.notice().lower()


def test_an_undo_while_the_bot_thinks_leaves_no_stale_move(game: GamePage) -> None:
    hold(game)
    if game.NAME == "diamonds":
        game.new_game(**game.players("human", "bot"), level="hard")
        start = game.position()
        game.bot_thinks()  # a drop the bot does not swap: it searches its answer
    else:
        game.new_game(**game.players("human", "bot"), level="hard", random_setup=True)
        start = game.position()
        game.play(game.simple_move())
    game.page.wait_for_function(THINKING, timeout=30_000)
    wait_depth(game, 1)
    game.page.get_by_test_id("undo").click()
    game.page.wait_for_function("p => document.body.dataset.position === p", arg=start)
    game.page.wait_for_function(NOT_THINKING, timeout=10_000)
    game.page.wait_for_timeout(500)
    assert game.position() == start and game.history() == []
    assert game.page.get_by_test_id("redo").is_enabled()


def test_the_page_answers_clicks_while_the_bot_thinks(game: GamePage) -> None:
    hold(game)
    game.bot_thinks()
    game.page.wait_for_function(THINKING, timeout=30_000)
    wait_depth(game, 1)
    slowest = 0.0
    for _ in range(4):
        flipped = game.page.evaluate("document.body.dataset.flipped")
        clicked = time.perf_counter()
        game.page.get_by_test_id("flip").click()
        game.page.wait_for_function("f => document.body.dataset.flipped !== f", arg=flipped, timeout=10_000)
        slowest = max(slowest, time.perf_counter() - clicked)
    print(f"\n{game.NAME}: slowest of 4 flips while the bot thinks {1000 * slowest:.0f} ms")
    assert game.page.evaluate(THINKING)  # the bot was still thinking all along
    game.page.get_by_test_id("move-now").click()
    game.page.wait_for_function(NOT_THINKING, timeout=10_000)


def test_a_player_chosen_in_the_form_takes_that_side_in_the_game_on_the_board(game: GamePage) -> None:
    """The form's players apply at once, to the game on the board (kernel/page.py ``on_player``): that
    is how a position opened from a link or the editor is played against the bot, with no new game
    (which would start from the beginning).  The bot given the side not to move waits for its turn; the
    bot given the side to move searches at once; a side handed back to a player while the bot searches
    its move stops that search, and no move of the bot's is played."""
    hold(game)
    page = game.page
    game.new_midgame()  # both sides human
    game.play(game.simple_move())
    before, history = game.position(), game.history()
    mover = str(page.evaluate("document.body.dataset.toMove"))
    other = "black" if mover == "white" else "white"
    page.get_by_test_id(other + "-player").select_option("bot")  # not its turn: it waits
    assert page.evaluate("document.body.dataset.botThinking !== 'true'")
    page.get_by_test_id(mover + "-player").select_option("bot")  # the bot takes the side to move at once
    page.wait_for_function(THINKING, timeout=30_000)
    wait_depth(game, 1)
    assert game.position() == before and game.history() == history  # the same game, not a new one
    page.get_by_test_id(mover + "-player").select_option("human")  # handed back: its search stops
    page.wait_for_function(NOT_THINKING, timeout=10_000)
    page.wait_for_timeout(500)
    assert game.position() == before and game.history() == history
    mine = game.simple_move()
    game.play(mine)  # the player moves; the bot holding the other side answers when told to
    page.wait_for_function(THINKING, timeout=30_000)
    wait_depth(game, 1)
    after = game.position()
    page.get_by_test_id("move-now").click()
    page.wait_for_function("p => document.body.dataset.position !== p", arg=after, timeout=10_000)
    page.wait_for_function(NOT_THINKING)
    played = game.history()
    assert played[:len(history) + 1] == [*history, mine] and len(played) == len(history) + 2
    assert game.is_legal(played[-1], after)
    assert page.evaluate("document.body.dataset.toMove") == mover
