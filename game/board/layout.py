"""Where everything sits on the board: city dots, route lines, train-car spaces and labels.

The layout is a pure function of a map's data (city ``x``/``y`` and the ``board`` object of
its map file); it is computed once per map and shared by the renderer, the tests and the
build step that chooses route bends and label places.

>>> from game.mapdata import load_map
>>> board = layout(load_map("usa"))
>>> len(board.routes["el-paso--los-angeles"].spaces)
6
>>> board.cities["denver"].label.width > 0
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.board.shapes import Point, Rect, at, bezier, box, offset, walk
from game.mapdata import City, GameMap

CITY_R = 9.0          # city dot radius
CITY_CLEAR = 13.0     # no space starts closer than this to a city centre
CAR_WIDTH = 12.0      # width of a train-car space
CAR_GAP = 5.0         # least gap between two spaces of a route
CAR_MAX = 54.0        # spaces are stretched up to this length, then spread further apart
CAR_MIN = 24.0        # a space is never shorter than this
CLEAR_MAX = 40.0      # the furthest a route's first space starts from its city
TRACK_SPACING = 15.0  # between the centre lines of a double route's two tracks
LABEL_SIZE = 16.0     # font size of city names
LABEL_PAD = 2.0       # gap between a label's text and its box edge
LINE_HEIGHT = 1.05    # line spacing of two-line names, in font sizes
STEPS = 24            # polyline points per route curve

# Advance widths, in em, of the bold sans-serif used for labels (Arial/Liberation Sans Bold,
# rounded up, so a label box is never smaller than the text a browser draws).
_NARROW = set("fijlrtI.,'-: ")
_WIDE = set("mwMW")
_CAPS_WIDE = set("ABCDGHKNOQRUVXYZ&")


def text_width(text: str, size: float) -> float:
    """A generous estimate of the drawn width of ``text`` at font ``size``."""
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += 0.4
        elif ch in _WIDE:
            em += 0.95
        elif ch in _CAPS_WIDE:
            em += 0.8
        elif ch.isupper():
            em += 0.7
        else:
            em += 0.62
    return em * size


@dataclass(frozen=True)
class CityPlace:
    id: str
    x: float
    y: float
    label: Rect                                   # axis-aligned box around the name
    lines: tuple[tuple[str, float, float], ...]   # each line of the name and its baseline centre


@dataclass(frozen=True)
class RoutePlace:
    id: str
    line: tuple[Point, ...]     # the track's centre line, city centre to city centre
    spaces: tuple[Rect, ...]    # one per train car, from city ``a`` to city ``b``


@dataclass(frozen=True)
class Layout:
    width: float
    height: float
    cities: dict[str, CityPlace]
    routes: dict[str, RoutePlace]


def pair_key(a: str, b: str) -> str:
    """The key a city pair's bend has in the ``board`` object (``a--b``, ids sorted)."""
    return "--".join(sorted((a, b)))


def label_lines(name: str, count: int) -> list[str]:
    """The name on one line, or on two split at the space nearest its middle."""
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if count == 1 or not spaces:
        return [name]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def _label_size(lines: list[str]) -> tuple[float, float]:
    width = max(text_width(line, LABEL_SIZE) for line in lines) + 2 * LABEL_PAD
    return width, LABEL_SIZE * LINE_HEIGHT * len(lines) + 2 * LABEL_PAD


def label_box(x: float, y: float, name: str, place: tuple[int, ...]) -> tuple[Rect, tuple[tuple[str, float, float], ...]]:
    """The box of a city name whose centre sits ``place`` = (dx, dy[, lines]) away from the
    dot at ``x, y``, and each line of the name with its baseline centre."""
    lines = label_lines(name, place[2] if len(place) > 2 else 1)
    w, h = _label_size(lines)
    cx, cy = x + place[0], y + place[1]
    top = cy - h / 2 + LABEL_PAD
    baselines = tuple((line, cx, top + LABEL_SIZE * (LINE_HEIGHT * i + 0.8)) for i, line in enumerate(lines))
    return box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), baselines


def _box_gap(cx: float, cy: float, w: float, h: float) -> float:
    """Distance from the origin to the nearest point of a ``w`` by ``h`` box centred at ``cx, cy``."""
    return math.hypot(max(abs(cx) - w / 2, 0.0), max(abs(cy) - h / 2, 0.0))


def label_offsets(name: str) -> list[tuple[int, ...]]:
    """Candidate label places around a dot, most usual first: the name on one line beside
    the dot east or west, then above and below, then every 22.5° around; then (for names
    of several words) on two lines; each at increasing distances."""
    out: list[tuple[int, ...]] = []
    counts = (1, 2) if " " in name else (1,)
    for extra in (0.0, 7.0, 14.0, 22.0, 32.0, 44.0):
        for count in counts:
            w, h = _label_size(label_lines(name, count))
            for step in (0, 8, 4, 12, 2, 6, 10, 14, 1, 7, 9, 15, 3, 5, 11, 13):
                a = math.radians(step * 22.5)
                c, s = math.cos(a), math.sin(a)
                reach = extra + min(w / 2 / abs(c) if c else 1e9, h / 2 / abs(s) if s else 1e9)
                while _box_gap(c * reach, s * reach, w, h) < CITY_R + 3 + extra:
                    reach += 1.0
                place = (round(c * reach), round(s * reach))
                out.append(place if count == 1 else place + (count,))
    return out


def track_line(a: Point, b: Point, bend: float, shift: float) -> list[Point]:
    """Centre line from ``a`` to ``b`` bowed by ``bend`` (share of the distance, positive to
    the left walking from a to b) and moved ``shift`` to the left, for a double route."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    d = math.dist(a, b) or 1.0
    nx, ny = (b[1] - a[1]) / d, -(b[0] - a[0]) / d
    control = (mx + nx * bend * d * 2, my + ny * bend * d * 2)   # the curve's middle bows bend*d
    line = bezier(a, control, b, STEPS)
    return offset(line, shift) if shift else line


def spaces_along(line: list[Point], length: int, clear: tuple[float, float] = (CITY_CLEAR, CITY_CLEAR)) -> list[Rect]:
    """``length`` train-car spaces spread evenly along ``line``, leaving ``clear`` free at
    its start and its end."""
    lengths = walk(line)
    start, end = clear[0], lengths[-1] - clear[1]
    pitch = (end - start) / length
    car = min(pitch - CAR_GAP, CAR_MAX)
    out = []
    for i in range(length):
        (x, y), angle = at(line, lengths, start + pitch * (i + 0.5))
        out.append(Rect(x, y, car, CAR_WIDTH, angle))
    return out


def _heading(line: list[Point] | tuple[Point, ...], from_end: bool) -> float:
    """Direction (radians) in which the line leaves its first (or last) city."""
    pts = line[::-1] if from_end else line
    origin = pts[0]
    for p in pts[1:]:
        if math.dist(origin, p) >= 2 * CITY_CLEAR:
            return math.atan2(p[1] - origin[1], p[0] - origin[0])
    return math.atan2(pts[-1][1] - origin[1], pts[-1][0] - origin[0])


def _band(game_map: GameMap, route_id: str) -> float:
    """Width of the band a route's track(s) take: one space, or both tracks of a double."""
    return CAR_WIDTH + (TRACK_SPACING if game_map.twins(route_id) else 0.0)


def end_clearances(game_map: GameMap, lines: dict[str, list[Point]], route_id: str) -> tuple[float, float]:
    """How far from each of its two cities a route's first space starts: further out where
    another route leaves the same city at a narrow angle, so their spaces stay apart, but
    never so far that the route's own spaces get too short."""
    route = game_map.route(route_id)
    twins = {t.id for t in game_map.twins(route_id)}
    out = []
    for end, city in enumerate((route.a, route.b)):
        mine = _heading(lines[route_id], end == 1)
        need = CITY_CLEAR
        for other in game_map.routes_at(city):
            if other.id == route_id or other.id in twins:
                continue
            theirs = _heading(lines[other.id], other.b == city)
            diff = abs((mine - theirs + math.pi) % (2 * math.pi) - math.pi)
            if diff < math.pi * 0.75:
                apart = (_band(game_map, route_id) + _band(game_map, other.id)) / 2 + 3
                need = max(need, min(CLEAR_MAX, apart / max(math.sin(min(diff, math.pi / 2)), 1e-3)))
        out.append(need)
    room = walk(list(lines[route_id]))[-1] - route.length * (CAR_MIN + CAR_GAP)
    if out[0] + out[1] > room:
        scale = max(room, 2 * CITY_CLEAR) / (out[0] + out[1])
        out = [max(CITY_CLEAR, v * scale) for v in out]
    return out[0], out[1]


def track_shift(game_map: GameMap, route_id: str) -> float:
    """How far a track sits left of its pair's centre line, walking from ``a`` to ``b``.
    The first listed track (``--1`` for two gray ones) is drawn north/west (docs/ids.md)."""
    twins = game_map.twins(route_id)
    if not twins:
        return 0.0
    route = game_map.route(route_id)
    a, b = game_map.city(route.a), game_map.city(route.b)
    # the left normal (dy, -dx) points north/west, towards (-1, -1), when dx - dy > 0
    (ax, ay), (bx, by) = a.xy, b.xy
    left_is_north_west = (bx - ax) - (by - ay) > 0
    first = all(route.index < t.index for t in twins)
    return TRACK_SPACING / 2 * (1 if left_is_north_west == first else -1)


def route_lines(game_map: GameMap, bends: dict[str, float]) -> dict[str, list[Point]]:
    """Every track's centre line, its pair bowed by ``bends`` (keyed by :func:`pair_key`)."""
    out = {}
    for r in game_map.routes:
        a, b = game_map.city(r.a), game_map.city(r.b)
        out[r.id] = track_line(a.xy, b.xy, bends.get(pair_key(r.a, r.b), 0.0),
                               track_shift(game_map, r.id))
    return out


def route_place(game_map: GameMap, lines: dict[str, list[Point]], route_id: str) -> RoutePlace:
    line = lines[route_id]
    spaces = spaces_along(line, game_map.route(route_id).length, end_clearances(game_map, lines, route_id))
    return RoutePlace(route_id, tuple(line), tuple(spaces))


def city_place(city: City, place: tuple[int, ...]) -> CityPlace:
    x, y = city.xy
    rect, lines = label_box(x, y, city.name, place)
    return CityPlace(city.id, x, y, rect, lines)


_CACHE: dict[int, tuple[object, Layout]] = {}


def layout(game_map: GameMap) -> Layout:
    """The board layout of a map (cached per map object)."""
    hit = _CACHE.get(id(game_map))
    if hit is not None and hit[0] is game_map:
        return hit[1]
    board = game_map.board
    if not board or any(c.x is None for c in game_map.cities):
        raise ValueError(f"the {game_map.name} map has no board geometry (run build.py geography)")
    lines = route_lines(game_map, board.get("bends", {}))
    labels = board.get("labels", {})
    _, _, width, height = board["viewBox"]
    result = Layout(
        width=width, height=height,
        cities={c.id: city_place(c, tuple(labels[c.id]) if c.id in labels else label_offsets(c.name)[0]) for c in game_map.cities},
        routes={r.id: route_place(game_map, lines, r.id) for r in game_map.routes})
    _CACHE[id(game_map)] = (game_map, result)
    return result
