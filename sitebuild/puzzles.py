"""The puzzle pages' data: each game's puzzle set (``puzzles/<game>.tsv``, written by
``tools/puzzles.py``) in the compact form the page reads (``web/kernel/puzzles.py``), and the
source games for "See the game", as files of their own that only the puzzle page fetches.
"""

from __future__ import annotations

from sitebuild import ROOT
from sitebuild.site import Site

PUZZLES = ROOT / "puzzles"


def compact(tsv: str) -> str:
    """The set without its comments and its sources (a puzzle's id names its game and move):
    id, position, solution, margin, themes, rating, and the move played in the source game when the player
    missed the solution (the source's ``played`` note).

    >>> compact("# a comment\\nd1.80\\tP\\tE3G3\\t5\\tcut-off\\t1250\\tDV-x.sgf:80\\n")
    'd1.80\\tP\\tE3G3\\t5\\tcut-off\\t1250\\n'
    >>> compact("d1.80\\tP\\tE3G3\\t5\\tcut-off\\t1250\\tDV-x.sgf:80 played E3F3\\n")
    'd1.80\\tP\\tE3G3\\t5\\tcut-off\\t1250\\tE3F3\\n'
    """
    out = []
    for line in tsv.splitlines():
        if line and not line.startswith("#"):
            fields = line.split("\t")
            played = fields[6].partition(" played ")[2] if len(fields) > 6 else ""
            out.append("\t".join(fields[:6] + ([played] if played else [])))
    return "\n".join(out) + "\n"


def theme_counts(tsv: str) -> str:
    """The puzzles of each theme, for the theme filter (``kernel/puzzles.theme_counts`` reads it).

    >>> theme_counts("d1\\tP\\tE3G3\\t5\\tcut-off,endgame\\t1250\\tx\\nd2\\tP\\tE3G3\\t5\\tendgame\\t1250\\tx\\n")
    'cut-off:1,endgame:2'
    """
    counts: dict[str, int] = {}
    for line in tsv.splitlines():
        if line and not line.startswith("#"):
            for theme in line.split("\t")[4].split(","):
                if theme:
                    counts[theme] = counts.get(theme, 0) + 1
    return ",".join(f"{name}:{n}" for name, n in sorted(counts.items()))


def write(site: Site, values: dict[str, str]) -> None:
    """Write each game's set and source games into the site; their addresses go to ``values``
    (``dvonn_puzzles``, ``dvonn_games``, ``diamonds_puzzles``, ``diamonds_games``), and the count of each
    theme's puzzles (``dvonn_theme_counts``, ``diamonds_theme_counts``)."""
    for game in ("dvonn", "diamonds"):
        tsv = (PUZZLES / f"{game}.tsv").read_text()
        values[f"{game}_puzzles"] = site.write(f"puzzles/{game}.txt", compact(tsv).encode())
        values[f"{game}_theme_counts"] = theme_counts(tsv)
        values[f"{game}_games"] = site.copy(PUZZLES / f"{game}-games.txt", f"puzzles/{game}-games.txt")
        # Read only when a player opens a puzzle's source game: cached then, not precached (issue 45).
        site.on_first_use.add(f"puzzles/{game}-games.txt")
