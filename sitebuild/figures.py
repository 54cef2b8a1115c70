"""The boards each game's pages draw at build time, by the page's own renderer and session, so
that a page shows its board before its Python runs (issue 12): the board of a new game, and the
first example figures of the rules pages.  A third game adds its functions here.
"""

from __future__ import annotations

import html
import re

from kernel.i18n import _  # the page's language: build.py installs its catalog before drawing its pages

_FIGURE = re.compile(r'(<figure class="example"[^>]*>)(.*?)(</figure>)', re.S)


def tag_attr(tag: str, name: str) -> str:
    """The value of attribute ``name`` in the start tag ``tag`` ("" without it).

    >>> tag_attr('<figure class="example" data-moves="e5,d4">', "data-moves")
    'e5,d4'
    """
    match = re.search(r'\s%s="([^"]*)"' % re.escape(name), tag)
    return html.unescape(match.group(1)) if match else ""


#: How many of rules.html's example boards the build draws: those a reader sees first.
PRERENDERED_FIGURES = 2
#: The same for diamonds-rules.html: its first board, the one in view on a 1280 x 720 screen.
#: Measured (16 interleaved cold loads each): data-ready 420 -> 393 ms with one board drawn,
#: 428 -> 425 ms with two (the second board's 15 KB of markup cost what its drawing saved).
DIAMONDS_PRERENDERED_FIGURES = 1


# DVONN: the game page's board and the rules page's figures.
def prerendered_board() -> dict[str, str]:
    """The board of a new game as the page starts it (index.html's form: a human plays White),
    drawn at build time by the page's own renderer and session (first paint).  ``board_key``
    names what it shows: when the page starts in that state, it keeps this board instead of
    drawing it again (main.py, issue 12)."""
    from dvonn import render, session
    s = session.Session()
    s.new_game(white="human", black="bot", level="easy")
    stacks, marks = s.stacks(), s.marks()
    return {"board": render.board_svg(stacks, marks, s.flipped, s.focus), "viewbox": render.VIEWBOX,
            "board_key": html.escape(render.board_key(stacks, marks, s.focus))}


def prerendered_figures(page: str) -> str:
    """``page`` (rules.html) with the first example figures' boards (``PRERENDERED_FIGURES``)
    drawn in at build time, as rules.py starts them (board_view.BoardView: upright, focus on
    F3), by the page's own renderer and viewer; ``data-drawn`` names what a board shows, so the
    page adopts it instead of drawing it (issue 12).  The other figures that start here get
    ``data-later`` and an empty board of the right size: the page draws them after it is ready
    (the boards took 78 of the page's 105 KB, ~17 ms of parsing before the page could start).  A
    figure the viewer cannot start is left as it is: the page shows its error at once."""
    from dvonn import embed_params, render, viewer

    started = 0

    def draw(match: re.Match[str]) -> str:
        nonlocal started
        tag = match.group(1)
        at = tag_attr(tag, "data-at")
        try:
            v = viewer.Viewer(tag_attr(tag, "data-position") or None,
                              embed_params.split_list(tag_attr(tag, "data-moves")), int(at) if at else None,
                              play=tag_attr(tag, "data-play") != "0",
                              highlight=embed_params.split_list(tag_attr(tag, "data-highlight")))
        except Exception:  # noqa: BLE001 - the page reports it
            return match.group(0)
        started += 1
        drawn, board = "", ""
        if started > PRERENDERED_FIGURES or v.ghosts or v.vanishing:  # (overlays are drawn by the page)
            tag = tag[:-1] + " data-later>"
        else:
            stacks, marks = v.stacks(), v.marks()
            drawn = ' data-drawn="%s"' % html.escape(render.board_key(stacks, marks, "F3"))
            board = render.board_svg(stacks, marks, False, "F3")
        svg = ('<svg class="dv-svg" viewBox="%s" role="group" aria-label="%s" data-testid="board"%s>%s</svg>'
               % (render.VIEWBOX, html.escape(_("DVONN board")), drawn, board))
        return tag + match.group(2).rstrip() + "\n  " + svg + "\n" + match.group(3)

    return _FIGURE.sub(draw, page)


# Diamonds & Pivots: the game page's board, the rules page's figures and its answers.
def diamonds_board() -> dict[str, str]:
    """The board of a new Diamonds & Pivots game as the page starts it (the form's defaults: Black
    human, White the easy bot), drawn by the page's own renderer and session; ``board_key`` names
    what it shows, so the page keeps it instead of drawing it again (issue 12)."""
    from diamonds import render, session
    s = session.Session()
    s.new_game(white="bot", black="human", level="easy")
    view = (s.stones(), s.marks(), s.flipped, s.focus, s.diamonds(), s.chosen_diamond())
    return {"board": render.board_svg(*view), "board_key": html.escape(render.board_key(*view)),
            "viewbox": render.VIEWBOX}


def diamonds_checked_figures(page: str) -> str:
    """``page`` (diamonds-rules.html) with ``data-later`` on the example figures whose board
    starts, as rules.py starts it (``session.example_session``: the position, then the turns of
    ``data-moves``): rules.py starts those after the page is ready unless they are in view
    (lazy_boards, issue 12).  The first ``DIAMONDS_PRERENDERED_FIGURES`` of them get their board
    drawn by the page's own renderer, ``data-drawn`` naming what it shows, so the page keeps it
    instead of drawing it (one board took 27 ms of the page's start); the others an empty
    board.  A figure that cannot start is left as it is: the page shows its error at once."""
    from diamonds import render, session

    started = 0

    def check(match: re.Match[str]) -> str:
        nonlocal started
        tag = match.group(1)
        try:
            s = session.example_session(tag_attr(tag, "data-position") or None,
                                        session.split_turns(tag_attr(tag, "data-moves")))
        except Exception:  # noqa: BLE001 - the page reports it
            return match.group(0)
        started += 1
        drawn, board = "", ""
        if started <= DIAMONDS_PRERENDERED_FIGURES:  # drawn here, kept by the page (board_view.BoardView)
            view = (s.stones(), s.marks(), s.flipped, s.focus, s.diamonds(), s.chosen_diamond())
            drawn = ' data-drawn="%s"' % html.escape(render.board_key(*view))
            board = render.board_svg(*view)
        # The others get an empty board of the right size, which board_view.BoardView draws
        # into: the page does not move when a board out of view starts.
        svg = ('<svg class="dv-svg" viewBox="%s" role="group" aria-label="%s" data-testid="board"%s>%s</svg>'
               % (render.VIEWBOX, html.escape(_("Diamonds and Pivots board")), drawn, board))
        return tag[:-1] + " data-later>" + match.group(2).rstrip() + "\n  " + svg + "\n" + match.group(3)

    return _FIGURE.sub(check, page)


def diamonds_answers() -> str:
    """The answers to the source's open questions, from the library (dvonn_core.diamonds.ANSWERS), as HTML,
    in the page's language (tools/messages.py extracts them as messages of the library's module)."""
    from dvonn_core.diamonds import ANSWERS
    return "\n".join(f'<div class="answer"><dt>{html.escape(_(topic))}</dt><dd>{html.escape(_(answer))}</dd></div>'
                     for topic, answer in ANSWERS)
