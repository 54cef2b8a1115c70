"""The Diamonds & Pivots analysis board (diamonds-analysis.html): the kernel's analysis board
(``kernel/analysis_board.py``) on this game's session and outlined board.  A turn is played on the
board as on the game page (a drop, then each pivot), or passed."""

from pyscript import document

from diamonds.outlined import OutlinedBoard
from diamonds.session import Session
from dvonn_core.diamonds import DiamondsGame
from kernel.analysis_board import AnalysisBoard
from kernel.i18n import _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Any


class DiamondsAnalysis:
    GAME_KIND = "diamonds"
    GAME_PAGE = "diamonds.html"

    def __init__(self):
        self.session = Session()
        self.outlined = None  # type: Any  # the board, once the page has it

    def keyed_board(self, svg):
        self.outlined = OutlinedBoard(svg)
        return self.outlined

    def draw(self, board, S):
        self.outlined.show(S.stones(), S.marks(), S.focus, S.flipped, board.turned, S.diamonds(), S.chosen_diamond())
        board.put("pass", "disabled", S.in_turn() or S.over())
        board.put("confirm", "hidden", S.picked() is None)

    def press(self, S, cell):
        try:
            return S.activate(cell)
        except ValueError as error:  # never expected: the session only offers legal steps
            S.notice = _("That step is not possible: %s") % str(error)[:200]
            return True

    def shown_move(self, move):
        return move

    def final(self, game):
        """A finished game's margin from White's view: (text, stones)."""
        black, white = game.score()
        value = white - black
        return ("+%d" % value if value > 0 else "%d" % value), float(value)

    def embed_snippet(self, base, S, ahead):
        """The ``<iframe>`` of the embed page from the position first analysed, with the turns played
        here, so that it opens on the position on screen (its parameters have no move to open at, so
        the turns ``ahead``, taken back, are left out)."""
        from diamonds.embed_params import snippet

        game = S.game
        return snippet(base, game.start_position or DiamondsGame().position(), moves=[str(m) for m in game.moves])

    def wire(self, board):
        def on(action):
            def handler(event):
                if action():
                    board.changed()
            return handler
        board.listen(document.querySelector('[data-testid="pass"]'), "click", on(board.S.pass_turn))
        board.listen(document.querySelector('[data-testid="confirm"]'), "click", on(board.S.confirm))


AnalysisBoard(DiamondsAnalysis()).start()
