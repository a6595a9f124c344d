"""Coastline processing, projections and the map-file writer of ``build.py geography``."""

import math

import pytest
from board_helpers import land_rings, point_in_rings

from game import mapdata
from game.board import geography
from game.board.coastlines import (
    clip_ring,
    decode_arcs,
    land_path,
    path_data,
    rings,
    simplify,
    simplify_ring,
)
from game.board.projection import Projection, fit

SQUARE = {   # a quantised topology: one square ring made of two arcs, the second used reversed
    "type": "Topology",
    "transform": {"scale": [0.5, 0.25], "translate": [10, 20]},
    "arcs": [[[0, 0], [4, 0], [0, 8]], [[0, 0], [0, 8], [4, 0]]],
    "objects": {"land": {"type": "GeometryCollection", "geometries": [
        {"type": "Polygon", "arcs": [[0, ~1]]}]}},
}


def test_arcs_are_unquantised_and_delta_decoded():
    assert decode_arcs(SQUARE)[0] == [(10.0, 20.0), (12.0, 20.0), (12.0, 22.0)]


def test_rings_join_arcs_and_reverse_negative_ones():
    assert rings(SQUARE, "land") == [[(10.0, 20.0), (12.0, 20.0), (12.0, 22.0), (10.0, 22.0), (10.0, 20.0)]]


def test_clipping_keeps_what_is_inside_the_rectangle():
    square = [(-5, -5), (5, -5), (5, 5), (-5, 5)]
    assert sorted(clip_ring(square, 0, 0, 10, 10)) == [(0, 0), (0, 5.0), (5, 0), (5, 5)]
    assert clip_ring(square, 20, 20, 30, 30) == []
    assert clip_ring(square, -10, -10, 10, 10) == square


def test_simplification_keeps_corners_and_drops_small_wiggles():
    wiggly = [(0, 0), (1, 0.2), (2, -0.2), (3, 0), (3, 3)]
    assert simplify(wiggly, 0.5) == [(0, 0), (3, 0), (3, 3)]
    ring = [(0, 0), (5, 0.1), (10, 0), (10, 10), (0, 10)]
    assert simplify_ring(ring, 0.5) == [(0, 0), (10, 0), (10, 10), (0, 10)]


def test_path_data_is_relative_integer_and_reads_back():
    ring = [(0.4, 0.2), (10.2, 0.1), (10, 10.4), (3, 12), (0, 10)]
    d = path_data([ring])
    assert d == "M0 0h10v10l-7 2-3-2z"
    assert land_rings(d) == [[(0, 0), (10, 0), (10, 10), (3, 12), (0, 10)]]
    assert path_data([[(0, 0), (0.2, 0.1), (0.1, 0.3)]]) == ""   # collapses to nothing


def test_land_path_projects_clips_and_drops_tiny_islands():
    topo = {"arcs": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]], [[50, 50], [50.1, 50], [50.1, 50.1], [50, 50]]],
            "objects": {"land": {"type": "MultiPolygon", "arcs": [[[0]], [[1]]]}}}
    d = land_path(topo, lambda lon, lat: (lon * 10, 100 - lat * 10), (-20, -20, 60, 60), (0, 0, 50, 200), 0.5, 40)
    rings_ = land_rings(d)
    assert len(rings_) == 1 and point_in_rings(rings_, 25, 50) and not point_in_rings(rings_, 75, 50)


def test_projections_put_north_up_and_east_right():
    for kind, params in (("lcc", {"lon0": -96, "lat0": 39, "lat1": 33, "lat2": 45}), ("mercator", {"lon0": 15})):
        p = fit(kind, [(-10 + params["lon0"], 30), (10 + params["lon0"], 50)], (0, 0, 100, 100), **params)
        (x0, y0), (x1, y1) = p.forward(params["lon0"] - 10, 30), p.forward(params["lon0"] + 10, 50)
        assert x1 > x0 and y1 < y0
        assert Projection.from_spec(p.spec()).forward(params["lon0"], 40) == pytest.approx(
            p.forward(params["lon0"], 40), abs=0.01)


def test_lambert_conic_is_conformal_at_its_standard_parallels():
    p = Projection(kind="lcc", lon0=-96, lat0=39, lat1=33, lat2=45, scale=1.0, x0=0, y0=0)
    for lat in (33, 45):   # a small step east and north span the same board distance per km
        x, y = p.forward(-96, lat)
        east = math.dist((x, y), p.forward(-96 + 0.01 / math.cos(math.radians(lat)), lat))
        north = math.dist((x, y), p.forward(-96, lat + 0.01))
        assert east == pytest.approx(north, rel=1e-3)


def test_unknown_projection_is_refused():
    with pytest.raises(ValueError, match="unknown projection 'robinson'"):
        Projection.from_spec({"kind": "robinson"})


@pytest.mark.parametrize("map_id", mapdata.MAP_IDS)
def test_map_files_keep_their_one_entry_per_line_layout(map_id):
    text = (mapdata.MAPS_DIR / f"{map_id}.json").read_text(encoding="utf-8")
    assert geography.dump_map_file(geography.read_map_file(map_id)) == text
    lines = text.splitlines()
    assert sum(1 for line in lines if line.startswith('    {"id": ')) == (
        len(mapdata.load_map(map_id).cities) + len(mapdata.load_map(map_id).routes)
        + len(mapdata.load_map(map_id).tickets) + len(mapdata.load_map(map_id).variants))


@pytest.mark.parametrize("map_id", mapdata.MAP_IDS)
def test_every_city_has_real_coordinates_inside_the_maps_region(map_id):
    west, south, east, north = geography.SETTINGS[map_id]["window"]
    for c in mapdata.load_map(map_id).cities:
        assert west < c.lon < east and south < c.lat < north, c.id
