"""The bot, in a Pyodide web worker: a position string in, a move text out.

Never touches the DOM (so the page needs no cross-origin isolation).  Uses
``dvonn_core.bot`` when the package has it, else a seeded random legal move.

``diamonds_move`` is the Diamonds & Pivots bot (``dvonn_core.diamonds.bot``), for
that game's page, which starts this same worker.

``think`` serves the hint and the game analysis: the move the bot prefers in a position
and its score, so the page's main thread never searches.

``search`` is the live search, for the bot's moves: it posts its progress (depth reached, best
move so far, score, nodes, seconds) on a ``BroadcastChannel`` the page names while it searches,
and :func:`stop` ends it at once with the best move found so far ("Move now", a new game, an
undo).  The search stays one plain synchronous call into the core: the core calls a hook every
so many nodes, and the hook, every :data:`TURN_EVERY` seconds, gives the worker's event loop a
turn through WebAssembly stack switching (JSPI: ``pyodide.ffi.run_sync``), in which a ``stop``
call from the page is served.  Without JSPI the progress is still posted, and the page plays the
best move reported so far itself.  Nothing needs cross-origin isolation (no SharedArrayBuffer).
"""

import json
import random
import time

from dvonn_core import Game
from dvonn_core.dvonn.game import text_of

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional

    # The bot's entry points, or None in a rules core without the bot (see the import below).
    _choose_code = None  # type: Optional[Callable[..., int]]
    _choose_move_text = None  # type: Optional[Callable[..., str]]

try:
    from dvonn_core.dvonn.bot import choose_code as _choose_code
    from dvonn_core.dvonn.bot import choose_move_text as _choose_move_text
except ImportError:  # a rules core without the bot
    _choose_code = _choose_move_text = None

#: Scores beyond this (hundredths of a piece) are won or lost games found by the search.
DECIDED = 50000

#: A live search gives the worker's event loop a turn this often (seconds), and posts its
#: progress at least every PROGRESS_EVERY seconds (and whenever its best move or depth changes).
TURN_EVERY = 0.04
PROGRESS_EVERY = 0.5
#: The tokens of the live searches the page asked to stop.
STOPPED = set()  # type: Any


def choose_move(position, level, seed):
    """The move text the bot plays in ``position`` (level "easy", "medium" or "hard")."""
    if _choose_move_text is not None:
        return _choose_move_text(str(position), str(level), int(seed))
    game = Game.from_position(str(position))
    return str(random.Random(int(seed)).choice(list(game.legal_moves())))


def think(position, level, seed, seconds):
    """``"MOVE SCORE DEPTH NODES"`` for ``position``: the bot's move, and its score for the side to
    move in hundredths of a piece (``-`` during placement, where the bot scores cells, not
    pieces).  A won or lost game found by the search is reported as its final piece margin
    times 100 plus or minus 5000, so that it stays on a readable scale."""
    game = Game.from_position(str(position))
    if _choose_code is None:
        return "%s - 0 0" % choose_move(position, level, seed)
    info = {}  # type: Dict[str, Any]
    # The search's scores only (no exact solver's proof): the analysis compares successive positions' scores.
    code = _choose_code(game, str(level), int(seed), float(seconds), info, solve=False)
    return answer(text_of(code), dvonn_score(game, info.get("score")), info)


def score(game_kind, position, nodes):
    """:func:`think`'s answer for the game analysis: :func:`study` of ``position`` to ``nodes`` nodes,
    with no clock, so that a position gets the same score on every run and every device."""
    return study(game_kind, position, nodes, 0)


def study(game_kind, position, nodes, seconds):
    """The study tools' look at ``position`` (the game analysis, the hint; the analysis board's search
    with one line): the study search (``dvonn_core.<game>.study``, the hard bot's search) to ``nodes``
    nodes (searches stop through their hook, which they call every so many nodes) or, with ``nodes``
    0, for ``seconds``, answered as :func:`think` does.  The same position and budget get the same
    move and score as the analysis board's best line (its search with one line)."""
    enough = int(nodes)
    until = time.time() + float(seconds)

    def stop(search):
        return search.nodes >= enough if enough else time.time() > until

    if str(game_kind) == "diamonds":
        from dvonn_core.diamonds import DiamondsGame
        from dvonn_core.diamonds.study import StudySearch as DiamondsStudy

        dgame = DiamondsGame.from_position(str(position))
        if dgame.can_swap or not (dgame.bits[0] or dgame.bits[1]):  # the pie rule's turns: the bot's choice
            return diamonds_think(position, "hard", 1, seconds or 0.5)
        turns = DiamondsStudy(dgame, 1, hook=stop)
        lines = turns.deepen()
        if not lines:
            return "pass - 0 %d" % turns.nodes
        value, moves = lines[0]
        return "%s %s %d %d" % (moves[0] if moves else "pass", diamonds_score(value), turns.completed, turns.nodes)
    game = Game.from_position(str(position))
    if _choose_code is None:
        return "%s - 0 0" % choose_move(position, "hard", 1)
    if game.placed < 49:
        return think(position, "hard", 1, seconds or 1.0)
    from dvonn_core.dvonn.endgame import OutOfTime
    from dvonn_core.dvonn.study import StudySearch, StudyStopped, exact_moves, solvable

    if not enough and solvable(game):  # the hint: the exact solver first, as the analysis board
        half = time.time() + float(seconds) / 2
        try:
            found = exact_moves(game, 0, lambda solver: time.time() > half)
            code, margin = found[0]
            return "%s %s 0 0" % (text_of(code), dvonn_score(game, _exact_score(margin)))
        except (StudyStopped, OutOfTime):
            pass  # not within half the time: the search, with what is left
    search = StudySearch(game, 1, hook=stop)
    search.deepen()
    if not search.completed:
        return "%s - 0 %d" % (text_of(game.legal_codes()[0]), search.nodes)
    # The move: one that beat the best in the depth under way when the budget ran out, as the bot plays.
    code = search.partial or search.best
    return "%s %s %d %d" % (text_of(code), dvonn_score(game, search.best_score), search.completed, search.nodes)


def exact(position, nodes):
    """The exact solver's answer for every legal move of a DVONN ``position``, as JSON (see
    :func:`exact_report`), within ``nodes`` nodes in all; "" where it does not reach (too many stacks,
    or not solved within the nodes): the game analysis's exact marks."""
    from dvonn_core.dvonn.endgame import OutOfTime
    from dvonn_core.dvonn.study import exact_moves, solvable

    game = Game.from_position(str(position))
    if not solvable(game):
        return ""
    try:
        return json.dumps(exact_report(game, exact_moves(game, int(nodes))))
    except OutOfTime:
        return ""


def dvonn_score(game, score):
    """A DVONN search score as the page reads it (see :func:`think`): "-" when there is none."""
    if score is None or game.placed < 49:
        return "-"
    score = int(score)
    if score > DECIDED:
        score = 5000 + (score - 100000) * 100
    elif score < -DECIDED:
        score = -5000 + (score + 100000) * 100
    return str(score)


def answer(move, score, info):
    """The worker's answer: ``"MOVE SCORE DEPTH NODES"``."""
    return "%s %s %d %d" % (move, score, int(info.get("depth") or 0), int(info.get("nodes") or 0))


def diamonds_move(position, level, seed):
    """The Diamonds & Pivots turn the bot plays in ``position`` (a position string), as text."""
    from dvonn_core.diamonds import DiamondsGame
    from dvonn_core.diamonds.bot import choose_move as diamonds_choose

    game = DiamondsGame.from_position(str(position))
    return str(diamonds_choose(game, str(level), int(seed)))


def diamonds_think(position, level, seed, seconds):
    """``"TURN SCORE DEPTH NODES"`` for a Diamonds & Pivots ``position``, as :func:`think`: the turn
    (which holds spaces: the page splits the last three fields off) and its score for the side to
    move in hundredths of a stone, a finished game as its final margin times 100 plus or minus
    5000."""
    from dvonn_core.diamonds import DiamondsGame
    from dvonn_core.diamonds.bot import choose_move as diamonds_choose

    game = DiamondsGame.from_position(str(position))
    info = {}  # type: Dict[str, Any]
    move = str(diamonds_choose(game, str(level), int(seed), float(seconds), info))
    return answer(move, diamonds_score(info.get("score")), info)


def diamonds_score(score):
    """A Diamonds & Pivots search score as the page reads it (see :func:`diamonds_think`)."""
    from dvonn_core.diamonds.bot import WIN

    if score is None:
        return "-"
    score = int(score)
    if score >= WIN // 2:
        score = 5000 + (score - WIN) * 100
    elif score <= -WIN // 2:
        score = -5000 + (score + WIN) * 100
    return str(score)


# -- the live search -------------------------------------------------------------------------------
class Live:
    """The hook a live search gives the core: it posts the search's progress on ``channel`` (a
    ``BroadcastChannel`` name, "" for none), gives the event loop a turn, and says to stop once
    :func:`stop` was called with ``token``, or once the search has done depth ``most`` (0: no
    bound).  ``describe(search)`` is ``(depth, move text, score, line)``, the line a list of move
    texts (empty but for an analysis)."""

    def __init__(self, token, channel, describe, most=0):
        self.token = str(token)
        self.most = int(most)
        self.describe = describe
        self.start = self.turn = time.time()
        self.posted = 0.0
        self.shown = None  # the (depth, move) last posted
        self.shown_line = []  # type: List[str]  # the line last posted
        self.channel = None
        if channel:
            import js

            self.channel = js.BroadcastChannel.new(str(channel))
        self.give_turn = turn_giver()
        self.extra = None  # type: Any  # search -> more fields of a report (an analysis's lines)

    def __call__(self, search):
        now = time.time()
        if now - self.turn < TURN_EVERY:
            return False
        self.turn = now
        self.report(search, now)
        if self.give_turn is not None:
            self.give_turn()
        return self.token in STOPPED or bool(self.most and search.completed >= self.most)

    def report(self, search, now, final=False):
        """Post the search's progress when its depth or best move changed, or now and then."""
        if self.channel is None:
            return
        depth, move, score, line = self.describe(search)
        if not final and (depth, move) == self.shown and now - self.posted < PROGRESS_EVERY:
            return
        self.shown = (depth, move)
        self.shown_line = line
        self.posted = now
        message = {"token": self.token, "depth": depth, "move": move, "score": score, "nodes": search.nodes,
                   "seconds": round(now - self.start, 2), "line": line, "final": final}
        if self.extra is not None:
            message.update(self.extra(search))
        self.channel.postMessage(json.dumps(message))

    def turn_only(self, solver):
        """The hook of the exact solver: the event loop's turn, and whether to stop (no report)."""
        now = time.time()
        if now - self.turn < TURN_EVERY:
            return False
        self.turn = now
        if self.give_turn is not None:
            self.give_turn()
        return self.token in STOPPED

    def close(self):
        if self.channel is not None:
            self.channel.close()


def turn_giver():
    """A function that gives the worker's event loop one turn (a task, so that a message from the
    page is served) from inside a synchronous search, or None where the runtime cannot (no JSPI)."""
    try:
        from pyodide.code import run_js
        from pyodide.ffi import can_run_sync, run_sync
    except ImportError:  # not in Pyodide
        return None
    if not can_run_sync():
        return None
    # A MessageChannel's message is a task (setTimeout(0) would be clamped to 4 ms once nested).
    next_task = run_js("(() => { const c = new MessageChannel(); const waiting = [];"
                       " c.port1.onmessage = () => waiting.shift()();"
                       " return () => new Promise((r) => { waiting.push(r); c.port2.postMessage(0); }); })()")

    def give_turn():
        run_sync(next_task())

    return give_turn


def stop(token):
    """Stop the live search of ``token`` (it answers with its best move so far); a search not yet
    started stops at once."""
    STOPPED.add(str(token))
    return "stopping"


_LOCK = []  # type: List[Any]  # the asyncio.Lock that runs live searches one at a time (made in the worker's loop)


#: The moves of the best line an analysis reports (see :func:`analyse`).
LINE_PLIES = 8
#: The analysis board's DVONN search deepens to this depth before it asks the exact solver, where it
#: reaches (a first evaluation within a moment), and the solver gives up after EXACT_NODES nodes (the
#: search goes on then).  The game analysis gives it the page's EXACT_NODES a position (kernel/page.py).
EXACT_AFTER = 4
EXACT_NODES = 3000000


async def analyse(game_kind, position, token, channel, most=0, lines=3):
    """The analysis board's search of ``position``: the study tools' search (``dvonn_core.<game>.study``:
    the hard bot's, keeping the best ``lines`` moves exact, with no clock and no exact solver in the
    search itself, so its scores are on one scale), until :func:`stop` with ``token``; its progress
    reports carry the ``lines`` best moves with their scores and lines (up to :data:`LINE_PLIES`
    moves; in Diamonds & Pivots, turns), and in a DVONN position the exact solver reaches every legal
    move's exact final margin (``exact``).  ``most`` (the browser tests' hook; 0 for none): the search
    ends once it has done that depth, then waits for :func:`stop`, so that a test reads lines that no
    longer change.  Answers as :func:`think` does."""
    import asyncio

    if not _LOCK:
        _LOCK.append(asyncio.Lock())
    async with _LOCK[0]:
        token = str(token)
        try:
            if str(game_kind) == "diamonds":
                text = _diamonds_study(position, token, channel, int(lines), int(most))
            else:
                text = _dvonn_study(position, token, channel, int(lines), int(most))
            while token not in STOPPED:
                await asyncio.sleep(0.02)
            return text
        finally:
            STOPPED.discard(token)


def _dvonn_study(position, token, channel, lines, most):
    """:func:`analyse` of a DVONN position."""
    from dvonn_core.dvonn.endgame import OutOfTime
    from dvonn_core.dvonn.study import StudySearch, StudyStopped, exact_moves, solvable

    game = Game.from_position(str(position))
    if game.placed < 49:  # placement: the bot scores cells, not pieces (its move, as the analysis had it)
        return _dvonn_live(position, "hard", 1, token, channel, True, LINE_PLIES, most)

    def describe(s):
        code = s.partial or s.best
        line = [text_of(c) for c in s.line(game, s.best, LINE_PLIES)] if s.best else []
        return (s.completed, text_of(code) if code else "", dvonn_score(game, s.best_score if s.completed else None),
                line)

    def study_lines(s):
        return {"lines": [{"move": text_of(moves[0]), "score": dvonn_score(game, score),
                           "line": [text_of(c) for c in moves]}
                          for score, moves in s.principal(game, LINE_PLIES) if moves]}

    live = Live(token, channel, describe, most)
    live.extra = study_lines
    search = StudySearch(game, lines, hook=live)
    try:
        if solvable(game):
            live.most = min(most, EXACT_AFTER) if most else EXACT_AFTER
            search.deepen()
            if token in STOPPED:
                return _study_final(live, search, game)
            try:
                return _exact_final(live, game, exact_moves(game, EXACT_NODES, live.turn_only), search, lines)
            except StudyStopped:
                return _study_final(live, search, game)
            except OutOfTime:
                pass
            live.most = most
            search = StudySearch(game, lines, hook=live)  # the solver could not: search on
        search.deepen()
        return _study_final(live, search, game)
    finally:
        live.close()


def exact_report(game, exact):
    """The exact solver's answer for every move of ``game`` (a DVONN game): ``[{move, outcome, margin}]``,
    best first, the outcome ``win``, ``draw`` or ``loss`` for the side to move."""
    return [{"move": text_of(code), "margin": margin,
             "outcome": "win" if margin > 0 else "loss" if margin < 0 else "draw"} for code, margin in exact]


def _exact_score(margin):
    """The search's score of a game that ends with ``margin`` (for the side to move)."""
    from dvonn_core.dvonn.bot import WIN

    return WIN + margin if margin > 0 else -WIN + margin if margin < 0 else 0


def _exact_final(live, game, exact, search, lines):
    """The final report of an exact result: the ``lines`` best moves as the lines (their evaluation the
    final margin), every move's mark (``exact``), at the depth the search had done before."""
    best, margin = exact[0]
    score = dvonn_score(game, _exact_score(margin))
    text = "%s %s %d %d" % (text_of(best), score, search.completed, search.nodes)
    if live.channel is not None:
        shown = [{"move": text_of(code), "score": dvonn_score(game, _exact_score(m)), "line": [text_of(code)]}
                 for code, m in exact[:lines]]
        live.channel.postMessage(json.dumps({
            "token": live.token, "depth": search.completed, "move": text_of(best), "score": score,
            "nodes": search.nodes,
            "seconds": round(time.time() - live.start, 2), "line": [text_of(best)], "final": True,
            "lines": shown, "exact": exact_report(game, exact)}))
    return text


def _study_final(live, search, game):
    code = search.best
    score = dvonn_score(game, search.best_score if search.completed else None)
    text = "%s %s %d %d" % (text_of(code) if code else "-", score, search.completed, search.nodes)
    if live.channel is not None:
        live.report(search, time.time(), True)
    return text


def _diamonds_study(position, token, channel, lines, most):
    """:func:`analyse` of a Diamonds & Pivots position."""
    from dvonn_core.diamonds import DiamondsGame
    from dvonn_core.diamonds.study import StudySearch

    game = DiamondsGame.from_position(str(position))
    if game.can_swap or not (game.bits[0] or game.bits[1]):  # the pie rule's turns: the bot's choice, no score
        return _diamonds_live(position, "hard", 1, token, channel, False, LINE_PLIES, most)

    def describe(s):
        if not s.completed or not s.pvs:
            return 0, "", "-", []
        score, moves = s.pvs[0]
        return s.completed, str(moves[0]) if moves else "pass", diamonds_score(score), [str(m) for m in moves]

    def study_lines(s):
        return {"lines": [{"move": str(moves[0]) if moves else "pass", "score": diamonds_score(score),
                           "line": [str(m) for m in moves]} for score, moves in s.pvs]}

    live = Live(token, channel, describe, most)
    live.extra = study_lines
    search = StudySearch(game, lines, hook=live)
    try:
        search.deepen(LINE_PLIES * 8)
        depth, move, score, _ = describe(search)
        if live.channel is not None:
            live.report(search, time.time(), True)
        return "%s %s %d %d" % (move or "pass", score, depth, search.nodes)
    finally:
        live.close()


async def search(game_kind, position, level, seed, token, channel, hold, line=0, most=0):
    """The bot's move at ``level`` in ``position``, as :func:`think` answers (``"MOVE SCORE DEPTH
    NODES"``), searched live: its progress goes to ``channel`` and :func:`stop` with ``token`` ends
    it.  ``game_kind``: "dvonn" or "diamonds".  ``hold`` (the browser tests' hook): search without
    a clock, then wait, until :func:`stop` is called, so a test decides when the bot moves; ``most``:
    the depth after which the search ends (0: none)."""
    import asyncio

    if not _LOCK:
        _LOCK.append(asyncio.Lock())
    async with _LOCK[0]:  # a search asked for while another is stopping waits for its end
        token = str(token)
        try:
            if str(game_kind) == "diamonds":
                text = _diamonds_live(position, level, seed, token, channel, hold, int(line), most)
            else:
                text = _dvonn_live(position, level, seed, token, channel, hold, int(line), most)
            while hold and token not in STOPPED:
                await asyncio.sleep(0.02)
            return text
        finally:
            STOPPED.discard(token)


def _dvonn_live(position, level, seed, token, channel, hold, line=0, most=0):
    """``line``: the plies of the best line to report (an analysis: no exact solver either)."""
    game = Game.from_position(str(position))
    if _choose_code is None:
        return "%s - 0 0" % choose_move(position, level, seed)

    def describe(s):
        code = s.partial or s.best
        moves = [text_of(c) for c in s.line(game, s.best, line)] if line and s.best else []
        return (s.completed, text_of(code) if code else "", dvonn_score(game, s.best_score if s.completed else None),
                moves)

    live = Live(token, channel, describe, most)
    info = {}  # type: Dict[str, Any]
    try:
        code = _choose_code(game, str(level), int(seed), 1e9 if hold else None, info, solve=not line, hook=live)
        text = answer(text_of(code), dvonn_score(game, info.get("score")), info)
        _post_final(live, info, text)
        return text
    finally:
        live.close()


def _diamonds_live(position, level, seed, token, channel, hold, line=0, most=0):
    """``line``: the turns of the best line to report (an analysis)."""
    from dvonn_core.diamonds import DiamondsGame
    from dvonn_core.diamonds.bot import choose_move as diamonds_choose
    from dvonn_core.diamonds.bot import line_moves

    game = DiamondsGame.from_position(str(position))
    shown = [None, []]  # type: List[Any]  # the line last worked out, and its turns (it changes only with a depth done)

    def describe(s):
        best = s.best
        move = "" if not s.completed else "pass" if best is None else str(game.chain_move(best[1], best[4]))
        if not line:
            return s.completed, move, diamonds_score(s.best_score if s.completed else None), [move] if move else []
        if shown[0] is not s.best_line:
            shown[0] = s.best_line
            shown[1] = [str(m) for m in line_moves(game, s.principal_line()[:line])]
        return s.completed, move, diamonds_score(s.best_score if s.completed else None), shown[1]

    live = Live(token, channel, describe, most)
    info = {}  # type: Dict[str, Any]
    try:
        move = str(diamonds_choose(game, str(level), int(seed), 1e9 if hold else None, info, hook=live,
                                   line=bool(line)))
        text = answer(move, diamonds_score(info.get("score")), info)
        _post_final(live, info, text, [str(m) for m in info.get("line", [])[:line]] if line else None)
        return text
    finally:
        live.close()


def _post_final(live, info, text, line=None):
    """The last progress report: the move the search answers with, at the depth it reached (``line``:
    its best line, when the search gave it; else the line last posted)."""
    if live.channel is None:
        return
    move, score, depth, nodes = text.rsplit(" ", 3)
    live.channel.postMessage(json.dumps({
        "token": live.token, "depth": int(depth), "move": move, "score": score, "nodes": int(nodes),
        "seconds": round(time.time() - live.start, 2), "line": live.shown_line if line is None else line,
        "final": True}))


def ping():
    """"bot" (or "random" in a rules core without the bot), then " live" when a live search can be
    stopped on request (see :func:`search`)."""
    return ("bot" if _choose_move_text is not None else "random") + (" live" if _can_stop() else "")


def _can_stop():
    try:
        from pyodide.ffi import can_run_sync
    except ImportError:
        return False
    import js

    # ping is called synchronously, where run_sync cannot be; what matters is the runtime's JSPI.
    return bool(can_run_sync() or getattr(js.WebAssembly, "Suspending", None) is not None)


__export__ = ["choose_move", "think", "diamonds_move", "diamonds_think", "ping", "search", "stop", "score", "analyse",
              "study", "exact"]
