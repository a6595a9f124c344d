"""Shared helpers for the engine tests: positions from scenario data, invariants, random games."""

from __future__ import annotations

import random

from game.actions import parse_action
from game.mapdata import load_map
from game.rng import Rng
from game.rules import apply_action, legal_actions, sample_action
from game.scenario import load_scenario
from game.scoring import PlayerPosition, final_scoring
from game.state import TOTAL_CARDS, from_json, new_game, to_json

ALL_SETUPS = [("usa", "usa"), ("europe", "europe"), ("europe", "1912"), ("europe", "mega"),
              ("europe", "big-cities")]


def position(map_id: str = "europe", seats: int | None = None, variant: str | None = None, seed: int = 0,
             **fields) -> dict:
    """A state from a scenario position (``fields`` are the position's fields; ``seats`` defaults
    to the length of ``players`` or 2)."""
    seats = seats or len(fields.get("players", [])) or 2
    scenario = {"map": map_id, "players": [f"P{i}" for i in range(seats)], "seed": seed, "position": fields}
    if variant:
        scenario["variant"] = variant
    state, _ = load_scenario(scenario)
    return state


def play(state: dict, *texts: str) -> dict:
    for text in texts:
        apply_action(state, parse_action(text))
    return state


def legal_texts(state: dict) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def hand(**counts: int) -> dict:
    return dict(counts)


def check_invariants(state: dict, played_from_start: bool = True) -> None:
    """Everything that must hold after every action (trains and running scores only when the
    game was played from the start: a scenario position may set them freely)."""
    text = to_json(state)
    assert to_json(from_json(text)) == text   # from_json validates: 110 cards, every ticket once, routes
    game_map = load_map(state["map"])
    cards = (len(state["deck"]) + len(state["discard"]) + len(state["market"]) + len(state["revealed"])
             + sum(sum(p["hand"].values()) for p in state["players"]))
    assert cards == TOTAL_CARDS
    owners: dict[str, int] = {}
    for seat, p in enumerate(state["players"]):
        lengths = [game_map.route(r).length for r in p["routes"]]
        assert p["trains"] >= 0
        if played_from_start:
            assert p["trains"] == game_map.rules["trains"] - sum(lengths)
        for r in p["routes"]:
            assert r not in owners
            owners[r] = seat
        if state["phase"] != "over" and played_from_start:
            assert p["score"] == sum(game_map.route_points(x) for x in lengths)
    for r, seat in owners.items():
        for twin in game_map.twins(r):
            assert owners.get(twin.id) != seat
            if len(state["players"]) <= 3:
                assert twin.id not in owners
    if state["phase"] == "over":
        expected = final_scoring(game_map, [PlayerPosition(tuple(p["routes"]), tuple(p["stations"]),
                                                           tuple(p["tickets"])) for p in state["players"]])
        assert state["result"] == expected.to_json()
        assert [p["score"] for p in state["players"]] == [s.total for s in expected.players]
        route_points = [sum(game_map.route_points(game_map.route(r).length) for r in p["routes"])
                        for p in state["players"]]
        assert route_points == [s["route_points"] for s in state["result"]["players"]]
        assert legal_actions(state) == []


def random_game(map_id: str, variant: str, players: int, seed: int, check: bool = True,
                max_actions: int = 5000) -> tuple[dict, list]:
    """Play one seeded random legal game; with ``check``, verify the invariants after every action."""
    state = new_game(map_id, variant, players, seed=seed)
    agent = Rng.from_seed(seed + 1_000_003)
    actions = []
    if check:
        check_invariants(state)
    while state["phase"] != "over":
        action = sample_action(state, agent)
        if check:     # a legal action exists until the end, and the sampler only picks legal ones
            assert action in legal_actions(state), f"{action} sampled but not legal"
            assert parse_action(str(action)) == action
        apply_action(state, action)
        actions.append(action)
        if check:
            check_invariants(state)
        assert len(actions) < max_actions, "the game does not end"
    return state, actions


def replay(map_id: str, variant: str, players: int, seed: int, actions: list, disturb: bool = False) -> list[str]:
    """The JSON text of every state reached by replaying ``actions``."""
    state = new_game(map_id, variant, players, seed=seed)
    texts = [to_json(state)]
    for action in actions:
        if disturb:
            random.seed(random.random())
            random.random()
        apply_action(state, action)
        texts.append(to_json(state))
    return texts

