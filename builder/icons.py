"""The app icons (static/build/icons/, build.py's ``build_icons``): our own drawing of a route of
three train cars between two cities on the board's green, written as PNG with the standard
library alone."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

# A drawing: the RGBA colour at (x, y), both from 0 to 1.
Pixel = Callable[[float, float], tuple[int, int, int, int]]

# name -> (size in pixels, maskable: everything inside the safe zone)
ICON_FILES = {"icon-192.png": (192, False), "icon-512.png": (512, False),
              "maskable-512.png": (512, True), "apple-touch-icon.png": (180, True),
              "favicon-32.png": (32, False)}


def icon(name: str) -> bytes:
    """The PNG of the icon file ``name`` (one of ICON_FILES)."""
    size, maskable = ICON_FILES[name]
    return png(size, drawing(maskable))


def png(size: int, pixel: Pixel) -> bytes:
    """A PNG of ``size``x``size`` RGBA pixels, ``pixel(x, y)`` giving each (stdlib only)."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel((x + 0.5) / size, (y + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def drawing(maskable: bool) -> Pixel:
    """Our own drawing: a route of three train cars between two cities on the board's green."""
    background = (31, 77, 58)
    route = (200, 54, 44)
    city = (246, 232, 196)
    # In a maskable icon everything stays inside the central 80% circle (the safe zone).
    scale = 0.62 if maskable else 0.8

    def inside(u: float, v: float) -> tuple[float, float]:
        return 0.5 + (u - 0.5) * scale, 0.5 + (v - 0.5) * scale

    ends = [inside(0.12, 0.78), inside(0.88, 0.22)]
    cars = [inside(0.12 + 0.76 * t, 0.78 - 0.56 * t) for t in (0.3, 0.5, 0.7)]

    def pixel(x: float, y: float) -> tuple[int, int, int, int]:
        if not maskable:
            # rounded square: transparent outside the corners
            r = 0.18
            cx, cy = min(max(x, r), 1 - r), min(max(y, r), 1 - r)
            if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
                return (0, 0, 0, 0)
        colour = background
        dx, dy = 0.76, -0.56
        length = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / length, dy / length
        for cx, cy in cars:
            along = (x - cx) * ux + (y - cy) * uy
            across = -(x - cx) * uy + (y - cy) * ux
            if abs(along) < 0.075 * scale and abs(across) < 0.045 * scale:
                colour = route
        for cx, cy in ends:
            if (x - cx) ** 2 + (y - cy) ** 2 < (0.1 * scale) ** 2:
                colour = city
        return (*colour, 255)
    return pixel
