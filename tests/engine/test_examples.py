"""The rules page's examples (``static/examples/*.json``): each is a lesson that replays legally,
every step states facts, and every stated fact holds after its step (``game.steps.fact_problems``);
their texts spell every city as the board does, each from the map's data (``{city:ID}``)."""

import json
import unicodedata
from pathlib import Path

import pytest

from game.mapdata import load_map
from game.rules import apply_action
from game.scenario import load_scenario, read_scenario
from game.steps import CITY_NAME, fact_problems, read_steps

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


def folded(text: str) -> str:
    """``text`` without accents and case, each letter one character (``Bucureşti`` -> ``bucuresti``)."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).casefold()


def spellings(text: str, name: str) -> list[str]:
    """How ``text`` spells ``name`` wherever it names it, accents and case aside (a whole word or words)."""
    found, plain, key = [], folded(text), folded(name)
    assert len(plain) == len(text), "the examples' texts are NFC, so a folded letter stays one character"
    start = plain.find(key)
    while start >= 0:
        end = start + len(key)
        if (start == 0 or not plain[start - 1].isalnum()) and (end == len(plain) or not plain[end].isalnum()):
            found.append(text[start:end])
        start = plain.find(key, start + 1)
    return found


def test_a_city_spelled_otherwise_is_found():
    assert spellings("Bucuresti – Sofia, then BUCUREŞTI", "Bucureşti") == ["Bucuresti", "BUCUREŞTI"]
    assert spellings("Parisians", "Paris") == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_city_an_example_names_is_spelled_as_the_board_spells_it(path):
    data = read_scenario(str(path))
    state, actions = load_scenario(data)
    game_map = load_map(state["map"])
    steps = read_steps(data["steps"], game_map, len(state["players"]), len(actions))
    for i, (raw, step) in enumerate(zip(data["steps"], steps, strict=True)):
        for city in game_map.cities:
            assert set(spellings(step.text, city.name)) <= {city.name}, f"step {i}: {step.text}"
            # the name comes from the map's data, never retyped in the example
            assert spellings(CITY_NAME.sub("", raw.get("text", "")), city.name) == [], f"step {i}: {city.name}"
    assert "{city:" not in json.dumps([s.text for s in steps])
