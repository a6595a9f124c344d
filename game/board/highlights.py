"""What the board points out (claimable routes, a ticket's cities, a network, the longest trail,
borrowed routes, the players' last claims, a hint's routes): a plain value, without the renderer, so the table's
model can say it before the board's drawing code (and svgwrite) is loaded."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Highlights:
    """What to point out on the board.  Route sets hold route ids, ``cities`` city ids."""

    claimable: frozenset[str] = field(default_factory=frozenset)   # routes the player may claim
    cities: frozenset[str] = field(default_factory=frozenset)      # e.g. a ticket's two cities
    network: frozenset[str] = field(default_factory=frozenset)     # a player's routes
    trail: frozenset[str] = field(default_factory=frozenset)       # the longest trail
    borrowed: frozenset[str] = field(default_factory=frozenset)    # routes a station borrows
    last: frozenset[str] = field(default_factory=frozenset)        # routes claimed in the players' last turns
    path: frozenset[str] = field(default_factory=frozenset)        # routes a focused ticket still needs
    hint: frozenset[str] = field(default_factory=frozenset)        # routes a hint is about (game.ui.hints)

    @classmethod
    def of(cls, value: Highlights | Mapping[str, Iterable[str]] | None) -> Highlights:
        """Highlights from a dict of iterables (unknown keys are an error) or ``None``."""
        if isinstance(value, Highlights):
            return value
        if value is None:
            return cls()
        unknown = set(value) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown highlight layer(s): {', '.join(sorted(unknown))}")
        return cls(**{k: frozenset(v) for k, v in value.items()})
