"""Helpers for the board tests: read back the land path and measure against it."""

from __future__ import annotations

import math
import re

Point = tuple[float, float]


def land_rings(path: str) -> list[list[Point]]:
    """The rings of a path written by ``coastlines.path_data`` (M, l, h, v and z only)."""
    rings: list[list[Point]] = []
    x = y = 0.0
    for cmd, args in re.findall(r"([MlhvzZ])([^MlhvzZ]*)", path):
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if cmd == "M":
            x, y = nums
            rings.append([(x, y)])
        elif cmd == "h":
            for n in nums:
                x += n
                rings[-1].append((x, y))
        elif cmd == "v":
            for n in nums:
                y += n
                rings[-1].append((x, y))
        elif cmd == "l":
            for dx, dy in zip(nums[::2], nums[1::2]):
                x, y = x + dx, y + dy
                rings[-1].append((x, y))
    return rings


def point_in_rings(rings: list[list[Point]], px: float, py: float) -> bool:
    """Even-odd test, as SVG fills the land path."""
    inside = False
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
    return inside


def ring_distance(rings: list[list[Point]], px: float, py: float) -> float:
    """Distance from a point to the nearest coastline."""
    best = math.inf
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            dx, dy = x1 - x0, y1 - y0
            t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / ((dx * dx + dy * dy) or 1.0)))
            best = min(best, math.hypot(px - x0 - dx * t, py - y0 - dy * t))
    return best
