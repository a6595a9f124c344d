"""The boot screen's map preview: a pure SVG function of map data and the selected city."""

import doctest
import xml.etree.ElementTree as ET

from game.mapdata import load_map
from game.web import preview

SVG = "{http://www.w3.org/2000/svg}"


def test_docstring_examples():
    assert doctest.testmod(preview).failed == 0


def test_one_clickable_circle_per_city_and_one_line_per_connected_pair():
    usa = load_map("usa")
    root = ET.fromstring(preview.network_svg(usa))
    cities = [c.get("data-city") for c in root.iter(f"{SVG}circle")]
    assert cities == [city.id for city in usa.cities]
    pairs = {tuple(sorted(route.cities)) for route in usa.routes}
    assert len(list(root.iter(f"{SVG}line"))) == len(pairs)
    assert not [line for line in root.iter(f"{SVG}line") if "highlight" in line.get("class")]


def test_selection_highlights_the_city_and_its_connections():
    europe = load_map("europe")
    root = ET.fromstring(preview.network_svg(europe, selected="paris"))
    selected = [c.get("data-city") for c in root.iter(f"{SVG}circle")
                if "selected" in c.get("class")]
    assert selected == ["paris"]
    neighbours = {route.other_end("paris") for route in europe.routes_at("paris")}
    assert len([line for line in root.iter(f"{SVG}line")
                if "highlight" in line.get("class")]) == len(neighbours)


def test_city_names_are_escaped_text():
    root = ET.fromstring(preview.network_svg(load_map("europe")))
    labels = {text.text for text in root.iter(f"{SVG}text")}
    assert "København" in labels and "Zürich" in labels
