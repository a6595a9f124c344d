"""The board as a picture to look at: what ``render_board`` shows, in a third to a half of its size.

For a board nobody plays on — the embed snippet's first document and the rules pages' examples
(``game.embed_command.static_board``) — the same drawing without what only a played board
needs: no ids, ``data-*``, focus stops or per-route names (the picture is one ``role="img"``
with the board's name) and no invisible halo on a route nothing points out.  Routes and cities
keep their classes (``route c-red tunnel claimed owner-blue highlight network``,
``city highlight``), the board's style sheet and its drawing order, so the picture looks like
the board: ``tests/board/test_static_board.py`` compares the two pixel by pixel in Chromium.

What makes it small: coordinates to a tenth of a unit (on a 1500 × 1000 board), and every
repeated shape written once in ``<defs>`` and placed with a ``<use>``.  The copy a ``<use>``
makes is styled only by what it inherits from that ``<use>`` (the style sheet's rules, all
under ``.ttr-board``, never match inside it), so the classes go on the ``<use>`` elements or
on a group around them, as in ``render_board``:

- an open route's spaces are grouped by what they carry, ``<g class="space mark">`` (or
  ``space mark light``, ``space loco``), each space one ``<use>`` of a *kind*: a space of one
  length and colour with its mark or locomotive, whose outline and symbol colour come from
  that group's classes (and from the route's: ``tunnel``, ``ferry``);
- a claimed or closed route's spaces are drawn one by one with ``render_board``'s classes
  (``use.space``, ``use.train-side``, ``use.train``, ``use.train-shine``,
  or ``use.mark``), each a ``<use>`` of a shared rectangle or symbol, and a claimed route's
  owner's badges after them (``use.badge``).

The text is XML (the rules pages load it as a ``.svg`` file) on one line, attributes in ``"``.

>>> from game.mapdata import load_map
>>> svg = render_static_board(load_map("usa"))
>>> svg.startswith("<svg") and svg.count('<g class="route ') == 100 and "tabindex" not in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from game.board.badges import badge_spots
from game.board.coastlines import simplify
from game.board.highlights import Highlights
from game.board.layout import CAR_WIDTH, CITY_R, layout
from game.board.render import (
    CSS,
    EMBLEMS,
    LIGHT_MARK,
    LOCOMOTIVE,
    LOCOMOTIVE_WHEELS,
    MARKS,
    PIECE_SIDE,
    STATION,
    Owners,
    badge_shape,
    check_ids,
    city_look,
    line_path,
    on_screen,
    route_look,
    shade,
    station_spot,
    train_piece,
    units,
    upright,
)
from game.board.shapes import Rect
from game.i18n import _, map_name
from game.mapdata import GameMap, Route
from game.theme import PLAYER_FILL, ROUTE_FILL

HALO_TOLERANCE = 0.3        # board units a pointed-out route's halo may leave its curve (it is 26 wide)


def _tag(name: str, attrs: Mapping[str, object], body: str | None = None) -> str:
    text = "".join(f" {k}={quoteattr(str(v))}" for k, v in attrs.items() if v is not None)
    return f"<{name}{text}/>" if body is None else f"<{name}{text}>{body}</{name}>"


def _use(href: str, cls: str | None = None, **more: str) -> str:
    return _tag("use", {"href": href, "class": cls, **more})


def _shape(shape: str) -> str:
    """A shared shape's element: ``ttr-…`` as in ``render_board``'s ``<defs>`` (a badge's emblem
    is another), or ``s``, ``t``,
    ``h`` and a space's length: the rectangle of a space, of a train on it, of the train's shine."""
    kind, _, arg = shape.rpartition("-")
    if kind == "ttr-mark":
        return _tag("path", {"id": shape, "d": MARKS[arg]})
    if kind == "ttr-emblem":
        return _tag("path", {"id": shape, "d": EMBLEMS[arg]})
    if shape == "ttr-locomotive":
        wheels = "".join(_tag("circle", {"cx": x, "cy": y, "r": r}) for x, y, r in LOCOMOTIVE_WHEELS)
        return _tag("g", {"id": shape}, _tag("path", {"d": LOCOMOTIVE}) + wheels)
    if kind == "ttr-badge":
        shape_id, parts = badge_shape(arg)
        return _tag("g", {"id": shape_id}, "".join(_tag(tag, attrs) for tag, attrs in parts))
    if shape == "ttr-station":
        return _tag("path", {"id": shape, "d": STATION})
    length = float(shape[1:])
    body, shine = train_piece(length)
    x, y, w, h, rx = {"s": (-length / 2, -CAR_WIDTH / 2, length, CAR_WIDTH, 2),
                      "t": (*body, 4), "h": (*shine, 1)}[shape[0]]
    return _tag("rect", {"id": shape, "x": units(x), "y": units(y), "width": units(w), "height": units(h), "rx": rx})


class _Defs:
    """The shapes and kinds of space a picture uses, each written once, in order of first use."""

    def __init__(self) -> None:
        self.shapes: dict[str, str] = {}
        self.kinds: dict[tuple[str, str, str], str] = {}
        self.text: list[str] = []

    def ref(self, shape: str) -> str:
        if shape not in self.shapes:
            if shape.startswith("ttr-badge-"):          # a badge holds its owner's emblem: written first
                self.ref("ttr-emblem-" + shape.rpartition("-")[2])
            self.shapes[shape] = "#" + shape
            self.text.append(_shape(shape))
        return self.shapes[shape]

    def kind(self, length: str, colour: str, symbol: str) -> str:
        """A space ``length`` long of ``colour`` carrying ``symbol`` (a mark or the locomotive),
        its outline and its symbol's fill left to inherit."""
        key = (length, colour, symbol)
        if key not in self.kinds:
            ref = f"k{len(self.kinds)}"
            inside = _use(self.ref(f"s{length}"), fill=ROUTE_FILL[colour]) + _use(self.ref(symbol), stroke="none")
            self.kinds[key] = "#" + ref
            self.text.append(_tag("g", {"id": ref}, inside))
        return self.kinds[key]


def _at(space: Rect) -> str:
    return f"translate({units(space.cx)} {units(space.cy)})rotate({units(upright(space.angle))})"


def _mark_class(colour: str) -> str:
    return "mark light" if colour in LIGHT_MARK else "mark"


def _spaces_by_kind(defs: _Defs, route: Route, spaces: Sequence[Rect]) -> list[str]:
    """An open route's spaces: a group of the locomotive spaces (ferry), then one of the marked."""
    out = []
    for loco, group in ((True, spaces[:route.ferry]), (False, spaces[route.ferry:])):
        if group:
            symbol = "ttr-locomotive" if loco else f"ttr-mark-{route.colour}"
            uses = "".join(_tag("use", {"href": defs.kind(units(s.length), route.colour, symbol), "transform": _at(s)})
                           for s in group)
            out.append(_tag("g", {"class": "space " + ("loco" if loco else _mark_class(route.colour))}, uses))
    return out


def _spaces_one_by_one(defs: _Defs, game_map: GameMap, route: Route, spaces: Sequence[Rect],
                       owner: str | None) -> list[str]:
    """A claimed or closed route's spaces, as ``render_board`` draws them."""
    out = []
    for i, space in enumerate(spaces):
        length = units(space.length)
        inside = [_use(defs.ref(f"s{length}"), "space", fill=ROUTE_FILL[route.colour])]
        if owner:
            train, angle = defs.ref(f"t{length}"), upright(space.angle)
            dx, dy = on_screen(PIECE_SIDE, angle)
            inside += [_use(train, "train-side", x=units(dx), y=units(dy), fill=shade(PLAYER_FILL[owner])),
                       _use(train, "train", fill=PLAYER_FILL[owner]), _use(defs.ref(f"h{length}"), "train-shine")]
        elif i < route.ferry:
            inside.append(_use(defs.ref("ttr-locomotive"), "loco"))
        else:
            inside.append(_use(defs.ref(f"ttr-mark-{route.colour}"), _mark_class(route.colour)))
        out.append(_tag("g", {"transform": _at(space)}, "".join(inside)))
    if owner:
        for spot in badge_spots(game_map, route.id):
            crowd = {"class": f"crowd-{spot.level}"} if spot.level else {}
            out.append(_tag("g", {"transform": f"translate({units(spot.x)} {units(spot.y)})", **crowd},
                            _use(defs.ref(f"ttr-badge-{owner}"), f"badge owner-{owner}")))
    return out


def render_static_board(game_map: GameMap, view: Mapping[str, Any] | None = None, *,
                        highlights: Highlights | Mapping[str, Iterable[str]] | None = None) -> str:
    """The board as a picture: ``render_board``'s arguments and look, no interaction (see the
    module's docstring); it takes its container's width.  Unknown ids raise ``ValueError``."""
    board = layout(game_map)
    owners, hl = Owners.of(view), Highlights.of(highlights)
    check_ids(game_map, owners, hl)
    defs = _Defs()
    routes = []
    for route in game_map.routes:
        place, look = board.routes[route.id], route_look(game_map, route.id, owners, hl)
        parts = []
        if look.pointed:        # a halo shows only on a route something points out
            parts.append(_tag("path", {"class": "halo", "d": line_path(simplify(list(place.line), HALO_TOLERANCE))}))
        if look.owner or look.closed:
            parts += _spaces_one_by_one(defs, game_map, route, place.spaces, look.owner)
        else:
            parts += _spaces_by_kind(defs, route, place.spaces)
        if look.closed:
            start, end = place.spaces[0], place.spaces[-1]
            parts.append(_tag("path", {"class": "bar",
                                       "d": f"M{units(start.cx)} {units(start.cy)}L{units(end.cx)} {units(end.cy)}"}))
        routes.append(_tag("g", {"class": look.classes}, "".join(parts)))
    cities = []
    for city in game_map.cities:
        spot = board.cities[city.id]
        classes, _name = city_look(game_map, city.id, owners, hl)
        centre = {"cx": units(spot.x), "cy": units(spot.y)}
        parts = [_tag("circle", {"class": "ring", **centre, "r": units(CITY_R + 5)})] if "highlight" in classes else []
        parts.append(_tag("circle", {"class": "dot", **centre, "r": units(CITY_R)}))
        for i, owner in enumerate(owners.stations.get(city.id, [])):
            x, y = station_spot(spot, i)
            station = defs.ref("ttr-station")
            piece = (_use(station, f"station owner-{owner}", x=units(x), y=units(y), fill=PLAYER_FILL[owner])
                     + _use(defs.ref(f"ttr-emblem-{owner}"), "emblem", x=units(x), y=units(y + 3)))
            parts += [_use(station, "station-shadow", x=units(x + 1.5), y=units(y + 2)),
                      _tag("g", {"class": f"station-piece owner-{owner}"}, piece)]
        (name, x, y), *more = spot.lines
        label = escape(name) + "".join(_tag("tspan", {"x": units(lx), "y": units(ly)}, escape(" " + line))
                                        for line, lx, ly in more)
        parts.append(_tag("text", {"class": "label", "x": units(x), "y": units(y)}, label))
        cities.append(_tag("g", {"class": " ".join(classes)}, "".join(parts)))
    width, height = units(board.width), units(board.height)
    body = (_tag("style", {}, CSS.strip().replace("\n", "")) + _tag("defs", {}, "".join(defs.text))
            + _tag("rect", {"class": "sea", "width": width, "height": height})
            + _tag("path", {"class": "land", "d": game_map.board["land"]})
            + _tag("g", {"class": "routes"}, "".join(routes)) + _tag("g", {"class": "cities"}, "".join(cities)))
    return _tag("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width} {height}",
                        "class": f"ttr-board map-{game_map.id}", "role": "img",
                        "aria-label": _("board.map", map=map_name(game_map.id))}, body)
