"""Ids and seats in the players' words: the parameters of a log event or of a refusal, named as
the board and the cards name them, in the language of the moment; a ``game.problem.Problem`` said
with its ids so named (:func:`said`).

>>> from game.i18n import set_language
>>> from game.state import new_game
>>> _ = set_language("en")
>>> state = new_game("usa", players=["Ann", "Bob"], seed=1)
>>> named({"player": 1, "route": "denver--omaha", "card": "locomotive", "count": 2}, state)
{'player': 'Bob', 'route': 'Denver–Omaha', 'card': 'locomotive', 'count': 2}
>>> named({"card": "pink", "city": "atlantis"}, state)      # not the game's: shown as given
{'card': 'pink', 'city': 'atlantis'}
>>> said(Problem("rule.route.own_twin", {"route": "denver--omaha"}), state)
'You already own the other track of this double route (Denver–Omaha): nobody may own both.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from game import cldr
from game.i18n import CARD_KEYS, _
from game.mapdata import GameMap, load_map
from game.problem import Problem
from game.state import State
from game.ui.ai_turn import LEVEL_KEYS


def route_name(game_map: GameMap, route: str) -> str:
    """A route (or the two cities of a ticket) as the board names it: "Denver–Omaha"."""
    r = game_map.route(route)
    return _("log.route_name", a=game_map.city(r.a).name, b=game_map.city(r.b).name)


def ticket_name(game_map: GameMap, ticket: str) -> str:
    t = game_map.ticket(ticket)
    return _("log.route_name", a=game_map.city(t.a).name, b=game_map.city(t.b).name)


def named(params: dict[str, Any], state: State) -> dict[str, Any]:
    """``params`` with seats (``player``), ``route``, ``city``, ``card`` and ``cards`` (comma-separated
    card kinds) replaced by their names; anything else, or an id the game does not know, as is."""
    game_map = load_map(state["map"])
    result: dict[str, object] = {}
    for name, value in params.items():
        if name == "player" and isinstance(value, int) and 0 <= value < len(state["players"]):
            value = state["players"][value]["name"]
        elif name == "route" and isinstance(value, str) and game_map.has_route(value):
            value = route_name(game_map, value)
        elif name == "city" and isinstance(value, str) and game_map.has_city(value):
            value = game_map.city(value).name
        elif name == "card" and value in CARD_KEYS:
            value = _(CARD_KEYS[value])
        elif name == "cards" and isinstance(value, str):
            value = cldr.join(_(CARD_KEYS.get(c, c)) if c in CARD_KEYS else c for c in value.split(",") if c) \
                or _("log.nothing")
        result[name] = value
    return result


def said(problem: Problem, state: Mapping[str, Any] | None) -> str:
    """``problem`` in the player's language, its seats, routes, cities and cards named as the board
    names them in ``state`` (a game's state, or a guest's table from the host's welcome: its map
    and players; None: the parameters as they are)."""
    if state is None:
        return problem.text()
    return Problem(problem.key, named(dict(problem.params), cast(State, state))).text()


def player_label(state: State, levels: list[str | None], seat: int) -> str:
    """A player's name, with the level for an AI seat (``levels``: per seat, None for a human):
    "Ada (AI, hard)"."""
    name, level = state["players"][seat]["name"], levels[seat]
    return name if level is None else _("table.ai_name", name=name, ai=_(LEVEL_KEYS[level]))
