"""The bot as a command-line engine speaking the CodeCup 2011 DVONN protocol.

Usage::

    python -m dvonn_core engine [--level easy|medium|hard] [--seed N] [--time SECONDS]

Protocol (one message per line on standard input and output; the engine
flushes after every line it writes):

* The engine starts, then reads its first line.  ``Start`` means it plays
  White and makes the first move.  Any other first line is White's first move,
  so the engine plays Black.
* From then on the two sides alternate: the engine writes its own move, then
  reads the opponent's move, and so on.  It writes a move only when it is its
  turn and the game is not over.  The one exception to strict alternation
  comes from the rules: White places the 49th piece and then makes the first
  stack move, so White's side writes (or sends) two lines in a row there.
* Moves use the standard notation (CodeCup 2011, Boardspace, Little Golem):
  a placement is a cell, ``E3``; a stack move is the source and target cells,
  ``E3G3``; a side with no stack move while the other side can move writes
  ``PASS`` (and the engine expects ``PASS`` from an opponent in that
  situation).  Cells are columns A-K and rows 1-5 (row 1 = A1..I1, row 3 =
  A3..K3, row 5 = C5..K5).  All 49 placements are sent, the forced last one
  included; the first three placements are the DVONN pieces.  Input is
  case-insensitive; output is upper case.
* ``Quit`` (or the end of the input) ends the engine at any time.
* Blank lines are ignored.  An opponent move that is not legal is reported on
  standard error and the engine exits with status 1.  Diagnostics (depth,
  score, time) go to standard error only.

``--level`` (default ``hard``) and ``--time`` (seconds per move, default the
level's budget) set the strength; ``--seed`` (default 0) makes the engine's
play reproducible.

Example (the engine plays White)::

    > Start
    < F3
    > C3
    < I3
    ...
"""

import sys

from . import bot
from .game import Game
from .moves import IllegalMoveError, InvalidMoveError, code_text

try:
    from typing import List, Optional, TextIO
except ImportError:  # pragma: no cover
    pass

USAGE = "usage: python -m dvonn_core engine [--level easy|medium|hard] [--seed N] [--time SECONDS] [--quiet]\n"


def _options(argv: "List[str]") -> "Optional[dict]":
    opts = {"level": "hard", "seed": 0, "time": None, "quiet": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            sys.stdout.write(USAGE + __doc__)
            return None
        if a == "--quiet":
            opts["quiet"] = True
            i += 1
            continue
        if a not in ("--level", "--seed", "--time") or i + 1 >= len(argv):
            raise ValueError("unknown or incomplete option %r" % a)
        v = argv[i + 1]
        if a == "--level":
            bot._level(v)
            opts["level"] = v
        elif a == "--seed":
            try:
                opts["seed"] = int(v)
            except ValueError:
                raise ValueError("--seed needs an integer, not %r" % v)
        else:
            try:
                t = float(v)
            except ValueError:
                t = -1.0
            if not t > 0:
                raise ValueError("--time needs a positive number of seconds, not %r" % v)
            opts["time"] = t
        i += 2
    return opts


def run(inp: "TextIO", out: "TextIO", err: "TextIO", level: str = "hard", seed: int = 0, time_limit: "Optional[float]" = None, quiet: bool = False) -> int:
    """Play one game over the CodeCup protocol; returns the exit status."""
    game = Game()
    me = None  # 0 white, 1 black

    def reply() -> None:
        while game.turn == me and game.legal_codes():
            info = {}  # type: dict
            code = bot.choose_code(game, level, seed + game.ply, time_limit, info)
            game.push(code)
            text = code_text(code)
            out.write(text + "\n")
            out.flush()
            if not quiet:
                err.write("%s depth=%s nodes=%s score=%s\n" % (text, info.get("depth"), info.get("nodes"), info.get("score")))
                err.flush()
            # After a placement or move it is the opponent's turn, except that
            # White places the 49th piece and then makes the first stack move.
            if game.turn != me:
                break

    while True:
        line = inp.readline()
        if not line:
            return 0
        text = line.strip()
        if not text:
            continue
        if text.lower() == "quit":
            return 0
        if me is None:
            if text.lower() == "start":
                me = 0
                reply()
                continue
            me = 1
        if not game.legal_codes() or game.turn == me:
            err.write("engine: received %r but it is not the opponent's turn (position %s)\n" % (text, game.position()))
            return 1
        try:
            game.play(text)
        except (InvalidMoveError, IllegalMoveError) as e:
            err.write("engine: %s\n" % e)
            return 1
        reply()


def main(argv: "Optional[List[str]]" = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        opts = _options(args)
    except ValueError as e:
        sys.stderr.write("engine: %s\n%s" % (e, USAGE))
        return 2
    if opts is None:
        return 0
    return run(sys.stdin, sys.stdout, sys.stderr, opts["level"], opts["seed"], opts["time"], opts["quiet"])
