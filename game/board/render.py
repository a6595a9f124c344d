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

from dataclasses import dataclass, field

import svgwrite
from svgwrite.container import Group, Use
from svgwrite.path import Path
from svgwrite.shapes import Circle, Rect
from svgwrite.text import Text, TSpan

from game.board.layout import CAR_WIDTH, CITY_R, Layout, layout
from game.i18n import COLOUR_KEYS, _
from game.mapdata import GameMap

PLAYER_COLOURS = ("red", "blue", "green", "yellow", "black")

# Fill colours of route spaces and of the players' trains and stations.
ROUTE_FILL = {
    "purple": "#b65fb0", "white": "#f7f6f0", "blue": "#2e7fd3", "yellow": "#f4d11c",
    "orange": "#f08c1e", "black": "#2a2a2a", "red": "#d8322f", "green": "#3ba553",
    "gray": "#b3b0aa",
}
PLAYER_FILL = {"red": "#c4161c", "blue": "#1c56c7", "green": "#17843a", "yellow": "#f7c600",
               "black": "#151515"}
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
    "gray": "M-4.4-1.3h8.8v2.6h-8.8z",                                                  # bar
}
LOCOMOTIVE = ("M-9.5 2.2h19v2.2h-19zM-7.5-1.8h9.5v4h-9.5zM-6.5-4.6h2v2.8h-2z"
              "M2.5-4.4h5.5v6.6h-5.5zM1.6-5.3h7.3v1.2h-7.3z")
LOCOMOTIVE_WHEELS = ((-5.5, 4.3, 1.9), (-1, 4.3, 1.9), (5.2, 4.3, 1.9))
STATION = "M-7 8v-9l7-7 7 7v9z"

# Shapes are made see-through with fill-opacity / stroke-opacity, never opacity: an opacity
# below 1 makes a shape its own paint layer, and a board late in a game has hundreds of them.
CSS = """
.ttr-board{font-family:Arial,"Liberation Sans",Helvetica,sans-serif}
.ttr-board .sea{fill:#a7cfe0}
.ttr-board .land{fill:#ede3c4;stroke:#7d9fae;stroke-width:1.3;stroke-linejoin:round}
.ttr-board .space{stroke:#3a3024;stroke-width:1.2}
.ttr-board .tunnel .space{stroke:#111;stroke-width:2.6;stroke-dasharray:4.5 2.5}
.ttr-board .ferry .space{stroke:#203a4a}
.ttr-board .mark{fill:#1d1d1d}
.ttr-board .mark.light{fill:#fff}
.ttr-board .loco{fill:#1d1d1d}
.ttr-board .train{stroke:#0b0b0b;stroke-width:1.3}
.ttr-board .train-shadow{fill:#000;fill-opacity:.35}
.ttr-board .train-shine{fill:#fff;fill-opacity:.4}
.ttr-board .halo{fill:none;stroke:none;stroke-width:26;stroke-linecap:round;stroke-linejoin:round;stroke-opacity:.85}
.ttr-board .route{cursor:pointer}
.ttr-board .route.claimed{cursor:default}
.ttr-board .claimable .halo{stroke:#27c8ff}
.ttr-board .highlight.network .halo{stroke:#ffd33d}
.ttr-board .highlight.trail .halo{stroke:#ff4f9a}
.ttr-board .highlight.borrowed .halo{stroke:#8f5bff;stroke-dasharray:14 7}
.ttr-board .route:focus-visible .halo,.ttr-board .route:hover .halo{stroke:#222;stroke-opacity:.35}
.ttr-board .city .dot{fill:#fff8e8;stroke:#b1271f;stroke-width:3.6}
.ttr-board .city .ring{fill:none;stroke:none;stroke-width:5}
.ttr-board .city.highlight .ring{stroke:#ffd33d}
.ttr-board .city.highlight .dot{fill:#ffd33d}
.ttr-board .label{text-anchor:middle;font-size:16px;font-weight:700;fill:#2b1d0e;paint-order:stroke;stroke:#fffaf0;stroke-width:4px;stroke-linejoin:round}
.ttr-board .station{stroke:#fff;stroke-width:1.6}
"""


@dataclass(frozen=True)
class Highlights:
    """What to point out on the board.  Route sets hold route ids, ``cities`` city ids."""

    claimable: frozenset[str] = field(default_factory=frozenset)   # routes the player may claim
    cities: frozenset[str] = field(default_factory=frozenset)      # e.g. a ticket's two cities
    network: frozenset[str] = field(default_factory=frozenset)     # a player's routes
    trail: frozenset[str] = field(default_factory=frozenset)       # the longest trail
    borrowed: frozenset[str] = field(default_factory=frozenset)    # routes a station borrows

    @classmethod
    def of(cls, value: Highlights | dict | None) -> Highlights:
        """Highlights from a dict of iterables (unknown keys are an error) or ``None``."""
        if isinstance(value, cls):
            return value
        if value is None:
            return cls()
        unknown = set(value) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown highlight layer(s): {', '.join(sorted(unknown))}")
        return cls(**{k: frozenset(v) for k, v in value.items()})


@dataclass(frozen=True)
class Owners:
    """Who owns which route and which stations, read from a player's view."""

    routes: dict[str, str]
    stations: dict[str, list[str]]

    @classmethod
    def of(cls, view: dict | None) -> Owners:
        routes: dict[str, str] = {}
        stations: dict[str, list[str]] = {}
        for player in (view or {}).get("players", []):
            colour = player["colour"]
            if colour not in PLAYER_COLOURS:
                raise ValueError(f"unknown player colour {colour!r}")
            for r in player.get("routes", []):
                routes[r] = colour
            for c in player.get("stations", []):
                stations.setdefault(c, []).append(colour)
        return cls(routes, stations)


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _attrs(**values: object) -> dict:
    return {k.rstrip("_").replace("_", "-"): v for k, v in values.items()}


def route_name(game_map: GameMap, route) -> str:
    """The accessible name of a route: its cities, length and colour, tunnel or ferry."""
    a, b = game_map.city(route.a).name, game_map.city(route.b).name
    parts = [_("board.route", a=a, b=b, count=route.length, colour=_(COLOUR_KEYS[route.color]))]
    if route.tunnel:
        parts.append(_("board.tunnel"))
    if route.ferry:
        parts.append(_("board.ferry", count=route.ferry))
    return ", ".join(parts)


def _line_path(points) -> str:
    head, *rest = points
    return f"M{_f(head[0])} {_f(head[1])}" + "".join(f"L{_f(x)} {_f(y)}" for x, y in rest)


def route_element(game_map: GameMap, board: Layout, route_id: str, owners: Owners, hl: Highlights) -> Group:
    route = game_map.route(route_id)
    place = board.routes[route_id]
    owner = owners.routes.get(route_id)
    classes = ["route", f"c-{route.color}"]
    name = route_name(game_map, route)
    if route.tunnel:
        classes.append("tunnel")
    if route.ferry:
        classes.append("ferry")
    if owner:
        classes += ["claimed", f"owner-{owner}"]
        name += ", " + _("board.claimed", owner=_(COLOUR_KEYS[owner]))
    if route_id in hl.claimable:
        classes.append("claimable")
    layers = [k for k in ("network", "trail", "borrowed") if route_id in getattr(hl, k)]
    if layers:
        classes += ["highlight", *layers]
    g = Group(debug=False, **_attrs(id=f"route-{route_id}", class_=" ".join(classes),
                                    data_route=route_id, role="button", tabindex="0",
                                    aria_label=name))
    g.add(svgwrite.base.Title(name))
    g.add(Path(d=_line_path(place.line), debug=False, class_="halo"))
    fill = ROUTE_FILL[route.color]
    for i, space in enumerate(place.spaces):
        angle = space.angle
        if angle > 90 or angle <= -90:      # keep symbols upright
            angle = angle - 180 if angle > 0 else angle + 180
        s = Group(debug=False, transform=f"translate({_f(space.cx)} {_f(space.cy)}) rotate({_f(angle)})")
        s.add(Rect((-space.length / 2, -CAR_WIDTH / 2), (space.length, CAR_WIDTH), rx=2,
                   fill=fill, class_="space", debug=False))
        if owner:   # a plastic train on the space: raised, overhanging, with a shadow
            corner, size = (-space.length / 2 + 1, -CAR_WIDTH / 2 - 1.5), (space.length - 2, CAR_WIDTH + 3)
            s.add(Rect((corner[0] + 1.5, corner[1] + 2.5), size, rx=4, class_="train-shadow", debug=False))
            s.add(Rect(corner, size, rx=4, fill=PLAYER_FILL[owner], class_="train", debug=False))
            s.add(Rect((corner[0] + 3, corner[1] + 1.6), (size[0] - 6, 2.2), rx=1, class_="train-shine",
                       debug=False))
            s.add(Use(f"#ttr-mark-{owner}", debug=False,
                      class_="mark light" if owner in LIGHT_MARK else "mark"))
        elif i < route.ferry:
            s.add(Use("#ttr-locomotive", debug=False, class_="loco"))
        else:
            s.add(Use(f"#ttr-mark-{route.color}", debug=False,
                      class_="mark light" if route.color in LIGHT_MARK else "mark"))
        g.add(s)
    return g


def city_element(game_map: GameMap, board: Layout, city_id: str, owners: Owners, hl: Highlights) -> Group:
    city = game_map.city(city_id)
    place = board.cities[city_id]
    station_owners = owners.stations.get(city_id, [])
    classes = ["city"]
    name = city.name
    if station_owners:
        classes.append("station")
        name += ", " + ", ".join(_("board.station", owner=_(COLOUR_KEYS[o])) for o in station_owners)
    if city_id in hl.cities:
        classes.append("highlight")
    g = Group(debug=False, **_attrs(id=f"city-{city_id}", class_=" ".join(classes),
                                    data_city=city_id, role="button", tabindex="0", aria_label=name))
    g.add(svgwrite.base.Title(name))
    g.add(Circle((_f(place.x), _f(place.y)), CITY_R + 5, class_="ring", debug=False))
    g.add(Circle((_f(place.x), _f(place.y)), CITY_R, class_="dot", debug=False))
    for i, owner in enumerate(station_owners):
        g.add(Use("#ttr-station", insert=(_f(place.x + 11 + 13 * i), _f(place.y - 10)), debug=False,
                  fill=PLAYER_FILL[owner], class_=f"station owner-{owner}"))
    (first, x, y), *more = place.lines
    label = Text(first, insert=(_f(x), _f(y)), class_="label", debug=False)
    for line, x, y in more:     # a space before each line, so the label reads "Kansas City" as its aria-label does
        label.add(TSpan(" " + line, insert=(_f(x), _f(y)), debug=False))
    g.add(label)
    return g


def _check_ids(game_map: GameMap, owners: Owners, hl: Highlights) -> None:
    """Refuse route or city ids the map does not have, naming the first one."""
    for what, ids, known in (("highlight", hl.claimable | hl.network | hl.trail | hl.borrowed, game_map.has_route),
                             ("highlight", hl.cities, game_map.has_city),
                             ("view", owners.routes.keys(), game_map.has_route),
                             ("view", owners.stations.keys(), game_map.has_city)):
        unknown = sorted(i for i in ids if not known(i))
        if unknown:
            kind = "city" if known == game_map.has_city else "route"
            raise ValueError(f"{what}: no {kind} {unknown[0]!r} on the {game_map.name} map")


def _defs(drawing: svgwrite.Drawing) -> None:
    drawing.defs.add(drawing.style(CSS))
    for colour, d in MARKS.items():
        drawing.defs.add(drawing.path(d=d, id=f"ttr-mark-{colour}"))
    loco = drawing.g(id="ttr-locomotive")
    loco.add(drawing.path(d=LOCOMOTIVE))
    for x, y, r in LOCOMOTIVE_WHEELS:
        loco.add(drawing.circle((x, y), r))
    drawing.defs.add(loco)
    drawing.defs.add(drawing.path(d=STATION, id="ttr-station"))


def render_board(game_map: GameMap, view: dict | None = None, *, highlights: Highlights | dict | None = None,
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
    _check_ids(game_map, owners, hl)
    pixels = (size, round(size * board.height / board.width)) if size else (None, None)
    drawing = svgwrite.Drawing(debug=False, viewBox=f"0 0 {_f(board.width)} {_f(board.height)}", size=pixels,
                               **_attrs(class_=f"ttr-board map-{game_map.id}", role="group",
                                        aria_label=_("board.map", map=game_map.name)))
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
    return drawing.tostring()


def render_route(game_map: GameMap, route_id: str, view: dict | None = None, *,
                 highlights: Highlights | dict | None = None) -> str:
    """The SVG text of one route's ``<g id="route-…">``, to replace it in a drawn board."""
    owners, hl = Owners.of(view), Highlights.of(highlights)
    _check_ids(game_map, owners, hl)
    return route_element(game_map, layout(game_map), route_id, owners, hl).tostring()


def render_city(game_map: GameMap, city_id: str, view: dict | None = None, *,
                highlights: Highlights | dict | None = None) -> str:
    """The SVG text of one city's ``<g id="city-…">``, to replace it in a drawn board."""
    owners, hl = Owners.of(view), Highlights.of(highlights)
    _check_ids(game_map, owners, hl)
    return city_element(game_map, layout(game_map), city_id, owners, hl).tostring()
