"""Final scoring: route points, tickets (with Europe stations), unbuilt stations, the longest trail, the winner.

Every rule and ruling applied here is written out in ``docs/scoring.md``.  The module is pure
standard library and only reads map facts through :class:`game.mapdata.GameMap`.

>>> from game.mapdata import load_map
>>> usa = load_map("usa")
>>> longest_trail(usa, ["denver--omaha", "chicago--omaha", "chicago--saint-louis--green"])
(10, ('denver--omaha', 'chicago--omaha', 'chicago--saint-louis--green'))
>>> tickets_completed(usa, ["denver--omaha", "chicago--omaha"], ["chicago--santa-fe"])
{'chicago--santa-fe': False}
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypedDict

from game.mapdata import GameMap, Route

ODD_LIMIT = 10   # odd cities up to which the exact (T-join) trail bound is computed
TIE_BREAKS = ("tickets_completed", "fewest_stations", "longest_bonus")


class ScoringError(ValueError):
    """The position handed to final scoring is impossible (unknown id, route owned twice, …)."""


@dataclass(frozen=True)
class PlayerPosition:
    """What final scoring needs to know about one seat."""

    routes: tuple[str, ...]
    stations: tuple[str, ...] = ()   # city ids with one of this player's stations
    tickets: tuple[str, ...] = ()    # tickets held (kept), in the order to report them


class TicketScoreJson(TypedDict):
    id: str
    completed: bool
    points: int                 # signed: negative for a ticket not completed


class PlayerScoreJson(TypedDict):
    """:meth:`PlayerScore.to_json`: one seat's final score as saved in a state's ``result``."""
    seat: int
    route_points: int
    ticket_points: int
    station_points: int
    longest_trail: int
    longest_bonus: int
    tickets_completed: int
    stations_built: int
    total: int
    tickets: list[TicketScoreJson]
    borrowed: dict[str, str | None]
    trail: list[str]


class FinalScoreJson(TypedDict):
    """:meth:`FinalScore.to_json`: a finished game's ``result``."""
    players: list[PlayerScoreJson]
    ranking: list[int]
    places: list[int]
    winner: int
    tie_break: str | None
    shared: list[int]


@dataclass(frozen=True)
class PlayerScore:
    """One seat's final score, part by part."""

    seat: int
    route_points: int
    ticket_points: int
    station_points: int
    longest_trail: int                          # length of the player's longest trail
    longest_bonus: int                          # bonus points scored for it (0 or the map's bonus)
    tickets_completed: int
    tickets: tuple[tuple[str, bool, int], ...]  # (ticket id, completed, signed points)
    borrowed: dict[str, str | None]             # station city id -> borrowed route id or None
    trail: tuple[str, ...]                      # route ids of one longest trail, in order
    stations_built: int
    total: int

    def to_json(self) -> PlayerScoreJson:
        return {
            "seat": self.seat,
            "route_points": self.route_points,
            "ticket_points": self.ticket_points,
            "station_points": self.station_points,
            "longest_trail": self.longest_trail,
            "longest_bonus": self.longest_bonus,
            "tickets_completed": self.tickets_completed,
            "stations_built": self.stations_built,
            "total": self.total,
            "tickets": [{"id": t, "completed": done, "points": points}
                        for t, done, points in self.tickets],
            "borrowed": dict(self.borrowed),
            "trail": list(self.trail),
        }


@dataclass(frozen=True)
class FinalScore:
    """The end of a game: every seat's score, the ranking and the winner."""

    players: tuple[PlayerScore, ...]
    ranking: tuple[int, ...]      # seats, best first (ties that nothing breaks: lower seat first)
    places: tuple[int, ...]       # per seat: 1 = first; seats equal on every criterion share a place
    winner: int                   # the winning seat (lowest seat among co-winners)
    tie_break: str | None         # criterion that singled out the winner; None when points did,
                                  # or when nothing did (then ``shared`` lists the co-winners)
    shared: tuple[int, ...]       # co-winners still tied after every tie-break; () when one winner

    def to_json(self) -> FinalScoreJson:
        return {
            "players": [p.to_json() for p in self.players],
            "ranking": list(self.ranking),
            "places": list(self.places),
            "winner": self.winner,
            "tie_break": self.tie_break,
            "shared": list(self.shared),
        }


# --------------------------------------------------------------------------- union-find

def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _network(game_map: GameMap, routes: Iterable[str]) -> list[int]:
    """Union-find over the map's city indices, joined by ``routes``."""
    parent = list(range(len(game_map.cities)))
    city = game_map.city
    for route_id in routes:
        r = game_map.route(route_id)
        a, b = _find(parent, city(r.a).index), _find(parent, city(r.b).index)
        if a != b:
            parent[a] = b
    return parent


def tickets_completed(game_map: GameMap, routes: Iterable[str], tickets: Iterable[str]) -> dict[str, bool]:
    """Which tickets the player's own ``routes`` complete (no stations: the in-game status)."""
    parent = _network(game_map, routes)
    done = {}
    for ticket_id in tickets:
        t = game_map.ticket(ticket_id)
        done[ticket_id] = _find(parent, game_map.city(t.a).index) == _find(parent, game_map.city(t.b).index)
    return done


PER_TRAIN = 1000        # ticket_path's cost of a train; each route costs 1 more


def cheapest_path(game_map: GameMap, a: str, b: str, cost: Callable[[Route], int | None]) -> tuple[str, ...] | None:
    """Route ids of a cheapest path from city ``a`` to city ``b``, each route costing
    ``cost(route)`` (None: not usable); None when no usable path joins them.

    >>> from game.mapdata import load_map
    >>> cheapest_path(load_map("usa"), "denver", "omaha", lambda r: r.length)
    ('denver--omaha',)
    """
    best = {a: 0}
    came: dict[str, tuple[str, str]] = {}            # city -> (route, previous city)
    heap = [(0, a)]
    while heap:
        here, city = heapq.heappop(heap)
        if city == b:
            break
        if here > best[city]:
            continue
        for r in game_map.routes_at(city):
            step = cost(r)
            other = r.other_end(city)
            if step is not None and here + step < best.get(other, 10 ** 9):
                best[other], came[other] = here + step, (r.id, city)
                heapq.heappush(heap, (here + step, other))
    if b not in came:
        return None
    path, city = [], b
    while city != a:
        route_id, city = came[city]
        path.append(route_id)
    return tuple(reversed(path))


def ticket_path(game_map: GameMap, network: Iterable[str], ticket_id: str) -> tuple[str, ...]:
    """Route ids of a path joining a ticket's cities over ``network`` (a player's routes, with the
    routes their stations borrow for the final scoring), from its first city: the fewest trains,
    then the fewest routes; ``()`` when ``network`` does not join them (the ticket fails).

    >>> from game.mapdata import load_map
    >>> usa = load_map("usa")
    >>> ticket_path(usa, ["denver--santa-fe", "el-paso--santa-fe", "denver--omaha"], "denver--el-paso")
    ('denver--santa-fe', 'el-paso--santa-fe')
    >>> ticket_path(usa, ["denver--omaha"], "denver--el-paso")
    ()
    """
    ids = set(network)
    ticket = game_map.ticket(ticket_id)
    # the fewest trains, then the fewest routes (a path has far fewer routes than PER_TRAIN)
    path = cheapest_path(game_map, ticket.a, ticket.b, lambda r: r.length * PER_TRAIN + 1 if r.id in ids else None)
    return path or ()


# --------------------------------------------------------------------------- stations

def _gain(size: int, edges: Iterable[tuple[int, int]], pairs: list[tuple[int, int, int]]) -> int:
    """Points gained when ``edges`` join the compressed components: 2 × points per ticket joined."""
    parent = list(range(size))
    for a, b in edges:
        a, b = _find(parent, a), _find(parent, b)
        if a != b:
            parent[a] = b
    return sum(g for a, b, g in pairs if _find(parent, a) == _find(parent, b))


def _borrowing(game_map: GameMap, parent: list[int], stations: Sequence[str],
               pending: list[tuple[int, int, int]],
               opponent_routes_at: Callable[[str], list[Route]]) -> dict[str, str | None]:
    """The route each station borrows (see docs/scoring.md, "Stations").

    ``parent`` is the player's own network, ``pending`` the unfinished tickets as
    (city index, city index, points), ``opponent_routes_at(city_id)`` the routes of other
    players entering a city.  Returns the lexicographically first assignment (stations by city
    id; per station None first, then routes by id) among those with the highest ticket score.
    """
    cities = sorted(stations)
    borrowed: dict[str, str | None] = {c: None for c in cities}
    if not pending:
        return borrowed
    index = game_map.city
    homes_of = [_find(parent, index(c).index) for c in cities]
    far_ends = [[(r.id, _find(parent, index(r.other_end(c)).index)) for r in opponent_routes_at(c)]
                for c in cities]
    # A borrowed route only matters if its far end is in a component holding an end of an
    # unfinished ticket, or a station, or that stations of two other components can reach.
    relevant: dict[int, int] = {}
    for a, b, _ in pending:
        relevant.setdefault(_find(parent, a), len(relevant))
        relevant.setdefault(_find(parent, b), len(relevant))
    for home in homes_of:
        relevant.setdefault(home, len(relevant))
    reached_from: dict[int, set[int]] = {}
    for home, far in zip(homes_of, far_ends):
        for _, comp in far:
            reached_from.setdefault(comp, set()).add(home)
    for comp in sorted(reached_from):
        if len(reached_from[comp]) > 1:
            relevant.setdefault(comp, len(relevant))

    options: list[list[tuple[str, int] | None]] = []   # per station: None, then (route, component)
    for home, far in zip(homes_of, far_ends):
        first_route: dict[int, str] = {}
        for route_id, other in far:
            if other != home and other in relevant and (other not in first_route
                                                        or route_id < first_route[other]):
                first_route[other] = route_id
        choices = sorted((route_id, relevant[comp]) for comp, route_id in first_route.items())
        options.append([None] + choices)
    homes = [relevant[home] for home in homes_of]

    size = len(relevant)
    grouped: dict[tuple[int, int], int] = {}
    for a, b, points in pending:
        u, v = relevant[_find(parent, a)], relevant[_find(parent, b)]
        key = (u, v) if u < v else (v, u)
        grouped[key] = grouped.get(key, 0) + 2 * points
    pairs = [(u, v, g) for (u, v), g in grouped.items()]

    def edges_of(choices: list[list[tuple[str, int] | None]], start: int) -> list[tuple[int, int]]:
        return [(homes[i], o[1]) for i in range(start, len(cities)) for o in choices[i] if o is not None]

    ceiling = _gain(size, edges_of(options, 0), pairs)
    if ceiling == 0:
        return borrowed
    best_gain = 0
    best_choice: list[tuple[str, int] | None] = [None] * len(cities)
    chosen: list[tuple[str, int] | None] = []

    def search(i: int, fixed: list[tuple[int, int]]) -> bool:
        """Depth-first in lexicographic order; True once the ceiling is reached (stop)."""
        nonlocal best_gain, best_choice
        if i == len(cities):
            gain = _gain(size, fixed, pairs)
            if gain > best_gain:
                best_gain, best_choice = gain, list(chosen)
            return best_gain == ceiling
        if _gain(size, fixed + edges_of(options, i), pairs) <= best_gain:
            return False
        for choice in options[i]:
            chosen.append(choice)
            stop = search(i + 1, fixed if choice is None else fixed + [(homes[i], choice[1])])
            chosen.pop()
            if stop:
                return True
        return False

    search(0, [])
    for c, choice in zip(cities, best_choice):
        borrowed[c] = None if choice is None else choice[0]
    return borrowed


# --------------------------------------------------------------------------- longest trail

def _euler_trail(adjacency: dict[str, list[tuple[str, str]]], start: str) -> list[str]:
    """Route ids of an Euler trail from ``start`` through every edge of its component (Hierholzer)."""
    used: set[str] = set()
    pointer = {v: 0 for v in adjacency}
    stack: list[tuple[str, str | None]] = [(start, None)]
    trail: list[str] = []
    while stack:
        v, via = stack[-1]
        edges = adjacency[v]
        i = pointer[v]
        while i < len(edges) and edges[i][0] in used:
            i += 1
        pointer[v] = i
        if i == len(edges):
            stack.pop()
            if via is not None:
                trail.append(via)
        else:
            route_id, w = edges[i]
            used.add(route_id)
            stack.append((w, route_id))
    trail.reverse()
    return trail


Chain = tuple[str, str, int, list[str]]       # (node, node, length, route ids from the first node)


def _chains(core: dict[str, list[tuple[str, str]]], length_of: dict[str, int], nodes: set[str]) -> list[Chain]:
    """Contract the paths between ``nodes``: (node, node, length, route ids from the first node)."""
    seen: set[str] = set()
    chains: list[Chain] = []
    for start in sorted(nodes):
        for route_id, w in core[start]:
            if route_id in seen:
                continue
            seen.add(route_id)
            ids, total, v, came = [route_id], length_of[route_id], w, route_id
            while v not in nodes:
                route_id, w = next(e for e in core[v] if e[0] != came)
                seen.add(route_id)
                ids.append(route_id)
                total += length_of[route_id]
                v, came = w, route_id
            chains.append((start, v, total, ids))
    return chains


def _hanging_trees(adjacency: dict[str, list[tuple[str, str]]]) -> set[str]:
    """Cities of the trees hanging from the component's 2-core (leaves stripped one by one).

    In a tree, one city is left over and plays the part of the core.
    """
    degree = {v: len(edges) for v, edges in adjacency.items()}
    stripped: set[str] = set()
    todo = sorted(v for v, d in degree.items() if d == 1)
    while todo:
        v = todo.pop()
        if degree[v] != 1:
            continue
        stripped.add(v)
        degree[v] = 0
        for _, w in adjacency[v]:
            if w not in stripped:
                degree[w] -= 1
                if degree[w] == 1:
                    todo.append(w)
    return stripped


def _ceiling(adjacency: dict[str, list[tuple[str, str]]], length_of: dict[str, int],
             odd: list[str], total: int) -> tuple[int, tuple[str, ...]]:
    """An upper bound on the longest trail of a component with more than two odd cities,
    and the two odd cities the bound takes as the trail's ends (none for the parity bound).

    A trail's routes leave every odd city but its two ends with an even number of unused
    routes, so the unused routes join those cities in pairs: the bound is the total minus the
    cheapest such pairing by shortest paths (exact T-join bound, up to ODD_LIMIT odd cities), or
    minus half the lightest route at each odd city but two (parity bound, beyond).
    """
    if len(odd) > ODD_LIMIT:
        lightest = sorted((min(length_of[r] for r, _ in adjacency[v]) for v in odd), reverse=True)
        return total - (sum(lightest[2:]) + 1) // 2, ()
    distance = []
    for source in odd:
        dist = {source: 0}
        heap = [(0, source)]
        while heap:
            d, v = heapq.heappop(heap)
            if d > dist[v]:
                continue
            for route_id, w in adjacency[v]:
                if d + length_of[route_id] < dist.get(w, total + 1):
                    dist[w] = d + length_of[route_id]
                    heapq.heappush(heap, (dist[w], w))
        distance.append([dist[t] for t in odd])
    bits = [1 << j for j in range(len(odd))]

    @functools.cache
    def pairing(mask: int, free: bool) -> int:
        """Cheapest pairing of the odd cities in ``mask``; ``free``: one pair (the ends) costs nothing."""
        if not mask:
            return 0
        low = mask & -mask
        rest = mask ^ low
        row = distance[low.bit_length() - 1]
        cost = total
        for j, bit in enumerate(bits):
            if rest & bit:
                remaining = rest ^ bit
                c = row[j] + pairing(remaining, free)
                cost = min(cost, c)
                if free:
                    c = pairing(remaining, False)
                    cost = min(cost, c)
        return cost

    mask = (1 << len(odd)) - 1
    cost = pairing(mask, True)
    for _ in range(len(odd) // 2):   # retrace the cheapest pairing to the pair left free
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        for j in range(i + 1, len(odd)):
            if rest >> j & 1:
                remaining = rest & ~(1 << j)
                if pairing(mask, True) == pairing(remaining, False):
                    return total - cost, (odd[i], odd[j])
                if pairing(mask, True) == distance[i][j] + pairing(remaining, True):
                    mask = remaining
                    break
    return total - cost, ()


def _longest_in_component(adjacency: dict[str, list[tuple[str, str]]], length_of: dict[str, int],
                          total: int) -> tuple[int, list[str]]:
    """Longest trail of one connected component (see docs/scoring.md, "Longest trail")."""
    odd = sorted(v for v, edges in adjacency.items() if len(edges) % 2)
    if len(odd) <= 2:   # an Euler trail uses every route
        return total, _euler_trail(adjacency, odd[0] if odd else min(adjacency))

    # A trail enters a hanging tree at most once and ends there: only the longest path down
    # each branch matters ("tails"); paths inside a tree are candidates of their own.
    stripped = _hanging_trees(adjacency)
    best_length, best_trail = 0, []      # the best trail inside hanging trees

    attach: dict[str, str] = {}   # city of a hanging tree -> the core city it hangs from

    def down(u: str, parent_route: str, root: str) -> tuple[int, list[str]]:
        nonlocal best_length, best_trail
        attach[u] = root
        tops = sorted(((length_of[r] + sub[0], [r] + sub[1]) for r, x in adjacency[u] if r != parent_route
                       for sub in [down(x, r, root)]), key=lambda t: -t[0])
        if len(tops) > 1 and tops[0][0] + tops[1][0] > best_length:
            best_length, best_trail = tops[0][0] + tops[1][0], tops[1][1][::-1] + tops[0][1]
        return tops[0] if tops else (0, [])

    core = {v: [e for e in edges if e[1] not in stripped] for v, edges in adjacency.items() if v not in stripped}
    no_tail: tuple[int, list[str]] = (0, [])
    tails = {}
    for v in core:
        branches = sorted(((length_of[r] + sub[0], [r] + sub[1]) for r, x in adjacency[v] if x in stripped
                           for sub in [down(x, r, v)]), key=lambda t: -t[0])
        tails[v] = (branches + [no_tail, no_tail])[:2]
        if tails[v][0][0] + tails[v][1][0] > best_length:
            best_length, best_trail = tails[v][0][0] + tails[v][1][0], tails[v][1][1][::-1] + tails[v][0][1]
    nodes = {v for v, edges in core.items() if len(edges) != 2 or tails[v][0][0]}
    chains = _chains(core, length_of, nodes)
    links: dict[str, list[tuple[int, str]]] = {v: [] for v in nodes}
    for k, (a, b, _, _) in enumerate(chains):
        links[a].append((k, b))
        links[b].append((k, a))
    for edges in links.values():
        edges.sort(key=lambda e: -chains[e[0]][2])
    weights = [c[2] for c in chains]
    core_total = sum(weights)
    longest_tail = max(t[0][0] for t in tails.values())
    ceiling, ends = _ceiling(adjacency, length_of, odd, total)

    path: list[tuple[int, str]] = []   # (chain index, node the chain was entered from)
    found_length = 0                                                # best length through the core
    found_at: tuple[str, list[tuple[int, str]], str] | None = None   # and its (start, path, end)
    visited: set[tuple[str, int]] = set()

    def walk(start: str, v: str, used: int, length: int) -> bool:
        """Extend the trail from ``v``; ``used`` is the bit set of chains already on it.

        The same city with the same chains used has the same future, whatever order the
        chains were taken in: it is explored once per start.
        """
        nonlocal found_length, found_at
        if (v, used) in visited:
            return False
        visited.add((v, used))
        end = tails[v][0][0] if v != start else tails[v][1][0]
        if length + end > found_length:
            found_length, found_at = length + end, (start, list(path), v)
            if found_length >= ceiling:
                return True
        for k, w in links[v]:
            bit = 1 << k
            if not used & bit:
                path.append((k, v))
                if walk(start, w, used | bit, length + weights[k]):
                    return True
                path.pop()
        return False

    # Start where the bound puts an end of the trail: when the bound is exact, the first start finds it.
    first = [attach.get(v, v) for v in ends]
    for start in sorted(nodes, key=lambda v: (v not in first, v)):
        if (len(links[start]) % 2 or tails[start][0][0]) and \
                tails[start][0][0] + core_total + longest_tail > max(found_length, best_length):
            visited.clear()
            if walk(start, start, 0, tails[start][0][0]):
                break
    if found_at is None or found_length <= best_length:
        return best_length, best_trail
    start, chain_path, end = found_at
    trail = tails[start][0][1][::-1]
    for k, came_from in chain_path:
        ids = chains[k][3]
        trail.extend(ids if came_from == chains[k][0] else ids[::-1])
    trail.extend(tails[end][0][1] if end != start else tails[end][1][1])
    return found_length, trail


def longest_trail(game_map: GameMap, routes: Iterable[str]) -> tuple[int, tuple[str, ...]]:
    """Length of the longest continuous trail of ``routes`` and one such trail (route ids in order).

    A trail may pass a city several times and contain loops but never uses a route twice.
    """
    ids = sorted(set(routes))
    if not ids:
        return 0, ()
    adjacency: dict[str, list[tuple[str, str]]] = {}
    length_of: dict[str, int] = {}
    for route_id in ids:
        r = game_map.route(route_id)
        length_of[route_id] = r.length
        adjacency.setdefault(r.a, []).append((route_id, r.b))
        adjacency.setdefault(r.b, []).append((route_id, r.a))
    best_length, best_trail = 0, []
    seen: set[str] = set()
    for city in sorted(adjacency):
        if city in seen:
            continue
        component, todo = {city}, [city]
        while todo:
            for _, w in adjacency[todo.pop()]:
                if w not in component:
                    component.add(w)
                    todo.append(w)
        seen |= component
        sub = {v: adjacency[v] for v in sorted(component)}
        total = sum(length_of[r] for v in sub for r, _ in sub[v]) // 2
        if total <= best_length:
            continue
        length, trail = _longest_in_component(sub, length_of, total)
        if length > best_length:
            best_length, best_trail = length, trail
    return best_length, tuple(best_trail)


# --------------------------------------------------------------------------- final scoring

def _check(game_map: GameMap, players: Sequence[PlayerPosition]) -> None:
    """Reject positions no game can reach, with a message naming the culprit."""
    allowed = game_map.rules.get("stations", 0)
    kinds = (("route", game_map.has_route, "route {id} is claimed by seat {first} and seat {seat}"),
             ("city", game_map.has_city, "{id} has stations of seat {first} and seat {seat}"),
             ("ticket", game_map.has_ticket, "ticket {id} is held by seat {first} and seat {seat}"))
    taken: tuple[dict[str, int], ...] = ({}, {}, {})
    for seat, p in enumerate(players):
        if len(p.stations) > allowed:
            raise ScoringError(f"seat {seat} has {len(p.stations)} stations; "
                               f"the {game_map.name} map allows {allowed}")
        for ids, (kind, exists, clash), owner in zip((p.routes, p.stations, p.tickets), kinds, taken):
            for item in ids:
                if not exists(item):
                    raise ScoringError(f"seat {seat}: no {kind} {item!r} on the {game_map.name} map")
                if item in owner:
                    raise ScoringError(clash.format(id=item, first=owner[item], seat=seat))
                owner[item] = seat
    unknown = [c for c in game_map.rules.get("tie_breaks", ()) if c not in TIE_BREAKS]
    if unknown:
        raise ScoringError(f"the {game_map.name} map names unknown tie-breaks {unknown}")


def _player_tickets(game_map: GameMap, seat: int, p: PlayerPosition,
                    owner: dict[str, int]) -> tuple[tuple[tuple[str, bool, int], ...], dict[str, str | None]]:
    """Ticket results and the stations' borrowed routes of one seat."""
    parent = _network(game_map, p.routes)
    index = game_map.city
    ends = []
    for ticket_id in p.tickets:
        t = game_map.ticket(ticket_id)
        ends.append((index(t.a).index, index(t.b).index, t.points))
    pending = [e for e in ends if _find(parent, e[0]) != _find(parent, e[1])]

    def opponent_routes_at(city_id: str) -> list[Route]:
        return [r for r in game_map.routes_at(city_id) if owner.get(r.id, seat) != seat]

    borrowed = _borrowing(game_map, parent, p.stations, pending, opponent_routes_at)
    if pending:
        for route_id in borrowed.values():
            if route_id is not None:
                r = game_map.route(route_id)
                a, b = _find(parent, index(r.a).index), _find(parent, index(r.b).index)
                if a != b:
                    parent[a] = b
    results = []
    for ticket_id, (a, b, points) in zip(p.tickets, ends):
        done = _find(parent, a) == _find(parent, b)
        results.append((ticket_id, done, points if done else -points))
    return tuple(results), borrowed


def route_owners(routes_by_seat: Iterable[Iterable[str]]) -> dict[str, int]:
    """The seat owning each claimed route, from each seat's routes in seat order.

    >>> route_owners([["a--b"], [], ["c--d", "d--e"]])
    {'a--b': 0, 'c--d': 2, 'd--e': 2}
    """
    return {route_id: seat for seat, routes in enumerate(routes_by_seat) for route_id in routes}


def ticket_status(game_map: GameMap, players: Sequence[PlayerPosition], seat: int) -> dict[str, str]:
    """Each ticket of ``seat`` as the game stands: ``done`` by its own routes, ``station`` (it
    would count if the game ended now, through the routes its stations borrow), or ``open``.
    Only ``seat``'s tickets and stations and everyone's routes are read."""
    own = tickets_completed(game_map, players[seat].routes, players[seat].tickets)
    owner = route_owners(p.routes for p in players)
    results, _borrowed = _player_tickets(game_map, seat, players[seat], owner)
    return {t: "done" if own[t] else "station" if done else "open" for t, done, _points in results}


def final_scoring(game_map: GameMap, players: Sequence[PlayerPosition]) -> FinalScore:
    """Score a finished game: every seat's parts and total, the ranking and the winner."""
    if not players:
        raise ScoringError("final scoring needs at least one player")
    _check(game_map, players)
    owner = route_owners(p.routes for p in players)
    rules = game_map.rules
    parts = []
    for seat, p in enumerate(players):
        tickets, borrowed = _player_tickets(game_map, seat, p, owner)
        length, trail = longest_trail(game_map, p.routes)
        parts.append((tickets, borrowed, length, trail))
    longest = max(length for _, _, length, _ in parts)

    scores = []
    for seat, (p, (tickets, borrowed, length, trail)) in enumerate(zip(players, parts)):
        route_points = sum(game_map.route_points(game_map.route(r).length) for r in p.routes)
        ticket_points = sum(points for _, _, points in tickets)
        station_points = (rules.get("stations", 0) - len(p.stations)) * rules.get("station_points", 0)
        bonus = rules["longest_bonus"] if length == longest and longest > 0 else 0
        scores.append(PlayerScore(
            seat=seat, route_points=route_points, ticket_points=ticket_points,
            station_points=station_points, longest_trail=length, longest_bonus=bonus,
            tickets_completed=sum(done for _, done, _ in tickets), tickets=tickets,
            borrowed=borrowed, trail=trail, stations_built=len(p.stations),
            total=route_points + ticket_points + station_points + bonus))
    return _rank(tuple(scores), tuple(rules.get("tie_breaks", ())))


def _criterion(score: PlayerScore, name: str) -> int:
    """A tie-break as a number where more is better."""
    if name == "tickets_completed":
        return score.tickets_completed
    if name == "fewest_stations":
        return -score.stations_built
    return 1 if score.longest_bonus else 0


def _rank(scores: tuple[PlayerScore, ...], tie_breaks: tuple[str, ...]) -> FinalScore:
    keys = [(s.total,) + tuple(_criterion(s, c) for c in tie_breaks) for s in scores]
    ranking = tuple(sorted(range(len(scores)), key=lambda seat: (tuple(-k for k in keys[seat]), seat)))
    places = [0] * len(scores)
    for position, seat in enumerate(ranking):
        before = ranking[position - 1] if position else None
        places[seat] = places[before] if before is not None and keys[before] == keys[seat] else position + 1
    top = [seat for seat in ranking if places[seat] == 1]
    tie_break = None
    if len(top) == 1:   # walk down the criteria until the winner stands alone
        contenders = [s for s in ranking if keys[s][0] == keys[top[0]][0]]
        depth = 0
        while len(contenders) > 1:
            depth += 1
            contenders = [s for s in contenders if keys[s][depth] == keys[top[0]][depth]]
        tie_break = tie_breaks[depth - 1] if depth else None
    return FinalScore(players=scores, ranking=ranking, places=tuple(places), winner=top[0],
                      tie_break=tie_break, shared=tuple(top) if len(top) > 1 else ())
