"""The board's accessible names, shared by the drawing (``game.board.render``, each route's
title) and the screens that name a route the way the board does (``game.ui.route_pick``),
without the drawing's import of svgwrite."""

from __future__ import annotations

from game import cldr
from game.i18n import COLOUR_KEYS, _
from game.mapdata import GameMap, Route


def route_name(game_map: GameMap, route: Route) -> str:
    """The accessible name of a route: its cities, length and colour, tunnel or ferry."""
    a, b = game_map.city(route.a).name, game_map.city(route.b).name
    parts = [_("board.route", a=a, b=b, count=route.length, colour=_(COLOUR_KEYS[route.colour]))]
    if route.tunnel:
        parts.append(_("board.tunnel"))
    if route.ferry:
        parts.append(_("board.ferry", count=route.ferry))
    return cldr.parts(parts)
