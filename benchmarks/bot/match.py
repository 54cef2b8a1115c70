"""A match between two bot versions or settings, with Elo, its interval and an SPRT.

A bot change lands only with a result from this harness.  Usage::

    # the working tree against the last commit, 20 human and 20 random starts, both colours (80 games)
    python benchmarks/bot/match.py WORKTREE:hard:0.2 HEAD:hard:0.2 --starts human=20,random=20 --out match.jsonl

    # stop as soon as the sequential test decides between "0 Elo" and "+30 Elo"
    python benchmarks/bot/match.py WORKTREE:hard:0.1 HEAD~3:hard:0.1 --starts human=400,random=400 --sprt 0,30

    # the table again, from the games written by --out
    python benchmarks/bot/match.py --summary match.jsonl

    # hard at its own budget against an external CodeCup program (one game at a time)
    python benchmarks/bot/match.py WORKTREE:hard 'engine:/path/to/player --time=5 --state={state}' --workers 1

Players.  A player is ``REV[:LEVEL[:SECONDS]]`` or ``engine:CMD``:

* ``REV`` is ``WORKTREE`` (the working tree as it is when the match starts, uncommitted changes
  included: its ``dvonn_core`` is copied once into the cache), a git revision (``HEAD~3``, a branch,
  a hash: its ``dvonn_core`` is exported once with ``git archive`` into ``.match-cache/<sha>``), or a
  directory holding a ``dvonn_core`` package (used as it is);
* ``LEVEL`` is ``easy``, ``medium``, ``hard`` or ``master`` (default ``hard``);
* ``SECONDS`` is the time per move (default: the level's own budget, ``time_limit=None``; for master a
  safety cap, its node budgets still apply), or ``dN``
  for fixed-depth play: every stack move searched to exactly N plies with no clock (``depth=N``; to
  compare programs depth for depth, e.g. ``main:hard:d4`` against ``'engine:... --depth=4'``; versions
  before this option answer with an error);
* ``engine:CMD`` is any program that speaks the CodeCup 2011 protocol, started once per game with
  ``{position}``, ``{moves}``, ``{state}`` and ``{seed}`` in ``CMD`` filled in for the game's start (see
  ``benchmarks/bot/external.py``), its own options (its time, its level) passed through untouched; for example
  ``'engine:python -m dvonn_core engine --level hard --position {position} --seed {seed} --quiet'``.

Each version runs in its own persistent process (one per player per worker), a small bot server
(``SERVER`` below, passed with ``python -I -c``) that puts the version's directory first on
``sys.path``, checks that ``dvonn_core`` was imported from there, and answers one JSON line per
request ``{"start": position or null, "moves": [...], "level": L, "seed": N, "time": T}`` with
``{"move": "E3G3", "seconds": t}``: it rebuilds the game (``Game()`` or ``Game.from_position``, then
``play`` of each move) and calls ``dvonn_core.dvonn.bot.choose_move(game, level, seed, time_limit)``, the
API every version has had since the first bot.  The thinking time is measured in the server, around
``choose_move`` only.  The working tree's ``dvonn_core`` referees: every returned move goes through
``Game.play``; an illegal move, an error or a crash (or no answer within ``--move-timeout``) loses
the game and is logged.

Starts (``--starts KIND=COUNT,...``, default ``human=10,random=10,empty=4``):

* ``human``: the position after the 49 placements of a human-against-human game of
  ``tests/data/boardspace-games.txt`` (neither player name in ``DV-<p1>-<p2>-<date>.sgf`` contains
  "bot": Dumbot, SmartBot, BestBot, WeakBot, ...), chosen by ``--seed``; the movement phase only;
* ``random``: ``dvonn_core.dvonn.setup.random_setup(s)`` with ``s`` drawn from ``--seed``;
* ``empty``: the empty board, placement included;
* ``late``: the position of a human game (as for ``human``) where at most 26 stacks are left
  (:data:`LATE_STACKS`), to measure a change of the late game where it acts.

Each start is played twice, the colours swapped, and the two games are scheduled together, so
with two workers they run at the same time.  The bots' seeds are derived from ``--seed``, the game
number and the ply, so a match is reproducible (except where a timed search depends on the clock).

Output.  ``--out FILE`` gets one JSON line per game as it ends (players, start, colours, moves,
final score, result and piece margin from player A's view, think times, error if any).  The table,
per pairing, from A's view: games, wins-draws-losses, score, mean piece margin (games that ended by
an error are left out of it), the Elo difference and its 95% interval, the same per kind of start
when there are several (with each side's think time a game), and per player the longest think, its
budget, the total think time and the time a game.  Ctrl-C stops the match and prints the table so far.

Clocks.  A timed bot (hard at its budget, or any ``SECONDS``) reads the wall clock: on a machine loaded by other
work it searches less than on an idle one, and loses strength.  ``--cpu-clock`` makes every clock of our bots'
``dvonn_core`` read the bot process's CPU time instead (``time.process_time``), and their think times are then
CPU seconds: a budget of one second is a second of search, however loaded the machine.  (An external program
keeps its own clock; a build of it that reads CPU time is the way to the same end.)  Master's moves depend on
node budgets only, with or without it.

Resuming.  ``--resume`` (with ``--out``) continues a match that was stopped, possibly in an earlier session:
the games already in the ``--out`` file between the same two players (same specs and versions) and of a run
with the same ``--seed`` are not played again, and the new games get that run's id, so that a start's two games
count as a pair even when they were played in different sessions.  The same ``--starts`` and ``--seed`` give
the same starts in the same order, so the file grows to the whole match.

Statistics.  Elo is the logistic Elo of the score ``s``: ``-400 log10(1/s - 1)``.  The interval
is computed from the *pentanomial* distribution of game pairs (each start played with both colours
scores 0, 1/2, 1, 3/2 or 2 for A): the mean pair score ``m`` and its standard error
``sqrt(var / pairs)`` give ``m +- 1.96 se``, turned into Elo; pairs with only one game played are
left out of it (when no pair is complete, the per-game trinomial distribution is used instead).
``--sprt elo0,elo1`` runs a sequential test of H0 "A is elo0 better" against H1 "elo1 better"
(logistic Elo, ``--alpha``/``--beta`` default 0.05): after every complete pair it computes the
generalised log-likelihood ratio of the pentanomial results with the normal approximation of
fishtest (``LLR = pairs * (s1 - s0) * (2 m - s0 - s1) / (2 var)``, ``s0``/``s1`` the expected pair
scores under elo0/elo1, empty pentanomial cells counted as 0.001 as fishtest does) and stops as
soon as it leaves ``[log(beta/(1-alpha)), log((1-beta)/alpha)]``, reporting which bound it crossed.
The approximation needs a sample: with a handful of identical pairs the variance is nearly zero and
the LLR huge, so the test never stops before ``--sprt-min-pairs`` complete pairs (default 10).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import queue
import random
import re
import select
import shutil
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the checkout

from benchmarks.bot import external  # noqa: E402
from dvonn_core.common.portable import popcount  # noqa: E402
from dvonn_core.dvonn.bot import MAX_DEPTH  # noqa: E402
from dvonn_core.dvonn.game import Game  # noqa: E402
from dvonn_core.dvonn.setup import random_setup  # noqa: E402

CACHE = ROOT / ".match-cache"
HUMAN_GAMES = ROOT / "tests" / "data" / "boardspace-games.txt"
LEVELS = ("easy", "medium", "hard", "master")
START_KINDS = ("human", "random", "empty", "late")
#: A ``late`` start is a human game's first position with at most this many stacks (see :func:`human_starts`).
LATE_STACKS = 26
DEFAULT_STARTS = "human=10,random=10,empty=4"
Z95 = 1.959963984540054

# ---------------------------------------------------------------------- statistics


def elo(score: float) -> float:
    """The logistic Elo difference of a score in [0, 1] (infinite at 0 and 1).

    >>> round(elo(0.75), 1)
    190.8
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def expected_score(elo_diff: float) -> float:
    """The score that a logistic Elo difference predicts (the inverse of :func:`elo`)."""
    return 1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0))


def mean_var(values: "list[float]", weights: "list[float]") -> "tuple[float, float]":
    """Mean and (population) variance of ``values`` weighted by ``weights``."""
    n = sum(weights)
    mean = sum(v * w for v, w in zip(values, weights)) / n
    var = sum(w * (v - mean) ** 2 for v, w in zip(values, weights)) / n
    return mean, var


PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # a pair's score (0, 1/2, 1, 3/2 or 2 points) per game


def pentanomial(pair_points: "list[float]") -> "list[int]":
    """How many pairs scored 0, 1/2, 1, 3/2 and 2 points."""
    counts = [0] * 5
    for p in pair_points:
        counts[int(round(2 * p))] += 1
    return counts


def elo_interval(counts: "list[int]", values: "tuple[float, ...]" = PAIR_SCORES) -> "tuple[float, float, float]":
    """(Elo, low, high): the Elo of the mean score and its 95% interval from a distribution.

    ``counts[i]`` units (pairs, or games with ``values=(0, 0.5, 1)``) scored ``values[i]`` each.
    """
    n = sum(counts)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean, var = mean_var(list(values), [float(c) for c in counts])
    se = math.sqrt(var / n)
    return elo(mean), elo(mean - Z95 * se), elo(mean + Z95 * se)


def llr(counts: "list[int]", elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) for pentanomial pair counts.

    The normal approximation of fishtest (``LLR_alt2``): ``N (s1 - s0) (2 m - s0 - s1) / (2 var)``
    with ``m``, ``var`` the mean and variance of the pair scores (per game, in [0, 1]) and
    ``s0``, ``s1`` the scores that elo0 and elo1 predict.  Empty cells count as 0.001 pairs.
    """
    n = sum(counts)
    if n == 0:
        return 0.0
    reg = [c if c > 0 else 1e-3 for c in counts]
    mean, var = mean_var(list(PAIR_SCORES), reg)
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> "tuple[float, float]":
    """The (lower, upper) LLR bounds: below the lower one H0 is accepted, above the upper one H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


# ---------------------------------------------------------------------- players


class Player:
    """A bot version and its settings, from a spec ``REV[:LEVEL[:SECONDS]]``, or an external program (``engine:CMD``)."""

    def __init__(
        self,
        spec: str,
        rev: str,
        level: str,
        seconds: "float | None",
        command: "list[str] | None" = None,
        depth: "int | None" = None,
    ) -> None:
        self.spec = spec
        self.rev = rev
        self.level = level  # "engine" for an external program
        self.seconds = seconds
        self.depth = depth  # fixed-depth play (no clock), instead of seconds
        self.command = command  # the external program's words, placeholders not yet filled in
        self.directory = None  # type: Path | None  # holds the version's dvonn_core
        self.version = ""  # a commit hash, a content hash of the working tree, a path, or the program's path
        self.cpu_clock = False  # the bot's clock reads its process's CPU time (--cpu-clock)

    def describe(self) -> dict:
        out = {"spec": self.spec, "version": self.version, "level": self.level, "seconds": self.seconds}
        if self.cpu_clock:
            out["clock"] = "cpu"
        if self.depth is not None:
            out["depth"] = self.depth
        return out


def parse_player(spec: str) -> Player:
    """A player from ``REV[:LEVEL[:SECONDS]]`` or ``REV:LEVEL:dN`` (the revision part may itself contain ``:``)
    or ``engine:CMD``."""
    if external.is_engine_spec(spec):
        return Player(spec, "", "engine", None, external.parse_command(spec))
    parts = spec.split(":")
    seconds = None
    depth = None
    level = "hard"
    if len(parts) >= 3 and parts[-2] in LEVELS:
        if re.fullmatch(r"d[0-9]+", parts[-1]):
            depth = int(parts[-1][1:])
            if not 1 <= depth <= MAX_DEPTH:
                raise ValueError("player %r: the depth must be 1 to %d plies" % (spec, MAX_DEPTH))
        else:
            try:
                seconds = float(parts[-1])
            except ValueError:
                raise ValueError("player %r: %r is not a number of seconds (or dN, a depth)" % (spec, parts[-1]))
            if not seconds > 0:
                raise ValueError("player %r: the seconds must be positive" % spec)
        level = parts[-2]
        parts = parts[:-2]
    elif len(parts) >= 2 and parts[-1] in LEVELS:
        level = parts[-1]
        parts = parts[:-1]
    rev = ":".join(parts)
    if not rev:
        raise ValueError("player %r has no revision (WORKTREE, a git revision or a directory)" % spec)
    return Player(spec, rev, level, seconds, depth=depth)


def _git(*args: str) -> str:
    return subprocess.run(["git"] + list(args), cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def _fill_once(target: Path, fill) -> Path:  # type: ignore[no-untyped-def]
    """Create ``target`` by ``fill(tmp)`` on a temporary directory renamed into place (safe if two runs race)."""
    if (target / "dvonn_core" / "__init__.py").exists():
        return target
    CACHE.mkdir(exist_ok=True)
    tmp = Path(str(target) + ".tmp%d" % os.getpid())
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        fill(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    try:
        os.rename(tmp, target)
    except OSError:  # another run made it first
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def resolve(player: Player) -> Player:
    """Find or build the directory holding the player's ``dvonn_core`` (or check that its program exists)."""
    if player.command is not None:
        player.version = external.find_program(player.spec, player.command, ROOT)
        return player
    rev = player.rev
    if rev == "WORKTREE":
        core = ROOT / "dvonn_core"
        files = sorted(core.rglob("*.py")) + [core / "py.typed"]
        digest = hashlib.sha256()
        for f in files:
            if f.exists():
                digest.update(f.relative_to(core).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
        player.version = "worktree-" + digest.hexdigest()[:12]

        def copy(tmp: Path) -> None:
            for f in files:
                if f.exists():
                    (tmp / "dvonn_core" / f.relative_to(core)).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(f, tmp / "dvonn_core" / f.relative_to(core))

        player.directory = _fill_once(CACHE / player.version, copy)
    elif os.path.isdir(rev):
        path = Path(rev).resolve()
        if not (path / "dvonn_core" / "__init__.py").exists():
            raise ValueError("player %r: %s holds no dvonn_core package" % (player.spec, path))
        player.version, player.directory = str(path), path
    else:
        try:
            sha = _git("rev-parse", "--verify", "--quiet", rev + "^{commit}")
        except subprocess.CalledProcessError:
            raise ValueError("player %r: %r is neither WORKTREE, a git revision nor a directory" % (player.spec, rev))

        def export(tmp: Path) -> None:
            archive = subprocess.run(["git", "archive", "--format=tar", sha, "dvonn_core"], cwd=ROOT, capture_output=True)
            if archive.returncode != 0:
                raise ValueError("player %r: git archive %s dvonn_core failed: %s" % (player.spec, sha[:12], archive.stderr.decode().strip()))
            subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive.stdout, check=True)

        player.version = sha
        player.directory = _fill_once(CACHE / sha, export)
    core = player.directory / "dvonn_core"
    if not (core / "bot.py").exists() and not (core / "dvonn" / "bot.py").exists():  # before and after dvonn_core/dvonn/
        raise ValueError("player %r: this version of dvonn_core has no bot.py" % player.spec)
    return player


# ---------------------------------------------------------------------- starts


ROBOT = re.compile("bot", re.IGNORECASE)
SGF_NAME = re.compile(r"^DV-(.+)-(\d{4}-\d{2}-\d{2}-\d{4})(\.[A-Za-z]+)*\.sgf$")


def players_of(sgf_name: str) -> "tuple[str, str] | None":
    """The two player names in ``DV-<p1>-<p2>-<yyyy-mm-dd-hhmm>[.resign].sgf`` (None if unclear).

    >>> players_of("DV-Alcalina-Dumbot-2015-07-29-1938.resign.sgf")
    ('Alcalina', 'Dumbot')
    """
    m = SGF_NAME.match(sgf_name)
    if not m:
        return None
    names = m.group(1).split("-")
    if len(names) != 2 or not all(names):
        return None  # a name with a dash would make the split ambiguous
    return names[0], names[1]


def is_human_game(sgf_name: str) -> bool:
    """True when both players are known and neither name contains "bot" (Dumbot, SmartBot, BestBot, WeakBot, ...)."""
    names = players_of(sgf_name)
    return names is not None and not any(ROBOT.search(n) for n in names)


def human_games(path: Path = HUMAN_GAMES) -> "list[tuple[str, list[str]]]":
    """(sgf name, moves) of the human-against-human games of the data file, in file order."""
    out = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            words = line.split()
            if is_human_game(words[0]) and len(words) >= 3 + 49:
                out.append((words[0], words[3:]))
    return out


def human_starts(count: int, seed: int, path: Path = HUMAN_GAMES, stacks: "int | None" = None) -> "list[tuple[str, str]]":
    """``count`` (start id, position after the 49 placements) from human games, chosen by ``seed``; with
    ``stacks``, the first position of the game's movement phase with at most that many stacks where the
    side to move has a choice (ids ``late:...``; games that end before are passed over)."""
    games = human_games(path)
    random.Random(seed).shuffle(games)
    out = []  # type: list[tuple[str, str]]
    for name, moves in games:
        if len(out) == count:
            break
        game = Game()
        try:
            for m in moves[:49]:
                game.play(m)
            if stacks is not None:
                rest = iter(moves[49:])
                while game.phase == "movement" and (popcount(game.occupied) > stacks or len(game.legal_codes()) < 2):
                    game.play(next(rest))
        except (ValueError, StopIteration):
            continue
        if game.phase == "movement":
            out.append(("human:" + name if stacks is None else "late:" + name, game.position()))
    if len(out) < count:
        raise ValueError("only %d %s starts are available, not %d" % (len(out), "human" if stacks is None else "late",
                                                                       count))
    return out


def parse_starts(text: str) -> "dict[str, int]":
    """``human=10,random=10,empty=4`` as a dict."""
    counts = {}  # type: dict[str, int]
    for item in text.split(","):
        kind, _, n = item.strip().partition("=")
        if kind not in START_KINDS or not n.isdigit():
            raise ValueError("bad start %r: write KIND=COUNT with KIND in %s" % (item, ", ".join(START_KINDS)))
        counts[kind] = counts.get(kind, 0) + int(n)
    return counts


def make_starts(counts: "dict[str, int]", seed: int) -> "list[tuple[str, str | None]]":
    """The starts (id, position string or None for the empty board), interleaving the kinds."""
    rng = random.Random(seed)
    by_kind = {}  # type: dict[str, list[tuple[str, str | None]]]
    human_seed = rng.randrange(2**31)  # drawn even without human starts, so the random ones do not depend on it
    by_kind["human"] = list(human_starts(counts["human"], human_seed)) if counts.get("human") else []
    randoms = []  # type: list[tuple[str, str | None]]
    for _ in range(counts.get("random", 0)):
        s = rng.randrange(2**31)
        randoms.append(("random:%d" % s, random_setup(s).position()))
    by_kind["random"] = randoms
    by_kind["empty"] = [("empty:%d" % k, None) for k in range(counts.get("empty", 0))]
    late_seed = rng.randrange(2**31)  # drawn after the others, so that they do not depend on it
    by_kind["late"] = list(human_starts(counts["late"], late_seed, stacks=LATE_STACKS)) if counts.get("late") else []
    out = []  # type: list[tuple[str, str | None]]
    lists = [by_kind[k] for k in START_KINDS]
    for i in range(max(len(x) for x in lists) if lists else 0):
        out.extend(x[i] for x in lists if i < len(x))
    return out


# ---------------------------------------------------------------------- the bot server

SERVER = r"""
import json, sys, time, traceback
answers, sys.stdout = sys.stdout, sys.stderr  # anything a bot prints goes to standard error
root = sys.argv[1]
sys.path.insert(0, root)
clock = time.perf_counter
try:
    import dvonn_core
    from dvonn_core import Game, bot  # names every version of the package has, before and after dvonn_core/dvonn/
    hello = {"ready": True, "file": dvonn_core.__file__}
    if sys.argv[2:] == ["cpu"]:  # --cpu-clock: every clock of the package reads this process's CPU time
        clock = time.process_time
        hello["clocks"] = []
        for name, module in sorted(sys.modules.items()):
            if name.startswith("dvonn_core"):
                for attr in ("_now", "now"):
                    if callable(getattr(module, attr, None)):
                        setattr(module, attr, clock)
                        hello["clocks"].append(name + "." + attr)
except Exception:
    hello = {"error": traceback.format_exc()}
answers.write(json.dumps(hello) + "\n")
answers.flush()
if "error" in hello:
    sys.exit(1)
while True:
    line = sys.stdin.readline()
    if not line:
        break
    try:
        req = json.loads(line)
        game = Game() if req["start"] is None else Game.from_position(req["start"])
        for m in req["moves"]:
            game.play(m)
        t0 = clock()
        if req.get("depth") is None:
            move = bot.choose_move(game, req["level"], req["seed"], req["time"])
        else:  # only versions that have fixed-depth play
            move = bot.choose_move(game, req["level"], req["seed"], req["time"], depth=req["depth"])
        seconds = clock() - t0
        out = {"move": str(move), "seconds": seconds}
    except Exception:
        out = {"error": traceback.format_exc()}
    answers.write(json.dumps(out) + "\n")
    answers.flush()
"""


class BotError(Exception):
    """A bot crashed, answered with an error or did not answer in time."""


class Bot:
    """One persistent bot-server process for a player."""

    def __init__(self, player: Player, move_timeout: float) -> None:
        self.player = player
        self.move_timeout = move_timeout
        self.proc = None  # type: subprocess.Popen | None
        self.hello = {}  # type: dict  # the server's first answer

    def _start(self) -> subprocess.Popen:
        directory = str(self.player.directory)
        proc = subprocess.Popen(
            [sys.executable, "-I", "-c", SERVER, directory] + (["cpu"] if self.player.cpu_clock else []),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=directory,
            start_new_session=True,  # Ctrl-C reaches the harness only; it ends the bots itself
        )
        self.proc = proc
        hello = self.hello = self._read(60.0)
        if "error" in hello:
            self.close()
            raise BotError("%s did not start:\n%s" % (self.player.spec, hello["error"]))
        if not Path(hello["file"]).resolve().is_relative_to(Path(directory).resolve()):
            self.close()
            raise BotError("%s imported dvonn_core from %s, not from %s" % (self.player.spec, hello["file"], directory))
        return proc

    def _read(self, timeout: float) -> dict:
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        if not ready:
            self.close()
            raise BotError("no answer in %.0f s" % timeout)
        line = proc.stdout.readline()
        if not line:
            self.close()
            raise BotError("the bot process ended (exit status %s)" % proc.wait())
        try:
            return json.loads(line)
        except ValueError:
            self.close()
            raise BotError("the bot process wrote %r, not a JSON answer" % line[:200])

    def new_game(self, start: "str | None", seed: int) -> None:
        """Nothing to do: each request carries the whole game."""

    def end_game(self) -> None:
        """Nothing to do: the process serves the next game."""

    def ask(self, start: "str | None", moves: "list[str]", seed: int) -> "tuple[str, float]":
        """(move text, thinking seconds) for the side to move."""
        proc = self.proc if self.proc is not None and self.proc.poll() is None else self._start()
        assert proc.stdin is not None
        request = {
            "start": start,
            "moves": moves,
            "level": self.player.level,
            "seed": seed,
            "time": self.player.seconds,
            "depth": self.player.depth,
        }
        try:
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
        except OSError as e:
            self.close()
            raise BotError("cannot write to the bot process: %s" % e)
        answer = self._read(self.move_timeout)
        if "error" in answer:
            raise BotError(answer["error"].strip().splitlines()[-1] + "\n" + answer["error"])
        return answer["move"], float(answer["seconds"])

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()


class EngineBot:
    """An external program as a player: one process per game (see ``benchmarks/bot/external.py``)."""

    def __init__(self, player: Player, move_timeout: float) -> None:
        assert player.command is not None
        self.player = player
        self.engine = external.Engine(player.command, ROOT, move_timeout)

    def new_game(self, start: "str | None", seed: int) -> None:
        try:
            self.engine.new_game(start, seed)
        except (external.EngineError, ValueError) as e:
            raise BotError(str(e))

    def end_game(self) -> None:
        self.engine.close()

    def ask(self, start: "str | None", moves: "list[str]", seed: int) -> "tuple[str, float]":
        try:
            return self.engine.ask(start, moves, seed)
        except external.EngineError as e:
            raise BotError(str(e))

    def close(self) -> None:
        self.engine.close()


def make_bot(player: Player, move_timeout: float) -> "Bot | EngineBot":
    """The process (or processes) that plays for ``player``."""
    return EngineBot(player, move_timeout) if player.command is not None else Bot(player, move_timeout)


# ---------------------------------------------------------------------- one game


def bot_seed(match_seed: int, game_number: int, ply: int) -> int:
    """The seed a bot gets for ``ply`` (moves since the start) of game ``game_number``."""
    return (match_seed * 1000003 + game_number * 1009 + ply) % 2**31


def play_game(task: dict, bots: "dict[str, Bot | EngineBot]", seed: int, stop: threading.Event) -> "dict | None":
    """Play one game; the record, or None when the match was stopped meanwhile."""
    start = task["position"]
    game = Game() if start is None else Game.from_position(start)
    colour = {0: task["white"], 1: "b" if task["white"] == "a" else "a"}  # side -> "a"/"b"
    moves = []  # type: list[str]
    think = {"a": [0.0, 0.0, 0], "b": [0.0, 0.0, 0]}  # total, longest, moves
    error = loser = None
    for who in ("a", "b"):
        try:
            bots[who].new_game(start, bot_seed(seed, task["game"], 0))
        except BotError as e:
            error, loser = "%s (%s): %s" % (who.upper(), bots[who].player.spec, e), who
            break
    while loser is None and game.legal_codes():
        who = colour[game.turn]
        try:
            text, seconds = bots[who].ask(start, moves, bot_seed(seed, task["game"], len(moves)))
        except BotError as e:
            error, loser = "%s (%s): %s" % (who.upper(), bots[who].player.spec, e), who
            break
        if stop.is_set():
            return None
        t = think[who]
        t[0] += seconds
        t[1] = max(t[1], seconds)
        t[2] += 1
        try:
            played = game.play(text)
        except ValueError as e:
            error, loser = "%s (%s) played an illegal move: %s" % (who.upper(), bots[who].player.spec, e), who
            break
        moves.append(str(played))
    for bot in bots.values():
        bot.end_game()
    if stop.is_set():
        return None
    w, b = game.score()
    a_pieces, b_pieces = (w, b) if task["white"] == "a" else (b, w)
    if loser is not None:
        result, margin = (0.0 if loser == "a" else 1.0), None
    else:
        margin = a_pieces - b_pieces
        result = 1.0 if margin > 0 else (0.5 if margin == 0 else 0.0)
    return {
        "run": task["run"],
        "a": bots["a"].player.describe(),
        "b": bots["b"].player.describe(),
        "game": task["game"],
        "pair": task["pair"],
        "start": task["start"],
        "position": start,
        "white": task["white"],
        "moves": moves,
        "score": [w, b],
        "result": result,
        "margin": margin,
        "think": {k: [round(v[0], 4), round(v[1], 4), v[2]] for k, v in think.items()},
        "error": error,
    }


# ---------------------------------------------------------------------- files and threads


def read_records(path: "str | Path") -> "list[dict]":
    """The records of a file of JSON lines (a match's ``--out``, or a tool's built on it)."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def print_summaries(paths: "list[Path]", summary: "Callable[[list[dict]], str]") -> int:
    """Print the table of each file's records (a tool's ``--summary FILE ...``); the exit status, 0."""
    for path in paths:
        print("%s:\n%s" % (path, summary(read_records(path))))
    return 0


def run_threads(worker: "Callable[[], None]", workers: int) -> None:
    """Run ``worker`` on ``workers`` threads (at least one) and wait for them all."""
    threads = [threading.Thread(target=worker) for _ in range(max(1, workers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


# ---------------------------------------------------------------------- the table


def summary(
    records: "list[dict]", sprt: "tuple[float, float] | None" = None, alpha: float = 0.05, beta: float = 0.05, min_pairs: int = 10
) -> str:
    """The table of results, one block per pairing (player A against player B), from A's view."""
    pairings = {}  # type: dict[tuple[str, str], list[dict]]
    for r in records:
        pairings.setdefault((r["a"]["spec"], r["b"]["spec"]), []).append(r)
    lines = []
    for (a, b), rs in pairings.items():
        n = len(rs)
        full, result, interval = _results(rs)
        lines.append("%s  vs  %s" % (a, b))
        lines.append("  " + result)
        lines.append("  " + interval)
        kinds = sorted({r["start"].split(":")[0] for r in rs}, key=lambda k: START_KINDS.index(k) if k in START_KINDS else 99)
        if len(kinds) > 1:
            for kind in kinds:
                part = [r for r in rs if r["start"].split(":")[0] == kind]
                _, result, interval = _results(part)
                think = "   think a game: A %.2f s, B %.2f s" % tuple(sum(r["think"][k][0] for r in part) / len(part) for k in "ab")
                lines.append("  from %s starts: %s\n    %s%s" % (kind, result, interval, think))
        for key, spec in (("a", a), ("b", b)):
            total = sum(r["think"][key][0] for r in rs)
            longest = max(r["think"][key][1] for r in rs)
            count = sum(r["think"][key][2] for r in rs)
            seconds = rs[0][key]["seconds"]
            if rs[0][key]["level"] == "engine":
                budget = "set by its command"
            elif rs[0][key].get("depth") is not None:
                budget = "none: depth %d" % rs[0][key]["depth"]
            else:
                budget = "%.3g s" % seconds if seconds is not None else "the level's own"
            lines.append("  %s %-28s longest think %.3f s (budget %s)   total %.1f s over %d moves, %.2f s a game" % (
                key.upper(), spec[:60], longest, budget, total, count, total / n))
        if sprt is not None:
            lo_b, hi_b = sprt_bounds(alpha, beta)
            value = llr(pentanomial(full), sprt[0], sprt[1])
            lines.append("  SPRT elo0=%g elo1=%g: LLR %.2f (bounds %.2f, %.2f)%s" % (
                sprt[0], sprt[1], value, lo_b, hi_b, _verdict(value, lo_b, hi_b, len(full) >= min_pairs)))
    return "\n".join(lines) if lines else "no games"


def _results(rs: "list[dict]") -> "tuple[list[float], str, str]":
    """(complete pairs' points, the W-D-L line, the Elo line) of some games of one pairing."""
    n = len(rs)
    wins = sum(1 for r in rs if r["result"] == 1.0)
    draws = sum(1 for r in rs if r["result"] == 0.5)
    losses = n - wins - draws
    score = (wins + 0.5 * draws) / n
    margins = [r["margin"] for r in rs if r["margin"] is not None]
    errors = [r for r in rs if r["error"]]
    pairs = {}  # type: dict[tuple, list[float]]
    for r in rs:
        pairs.setdefault((r["run"], r["pair"]), []).append(r["result"])
    full = [sum(p) for p in pairs.values() if len(p) == 2]
    if full:
        counts = pentanomial(full)
        e, lo, hi = elo_interval(counts)
        model = "pentanomial, %d pairs %s" % (len(full), counts)
    else:
        counts = [losses, draws, wins]
        e, lo, hi = elo_interval(counts, (0.0, 0.5, 1.0))
        model = "trinomial, no complete pair"
    result = "games %d   W-D-L %d-%d-%d   score %.1f%%   mean margin %s   errors %d" % (
        n, wins, draws, losses, 100 * score, "%+.2f" % (sum(margins) / len(margins)) if margins else "-", len(errors))
    interval = "Elo %s   95%% interval [%s, %s]   (%s)" % (_elo_text(e), _elo_text(lo), _elo_text(hi), model)
    return full, result, interval


def _elo_text(x: float) -> str:
    if math.isnan(x):
        return "-"
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return "%+.1f" % (x + 0.0)  # no "-0.0"


def _verdict(value: float, lower: float, upper: float, enough: bool = True) -> str:
    if not enough:
        return ": no decision before the minimum number of pairs"
    if value >= upper:
        return ": H1 accepted (upper bound crossed)"
    if value <= lower:
        return ": H0 accepted (lower bound crossed)"
    return ": no decision yet"


# ---------------------------------------------------------------------- the match


def tasks_for(starts: "list[tuple[str, str | None]]", run: str) -> "list[dict]":
    """Two games per start, A White then B White, consecutive so that they are played together."""
    out = []  # type: list[dict]
    for k, (sid, position) in enumerate(starts):
        for white in ("a", "b"):
            out.append({"run": run, "game": len(out), "pair": k, "start": sid, "position": position, "white": white})
    return out


def played_before(path: "str | Path", a: Player, b: Player, seed: int) -> "tuple[str | None, list[dict]]":
    """(the run id to continue, the records of ``path`` to keep counting) for ``--resume``: the games between
    ``a`` and ``b`` (same specs and versions) of runs with match seed ``seed``; (None, []) when there are none."""
    if not os.path.exists(path):
        return None, []
    mine = [r for r in read_records(path) if r["a"] == a.describe() and r["b"] == b.describe()
            and r["run"].split("-")[0] == str(seed)]
    return (mine[0]["run"] if mine else None), mine


def run_match(
    a: Player,
    b: Player,
    starts: "list[tuple[str, str | None]]",
    workers: int = 2,
    seed: int = 0,
    out: "str | None" = None,
    sprt: "tuple[float, float] | None" = None,
    alpha: float = 0.05,
    beta: float = 0.05,
    move_timeout: "float | None" = None,
    progress=None,  # type: ignore[no-untyped-def]
    sprt_min_pairs: int = 10,
    earlier: "tuple[str | None, list[dict]]" = (None, []),
) -> "tuple[list[dict], str]":
    """Play the match; (the game records in the order they ended, how it ended).  ``earlier``: the run id and
    the records of games already played (see :func:`played_before`), which are not played again."""
    run = earlier[0] or "%d-%d-%d" % (seed, os.getpid(), int(time.time()))
    seen = {(r["start"], r["white"]) for r in earlier[1]}
    todo = queue.Queue()  # type: queue.Queue[dict]
    for task in tasks_for(starts, run):
        if (task["start"], task["white"]) not in seen:
            todo.put(task)
    expected = len(earlier[1]) + todo.qsize()  # before the workers take any
    done = queue.Queue()  # type: queue.Queue[dict | Exception]
    stop = threading.Event()
    budget = max(p.seconds or 2.0 for p in (a, b))
    timeout = move_timeout if move_timeout is not None else 60.0 + 20.0 * budget
    all_bots = []  # type: list[Bot | EngineBot]

    def worker() -> None:
        bots = {"a": make_bot(a, timeout), "b": make_bot(b, timeout)}
        all_bots.extend(bots.values())
        try:
            while not stop.is_set():
                try:
                    task = todo.get_nowait()
                except queue.Empty:
                    return
                record = play_game(task, bots, seed, stop)
                if record is not None:
                    done.put(record)
        except Exception as e:  # noqa: BLE001 - reported by the main thread
            done.put(e)
        finally:
            for bot in bots.values():
                bot.close()

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(max(1, workers))]
    for t in threads:
        t.start()
    records = list(earlier[1])  # type: list[dict]
    results = {}  # type: dict[int, list[float]]
    for r in records:
        results.setdefault(r["pair"], []).append(r["result"])
    lower, upper = sprt_bounds(alpha, beta)
    ending = "all games played"
    try:
        while len(records) < expected:
            try:
                item = done.get(timeout=0.2)
            except queue.Empty:
                if not any(t.is_alive() for t in threads) and done.empty():
                    ending = "the workers stopped early"
                    break
                continue
            if isinstance(item, Exception):  # a bug of the harness or the referee, not of a bot
                sys.stderr.write("".join(traceback.format_exception(item)))
                ending = "stopped by an error in the harness after %d games (see standard error)" % len(records)
                break
            records.append(item)
            if out:
                with open(out, "a") as f:
                    f.write(json.dumps(item, sort_keys=True) + "\n")
            if progress:
                progress(item, records)
            results.setdefault(item["pair"], []).append(item["result"])
            if sprt is not None and len(results[item["pair"]]) == 2:
                full = [sum(p) for p in results.values() if len(p) == 2]
                value = llr(pentanomial(full), sprt[0], sprt[1])
                if len(full) >= sprt_min_pairs and (value >= upper or value <= lower):
                    ending = "SPRT stopped after %d pairs: LLR %.2f%s" % (len(full), value, _verdict(value, lower, upper))
                    break
    except KeyboardInterrupt:
        ending = "interrupted (Ctrl-C) after %d games" % len(records)
    finally:
        stop.set()
        for bot in list(all_bots):
            bot.close()
        for t in threads:
            t.join(timeout=5)
    return records, ending


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python benchmarks/bot/match.py",
        description="Play two bot versions or settings against each other (see the module docstring).",
        epilog="A player is REV[:LEVEL[:SECONDS]]: REV is WORKTREE, a git revision or a directory holding "
        "dvonn_core; LEVEL easy, medium, hard or master (default hard); SECONDS per move (default the level's budget). "
        "Or engine:CMD, a program speaking the CodeCup 2011 protocol, with {position}, {moves}, {state} and {seed} "
        "in CMD filled in for each game's start (see benchmarks/bot/external.py).",
    )
    ap.add_argument("a", nargs="?", help="player A, e.g. WORKTREE:hard:0.2 (results are from A's view)")
    ap.add_argument("b", nargs="?", help="player B, e.g. HEAD:hard:0.2")
    ap.add_argument("--starts", default=DEFAULT_STARTS, help="starts by kind, each played with both colours (default %(default)s)")
    ap.add_argument("--workers", type=int, default=2, help="games played at once, each with its own bot processes (default 2)")
    ap.add_argument("--seed", type=int, default=0, help="chooses the starts and the bots' seeds (default 0)")
    ap.add_argument("--out", default=None, help="append one JSON line per finished game to this file")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="our bots' clocks read their process's CPU time, so that a loaded machine does not shorten their budgets")
    ap.add_argument("--resume", action="store_true", help="with --out: do not play again the games of this match already in that file")
    ap.add_argument("--summary", default=None, metavar="FILE", help="only print the table of a file written with --out")
    ap.add_argument("--sprt", default=None, metavar="ELO0,ELO1", help="stop when the sequential test decides between ELO0 and ELO1")
    ap.add_argument("--alpha", type=float, default=0.05, help="SPRT false positive rate (default 0.05)")
    ap.add_argument("--beta", type=float, default=0.05, help="SPRT false negative rate (default 0.05)")
    ap.add_argument("--sprt-min-pairs", type=int, default=10, help="the SPRT never stops before this many complete pairs (default 10)")
    ap.add_argument("--move-timeout", type=float, default=None, help="seconds before a silent bot loses (default 60 + 20 x budget)")
    ap.add_argument("--quiet", action="store_true", help="no line per game on standard error")
    args = ap.parse_args(argv)
    sprt = None
    if args.sprt:
        try:
            e0, e1 = (float(x) for x in args.sprt.split(","))
        except ValueError:
            ap.error("--sprt needs two numbers ELO0,ELO1, not %r" % args.sprt)
        if not e0 < e1:
            ap.error("--sprt needs ELO0 < ELO1")
        sprt = (e0, e1)
    if args.summary:
        print(summary(read_records(args.summary), sprt, args.alpha, args.beta, args.sprt_min_pairs))
        return 0
    if not args.a or not args.b:
        ap.error("two players are needed (or --summary FILE)")
    try:
        a, b = resolve(parse_player(args.a)), resolve(parse_player(args.b))
        for p in (a, b):
            p.cpu_clock = args.cpu_clock and p.command is None
        starts = make_starts(parse_starts(args.starts), args.seed)
    except ValueError as e:
        ap.error(str(e))
    earlier = (None, [])  # type: tuple[str | None, list[dict]]
    if args.resume:
        if not args.out:
            ap.error("--resume needs --out, the file of the games played so far")
        earlier = played_before(args.out, a, b, args.seed)
    sys.stderr.write("A = %s (%s)\nB = %s (%s)\n%d starts, %d games, %d workers%s\n" % (
        a.spec, a.version, b.spec, b.version, len(starts), 2 * len(starts), args.workers,
        ", %d games played before" % len(earlier[1]) if args.resume else ""))

    def progress(r: dict, records: "list[dict]") -> None:
        if args.quiet:
            return
        points = sum(x["result"] for x in records)
        w, bl = r["score"]
        sys.stderr.write("game %d/%d %-28s %s white: %s %d-%d%s   A %.1f/%d\n" % (
            len(records), 2 * len(starts), r["start"][:28], r["white"].upper(), {1.0: "A wins", 0.5: "draw", 0.0: "B wins"}[r["result"]],
            w, bl, "  ERROR " + r["error"].splitlines()[0] if r["error"] else "", points, len(records)))
        sys.stderr.flush()

    records, ending = run_match(
        a, b, starts, args.workers, args.seed, args.out, sprt, args.alpha, args.beta, args.move_timeout, progress, args.sprt_min_pairs,
        earlier,
    )
    print(summary(records, sprt, args.alpha, args.beta, args.sprt_min_pairs))
    print(ending)
    return 0


if __name__ == "__main__":
    sys.exit(main())
