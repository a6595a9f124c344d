"""The per-player view: the state as one seat may see it, with every secret removed.

Hidden from a seat: the other players' hands, kept tickets and offered tickets, the order
of the train deck, the discard pile and the ticket deck, the tickets out of the game and the
RNG.  What is hidden is replaced by ``None`` with a count beside it, so the view keeps the
state's shape.  Public records stay: the tunnels each seat withdrew from and the cards each seat
was seen to take face up or take back from a withdrawn tunnel, less its payments since (R21).
Once the game is over every player's tickets are public (final scoring shows them).

>>> from game.state import new_game
>>> v = player_view(new_game("europe", players=3, seed=5), 1)
>>> v["players"][0]["hand"], v["players"][0]["hand_size"], v["deck"], v["deck_size"]
(None, 4, None, 93)
>>> sum(v["players"][1]["hand"].values())
4
"""

from __future__ import annotations

import json
from typing import TypedDict

from game.scoring import FinalScoreJson
from game.state import Phase, State, Tunnel, Withdrawal


class PlayerView(TypedDict):
    """One seat as a viewer sees it: another seat's hand, tickets and offer are None."""
    name: str
    kind: str
    colour: str
    hand: dict[str, int] | None
    hand_size: int
    tickets: list[str] | None       # public once the game is over
    ticket_count: int
    offer: list[str] | None
    offer_count: int
    routes: list[str]
    stations: list[str]
    trains: int
    score: int
    withdrawn: list[Withdrawal]     # public: every seat saw the reveal
    face_up: list[str]              # public: cards every seat saw this hand hold (game.state.Player)


class View(TypedDict):
    """The state as seat ``viewer`` sees it: the state's keys (the private piles and the RNG
    None, each pile with its size beside it) and ``viewer``."""
    format: int
    map: str
    variant: str
    rng: None
    players: list[PlayerView]
    deck: None
    deck_size: int
    discard: None
    discard_size: int
    market: list[str]
    revealed: list[str]
    ticket_deck: None
    ticket_deck_size: int
    box: None
    box_size: int
    first: int
    current: int
    phase: Phase
    stage: int
    tunnel: Tunnel | None
    last_round: int | None
    passes: int
    turn: int
    result: FinalScoreJson | None
    viewer: int


def player_view(state: State, seat: int) -> View:
    """What ``seat`` may know; a fresh dict that shares nothing mutable with ``state``."""
    if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        raise ValueError(f"seat {seat!r} is not a player of this game")
    over = state["phase"] == Phase.OVER
    tunnel = state["tunnel"]
    return {
        "format": state["format"], "map": state["map"], "variant": state["variant"], "rng": None,
        "players": [{
            "name": p["name"], "kind": p["kind"], "colour": p["colour"],
            "hand": dict(p["hand"]) if i == seat else None,
            "hand_size": sum(p["hand"].values()),
            "tickets": list(p["tickets"]) if i == seat or over else None,
            "ticket_count": len(p["tickets"]),
            "offer": list(p["offer"]) if i == seat else None,
            "offer_count": len(p["offer"]),
            "routes": list(p["routes"]), "stations": list(p["stations"]),
            "trains": p["trains"], "score": p["score"], "withdrawn": [w.copy() for w in p["withdrawn"]],
            "face_up": list(p["face_up"]),
        } for i, p in enumerate(state["players"])],
        "deck": None, "deck_size": len(state["deck"]), "discard": None, "discard_size": len(state["discard"]),
        "market": list(state["market"]), "revealed": list(state["revealed"]),
        "ticket_deck": None, "ticket_deck_size": len(state["ticket_deck"]), "box": None, "box_size": len(state["box"]),
        "first": state["first"], "current": state["current"], "phase": state["phase"], "stage": state["stage"],
        "tunnel": tunnel.copy() if tunnel else None, "last_round": state["last_round"], "passes": state["passes"],
        "turn": state["turn"], "result": json.loads(json.dumps(state["result"])), "viewer": seat,
    }


def public_view(state: State) -> View:
    """What anyone at the table may know (a spectator, a screen that is nobody's): the seat to
    act's view with its hand and offer hidden too, and every ticket until the game is over; the
    seat to act is named as its ``viewer``."""
    view = player_view(state, state["current"])
    over = state["phase"] == Phase.OVER
    for p in view["players"]:
        p["hand"], p["offer"] = None, None
        if not over:
            p["tickets"] = None
    return view
