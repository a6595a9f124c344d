"""The board as SVG text: a pure function of map data, a player's view and highlights.

Nothing here knows about the browser.  Every route is a ``<g id="route-<id>">`` and every
city a ``<g id="city-<id>">`` carrying state classes (``claimed``, ``claimable``,
``highlight``) that CSS, click handlers and browser tests share; :func:`render_route` and
:func:`render_city` give the same element alone, so the UI can replace one without
redrawing the board.

>>> from game.mapdata import load_map
>>> svg = render_board(load_map("usa"))
>>> svg.startswith("<svg") and svg.count('class="route ') == 100
True
>>> 'id="route-atlanta--miami"' in render_route(load_map("usa"), "atlanta--miami")
True
"""

from __future__ import annotations

import functools
import math
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import svgwrite
from svgwrite.container import Group, Use
from svgwrite.path import Path
from svgwrite.shapes import Circle, Rect
from svgwrite.text import Text, TSpan

from game import cldr
from game.board.badges import AS_DRAWN, badge_spots, hidden_levels
from game.board.highlights import Highlights
from game.board.layout import CAR_WIDTH, CITY_R, CityPlace, Layout, layout
from game.board.shapes import Point
from game.board.sizes import BADGE_R
from game.board.titles import route_name
from game.i18n import COLOUR_KEYS, _, map_name
from game.mapdata import GRAY, GameMap
from game.rules import closing_twin
from game.seats import PLAYER_COLOURS
from game.theme import CLAIMABLE, PLAYER_FILL, ROUTE_FILL, SEA

# The colour-blind mark drawn on every space and train of a colour, and whether it is
# drawn light (on a dark fill) or dark.
LIGHT_MARK = {"purple", "blue", "black", "red"}
MARKS = {
    "red": "M0-3.6a3.6 3.6 0 1 1 0 7.2a3.6 3.6 0 1 1 0-7.2z",                        # disc
    "blue": "M-3.2-3.2h6.4v6.4h-6.4z",                                                  # square
    "green": "M-1.3-4h2.6v2.7h2.7v2.6h-2.7v2.7h-2.6v-2.7h-2.7v-2.6h2.7z",               # plus
    "yellow": "M0-4.4l1.3 2.7 3 .4-2.2 2.1.5 3-2.6-1.4-2.6 1.4.5-3-2.2-2.1 3-.4z",     # star
    "orange": "M0-4l4 7h-8z",                                                           # triangle
    "black": "M-3.6-1.9l1.7-1.7 1.9 1.9 1.9-1.9 1.7 1.7-1.9 1.9 1.9 1.9-1.7 1.7"
             "-1.9-1.9-1.9 1.9-1.7-1.7 1.9-1.9z",                                       # cross
    "white": "M0-4a4 4 0 1 1 0 8a4 4 0 1 1 0-8zM0-2a2 2 0 1 0 0 4a2 2 0 1 0 0-4z",      # ring
    "purple": "M0-4.4l4.4 4.4-4.4 4.4-4.4-4.4z",                                        # diamond
    GRAY: "M-4.4-1.3h8.8v2.6h-8.8z",                                                    # bar
}
# Each player's emblem: on their trains and stations and beside their name, so that owners are
# told apart without their colour; no card symbol (MARKS) is among them.
EMBLEMS = {
    "red": "M-4.2 0a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0-2.6 0zM-1.3 0a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0-2.6 0z"
           "M1.6 0a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0-2.6 0z",                          # three dots
    "blue": "M-3.4-3.6h2.2v7.2h-2.2zM1.2-3.6h2.2v7.2h-2.2z",                           # two bars
    "green": "M-4.2 2.4l4.2-4.8 4.2 4.8-1.6 1.3-2.6-3-2.6 3z",                          # chevron
    "yellow": "M-3.6-3.6h7.2l-3.6 3.6 3.6 3.6h-7.2l3.6-3.6z",                           # hourglass
    "black": "M1.4-4a4 4 0 1 0 0 8a3 3 0 1 1 0-8z",                                     # crescent
}
LOCOMOTIVE = ("M-9.5 2.2h19v2.2h-19zM-7.5-1.8h9.5v4h-9.5zM-6.5-4.6h2v2.8h-2z"
              "M2.5-4.4h5.5v6.6h-5.5zM1.6-5.3h7.3v1.2h-7.3z")
LOCOMOTIVE_WHEELS = ((-5.5, 4.3, 1.9), (-1, 4.3, 1.9), (5.2, 4.3, 1.9))
STATION = "M-11 12v-13l11-11 11 11v13z"       # a station piece, big enough to see at a glance

# Shapes are made see-through with fill-opacity / stroke-opacity, never opacity: an opacity
# below 1 makes a shape its own paint layer, and a board late in a game has hundreds of them.
CSS = string.Template("""
.ttr-board{font-family:Arial,"Liberation Sans",Helvetica,sans-serif}
:lang(ja) .ttr-board,.ttr-board:lang(ja){font-family:Arial,"Liberation Sans",Helvetica,"Hiragino Sans","Yu Gothic",Meiryo,"Noto Sans CJK JP",sans-serif}
:lang(zh-Hant) .ttr-board,.ttr-board:lang(zh-Hant){font-family:Arial,"Liberation Sans",Helvetica,"PingFang TC","Microsoft JhengHei","Noto Sans CJK TC",sans-serif}
.ttr-board .sea{fill:$sea}
.ttr-board .land{fill:#ede3c4;stroke:#7d9fae;stroke-width:1.3;stroke-linejoin:round}
.ttr-board .space{stroke:#3a3024;stroke-width:1.2}
.ttr-board .tunnel .space{stroke:#111;stroke-width:2.6;stroke-dasharray:4.5 2.5}
.ttr-board .ferry .space{stroke:#203a4a}
.ttr-board .mark{fill:#1d1d1d}
.ttr-board .mark.light{fill:#fff}
.ttr-board .loco{fill:#1d1d1d}
.ttr-board .claimed .space{fill-opacity:.3;stroke:#3a3024;stroke-opacity:.35;stroke-dasharray:none}
.ttr-board .train{stroke:#0b0b0b;stroke-width:1.8}
.ttr-board .owner-black .train{stroke:#8f8f8f}
.ttr-board .train-side{stroke:#0b0b0b;stroke-width:1.8}
.ttr-board .emblem{fill:#fff;stroke:#0b0b0b;stroke-width:.6}
.ttr-board .owner-yellow .emblem{fill:#1d1d1d;stroke:none}
.ttr-board .badge{transform:scale(var(--mark-scale,1));pointer-events:none;fill:#fff;stroke:#0b0b0b;stroke-width:2;color:#fff}
.ttr-board .badge.owner-yellow{color:#1d1d1d}
$crowded{display:none}
.ttr-board .route.closed .space{fill-opacity:.3;stroke-dasharray:2 3}
.ttr-board .route.closed .mark,.ttr-board .route.closed .loco{fill-opacity:.25}
.ttr-board .route.closed .bar{stroke:#5a4a3a;stroke-width:2.2;stroke-linecap:round}
.ttr-board .train-shine{fill:#fff;fill-opacity:.5}
.ttr-board .halo{fill:none;stroke:none;stroke-width:26;stroke-linecap:round;stroke-linejoin:round;stroke-opacity:.85}
.ttr-board .route{cursor:pointer}
.ttr-board .route.claimed{cursor:default}
.ttr-board .claimable .halo{stroke:$claimable}
.ttr-board .highlight.network .halo{stroke:#ffd33d}
.ttr-board .highlight.trail .halo{stroke:#ff4f9a}
.ttr-board .highlight.borrowed .halo{stroke:#8f5bff;stroke-dasharray:14 7}
.ttr-board .route:focus-visible .halo,.ttr-board .route:hover .halo{stroke:#222;stroke-opacity:.35}
.ttr-board .city .dot{fill:#fff8e8;stroke:#b1271f;stroke-width:3.6}
.ttr-board .city .ring{fill:none;stroke:none;stroke-width:5}
.ttr-board .city.highlight .ring{stroke:#ffd33d}
.ttr-board .city.highlight .dot{fill:#ffd33d}
.ttr-board .label{text-anchor:middle;font-size:var(--label-size,16px);font-weight:700;fill:#2b1d0e;paint-order:stroke;stroke:#fffaf0;stroke-width:calc(var(--label-size,16px) / 4);stroke-linejoin:round}
.ttr-board .station{stroke:#fff;stroke-width:2}
.ttr-board .station-shadow{fill:#000;fill-opacity:.35}
""").substitute(sea=SEA, claimable=CLAIMABLE,
                  crowded=",".join(f".ttr-board .crowd-{k}" for k in hidden_levels(AS_DRAWN)))


@dataclass(frozen=True)
class Owners:
    """Who owns which route and which stations, read from a player's view."""

    routes: dict[str, str]
    stations: dict[str, list[str]]
    claims: tuple[tuple[str, ...], ...] = ()    # each player's routes, seat by seat

    @classmethod
    def of(cls, view: Mapping[str, Any] | None) -> Owners:
        routes: dict[str, str] = {}
        stations: dict[str, list[str]] = {}
        players = (view or {}).get("players", [])
        for player in players:
            colour = player["colour"]
            if colour not in PLAYER_COLOURS:
                raise ValueError(f"unknown player colour {colour!r}")
            for r in player.get("routes", []):
                routes[r] = colour
            for c in player.get("stations", []):
                stations.setdefault(c, []).append(colour)
        return cls(routes, stations, tuple(tuple(p.get("routes", [])) for p in players))

    def closed(self, game_map: GameMap, route_id: str) -> bool:
        """Whether an unclaimed route is closed to everyone (``game.rules.closing_twin``: with
        2 or 3 players, its twin is claimed)."""
        return route_id not in self.routes and closing_twin(game_map, route_id, self.claims) is not None


def units(v: float) -> str:
    """A coordinate or length in board units as short text: to a tenth of a unit, no trailing zero.

    >>> units(12.0), units(-16.66), units(0.04)
    ('12', '-16.7', '0')
    """
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _attrs(**values: object) -> dict[str, Any]:
    return {k.rstrip("_").replace("_", "-"): v for k, v in values.items()}


def line_path(points: Sequence[Point]) -> str:
    head, *rest = points
    return f"M{units(head[0])} {units(head[1])}" + "".join(f"L{units(x)} {units(y)}" for x, y in rest)


@dataclass(frozen=True)
class RouteLook:
    """What a route shows, shared by :func:`route_element` and the static picture
    (``game.board.static``): its classes — ``own`` (what the route is: colour, tunnel, ferry,
    owner, closed) then ``pointed`` (the highlight layers) — and its accessible name."""

    own: tuple[str, ...]
    pointed: tuple[str, ...]
    name: str
    owner: str | None
    closed: bool

    @property
    def classes(self) -> str:
        return " ".join(self.own + self.pointed)


def route_look(game_map: GameMap, route_id: str, owners: Owners, hl: Highlights) -> RouteLook:
    route = game_map.route(route_id)
    owner = owners.routes.get(route_id)
    own = ["route", f"c-{route.colour}"]
    name = route_name(game_map, route)
    if route.tunnel:
        own.append("tunnel")
    if route.ferry:
        own.append("ferry")
    closed = owners.closed(game_map, route_id)
    if owner:
        own += ["claimed", f"owner-{owner}"]
        name = cldr.parts([name, _("board.claimed", owner=_(COLOUR_KEYS[owner]))])
    elif closed:
        own.append("closed")
        name = cldr.parts([name, _("board.closed")])
    pointed = []
    if route_id in hl.claimable:
        pointed.append("claimable")
    if route_id in hl.last:
        pointed.append("last-move")
    if route_id in hl.path:
        pointed.append("path")
    if route_id in hl.hint:
        pointed.append("hint")
    layers = [k for k in ("network", "trail", "borrowed") if route_id in getattr(hl, k)]
    if layers:
        pointed += ["highlight", *layers]
    return RouteLook(tuple(own), tuple(pointed), name, owner, closed)


def upright(angle: float) -> float:
    """A space's angle turned by half a turn if need be, so its symbol stays upright."""
    if angle > 90 or angle <= -90:
        return angle - 180 if angle > 0 else angle + 180
    return angle


# A claimed space carries a plastic train piece: its top in the owner's colour with a shine, its
# side (the same colour, darker, outlined) showing below and right of it on screen whatever way the
# route runs (light from the top left), so a claimed route stands off the printed board.
PIECE_SIDE = (1.4, 3.8)
SIDE_SHADE = 0.55           # the side's colour: the owner's, each channel times this
# The owner's badge (sizes and places: ``game.board.badges``): the emblem on a disc of the
# owner's colour in a white rim.
BADGE_INNER = 11.0
BADGE_EMBLEM = 1.7          # the emblem's scale on the badge (it is drawn about 8.4 units across)


def shade(colour: str, factor: float = SIDE_SHADE) -> str:
    """A ``#rrggbb`` colour with each channel times ``factor``.

    >>> shade("#f7c600")
    '#886d00'
    """
    return "#" + "".join(f"{round(int(colour[i:i + 2], 16) * factor):02x}" for i in (1, 3, 5))


def train_piece(length: float) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """A plastic train on a space ``length`` long, as (x, y, width, height) of its body (rounded
    corners of 4), a little shorter and wider than the space, and of its shine (1)."""
    (x, y), (w, h) = (-length / 2 + 2.5, -CAR_WIDTH / 2 - 2.5), (length - 5, CAR_WIDTH + 3)
    return (x, y, w, h), (x + 3, y + 1.8, w - 6, 2.6)


def on_screen(offset: tuple[float, float], angle: float) -> tuple[float, float]:
    """An offset on screen as seen in a space turned by ``angle`` degrees (to draw a piece's side
    below it whatever way it runs), to a tenth of a unit."""
    a = math.radians(angle)
    dx, dy = offset
    return (round(dx * math.cos(a) + dy * math.sin(a), 1), round(-dx * math.sin(a) + dy * math.cos(a), 1))


def badge(owner: str, x: float, y: float, level: int = 0) -> Group:
    """The owner's badge at (x, y): a group placed there holding ``use.badge`` (which CSS scales);
    a badge clear of the names only from a level up (``game.board.badges``) says so in a class."""
    spot = Group(debug=False, transform=f"translate({units(x)} {units(y)})",
                 **({"class_": f"crowd-{level}"} if level else {}))
    spot.add(Use(f"#ttr-badge-{owner}", debug=False, class_=f"badge owner-{owner}"))
    return spot


def badge_shape(owner: str) -> tuple[str, tuple[tuple[str, dict[str, str]], ...]]:
    """The owner's badge as a shared shape: its id and its parts (tag, attributes); the rim's
    paint and the emblem's colour are inherited from the ``use.badge`` (the board's style)."""
    return f"ttr-badge-{owner}", (
        ("circle", {"r": units(BADGE_R)}),
        ("circle", {"r": units(BADGE_INNER), "fill": PLAYER_FILL[owner], "stroke": "none"}),
        ("use", {"href": f"#ttr-emblem-{owner}", "transform": f"scale({BADGE_EMBLEM})", "fill": "currentColor",
                 "stroke": "none"}))


PATH_TOKENS = re.compile(r"[MmLlHhVvAaZz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
PATH_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "A": 7}


def hundredths(v: float) -> str:
    """A coordinate to a hundredth of a unit, no trailing zero: a turned shape's corners, so that
    it lands where a ``rotate()`` of the same shape would (``units`` would move its edges).

    >>> hundredths(12.0), hundredths(-1.666)
    ('12', '-1.67')
    """
    return f"{v:.2f}".rstrip("0").rstrip(".")


@functools.cache
def path_segments(d: str) -> tuple[tuple[str, float, float, tuple[float, ...]], ...]:
    """Path data ``d`` (the commands M, L, H, V, A and Z, absolute or relative) as absolute
    segments: (``M``, ``L``, ``A`` or ``z``, the end point, an arc's rx, ry, turn, large-arc and
    sweep flags), worked out once for each shape the board repeats.

    >>> path_segments("M1 2h3z")
    (('M', 1.0, 2.0, ()), ('L', 4.0, 2.0, ()), ('z', 1.0, 2.0, ()))
    """
    out: list[tuple[str, float, float, tuple[float, ...]]] = []
    px = py = start_x = start_y = 0.0       # the pen, and where its sub-path began
    tokens = PATH_TOKENS.findall(d)
    command, i = "", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command, i = tokens[i], i + 1
            if command in "Zz":
                px, py = start_x, start_y
                out.append(("z", px, py, ()))
                continue
        kind, relative = command.upper(), command.islower()
        if kind not in PATH_ARGS:
            raise ValueError(f"path data {d!r}: no command before {tokens[i]!r}")
        args = [float(t) for t in tokens[i:i + PATH_ARGS[kind]]]
        i += PATH_ARGS[kind]
        end_x, end_y = args[-2:] if kind in "MLA" else (args[0], py) if kind == "H" else (px, args[0])
        if relative:
            end_x, end_y = end_x + (px if kind != "V" else 0), end_y + (py if kind != "H" else 0)
        px, py = end_x, end_y
        out.append(("L" if kind in "HV" else kind, px, py, tuple(args[:5]) if kind == "A" else ()))
        if kind == "M":
            start_x, start_y = px, py
            command = "l" if relative else "L"      # pairs after a move are lines
    return tuple(out)


def placed_path(d: str, x: float, y: float, angle: float) -> str:
    """Path data ``d`` (drawn about its origin: ``path_segments``) turned by ``angle`` degrees and
    moved to (``x``, ``y``), as absolute commands: a shape placed on the board with no
    ``transform`` (each transform is a node Chromium keeps in its property trees, which every
    redraw of the board walks again).

    >>> placed_path("M0 0h10v2z", 100, 50, 90)
    'M100 50L100 60L98 60z'
    """
    a = math.radians(angle)
    cos, sin = math.cos(a), math.sin(a)
    out: list[str] = []
    for kind, end_x, end_y, arc in path_segments(d):
        if kind == "z":
            out.append("z")
            continue
        ex, ey = hundredths(x + end_x * cos - end_y * sin), hundredths(y + end_x * sin + end_y * cos)
        if arc:
            rx, ry, turn, large, sweep = arc
            out.append(f"A{hundredths(rx)} {hundredths(ry)} {units(turn if rx == ry else turn + angle)} "
                       f"{large:g} {sweep:g} {ex} {ey}")
        else:
            out.append(f"{kind}{ex} {ey}")
    return "".join(out)


def rounded_rect(x: float, y: float, width: float, height: float, r: float) -> str:
    """Path data of a rectangle with corners of radius ``r``, drawn as SVG draws a ``<rect>``
    (from the top edge's left end, clockwise), so a dashed outline falls the same way."""
    return (f"M{x + r} {y}H{x + width - r}A{r} {r} 0 0 1 {x + width} {y + r}V{y + height - r}"
            f"A{r} {r} 0 0 1 {x + width - r} {y + height}H{x + r}A{r} {r} 0 0 1 {x} {y + height - r}"
            f"V{y + r}A{r} {r} 0 0 1 {x + r} {y}z")


# the locomotive drawn on a ferry's space: its body and its wheels, every part clockwise
LOCOMOTIVE_SHAPE = LOCOMOTIVE + "".join(f"M{x - r} {y}a{r} {r} 0 1 1 {2 * r} 0a{r} {r} 0 1 1 {-2 * r} 0z"
                                        for x, y, r in LOCOMOTIVE_WHEELS)


def space_shapes(x: float, y: float, angle: float, length: float, colour: str, *, owner: str | None = None,
                 loco: bool = False, dashed: bool = False) -> list[Group | Path]:
    """A space ``length`` long centred on (x, y) along ``angle`` degrees, each shape placed
    without a transform: the space (``path.space``), then the owner's plastic train on it (its
    side, body and shine: ``path.train-side``, ``path.train``, ``path.train-shine``), else the
    ferry's locomotive (``path.loco``) or its colour's mark (``path.mark``).

    A ``dashed`` space (an open tunnel's, a closed route's) is a ``rect.space`` turned in a group
    of its own: its dashes then fall exactly as they always did (Chromium measures the dashes of
    a turned path's rounded corners a little differently)."""
    x, y, angle = round(x, 1), round(y, 1), round(angle, 1)      # the space's place, to a tenth

    def shape(d: str, cls: str, **fill: str) -> Path:
        return Path(d=placed_path(d, x, y, angle), class_=cls, debug=False, **fill)

    shapes: list[Group | Path]
    if dashed:
        turned = Group(debug=False, transform=f"translate({units(x)} {units(y)}) rotate({units(angle)})")
        turned.add(Rect((-length / 2, -CAR_WIDTH / 2), (length, CAR_WIDTH), rx=2, fill=ROUTE_FILL[colour],
                        class_="space", debug=False))
        shapes = [turned]
    else:
        shapes = [shape(rounded_rect(-length / 2, -CAR_WIDTH / 2, length, CAR_WIDTH, 2), "space",
                        fill=ROUTE_FILL[colour])]
    if owner:   # a plastic train on the space: raised, with its side below it
        (bx, by, bw, bh), (sx, sy, sw, sh) = (tuple(round(v, 1) for v in part) for part in train_piece(length))
        dx, dy = on_screen(PIECE_SIDE, angle)
        shapes += [shape(rounded_rect(bx + dx, by + dy, bw, bh, 4), "train-side", fill=shade(PLAYER_FILL[owner])),
                   shape(rounded_rect(bx, by, bw, bh, 4), "train", fill=PLAYER_FILL[owner]),
                   shape(rounded_rect(sx, sy, sw, sh, 1), "train-shine")]
    elif loco:
        shapes.append(shape(LOCOMOTIVE_SHAPE, "loco"))
    else:
        shapes.append(shape(MARKS[colour], "mark light" if colour in LIGHT_MARK else "mark"))
    return shapes


def route_element(game_map: GameMap, board: Layout, route_id: str, owners: Owners, hl: Highlights) -> Group:
    route = game_map.route(route_id)
    place = board.routes[route_id]
    look = route_look(game_map, route_id, owners, hl)
    owner, closed, name = look.owner, look.closed, look.name
    g = Group(debug=False, **_attrs(id=f"route-{route_id}", class_=look.classes,
                                    data_route=route_id, role="button", tabindex="0",
                                    aria_label=name))
    g.add(svgwrite.base.Title(name))
    g.add(Path(d=line_path(place.line), debug=False, class_="halo"))
    for i, space in enumerate(place.spaces):
        for shape in space_shapes(space.cx, space.cy, upright(space.angle), space.length, route.colour,
                                  owner=owner, loco=i < route.ferry, dashed=not owner and (route.tunnel or closed)):
            g.add(shape)
    if owner:
        for spot in badge_spots(game_map, route_id):
            g.add(badge(owner, spot.x, spot.y, spot.level))
    if closed:          # a closed track is struck through, end to end
        first, last = place.spaces[0], place.spaces[-1]
        g.add(Path(d=f"M{units(first.cx)} {units(first.cy)}L{units(last.cx)} {units(last.cy)}", debug=False, class_="bar"))
    return g


def city_look(game_map: GameMap, city_id: str, owners: Owners, hl: Highlights) -> tuple[list[str], str]:
    """A city's classes and accessible name."""
    classes = ["city"]
    name = game_map.city(city_id).name
    station_owners = owners.stations.get(city_id, [])
    if station_owners:
        classes.append("station")
        name = cldr.parts([name, *(_("board.station", owner=_(COLOUR_KEYS[o])) for o in station_owners)])
    if city_id in hl.cities:
        classes.append("highlight")
    return classes, name


def station_spot(place: CityPlace, index: int) -> tuple[float, float]:
    """Where a city's ``index``-th station piece stands: up and right of the dot, side by side."""
    return place.x + 14 + 20 * index, place.y - 14


def city_element(game_map: GameMap, board: Layout, city_id: str, owners: Owners, hl: Highlights) -> Group:
    classes, name = city_look(game_map, city_id, owners, hl)        # an unknown id: KeyError naming it
    place = board.cities[city_id]
    station_owners = owners.stations.get(city_id, [])
    g = Group(debug=False, **_attrs(id=f"city-{city_id}", class_=" ".join(classes),
                                    data_city=city_id, role="button", tabindex="0", aria_label=name))
    g.add(svgwrite.base.Title(name))
    g.add(Circle((units(place.x), units(place.y)), CITY_R + 5, class_="ring", debug=False))
    g.add(Circle((units(place.x), units(place.y)), CITY_R, class_="dot", debug=False))
    for i, owner in enumerate(station_owners):
        x, y = station_spot(place, i)
        g.add(Use("#ttr-station", insert=(units(x + 1.5), units(y + 2)), debug=False, class_="station-shadow"))
        piece = Group(debug=False, class_=f"station-piece owner-{owner}")
        piece.add(Use("#ttr-station", insert=(units(x), units(y)), debug=False, fill=PLAYER_FILL[owner],
                      class_=f"station owner-{owner}"))
        piece.add(Use(f"#ttr-emblem-{owner}", insert=(units(x), units(y + 3)), debug=False, class_="emblem"))
        g.add(piece)
    (first, x, y), *more = place.lines
    label = Text(first, insert=(units(x), units(y)), class_="label", debug=False)
    for line, x, y in more:     # a space before each line, so the label reads "Kansas City" as its aria-label does
        label.add(TSpan(" " + line, insert=(units(x), units(y)), debug=False))
    g.add(label)
    return g


def check_ids(game_map: GameMap, owners: Owners, hl: Highlights) -> None:
    """Refuse route or city ids the map does not have, naming the first one."""
    for what, ids, known in (("highlight", hl.claimable | hl.network | hl.trail | hl.borrowed | hl.last | hl.path | hl.hint,
                              game_map.has_route),
                             ("highlight", hl.cities, game_map.has_city),
                             ("view", owners.routes.keys(), game_map.has_route),
                             ("view", owners.stations.keys(), game_map.has_city)):
        unknown = sorted(i for i in ids if not known(i))
        if unknown:
            kind = "city" if known == game_map.has_city else "route"
            raise ValueError(f"{what}: no {kind} {unknown[0]!r} on the {game_map.name} map")


def _defs(drawing: svgwrite.Drawing) -> None:
    drawing.defs.add(drawing.style(CSS))
    drawing.defs.add(drawing.path(d=STATION, id="ttr-station"))
    for colour, d in EMBLEMS.items():
        drawing.defs.add(drawing.path(d=d, id=f"ttr-emblem-{colour}"))
    for colour in EMBLEMS:
        shape_id, parts = badge_shape(colour)
        group = drawing.g(id=shape_id)
        for tag, attrs in parts:
            part = Circle(debug=False) if tag == "circle" else Use(attrs["href"], debug=False)
            part.update({k: v for k, v in attrs.items() if k != "href"})
            group.add(part)
        drawing.defs.add(group)


def render_board(game_map: GameMap, view: Mapping[str, Any] | None = None, *, highlights: Highlights | Mapping[str, Iterable[str]] | None = None,
                 size: int | None = None) -> str:
    """The whole board as SVG text.

    ``view`` is a player's view (docs/architecture.md) or ``None`` for an empty board; it
    gives route owners and stations.  ``highlights`` (a :class:`Highlights` or a dict of its
    fields) adds the highlight layers.  ``size`` sets the width in pixels (the height
    follows); without it the SVG takes its container's width.  Ids the map does not have
    (in the view or the highlights) raise ``ValueError``.
    """
    board = layout(game_map)
    owners, hl = Owners.of(view), Highlights.of(highlights)
    check_ids(game_map, owners, hl)
    pixels = (size, round(size * board.height / board.width)) if size else (None, None)
    drawing = svgwrite.Drawing(debug=False, viewBox=f"0 0 {units(board.width)} {units(board.height)}", size=pixels,
                               **_attrs(class_=f"ttr-board map-{game_map.id}", role="group",
                                        aria_label=_("board.map", map=map_name(game_map.id))))
    _defs(drawing)
    drawing.add(drawing.rect((0, 0), (board.width, board.height), class_="sea"))
    drawing.add(drawing.path(d=game_map.board["land"], class_="land"))
    routes = drawing.g(class_="routes")
    for r in game_map.routes:
        routes.add(route_element(game_map, board, r.id, owners, hl))
    drawing.add(routes)
    cities = drawing.g(class_="cities")
    for c in game_map.cities:
        cities.add(city_element(game_map, board, c.id, owners, hl))
    drawing.add(cities)
    svg: str = drawing.tostring()
    return svg


def render_route(game_map: GameMap, route_id: str, view: Mapping[str, Any] | None = None, *,
                 highlights: Highlights | Mapping[str, Iterable[str]] | None = None) -> str:
    """The SVG text of one route's ``<g id="route-…">``, to replace it in a drawn board."""
    owners, hl = Owners.of(view), Highlights.of(highlights)
    check_ids(game_map, owners, hl)
    svg: str = route_element(game_map, layout(game_map), route_id, owners, hl).tostring()
    return svg


def render_city(game_map: GameMap, city_id: str, view: Mapping[str, Any] | None = None, *,
                highlights: Highlights | Mapping[str, Iterable[str]] | None = None) -> str:
    """The SVG text of one city's ``<g id="city-…">``, to replace it in a drawn board."""
    owners, hl = Owners.of(view), Highlights.of(highlights)
    check_ids(game_map, owners, hl)
    svg: str = city_element(game_map, layout(game_map), city_id, owners, hl).tostring()
    return svg
