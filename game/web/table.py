"""The game screen's parts, built for one game and drawn from each ``game.ui.screen.Screen``:
the board (``game.web.board``), the side column (``game.web.side``), the log
(``game.web.log_panel``), the dialog up and the storage banner (``game.web.dialogs``).

``game.web.app`` imports this module on first use: it brings in the board renderer and
svgwrite, which the first screen (new game, saved games) does not need, so boot is faster.
"""

from __future__ import annotations

from game.mapdata import GameMap
from game.ui.screen import Screen
from game.web.board import Board
from game.web.dialogs import dialog_node, storage_banner
from game.web.log_panel import Log
from game.web.side import SideColumn

__all__ = ["TableParts", "dialog_node", "storage_banner"]


class TableParts:
    """The board in ``board_box`` and the side column in ``side_box`` of one game, and its log
    (``log.node``, placed by the page)."""

    def __init__(self, board_box, side_box, game_map: GameMap) -> None:
        self.board = Board(board_box, game_map)
        self.side = SideColumn(side_box)
        self.log = Log()

    def draw(self, shown: Screen) -> None:
        """Bring the board, the side column and the log up to date with ``shown``."""
        self.board.update(shown.board)
        self.side.update(shown.side)
        self.log.update(shown.log)

    def close(self) -> None:
        """The game's table is taken down: what the browser holds for it is let go (the log's observers)."""
        self.log.close()
