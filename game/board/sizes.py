"""The sizes on screen of what the page scales with its zoom: the city names and the owners'
badges, kept readable at every zoom and screen width (``--label-size``, ``--mark-scale``).

Both only grow as the board shows smaller (fewer CSS pixels a unit), which
``game.board.badges`` relies on.
"""

from __future__ import annotations

# City labels: 16 board units as drawn; a page that zooms the board sets ``--label-size`` so
# that they stay between these sizes on screen (CSS pixels) at every zoom and screen width.
LABEL_UNITS = 16
LABEL_PIXELS = (9.0, 20.0)
LABEL_MAX = 2.25            # the most a label grows, times as drawn
# The owner's badge: BADGE_R units across its rim as drawn (its outline 1 more); a page that
# zooms the board sets ``--mark-scale`` so that it stays between BADGE_PIXELS across on screen.
BADGE_R = 15.0
BADGE_OUTLINE = 1.0
BADGE_PIXELS = (13.0, 20.0)
MARK_SCALES = (0.5, 2.0)    # the least and the most a badge is scaled


def label_size(pixels_per_unit: float) -> float:
    """The city labels' size in board units when one unit shows as ``pixels_per_unit`` CSS pixels:
    as drawn where that reads well, larger when the board is small on screen (a phone showing the
    whole map), smaller when it is zoomed far in, capped at 2.25 times as drawn.

    >>> label_size(0.8), label_size(0.26), label_size(6.0), label_size(0.1)
    (16, 34.6, 3.3, 36.0)
    """
    low, high = LABEL_PIXELS
    on_screen = min(max(LABEL_UNITS * pixels_per_unit, low), high)
    if on_screen == LABEL_UNITS * pixels_per_unit:
        return LABEL_UNITS
    return round(min(on_screen / pixels_per_unit, LABEL_MAX * LABEL_UNITS), 1)


def mark_scale(pixels_per_unit: float) -> float:
    """How much to scale the owners' badges when one unit shows as ``pixels_per_unit`` CSS
    pixels: as drawn where that makes them BADGE_PIXELS across, larger on a small board (at most
    twice), smaller on a board zoomed far in (at least half).

    >>> mark_scale(0.585), mark_scale(0.252), mark_scale(3.0), mark_scale(0.1)
    (1, 1.72, 0.5, 2.0)
    """
    low, high = BADGE_PIXELS
    across = 2 * BADGE_R * pixels_per_unit
    if low <= across <= high:
        return 1
    return round(min(max(min(max(across, low), high) / across, MARK_SCALES[0]), MARK_SCALES[1]), 2)
