"""A player's destination tickets in play: whether each is done (by its own routes or through
a station), and, for one not done, the cheapest way still open between its cities.

>>> from game.mapdata import load_map
>>> usa = load_map("usa")
>>> path = open_path(usa, "denver--el-paso", own=("denver--santa-fe",), closed=frozenset())
>>> path.routes, path.cities
(('el-paso--santa-fe',), ('el-paso',))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.mapdata import GameMap
from game.scoring import PlayerPosition, cheapest_path, ticket_status
from game.state import Player


@dataclass(frozen=True)
class OpenPath:
    """The routes still to claim on the cheapest open path of a ticket (fewest trains), and the
    cities on it the player's network does not reach yet; both empty when the ticket is done or
    no path is open."""

    routes: tuple[str, ...] = ()
    cities: tuple[str, ...] = ()


def seat_ticket_status(game_map: GameMap, players: list[Player], seat: int) -> dict[str, str]:
    """``seat``'s tickets as the game stands (``game.scoring.ticket_status``): ``done``,
    ``station`` (done through a station's borrowed route) or ``open``; only ``seat``'s own
    stations and tickets are read."""
    positions = [PlayerPosition(tuple(p["routes"]), tuple(p["stations"]) if i == seat else (),
                                tuple(p["tickets"]) if i == seat else ()) for i, p in enumerate(players)]
    return ticket_status(game_map, positions, seat)


def open_path(game_map: GameMap, ticket_id: str, own: Iterable[str], closed: frozenset[str]) -> OpenPath:
    """The cheapest path between a ticket's cities over the player's ``own`` routes (free) and
    routes nobody has claimed (their length), leaving out the ``closed`` ones (claimed by others,
    or closed twins)."""
    ticket = game_map.ticket(ticket_id)
    mine = set(own)
    reached = _reach(game_map, mine, ticket.a)
    if ticket.b in reached:
        return OpenPath()
    path = cheapest_path(game_map, ticket.a, ticket.b,
                         lambda r: None if r.id in closed else 0 if r.id in mine else r.length)
    if path is None:
        return OpenPath()
    routes, cities, city = [], [], ticket.a
    for route_id in path:
        city = game_map.route(route_id).other_end(city)
        if route_id not in mine:
            routes.append(route_id)
        if city not in reached and not any(r.id in mine for r in game_map.routes_at(city)):
            cities.append(city)
    return OpenPath(tuple(routes), tuple(cities))


def _reach(game_map: GameMap, own: set[str], start: str) -> set[str]:
    """The cities the player's own routes join to ``start``."""
    seen, todo = {start}, [start]
    while todo:
        city = todo.pop()
        for r in game_map.routes_at(city):
            if r.id in own and r.other_end(city) not in seen:
                seen.add(r.other_end(city))
                todo.append(r.other_end(city))
    return seen
