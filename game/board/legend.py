"""Small pictures of the board's symbols (a route, a claimed route, a double route, a tunnel,
a ferry, a station, …) drawn with the board's own shapes and style, for the help panel.

>>> svg = picture("tunnel")
>>> svg.startswith("<svg") and 'class="route tunnel"' in svg
True
"""

from __future__ import annotations

import svgwrite
from svgwrite.container import Group, Use
from svgwrite.shapes import Circle

from game.board.layout import CITY_R
from game.board.render import _defs, badge, space_shapes
from game.theme import PLAYER_FILL

SPACE = 30          # a space's length in a picture (the board's are about this long)
GAP = 4


def _row(y: float, count: int, colour: str, *, cls: str = "", locos: int = 0, owner: str | None = None) -> Group:
    owned = f" claimed owner-{owner}" if owner else ""
    g = Group(debug=False, class_=("route " + cls).strip() + owned)
    for i in range(count):      # each space as the board draws it, on a route that runs east
        for shape in space_shapes(CITY_R * 2 + SPACE / 2 + i * (SPACE + GAP), y, 0, SPACE, colour,
                                  owner=owner, loco=i < locos):
            g.add(shape)
    if owner:       # the owner's badge on the middle car, as on the board
        g.add(badge(owner, CITY_R * 2 + SPACE / 2 + count // 2 * (SPACE + GAP), y))
    return g


# each picture: how many spaces wide, and what it draws
PICTURES = ("route", "claimed", "claimable", "double", "tunnel", "ferry", "locomotive", "station")


def picture(name: str) -> str:
    """The SVG text of one picture (``name`` one of :data:`PICTURES`), about 150×40 px."""
    if name not in PICTURES:
        raise ValueError(f"no picture {name!r}")
    spaces = 1 if name in ("locomotive", "station") else 3
    width = 50 if name == "station" else CITY_R * 4 + spaces * (SPACE + GAP) - GAP
    height = 58 if name == "double" else 40
    drawing = svgwrite.Drawing(debug=False, size=(width, height), viewBox=f"0 0 {width} {height}",
                               class_="ttr-board help-picture", **{"aria-hidden": "true", "focusable": "false"})
    _defs(drawing)
    mid = height / 2
    if name == "double":
        drawing.add(_row(mid - 10, 3, "green"))
        drawing.add(_row(mid + 10, 3, "green", owner="red"))
    elif name == "station":
        city = drawing.g(class_="city station")
        city.add(Circle((19, mid + 5), CITY_R, class_="dot", debug=False))      # placed as on the board
        city.add(Use("#ttr-station", insert=(30, mid - 5), fill=PLAYER_FILL["blue"],
                     class_="station owner-blue", debug=False))
        drawing.add(city)
        return str(drawing.tostring())
    elif name == "locomotive":
        drawing.add(_row(mid, 1, "gray", locos=1))
    else:
        colour = {"route": "orange", "claimed": "orange", "claimable": "blue", "tunnel": "red", "ferry": "gray"}[name]
        row = _row(mid, 3, colour, cls={"tunnel": "tunnel", "ferry": "ferry", "claimable": "claimable"}.get(name, ""),
                   locos=1 if name == "ferry" else 0, owner="blue" if name == "claimed" else None)
        if name == "claimable":
            x0, x1 = CITY_R * 2, CITY_R * 2 + 3 * (SPACE + GAP) - GAP
            row.elements.insert(0, svgwrite.path.Path(d=f"M{x0} {mid}L{x1} {mid}", class_="halo", debug=False))
        drawing.add(row)
    for x in (CITY_R, width - CITY_R):
        drawing.add(Circle((x, mid), CITY_R - 2, class_="city-dot", fill="#fff8e8", stroke="#b1271f",
                           stroke_width=3, debug=False))
    return str(drawing.tostring())
