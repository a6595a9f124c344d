"""Who may sit at the table: the number of seats, player colours and kinds, AI levels, and the check of a table's seats.

The engine (a new game, a saved state, a scenario) and the new-game form check seats with
:func:`seat_problems`; each problem names the seat (0-based), a reason key and its
parameters, for an English message or a translated one:

>>> seat_problems([{"name": "Ann", "kind": "human", "colour": "red"},
...                {"name": "ann", "kind": "ai", "colour": "red", "level": "expert"}])
[SeatProblem(seat=1, key='name_twice', params={'other': 0}), SeatProblem(seat=1, key='level', params={'level': 'expert'}), SeatProblem(seat=1, key='colour_twice', params={'colour': 'red'})]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from game.jsontext import shown
from game.names import MAX_NAME, name_problem, skeleton

MIN_SEATS, MAX_SEATS = 2, 5
PLAYER_COLOURS = ("red", "blue", "green", "yellow", "black")     # also the order free colours are taken in
PLAYER_KINDS = ("human", "ai")
AI_LEVELS = ("easy", "medium", "hard")     # an AI seat's level: the agent that plays it (game.ai)
DEFAULT_AI_LEVEL = "medium"                # for AI seats without one (saves made before levels existed)
TURN_LIMITS = (60, 120, 300)    # a table on several devices: the turn timer's choices, seconds a decision
AWAY_GRACE_S = 60               # a table on several devices: a guest away this long, the host may give its seat to an AI


class SeatProblem(NamedTuple):
    """What is wrong with one seat (``seat`` None: with the table as a whole).

    Keys: ``seats`` (not 2 to 5 seats), ``name_long``, ``name_invisible``, ``name_empty``
    (``game.names.name_problem``), ``name_twice`` (looks like seat ``other``'s name), ``kind``,
    ``level`` (not an AI level), ``human_level`` (a level for a human seat), ``colour``,
    ``colour_twice``."""
    seat: int | None
    key: str
    params: dict[str, object]


def level_problem(kind: object, level: object) -> str | None:
    """Why ``level`` cannot be the level of a seat of ``kind`` (None: no level given)."""
    if level is None:
        return None
    if kind != "ai":
        return "human_level"
    return None if level in AI_LEVELS else "level"


def seat_problems(seats: Sequence[Mapping[str, object]]) -> list[SeatProblem]:
    """Everything wrong with a table's seats, seat by seat.  A seat is ``name`` (in its normal
    form, ``game.names.normal_name``), ``kind``, and optionally ``colour`` and ``level``
    (missing or None: not chosen)."""
    found: list[SeatProblem] = []
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        found.append(SeatProblem(None, "seats", {"low": MIN_SEATS, "high": MAX_SEATS}))
    looks: dict[str, int] = {}
    colours: set[object] = set()
    for i, seat in enumerate(seats):
        name = seat.get("name")
        name = name if isinstance(name, str) else ""
        problem = name_problem(name)
        if problem is not None:
            found.append(SeatProblem(i, f"name_{problem}", {}))
        else:
            look = skeleton(name)
            if look in looks:
                found.append(SeatProblem(i, "name_twice", {"other": looks[look]}))
            else:
                looks[look] = i
        kind, level, colour = seat.get("kind"), seat.get("level"), seat.get("colour")
        if kind not in PLAYER_KINDS:
            found.append(SeatProblem(i, "kind", {"kind": kind}))
        else:
            problem = level_problem(kind, level)
            if problem is not None:
                found.append(SeatProblem(i, problem, {"level": level}))
        if colour is not None and colour not in PLAYER_COLOURS:
            found.append(SeatProblem(i, "colour", {"colour": colour}))
        elif colour is not None:
            if colour in colours:
                found.append(SeatProblem(i, "colour_twice", {"colour": colour}))
            colours.add(colour)
    return found


def problem_text(problem: SeatProblem, seats: Sequence[Mapping[str, object]]) -> str:
    """A problem of ``seat_problems(seats)`` in English, naming the field
    (``players[1].level: 'expert' is not one of easy, medium, hard``)."""
    i, key, params = problem
    if i is None:
        return f"players: a game has {MIN_SEATS} to {MAX_SEATS} players"
    where = f"players[{i}]"
    name = shown(seats[i].get("name")) if key.startswith("name") else ""
    if key == "name_twice":
        other = params["other"]
        assert isinstance(other, int)
        return f"{where}.name: {name} looks the same as players[{other}]'s name {shown(seats[other].get('name'))}"
    texts = {
        "name_long": f"{where}.name: the name {name} is longer than {MAX_NAME} characters",
        "name_invisible": f"{where}.name: the name {name} holds control or invisible characters",
        "name_empty": f"{where}.name: the name {name} has no visible character",
        "kind": f"{where}.kind: {shown(params.get('kind'))} is not one of {', '.join(PLAYER_KINDS)}",
        "level": f"{where}.level: {shown(params.get('level'))} is not one of {', '.join(AI_LEVELS)}",
        "human_level": f"{where}.level: only AI players have a level",
        "colour": f"{where}.colour: {shown(params.get('colour'))} is not one of {', '.join(PLAYER_COLOURS)}",
        "colour_twice": "players: two players have the same colour",
    }
    return texts[key]
