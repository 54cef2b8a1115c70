"""The bot as a command-line engine speaking the CodeCup 2011 DVONN protocol.

Usage::

    python -m dvonn_core engine [--level easy|medium|hard|master] [--seed N] [--time SECONDS]
                                [--depth PLIES] [--position POSITION] [--quiet]

Protocol (one message per line on standard input and output; the engine
flushes after every line it writes):

* The engine starts, then reads its first line.  ``Start`` means it plays the
  side to move and makes the first move: White on the empty board.  Any other
  first line is the first move of the side to move (White's first placement on
  the empty board), so the engine plays the other side.
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
  score, time) go to standard error only (``--quiet`` turns them off).

``--position P`` starts from the position string ``P`` (see
:mod:`dvonn_core.dvonn.position`, e.g. a position after placement) instead of the
empty board.  The rule for the first line is the same, with "the side to move"
read from the string: ``Start`` makes the engine that side, and any other first
line is that side's move, so the engine plays the other one.  Two engines given
the same position therefore play a game from it when one receives ``Start`` and
the other receives the first one's moves.  A bad position string is reported on
standard error with what is wrong, and the engine exits with status 2, as for
any bad option.

``--level`` (default ``hard``) and ``--time`` (seconds per move, default the
level's budget) set the strength; ``--depth N`` instead searches every stack
move to exactly N plies with no clock (fixed-depth play, to compare programs
depth for depth; placements as the level plays them); ``--seed`` (default 0) makes the engine's
play reproducible (the bot's seed is the engine's seed plus the number of moves
played since the start).

Example (the engine plays White)::

    > Start
    < F3
    > C3
    < I3
    ...
"""

import argparse
import sys

from . import bot
from .game import Game
from .moves import IllegalMoveError, InvalidMoveError, code_text
from .position import PositionError

try:
    from typing import List, Optional, TextIO
except ImportError:  # pragma: no cover
    pass

LEVELS = ("easy", "medium", "hard", "master")


def _seconds(text: str) -> float:
    try:
        t = float(text)
    except ValueError:
        t = -1.0
    if not t > 0:
        raise argparse.ArgumentTypeError("needs a positive number of seconds, not %r" % text)
    return t


def _plies(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= bot.MAX_DEPTH:
        raise argparse.ArgumentTypeError("needs a whole number of plies from 1 to %d, not %r" % (bot.MAX_DEPTH, text))
    return n


def _position(text: str) -> str:
    try:
        Game.from_position(text)
    except PositionError as e:
        raise argparse.ArgumentTypeError(str(e))
    return text


def parser() -> argparse.ArgumentParser:
    """The engine's command-line options."""
    protocol = (__doc__ or "").partition("Protocol")[2]
    p = argparse.ArgumentParser(
        prog="python -m dvonn_core engine",
        description="Play DVONN on standard input and output with the CodeCup 2011 protocol.",
        epilog="Protocol" + protocol,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--level", choices=LEVELS, default="hard", help="the bot's level (default hard)")
    p.add_argument("--seed", type=int, default=0, help="seed of the bot's choices (default 0)")
    p.add_argument(
        "--time", type=_seconds, default=None, metavar="SECONDS", help="seconds per move (default: the level's budget)"
    )
    p.add_argument(
        "--depth",
        type=_plies,
        default=None,
        metavar="PLIES",
        help="search stack moves to exactly this depth, with no clock (default: the level's own search)",
    )
    p.add_argument(
        "--position",
        type=_position,
        default=None,
        metavar="POSITION",
        help="start from this position string instead of the empty board",
    )
    p.add_argument("--quiet", action="store_true", help="no diagnostics on standard error")
    return p


def run(
    inp: "TextIO",
    out: "TextIO",
    err: "TextIO",
    level: str = "hard",
    seed: int = 0,
    time_limit: "Optional[float]" = None,
    quiet: bool = False,
    position: "Optional[str]" = None,
    depth: "Optional[int]" = None,
) -> int:
    """Play one game over the CodeCup protocol, from ``position`` (default the empty board); returns the exit status."""
    game = Game() if position is None else Game.from_position(position)
    me = None  # 0 white, 1 black

    def reply() -> None:
        while game.turn == me and game.legal_codes():
            info = {}  # type: dict
            code = bot.choose_code(game, level, seed + game.ply, time_limit, info, depth=depth)
            game.push(code)
            text = code_text(code)
            out.write(text + "\n")
            out.flush()
            if not quiet:
                err.write(
                    "%s depth=%s nodes=%s score=%s\n" % (text, info.get("depth"), info.get("nodes"), info.get("score"))
                )
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
                me = game.turn  # the side to move at the start
                reply()
                continue
            me = 1 - game.turn  # the first line is the side to move's move
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
    try:
        args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as e:  # argparse has printed the message (or the help)
        return e.code if isinstance(e.code, int) else 2
    return run(
        sys.stdin, sys.stdout, sys.stderr, args.level, args.seed, args.time, args.quiet, args.position, args.depth
    )
