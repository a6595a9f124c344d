"""The SVG board in the page, drawn from the screen's board part (``game.ui.screen.BoardScreen``).

The board is drawn once per game with ``render_board``; after that a route or city is drawn
again (``render_route`` / ``render_city``) only when its owner or stations change, and a
highlight only switches classes (``docs/board.md``).
"""

from __future__ import annotations

import js

from game.board.highlights import Highlights
from game.board.render import Owners, render_board, render_city, render_route
from game.mapdata import GameMap
from game.ui.screen import BoardScreen

# the board's highlights of a route (``Highlights`` fields) and the class each gives it
ROUTE_LAYERS = {"claimable": "claimable", "network": "network", "trail": "trail", "borrowed": "borrowed",
                "last": "last-move", "path": "path", "hint": "hint"}


def _changed(before: dict, after: dict) -> set:
    """The keys whose values differ between two dicts (missing counts as None)."""
    return {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}


class Board:
    """The board of ``game_map`` in ``container``, updated piece by piece."""

    def __init__(self, container, game_map: GameMap) -> None:
        self.container = container
        self.map = game_map
        self.owners: dict[str, str] = {}        # as drawn: route -> owner's colour
        self.stations: dict[str, list[str]] = {}    # city -> the colours of its stations
        self.hl: Highlights | None = None       # None: not drawn yet

    def update(self, shown: BoardScreen) -> int:
        """Bring the board up to date (and the colour it lights in); the number of routes and
        cities redrawn or restyled."""
        if shown.colour is None:
            self.container.removeAttribute("data-colour")
        else:
            self.container.setAttribute("data-colour", shown.colour)
        view, hl = shown.view, shown.highlights
        drawn = Owners.of(view)
        owners, stations = drawn.routes, drawn.stations
        if self.hl is None:
            self.container.innerHTML = render_board(self.map, view, highlights=hl)
            self.owners, self.stations, self.hl = owners, stations, hl
            return len(self.map.routes) + len(self.map.cities)
        document = js.document
        redrawn = _changed(self.owners, owners)
        redrawn |= {t.id for r in redrawn for t in self.map.twins(r)}     # a twin may close (2-3 players)
        for route_id in redrawn:
            document.getElementById(f"route-{route_id}").outerHTML = render_route(
                self.map, route_id, view, highlights=hl)
        restyled: dict[str, list] = {}          # route -> its classes to switch: (name, on)
        old = self.hl
        for name, cls in ROUTE_LAYERS.items():
            for route_id in getattr(old, name) ^ getattr(hl, name):
                restyled.setdefault(route_id, []).append((cls, route_id in getattr(hl, name)))
        lit_before, lit = old.network | old.trail | old.borrowed, hl.network | hl.trail | hl.borrowed
        for route_id in lit_before ^ lit:
            restyled.setdefault(route_id, []).append(("highlight", route_id in lit))
        for route_id in restyled.keys() - redrawn:
            classes = document.getElementById(f"route-{route_id}").classList
            for name, on in restyled[route_id]:
                classes.toggle(name, on)
        cities = _changed(self.stations, stations)
        for city_id in cities:
            document.getElementById(f"city-{city_id}").outerHTML = render_city(
                self.map, city_id, view, highlights=hl)
        for city_id in (old.cities ^ hl.cities) - cities:
            document.getElementById(f"city-{city_id}").classList.toggle("highlight", city_id in hl.cities)
        self.owners, self.stations, self.hl = owners, stations, hl
        return len(redrawn | restyled.keys()) + len(cities | (old.cities ^ hl.cities))
