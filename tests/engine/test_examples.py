"""The rules page's examples (``static/examples/*.json``): each is a lesson that replays legally,
every step states facts, and every stated fact holds after its step (``game.steps.fact_problems``)."""

from pathlib import Path

import pytest

from game.mapdata import load_map
from game.rules import apply_action
from game.scenario import load_scenario, read_scenario
from game.steps import fact_problems, read_steps

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "static" / "examples").glob("*.json"))


def test_there_are_at_least_ten_examples_with_both_maps_and_every_europe_variant():
    assert len(EXAMPLES) >= 10
    scenarios = [read_scenario(str(path)) for path in EXAMPLES]
    assert {s["map"] for s in scenarios} == {"usa", "europe"}
    assert {s.get("variant") for s in scenarios if s["map"] == "europe"} >= {"europe", "1912", "mega", "big-cities"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_step_of_an_example_replays_and_its_facts_hold(path):
    data = read_scenario(str(path))
    state, actions = load_scenario(data)
    steps = read_steps(data["steps"], load_map(state["map"]), len(state["players"]), len(actions))
    assert steps[-1].after == len(actions), "the last step shows every action"
    played = 0
    for i, step in enumerate(steps):
        while played < step.after:
            apply_action(state, actions[played])
            played += 1
        assert step.text and step.facts, f"step {i} has no text or no facts"
        assert fact_problems(state, step.facts) == [], f"step {i}"
