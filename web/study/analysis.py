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

import json

from kernel.i18n import _, decimal, ngettext
from study.exact_marks import marks_html  # noqa: F401 - the game page draws the marks with it

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
        #: index -> the exact solver's marks of every legal move there (study/exact_marks.py), where it reached
        self.exact = {}  # type: Dict[int, list]

    def add(self, i, answer):
        """The worker's answer for ``positions[i]``; forced moves take the next position's score."""
        parts = str(answer).rsplit(" ", 3)  # a move may hold spaces (a Diamonds & Pivots turn)
        self.best[i] = parts[0] if parts else None
        if len(parts) > 1 and parts[1] != "-":
            self.scores[i] = white_view(int(parts[1]), self.movers[i])

    def add_exact(self, i, answer):
        """The worker's exact marks for ``positions[i]`` (JSON; "" where the solver did not reach).

        >>> a = Analysis(["p0"], ["white"], [], "k")
        >>> a.add_exact(0, '[{"move": "A1B1", "outcome": "win", "margin": 3}]'); a.add_exact(0, "")
        >>> a.exact[0][0]["margin"]
        3
        """
        text = str(answer)
        if text:
            marks = json.loads(text)
            if isinstance(marks, list) and marks:
                self.exact[i] = marks

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
LEFT = 34  # room for the pieces scale, left of the graph
BELOW = 16  # room for the move numbers, under it
LEAD = 60  # the width of the positions before the first scored one (DVONN's placement), however many


def columns(analysis):
    """The x of each position: the positions before the first scored one (DVONN's placement,
    which is not scored) share a narrow strip of ``LEAD`` units, the others the rest.

    >>> a = Analysis(["p0", "p1", "p2", "p3"], ["white"] * 4, ["A", "B", "C"], "k")
    >>> a.scores = [None, None, 100, 50]
    >>> [round(x) for x in columns(a)]
    [0, 30, 60, 600]
    """
    n = len(analysis.scores)
    lead = 0
    while lead < n and analysis.scores[lead] is None:
        lead += 1
    if lead == 0 or lead >= n - 1:
        step = WIDTH / max(n - 1, 1)
        return [i * step for i in range(n)]
    xs = [i * LEAD / lead for i in range(lead)]
    step = (WIDTH - LEAD) / max(n - 1 - lead, 1)
    return xs + [LEAD + (i - lead) * step for i in range(lead, n)]


def graph_svg(analysis, shown):
    """The evaluation graph: White's advantage over the moves (above the zero line: White
    ahead), with its axes (the pieces scale at the left, move numbers below), the position
    ``shown`` (an index into ``positions``) marked, a clickable column per position
    (``data-ply``: the number of moves of the game at that position)."""
    scores = analysis.scores
    n = len(scores)
    xs = columns(analysis)
    mid = HEIGHT / 2

    def y(v):
        return mid - max(-LIMIT, min(LIMIT, v)) * mid / LIMIT

    parts = ['<svg class="graph" viewBox="%d -6 %d %d" role="img" aria-label="%s">'
             % (-LEFT, WIDTH + LEFT + 6, HEIGHT + BELOW + 8, _graph_label(analysis))]
    parts.append('<rect class="g-bg" x="0" y="0" width="%d" height="%d"/>' % (WIDTH, HEIGHT))
    parts.append('<rect class="g-black" x="0" y="%.1f" width="%d" height="%.1f"/>' % (mid, WIDTH, mid))
    lead = 0  # the width of the unscored positions before the first scored one, if drawn narrower
    first_scored = next((i for i in range(n) if scores[i] is not None), n)
    if 1 < first_scored < n - 1:
        lead = xs[first_scored]
        parts.append('<rect class="g-lead" x="0" y="0" width="%.1f" height="%d"/>' % (lead, HEIGHT))
        parts.append('<text class="g-lead-label" x="%.1f" y="%.1f">%s</text>' % (lead / 2, mid + 4, _("placement")))
    points = ["%.1f,%.1f" % (xs[i], y(scores[i])) for i in range(n) if scores[i] is not None]
    if points:
        first = points[0].split(",")[0]
        last = points[-1].split(",")[0]
        parts.append('<polygon class="g-area" points="%s,%.1f %s %s,%.1f"/>'
                     % (first, mid, " ".join(points), last, mid))
        parts.append('<polyline class="g-line" points="%s"/>' % " ".join(points))
    # The axes: the zero line and the pieces scale; a move number every ten moves.
    parts.append('<line class="g-mid" x1="0" y1="%.1f" x2="%d" y2="%.1f"/>' % (mid, WIDTH, mid))
    units = LIMIT // 100
    for value, label in ((LIMIT, "+%d" % units), (0, "0"), (-LIMIT, "\u2212%d" % units)):
        parts.append('<text class="g-scale" x="-4" y="%.1f">%s</text>' % (y(value) + 4, label))
    parts.append('<text class="g-unit" x="-4" y="%.1f">%s</text>' % (mid + 16, analysis.unit))
    for i in range(n):
        number = analysis.first + i
        if number % 10 == 0 and (scores[i] is not None or i == 0 or not lead):
            parts.append('<line class="g-tick" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>'
                         % (xs[i], HEIGHT, xs[i], HEIGHT + 4))
            parts.append('<text class="g-move" x="%.1f" y="%d">%d</text>' % (xs[i], HEIGHT + BELOW, number))
    for i, (kind, _best, _loss) in analysis.verdicts().items():
        parts.append('<circle class="g-%s" cx="%.1f" cy="%.1f" r="4"/>' % (kind, xs[i + 1], y(scores[i + 1])))
    if 0 <= shown < n:
        parts.append('<line class="g-now" x1="%.1f" y1="0" x2="%.1f" y2="%d"/>' % (xs[shown], xs[shown], HEIGHT))
    for i in range(n):
        left = (xs[i] + xs[i - 1]) / 2 if i else xs[0]
        right = (xs[i] + xs[i + 1]) / 2 if i + 1 < n else xs[i]
        parts.append('<rect class="g-hit" data-ply="%d" x="%.1f" y="0" width="%.1f" height="%d"/>'
                     % (analysis.first + i, left, max(right - left, 1), HEIGHT))
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
        "lead": decimal(abs(end) / 100), "units": analysis.unit}
