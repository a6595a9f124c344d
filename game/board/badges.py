"""Where the owners' badges sit on a claimed route: on one of its cars, clear of every city's name.

A badge sits on the route's middle car (on the cars a fifth of the way from each end of a long
route) unless a city's name would be under it there: then it moves along the route's cars to the
nearest place clear of every name.  The names and the badges grow as the board shows smaller
(``game.board.sizes``), so where the routes are dense and the board is small (a phone showing the
whole map) no place may be clear: each badge says from which size up it is clear (its *level*,
an index into ``CROWD_LEVELS``) and a board shown smaller hides it (``hidden_levels``); level 0
is clear at every size.  A badge clear at no size is not drawn.

>>> from game.mapdata import load_map
>>> [spot.level for spot in badge_spots(load_map("usa"), "el-paso--los-angeles")]
[0, 0]
>>> hidden_levels(0.253)[:2], hidden_levels(3.0)
((3, 4), ())
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.board.layout import CityPlace, layout, text_width
from game.board.shapes import Rect
from game.board.sizes import BADGE_OUTLINE, BADGE_R, label_size, mark_scale
from game.mapdata import GameMap

# The board's sizes on screen (CSS pixels a unit) a badge's level says it is clear from: the names
# and the badges stop growing below the first, and stop changing above the last but one.
CROWD_LEVELS = (0.2, 0.225, 0.25, 0.275, 0.3, 0.35, 0.4, 0.45, 0.5, 0.5625, 0.7, 0.85, 1.0, 1.25, 1.5, 2.0, 3.0)
AS_DRAWN = 0.5625           # the size at which names and badges are as drawn (no zoom's sizes set)
LONG_ROUTE = 5              # a route of this many spaces or more carries two badges
# a name as drawn: its lines' ink from ASCENT above the first baseline to DESCENT below the last,
# in font sizes (Arial/Liberation Sans Bold: 0.905 and 0.212), as wide as its widest line's estimate
ASCENT, DESCENT = 0.92, 0.23
MARGIN = 1.0                # the least room between a badge and a name, in units
ALONG = (0.0, -0.2, 0.2, -0.38, 0.38)   # the places tried on a car, in car lengths from its centre

Box = tuple[float, float, float, float]     # left, top, right, bottom


@dataclass(frozen=True)
class BadgeSpot:
    """A badge's centre, and its level: it is clear of every name from ``CROWD_LEVELS[level]`` up."""

    x: float
    y: float
    level: int


def name_box(place: CityPlace, size: float) -> Box:
    """The box a city's name takes drawn ``size`` units high (its lines keep their baselines)."""
    half = max(text_width(line, size) for line, _, _ in place.lines) / 2
    cx = place.lines[0][1]
    return cx - half, place.lines[0][2] - ASCENT * size, cx + half, place.lines[-1][2] + DESCENT * size


def badge_radius(pixels_per_unit: float) -> float:
    """How far from its centre a badge reaches, in units, on a board shown at this size."""
    return (BADGE_R + BADGE_OUTLINE) * mark_scale(pixels_per_unit)


def clear_of(x: float, y: float, radius: float, boxes: Sequence[Box]) -> bool:
    """True when a disc of ``radius`` (and MARGIN) around (x, y) touches none of the boxes."""
    reach = radius + MARGIN
    for left, top, right, bottom in boxes:
        dx = max(left - x, 0.0, x - right)
        dy = max(top - y, 0.0, y - bottom)
        if dx * dx + dy * dy < reach * reach:
            return False
    return True


def hidden_levels(pixels_per_unit: float) -> tuple[int, ...]:
    """The levels of the badges to hide on a board shown at this size (CSS pixels a unit)."""
    return tuple(k for k, size in enumerate(CROWD_LEVELS) if k and size > pixels_per_unit)


_NAMES: dict[int, tuple[GameMap, tuple[tuple[Box, ...], ...]]] = {}
_SPOTS: dict[tuple[int, str], tuple[GameMap, tuple[BadgeSpot, ...]]] = {}


def _names(game_map: GameMap) -> tuple[tuple[Box, ...], ...]:
    """Every city's name box at each level's size (cached per map object)."""
    hit = _NAMES.get(id(game_map))
    if hit is not None and hit[0] is game_map:
        return hit[1]
    places = layout(game_map).cities.values()
    boxes = tuple(tuple(name_box(p, label_size(size)) for p in places) for size in CROWD_LEVELS)
    _NAMES[id(game_map)] = (game_map, boxes)
    return boxes


def level_at(x: float, y: float, names: Sequence[Sequence[Box]]) -> int | None:
    """The first level from which a badge at (x, y) is clear of the names (``names[k]``, the
    boxes at level k), or None; being clear only grows with the size, so it is searched halving."""
    low, high = 0, len(CROWD_LEVELS)
    while low < high:
        middle = (low + high) // 2
        if clear_of(x, y, badge_radius(CROWD_LEVELS[middle]), names[middle]):
            high = middle
        else:
            low = middle + 1
    return low if low < len(CROWD_LEVELS) else None


def _near(boxes: tuple[Box, ...], spaces: Sequence[Rect]) -> list[int]:
    """The indexes of the boxes within a badge's reach of the route's cars."""
    reach = badge_radius(CROWD_LEVELS[0]) + MARGIN
    bounds = [space.bounds() for space in spaces]
    left, top = min(b[0] for b in bounds) - reach, min(b[1] for b in bounds) - reach
    right, bottom = max(b[2] for b in bounds) + reach, max(b[3] for b in bounds) + reach
    return [i for i, (l, t, r, b) in enumerate(boxes) if l < right and r > left and t < bottom and b > top]


def place_badges(spaces: Sequence[Rect], names: Sequence[Sequence[Box]]) -> tuple[BadgeSpot, ...]:
    """The badges of a route with these cars: the clearest place on its cars (the lowest level)
    nearest its middle car, or nearest a fifth of the way from each end of a long route, each
    looked for on its own half; a badge clear at no size is left out."""
    n = len(spaces)
    wanted = ((0.5, range(n)),) if n < LONG_ROUTE else ((0.2, range(n // 2)), (0.8, range(n - n // 2, n)))
    out = []
    for share, cars in wanted:
        aim = share * (n - 1)
        best: tuple[int, float, BadgeSpot] | None = None
        for i in cars:
            car = spaces[i]
            ux, uy = math.cos(math.radians(car.angle)), math.sin(math.radians(car.angle))
            for t in ALONG:
                x, y = car.cx + ux * t * car.length, car.cy + uy * t * car.length
                level = level_at(x, y, names)
                if level is None:
                    continue
                rank = (level, abs(i + t - aim))
                if best is None or rank < best[:2]:
                    best = (level, rank[1], BadgeSpot(round(x, 1), round(y, 1), level))
        if best is not None:
            out.append(best[2])
    return tuple(out)


def badge_spots(game_map: GameMap, route_id: str) -> tuple[BadgeSpot, ...]:
    """Where the badges of a claimed route sit (cached per map object and route)."""
    hit = _SPOTS.get((id(game_map), route_id))
    if hit is not None and hit[0] is game_map:
        return hit[1]
    spaces = layout(game_map).routes[route_id].spaces
    every = _names(game_map)
    near = _near(every[0], spaces)
    spots = place_badges(spaces, [[boxes[i] for i in near] for boxes in every])
    _SPOTS[(id(game_map), route_id)] = (game_map, spots)
    return spots

