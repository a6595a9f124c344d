"""Where the board moves so that what a choice is about stays in view beside the dialog (#28).

Beside the board the choices stand over the side column, so they cover nothing of the board; on
a phone they are a sheet at the bottom of the screen, over the foot of the board.  The glue
(``game.web.focus``) measures the board's frame, the dialog and the route or city the dialog is
about, in CSS pixels of the screen, and asks here which part of the board is left in view
(``room``) and how far to move the board so the route or city is in it (``shift_into``).
"""

from __future__ import annotations

from dataclasses import dataclass

MARGIN = 12.0       # CSS pixels kept between what a choice is about and the edge of the room


@dataclass(frozen=True)
class Box:
    """A rectangle on the screen, in CSS pixels (as ``getBoundingClientRect`` gives it)."""

    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        """Whether the two share some area (touching edges do not count).

        >>> Box(0, 0, 10, 10).overlaps(Box(10, 0, 20, 10)), Box(0, 0, 10, 10).overlaps(Box(5, 5, 20, 20))
        (False, True)
        """
        return self.left < other.right and other.left < self.right and self.top < other.bottom and other.top < self.bottom

    def holds(self, other: Box, margin: float = 0.0) -> bool:
        """Whether ``other`` lies inside this box, ``margin`` away from its edges.

        >>> Box(0, 0, 100, 100).holds(Box(10, 10, 20, 20), 12)
        False
        """
        return (other.left >= self.left + margin and other.right <= self.right - margin
                and other.top >= self.top + margin and other.bottom <= self.bottom - margin)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.left + dx, self.top + dy, self.right + dx, self.bottom + dy)


def room(frame: Box, cover: Box, screen_height: float) -> Box:
    """The part of the board's ``frame`` on the screen and not under the dialog ``cover``: above a
    sheet laid across the frame, or beside a dialog standing at one of its sides.

    >>> room(Box(0, 100, 390, 360), Box(0, 500, 390, 844), 844)        # a phone: the sheet is lower
    Box(left=0, top=100, right=390, bottom=360)
    >>> room(Box(0, 100, 390, 360), Box(0, 300, 390, 844), 844)
    Box(left=0, top=100, right=390, bottom=300)
    >>> room(Box(8, 80, 900, 670), Box(920, 80, 1272, 792), 800)      # beside the board: all of it
    Box(left=8, top=80, right=900, bottom=670)
    """
    left, top, right, bottom = frame.left, max(frame.top, 0.0), frame.right, min(frame.bottom, screen_height)
    if cover.overlaps(frame):
        if cover.left <= frame.left and cover.right >= frame.right:      # a sheet across the frame
            if cover.top > frame.top:
                bottom = min(bottom, cover.top)
            else:
                top = max(top, cover.bottom)
        elif cover.left > frame.left:
            right = min(right, cover.left)
        else:
            left = max(left, cover.right)
    return Box(left, top, right, max(top, bottom))


def _shift(low: float, high: float, start: float, end: float, margin: float) -> float:
    """How far to move [low, high] along one axis to bring it into [start, end], ``margin`` inside:
    nothing if it is in; centred if it cannot fit; else the least move."""
    if high - low > end - start - 2 * margin:
        return (start + end) / 2 - (low + high) / 2
    if low < start + margin:
        return start + margin - low
    if high > end - margin:
        return end - margin - high
    return 0.0


def shift_into(spot: Box, space: Box, margin: float = MARGIN) -> tuple[float, float]:
    """How far to move the board, (dx, dy) in CSS pixels, so that ``spot`` (a route's cars, a
    city) lies in ``space`` (the ``room`` left by the dialog), ``margin`` inside its edges; (0, 0)
    when it is there already.

    >>> shift_into(Box(100, 280, 160, 320), Box(0, 0, 390, 300))        # under the sheet: up
    (0.0, -32.0)
    >>> shift_into(Box(100, 100, 160, 120), Box(0, 0, 390, 300))
    (0.0, 0.0)
    """
    if space.holds(spot, margin):
        return 0.0, 0.0
    return (_shift(spot.left, spot.right, space.left, space.right, margin),
            _shift(spot.top, spot.bottom, space.top, space.bottom, margin))
