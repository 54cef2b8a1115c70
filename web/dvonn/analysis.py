"""The DVONN analysis board (analysis.html): the kernel's analysis board (``kernel/analysis_board.py``)
on DVONN's session and renderer."""

from dvonn import render
from dvonn.session import Session
from kernel import board_dom
from kernel.analysis_board import AnalysisBoard


class DvonnAnalysis:
    GAME_KIND = "dvonn"
    GAME_PAGE = "index.html"

    def __init__(self):
        self.session = Session()

    def keyed_board(self, svg):
        return board_dom.KeyedBoard(svg, render)

    def draw(self, board, S):
        stacks, marks = S.stacks(), S.marks()
        S.vanishing = {}
        board.keyed.draw(stacks, marks, S.focus, S.flipped, board.turned,
                         lambda: render.board_svg(stacks, marks, S.flipped, S.focus, board.turned))

    def press(self, S, cell):
        return S.activate(cell)

    def shown_move(self, move):
        return move

    def final(self, game):
        """A finished game's margin from White's view: (text, pieces)."""
        white, black = game.score()
        value = white - black
        return ("+%d" % value if value > 0 else "%d" % value), float(value)

    def embed_snippet(self, base, S, ahead):
        """The ``<iframe>`` of the embed page with the moves played here (and those ``ahead``, taken
        back), open at the move on screen."""
        from dvonn.embed_params import snippet

        played = [str(m) for m in S.game.moves]
        return snippet(base, S.game.start_position, played + ahead, len(played))

    def wire(self, board):
        pass


AnalysisBoard(DvonnAnalysis()).start()
