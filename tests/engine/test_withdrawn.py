"""A withdrawal from a tunnel is a public fact of the state (``players[i].withdrawn``): kept
until the route is claimed or closed to that player, validated, saved and loaded, shown to
every seat; saves made before the field existed still load."""

import json

import pytest

from game.actions import parse_action
from game.rules import apply_action
from game.scenario import load_scenario, to_scenario
from game.share import public_scenario
from game.state import StateError, from_json, to_json, validate
from game.view import player_view

RED_TUNNEL = {"hand": {"red": 3, "locomotive": 1}, "tickets": ["madrid--zurich"]}
MARKET = ["purple", "purple", "white", "yellow", "orange"]


def withdrawn_game(players: int = 2, **first: object) -> dict:
    """Seat 0 tries Paris - Zürich (3, gray, a tunnel) in red; the reveal asks for 2 more."""
    seat0 = {**RED_TUNNEL, **first}
    state, _ = load_scenario({"map": "europe", "players": players, "seed": 4,
                              "position": {"players": [seat0] + [{}] * (players - 1),
                                           "market": MARKET, "deck_top": ["red", "green", "locomotive"]}})
    apply_action(state, parse_action("claim paris--zurich 3red"))
    apply_action(state, parse_action("withdraw"))
    return state


def on_top(state: dict, cards: list[str]) -> None:
    """Move ``cards`` from anywhere in the deck to its top, in order."""
    for card in cards:
        state["deck"].remove(card)
    state["deck"][:0] = cards


def test_a_withdrawal_is_recorded_with_what_was_asked():
    state = withdrawn_game()
    assert state["players"][0]["withdrawn"] == [{"route": "paris--zurich", "colour": "red", "extra": 2}]
    assert state["players"][1]["withdrawn"] == []
    validate(state)


def test_every_seat_sees_it():
    state = withdrawn_game(players=3)
    for seat in range(3):
        view = player_view(state, seat)
        assert view["players"][0]["withdrawn"] == [{"route": "paris--zurich", "colour": "red", "extra": 2}]
        view["players"][0]["withdrawn"][0]["extra"] = 3          # the view shares nothing with the state
    assert state["players"][0]["withdrawn"][0]["extra"] == 2


def test_it_survives_save_and_load():
    state = withdrawn_game()
    assert from_json(to_json(state)) == state
    loaded, _ = load_scenario(json.loads(json.dumps(to_scenario(state))))
    assert loaded == state


def test_a_shared_position_carries_it():
    state = withdrawn_game()
    shared, _ = load_scenario(public_scenario(state, [None, None]))
    assert [p["withdrawn"] for p in shared["players"]] == [p["withdrawn"] for p in state["players"]]


def test_a_save_without_the_field_still_loads():
    """Saves written before ``withdrawn`` existed: none recorded (state text and scenario position)."""
    state = withdrawn_game()
    old = json.loads(to_json(state))
    for p in old["players"]:
        del p["withdrawn"]
    loaded = from_json(json.dumps(old))
    assert [p["withdrawn"] for p in loaded["players"]] == [[], []]
    scenario = to_scenario(state)
    for p in scenario["position"]["players"]:
        del p["withdrawn"]
    loaded, _ = load_scenario(scenario)
    assert [p["withdrawn"] for p in loaded["players"]] == [[], []]


def test_a_later_withdrawal_replaces_the_earlier_one():
    state = withdrawn_game(hand={"red": 3, "locomotive": 3})
    apply_action(state, parse_action("draw deck"))          # seat 1
    apply_action(state, parse_action("draw deck"))
    on_top(state, ["locomotive", "red", "locomotive"])
    apply_action(state, parse_action("claim paris--zurich 3red"))
    apply_action(state, parse_action("withdraw"))
    assert state["players"][0]["withdrawn"] == [{"route": "paris--zurich", "colour": "red", "extra": 3}]


def test_it_ends_when_anyone_claims_the_route():
    state = withdrawn_game()
    on_top(state, ["green"] * 3)
    for _ in range(3):
        state["deck"].pop(0)
        state["players"][1]["hand"]["green"] += 1
    on_top(state, ["blue", "blue", "blue"])
    apply_action(state, parse_action("claim paris--zurich 3green"))
    assert state["players"][0]["withdrawn"] == []
    validate(state)


@pytest.mark.parametrize("players, kept", [(2, False), (4, True)])
def test_a_claimed_twin_ends_it_when_it_closes_the_route(players, kept):
    """With 2 or 3 players a claimed track closes its twin to everyone; with more, only to its owner."""
    entry = {"route": "madrid--pamplona--white", "colour": "white", "extra": 1}
    state, _ = load_scenario({"map": "europe", "players": players, "seed": 4, "position": {
        "players": [{"hand": {"white": 3}, "withdrawn": [entry]}, {"hand": {"black": 3}}] + [{}] * (players - 2),
        "current": 1, "market": MARKET, "deck_top": ["blue", "blue", "blue"]}})
    apply_action(state, parse_action("claim madrid--pamplona--black 3black"))
    assert state["players"][0]["withdrawn"] == ([entry] if kept else [])
    validate(state)


@pytest.mark.parametrize("entry, why", [
    ({"route": "brest--paris", "colour": "red", "extra": 1}, "is not a tunnel"),
    ({"route": "munchen--zurich", "colour": "red", "extra": 1}, "cannot pay"),
    ({"route": "paris--zurich", "colour": "red", "extra": 4}, "1 to 3 extra"),
    ({"route": "paris--zurich", "colour": "red"}, "route, colour and extra"),
])
def test_bad_withdrawals_are_refused(entry, why):
    state = withdrawn_game()
    state["players"][1]["withdrawn"] = [entry]
    with pytest.raises(StateError, match=why):
        validate(state)


def test_a_claimed_or_repeated_tunnel_is_refused():
    state = withdrawn_game()
    state["players"][0]["withdrawn"] *= 2
    with pytest.raises(StateError, match="listed twice"):
        validate(state)
    state = withdrawn_game()
    state["players"][1]["routes"].append("paris--zurich")
    with pytest.raises(StateError, match="is claimed"):
        from_json(to_json(state))
