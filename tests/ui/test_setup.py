"""New-game options: validation, defaults, and the scenario they start."""

from dataclasses import replace

import pytest

from game.mapdata import MAP_IDS
from game.scenario import load_scenario
from game.ui import setup
from game.ui.setup import GameOptions, Seat, default_options, with_seat_count


def keys(options):
    return [key for key, _ in options.problems()]


def test_defaults_are_valid_for_every_map_and_size():
    for map_id in MAP_IDS:
        for n in range(2, 6):
            opts = default_options(map_id, n)
            assert opts.problems() == []
            assert [s.kind for s in opts.seats] == ["human"] + ["ai"] * (n - 1)


@pytest.mark.parametrize("change, key", [
    ({"map": "mars"}, "setup.error.map"),
    ({"variant": "mega"}, "setup.error.variant"),              # USA has no Mega variant
    ({"seats": (Seat("A"),)}, "setup.error.seats"),
    ({"seats": (Seat("A", colour="red"), Seat("  ", colour="blue"))}, "setup.error.name_empty"),
    ({"seats": (Seat("A", colour="red"), Seat("x" * 31, colour="blue"))}, "setup.error.name_long"),
    ({"seats": (Seat("Ann", colour="red"), Seat("ann", colour="blue"))}, "setup.error.name_twice"),
    ({"seats": (Seat("A", colour="red"), Seat("B", colour="red"))}, "setup.error.colours"),
    ({"seats": (Seat("A", colour="red"), Seat("B", colour="pink"))}, "setup.error.colours"),
    ({"seats": (Seat("A", kind="robot"), Seat("B", colour="blue"))}, "setup.error.kind"),
    ({"seed": "9" * 41}, "setup.error.seed"),
])
def test_each_problem_is_reported(change, key):
    assert key in keys(replace(default_options("usa", 2), **change))


def test_scenario_starts_the_game_with_names_kinds_colours_and_seed():
    opts = GameOptions("europe", "1912", (Seat(" <img src=x onerror=alert(1)> ", "human", "black"),
                                          Seat("<script>", "ai", "yellow")), seed="42")
    assert opts.problems() == []
    scenario = opts.scenario(fallback_seed=1)
    assert scenario["seed"] == 42
    state, actions = load_scenario(scenario)
    assert actions == [] and state["variant"] == "1912"
    assert [(p["name"], p["kind"], p["colour"]) for p in state["players"]] == [
        ("<img src=x onerror=alert(1)>", "human", "black"), ("<script>", "ai", "yellow")]


def test_seed_text_and_fallback():
    assert default_options().scenario(fallback_seed=99)["seed"] == 99
    assert replace(default_options(), seed="abc").scenario(fallback_seed=1)["seed"] == "abc"


def test_seat_count_adds_ai_seats_with_free_colours_and_removes_from_the_end():
    opts = replace(default_options("usa", 2), seats=(Seat("A", colour="green"), Seat("B", colour="red")))
    five = with_seat_count(opts, 5)
    assert [s.colour for s in five.seats] == ["green", "red", "blue", "yellow", "black"]
    assert five.problems() == []
    assert [s.name for s in with_seat_count(five, 2).seats] == ["A", "B"]
    assert len(with_seat_count(opts, 9).seats) == 5 and len(with_seat_count(opts, 0).seats) == 2


def test_rematch_keeps_the_table_and_changes_the_seed():
    scenario = default_options("europe", 3).scenario(fallback_seed=1)
    again = setup.rematch(scenario, fallback_seed=2)
    assert again["players"] == scenario["players"] and again["seed"] == 2 and again["actions"] == []


def test_chosen_colours_survive_a_save_and_duplicates_are_refused():
    from game.scenario import ScenarioError, to_scenario
    from game.state import to_json
    state, _ = load_scenario({"map": "usa", "players": [{"name": "A", "colour": "black"},
                                                        {"name": "B", "colour": "red"}]})
    again, _ = load_scenario(to_scenario(state))
    assert to_json(again) == to_json(state) and [p["colour"] for p in again["players"]] == ["black", "red"]
    state, _ = load_scenario({"map": "usa", "players": ["A", {"name": "B", "colour": "red"}, "C"]})
    assert [p["colour"] for p in state["players"]] == ["blue", "red", "green"]
    with pytest.raises(ScenarioError, match="same colour"):
        load_scenario({"map": "usa", "players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]})
    with pytest.raises(ScenarioError, match="colour"):
        load_scenario({"map": "usa", "players": [{"name": "A", "colour": "pink"}, {"name": "B"}]})


@pytest.mark.parametrize("names, key", [
    (("Ann", "A\u200bnn"), "setup.error.name_invisible"),       # zero-width space
    (("Ann", "\u202eboB"), "setup.error.name_invisible"),       # right-to-left override
    (("Ann", "B\tob"), "setup.error.name_invisible"),           # a control character
    (("Ann", "\u200b"), "setup.error.name_invisible"),
    (("Ann", "\u3164"), "setup.error.name_empty"),              # a blank filler letter: nothing visible
    (("Bob", "bob "), "setup.error.name_twice"),
    (("Bob", "\uff42\uff4f\uff42"), "setup.error.name_twice"),   # full-width letters look the same
    (("Zoe\u0301", "zo\u00e9"), "setup.error.name_twice"),      # the same name, decomposed or not
    (("Ann", "x" * 30_000_000), "setup.error.name_long"),
])
def test_names_that_are_invisible_or_look_alike_are_refused(names, key):
    opts = default_options("usa", 2)
    opts = replace(opts, seats=tuple(replace(seat, name=n) for seat, n in zip(opts.seats, names)))
    assert keys(opts) == [key]


def test_names_are_stored_in_normal_form():
    opts = default_options("usa", 2)
    opts = replace(opts, seats=(replace(opts.seats[0], name=" Zoe\u0301 "), opts.seats[1]))
    assert opts.problems() == []
    assert opts.scenario(fallback_seed=1)["players"][0]["name"] == "Zo\u00e9"
