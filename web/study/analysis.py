"""Game analysis: the bot's score of every position of a game, the moves that lost the most,
and the evaluation graph as SVG.  Pure Python, no DOM (``main.py`` asks the worker and
draws); imported by the page only when "Analyse" is pressed, so it costs nothing at load.
Runs on MicroPython and CPython alike.

Scores are in hundredths of a piece (a stone, in Diamonds & Pivots) from White's point of view
(positive: White is ahead); nothing here depends on the game.
The worker scores a position for the side to move; :func:`white_view` turns that round.
Placement positions are not scored (the bot rates cells there, not pieces), and a position
whose only move is forced (a pass) takes the score of the position after it.

A move is a **mistake** when it loses at least ``MISTAKE`` (2 pieces) against the bot's
score of the position before it, a **blunder** from ``BLUNDER`` (5 pieces), and only when
the bot preferred another move.  The scores come from a short search of each position to a
fixed number of nodes (the game page's ``ANALYSIS_NODES``, no clock), so the same game gets the
same marks on every run and every device; small swings are noise: the thresholds are set well
above them.

>>> a = Analysis(["p0", "p1", "p2"], ["white", "black", "white"], ["E3G3", "D2F2"], "p0")
>>> a.add(0, "D1C1 50 3 100"); a.add(1, "A1B1 400 3 100"); a.add(2, "B1C1 -300 3 100")
>>> a.scores
[50, -400, -300]
>>> a.verdicts()
{0: ('mistake', 'D1C1', 450)}
"""

from kernel.i18n import _, ngettext

MISTAKE = 200
BLUNDER = 500
LIMIT = 1000  # the graph shows -10 .. +10 pieces; beyond that, the line stays on the edge

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Tuple

#: position string -> the worker's answer ("MOVE SCORE DEPTH NODES"): a second analysis is instant.
CACHE = {}  # type: Dict[str, str]


def white_view(score, to_move):
    """A score for the side to move, seen from White's side.

    >>> white_view(120, "black")
    -120
    """
    if score is None:
        return None
    return score if to_move == "white" else -score


class Analysis:
    """The scores of the positions ``positions[0..n]`` of one line of moves.

    ``movers[i]`` is the side to move in ``positions[i]``; ``moves[i]`` the move played there;
    ``key`` names the line (the analysis belongs to it and is dropped when it changes);
    ``first`` is the number of moves before ``positions[0]``.
    """

    #: What the scores count, in hundredths ("pieces"; "stones" in Diamonds & Pivots).
    unit = "pieces"

    def __init__(self, positions, movers, moves, key, first=0):
        self.positions = positions
        self.movers = movers
        self.moves = moves
        self.key = key
        self.first = first
        self.scores = [None] * len(positions)  # type: List[Optional[int]]
        self.best = [None] * len(positions)  # type: List[Optional[str]]

    def add(self, i, answer):
        """The worker's answer for ``positions[i]``; forced moves take the next position's score."""
        parts = str(answer).rsplit(" ", 3)  # a move may hold spaces (a Diamonds & Pivots turn)
        self.best[i] = parts[0] if parts else None
        if len(parts) > 1 and parts[1] != "-":
            self.scores[i] = white_view(int(parts[1]), self.movers[i])

    def set_final(self, i, white, black):
        """A finished game: the exact piece margin."""
        self.scores[i] = (white - black) * 100

    def fill_forced(self):
        """Positions with a forced move (no score) take the score of the position after them."""
        for i in range(len(self.scores) - 2, -1, -1):
            if self.scores[i] is None and self.scores[i + 1] is not None and self.best[i] == "PASS":
                self.scores[i] = self.scores[i + 1]

    def verdicts(self):
        """Move index -> (``"mistake"`` or ``"blunder"``, the bot's better move, loss in hundredths).

        Move ``i`` is played in ``positions[i]`` and leads to ``positions[i + 1]``."""
        out = {}  # type: Dict[int, Tuple[str, str, int]]
        for i in range(len(self.moves)):
            before, after, best = self.scores[i], self.scores[i + 1], self.best[i]
            if before is None or after is None or best is None or best == self.moves[i]:
                continue
            loss = before - after if self.movers[i] == "white" else after - before
            if loss >= BLUNDER:
                out[i] = ("blunder", best, loss)
            elif loss >= MISTAKE:
                out[i] = ("mistake", best, loss)
        return out

    def summary(self):
        """One line: how many mistakes and blunders each side made."""
        counts = {"white": [0, 0], "black": [0, 0]}
        for i, (kind, _best, _loss) in self.verdicts().items():
            counts[self.movers[i]][0 if kind == "mistake" else 1] += 1
        words = [ngettext("%d mistake", "%d mistakes", n) % n if k == 0 else
                 ngettext("%d blunder", "%d blunders", n) % n
                 for side in ("white", "black") for k, n in enumerate(counts[side])]
        return _("White: %(white_mistakes)s, %(white_blunders)s. Black: %(black_mistakes)s, %(black_blunders)s.") % {
            "white_mistakes": words[0], "white_blunders": words[1],
            "black_mistakes": words[2], "black_blunders": words[3]}


def _s(n):
    return "" if n == 1 else "s"


WIDTH = 600
HEIGHT = 110


def graph_svg(analysis, shown):
    """The evaluation graph: White's advantage over the moves (above the middle line: White
    ahead), the position ``shown`` (an index into ``positions``) marked, a clickable column
    per position (``data-ply``: the number of moves of the game at that position)."""
    scores = analysis.scores
    n = len(scores)
    step = WIDTH / max(n - 1, 1)
    mid = HEIGHT / 2
    parts = ['<svg class="graph" viewBox="-4 -4 %d %d" role="img" aria-label="%s">'
             % (WIDTH + 8, HEIGHT + 8, _graph_label(analysis))]
    parts.append('<rect class="g-bg" x="0" y="0" width="%d" height="%d"/>' % (WIDTH, HEIGHT))
    parts.append('<rect class="g-black" x="0" y="%.1f" width="%d" height="%.1f"/>' % (mid, WIDTH, mid))
    points = []
    for i in range(n):
        if scores[i] is None:
            continue
        v = max(-LIMIT, min(LIMIT, scores[i]))
        points.append("%.1f,%.1f" % (i * step, mid - v * mid / LIMIT))
    if points:
        first = points[0].split(",")[0]
        last = points[-1].split(",")[0]
        parts.append('<polygon class="g-area" points="%s,%.1f %s %s,%.1f"/>'
                     % (first, mid, " ".join(points), last, mid))
        parts.append('<polyline class="g-line" points="%s"/>' % " ".join(points))
    parts.append('<line class="g-mid" x1="0" y1="%.1f" x2="%d" y2="%.1f"/>' % (mid, WIDTH, mid))
    for i, (kind, _best, _loss) in analysis.verdicts().items():
        v = scores[i + 1]
        v = max(-LIMIT, min(LIMIT, v))
        parts.append('<circle class="g-%s" cx="%.1f" cy="%.1f" r="4"/>' % (kind, (i + 1) * step, mid - v * mid / LIMIT))
    if 0 <= shown < n:
        parts.append('<line class="g-now" x1="%.1f" y1="0" x2="%.1f" y2="%d"/>' % (shown * step, shown * step, HEIGHT))
    for i in range(n):
        parts.append('<rect class="g-hit" data-ply="%d" x="%.1f" y="0" width="%.1f" height="%d"/>'
                     % (analysis.first + i, i * step - step / 2, step, HEIGHT))
    parts.append("</svg>")
    return "".join(parts)


def _graph_label(analysis):
    known = [s for s in analysis.scores if s is not None]
    if not known:
        return _("Evaluation graph: no position was scored")
    end = known[-1]
    if end == 0:
        return _("Evaluation graph over the moves; at the end the game is level")
    return (_("Evaluation graph over the moves; at the end White is ahead by %(lead)s %(units)s") if end > 0 else
            _("Evaluation graph over the moves; at the end Black is ahead by %(lead)s %(units)s")) % {
        "lead": "%.1f" % (abs(end) / 100), "units": analysis.unit}
