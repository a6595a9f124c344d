"""QR codes for the invite and answer links (``docs/net.md``): text in byte mode, error
correction level M (or L), the smallest version (1 to 40) that holds it, the mask with the
lowest penalty, as a matrix of modules and as an SVG.  Written from ISO/IEC 18004:2015.

>>> code = qr_matrix("https://example.org/#join=AbC")
>>> len(code), "".join("#" if m else "." for m in code[0][:8])      # version 3: 29 modules a side
(29, '#######.')
>>> qr_svg("hi").startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"')
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator

Matrix = list[list[bool]]          # rows of modules, True for dark

LEVELS = {"L": 0b01, "M": 0b00}    # the format information's two bits of each level (table 12)
# Table 9: for versions 1 to 40, the error correction codewords of each block, and the blocks.
EC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
}
BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
}
# Annex E: the rows (and columns) of the alignment patterns' centres, versions 2 to 40.
ALIGNMENT = (
    (), (6, 18), (6, 22), (6, 26), (6, 30), (6, 34), (6, 22, 38), (6, 24, 42), (6, 26, 46),
    (6, 28, 50), (6, 30, 54), (6, 32, 58), (6, 34, 62), (6, 26, 46, 66), (6, 26, 48, 70),
    (6, 26, 50, 74), (6, 30, 54, 78), (6, 30, 56, 82), (6, 30, 58, 86), (6, 34, 62, 90),
    (6, 28, 50, 72, 94), (6, 26, 50, 74, 98), (6, 30, 54, 78, 102), (6, 28, 54, 80, 106),
    (6, 32, 58, 84, 110), (6, 30, 58, 86, 114), (6, 34, 62, 90, 118), (6, 26, 50, 74, 98, 122),
    (6, 30, 54, 78, 102, 126), (6, 26, 52, 78, 104, 130), (6, 30, 56, 82, 108, 134),
    (6, 34, 60, 86, 112, 138), (6, 30, 58, 86, 114, 142), (6, 34, 62, 90, 118, 146),
    (6, 30, 54, 78, 102, 126, 150), (6, 24, 50, 76, 102, 128, 154), (6, 28, 54, 80, 106, 132, 158),
    (6, 32, 58, 84, 110, 136, 162), (6, 26, 54, 82, 110, 138, 166), (6, 30, 58, 86, 114, 142, 170),
)
FORMAT_GENERATOR, FORMAT_MASK = 0b10100110111, 0b101010000010010      # 7.9.1
VERSION_GENERATOR = 0b1111100100101                                     # 7.10 (annex D)
QUIET_ZONE = 4                                                          # modules of light margin
# 7.8.2, table 10: module (row i, column j) is inverted where the mask's condition holds.
MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: i * j % 2 + i * j % 3 == 0,
    lambda i, j: (i * j % 2 + i * j % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + i * j % 3) % 2 == 0,
)


class QrError(ValueError):
    """Text that no QR code of the level holds, or a level that is not one of ``LEVELS``."""


def qr_matrix(text: str, level: str = "M") -> Matrix:
    """The modules of the QR code of ``text`` (UTF-8, byte mode) at ``level`` (``M`` or ``L``)."""
    if level not in LEVELS:
        raise QrError(f"level {level!r}: a QR code here is of level {' or '.join(LEVELS)}")
    data = text.encode("utf-8")
    version = next((v for v in range(1, 41) if _fits(len(data), v, level)), None)
    if version is None:
        raise QrError(f"{len(data)} bytes are more than a QR code at level {level} holds")
    symbol = _Symbol(version)
    symbol.place(_codewords(data, version, level))
    return min((symbol.masked(mask, level) for mask in range(8)), key=penalty)


@functools.lru_cache(maxsize=32)
def qr_svg(text: str, level: str = "M", *, label: str | None = None) -> str:
    """The QR code of ``text`` as an SVG document: one module a unit, the quiet zone around it,
    the dark modules one path; ``label``: its accessible name (``role="img"``).  Kept for the
    links of the moment: a panel drawn again (a guest's every message) makes none anew."""
    matrix = qr_matrix(text, level)
    side = len(matrix) + 2 * QUIET_ZONE
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z")
            x += 1
    name = "" if label is None else f' role="img" aria-label="{_escape(label)}"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
            f'shape-rendering="crispEdges"{name}><rect width="{side}" height="{side}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(runs)}"/></svg>')


def penalty(matrix: Matrix) -> int:
    """7.8.3.1's penalty of a masked symbol: runs of five or more modules of one colour in a row
    or column, 2x2 blocks of one colour, finder-like 1:1:3:1:1 patterns beside four light
    modules, and the dark modules' share away from half."""
    size = len(matrix)
    lines = [*matrix, *([row[j] for row in matrix] for j in range(size))]
    score = 0
    for line in lines:
        run = 1
        for a, b in itertools.pairwise(line):
            run = run + 1 if a == b else 1
            score += (3 if run == 5 else 1 if run > 5 else 0)
        text = "".join("1" if m else "0" for m in line)
        score += 40 * sum(text.count(p) for p in ("10111010000", "00001011101"))
    for i in range(size - 1):
        for j in range(size - 1):
            if matrix[i][j] == matrix[i][j + 1] == matrix[i + 1][j] == matrix[i + 1][j + 1]:
                score += 3
    dark = sum(map(sum, matrix))
    return score + 10 * (abs(dark * 20 - size * size * 10) // (size * size))


def _fits(length: int, version: int, level: str) -> bool:
    bits = 4 + (8 if version < 10 else 16) + 8 * length
    return length < 1 << (8 if version < 10 else 16) and bits <= 8 * _data_codewords(version, level)


def _data_codewords(version: int, level: str) -> int:
    return _Symbol.capacity(version) - EC_PER_BLOCK[level][version - 1] * BLOCKS[level][version - 1]


def _codewords(data: bytes, version: int, level: str) -> list[int]:
    """The final sequence of codewords (7.6): the data's, split into blocks, each block's error
    correction, interleaved."""
    capacity = _data_codewords(version, level)
    bits = "0100" + format(len(data), "08b" if version < 10 else "016b") + "".join(f"{b:08b}" for b in data)
    bits += "0" * min(4, 8 * capacity - len(bits))
    bits += "0" * (-len(bits) % 8)
    words = [int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)]
    words += [(0xEC, 0x11)[k % 2] for k in range(capacity - len(words))]
    count, ec = BLOCKS[level][version - 1], EC_PER_BLOCK[level][version - 1]
    short, longer = divmod(capacity, count)     # the last ``longer`` blocks hold one more
    blocks, at = [], 0
    for b in range(count):
        size = short + (b >= count - longer)
        blocks.append(words[at:at + size])
        at += size
    checks = [_reed_solomon(block, ec) for block in blocks]
    out = [block[k] for k in range(short + 1) for block in blocks if k < len(block)]
    return out + [check[k] for k in range(ec) for check in checks]


# --- Reed-Solomon over GF(256) with the field's polynomial x^8+x^4+x^3+x^2+1 (7.5.2) ---
_EXP = [0] * 512
_LOG = [0] * 256
_value = 1
for _power in range(255):
    _EXP[_power] = _value
    _LOG[_value] = _power
    _value <<= 1
    if _value & 0x100:
        _value ^= 0x11D
for _power in range(255, 512):
    _EXP[_power] = _EXP[_power - 255]


def _times(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator(degree: int) -> list[int]:
    """The coefficients (highest first, the leading 1 left out) of (x - a^0)...(x - a^(degree-1))."""
    poly = [1]
    for root in range(degree):
        poly = [a ^ _times(b, _EXP[root]) for a, b in zip([*poly, 0], [0, *poly], strict=True)]
    return poly[1:]


def _reed_solomon(block: list[int], degree: int) -> list[int]:
    """The ``degree`` error correction codewords of ``block``: the remainder of its polynomial,
    times x^degree, divided by the generator."""
    generator = _generator(degree)
    rest = [0] * degree
    for word in block:
        factor = word ^ rest[0]
        rest = [r ^ _times(g, factor) for r, g in zip([*rest[1:], 0], generator, strict=True)]
    return rest


def _bch(value: int, generator: int, width: int) -> int:
    """``value`` followed by the remainder of its division by ``generator`` (``width`` bits)."""
    rest = value << width
    for shift in range(rest.bit_length() - generator.bit_length(), -1, -1):
        if rest >> (shift + generator.bit_length() - 1) & 1:
            rest ^= generator << shift
    return value << width | rest


class _Symbol:
    """The function patterns of one version and the modules the codewords fill."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.size = size = 17 + 4 * version
        self.dark = [[False] * size for _ in range(size)]
        self.reserved = [[False] * size for _ in range(size)]
        for r, c in ((0, 0), (0, size - 7), (size - 7, 0)):
            self._finder(r, c)
        for k in range(8, size - 8):                 # timing patterns
            self._set(6, k, k % 2 == 0)
            self._set(k, 6, k % 2 == 0)
        centres = ALIGNMENT[version - 1]
        corners = {(6, 6), (6, size - 7), (size - 7, 6)}
        for r in centres:
            for c in centres:
                if (r, c) not in corners:            # not over a finder pattern
                    for i in range(-2, 3):
                        for j in range(-2, 3):
                            self._set(r + i, c + j, max(abs(i), abs(j)) != 1)
        for k in range(9):                           # the format information's places
            for r, c in ((8, k), (k, 8)) + (((8, size - 1 - k), (size - 1 - k, 8)) if k < 8 else ()):
                if not self.reserved[r][c]:
                    self._set(r, c, False)
        self._set(size - 8, 8, True)                 # the dark module
        if version >= 7:
            bits = _bch(version, VERSION_GENERATOR, 12)
            for k in range(18):
                a, b = size - 11 + k % 3, k // 3
                self._set(a, b, bits >> k & 1 == 1)
                self._set(b, a, bits >> k & 1 == 1)

    @classmethod
    def capacity(cls, version: int) -> int:
        """The codewords a symbol of ``version`` holds: its free modules, by eight."""
        symbol = cls(version)
        return sum(not r for row in symbol.reserved for r in row) // 8

    def _set(self, r: int, c: int, dark: bool) -> None:
        self.dark[r][c] = dark
        self.reserved[r][c] = True

    def _finder(self, top: int, left: int) -> None:
        """A finder pattern and its light separator."""
        for i in range(-1, 8):
            for j in range(-1, 8):
                r, c = top + i, left + j
                if 0 <= r < self.size and 0 <= c < self.size:
                    ring = max(abs(i - 3), abs(j - 3))
                    self._set(r, c, ring in (0, 1, 3))

    def _free(self) -> Iterator[tuple[int, int]]:
        """The free modules in placing order (7.7.3): two columns at a time from the right,
        up then down, past the vertical timing pattern."""
        right, upward = self.size - 1, True
        while right > 0:
            if right == 6:
                right = 5
            rows = range(self.size - 1, -1, -1) if upward else range(self.size)
            for r in rows:
                for c in (right, right - 1):
                    if not self.reserved[r][c]:
                        yield r, c
            right -= 2
            upward = not upward

    def place(self, codewords: list[int]) -> None:
        bits = [w >> (7 - k) & 1 for w in codewords for k in range(8)]
        for n, (r, c) in enumerate(self._free()):
            self.dark[r][c] = n < len(bits) and bits[n] == 1

    def masked(self, mask: int, level: str) -> Matrix:
        """The symbol with ``mask`` applied to the codewords' modules and its format information."""
        condition = MASKS[mask]
        matrix = [[d != (not self.reserved[i][j] and condition(i, j)) for j, d in enumerate(row)]
                  for i, row in enumerate(self.dark)]
        bits = _bch(LEVELS[level] << 3 | mask, FORMAT_GENERATOR, 10) ^ FORMAT_MASK
        size = self.size
        # bit k (0 the lowest): around the top left finder, and split between the other two
        near = [(0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8), (8, 7),
                (8, 5), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0)]
        far = [(8, size - 1 - k) for k in range(8)] + [(size - 15 + k, 8) for k in range(8, 15)]
        for k in range(15):
            for r, c in (near[k], far[k]):
                matrix[r][c] = bits >> k & 1 == 1
        return matrix


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
