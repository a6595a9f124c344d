"""A scenario's steps with commentary (``docs/scenario.md``, "Steps"): what an embedded board
shows at each step of a lesson — the position after some of the scenario's actions, a short
text, what to point out — and the facts a rules page states there, checked against the engine.

>>> from game.mapdata import load_map
>>> usa = load_map("usa")
>>> steps = read_steps([{"after": 0, "text": "Ann's turn.", "highlight": {"routes": ["denver--omaha"]}},
...                     {"after": 1, "facts": {"scores": [0, 0]}}], usa, players=2, actions=1)
>>> [(s.after, s.text, s.routes) for s in steps]
[(0, "Ann's turn.", ('denver--omaha',)), (1, '', ())]
>>> [s.after for s in default_steps(2)]
[0, 1, 2]
>>> read_steps([{"after": 0, "text": "{city:montreal} is in the north."}], usa, players=2, actions=0)[0].text
'Montréal is in the north.'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.jsontext import shown
from game.mapdata import CARD_KINDS, GameMap
from game.state import State

MAX_STEPS = 500
MAX_TEXT = 2000                 # characters of a step's commentary
HIGHLIGHT_KEYS = ("routes", "cities", "tickets", "cards")
FACT_KEYS = ("scores", "trains", "owners", "stations", "hands")
STEP_KEYS = {"after", "text", "highlight", "facts"}
CITY_NAME = re.compile(r"\{city:([^{}]*)\}")    # in a step's text: the city's name as the board prints it


class StepsError(ValueError):
    """A scenario's ``steps`` field is malformed; the message names the step and the field."""


@dataclass(frozen=True)
class Step:
    """The position after ``after`` of the scenario's actions, its commentary (plain text) and
    what to point out: routes, cities, tickets (on the board, with their cities) and card kinds
    (in the hand shown); ``facts`` are what a page says of the position there (checked by
    :func:`fact_problems`)."""

    after: int
    text: str = ""
    routes: tuple[str, ...] = ()
    cities: tuple[str, ...] = ()
    tickets: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)

    def lit_cities(self, game_map: GameMap) -> frozenset[str]:
        """The cities to light: the step's own and its tickets' ends."""
        ends = {city for ticket_id in self.tickets
                for city in (game_map.ticket(ticket_id).a, game_map.ticket(ticket_id).b)}
        return frozenset(self.cities) | ends


def scenario_steps(data: Any, game_map: GameMap, players: int, actions: int) -> tuple[Step, ...]:
    """A scenario's steps: its own ``steps`` (:func:`read_steps`), else :func:`default_steps`."""
    if "steps" in data:
        return read_steps(data["steps"], game_map, players, actions)
    return default_steps(actions)


def default_steps(actions: int) -> tuple[Step, ...]:
    """Without ``steps``: the position before each action and after the last."""
    return tuple(Step(after) for after in range(actions + 1))


def read_steps(data: Any, game_map: GameMap, players: int, actions: int) -> tuple[Step, ...]:
    """A scenario's ``steps`` checked against its map, its player count and its number of
    actions (raises :class:`StepsError` naming what is wrong)."""
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_STEPS:
        raise StepsError(f"steps: expected a list of 1 to {MAX_STEPS} steps")
    steps: list[Step] = []
    for i, raw in enumerate(data):
        where = f"steps[{i}]"
        if not isinstance(raw, dict):
            raise StepsError(f"{where}: expected an object")
        unknown = set(raw) - STEP_KEYS
        if unknown:
            raise StepsError(f"{where}: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        after = raw.get("after")
        low = steps[-1].after if steps else 0
        if not isinstance(after, int) or isinstance(after, bool) or not low <= after <= actions:
            raise StepsError(f"{where}.after: expected a number of actions from {low} to {actions}, not {shown(after)}")
        text = raw.get("text", "")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise StepsError(f"{where}.text: expected text of at most {MAX_TEXT} characters")
        text = city_names(text, game_map, f"{where}.text")
        highlight = raw.get("highlight", {})
        if not isinstance(highlight, dict) or set(highlight) - set(HIGHLIGHT_KEYS):
            raise StepsError(f"{where}.highlight: expected an object with {', '.join(HIGHLIGHT_KEYS)}")
        known: dict[str, Callable[[str], bool]] = {"routes": game_map.has_route, "cities": game_map.has_city,
                                                   "tickets": game_map.has_ticket, "cards": CARD_KINDS.__contains__}
        marked: dict[str, tuple[str, ...]] = {}
        for key in HIGHLIGHT_KEYS:
            ids = highlight.get(key, [])
            if not isinstance(ids, list) or not all(isinstance(x, str) and known[key](x) for x in ids):
                bad = next((x for x in ids if not (isinstance(x, str) and known[key](x))), ids) \
                    if isinstance(ids, list) else ids
                raise StepsError(f"{where}.highlight.{key}: {shown(bad)} is not one of the {key} of {game_map.name}")
            marked[key] = tuple(ids)
        facts = raw.get("facts", {})
        _check_facts_shape(facts, f"{where}.facts", game_map, players)
        steps.append(Step(after, text, marked["routes"], marked["cities"], marked["tickets"], marked["cards"],
                          facts))
    return tuple(steps)


def city_names(text: str, game_map: GameMap, where: str = "text") -> str:
    """``text`` with each ``{city:ID}`` written as the board names the city (``Bucureşti``), so a
    lesson's words spell every city as its map does, from the map's data (raises
    :class:`StepsError` for an id that is not one of the map's cities).

    >>> from game.mapdata import load_map
    >>> city_names("{city:bucuresti} – {city:sofia}", load_map("europe"))
    'Bucureşti – Sofia'
    >>> city_names("{city:atlantis}", load_map("europe"))
    Traceback (most recent call last):
    ...
    game.steps.StepsError: text: '{city:atlantis}' names no city of Europe
    """
    def name(match: re.Match[str]) -> str:
        if not game_map.has_city(match[1]):
            raise StepsError(f"{where}: {shown(match[0])} names no city of {game_map.name}")
        return game_map.city(match[1]).name
    return CITY_NAME.sub(name, text)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_facts_shape(facts: Any, where: str, game_map: GameMap, players: int) -> None:
    if not isinstance(facts, dict) or set(facts) - set(FACT_KEYS):
        raise StepsError(f"{where}: expected an object with {', '.join(FACT_KEYS)}")
    for key in ("scores", "trains"):
        if key in facts and not (isinstance(facts[key], list) and len(facts[key]) == players
                                 and all(_is_int(v) for v in facts[key])):
            raise StepsError(f"{where}.{key}: expected {players} whole numbers, one per seat")
    for key, known in (("owners", game_map.has_route), ("stations", game_map.has_city)):
        if key in facts and not (isinstance(facts[key], dict)
                                 and all(isinstance(k, str) and known(k) and (v is None or _is_int(v) and 0 <= v < players)
                                         for k, v in facts[key].items())):
            raise StepsError(f"{where}.{key}: expected ids of this map, each with a seat (0 to {players - 1}) or null")
    if "hands" in facts:
        hands = facts["hands"]
        if not (isinstance(hands, dict) and all(k.isdigit() and int(k) < players and isinstance(v, dict)
                                                 and all(c in CARD_KINDS and _is_int(n) for c, n in v.items())
                                                 for k, v in hands.items())):
            raise StepsError(f"{where}.hands: expected seats (as text) each with card counts by kind")


def fact_problems(state: State, facts: dict[str, Any]) -> list[str]:
    """Where the stated ``facts`` disagree with ``state`` (empty: all hold)."""
    problems = []
    players = state["players"]
    for key, counts in (("scores", [p["score"] for p in players]), ("trains", [p["trains"] for p in players])):
        if key in facts and facts[key] != counts:
            problems.append(f"{key}: stated {facts[key]}, the game has {counts}")
    route_owner = {r: i for i, p in enumerate(players) for r in p["routes"]}
    for route_id, seat in facts.get("owners", {}).items():
        if route_owner.get(route_id) != seat:
            problems.append(f"owners.{route_id}: stated {seat}, the game has {route_owner.get(route_id)}")
    station_owner = {c: i for i, p in enumerate(players) for c in p["stations"]}
    for city_id, seat in facts.get("stations", {}).items():
        if station_owner.get(city_id) != seat:
            problems.append(f"stations.{city_id}: stated {seat}, the game has {station_owner.get(city_id)}")
    for seat, hand in facts.get("hands", {}).items():
        actual = {k: n for k, n in players[int(seat)]["hand"].items() if n}
        if {k: n for k, n in hand.items() if n} != actual:
            problems.append(f"hands.{seat}: stated {hand}, the game has {actual}")
    return problems
