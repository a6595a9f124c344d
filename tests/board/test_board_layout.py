"""Board geometry: every space, dot and label has room of its own, inside the board."""

import itertools
import math

import pytest
from board_helpers import land_rings, point_in_rings, ring_distance

from game.board.layout import CITY_R, TRACK_SPACING, layout
from game.board.projection import Projection
from game.mapdata import MAP_IDS, load_map


@pytest.fixture(scope="module", params=MAP_IDS)
def board(request):
    game_map = load_map(request.param)
    return game_map, layout(game_map)


def all_spaces(board_layout):
    return [(route_id, space) for route_id, place in board_layout.routes.items() for space in place.spaces]


def test_each_route_has_its_length_in_spaces(board):
    game_map, lay = board
    assert {r.id: len(lay.routes[r.id].spaces) for r in game_map.routes} == {r.id: r.length for r in game_map.routes}


def test_no_two_routes_spaces_overlap(board):
    _, lay = board
    spaces = all_spaces(lay)
    clashes = [(a, b) for (a, s), (b, t) in itertools.combinations(spaces, 2) if a != b and s.overlaps(t)]
    assert clashes == []


def test_spaces_of_one_route_do_not_overlap_each_other(board):
    _, lay = board
    for place in lay.routes.values():
        assert not any(s.overlaps(t) for s, t in itertools.combinations(place.spaces, 2)), place.id


def test_every_space_lies_inside_the_board(board):
    _, lay = board
    for route_id, s in all_spaces(lay):
        x0, y0, x1, y1 = s.bounds()
        assert 0 <= x0 and 0 <= y0 and x1 <= lay.width and y1 <= lay.height, route_id


def test_no_space_covers_a_city_it_does_not_end_at(board):
    game_map, lay = board
    for route_id, s in all_spaces(lay):
        ends = game_map.route(route_id).cities
        for c in game_map.cities:
            assert c.id in ends or not s.hits_circle(c.x, c.y, CITY_R), (route_id, c.id)


def test_no_label_overlaps_another_label(board):
    _, lay = board
    clashes = [(a.id, b.id) for a, b in itertools.combinations(lay.cities.values(), 2) if a.label.overlaps(b.label)]
    assert clashes == []


def test_no_label_overlaps_a_route_or_a_dot(board):
    game_map, lay = board
    spaces = all_spaces(lay)
    for city in lay.cities.values():
        assert [r for r, s in spaces if city.label.overlaps(s)] == [], city.id
        assert [c.id for c in game_map.cities if city.label.hits_circle(c.x, c.y, CITY_R)] == [], city.id


def test_every_label_lies_inside_the_board(board):
    _, lay = board
    for city in lay.cities.values():
        x0, y0, x1, y1 = city.label.bounds()
        assert 0 <= x0 and 0 <= y0 and x1 <= lay.width and y1 <= lay.height, city.id


def label_gap(rect, city) -> float:
    x0, y0, x1, y1 = rect.bounds()
    return math.hypot(max(x0 - city.x, 0, city.x - x1), max(y0 - city.y, 0, city.y - y1))


def test_each_label_is_nearer_its_own_dot_than_any_other(board):
    game_map, lay = board
    for place in lay.cities.values():
        own = label_gap(place.label, game_map.city(place.id))
        assert all(label_gap(place.label, c) > own for c in game_map.cities if c.id != place.id), place.id


def test_double_routes_run_parallel_and_track_1_is_north_west(board):
    game_map, lay = board
    seen = set()
    for r in game_map.routes:
        twins = game_map.twins(r.id)
        if not twins or r.id in seen:
            continue
        first, second = sorted([r, *twins], key=lambda t: t.index)
        seen |= {first.id, second.id}
        for s, t in zip(lay.routes[first.id].spaces, lay.routes[second.id].spaces):
            assert math.dist((s.cx, s.cy), (t.cx, t.cy)) == pytest.approx(TRACK_SPACING, abs=1.5)
            assert (s.cx - t.cx) + (s.cy - t.cy) < 0, first.id     # first is up-left of second


def test_cities_are_where_their_coordinates_project_give_or_take_the_documented_moves(board):
    game_map, _ = board
    projection = Projection.from_spec(game_map.board["projection"])
    for c in game_map.cities:
        x, y = projection.forward(c.lon, c.lat)
        assert math.dist((x, y), (c.x, c.y)) < 160, c.id


def test_every_city_dot_touches_land(board):
    game_map, _ = board
    rings = land_rings(game_map.board["land"])
    for c in game_map.cities:
        assert point_in_rings(rings, c.x, c.y) or ring_distance(rings, c.x, c.y) <= CITY_R, c.id


def test_land_path_is_a_few_kilobytes(board):
    game_map, _ = board
    assert 1000 < len(game_map.board["land"]) < 12000
