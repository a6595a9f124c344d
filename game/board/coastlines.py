"""Coastlines for the board: TopoJSON land polygons turned into compact SVG path data.

Pure standard-library processing of Natural Earth land shapes (as published in the
``world-atlas`` npm package): decode the TopoJSON arcs, cut the rings to a longitude/latitude
window, project them, clip them to the board rectangle, simplify them and write them as a
short path with relative, rounded coordinates.

>>> clip_ring([(-5, 5), (5, 5), (5, 15), (-5, 15)], 0, 0, 10, 10)
[(0.0, 10), (0, 5.0), (5, 5), (5.0, 10)]
>>> path_data([[(0, 0), (10, 0), (10, 10)]])
'M0 0h10v10z'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

Point = tuple[float, float]


def decode_arcs(topology: dict[str, Any]) -> list[list[Point]]:
    """The topology's arcs as absolute longitude/latitude points (undoing the quantisation
    and delta encoding)."""
    transform = topology.get("transform")
    arcs = []
    for arc in topology["arcs"]:
        if transform is None:
            arcs.append([(float(x), float(y)) for x, y, *_ in arc])
            continue
        (sx, sy), (tx, ty) = transform["scale"], transform["translate"]
        x = y = 0
        points = []
        for dx, dy, *_ in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def rings(topology: dict[str, Any], name: str) -> list[list[Point]]:
    """Every polygon ring (outer and holes) of the object ``name``, as closed point lists."""
    arcs = decode_arcs(topology)

    def ring(indexes: list[int]) -> list[Point]:
        out: list[Point] = []
        for i in indexes:
            arc = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(arc if not out else arc[1:])
        return out

    def polygons(geometry: dict[str, Any]) -> Iterator[list[list[int]]]:
        kind = geometry.get("type")
        if kind == "Polygon":
            yield geometry["arcs"]
        elif kind == "MultiPolygon":
            yield from geometry["arcs"]
        elif kind == "GeometryCollection":
            for g in geometry["geometries"]:
                yield from polygons(g)

    return [ring(r) for polygon in polygons(topology["objects"][name]) for r in polygon]


def clip_ring(points: list[Point], left: float, top: float, right: float, bottom: float) -> list[Point]:
    """The ring cut to the rectangle (Sutherland–Hodgman; a ring that leaves and re-enters
    the rectangle runs along its edge in between, which fills the same area)."""
    edges: list[tuple[Callable[[Point], bool], Callable[[Point, Point], Point]]] = [
        (lambda p: p[0] >= left, lambda p, q: _cross_x(p, q, left)),
        (lambda p: p[0] <= right, lambda p, q: _cross_x(p, q, right)),
        (lambda p: p[1] >= top, lambda p, q: _cross_y(p, q, top)),
        (lambda p: p[1] <= bottom, lambda p, q: _cross_y(p, q, bottom)),
    ]
    out = list(points)
    for inside, cross in edges:
        if not out:
            break
        current, out = out, []
        prev = current[-1]
        for p in current:
            if inside(p):
                if not inside(prev):
                    out.append(cross(prev, p))
                out.append(p)
            elif inside(prev):
                out.append(cross(prev, p))
            prev = p
    return out


def _cross_x(p: Point, q: Point, x: float) -> Point:
    t = (x - p[0]) / (q[0] - p[0])
    return (x, p[1] + (q[1] - p[1]) * t)


def _cross_y(p: Point, q: Point, y: float) -> Point:
    t = (y - p[1]) / (q[1] - p[1])
    return (p[0] + (q[0] - p[0]) * t, y)


def simplify(points: list[Point], tolerance: float) -> list[Point]:
    """Douglas–Peucker simplification of an open polyline (iterative, keeps both ends)."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x0, y0), (x1, y1) = points[first], points[last]
        dx, dy = x1 - x0, y1 - y0
        norm = math.hypot(dx, dy)
        worst, index = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if norm:
                d = abs(dy * (px - x0) - dx * (py - y0)) / norm
            else:
                d = math.hypot(px - x0, py - y0)
            if d > worst:
                worst, index = d, i
        if worst > tolerance:
            keep[index] = True
            stack.append((first, index))
            stack.append((index, last))
    return [p for p, k in zip(points, keep) if k]


def simplify_ring(ring: list[Point], tolerance: float) -> list[Point]:
    """A closed ring simplified, split at its point farthest from the first so that the
    closing corner survives."""
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring = ring[:-1]
    if len(ring) < 4:
        return ring
    far = max(range(len(ring)), key=lambda i: math.dist(ring[0], ring[i]))
    return simplify(ring[:far + 1], tolerance)[:-1] + simplify(ring[far:] + ring[:1], tolerance)[:-1]


def area(ring: list[Point]) -> float:
    """Unsigned area of a ring (shoelace)."""
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(ring, ring[1:] + ring[:1]))) / 2


def path_data(rings_: list[list[Point]]) -> str:
    """SVG path data for the rings on an integer grid: an absolute move to each ring's start,
    then relative lines (``h``/``v`` when axis-aligned), closed with ``z``."""
    parts = []
    for ring in rings_:
        points = [(round(x), round(y)) for x, y in ring]
        deduped = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
        if len(deduped) > 1 and deduped[0] == deduped[-1]:
            deduped.pop()
        if len(deduped) < 3:
            continue
        (x, y), out = deduped[0], [f"M{deduped[0][0]} {deduped[0][1]}"]
        last = ""
        for px, py in deduped[1:]:
            dx, dy = px - x, py - y
            if dy == 0:
                cmd, args = "h", f"{dx}"
            elif dx == 0:
                cmd, args = "v", f"{dy}"
            else:
                cmd, args = "l", f"{dx}{'' if dy < 0 else ' '}{dy}"
            if cmd != last:
                out.append(cmd + args)
            else:   # a repeated command is implied
                out.append(args if args.startswith("-") else " " + args)
            last = cmd
            x, y = px, py
        out.append("z")
        parts.append("".join(out))
    return "".join(parts)


def land_path(topology: dict[str, Any], project: Callable[[float, float], Point],
              window: tuple[float, float, float, float], board: tuple[float, float, float, float],
              tolerance: float, min_area: float) -> str:
    """Compact path data of all land inside ``board`` (left, top, right, bottom in board
    units): rings are first cut to the longitude/latitude ``window`` (west, south, east,
    north) so that the projection only ever sees the region it was made for."""
    west, south, east, north = window
    left, top, right, bottom = board
    out = []
    for ring in rings(topology, "land"):
        cut = clip_ring(ring, west, south, east, north)
        if len(cut) < 3:
            continue
        flat = clip_ring([project(lon, lat) for lon, lat in cut], left, top, right, bottom)
        if len(flat) < 3 or area(flat) < min_area:
            continue
        simple = simplify_ring(flat, tolerance)
        if len(simple) >= 3 and area(simple) >= min_area:
            out.append(simple)
    return path_data(out)
