"""Plane geometry for the board: curves, oriented rectangles and their overlap tests.

>>> a = Rect(0, 0, 10, 4, 0)
>>> a.overlaps(Rect(6, 0, 10, 4, 90)), a.overlaps(Rect(20, 0, 10, 4, 0))
(True, False)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Rect:
    """A rectangle centred on ``cx, cy``, ``length`` along the direction ``angle`` (degrees,
    clockwise from east as SVG rotates) and ``width`` across it."""

    cx: float
    cy: float
    length: float
    width: float
    angle: float

    def corners(self) -> list[Point]:
        a = math.radians(self.angle)
        ux, uy = math.cos(a) * self.length / 2, math.sin(a) * self.length / 2
        vx, vy = -math.sin(a) * self.width / 2, math.cos(a) * self.width / 2
        c = (self.cx, self.cy)
        return [(c[0] + ux + vx, c[1] + uy + vy), (c[0] - ux + vx, c[1] - uy + vy),
                (c[0] - ux - vx, c[1] - uy - vy), (c[0] + ux - vx, c[1] + uy - vy)]

    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = zip(*self.corners())
        return min(xs), min(ys), max(xs), max(ys)

    def overlaps(self, other: Rect) -> bool:
        """True when the two rectangles share interior (separating-axis test)."""
        if math.dist((self.cx, self.cy), (other.cx, other.cy)) > (
                math.hypot(self.length, self.width) + math.hypot(other.length, other.width)) / 2:
            return False
        mine, theirs = self.corners(), other.corners()
        for angle in (self.angle, self.angle + 90, other.angle, other.angle + 90):
            ax, ay = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            p = [x * ax + y * ay for x, y in mine]
            q = [x * ax + y * ay for x, y in theirs]
            if max(p) <= min(q) + 1e-9 or max(q) <= min(p) + 1e-9:
                return False
        return True

    def hits_circle(self, x: float, y: float, r: float) -> bool:
        """True when the circle of radius ``r`` around ``x, y`` reaches into the rectangle."""
        a = math.radians(self.angle)
        dx, dy = x - self.cx, y - self.cy
        u = dx * math.cos(a) + dy * math.sin(a)
        v = -dx * math.sin(a) + dy * math.cos(a)
        nu = max(-self.length / 2, min(self.length / 2, u))
        nv = max(-self.width / 2, min(self.width / 2, v))
        return math.hypot(u - nu, v - nv) < r


def box(left: float, top: float, right: float, bottom: float) -> Rect:
    """An axis-aligned rectangle given by its sides."""
    return Rect((left + right) / 2, (top + bottom) / 2, right - left, bottom - top, 0.0)


def bezier(a: Point, c: Point, b: Point, steps: int) -> list[Point]:
    """Points of the quadratic Bézier curve from ``a`` to ``b`` with control point ``c``."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        s = 1 - t
        out.append((s * s * a[0] + 2 * s * t * c[0] + t * t * b[0],
                    s * s * a[1] + 2 * s * t * c[1] + t * t * b[1]))
    return out


def offset(points: list[Point], distance: float) -> list[Point]:
    """The polyline moved ``distance`` to its left (as seen walking along it, y down)."""
    out = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        x0, y0 = points[max(i - 1, 0)]
        x1, y1 = points[min(i + 1, n - 1)]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        out.append((x + (y1 - y0) / length * distance, y - (x1 - x0) / length * distance))
    return out


def walk(points: list[Point]) -> list[float]:
    """Cumulative length along the polyline at each of its points."""
    out = [0.0]
    for p, q in itertools.pairwise(points):
        out.append(out[-1] + math.dist(p, q))
    return out


def at(points: list[Point], lengths: list[float], s: float) -> tuple[Point, float]:
    """The point at distance ``s`` along the polyline and its direction in degrees."""
    i = 1
    while i < len(points) - 1 and lengths[i] < s:
        i += 1
    (x0, y0), (x1, y1) = points[i - 1], points[i]
    span = (lengths[i] - lengths[i - 1]) or 1.0
    t = (s - lengths[i - 1]) / span
    return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), math.degrees(math.atan2(y1 - y0, x1 - x0))
