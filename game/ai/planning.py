"""Route planning from a player's view: which routes connect the player's tickets, what cards
they need, and how to pay.  Every agent builds on these; nothing here reads hidden state.

A plan joins the player's incomplete tickets (most points first) by cheapest paths over the
routes the player may still use: own routes cost nothing, free routes cost their length (less
with ``point_weight``, down to a floor; a little more for tunnels and ferries, whose cost is
uncertain or needs locomotives), and with stations left a route claimed by an opponent may be
borrowed at a high cost (Europe); one at a station already built costs nothing while the
stations built can borrow it besides the routes the plan has given them.  Of a double route
the plan takes the track whose colour leaves the fewest cards missing for the whole plan.

>>> from game.state import new_game
>>> from game.view import View, player_view
>>> v = player_view(new_game("usa", players=2, seed=4), 0)
>>> p = make_plan(Knowledge(v), ["los-angeles--new-york"])
>>> p.trains >= 20, p.failed
(True, ())
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TypeVar

from game.actions import Action, BuildStation, ClaimRoute
from game.mapdata import (
    CARDS_PER_COLOUR,
    GRAY,
    LOCOMOTIVE,
    LOCOMOTIVES,
    TRAIN_COLOURS,
    GameMap,
    Route,
    load_map,
)
from game.rules import TUNNEL_REVEAL, closed_routes, twins_close_for_all
from game.scoring import route_owners, tickets_completed
from game.view import View

TUNNEL_PENALTY = 0.7          # expected extra cards of a tunnel, as train-cost units
FERRY_PENALTY = 0.5           # per locomotive symbol
BORROW_COST = 9.0             # borrowing an opponent's route with a station
P = TypeVar("P", ClaimRoute, BuildStation)      # a payment for a route or a station
PACE_HAND = 8                 # a usual hand: the cards beyond it count against an opponent's trains (Knowledge)
MIN_COST = 1.0                # the least a free route may cost, however many points it scores (as a 1-train route) ...
LONG_SLOPE = 0.05             # ... less this per point it scores beyond its length (a 6-train route 0.55)


@functools.cache
def _adjacency(map_id: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """Every city's routes as (route id, the city at its other end)."""
    m = load_map(map_id)
    return {c.id: tuple((r.id, r.b if r.a == c.id else r.a) for r in m.routes_at(c.id)) for c in m.cities}


class Knowledge:
    """What the viewer knows about the board, precomputed once per decision."""

    def __init__(self, view: View, point_weight: float = 0.0) -> None:
        self.view = view
        self.point_weight = point_weight      # how much a route's points lower its path cost
        self.map: GameMap = load_map(view["map"])
        self.seat: int = view["viewer"]
        me = view["players"][self.seat]
        hand, tickets = me["hand"], me["tickets"]
        if hand is None or tickets is None:
            raise ValueError(f"the view does not show seat {self.seat}'s own hand and tickets")
        self.me = me
        self.hand: dict[str, int] = hand
        self.tickets: list[str] = tickets       # the viewer's kept tickets
        self.trains: int = me["trains"]
        self.stations_left: int = self.map.rules["stations"] - len(me["stations"])
        self.station_cities: frozenset[str] = frozenset(me["stations"])   # the viewer's stations, built
        self.mine: set[str] = set(me["routes"])
        self.owner = route_owners(p["routes"] for p in view["players"])
        # whether a track an opponent claims closes its twin to the viewer too (2 or 3 players)
        self.closing = twins_close_for_all(len(view["players"]))
        # the unclaimed routes closed to the viewer by a claimed twin (game.rules.closed_routes)
        self.blocked = closed_routes(self.map, [p["routes"] for p in view["players"]], self.seat)
        self.min_opponent_trains = min((p["trains"] for i, p in enumerate(view["players"]) if i != self.seat),
                                       default=45)

    @functools.cached_property
    def min_opponent_pace(self) -> int:
        """The opponents' pace, the fewest of them: trains less the cards held beyond a usual hand
        (``PACE_HAND``); an opponent that has hoarded cards can lay its trains in a few turns, so
        it is as near the end as one with fewer trains and a usual hand (asked only before a
        ticket draw, so computed only then)."""
        return min((max(0, p["trains"] - max(0, p["hand_size"] - PACE_HAND))
                    for i, p in enumerate(self.view["players"]) if i != self.seat), default=45)

    @functools.cached_property
    def route_costs(self) -> dict[str, float | None]:
        """Every route's cost in a path before any plan, computed once per decision (the paths ask
        for it thousands of times): own routes 0, an opponent's 0 at a city with one of the
        viewer's stations (it may borrow it already) and else the price of borrowing it (None
        without a station left or a city free for one at either end), closed or too long ones
        None, free ones :func:`_free_costs`."""
        free = _free_costs(self.map.id, self.point_weight)
        borrow = BORROW_COST if self.stations_left else None
        mine, owner, blocked, trains, at = self.mine, self.owner, self.blocked, self.trains, self.at_stations
        return {r.id: 0.0 if r.id in mine else (0.0 if r.id in at else borrow if borrow and self.borrowable(r) else None)
                if r.id in owner else None if r.id in blocked or r.length > trains else free[r.id] for r in self.map.routes}

    def borrowable(self, route: Route) -> bool:
        """Whether a new station could borrow ``route``: one of its ends has no station yet (anyone's)."""
        return not self.stations_taken.issuperset(route.cities)

    @functools.cached_property
    def stations_taken(self) -> frozenset[str]:
        """Every city with a station, anyone's (one station a city: no new one there)."""
        return frozenset(c for p in self.view["players"] for c in p["stations"])

    @functools.cached_property
    def at_stations(self) -> frozenset[str]:
        """The opponents' routes at a city with one of the viewer's stations (borrowable by it)."""
        built = self.station_cities
        if not built:
            return frozenset()
        return frozenset(rid for rid in self.owner if rid not in self.mine and built.intersection(self.map.route(rid).cities))

    def stations_cover(self, routes: Sequence[str]) -> bool:
        """Whether the viewer's built stations can borrow every one of the opponents' ``routes``,
        each with a station of its own at one of its ends (at most 3 stations: tried in turn)."""
        def fit(i: int, used: frozenset[str]) -> bool:
            return i == len(routes) or any(fit(i + 1, used | {c}) for c in self.map.route(routes[i]).cities
                                           if c in self.station_cities and c not in used)
        return fit(0, frozenset())

    def free(self, route_id: str) -> bool:
        """Whether the viewer may still claim the route (ignoring cards and trains)."""
        return route_id not in self.owner and route_id not in self.blocked

    def completed(self, tickets: Iterable[str]) -> dict[str, bool]:
        return tickets_completed(self.map, self.mine, tickets)

    def incomplete(self) -> list[str]:
        done = self.completed(self.tickets)
        return [t for t in self.tickets if not done[t]]


@dataclass(frozen=True)
class Plan:
    routes: tuple[str, ...]        # free routes to claim, most important first
    borrows: tuple[tuple[str, str], ...]  # (city for a station, opponent route borrowed)
    trains: int                    # trains the free routes need
    failed: tuple[str, ...]        # tickets the plan cannot complete
    paths: dict[str, list[str]]    # ticket -> route ids of its path (own, planned and borrowed)


@functools.cache
def _free_costs(map_id: str, point_weight: float) -> dict[str, float]:
    """Every route's cost while free: its length lowered by its points, plus the tunnel and ferry
    penalties.  The points would make a long route almost free, so the cost has a floor:
    ``MIN_COST`` less ``LONG_SLOPE`` per point the route scores beyond its length.  With
    ``point_weight`` above 2 every route of 3+ trains is at the floor, and the floor prefers
    the routes that score most per train (a 6-train route, 15 points, costs 0.55; a 3-train one
    0.95).

    >>> costs = _free_costs("usa", 2.5)
    >>> [round(costs[r], 2) for r in ("el-paso--houston", "el-paso--oklahoma-city", "el-paso--phoenix",
    ...                               "dallas--little-rock", "dallas--houston--1")]
    [0.55, 0.75, 0.95, 2.0, 1.0]
    """
    m = load_map(map_id)
    return {r.id: max(MIN_COST - LONG_SLOPE * (m.route_points(r.length) - r.length),
                      r.length - point_weight * (m.route_points(r.length) - r.length))
            + (TUNNEL_PENALTY if r.tunnel else 0.0) + FERRY_PENALTY * r.ferry for r in m.routes}


def cards_missing(k: Knowledge, r: Route) -> int:
    """Cards the hand still lacks to pay for route ``r`` alone (its best colour, locomotives)."""
    best = max(k.hand[c] for c in TRAIN_COLOURS) if r.colour == GRAY else k.hand[r.colour]
    locos = k.hand[LOCOMOTIVE]
    ferry = min(r.ferry, locos)
    return max(0, r.length - ferry - best - (locos - ferry)) + (r.ferry - ferry)


def shortest_path(k: Knowledge, a: str, b: str, planned: AbstractSet[str] = frozenset(),
                  banned: AbstractSet[str] = frozenset(),
                  repriced: Mapping[str, float | None] | None = None) -> tuple[float, list[str]] | None:
    """The cheapest path from city ``a`` to ``b`` as (cost, route ids), or None; ``banned``
    routes are left out (as if an opponent had just claimed them), ``repriced`` ones cost what
    it says instead of :attr:`Knowledge.route_costs` (None: unusable)."""
    adj = _adjacency(k.map.id)
    base = k.route_costs if not repriced else {**k.route_costs, **repriced}
    dist = {a: 0.0}
    back: dict[str, tuple[str, str]] = {}
    heap = [(0.0, a)]
    while heap:
        d, city = heapq.heappop(heap)
        if city == b:
            path = []
            while city != a:
                route, city = back[city]
                path.append(route)
            return d, path[::-1]
        if d > dist[city]:
            continue
        for rid, other in adj[city]:        # own or planned routes cost 0, banned ones are unusable
            cost = None if rid in banned else 0.0 if rid in planned else base[rid]
            if cost is None:
                continue
            nd = d + cost
            if nd < dist.get(other, float("inf")) - 1e-9:
                dist[other] = nd
                back[other] = (rid, city)
                heapq.heappush(heap, (nd, other))
    return None


def make_plan(k: Knowledge, tickets: Sequence[str]) -> Plan:
    """Join ``tickets`` (those not yet complete) by cheapest paths that share what they can."""
    done = k.completed(tickets)
    todo = sorted((t for t in tickets if not done[t]), key=lambda t: -k.map.ticket(t).points)
    planned: dict[str, None] = {}
    borrows: dict[tuple[str, str], None] = {}      # stations to build: (city, the route it borrows)
    covered: list[str] = []                         # routes the stations already built borrow
    failed: list[str] = []
    paths: dict[str, list[str]] = {}
    for t in todo:
        ticket = k.map.ticket(t)
        borrowed = [r for _, r in borrows]
        free = {*planned, *borrowed, *covered}              # cost 0 to this ticket's path
        repriced = _repriced(k, free, covered, len(borrows)) if k.at_stations or borrows else None
        found = shortest_path(k, ticket.a, ticket.b, free, repriced=repriced)
        if found is None:
            failed.append(t)
            continue
        _, path = found
        cover = list(covered)
        new: list[str] = []
        cities: list[str] | None = []
        # the opponents' routes still to borrow; first those no new station could borrow
        to_borrow = [r for r in path if r in k.owner and r not in k.mine and r not in free]
        if to_borrow:
            for r in sorted(to_borrow, key=lambda r: k.borrowable(k.map.route(r))):
                (cover if k.stations_cover([*cover, r]) else new).append(r)
            cities = _station_cities(k, new, [c for c, _ in borrows])
        trains = sum(k.map.route(r).length for r in planned) + sum(
            k.map.route(r).length for r in path if r not in planned and r not in k.owner)
        if trains > k.trains or cities is None or len(borrows) + len(new) > k.stations_left:
            failed.append(t)
            continue
        paths[t] = path
        covered = cover
        borrows.update(dict.fromkeys(zip(cities, new)))
        for r in path:
            if r not in k.owner:
                planned[r] = None
    _fit_twins(k, planned, paths)
    order = sorted(planned, key=lambda r: (-k.map.route(r).length, k.map.route(r).index))
    return Plan(tuple(order), tuple(borrows), sum(k.map.route(r).length for r in planned), tuple(failed), paths)


@functools.cache
def _other_colours(map_id: str) -> dict[str, tuple[str, ...]]:
    """The routes of a double with a twin of another colour: route id -> those twins' ids."""
    m = load_map(map_id)
    twins = {r.id: tuple(t.id for t in m.twins(r.id) if t.colour != r.colour) for r in m.routes}
    return {r: t for r, t in twins.items() if t}


def _fit_twins(k: Knowledge, planned: dict[str, None], paths: dict[str, list[str]]) -> None:
    """Swap each planned route of a double for its free twin where the twin's colour leaves fewer
    cards missing to claim the whole plan (:func:`card_needs`): the paths choose among the tracks
    of a double by cost alone, blind to colour.  In place, in ``planned`` and in ``paths``."""
    others = _other_colours(k.map.id)
    for rid in [r for r in planned if r in others]:
        twins = [t for t in others[rid] if k.free(t) and t not in planned and k.route_costs[t] == k.route_costs[rid]]
        if not twins:
            continue
        rest = [r for r in planned if r != rid]
        best = min([rid, *twins], key=lambda r: sum(card_needs(k, [*rest, r]).values()))
        if best == rid:
            continue
        del planned[rid]
        planned[best] = None
        for path in paths.values():
            path[:] = [best if r == rid else r for r in path]


def _repriced(k: Knowledge, free: AbstractSet[str], covered: list[str], planned: int) -> dict[str, float | None] | None:
    """The opponents' routes a ticket's path prices otherwise than :attr:`Knowledge.route_costs`,
    with ``covered`` borrowed by the stations built and ``planned`` new stations in the plan: a
    route at a built station that cannot borrow it too costs a new borrowing (each route priced
    alone; unusable when both its ends have a station); with the stations left all planned, no
    other route can be borrowed."""
    full = planned >= k.stations_left
    out: dict[str, float | None] = {
        r: BORROW_COST if not full and k.borrowable(k.map.route(r)) else None
        for r in k.at_stations if r not in free and not k.stations_cover([*covered, r])}
    if full and k.stations_left:
        out.update((r, None) for r in k.owner if r not in k.mine and r not in free and r not in k.at_stations)
    return out or None


def _station_cities(k: Knowledge, routes: list[str], planned: list[str]) -> list[str] | None:
    """The cities to build stations on to borrow ``routes``: an end of each without a station
    yet, built or ``planned`` (one station per city); None when a route has no such end."""
    taken = k.stations_taken.union(planned)
    out: list[str] = []
    for rid in routes:
        city = next((c for c in k.map.route(rid).cities if c not in taken and c not in out), None)
        if city is None:
            return None
        out.append(city)
    return out


# --- cards ------------------------------------------------------------------------------------

def card_needs(k: Knowledge, routes: Iterable[str]) -> dict[str, int]:
    """Cards of each colour (and locomotives) still missing to claim ``routes``."""
    need = dict.fromkeys(TRAIN_COLOURS, 0)
    locos = 0
    grays = []
    for rid in routes:
        r = k.map.route(rid)
        locos += r.ferry
        if r.colour == GRAY:
            grays.append(r.length - r.ferry)
        else:
            need[r.colour] += r.length - r.ferry
    spare = {c: k.hand[c] - need[c] for c in TRAIN_COLOURS}
    for length in sorted(grays, reverse=True):
        c = max(TRAIN_COLOURS, key=lambda c: (spare[c], -TRAIN_COLOURS.index(c)))
        need[c] += length
        spare[c] -= length
    missing = {c: max(0, need[c] - k.hand[c]) for c in TRAIN_COLOURS}
    missing[LOCOMOTIVE] = max(0, locos - k.hand[LOCOMOTIVE])
    return missing


def tunnel_overrun(k: Knowledge, colour: str, spare: int) -> float:
    """The chance that a tunnel paid in ``colour`` asks for more than ``spare`` extra cards.

    The revealed cards are taken as a random draw from the cards the viewer cannot see (the 110
    minus its hand and the market: the deck, the discard and the other hands are one unknown
    pool to it), as many as the deck and discard hold, up to three; each asks one card more
    when it is a locomotive or of ``colour``.

    >>> from game.state import new_game
    >>> from game.view import player_view
    >>> k = Knowledge(player_view(new_game("europe", players=2, seed=1), 0))
    >>> 0.5 < tunnel_overrun(k, "red", 0) < 0.65, tunnel_overrun(k, "red", 3)
    (True, 0.0)
    """
    def unseen(kind: str) -> int:
        total = LOCOMOTIVES if kind == LOCOMOTIVE else CARDS_PER_COLOUR
        return total - k.hand[kind] - k.view["market"].count(kind)
    pool = sum(unseen(kind) for kind in k.hand)
    asking = unseen(LOCOMOTIVE) + (unseen(colour) if colour != LOCOMOTIVE else 0)
    n = min(TUNNEL_REVEAL, k.view["deck_size"] + k.view["discard_size"], pool)
    if n <= spare:
        return 0.0
    ways = math.comb(pool, n)
    return sum(math.comb(asking, x) * math.comb(pool - asking, n - x) for x in range(spare + 1, n + 1)) / ways


def payment_key(k: Knowledge, a: ClaimRoute | BuildStation, needs: dict[str, int]) -> tuple[int, int, str]:
    """Sort key of payments, best first: fewest locomotives, then the colour least needed elsewhere."""
    surplus = k.hand.get(a.colour, 0) - needs.get(a.colour, 0) if a.colour != LOCOMOTIVE else -99
    return (a.locomotives, -surplus, a.colour)


def best_payment(k: Knowledge, options: Sequence[P], keep_for: Iterable[str]) -> P:
    """The cheapest of several payments for one target, keeping the cards ``keep_for`` routes need."""
    needs = card_needs(k, keep_for)
    return min(options, key=lambda a: payment_key(k, a, needs))


def claims_by_route(legal: list[Action]) -> dict[str, list[ClaimRoute]]:
    out: dict[str, list[ClaimRoute]] = {}
    for a in legal:
        if isinstance(a, ClaimRoute):
            out.setdefault(a.route, []).append(a)
    return out


def stations_by_city(legal: list[Action]) -> dict[str, list[BuildStation]]:
    out: dict[str, list[BuildStation]] = {}
    for a in legal:
        if isinstance(a, BuildStation):
            out.setdefault(a.city, []).append(a)
    return out
