"""The list of routes under a finger tells the two tracks of every double route apart."""

from __future__ import annotations

import pytest

from game.i18n import COLOUR_KEYS, LANGUAGES, _, set_language
from game.mapdata import MAP_IDS, load_map
from game.ui.route_pick import chooser_labels, pick_labels, side


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def players(count: int, routes: dict[int, list[str]]) -> list[dict[str, object]]:
    names, colours = ("Ann", "Bob", "Cy", "Dee", "Eve"), ("red", "blue", "green", "yellow", "black")
    return [{"name": names[i], "colour": colours[i], "routes": routes.get(i, [])} for i in range(count)]


def pairs(map_id: str) -> list[tuple[str, str]]:
    game_map = load_map(map_id)
    return sorted({tuple(sorted((r.id, t.id))) for r in game_map.routes for t in game_map.twins(r.id)})


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_the_first_listed_track_is_the_upper_or_left_one_and_its_twin_the_other(map_id):
    game_map = load_map(map_id)
    opposite = {"up": "down", "left": "right"}
    assert pairs(map_id)
    for a, b in pairs(map_id):
        first, second = sorted((a, b), key=lambda r: game_map.route(r).index)
        assert side(game_map, first, second) in opposite, (first, second)
        assert side(game_map, second, first) == opposite[side(game_map, first, second)]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("map_id", MAP_IDS)
def test_no_two_labels_of_a_double_route_are_the_same_in_any_language(map_id, language):
    set_language(language)
    game_map = load_map(map_id)
    for a, b in pairs(map_id):
        for view in ({"players": players(4, {})}, {"players": players(4, {1: [a]})},
                     {"players": players(2, {0: [b]})}):
            labels = pick_labels(game_map, view, [a, b])
            assert len(set(labels)) == 2, labels
            assert all(label.startswith(label.split(",")[0]) for label in labels)


def test_a_label_says_the_side_and_whether_the_track_is_free_taken_or_closed():
    view = {"map": "usa", "players": players(4, {0: ["boston--montreal--2"]})}
    labels = chooser_labels(view, ["boston--montreal--1", "boston--montreal--2"])
    assert labels == ["Boston – Montréal, 2 spaces, gray, upper track, free",
                      "Boston – Montréal, 2 spaces, gray, lower track, taken by Ann"]
    two = {"map": "usa", "players": players(2, {1: ["boston--montreal--1"]})}
    assert chooser_labels(two, ["boston--montreal--2", "boston--montreal--1"]) == [
        "Boston – Montréal, 2 spaces, gray, lower track, closed",
        "Boston – Montréal, 2 spaces, gray, upper track, taken by Bob"]


def test_a_single_route_says_only_what_the_board_says_and_whom_it_belongs_to():
    view = {"map": "usa", "players": players(4, {2: ["denver--omaha"]})}
    assert chooser_labels(view, ["denver--omaha", "boston--montreal--1"]) == [
        "Denver – Omaha, 4 spaces, purple, taken by Cy", "Boston – Montréal, 2 spaces, gray"]


def test_twins_of_different_colours_are_told_apart_by_colour_and_side():
    game_map = load_map("usa")
    differ = next((a, b) for a, b in pairs("usa") if game_map.route(a).colour != game_map.route(b).colour)
    labels = pick_labels(game_map, {"players": players(3, {})}, list(differ))
    for route, label in zip(differ, labels, strict=True):
        assert f", {_colour(game_map.route(route).colour)}, " in label


def _colour(colour: str) -> str:
    return _(COLOUR_KEYS[colour])
