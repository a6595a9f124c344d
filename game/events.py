"""What an action did: the event record ``game.rules.apply_action`` returns, and each seat's view of it.

An event is a plain JSON object.  Its public part says what every player at the table saw:
the kind of action and the seat that played it (``kind``, ``seat``), then the facts of that
kind (docs/events.md lists them all): the face-up card taken and the cards turned up to
replace it (with any three-locomotive reset), the route claimed with its payment and points,
the tunnel's revealed cards and extra cost, how many tickets were offered and kept, the
station built; and, on any action, ``refill`` (the market refilled at the end of the turn),
``last_round`` (this action started it) and ``over`` (the final result).  What only some
players may know is in ``private``, keyed by seat (as text, JSON's only key type): the kind
of a card drawn blind, the tickets offered and kept.  :func:`event_view` gives a seat's view:
the public part and that seat's own private part.  Once the game is over, the tickets each
player kept are public, as in ``game.view.player_view``.

>>> e = {"kind": "draw", "seat": 1, "private": {}, "source": "deck", "turned_up": [], "resets": 0}
>>> add_private(e, 1, card="red")
>>> event_view(e, 1)["private"], event_view(e, 0)["private"], event_view(e, None)["private"]
({'1': {'card': 'red'}}, {}, {})
"""

from __future__ import annotations

from typing import Any, Required, TypedDict

from game.scoring import FinalScoreJson
from game.seats import MAX_SEATS


class Payment(TypedDict):
    colour: str                     # a train colour, or "locomotive" for locomotives only
    cards: int
    locomotives: int


class Refill(TypedDict):
    turned_up: list[str]            # the cards turned up into the market, in order
    resets: int                     # three-locomotive resets


class Event(TypedDict, total=False):
    """The shape of an event (docs/events.md); at run time a plain ``dict``.  Only ``kind``,
    ``seat`` and ``private`` are always there; the other keys belong to some kinds."""
    kind: Required[str]             # one of KINDS
    seat: Required[int]             # who played
    private: Required[dict[str, dict[str, Any]]]    # seat (as text) -> facts only it may know
    source: str                     # draw: "deck" or "face-up"
    card: str                       # draw from the market: the kind taken
    turned_up: list[str]            # draw: cards turned up into the market after it, in order
    resets: int                     # draw: three-locomotive resets
    count: int                      # draw-tickets: offered; keep: kept
    returned: int                   # keep: tickets given back
    setup: bool                     # keep: the initial choice
    dealt: list[int]                # keep: how many tickets each seat is offered next (setup)
    route: str                      # claim, tunnel, withdraw
    colour: str                     # claim, tunnel, station: the colour paid
    cards: int                      # claim, tunnel, station: cards of that colour paid
    locomotives: int                # claim, tunnel, station: locomotives paid
    points: int                     # claim
    revealed: list[str]             # tunnel attempts: the 3 cards turned over
    extra: int                      # tunnel attempts: the extra cost (0: none)
    extra_paid: Payment             # claim of a tunnel: the extra payment
    city: str                       # station
    refill: Refill                  # the market refilled at the end of the turn
    last_round: dict[str, int]      # this action started the last round: {"trains": n}
    over: FinalScoreJson            # this action ended the game: the result

KINDS = ("draw", "draw-tickets", "keep", "claim", "tunnel", "withdraw", "station", "pass")
SEAT_KEYS = tuple(str(seat) for seat in range(MAX_SEATS))     # each seat's key in ``private``


def add_private(event: Event, seat: int, **facts: Any) -> None:
    """Facts of ``event`` that only ``seat`` may know."""
    event["private"].setdefault(SEAT_KEYS[seat], {}).update(facts)


def event_view(event: Event, seat: int | None, *, game_over: bool = False) -> Event:
    """What ``seat`` may know of ``event`` (None: a spectator, public facts only).  With
    ``game_over``, the tickets kept are public (final scoring shows them)."""
    view: Event = {k: v for k, v in event.items() if k != "private"}  # type: ignore[assignment]
    private: dict[str, dict[str, Any]] = {}
    if seat is not None and str(seat) in event["private"]:
        private[str(seat)] = dict(event["private"][str(seat)])
    if game_over and event["kind"] == "keep":
        for owner, facts in event["private"].items():
            if "kept" in facts:
                private.setdefault(owner, {})["kept"] = list(facts["kept"])
    view["private"] = private
    return view
