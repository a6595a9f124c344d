"""The "How to play" content per map and variant: what applies where, numbers read from the map."""

import pytest

from game import i18n
from game.board.legend import PICTURES, picture
from game.i18n import _
from game.mapdata import load_map
from game.ui import help as content

VARIANTS = [(m, v.id) for m in ("usa", "europe") for v in load_map(m).variants]


def _ids(map_id, variant_id):
    return [s.id for s in content.sections(load_map(map_id), variant_id)]


def _text(map_id, variant_id, section_id):
    section = next(s for s in content.sections(load_map(map_id), variant_id) if s.id == section_id)
    return " ".join(_(line.key, **line.params) for line in section.lines)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_scoring_table_is_the_maps_route_points(map_id):
    game_map = load_map(map_id)
    table = content.scoring_table(game_map)
    assert dict(table) == {int(k): v for k, v in game_map.rules["route_points"].items()}
    assert {r.length for r in game_map.routes} <= {length for length, _points in table}


def test_europe_sections_appear_only_for_europe():
    europe_only = {"tunnels", "ferries", "stations"}
    assert not europe_only & set(_ids("usa", "usa"))
    for variant in load_map("europe").variants:
        assert europe_only <= set(_ids("europe", variant.id))
    legend = next(s for s in content.sections(load_map("usa"), "usa") if s.id == "legend")
    assert "station" not in legend.pictures and "tunnel" not in legend.pictures


@pytest.mark.parametrize(("map_id", "variant_id"), VARIANTS)
def test_ticket_rules_come_from_the_variant(map_id, variant_id):
    game_map = load_map(map_id)
    variant = content.variant_of(game_map, variant_id)
    text = _text(map_id, variant_id, "tickets")
    assert f"draw {variant.draw} tickets and keep at least 1" in text
    for stage in variant.initial:
        assert f"dealt {stage['regular'] or stage['long']}" in text or f"and {stage['regular']} others" in text
        if stage.get("keep_max") is not None:
            assert f"keep at most {stage['keep_max']}" in text
        else:
            assert f"keep at least {stage['keep_min']}" in text


def test_each_variants_own_ticket_rules():
    assert "dealt 3 tickets and keep at least 2" in _text("usa", "usa", "tickets")
    assert "under the ticket deck" in _text("usa", "usa", "tickets")
    europe = _text("europe", "europe", "tickets")
    assert "1 long ticket and 3 others" in europe and "leave the game" in europe
    mega = _text("europe", "mega", "tickets")
    assert "Europe and the 1912 tickets" in mega
    assert "2 long tickets and keep at most 1" in mega
    assert "5 tickets and keep at least 3 (2 if you kept a long ticket)" in mega
    big = _text("europe", "big-cities", "tickets")
    assert "Big Cities" in big and "draw 4 tickets" in big and "shuffled" in big


def test_end_and_stations_read_the_maps_rules():
    europe = load_map("europe").rules
    end = _text("europe", "europe", "end")
    assert europe["longest_name"] in end and f"+{europe['longest_bonus']}" in end
    assert "fewest stations" in end
    assert f"{europe['station_points']} points" in _text("europe", "europe", "stations")
    assert "fewest stations" not in _text("usa", "usa", "end")
    assert f"your {load_map('usa').rules['trains']} trains" in _text("usa", "usa", "claim")


@pytest.mark.parametrize("language", i18n.available_languages())
def test_every_help_key_is_in_every_shipped_catalog(language):
    assert sorted(content.used_keys() - i18n.catalog(language).keys()) == []


@pytest.mark.parametrize(("map_id", "variant_id"), VARIANTS)
def test_every_picture_a_section_names_is_drawn(map_id, variant_id):
    for section in content.sections(load_map(map_id), variant_id):
        for name in section.pictures:
            assert name in PICTURES
    for name in PICTURES:
        svg = picture(name)
        assert svg.startswith("<svg") and 'aria-hidden="true"' in svg


def test_unknown_variant_falls_back_to_the_maps_first():
    assert _ids("europe", "nope") == _ids("europe", "europe")
