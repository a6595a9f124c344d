"""Load and validate the map files in ``game/maps/``: cities, routes, tickets, rules and variants.

Every map fact the engine, the board and the AI use comes through :func:`load_map`, which
checks the file before anything relies on it.  Ids are stable and documented in
``docs/ids.md``:

>>> usa = load_map("usa")
>>> usa.route("kansas-city--omaha--1").length
1
>>> usa.city("montreal").name
'Montréal'
>>> [r.id for r in usa.twins("denver--kansas-city--black")]
['denver--kansas-city--orange']
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict

MAPS_DIR = Path(__file__).with_name("maps")
MAP_IDS = ("usa", "europe")
FORMAT = 1

TRAIN_COLOURS = ("purple", "white", "blue", "yellow", "orange", "black", "red", "green")
LOCOMOTIVE = "locomotive"
CARD_KINDS = TRAIN_COLOURS + (LOCOMOTIVE,)
GRAY = "gray"                  # the colour of a route any one train colour may pay
ROUTE_COLOURS = TRAIN_COLOURS + (GRAY,)
CARDS_PER_COLOUR = 12
LOCOMOTIVES = 14


class MapDataError(ValueError):
    """A map file is missing, malformed or inconsistent."""


@dataclass(frozen=True)
class City:
    id: str
    name: str          # as printed on the board (accents included)
    index: int
    lon: float | None = None
    lat: float | None = None
    x: float | None = None   # board position, filled in by the board geometry
    y: float | None = None

    @property
    def xy(self) -> tuple[float, float]:
        """The board position (every city of a map with board geometry has one)."""
        if self.x is None or self.y is None:
            raise MapDataError(f"city {self.id} has no board position")
        return self.x, self.y


@dataclass(frozen=True)
class Route:
    id: str
    a: str
    b: str
    length: int
    colour: str       # one of ROUTE_COLOURS
    tunnel: bool
    ferry: int        # locomotive symbols on a ferry; 0 = not a ferry
    index: int

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other_end(self, city: str) -> str:
        return self.b if city == self.a else self.a


@dataclass(frozen=True)
class Ticket:
    id: str
    a: str
    b: str
    points: int
    set: str          # card set: "usa", "europe" or "1912"
    long: bool
    big_cities: bool
    index: int


class MapRules(TypedDict):
    """A map's ``rules``: trains and stations per player, points per route length (keyed by
    the length as text), the longest-trail bonus, final scoring's tie-breaks."""
    trains: int
    stations: int
    station_points: NotRequired[int]
    route_points: dict[str, int]
    longest_bonus: int
    longest_name: str
    tie_breaks: list[str]


class TicketFilter(TypedDict, total=False):
    """Which ticket cards a variant plays with: card sets and/or big-city tickets."""
    sets: list[str]
    big_cities: bool


class Stage(TypedDict):
    """One stage of a variant's initial ticket deal (docs/ids.md)."""
    long: int                   # long tickets offered to each player (first stage only)
    regular: int                # regular tickets offered to each player
    keep_min: int
    keep_min_after_long: NotRequired[int]     # instead of keep_min for a player who kept a long ticket
    keep_max: int | None        # None: as many as offered
    returned: str               # where the rest go: "box", "bottom" or "bottom-shuffled"


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    ticket_filter: TicketFilter
    draw: int                 # tickets drawn by the "draw tickets" action
    initial: tuple[Stage, ...]  # stages of the initial ticket deal, see docs/ids.md


@dataclass(frozen=True)
class GameMap:
    id: str
    name: str
    rules: MapRules
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    variants: tuple[Variant, ...]
    board: dict[str, Any] = field(default_factory=dict)   # board geometry (docs/board.md)
    _cities: dict[str, City] = field(default_factory=dict, repr=False, compare=False)
    _routes: dict[str, Route] = field(default_factory=dict, repr=False, compare=False)
    _tickets: dict[str, Ticket] = field(default_factory=dict, repr=False, compare=False)
    _twins: dict[str, tuple[Route, ...]] = field(default_factory=dict, repr=False, compare=False)
    _by_city: dict[str, tuple[Route, ...]] = field(default_factory=dict, repr=False, compare=False)

    def city(self, city_id: str) -> City:
        try:
            return self._cities[city_id]
        except KeyError:
            raise KeyError(f"no city {city_id!r} on the {self.name} map") from None

    def route(self, route_id: str) -> Route:
        try:
            return self._routes[route_id]
        except KeyError:
            raise KeyError(f"no route {route_id!r} on the {self.name} map") from None

    def ticket(self, ticket_id: str) -> Ticket:
        try:
            return self._tickets[ticket_id]
        except KeyError:
            raise KeyError(f"no ticket {ticket_id!r} on the {self.name} map") from None

    def has_city(self, city_id: str) -> bool:
        return city_id in self._cities

    def has_route(self, route_id: str) -> bool:
        return route_id in self._routes

    def has_ticket(self, ticket_id: str) -> bool:
        return ticket_id in self._tickets

    def twins(self, route_id: str) -> tuple[Route, ...]:
        """The other track(s) of a double route (empty for a single route)."""
        return self._twins[route_id]

    def routes_at(self, city_id: str) -> tuple[Route, ...]:
        """Every route with one end in ``city_id``."""
        return self._by_city[city_id]

    def variant(self, variant_id: str | None = None) -> Variant:
        """The variant with this id; ``None`` gives the map's default (its first)."""
        if variant_id is None:
            return self.variants[0]
        for v in self.variants:
            if v.id == variant_id:
                return v
        known = ", ".join(v.id for v in self.variants)
        raise KeyError(f"no variant {variant_id!r} on the {self.name} map (known: {known})")

    def variant_tickets(self, variant_id: str | None = None) -> tuple[Ticket, ...]:
        """The ticket cards a variant plays with, in card order."""
        wanted = self.variant(variant_id).ticket_filter
        sets = wanted.get("sets")
        big = wanted.get("big_cities")
        return tuple(t for t in self.tickets
                     if (sets is None or t.set in sets) and (big is None or t.big_cities == big))

    def route_points(self, length: int) -> int:
        return self.rules["route_points"][str(length)]


def _fail(map_id: str, message: str) -> MapDataError:
    return MapDataError(f"map {map_id!r}: {message}")


def parse_map(data: Any) -> GameMap:
    """Validate a decoded map file and build its :class:`GameMap`."""
    map_id = data.get("id", "?") if isinstance(data, dict) else "?"
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(map_id, f"expected a JSON object with format {FORMAT}")
    for key in ("id", "name", "rules", "variants", "cities", "routes", "tickets"):
        if key not in data:
            raise _fail(map_id, f"missing key {key!r}")
    try:
        cities = tuple(City(id=c["id"], name=c["name"], index=i,
                            lon=c.get("lon"), lat=c.get("lat"), x=c.get("x"), y=c.get("y"))
                       for i, c in enumerate(data["cities"]))
        routes = tuple(Route(id=r["id"], a=r["a"], b=r["b"], length=r["length"], colour=r["colour"],
                             tunnel=r["tunnel"], ferry=r["ferry"], index=i)
                       for i, r in enumerate(data["routes"]))
        tickets = tuple(Ticket(id=t["id"], a=t["a"], b=t["b"], points=t["points"], set=t["set"],
                               long=t["long"], big_cities=t["big_cities"], index=i)
                        for i, t in enumerate(data["tickets"]))
        variants = tuple(Variant(id=v["id"], name=v["name"], ticket_filter=v["tickets"],
                                 draw=v["draw"], initial=tuple(v["initial"]))
                         for v in data["variants"])
    except (KeyError, TypeError) as exc:
        raise _fail(map_id, f"malformed entry ({exc!r})") from None

    cities_by_id = {c.id: c for c in cities}
    routes_by_id = {r.id: r for r in routes}
    tickets_by_id = {t.id: t for t in tickets}
    if len(cities_by_id) != len(cities) or len(routes_by_id) != len(routes) or len(tickets_by_id) != len(tickets):
        raise _fail(map_id, "duplicate city, route or ticket id")
    points = data["rules"].get("route_points", {})
    for r in routes:
        if r.a not in cities_by_id or r.b not in cities_by_id or r.a == r.b:
            raise _fail(map_id, f"route {r.id} joins unknown or equal cities")
        if r.colour not in ROUTE_COLOURS:
            raise _fail(map_id, f"route {r.id} has unknown colour {r.colour!r}")
        if str(r.length) not in points or not 0 <= r.ferry <= r.length or (r.tunnel and r.ferry):
            raise _fail(map_id, f"route {r.id} has an impossible length, ferry or tunnel")
    for t in tickets:
        if t.a not in cities_by_id or t.b not in cities_by_id or t.points <= 0:
            raise _fail(map_id, f"ticket {t.id} is malformed")

    by_pair: dict[frozenset[str], list[Route]] = {}
    by_city: dict[str, list[Route]] = {c.id: [] for c in cities}
    for r in routes:
        by_pair.setdefault(frozenset(r.cities), []).append(r)
        by_city[r.a].append(r)
        by_city[r.b].append(r)
    twins = {r.id: tuple(t for t in by_pair[frozenset(r.cities)] if t is not r) for r in routes}
    if any(len(t) > 1 for t in twins.values()):
        raise _fail(map_id, "a city pair has more than two tracks")
    if not variants:
        raise _fail(map_id, "no variant")

    board = data.get("board", {})
    _check_board(map_id, board, cities, {frozenset(r.cities) for r in routes})

    return GameMap(id=data["id"], name=data["name"], rules=data["rules"], cities=cities,
                   routes=routes, tickets=tickets, variants=variants, board=board,
                   _cities=cities_by_id, _routes=routes_by_id, _tickets=tickets_by_id,
                   _twins=twins, _by_city={k: tuple(v) for k, v in by_city.items()})


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_board(map_id: str, board: Any, cities: tuple[City, ...], pairs: set[frozenset[str]]) -> None:
    """The board geometry (docs/board.md), when present: a city position inside the board for
    every city, and label places, bends and adjustments only for cities and routes that exist."""
    if board == {}:
        return
    view_box = board.get("viewBox") if isinstance(board, dict) else None
    if (not isinstance(view_box, list) or len(view_box) != 4 or not all(map(_number, view_box))
            or not isinstance(board.get("land"), str) or not isinstance(board.get("projection"), dict)):
        raise _fail(map_id, "board needs a viewBox of four numbers, a land path and a projection")
    left, top, width, height = view_box
    for c in cities:
        if not all(_number(v) for v in (c.lon, c.lat, c.x, c.y)):
            raise _fail(map_id, f"city {c.id} needs numeric lon, lat, x and y for the board")
        if not (left <= c.x <= left + width and top <= c.y <= top + height):
            raise _fail(map_id, f"city {c.id} lies outside the board")
    ids = {c.id for c in cities}
    for key in ("labels", "adjust"):
        for city_id, value in board.get(key, {}).items():
            if city_id not in ids or not isinstance(value, list) or not 2 <= len(value) <= 3 \
                    or not all(map(_number, value)):
                raise _fail(map_id, f"board {key} entry {city_id!r} is malformed")
    for pair, bend in board.get("bends", {}).items():
        if frozenset(pair.split("--")) not in pairs or not _number(bend):
            raise _fail(map_id, f"board bend {pair!r} is malformed")


@functools.cache
def load_map(map_id: str) -> GameMap:
    """Load ``game/maps/<map_id>.json`` (cached: maps are immutable)."""
    if map_id not in MAP_IDS:
        raise MapDataError(f"unknown map {map_id!r} (known: {', '.join(MAP_IDS)})")
    with open(MAPS_DIR / f"{map_id}.json", encoding="utf-8") as f:
        return parse_map(json.load(f))
