"""Build-time choices that make the board legible: nudging crowded cities apart, bending
routes around cities and other routes, and choosing the side of each city's label.

Every function here is deterministic; ``build.py geography`` runs them once and stores the
result in the map file, so rendering never repeats the search.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.board.layout import (
    CAR_GAP,
    CITY_R,
    label_box,
    label_offsets,
    pair_key,
    route_lines,
    route_place,
    track_line,
    track_shift,
)
from game.board.shapes import Point, Rect, box
from game.mapdata import GameMap

CAR_COMFORT = 35.0    # the space length the nudging aims for on every route
CITY_SPACING = 66.0   # least distance between two city centres
HUB_CLEAR = 22.0      # room the nudging keeps at each end of a route (busy cities need it)
BENDS = (0.0, 0.05, -0.05, 0.1, -0.1, 0.15, -0.15, 0.2, -0.2, 0.26, -0.26)


def even_out(game_map: GameMap, start: dict[str, Point], box_: tuple[float, float, float, float],
             rounds: int = 300, pull: float = 0.6) -> dict[str, Point]:
    """City positions drawn towards the printed boards' habit of giving every train car
    about the same room: each route is a spring whose rest length is proportional to its
    number of spaces, while each city is held by a weaker spring to its geographic place.
    The result is scaled back into ``box_`` (left, top, right, bottom)."""
    pairs = {pair_key(r.a, r.b): r for r in game_map.routes}
    ratios = sorted(math.dist(start[r.a], start[r.b]) / r.length for r in pairs.values())
    pitch = ratios[len(ratios) // 2]
    pos = {c: list(p) for c, p in start.items()}
    for _ in range(rounds):
        for r in pairs.values():
            (ax, ay), (bx, by) = pos[r.a], pos[r.b]
            d = math.hypot(bx - ax, by - ay) or 1.0
            k = (r.length * pitch - d) / d * 0.08
            pos[r.a][0] -= (bx - ax) * k
            pos[r.a][1] -= (by - ay) * k
            pos[r.b][0] += (bx - ax) * k
            pos[r.b][1] += (by - ay) * k
        for c, p in pos.items():
            p[0] += (start[c][0] - p[0]) * pull
            p[1] += (start[c][1] - p[1]) * pull
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    left, top, right, bottom = box_
    scale = min((right - left) / (max(xs) - min(xs)), (bottom - top) / (max(ys) - min(ys)))
    dx = (left + right) / 2 - scale * (min(xs) + max(xs)) / 2
    dy = (top + bottom) / 2 - scale * (min(ys) + max(ys)) / 2
    return {c: (p[0] * scale + dx, p[1] * scale + dy) for c, p in pos.items()}


def warp(moves: list[tuple[Point, Point]]) -> Callable[[float, float], Point]:
    """A smooth map of the plane that carries each ``(from, to)`` point pair's first point
    exactly onto its second (inverse-distance weighting of the moves), so coastlines follow
    the cities they were drawn around."""
    def apply(x: float, y: float) -> Point:
        sx = sy = sw = 0.0
        for (fx, fy), (tx, ty) in moves:
            d2 = (x - fx) ** 2 + (y - fy) ** 2
            if d2 < 1e-12:
                return tx, ty
            w = 1.0 / d2 ** 1.5
            sx += w * (tx - fx)
            sy += w * (ty - fy)
            sw += w
        return x + sx / sw, y + sy / sw
    return apply


def nudge(game_map: GameMap, start: dict[str, Point], bounds: tuple[float, float, float, float],
          pinned: dict[str, Point] | None = None, rounds: int = 600) -> dict[str, Point]:
    """City positions moved as little as needed so that every route has room for its
    spaces and cities keep apart.

    ``start`` holds the projected positions; each city is pulled back towards its own while
    the constraints push. ``pinned`` cities are set by hand and never move."""
    pinned = pinned or {}
    pos = {c: list(pinned.get(c, p)) for c, p in start.items()}
    home = {c: pinned.get(c, p) for c, p in start.items()}
    ids = sorted(pos)
    pairs = {pair_key(r.a, r.b): r for r in game_map.routes}
    left, top, right, bottom = bounds

    def push(c: str, dx: float, dy: float) -> None:
        if c not in pinned:
            pos[c][0] += dx
            pos[c][1] += dy

    for rounds_left in range(rounds, 0, -1):
        for r in pairs.values():
            (ax, ay), (bx, by) = pos[r.a], pos[r.b]
            d = math.hypot(bx - ax, by - ay) or 1.0
            need = r.length * (CAR_COMFORT + CAR_GAP) + 2 * HUB_CLEAR
            if d < need:
                k = (need - d) / d * 0.25
                push(r.a, -(bx - ax) * k, -(by - ay) * k)
                push(r.b, (bx - ax) * k, (by - ay) * k)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                (ax, ay), (bx, by) = pos[a], pos[b]
                d = math.hypot(bx - ax, by - ay) or 1.0
                if d < CITY_SPACING:
                    k = (CITY_SPACING - d) / d * 0.25
                    push(a, -(bx - ax) * k, -(by - ay) * k)
                    push(b, (bx - ax) * k, (by - ay) * k)
        for c in ids:
            if rounds_left > rounds // 4:     # the last rounds only enforce the constraints
                push(c, (home[c][0] - pos[c][0]) * 0.05, (home[c][1] - pos[c][1]) * 0.05)
            pos[c][0] = min(max(pos[c][0], left), right)
            pos[c][1] = min(max(pos[c][1], top), bottom)
    return {c: (round(p[0], 1), round(p[1], 1)) for c, p in pos.items()}


def _pair_spaces(game_map: GameMap, lines: dict[str, list[Point]], key: str,
                 bend: float) -> tuple[list[Rect], dict[str, list[Point]]]:
    """The spaces of the pair ``key``'s track(s) with this bend, the other lines as they are."""
    tracks = [r for r in game_map.routes if pair_key(r.a, r.b) == key]
    trial = dict(lines)
    for r in tracks:
        a, b = game_map.city(r.a), game_map.city(r.b)
        trial[r.id] = track_line(a.xy, b.xy, bend, track_shift(game_map, r.id))
    return [s for r in tracks for s in route_place(game_map, trial, r.id).spaces], trial


def _conflicts(spaces: list[Rect], others: list[Rect], cities: list[Point], width: float,
               height: float) -> int:
    hits = 0
    for s in spaces:
        hits += sum(1 for o in others if s.overlaps(o))
        hits += 3 * sum(1 for x, y in cities if s.hits_circle(x, y, CITY_R + 3))
        x0, y0, x1, y1 = s.bounds()
        hits += 3 * (x0 < 0 or y0 < 0 or x1 > width or y1 > height)
    return hits


def choose_bends(game_map: GameMap, width: float, height: float, passes: int = 6) -> dict[str, float]:
    """A bend for each city pair whose straight line would run into another route's
    spaces or over a city: the smallest bend with the fewest conflicts."""
    keys = sorted({pair_key(r.a, r.b) for r in game_map.routes})
    bends = {k: 0.0 for k in keys}
    lines = route_lines(game_map, bends)
    current = {k: _pair_spaces(game_map, lines, k, 0.0)[0] for k in keys}
    for _ in range(passes):
        changed = False
        for k in keys:
            ends = set(k.split("--"))
            cities = [c.xy for c in game_map.cities if c.id not in ends]
            others = [s for o in keys if o != k for s in current[o]]
            best: tuple[float, float, list[Rect], dict[str, list[Point]]] | None = None
            for bend in BENDS:
                spaces, trial = _pair_spaces(game_map, lines, k, bend)
                cost = _conflicts(spaces, others, cities, width, height) + abs(bend)
                if best is None or cost < best[0] - 1e-9:
                    best = (cost, bend, spaces, trial)
            assert best is not None         # BENDS is not empty
            if best[1] != bends[k]:
                bends[k], current[k], lines, changed = best[1], best[2], best[3], True
        if not changed:
            break
    return {k: b for k, b in bends.items() if b}


def _rect_gap(rect: Rect, x: float, y: float) -> float:
    """Distance from a point to an axis-aligned rectangle."""
    x0, y0, x1, y1 = rect.bounds()
    return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))


def place_labels(game_map: GameMap, spaces: list[Rect], width: float, height: float) -> dict[str, list[int]]:
    """Where each city's name goes (the offset of its centre from the dot): clear of every
    route space, every other name and dot, and inside the board, as near the dot as it can;
    the cities with the fewest free places choose first."""
    dots = [(c.id, box(x - CITY_R - 2, y - CITY_R - 2, x + CITY_R + 2, y + CITY_R + 2))
            for c in game_map.cities for x, y in [c.xy]]
    options: dict[str, list[tuple[float, tuple[int, ...], Rect]]] = {}
    for city in game_map.cities:
        ranked = []
        for order, offset_ in enumerate(label_offsets(city.name)):
            rect, _ = label_box(*city.xy, city.name, offset_)
            x0, y0, x1, y1 = rect.bounds()
            cost = 1000.0 * (x0 < 2 or y0 < 2 or x1 > width - 2 or y1 > height - 2)
            cost += 100.0 * sum(1 for s in spaces if rect.overlaps(s))
            cost += 100.0 * sum(1 for o, d in dots if o != city.id and rect.overlaps(d))
            own = _rect_gap(rect, *city.xy)
            cost += 100.0 * sum(1 for o in game_map.cities
                                if o.id != city.id and _rect_gap(rect, *o.xy) < own + 12)
            ranked.append((cost + order * 0.01, offset_, rect))
        options[city.id] = sorted(ranked)
    chosen: dict[str, Rect] = {}
    result: dict[str, tuple[int, ...]] = {}

    def best(c: str) -> tuple[float, tuple[int, ...], Rect]:
        return min(options[c], key=lambda o: o[0] + 100.0 * sum(
            1 for other, r in chosen.items() if other != c and o[2].overlaps(r)))

    by_freedom = sorted(options, key=lambda c: (sum(1 for o in options[c] if o[0] < 1), c))
    for c in by_freedom:
        _, result[c], chosen[c] = best(c)
    for _ in range(5):           # let each label move again now that all are placed
        moved = False
        for c in by_freedom:
            _, place, rect = best(c)
            if place != result[c]:
                result[c], chosen[c], moved = place, rect, True
        if not moved:
            break
    return {c.id: list(result[c.id]) for c in game_map.cities}
