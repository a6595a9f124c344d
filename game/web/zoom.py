"""Zoom and pan of the board: buttons, the mouse wheel, dragging, and pinching on touch screens.

The board's element gets a CSS transform; the frame around it clips.  A drag that moved
more than a few pixels is not a click (``dragged``), so panning never claims a route.  After
every zoom, and whenever the frame changes size, the city labels get the size that keeps them
readable on screen, and the owners' badges too (``game.board.sizes``); a badge that would be over
a name at that size is hidden (``game.board.badges``).
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, to_js

from game.board.badges import CROWD_LEVELS, hidden_levels
from game.board.sizes import LABEL_UNITS, label_size, mark_scale
from game.i18n import _
from game.web.dom import Node, button, keep_alive, present


def zoom_buttons(cmd: str) -> list[Node]:
    """The +, − and Fit buttons, with the command their page handles (``Zoom.step(arg)``)."""
    return [button("+", cmd, "in", aria_label=_("table.zoom_in")),
            button("−", cmd, "out", aria_label=_("table.zoom_out")),
            button(_("table.zoom_reset"), cmd, "reset")]


ZOOM_STEP = 1.25
MAX_SCALE = 6.0
DRAG_PIXELS = 3


class Zoom:
    """Zoom and pan of the board: buttons, the mouse wheel, dragging, and pinching on touch screens."""

    def __init__(self, wheel_if=None) -> None:
        """``wheel_if``: when the mouse wheel zooms (None: always; the embed: once the reader has
        clicked into it, so that a wheel over the board scrolls the host page until then)."""
        self.wheel_if = wheel_if
        self.scale, self.x, self.y = 1.0, 0.0, 0.0
        self.nudged = (0.0, 0.0)        # a move over the zoom and pan: what a dialog is about, in view
        self.pointers: dict[int, tuple[float, float]] = {}
        self.dragged = False
        self.box: Node = None
        self.handlers: tuple[Node, ...] | None = None        # made once, for every board attached
        self.watcher: Node = None                             # the frame's ResizeObserver
        self.labels = float(LABEL_UNITS)
        self.marks = 1.0                                      # the owners' badges' scale (``--mark-scale``)
        self.hidden: tuple[int, ...] = ()                      # the badges' levels hidden (``game.board.badges``)
        # (both set in a style sheet of their own, ``sizes``)
        self.fitted = 1.0                                     # the scale the labels were sized for

    def attach(self, box) -> None:
        self.box = box
        self.scale, self.x, self.y = 1.0, 0.0, 0.0
        self.nudged = (0.0, 0.0)
        if self.handlers is None:
            self.handlers = (keep_alive(self.on_wheel), keep_alive(self.on_down), keep_alive(self.on_move),
                             keep_alive(self.on_up), to_js({"passive": False}, dict_converter=js.Object.fromEntries))
        wheel, down, move, up, active = self.handlers
        box.addEventListener("wheel", wheel, active)
        box.addEventListener("pointerdown", down)
        box.addEventListener("pointermove", move)
        for name in ("pointerup", "pointercancel", "pointerleave"):
            box.addEventListener(name, up)
        if self.watcher is None:
            self.watcher = js.ResizeObserver.new(keep_alive(lambda *_: self.fit_labels()))
        self.watcher.disconnect()
        self.labels, self.marks, self.fitted = float(LABEL_UNITS), 1.0, self.scale
        self.sizes("")                                   # as drawn, until sized for this board:
        self.watcher.observe(box.parentElement)          # once it sees the frame

    def apply(self) -> None:
        self.scale = max(1.0, min(MAX_SCALE, self.scale))
        if self.scale == 1.0:
            self.x = self.y = 0.0
        x, y = self.x + self.nudged[0], self.y + self.nudged[1]
        self.box.style.transform = f"translate({x:.1f}px, {y:.1f}px) scale({self.scale:.3f})"
        self.box.parentElement.toggleAttribute("data-zoomed", self.scale > 1.0)
        if self.scale != self.fitted:         # a pan leaves the labels' size as it is (no layout read)
            self.fitted = self.scale
            self.fit_labels()

    def nudge(self, dx: float, dy: float) -> None:
        """Move the board by (dx, dy) CSS pixels over its zoom and pan, at "Fit" too: the route or
        city a dialog is about, brought into view beside it (``game.ui.placing``); (0, 0) moves it
        back."""
        self.nudged = (dx, dy)
        self.apply()

    def fit_labels(self) -> None:
        """Size the city labels and the owners' badges for the board's scale on screen (CSS variables
        the board's style reads)."""
        svg = present(self.box.querySelector("svg")) if self.box is not None else None
        matrix = present(svg.getScreenCTM()) if svg is not None else None
        if matrix is None or matrix.a <= 0:
            return
        size, marks, hidden = label_size(matrix.a), mark_scale(matrix.a), hidden_levels(matrix.a)
        if (size, marks, hidden) != (self.labels, self.marks, self.hidden):
            self.labels, self.marks, self.hidden = size, marks, hidden
            board = f"#{self.box.id} .ttr-board"
            crowds = "".join(f"{board} .crowd-{k}{{display:{'none' if k in hidden else 'inline'}}}"
                             for k in range(1, len(CROWD_LEVELS)))
            self.sizes(f"{board} .label{{--label-size:{size}px}}{board} .badge{{--mark-scale:{marks}}}{crowds}")

    @staticmethod
    def sizes(rules: str) -> None:
        """The labels' and badges' sizes, as rules of a style sheet of their own: set on the
        board's element, the variables would be inherited by, and restyle, each of its two
        thousand shapes, where these rules restyle only the labels and the badges."""
        sheet = present(js.document.getElementById("board-sizes"))
        if sheet is None:
            sheet = js.document.createElement("style")
            sheet.id = "board-sizes"
            js.document.head.append(sheet)
        if sheet.textContent != rules:
            sheet.textContent = rules

    def zoom_at(self, factor: float, cx: float, cy: float) -> None:
        new = max(1.0, min(MAX_SCALE, self.scale * factor))
        ratio = new / self.scale
        self.x = cx - (cx - self.x) * ratio
        self.y = cy - (cy - self.y) * ratio
        self.scale = new
        self.apply()

    def step(self, how: str) -> None:
        if how == "reset":
            self.scale = 1.0
            self.apply()
            return
        frame = self.box.parentElement
        self.zoom_at(ZOOM_STEP if how == "in" else 1 / ZOOM_STEP, frame.clientWidth / 2, frame.clientHeight / 2)

    def _local(self, event) -> tuple[float, float]:
        rect = self.box.parentElement.getBoundingClientRect()
        return event.clientX - rect.left, event.clientY - rect.top

    def on_wheel(self, event) -> None:
        if self.wheel_if is not None and not self.wheel_if():
            return
        event.preventDefault()
        self.zoom_at(ZOOM_STEP if event.deltaY < 0 else 1 / ZOOM_STEP, *self._local(event))

    def on_down(self, event) -> None:
        self.pointers[event.pointerId] = self._local(event)
        if len(self.pointers) == 1:
            self.dragged = False

    def on_move(self, event) -> None:
        if event.pointerId not in self.pointers:
            return
        old = dict(self.pointers)
        self.pointers[event.pointerId] = self._local(event)
        if len(self.pointers) == 2:            # pinch: scale by the change of distance, about the centre
            (a0, b0), (a1, b1) = [old[k] for k in self.pointers], list(self.pointers.values())
            d0 = ((a0[0] - b0[0]) ** 2 + (a0[1] - b0[1]) ** 2) ** 0.5
            d1 = ((a1[0] - b1[0]) ** 2 + (a1[1] - b1[1]) ** 2) ** 0.5
            if d0 > 0:
                self.zoom_at(d1 / d0, (a1[0] + b1[0]) / 2, (a1[1] + b1[1]) / 2)
            self.dragged = True
        elif self.scale > 1.0:
            (x0, y0), (x1, y1) = old[event.pointerId], self.pointers[event.pointerId]
            if abs(x1 - x0) + abs(y1 - y0) > 0 or self.dragged:
                self.x += x1 - x0
                self.y += y1 - y0
                self.dragged = self.dragged or abs(x1 - x0) + abs(y1 - y0) > DRAG_PIXELS
                self.apply()

    def on_up(self, event) -> None:
        self.pointers.pop(event.pointerId, None)
        if not self.pointers:
            js.setTimeout(create_once_callable(self._end_drag), 0)

    def _end_drag(self) -> None:
        self.dragged = False
