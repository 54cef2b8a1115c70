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
    id, position, solution, margin, themes, rating.

    >>> compact("# a comment\\nd1.80\\tP\\tE3G3\\t5\\tcut-off\\t1250\\tDV-x.sgf:80\\n")
    'd1.80\\tP\\tE3G3\\t5\\tcut-off\\t1250\\n'
    """
    out = []
    for line in tsv.splitlines():
        if line and not line.startswith("#"):
            out.append("\t".join(line.split("\t")[:6]))
    return "\n".join(out) + "\n"


def write(site: Site, values: dict[str, str]) -> None:
    """Write each game's set and source games into the site; their addresses go to ``values``
    (``dvonn_puzzles``, ``dvonn_games``, ``diamonds_puzzles``, ``diamonds_games``)."""
    for game in ("dvonn", "diamonds"):
        values[f"{game}_puzzles"] = site.write(f"puzzles/{game}.txt",
                                               compact((PUZZLES / f"{game}.tsv").read_text()).encode())
        values[f"{game}_games"] = site.copy(PUZZLES / f"{game}-games.txt", f"puzzles/{game}-games.txt")
        # Read only when a player opens a puzzle's source game: cached then, not precached (issue 45).
        site.on_first_use.add(f"puzzles/{game}-games.txt")
