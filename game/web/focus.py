"""The table page's focus and its dialogs' place: the focus into a dialog that opens, held inside
it (Tab), given back to what opened it, on the final scoring, and on what was just made for the
player (an invite's link); the route or city a dialog is
about pointed out on the board and kept in view beside it (the room and the move are
``game.ui.placing``'s)."""

from __future__ import annotations

import js

from game.ui.outcome import FocusMove
from game.ui.placing import Box, room, shift_into
from game.web.dom import FOCUSABLE, Node, cycle_focus, focus_selector, present
from game.web.zoom import Zoom


def _box(node) -> Box:
    """An element's rectangle on the screen."""
    r = node.getBoundingClientRect()
    return Box(float(r.left), float(r.top), float(r.right), float(r.bottom))


class Focus:
    """Where the focus goes back to, and the spot kept in view beside the open dialog (moved by ``zoom``)."""

    def __init__(self, zoom: Zoom) -> None:
        self.zoom = zoom
        self.home: str | None = None        # the control or route last focused outside the dialogs
        self.in_view: tuple[str, str] | None = None     # the route or city kept in view beside the open dialog, its kind
        self.scrolled = 0.0                 # how far the page was scrolled to show it (a phone)

    def forget_spot(self) -> None:
        """A new game screen: nothing is kept in view, nothing was moved."""
        self.in_view, self.scrolled = None, 0.0

    def moved(self, target) -> None:
        """The focus came to ``target``: outside the dialogs, it is where the focus goes back to."""
        if present(js.document.querySelector("#dialogs .dialog")) is None:
            self.home = focus_selector(target) or self.home

    def dialog_drawn(self, node: Node | None, spot: str | None) -> None:
        """A dialog (``node``, about the route or city ``spot``) was drawn, or none is up: the spot
        pointed out and kept in view, the focus into the dialog or back where it was."""
        self.mark_spot(spot)
        self.keep_in_view(spot, "" if node is None else node.getAttribute("data-dialog"))
        if node is not None:
            target = present(node.querySelector("[data-autofocus], .primary, button, input"))
            if target is not None:
                target.focus()
        else:
            self.restore_focus()

    def focus_the_end(self) -> None:
        """When the focus was lost while the final scoring is revealed (its control gone: a payment)
        it goes to Skip; when the reveal gives way to the final table, to the table's heading, so it
        is read from the top (a finished game opened shows the table and moves no focus)."""
        active = present(js.document.activeElement)
        if active is not None and active.tagName != "BODY" and active.isConnected:
            return
        target = present(js.document.querySelector(".scoring-reveal button[data-cmd=skip-scoring], .end-screen h2"))
        if target is not None:
            target.focus()

    def mark_spot(self, spot_id: str | None) -> None:
        """Point out on the board the route or city the open dialog is about."""
        for old in js.document.querySelectorAll("#board .selected"):
            old.classList.remove("selected")
        spot = present(js.document.getElementById(spot_id)) if spot_id else None
        if spot is not None:
            spot.classList.add("selected")

    def keep_in_view(self, spot_id: str | None, kind: str = "") -> None:
        """Keep the route or city the open dialog (of ``kind``) is about in view beside it
        (``game.ui.placing``), and for a ticket choice the whole board (its lit cities).  Beside the
        board the dialog stands over the side column and covers none of it; on a phone the sheet
        covers the foot of the screen, so the page scrolls the board to the top of the screen and,
        if that is not enough for a route or city (zoomed in, a tall sheet), the board moves.  Both
        are taken back when the dialog closes or turns to another spot."""
        target = spot_id or ("board-frame" if kind == "tickets" else None)
        shown = (target, kind) if target else None
        if shown == self.in_view:
            return
        if self.in_view is not None and (shown is None or shown[0] != self.in_view[0]):
            self.zoom.nudge(0.0, 0.0)
            if self.scrolled:
                js.window.scrollBy(0, -self.scrolled)
            self.scrolled = 0.0
        self.in_view = shown
        spot = present(js.document.getElementById(target)) if target else None
        cover = present(js.document.querySelector("#dialogs .dialog-box"))
        frame = present(js.document.getElementById("board-frame"))
        if spot is None or cover is None or frame is None:
            return

        def measure() -> tuple[Box, Box]:
            return room(_box(frame), _box(cover), float(js.window.innerHeight)), _box(spot)
        space, where = measure()
        if space.holds(where):              # in view already: nothing moves (beside the board, always)
            return
        if _box(frame).top != 0:            # a phone: the board to the top of the screen, above the sheet
            before = float(js.window.scrollY)
            js.window.scrollBy(0, _box(frame).top)
            self.scrolled += float(js.window.scrollY) - before
            space, where = measure()
        dx, dy = shift_into(where, space)
        if target != "board-frame" and (dx or dy):      # the board moves for a route or city, not for the whole
            x, y = self.zoom.nudged
            self.zoom.nudge(x + dx, y + dy)

    def restore_focus(self, *, closed: bool = False) -> None:
        """Once a dialog has closed (``closed``: by Cancel, OK or Escape) or the screen was
        redrawn and the focus was lost, the focus goes back to the control or route focused
        before the dialog opened (the one that opened it), so play by keyboard goes on."""
        active = present(js.document.activeElement)
        if not closed and active is not None and active.tagName != "BODY" and active.isConnected:
            return
        target = present(js.document.querySelector(self.home)) if self.home else None
        if target is not None:
            target.focus()

    def move_to(self, move: FocusMove) -> None:
        """The focus to what was just made (``move.to``; a text field's text selected, ready to
        copy), unless the player has moved it on from the control that asked (``move.asked``)."""
        active = present(js.document.activeElement)
        lost = active is None or active.tagName == "BODY" or not active.isConnected
        target = present(js.document.getElementById(move.to))
        if target is None or not (lost or (active is not None and active.matches(move.asked))):
            return
        target.focus()
        if target.tagName == "INPUT":
            target.select()

    def trap_focus(self, event) -> None:
        """While a dialog is open, Tab and Shift+Tab cycle through its controls and the header's
        tools (which stay above every dialog: zoom, export, games), never reaching the page behind."""
        box = present(js.document.querySelector("#dialogs .dialog"))
        if box is None:
            return
        cycle_focus(event, f"#app.table header :is({FOCUSABLE}), #dialogs :is({FOCUSABLE})")
