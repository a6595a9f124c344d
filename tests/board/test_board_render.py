"""The SVG board: stable ids and classes, accessible names, owners, highlights, one-element updates."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import render as render_module
from game.board.badges import LONG_ROUTE
from game.board.render import (
    EMBLEMS,
    LIGHT_MARK,
    MARKS,
    PLAYER_COLOURS,
    Highlights,
    render_board,
    render_city,
    render_route,
)
from game.mapdata import MAP_IDS, ROUTE_COLOURS, load_map, parse_map

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("id"): e for e in root.iter() if e.get("id")}


def late_game_view(game_map):
    """Four players owning every third route and a few stations each."""
    colours = ("red", "blue", "green", "yellow")
    players = [{"colour": c, "routes": [], "stations": []} for c in colours]
    for i, r in enumerate(game_map.routes):
        if i % 3 == 0:
            players[(i // 3) % 4]["routes"].append(r.id)
    if game_map.rules["stations"]:
        for i, c in enumerate(game_map.cities[:8]):
            players[i % 4]["stations"].append(c.id)
    return {"players": players}


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_one_element_per_route_and_per_city(map_id):
    game_map = load_map(map_id)
    ids = [e.get("id") for e in parse(render_board(game_map)).iter() if e.get("id")]
    routes = sorted(i for i in ids if i.startswith("route-"))
    cities = sorted(i for i in ids if i.startswith("city-"))
    assert routes == sorted(f"route-{r.id}" for r in game_map.routes)
    assert cities == sorted(f"city-{c.id}" for c in game_map.cities)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_routes_and_cities_carry_classes_data_and_accessible_names(map_id):
    game_map = load_map(map_id)
    elements = by_id(parse(render_board(game_map)))
    for r in game_map.routes:
        e = elements[f"route-{r.id}"]
        classes = e.get("class").split()
        assert classes[:2] == ["route", f"c-{r.colour}"]
        assert ("tunnel" in classes) == r.tunnel and ("ferry" in classes) == bool(r.ferry)
        assert e.get("data-route") == r.id and e.get("role") == "button" and e.get("tabindex") == "0"
        name = e.get("aria-label")
        assert e.find(f"{SVG}title").text == name
        for part in (game_map.city(r.a).name, game_map.city(r.b).name, str(r.length), r.colour):
            assert part in name
        assert ("tunnel" in name) == r.tunnel and ("ferry" in name) == bool(r.ferry)
        assert len([s for s in e.iter() if s.get("class") == "space"]) == r.length
        assert len([p for p in e.iter(f"{SVG}path") if p.get("class") == "loco"]) == r.ferry
        # placed without a transform, but for the dashed outline of a tunnel's space (docs/board.md)
        assert len([s for s in e.iter() if s.get("transform")]) == (r.length if r.tunnel else 0)
    for c in game_map.cities:
        e = elements[f"city-{c.id}"]
        assert e.get("class") == "city" and e.get("data-city") == c.id and e.get("aria-label") == c.name
        assert "".join(e.find(f"{SVG}text").itertext()).replace(" ", "") == c.name.replace(" ", "")


def test_every_colour_has_its_own_mark_and_every_mark_is_defined_once():
    assert set(MARKS) == set(ROUTE_COLOURS) and set(PLAYER_COLOURS) <= set(MARKS)
    assert len(set(MARKS.values())) == len(MARKS)
    # each player has an emblem of their own, none of them a card's mark
    assert set(EMBLEMS) == set(PLAYER_COLOURS) and len(set(EMBLEMS.values())) == len(EMBLEMS)
    assert not set(EMBLEMS.values()) & set(MARKS.values())
    defs = parse(render_board(load_map("usa"))).find(f"{SVG}defs")
    assert sorted(e.get("id") for e in defs if e.get("id")) == sorted(
        [f"ttr-emblem-{c}" for c in EMBLEMS] + [f"ttr-badge-{c}" for c in EMBLEMS] + ["ttr-station"])
    assert LIGHT_MARK <= set(MARKS)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_rendering_is_deterministic(map_id):
    game_map = load_map(map_id)
    view = late_game_view(game_map)
    first = render_board(game_map, view, highlights={"claimable": [game_map.routes[1].id]})
    again = render_board(game_map, view, highlights={"claimable": [game_map.routes[1].id]})
    fresh = render_board(parse_map(_map_data(map_id)), view,
                         highlights=Highlights(claimable=frozenset([game_map.routes[1].id])))
    assert first == again == fresh


def _map_data(map_id):
    import json

    from game.mapdata import MAPS_DIR
    return json.loads((MAPS_DIR / f"{map_id}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_owned_routes_show_trains_and_stations_in_the_owners_colour(map_id):
    game_map = load_map(map_id)
    view = late_game_view(game_map)
    elements = by_id(parse(render_board(game_map, view)))
    for player in view["players"]:
        for route_id in player["routes"]:
            e = elements[f"route-{route_id}"]
            assert {"claimed", f"owner-{player['colour']}"} <= set(e.get("class").split())
            trains = [r for r in e.iter(f"{SVG}path") if r.get("class") == "train"]
            assert len(trains) == game_map.route(route_id).length
            assert {t.get("fill") for t in trains} == {render_module.PLAYER_FILL[player["colour"]]}
            assert f"claimed by {player['colour']}" in e.get("aria-label")
        for city_id in player["stations"]:
            e = elements[f"city-{city_id}"]
            assert "station" in e.get("class").split()
            assert any(u.get("class") == f"station owner-{player['colour']}" for u in e.iter(f"{SVG}use"))
    unowned = {r.id for r in game_map.routes} - {r for p in view["players"] for r in p["routes"]}
    assert all("claimed" not in elements[f"route-{r}"].get("class") for r in unowned)


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_claimed_routes_carry_their_owners_badge_and_no_card_symbol(map_id):
    game_map = load_map(map_id)
    view = late_game_view(game_map)
    elements = by_id(parse(render_board(game_map, view)))
    for player in view["players"]:
        for route_id in player["routes"]:
            uses = [u.get("{http://www.w3.org/1999/xlink}href") or u.get("href")
                    for u in elements[f"route-{route_id}"].iter(f"{SVG}use")]
            badges = 1 if game_map.route(route_id).length < LONG_ROUTE else 2
            assert uses == [f"#ttr-badge-{player['colour']}"] * badges     # on its badges, not on every car
            assert [u.get("class") for u in elements[f"route-{route_id}"].iter(f"{SVG}use")] == [
                f"badge owner-{player['colour']}"] * badges
        for city_id in player["stations"]:        # the station pieces carry the emblem too
            uses = [u.get("{http://www.w3.org/1999/xlink}href") or u.get("href")
                    for u in elements[f"city-{city_id}"].iter(f"{SVG}use")]
            assert f"#ttr-emblem-{player['colour']}" in uses


@pytest.mark.parametrize("seats, closed", [(2, True), (3, True), (4, False)])
def test_the_twin_of_a_claimed_double_route_looks_closed_with_2_or_3_players(seats, closed):
    game_map = load_map("usa")
    double = next(r for r in game_map.routes if game_map.twins(r.id))
    twin = game_map.twins(double.id)[0]
    players = [{"colour": c, "routes": [], "stations": []} for c in PLAYER_COLOURS[:seats]]
    players[0]["routes"].append(double.id)
    e = by_id(parse(render_board(game_map, {"players": players})))[f"route-{twin.id}"]
    assert ("closed" in e.get("class").split()) is closed
    assert any(p.get("class") == "bar" for p in e.iter(f"{SVG}path")) is closed
    assert ("closed:" in e.get("aria-label")) is closed


def test_highlight_layers_become_classes():
    game_map = load_map("europe")
    hl = {"claimable": ["paris--zurich"], "cities": ["lisboa", "danzig"], "network": ["berlin--wien"],
          "trail": ["berlin--wien", "madrid--pamplona--white"], "borrowed": ["kyiv--wilno"]}
    elements = by_id(parse(render_board(game_map, highlights=hl)))
    cls = lambda i: set(elements[i].get("class").split())
    assert "claimable" in cls("route-paris--zurich") and "highlight" not in cls("route-paris--zurich")
    assert {"highlight", "network", "trail"} <= cls("route-berlin--wien")
    assert {"highlight", "trail"} <= cls("route-madrid--pamplona--white")
    assert "highlight" not in cls("route-madrid--pamplona--black")
    assert {"highlight", "borrowed"} <= cls("route-kyiv--wilno")
    assert "highlight" in cls("city-lisboa") and "highlight" in cls("city-danzig")
    assert "highlight" not in cls("city-paris")


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_one_route_or_city_fragment_is_exactly_the_element_in_the_board(map_id):
    game_map = load_map(map_id)
    view = late_game_view(game_map)
    hl = {"claimable": [r.id for r in game_map.routes[1::7]], "cities": [game_map.cities[0].id]}
    board = render_board(game_map, view, highlights=hl)
    for r in game_map.routes:
        assert render_route(game_map, r.id, view, highlights=hl) in board
    for c in game_map.cities:
        assert render_city(game_map, c.id, view, highlights=hl) in board


def test_bad_input_is_refused_with_a_clear_message():
    game_map = load_map("usa")
    with pytest.raises(ValueError, match="player colour 'pink'"):
        render_board(game_map, {"players": [{"colour": "pink", "routes": [], "stations": []}]})
    with pytest.raises(ValueError, match="highlight layer.*glow"):
        render_board(game_map, highlights={"glow": []})
    with pytest.raises(KeyError, match="no route 'atlantis--miami'"):
        render_route(game_map, "atlantis--miami")
    with pytest.raises(ValueError, match="highlight.*'atlantis--miami'"):
        render_board(game_map, highlights={"trail": ["atlantis--miami"]})
    with pytest.raises(ValueError, match="highlight.*'atlantis'"):
        render_board(game_map, highlights={"cities": ["atlantis"]})
    with pytest.raises(ValueError, match="route 'atlantis--miami'"):
        render_board(game_map, {"players": [{"colour": "red", "routes": ["atlantis--miami"], "stations": []}]})
    with pytest.raises(KeyError, match="no city 'atlantis'"):
        render_city(game_map, "atlantis")


def test_a_map_without_board_geometry_is_refused():
    data = _map_data("usa")
    del data["board"]
    with pytest.raises(ValueError, match="no board geometry"):
        render_board(parse_map(data))


def test_size_sets_width_and_height():
    root = parse(render_board(load_map("europe"), size=750))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("750", "500", "0 0 1500 1000")


@given(data=st.data())
@settings(max_examples=25, deadline=None)
def test_any_view_and_highlights_draw_a_well_formed_board(data):
    game_map = load_map(data.draw(st.sampled_from(MAP_IDS)))
    route_ids = [r.id for r in game_map.routes]
    city_ids = [c.id for c in game_map.cities]
    owned = data.draw(st.lists(st.sampled_from(route_ids), unique=True, max_size=40))
    colours = data.draw(st.lists(st.sampled_from(PLAYER_COLOURS), min_size=2, max_size=5, unique=True))
    players = [{"colour": c, "routes": owned[i::len(colours)],
                "stations": data.draw(st.lists(st.sampled_from(city_ids), unique=True, max_size=3))}
               for i, c in enumerate(colours)]
    hl = {layer: data.draw(st.lists(st.sampled_from(route_ids), unique=True, max_size=10))
          for layer in ("claimable", "network", "trail", "borrowed")}
    hl["cities"] = data.draw(st.lists(st.sampled_from(city_ids), unique=True, max_size=4))
    view = {"players": players}
    board = render_board(game_map, view, highlights=hl)
    elements = by_id(parse(board))
    assert sum(1 for i in elements if i.startswith("route-")) == len(route_ids)
    assert {r for r in route_ids if "claimed" in elements[f"route-{r}"].get("class").split()} == set(owned)
    for r in data.draw(st.lists(st.sampled_from(route_ids), max_size=3)):
        assert render_route(game_map, r, view, highlights=hl) in board
