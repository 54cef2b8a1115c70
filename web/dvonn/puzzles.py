"""The DVONN puzzle page (``puzzles.html``): the kernel's puzzle page (``kernel/puzzle_page.py``)
with DVONN's board, its clicks and hover preview (the stacks a move would cut off), the hint's
stack, what a wrong move gives away, and the Boardspace game a puzzle came from.  Runs on MicroPython.
"""

import asyncio

from dvonn import render
from dvonn.session import Session
from dvonn_core import Game
from kernel import board_dom
from kernel.i18n import N_, _, ngettext
from kernel.puzzle_page import Adapter, PuzzlePage


def merge(marks, more):
    out = dict(marks)
    for cell, cls in more.items():
        out[cell] = (out.get(cell, "") + " " + cls).strip()
    return out


def source(name):
    """(white, black, date) of a Boardspace file name, ``DV-<first>-<second>-<yyyy>-<mm>-<dd>-<hhmm>.sgf``
    (the first player named moved first: White); None where the name does not say.

    >>> source("DV-149-SmartBot-2009-02-06-0635.sgf")
    ('149', 'SmartBot', '2009.02.06')
    """
    parts = name[3:-4].split("-") if name.startswith("DV-") and name.endswith(".sgf") else []
    if len(parts) < 6:
        return None, None, None
    date = "%s.%s.%s" % (parts[-4], parts[-3], parts[-2])
    players = parts[:-4]
    if len(players) != 2:
        return None, None, date
    return players[0], players[1], date


class DvonnPuzzles(Adapter):
    KEY = "dvonn.puzzles"
    ANALYSIS = "analysis.html"
    GAME_PAGE = "index.html"
    THEMES = (("cut-off", N_("Cut-off")), ("sharpshooting", N_("Sharpshooting")),
              ("dvonn-capture", N_("DVONN capture")), ("out-of-moves", N_("Out of moves")),
              ("quiet-move", N_("Quiet move")), ("middlegame", N_("Middle game")), ("endgame", N_("Endgame")),
              ("late-endgame", N_("Late endgame")), ("two-moves", N_("Two moves")),
              ("three-moves", N_("Three moves")))

    def __init__(self):
        Adapter.__init__(self, Session(), render)
        self.pointer = "mouse"

    def draw_board(self, page, marks):
        S = self.S
        stacks, all_marks, overlay = S.stacks(), merge(S.marks(), marks), ""
        if S.vanishing:  # the stacks a move removed, fading out over the board
            overlay = render.vanish_svg(S.vanishing, S.flipped, page.turned)
            S.vanishing = {}
        page.keyed.draw(stacks, all_marks, S.focus, S.flipped, page.turned,
                        lambda: render.board_svg(stacks, all_marks, S.flipped, S.focus, page.turned), overlay=overlay)

    def press(self, page, cell, by_key):
        # As on the game page: a click plays at once, a tap or a key first shows what the move cuts off.
        changed = self.S.activate(cell, confirmed=not by_key and self.pointer == "mouse")
        if changed and len(self.S.game.moves) == page.step:
            page.message = self.S.status()
            page.redraw()
        return changed

    def wire(self, page):
        def on_pointerdown(event):
            self.pointer = event.pointerType or "mouse"

        def on_hover(event):
            if self.pointer != "mouse" or page.busy or page.state != "solve":
                return
            if self.S.hover(board_dom.cell_of(event)):
                board_dom.show_preview(page.board, self.S.preview, self.S.doomed())

        page.listen(page.board, "pointerdown", on_pointerdown)
        page.listen(page.board, "mouseover", on_hover)

    def hint_cell(self, move):
        return move[:2] if len(move) == 4 else None

    def margin_text(self, margin):
        n = int(margin)
        return ngettext("%d piece", "%d pieces", n) % n

    def solved_text(self, puzzle, side):
        """The file's margin is the solution's final margin, exact: a win by that many pieces, or a draw."""
        n = int(puzzle["margin"])
        if n > 0:
            return _("Only this move wins: %(side)s wins by %(pieces)s with the best play of both sides.") % {
                "side": side, "pieces": self.margin_text(n)}
        return _("Only this move saves the draw: every other move loses.")

    def wrong(self, game, puzzle):
        """The wrong move's cost: at least the margin; and the reply that cuts off or takes most of the
        solver's pieces at once, with those stacks marked."""
        solver = puzzle["position"].split(".")[1][0]
        mine = "w" if solver == "w" else "b"
        best, best_lost, best_cells = None, 0, []
        if game.phase == "movement":
            for move in game.legal_moves():
                if move.is_pass:
                    continue
                cells = game.removed_by(move)
                lost = sum(len(game.stack(c)) for c in cells if game.stack(c)[-1] == mine)
                target = game.stack(move.target)
                if target[-1] == mine:
                    lost += len(target)
                if lost > best_lost:
                    best, best_lost, best_cells = move, lost, cells
        if int(puzzle["margin"]) > 0:
            text = _("Not the winning move: after it, the other side can hold the draw or win with the best play.")
        else:
            text = _("Not the saving move: after it, the other side wins with the best play.")
        marks = {}
        if best is not None:
            text += " " + _("For example %(side)s answers %(move)s, winning %(pieces)s at once.") % {
                "side": self.side_name(game.to_move), "move": str(best),
                "pieces": ngettext("%d piece", "%d pieces", best_lost) % best_lost}
            marks[str(best)[:2]] = "hint-from"
            marks[str(best)[2:]] = "previewed"
            for c in best_cells:
                marks[c] = "doomed"
        return text + " " + _("Try again."), marks

    def game_link(self, games_text, puzzle):
        index, ply = puzzle["id"][1:].split(".")
        for line in games_text.split("\n"):
            words = line.split(" ")
            if words and words[0] == index and len(words) > 2:
                game = Game()
                white, black, date = source(words[1])
                game.tags = {"Event": "Boardspace", "Site": "boardspace.net", "Date": date or "?",
                             "White": white or "?", "Black": black or "?"}
                for move in words[2:]:  # the whole game, shown at the puzzle's move
                    game.play(move)
                import pyscript

                return "./%s#record=%s&ply=%d" % (self.GAME_PAGE, pyscript.window.encodeURIComponent(game.record()),
                                                  int(ply))
        return None


asyncio.create_task(PuzzlePage(DvonnPuzzles()).start())
