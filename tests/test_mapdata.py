"""The project's map files agree exactly with the verified reference data in ../shared."""

import collections
import copy
import json
import re
import unicodedata
from pathlib import Path

import pytest

from game import mapdata
from game.mapdata import MapDataError, load_map, parse_map

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "maps"
needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/reference/maps is not present")

BOARD_SPELLINGS = {
    "montreal": "Montréal", "kobenhavn": "København", "munchen": "München", "zurich": "Zürich",
    "bucuresti": "Bucureşti", "cadiz": "Cádiz", "zagrab": "Zágráb", "athina": "Athína", "kyiv": "Kyïv",
}


def fold(name: str) -> str:
    """The reference's ASCII spelling of a board name."""
    decomposed = unicodedata.normalize("NFKD", name.replace("ø", "o"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def reference(name: str) -> dict:
    with open(REFERENCE / name, encoding="utf-8") as f:
        return json.load(f)


def route_key(a: str, b: str, length: int, colour: str, tunnel: bool, ferry: int) -> tuple:
    return (*sorted((a, b)), length, colour, tunnel, ferry)


@needs_reference
@pytest.mark.parametrize("map_id", mapdata.MAP_IDS)
def test_cities_and_routes_match_reference(map_id):
    ref = reference(f"{map_id}.json")
    game_map = load_map(map_id)
    assert [fold(c.name) for c in game_map.cities] == ref["cities"]
    ids = {c.id: fold(c.name) for c in game_map.cities}
    assert all(slug(name) == city_id for city_id, name in ids.items())
    ours = collections.Counter(
        route_key(ids[r.a], ids[r.b], r.length, r.colour, r.tunnel, r.ferry) for r in game_map.routes)
    theirs = collections.Counter(
        route_key(r["a"], r["b"], r["length"], r["color"], r["tunnel"], r["ferry_locomotives"])   # the reference spells it "color"
        for r in ref["routes"])
    assert ours == theirs


@needs_reference
def test_usa_tickets_match_reference():
    ref = reference("usa.json")
    game_map = load_map("usa")
    names = {c.id: fold(c.name) for c in game_map.cities}
    ours = [(names[t.a], names[t.b], t.points, t.long) for t in game_map.variant_tickets("usa")]
    assert ours == [(t["a"], t["b"], t["points"], t["long"]) for t in ref["tickets"]]


@needs_reference
def test_europe_ticket_sets_match_reference():
    europe, variants = reference("europe.json"), reference("europe_variants.json")
    game_map = load_map("europe")
    names = {c.id: fold(c.name) for c in game_map.cities}

    def ours(variant):
        return [(names[t.a], names[t.b], t.points, t.long) for t in game_map.variant_tickets(variant)]

    base = [(t["a"], t["b"], t["points"], t["long"]) for t in europe["tickets"]]
    v1912 = ([(t["a"], t["b"], t["points"], True) for t in variants["europe_1912"]["long"]]
             + [(t["a"], t["b"], t["points"], False) for t in variants["europe_1912"]["regular"]])
    assert ours("europe") == base
    assert ours("1912") == v1912
    assert sorted(ours("mega")) == sorted(base + v1912)
    assert sorted(ours("big-cities")) == sorted((t["a"], t["b"], t["points"], False) for t in variants["big_cities"])


def test_board_spellings():
    for map_id in mapdata.MAP_IDS:
        for city in load_map(map_id).cities:
            assert city.name == BOARD_SPELLINGS.get(city.id, city.name)
    assert {c.id for m in mapdata.MAP_IDS for c in load_map(m).cities} >= set(BOARD_SPELLINGS)


def test_totals_stated_in_the_rules():
    usa, europe = load_map("usa"), load_map("europe")
    assert (len(usa.cities), len(usa.routes), len(usa.tickets)) == (36, 100, 30)
    assert (len(europe.cities), len(europe.routes)) == (47, 101)
    assert [len(europe.variant_tickets(v)) for v in ("europe", "1912", "mega", "big-cities")] == [46, 55, 101, 45]
    assert sum(t.long for t in europe.variant_tickets("mega")) == 12
    assert europe.route("palermo--smyrna").ferry == 2
    assert europe.route("petrograd--stockholm").tunnel
    assert usa.variant().id == "usa" and europe.variant().id == "europe"


def test_double_route_ids_tell_the_tracks_apart():
    europe = load_map("europe")
    assert [r.id for r in europe.twins("dieppe--london--1")] == ["dieppe--london--2"]
    assert [r.id for r in europe.twins("madrid--pamplona--black")] == ["madrid--pamplona--white"]
    assert europe.twins("paris--zurich") == ()
    for game_map in (europe, load_map("usa")):
        for route in game_map.routes:
            parts = route.id.split("--")
            assert parts[:2] == [route.a, route.b] and route.a < route.b
            assert (len(parts) == 3) == bool(game_map.twins(route.id))


def test_unknown_ids_say_what_is_missing():
    europe = load_map("europe")
    with pytest.raises(KeyError, match="no route 'paris--tokyo' on the Europe map"):
        europe.route("paris--tokyo")
    with pytest.raises(KeyError, match="known: europe, 1912, mega, big-cities"):
        europe.variant("orient")
    with pytest.raises(MapDataError, match="unknown map 'mars'"):
        load_map("mars")


@pytest.mark.parametrize("corrupt, message", [
    (lambda d: d.update(format=99), "format"),
    (lambda d: d.pop("routes"), "missing key 'routes'"),
    (lambda d: d["routes"][0].update(colour="pink"), "unknown colour 'pink'"),
    (lambda d: d["routes"][0].update(b="atlantis"), "unknown or equal cities"),
    (lambda d: d["routes"][0].update(length=7), "impossible length"),
    (lambda d: d["routes"].append(dict(d["routes"][0])), "duplicate"),
    (lambda d: d["tickets"][0].pop("points"), "malformed entry"),
])
def test_corrupt_map_files_are_rejected(corrupt, message):
    with open(mapdata.MAPS_DIR / "europe.json", encoding="utf-8") as f:
        data = json.load(f)
    broken = copy.deepcopy(data)
    corrupt(broken)
    with pytest.raises(MapDataError, match=message):
        parse_map(broken)
