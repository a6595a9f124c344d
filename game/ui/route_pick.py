"""The words of the list of routes under a finger (``game.web.tap``): each route as the board
names it, and the two tracks of a double route told apart when both are listed: the track's side
as drawn on the board (the upper or lower one, the left or right one), then whether it is free,
taken (by whom) or closed.  Their colours, when they differ, are in the board's name already.

>>> from game.mapdata import load_map
>>> usa = load_map("usa")
>>> view = {"players": [{"name": "Ann", "colour": "red", "routes": ["boston--montreal--2"]},
...                     {"name": "Bob", "colour": "blue", "routes": []}, {"name": "Cy", "colour": "green", "routes": []},
...                     {"name": "Dee", "colour": "black", "routes": []}]}
>>> view["map"] = "usa"
>>> for line in chooser_labels(view, ["boston--montreal--1", "boston--montreal--2"]): print(line)
Boston – Montréal, 2 spaces, gray, upper track, free
Boston – Montréal, 2 spaces, gray, lower track, taken by Ann
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game import cldr
from game.board.layout import layout
from game.board.titles import route_name
from game.i18n import _
from game.mapdata import GameMap, load_map
from game.rules import closing_twin

SIDE_KEYS = {"up": "tap.upper", "down": "tap.lower", "left": "tap.left", "right": "tap.right"}


def middle(game_map: GameMap, route_id: str) -> tuple[float, float]:
    """The middle of a route's track as drawn (board units, y down)."""
    line = layout(game_map).routes[route_id].line
    return line[len(line) // 2]


def side(game_map: GameMap, route_id: str, twin_id: str) -> str:
    """Which side of its twin a track is drawn on, as seen on the board: ``up``, ``down``,
    ``left`` or ``right`` (across a pair running more across the board than down it, up or down)."""
    (x, y), (tx, ty) = middle(game_map, route_id), middle(game_map, twin_id)
    dx, dy = x - tx, y - ty
    if abs(dy) >= abs(dx):
        return "up" if dy < 0 else "down"
    return "left" if dx < 0 else "right"


def state_words(game_map: GameMap, view: Mapping[str, Any], route_id: str) -> str:
    """A track free, taken by a player (their name) or closed (``game.rules.closing_twin``)."""
    players = view.get("players", [])
    for player in players:
        if route_id in player.get("routes", []):
            return _("tap.taken", player=player["name"])
    claims = [player.get("routes", []) for player in players]
    if closing_twin(game_map, route_id, claims) is not None:
        return _("tap.closed")
    return _("tap.free")


def pick_labels(game_map: GameMap, view: Mapping[str, Any] | None, route_ids: Sequence[str]) -> list[str]:
    """The label of each route listed, in order: its board name, then for a track whose twin is
    listed too its side, and its state when that is not free or its twin is listed (no two labels
    are the same)."""
    listed = set(route_ids)
    out = []
    for route_id in route_ids:
        words = [route_name(game_map, game_map.route(route_id))]
        twins = [t.id for t in game_map.twins(route_id) if t.id in listed]
        state = state_words(game_map, view or {}, route_id)
        if twins:
            words.append(_(SIDE_KEYS[side(game_map, route_id, twins[0])]))
        if twins or state != _("tap.free"):
            words.append(state)
        out.append(cldr.parts(words))
    return out


def chooser_labels(view: Mapping[str, Any], route_ids: Sequence[str]) -> list[str]:
    """:func:`pick_labels` on the board a view is of (its ``map``)."""
    return pick_labels(load_map(view["map"]), view, route_ids)
