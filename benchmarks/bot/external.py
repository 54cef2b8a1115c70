"""External programs as players of ``benchmarks/bot/match.py``: any command that speaks the CodeCup 2011 protocol.

A player ``engine:CMD`` runs ``CMD`` (split like a shell command line, without a shell) once per game, in
the repository's root directory, and talks to it over standard input and output as the CodeCup 2011 arbiter
did (see :mod:`dvonn_core.dvonn.engine`): its first line is ``Start`` when it plays the side to move at the start,
otherwise that side's first move; then each side's moves as they are played; ``Quit`` at the end.  These
words of ``CMD`` are filled in for each game:

* ``{position}``: the start as a ``dvonn_core`` position string (``9-10-11-10-9.wp`` for the empty board);
* ``{moves}``: 49 placements, separated by spaces, that lead from the empty board to the start (the three
  DVONN pieces, then Black's and White's pieces alternately, each colour in board order); empty for the
  empty board;
* ``{state}``: the start in the 50-character base-62 state notation that some CodeCup programs read (the
  first character ``2 x phase + side to move``, then one per cell in board order: 0 empty, 1 a lone DVONN
  piece, else ``4 x height + 2 x holds-DVONN + top colour - 2``);
* ``{seed}``: a seed for the game, derived from the match's ``--seed`` and the game number.

The command's own options set its strength and time (for example ``--time=5`` for five seconds a game); the
harness passes them through untouched.  Its thinking time is measured by the harness, on the wall clock, from
the moment it was sent the opponent's move (or ``Start``), or wrote its own previous move, to its answer; the
program's start-up is not counted except for its first move.  A program that exits, writes something that is
not a legal move, or stays silent for ``--move-timeout`` seconds loses the game; the end of its standard
error is quoted in the log.

>>> from dvonn_core.dvonn.game import Game
>>> state(Game())
'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
"""

from __future__ import annotations

import os
import select
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import IO

from dvonn_core.dvonn import position as positions
from dvonn_core.dvonn.board import CELLS
from dvonn_core.dvonn.game import Game

PREFIX = "engine:"
PLACEHOLDERS = ("{position}", "{moves}", "{state}", "{seed}")
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def is_engine_spec(spec: str) -> bool:
    """True for a player written ``engine:CMD``."""
    return spec.startswith(PREFIX)


def parse_command(spec: str) -> list[str]:
    """The words of ``CMD`` in ``engine:CMD`` (quotes around the whole command are allowed).

    >>> parse_command('engine:"./player --time=5 --state={state}"')
    ['./player', '--time=5', '--state={state}']
    """
    text = spec[len(PREFIX):].strip()
    try:
        words = shlex.split(text)
    except ValueError as e:
        raise ValueError("player %r: cannot split the command: %s" % (spec, e)) from None
    if len(words) == 1 and " " in words[0]:  # engine:"CMD ARGS" quoted once more than needed
        words = shlex.split(words[0])
    if not words:
        raise ValueError("player %r has no command after %r" % (spec, PREFIX))
    return words


def find_program(spec: str, words: list[str], cwd: Path) -> str:
    """The program that ``words[0]`` names, checked to exist and be executable (a clear error if not)."""
    name = words[0]
    if "/" in name:
        path = Path(name) if os.path.isabs(name) else cwd / name
        if not path.is_file() or not os.access(path, os.X_OK):
            raise ValueError("player %r: %s is not an executable file" % (spec, path))
        return str(path)
    found = shutil.which(name)
    if found is None:
        raise ValueError("player %r: no program %r on the PATH" % (spec, name))
    return found


# ---------------------------------------------------------------------- filling in the placeholders


def state(game: Game) -> str:
    """The game's position in the base-62 state notation (stacks of at most 15 pieces; see the module doc)."""
    stacks, turn, placing = positions.parse(game.position())
    phase = 0 if placing else (1 if game.legal_codes() else 2)
    out = [DIGITS[2 * phase + turn]]
    for cell, s in zip(CELLS, stacks, strict=True):
        if not s:
            out.append(DIGITS[0])
        elif s == "d":
            out.append(DIGITS[1])
        else:
            top = s[-1]
            if top == "d" or len(s) > 15:
                raise ValueError("the stack %r on %s cannot be written in the state notation" % (s, cell))
            out.append(DIGITS[4 * len(s) + (2 if "d" in s else 0) + (0 if top == "w" else 1) - 2])
    return "".join(out)


def placements(game: Game) -> list[str]:
    """49 placements that lead from the empty board to a position just after placement, or [] for the empty board.

    The DVONN pieces come first, then Black's and White's pieces alternately, each colour in board order
    (White places the 1st, 3rd, ..., 49th piece, so Black places the 4th to the 48th after the DVONN pieces).
    """
    stacks, _turn, placing = positions.parse(game.position())
    if placing and not any(stacks):
        return []
    if placing or any(len(s) != 1 for s in stacks):
        raise ValueError("the position %s is neither the empty board nor a board just after placement"
                         % game.position())
    by_colour = {c: [cell for cell, s in zip(CELLS, stacks, strict=True) if s == c] for c in "dwb"}
    moves = list(by_colour["d"])
    for black, white in zip(by_colour["b"], by_colour["w"], strict=True):
        moves += [black, white]
    return moves


def fill(words: list[str], start: str | None, seed: int) -> list[str]:
    """The command's words with the placeholders filled in for a game from ``start`` (None: the empty board)."""
    game = Game() if start is None else Game.from_position(start)
    values = {"{position}": game.position(), "{seed}": str(seed)}
    if any("{moves}" in w for w in words):
        values["{moves}"] = " ".join(placements(game))
    if any("{state}" in w for w in words):
        values["{state}"] = state(game)
    out = []
    for w in words:
        for key, value in values.items():
            w = w.replace(key, value)
        out.append(w)
    return out


# ---------------------------------------------------------------------- the process


class EngineError(Exception):
    """The program exited, wrote nothing usable or did not answer in time."""


class Engine:
    """One external program, started afresh for each game by :meth:`new_game` and ended by :meth:`close`."""

    def __init__(self, words: list[str], cwd: Path, move_timeout: float) -> None:
        self.words = words
        self.cwd = cwd
        self.move_timeout = move_timeout
        self.proc = None  # type: subprocess.Popen | None
        self.err = None  # type: IO[str] | None  # its standard error
        self.told = 0  # moves of the game it knows (received or played)
        self.pending = b""  # what it wrote that is not yet a whole line
        self.mark = 0.0  # when it was last sent a line or last answered: its thinking starts there

    def ask(self, start: str | None, moves: list[str], seed: int) -> tuple[str, float]:
        """(move text, thinking seconds) for the side to move after ``moves`` from ``start``."""
        if self.proc is None:
            self.new_game(start, seed)
        lines = moves[self.told:]
        if self.told == 0 and not moves:
            lines = ["Start"]
        if lines:
            self._write(lines)
        text = self._read_move()
        seconds = time.perf_counter() - self.mark
        self.mark = time.perf_counter()
        self.told = len(moves) + 1
        return text, seconds

    def new_game(self, start: str | None, seed: int) -> None:
        """End the program's previous game and start it afresh for a game from ``start``."""
        self.close()
        command = fill(self.words, start, seed)
        self.err = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - the program's stderr, kept open while it runs
        try:
            self.proc = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err, cwd=self.cwd,
                start_new_session=True,  # Ctrl-C reaches the harness only; it ends the program itself
            )
        except OSError as e:
            self.close()
            raise EngineError("cannot start %s: %s" % (shlex.join(command), e)) from None
        self.told = 0
        self.pending = b""
        self.mark = time.perf_counter()

    def _write(self, lines: list[str]) -> None:
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write("".join(line + "\n" for line in lines).encode())
            proc.stdin.flush()
        except OSError as e:
            raise EngineError("cannot write to the program (%s)%s" % (e, self._stderr_tail())) from None
        self.mark = time.perf_counter()

    def _read_move(self) -> str:
        """The program's next non-blank line.  Read from the pipe itself, unbuffered, so that two moves
        written at once (White's last placement and first stack move) are both seen."""
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.perf_counter() + self.move_timeout
        while True:
            while b"\n" in self.pending:
                line, _, self.pending = self.pending.partition(b"\n")
                if line.strip():
                    return line.decode("utf-8", "replace").strip()
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.perf_counter()))
            if not ready:
                raise EngineError("no answer in %.0f s%s" % (self.move_timeout, self._stderr_tail()))
            chunk = os.read(fd, 4096)
            if not chunk:
                status = proc.wait()
                raise EngineError("the program ended (exit status %s)%s" % (status, self._stderr_tail()))
            self.pending += chunk

    def _stderr_tail(self, lines: int = 5) -> str:
        if self.err is None:
            return ""
        try:
            self.err.flush()
            self.err.seek(0)
            tail = self.err.read().strip().splitlines()[-lines:]
        except (OSError, ValueError):
            return ""
        return "; its standard error ends with:\n" + "\n".join(tail) if tail else ""

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            if proc.poll() is None:
                try:
                    assert proc.stdin is not None
                    proc.stdin.write(b"Quit\n")
                    proc.stdin.close()
                    proc.wait(timeout=1.0)
                except (OSError, ValueError, subprocess.TimeoutExpired):
                    proc.kill()
                    proc.wait()
            for stream in (proc.stdin, proc.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
        if self.err is not None:
            self.err.close()
            self.err = None
        self.told = 0
