"""The per-player view: the state as one seat may see it, with every secret removed.

Hidden from a seat: the other players' hands, kept tickets and offered tickets, the order
of the train deck, the discard pile and the ticket deck, the tickets out of the game and the
RNG.  What is hidden is replaced by ``None`` with a count beside it, so the view keeps the
state's shape.  Once the game is over every player's tickets are public (final scoring
shows them).

>>> from game.state import new_game
>>> v = player_view(new_game("europe", players=3, seed=5), 1)
>>> v["players"][0]["hand"], v["players"][0]["hand_size"], v["deck"], v["deck_size"]
(None, 4, None, 93)
>>> sum(v["players"][1]["hand"].values())
4
"""

from __future__ import annotations

import json
from typing import Any

from game.state import Phase, State

PRIVATE_PILES = ("deck", "discard", "ticket_deck", "box")


def player_view(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may know; a fresh dict that shares nothing mutable with ``state``."""
    if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        raise ValueError(f"seat {seat!r} is not a player of this game")
    over = state["phase"] == Phase.OVER
    view: dict[str, Any] = {k: v for k, v in state.items() if k not in PRIVATE_PILES and k != "rng"}
    view["viewer"] = seat
    view["rng"] = None
    for pile in PRIVATE_PILES:
        view[pile] = None
        view[f"{pile}_size"] = len(state[pile])
    view["market"] = list(state["market"])
    view["revealed"] = list(state["revealed"])
    view["tunnel"] = dict(state["tunnel"]) if state["tunnel"] else None
    view["result"] = json.loads(json.dumps(state["result"]))
    players = []
    for i, p in enumerate(state["players"]):
        own = i == seat
        players.append({
            **p,
            "hand": dict(p["hand"]) if own else None,
            "hand_size": sum(p["hand"].values()),
            "tickets": list(p["tickets"]) if own or over else None,
            "ticket_count": len(p["tickets"]),
            "offer": list(p["offer"]) if own else None,
            "offer_count": len(p["offer"]),
            "routes": list(p["routes"]),
            "stations": list(p["stations"]),
        })
    view["players"] = players
    return view
