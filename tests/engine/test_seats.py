"""The seats of a table are checked in one place (game.seats): a new game, a saved state, a
scenario's levels and the new-game form refuse the same tables."""

from __future__ import annotations

import json

import pytest

from game.scenario import ScenarioError, player_levels
from game.seats import (
    AI_LEVELS,
    PLAYER_COLOURS,
    SeatProblem,
    problem_text,
    seat_problems,
)
from game.state import Phase, StateError, from_json, new_game, to_json
from game.ui.setup import GameOptions, Seat

TABLES = [
    [("Ann", "human", "red", None), ("Bob", "ai", "blue", "hard")],
    [("Ann", "human", "red", None), ("ann ", "ai", "blue", "easy")],           # looks the same
    [("Ann", "human", "red", None), ("Bob", "ai", "red", "easy")],             # same colour
    [("Ann", "human", "pink", None), ("Bob", "ai", "red", "easy")],            # no such colour
    [("Ann", "robot", "red", None), ("Bob", "ai", "blue", "easy")],            # no such kind
    [("Ann", "human", "red", None), ("Bob", "ai", "blue", "expert")],          # no such level
    [("Ann", "human", "red", None), ("\u3164", "ai", "blue", "easy")],         # nothing visible
    [("Ann", "human", "red", None), ("x" * 31, "ai", "blue", "easy")],         # too long
    [("Ann", "human", "red", None)],                                          # too few
    [(f"P{i}", "human", c, None) for i, c in enumerate(PLAYER_COLOURS)] + [("Q", "human", "red", None)],
]


def scenario_players(table):
    return [{"name": n, "kind": k, "colour": c, **({"level": lv} if lv else {})} for n, k, c, lv in table]


@pytest.mark.parametrize("table", TABLES)
def test_the_engine_and_the_form_refuse_the_same_tables(table):
    form = GameOptions("usa", "usa", tuple(Seat(n, k, c, lv or "medium") for n, k, c, lv in table))
    players = scenario_players(table)
    try:
        player_levels(players)
        new_game("usa", None, [{k: v for k, v in p.items() if k != "level"} for p in players])
        engine_refuses = False
    except (StateError, ScenarioError):
        engine_refuses = True
    assert engine_refuses == bool(form.problems()) == bool(seat_problems(players))


def test_problems_name_the_seat_and_read_as_before():
    seats = [{"name": "Ann", "kind": "human", "colour": "red"},
             {"name": "ANN", "kind": "ai", "colour": "red", "level": "expert"}]
    problems = seat_problems(seats)
    assert [p.key for p in problems] == ["name_twice", "level", "colour_twice"]
    assert [problem_text(p, seats) for p in problems] == [
        "players[1].name: 'ANN' looks the same as players[0]'s name 'Ann'",
        f"players[1].level: 'expert' is not one of {', '.join(AI_LEVELS)}",
        "players: two players have the same colour"]
    assert seat_problems([{"name": "A", "kind": "human", "colour": ["red"]}, {"name": "B", "kind": "human"}]) \
        == [SeatProblem(0, "colour", {"colour": ["red"]})]      # an unhashable colour is only refused


def test_a_saved_state_is_checked_like_a_new_table():
    data = json.loads(to_json(new_game("usa", players=2, seed=1)))
    data["players"][1]["colour"] = data["players"][0]["colour"]
    with pytest.raises(StateError, match="same colour"):
        from_json(json.dumps(data))


def test_the_phase_is_saved_as_its_text_and_loaded_as_a_phase():
    state = new_game("usa", players=2, seed=1)
    assert state["phase"] is Phase.SETUP_TICKETS and '"phase":"setup-tickets"' in to_json(state)
    assert from_json(to_json(state))["phase"] is Phase.SETUP_TICKETS
