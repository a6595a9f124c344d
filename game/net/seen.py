"""What crosses the channel to one seat: its view of the state and of each event, as JSON values (a spectator: public facts only).

The host sends these and a guest's check of the deal computes them again from its replay, so
both read them here.  A seat sees ``game.view.player_view`` and ``game.events.event_view``; a
spectator (seat None) sees what the table's screen shows when nobody's cards are on it: no
hand, no offer, and the tickets only once the game is over.

>>> from game.state import new_game
>>> state = new_game("usa", players=3, seed=4)
>>> [p["hand"] is None for p in seat_view(state, 1)["players"]]
[True, False, True]
>>> [p["hand"] is None for p in seat_view(state, None)["players"]]
[True, True, True]
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from game.events import Event, event_view
from game.state import State
from game.view import player_view, public_view


def seat_view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know of ``state`` (None: a spectator), as plain JSON values; a
    spectator's view names the seat to act as its ``viewer``."""
    view = public_view(state) if seat is None else player_view(state, seat)
    plain: dict[str, Any] = json.loads(json.dumps(view))
    return plain


def seat_events(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """Each event as ``seat`` may see it (None: public facts only), as plain JSON values."""
    plain: list[dict[str, Any]] = json.loads(json.dumps([event_view(e, seat) for e in events]))
    return plain


def digest(value: Any) -> str:
    """The SHA-256 of a JSON value's canonical text (sorted keys): equal values, equal digests."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
