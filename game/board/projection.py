"""Map projections from longitude/latitude to board coordinates (pure math, no data).

A projection is described by a small JSON-able dict kept in a map file's ``board`` object, so
the map file alone says how its geography was drawn:

>>> p = Projection.from_spec({"kind": "mercator", "lon0": 15, "scale": 100, "x0": 750, "y0": 500})
>>> p.forward(15, 0)
(750.0, 500.0)
>>> x, y = p.forward(16, 1)
>>> x > 750 and y < 500                      # east is right, north is up
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

KINDS = ("lcc", "mercator")


@dataclass(frozen=True)
class Projection:
    """``kind`` "lcc" (Lambert conformal conic, standard parallels ``lat1``/``lat2``, origin
    ``lon0``/``lat0``) or "mercator" (central meridian ``lon0``); then board units per radian
    ``scale`` and the board point ``x0, y0`` of the origin."""

    kind: str
    lon0: float
    scale: float
    x0: float
    y0: float
    lat0: float = 0.0
    lat1: float = 0.0
    lat2: float = 0.0

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> Projection:
        if spec.get("kind") not in KINDS:
            raise ValueError(f"unknown projection {spec.get('kind')!r} (known: {', '.join(KINDS)})")
        return cls(**spec)

    def spec(self) -> dict[str, Any]:
        out = {"kind": self.kind, "lon0": self.lon0}
        if self.kind == "lcc":
            out.update(lat0=self.lat0, lat1=self.lat1, lat2=self.lat2)
        out.update(scale=round(self.scale, 3), x0=round(self.x0, 3), y0=round(self.y0, 3))
        return out

    def unit(self, lon: float, lat: float) -> tuple[float, float]:
        """Projected point in radians-scale units, y pointing north, origin at the origin."""
        lam = math.radians(lon - self.lon0)
        phi = math.radians(lat)
        if self.kind == "mercator":
            return lam, math.log(math.tan(math.pi / 4 + phi / 2))
        p1, p2, p0 = (math.radians(v) for v in (self.lat1, self.lat2, self.lat0))

        def t(f: float) -> float:
            return math.tan(math.pi / 4 + f / 2)

        if abs(p1 - p2) < 1e-9:
            n = math.sin(p1)
        else:
            n = math.log(math.cos(p1) / math.cos(p2)) / math.log(t(p2) / t(p1))
        f = math.cos(p1) * t(p1) ** n / n
        rho = f / t(phi) ** n
        rho0 = f / t(p0) ** n
        return rho * math.sin(n * lam), rho0 - rho * math.cos(n * lam)

    def forward(self, lon: float, lat: float) -> tuple[float, float]:
        """Board coordinates (y pointing down) of a longitude/latitude."""
        u, v = self.unit(lon, lat)
        return self.x0 + self.scale * u, self.y0 - self.scale * v


def fit(kind: str, points: list[tuple[float, float]], box: tuple[float, float, float, float],
        **params: float) -> Projection:
    """The projection of this kind that fits ``points`` (lon, lat) centred inside ``box``
    (left, top, right, bottom), as large as possible."""
    bare = Projection(kind=kind, scale=1.0, x0=0.0, y0=0.0, **params)
    us = [bare.unit(lon, lat) for lon, lat in points]
    umin, umax = min(u for u, _ in us), max(u for u, _ in us)
    vmin, vmax = min(v for _, v in us), max(v for _, v in us)
    left, top, right, bottom = box
    scale = min((right - left) / (umax - umin), (bottom - top) / (vmax - vmin))
    x0 = (left + right) / 2 - scale * (umin + umax) / 2
    y0 = (top + bottom) / 2 + scale * (vmin + vmax) / 2
    return Projection(kind=kind, scale=scale, x0=x0, y0=y0, **params)
