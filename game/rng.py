"""The seeded, serialisable random generator that lives inside the game state.

SplitMix64: tiny state (one 64-bit word, stored as 16 hex digits so that JSON and JavaScript
never round it), identical results under CPython and Pyodide, and never the global ``random``.

>>> rng = Rng.from_seed(42)
>>> cards = list(range(6)); rng.shuffle(cards); cards
[4, 3, 0, 2, 5, 1]
>>> Rng.from_json(rng.to_json()).below(100) == rng.below(100)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_LIMITS: dict[int, int] = {}         # bound -> the largest multiple of it that 64 bits hold (below())


class Rng:
    """A SplitMix64 generator; ``to_json``/``from_json`` save and restore it exactly."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        """A generator for any integer or text seed (text is hashed deterministically)."""
        if isinstance(seed, str):
            value = 0xCBF29CE484222325
            for byte in seed.encode("utf-8"):
                value = ((value ^ byte) * 0x100000001B3) & _MASK
            seed = value
        return cls(seed)

    @classmethod
    def from_json(cls, text: str) -> Rng:
        if not isinstance(text, str) or len(text) != 16:
            raise ValueError(f"rng state must be 16 hex digits, not {text!r}")
        try:
            return cls(int(text, 16))
        except ValueError:
            raise ValueError(f"rng state must be 16 hex digits, not {text!r}") from None

    def to_json(self) -> str:
        return format(self.state, "016x")

    def next64(self) -> int:
        """The next 64 random bits."""
        return self.below(1 << 64)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling: no modulo bias); each try takes
        the generator's next 64 bits (SplitMix64's step and mix, written out here: this is the
        engine's hottest function)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs a positive bound")
            limit = _LIMITS[n] = _MASK + 1 - ((_MASK + 1) % n)
        while True:
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def skip(self) -> None:
        """Take one step and drop it: the draw of ``below(1)``, whose answer is always 0 (every
        64-bit output is accepted), without mixing the output."""
        self.state = (self.state + _GOLDEN) & _MASK

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates shuffle in place: item ``i`` swaps with ``below(i + 1)``, from the last
        down (:meth:`below`'s steps written out in the loop, as a reshuffled deck takes a
        hundred of them)."""
        state, limits = self.state, _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits.get(n)
            if limit is None:
                limit = limits[n] = _MASK + 1 - ((_MASK + 1) % n)
            while True:
                state = z = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state
