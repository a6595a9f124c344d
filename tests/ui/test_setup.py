"""New-game options: validation, defaults, and the scenario they start."""

from dataclasses import replace

import pytest

from game.mapdata import MAP_IDS
from game.scenario import load_scenario
from game.ui import setup
from game.ui.setup import GameOptions, Seat, default_options, with_seat_count


def keys(options):
    return [problem.key for problem in options.problems()]


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


# --- the game's own names follow the language --------------------------------------------------

@pytest.fixture
def language():
    """Set a language for one test, English again afterwards."""
    from game import i18n
    yield i18n.set_language
    i18n.set_language("en")


def test_every_language_names_its_ai_seats_distinctly_and_in_its_own_words(language):
    from game import i18n
    from game.names import name_problem, skeleton
    for code in i18n.LANGUAGES:
        language(code)
        numbered = i18n._("setup.default_name", number=9).replace("9", "")
        seats = default_options("europe", 5).seats
        assert seats[0].name == i18n._("setup.default_name", number=1) and all(s.default for s in seats)
        ai = [s.name for s in seats[1:]]
        assert len({skeleton(n) for n in ai}) == 4, code
        assert all(name_problem(n) is None and numbered.strip() not in n for n in ai), (code, ai)
        assert default_options("europe", 5).problems() == []


def test_japanese_and_chinese_tables_have_names_in_their_script(language):
    import unicodedata
    language("ja")
    names = [s.name for s in default_options("europe", 4).seats]
    assert names[0] == "プレイヤー1"
    assert all(unicodedata.name(c).startswith(("HIRAGANA", "KATAKANA", "CJK")) for n in names[1:] for c in n), names
    language("zh-Hant")
    names = [s.name for s in default_options("europe", 4).seats]
    assert all(unicodedata.name(c).startswith("CJK") for n in names[1:] for c in n), names


def test_default_names_are_made_again_in_another_language_and_typed_ones_never(language):
    from game.ui.setup import with_default_names
    language("hu")
    opts = default_options("europe", 4)
    typed = replace(opts.seats[2], name="Zoé", default=False)
    opts = replace(opts, seats=(opts.seats[0], opts.seats[1], typed, opts.seats[3]))
    assert [s.name for s in opts.seats] == ["1. játékos", "Kálmán", "Zoé", "Bence"]
    language("ja")
    again = with_default_names(opts)
    assert [s.name for s in again.seats] == ["プレイヤー1", "のぞみ", "Zoé", "ひかり"]
    assert [s.default for s in again.seats] == [True, True, False, True]


def test_a_default_name_steps_aside_for_a_typed_one_and_follows_the_seats_kind():
    from game.ui.setup import with_default_names
    opts = default_options("usa", 3)
    assert [s.name for s in opts.seats] == ["Player 1", "Casey", "Ada"]
    opts = replace(opts, seats=(replace(opts.seats[0], name="casey", default=False),) + opts.seats[1:])
    assert [s.name for s in with_default_names(opts).seats] == ["casey", "Ada", "George"]
    human = replace(opts.seats[2], kind="human")
    assert [s.name for s in with_default_names(replace(opts, seats=opts.seats[:2] + (human,))).seats] == \
        ["casey", "Ada", "Player 3"]
    # more seats: each new AI seat takes the next free name
    assert [s.name for s in with_seat_count(default_options("usa", 2), 4).seats] == ["Player 1", "Casey", "Ada", "George"]


def test_the_scenario_marks_the_games_names_and_the_engine_ignores_the_mark():
    from game.scenario import ScenarioError
    opts = replace(default_options("usa", 2), seats=(Seat("Ann"), default_options("usa", 2).seats[1]))
    scenario = opts.scenario(fallback_seed=1)
    assert scenario["players"] == [{"name": "Ann", "kind": "human", "colour": "red"},
                                   {"name": "Casey", "kind": "ai", "colour": "blue", "level": "medium",
                                    "default_name": True}]
    state, _ = load_scenario(scenario)
    assert "default_name" not in state["players"][1]
    with pytest.raises(ScenarioError, match=r"players\[1\].default_name"):
        load_scenario({**scenario, "players": ["Ann", {"name": "Bo", "default_name": "yes"}]})
