"""The map loader checks the board geometry of a map file before the board relies on it."""

import json

import pytest

from game.mapdata import MAPS_DIR, MapDataError, parse_map


def data(map_id="europe"):
    return json.loads((MAPS_DIR / f"{map_id}.json").read_text(encoding="utf-8"))


def test_the_map_files_board_geometry_is_accepted():
    assert parse_map(data()).board["viewBox"] == [0, 0, 1500, 1000]


@pytest.mark.parametrize("spoil, message", [
    (lambda d: d["board"].pop("land"), "a land path"),
    (lambda d: d["board"].update(viewBox=[0, 0, 10]), "viewBox of four numbers"),
    (lambda d: d["cities"][0].pop("x"), "city amsterdam needs numeric lon, lat, x and y"),
    (lambda d: d["cities"][0].update(lat="north"), "city amsterdam needs numeric"),
    (lambda d: d["cities"][1].update(x=-40), "city angora lies outside the board"),
    (lambda d: d["board"]["labels"].update(atlantis=[1, 2]), "labels entry 'atlantis'"),
    (lambda d: d["board"]["labels"].update(paris="left"), "labels entry 'paris'"),
    (lambda d: d["board"]["adjust"].update(paris=[1, True]), "adjust entry 'paris'"),
    (lambda d: d["board"]["bends"].update({"lisboa--moskva": 0.1}), "bend 'lisboa--moskva'"),
    (lambda d: d["board"]["bends"].update({"paris--zurich": "a lot"}), "bend 'paris--zurich'"),
])
def test_malformed_board_geometry_is_refused_with_a_clear_message(spoil, message):
    d = data()
    spoil(d)
    with pytest.raises(MapDataError, match=message):
        parse_map(d)


def test_a_map_without_board_geometry_still_loads_for_the_engine():
    d = data("usa")
    del d["board"]
    assert parse_map(d).board == {}
