"""QR codes (``game.ui.qr``) read back by an independent decoder, Debian's ``zbarimg``
(package zbar-tools, installed by ``build.py test`` with the browsers): the invite and answer
links of real offers and answers, and text of many lengths, at levels M and L, from a PNG
written here; the SVG draws exactly the matrix's dark modules."""

from __future__ import annotations

import itertools
import json
import random
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

import build
from game.net.sdp import parse_sdp
from game.ui.qr import ALIGNMENT, QUIET_ZONE, QrError, qr_matrix, qr_svg

SDPS = json.loads((Path(__file__).parents[1] / "net" / "captured_sdps.json").read_text())
SITE = "https://games.example/ticket-to-ride/"


def png(matrix: list[list[bool]], scale: int = 3) -> bytes:
    """A grey-scale PNG of ``matrix`` with its quiet zone, ``scale`` pixels a module."""
    side = len(matrix) + 2 * QUIET_ZONE
    rows = []
    for y in range(side):
        line = bytes(0 if QUIET_ZONE <= min(x, y) and max(x, y) < side - QUIET_ZONE
                     and matrix[y - QUIET_ZONE][x - QUIET_ZONE] else 255
                     for x in range(side) for _ in range(scale))
        rows += [b"\0" + line] * scale

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", side * scale, side * scale, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
            + chunk(b"IEND", b""))


def decoded(matrix, tmp_path) -> bytes:
    if not shutil.which(str(build.ZBARIMG)):
        pytest.fail(f"{build.ZBARIMG} is missing: run `python3 build.py test`, which installs zbar-tools")
    image = tmp_path / "code.png"
    image.write_bytes(png(matrix))
    done = subprocess.run([build.ZBARIMG, "--raw", "-q", "-Sbinary", image], capture_output=True, check=False)
    return done.stdout.removesuffix(b"\n")


def links() -> list[str]:
    descriptions = [parse_sdp(s["type"], s["sdp"]) for s in SDPS]
    return [d.link(SITE) for d in descriptions] + [d.code() for d in descriptions]


@pytest.mark.parametrize("level", ["M", "L"])
def test_invite_and_answer_links_read_back(level, tmp_path):
    for text in links()[::2]:
        matrix = qr_matrix(text, level)
        assert decoded(matrix, tmp_path) == text.encode()
    assert len(qr_matrix(links()[0], "M")) <= 61          # version 11 at most: easy to scan on a screen


def test_many_lengths_read_back(tmp_path):
    rng = random.Random(31)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_#=/:.?&é€"
    for length in (1, 14, 17, 32, 78, 106, 134, 180, 230, 271, 321, 367):
        text = "".join(rng.choice(alphabet) for _ in range(length))
        level = rng.choice("ML")
        assert decoded(qr_matrix(text, level), tmp_path) == text.encode(), (length, level)


def test_versions_and_limits():
    sizes = [len(qr_matrix("x" * n, "M")) for n in (14, 15, 213, 214)]
    assert sizes == [21, 25, 57, 61]          # 14 bytes fill version 1-M, 213 version 10-M
    assert len(qr_matrix("x" * 2331, "M")) == 177         # version 40-M holds 2,331 bytes
    with pytest.raises(QrError, match="2332 bytes"):
        qr_matrix("x" * 2332, "M")
    for level in ("H", "Q", "m", ""):        # levels this module does not make: refused, not a KeyError
        with pytest.raises(QrError, match="level"):
            qr_matrix("x", level)
    for version, centres in enumerate(ALIGNMENT[1:], 2):     # Annex E's table as the spec builds it
        steps = {b - a for a, b in itertools.pairwise(centres[1:])}
        assert centres[0] == 6 and centres[-1] == 4 * version + 10 and len(steps) <= 1
        assert len(centres) == version // 7 + 2 and all(c % 2 == 0 for c in centres)


def test_svg_draws_the_dark_modules():
    text = links()[0]
    matrix = qr_matrix(text)
    svg = qr_svg(text, label="Invite for seat 2 <Ann>")
    assert 'aria-label="Invite for seat 2 &lt;Ann&gt;"' in svg
    drawn = set()
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", svg):
        drawn |= {(int(y) - QUIET_ZONE, int(x) - QUIET_ZONE + k) for k in range(int(width))}
    assert drawn == {(r, c) for r, row in enumerate(matrix) for c, dark in enumerate(row) if dark}
