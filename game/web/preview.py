"""Draw the boot screen's network preview of a map: cities on a ring, one chord per connection.

A pure function of map data and the selected city, so it runs and is tested under CPython.
It stands in until the real board (``game/board/``) is wired into the page.

>>> from game.mapdata import load_map
>>> svg = network_svg(load_map("usa"), selected="denver")
>>> svg.startswith("<svg") and 'data-city="denver"' in svg
True
"""

from __future__ import annotations

import math

import svgwrite

from game.mapdata import GameMap

SIZE = 600
RING = 230          # radius of the ring of cities
LABEL_GAP = 10      # distance from a city's dot to its name
DOT = 6
MARGIN = 80         # room for the longest names beside the ring


def _ring_position(index: int, count: int, radius: float) -> tuple[float, float]:
    angle = 2 * math.pi * index / count - math.pi / 2
    return (round(SIZE / 2 + radius * math.cos(angle), 1),
            round(SIZE / 2 + radius * math.sin(angle), 1))


def network_svg(game_map: GameMap, selected: str | None = None) -> str:
    """The SVG text: a ``preview-city`` circle per city (``data-city`` = its id) and a
    ``preview-route`` line per connected pair, ``highlight``-ed when it touches ``selected``."""
    count = len(game_map.cities)
    place = {city.id: _ring_position(i, count, RING) for i, city in enumerate(game_map.cities)}
    drawing = svgwrite.Drawing(size=("100%", "100%"), profile="full", debug=False,
                               viewBox=f"{-MARGIN} 0 {SIZE + 2 * MARGIN} {SIZE}")
    drawing.attribs["role"] = "img"
    drawing.attribs["aria-label"] = game_map.name
    pairs = sorted({tuple(sorted(route.cities)) for route in game_map.routes})
    routes = drawing.add(drawing.g(class_="preview-routes"))
    for a, b in pairs:
        classes = "preview-route highlight" if selected in (a, b) else "preview-route"
        routes.add(drawing.line(place[a], place[b], class_=classes))
    cities = drawing.add(drawing.g(class_="preview-cities"))
    for index, city in enumerate(game_map.cities):
        classes = "preview-city selected" if city.id == selected else "preview-city"
        dot = drawing.circle(place[city.id], DOT, class_=classes)
        dot.attribs["data-city"] = city.id
        dot.set_desc(title=city.name)
        cities.add(dot)
        x, y = _ring_position(index, count, RING + LABEL_GAP)
        anchor = "start" if x >= SIZE / 2 else "end"
        cities.add(drawing.text(city.name, insert=(x, y), text_anchor=anchor,
                                dominant_baseline="middle", class_="preview-label"))
    return drawing.tostring()
