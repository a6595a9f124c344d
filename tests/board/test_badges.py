"""The owners' badges never over a city's name, at any size the board is shown, on both maps."""

from __future__ import annotations

import pytest

from game.board.badges import (
    AS_DRAWN,
    CROWD_LEVELS,
    LONG_ROUTE,
    badge_radius,
    badge_spots,
    clear_of,
    hidden_levels,
    name_box,
)
from game.board.layout import layout
from game.board.render import CSS
from game.board.sizes import LABEL_UNITS, label_size, mark_scale
from game.mapdata import MAP_IDS, load_map

# CSS pixels a unit from a board far smaller than a phone's to one zoomed far in, finer than the levels
SIZES = [round(0.1 + 0.005 * i, 3) for i in range(200)] + [1.2, 1.6, 2.5, 4.0, 8.0]


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_a_badge_shown_is_clear_of_every_name_at_every_size(map_id):
    game_map = load_map(map_id)
    board = layout(game_map)
    spots = {r.id: badge_spots(game_map, r.id) for r in game_map.routes}
    for size in SIZES:
        names = [name_box(place, label_size(size)) for place in board.cities.values()]
        hidden = set(hidden_levels(size))
        over = [route for route, found in spots.items() for spot in found
                if spot.level not in hidden and not clear_of(spot.x, spot.y, badge_radius(size), names)]
        assert not over, f"at {size} px a unit, badges over a name: {over}"


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_every_claimed_route_has_its_badges_on_its_own_cars(map_id):
    game_map = load_map(map_id)
    board = layout(game_map)
    for route in game_map.routes:
        found = badge_spots(game_map, route.id)
        assert len(found) == (1 if route.length < LONG_ROUTE else 2), route.id
        for spot in found:
            assert any(car.hits_circle(spot.x, spot.y, 0.5) for car in board.routes[route.id].spaces), route.id


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_few_badges_are_hidden_on_a_laptop_and_most_show_on_a_phone(map_id):
    game_map = load_map(map_id)
    levels = [spot.level for r in game_map.routes for spot in badge_spots(game_map, r.id)]
    laptop, phone = set(hidden_levels(0.576)), set(hidden_levels(0.253))    # the game's fit zooms
    assert sum(level in laptop for level in levels) <= 3
    assert sum(level not in phone for level in levels) >= 0.55 * len(levels)
    assert sum(level == 0 for level in levels) >= 0.45 * len(levels)


def test_the_sizes_only_grow_as_the_board_shows_smaller_and_stop_beyond_the_levels():
    sizes = sorted(SIZES)
    names = [label_size(s) for s in sizes]
    badges = [mark_scale(s) for s in sizes]
    assert names == sorted(names, reverse=True) and badges == sorted(badges, reverse=True)
    smallest = CROWD_LEVELS[0]
    assert label_size(smallest) == label_size(smallest / 4) and mark_scale(smallest) == mark_scale(smallest / 4)
    assert label_size(AS_DRAWN) == LABEL_UNITS and mark_scale(AS_DRAWN) == 1
    assert hidden_levels(CROWD_LEVELS[-1]) == () and hidden_levels(smallest) == tuple(range(1, len(CROWD_LEVELS)))


def test_a_board_without_a_zoom_hides_the_badges_crowded_at_its_drawn_size():
    hidden = hidden_levels(AS_DRAWN)
    assert hidden and all(CROWD_LEVELS[k] > AS_DRAWN for k in hidden)
    rule = ",".join(f".ttr-board .crowd-{k}" for k in hidden) + "{display:none}"
    assert rule in CSS
