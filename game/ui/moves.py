"""What the table shows of each move, read from the engine's events: the cues to play where a
move happens (a route's trains placed, a card leaving the market, a blind card, tickets drawn,
a tunnel's reveal) and each player's last move, marked until that player moves again.

Everything here is made from a seat's view of the events (``game.events.event_view``), so a
cue or a mark never says more than the viewer may know: another player's blind card is a card
back, their tickets a count.

>>> draw = {"kind": "draw", "seat": 1, "private": {}, "source": "face-up", "card": "red", "turned_up": ["blue"], "resets": 0}
>>> cues(draw)
[Cue(kind='card', seat=1, card='red', route=None, city=None, count=0, revealed=(), colour=None, extra=0)]
>>> blind = {"kind": "draw", "seat": 1, "private": {}, "source": "deck", "turned_up": [], "resets": 0}
>>> [part.kind for part in last_moves([draw, blind])[1]]
['card', 'blind']
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events import Event
from game.rules import tunnel_costs


@dataclass(frozen=True)
class Cue:
    """One thing to show where it happens.  ``kind``: ``card`` (a face-up ``card`` taken),
    ``blind`` (a card from the deck; ``card`` only when the viewer drew it), ``tickets``
    (``count`` drawn), ``claim`` (``route``), ``station`` (``city``), ``tunnel`` (a tunnel
    attempt on ``route``: the ``revealed`` cards, those matching ``colour`` or locomotives
    cost ``extra`` more)."""

    kind: str
    seat: int
    card: str | None = None
    route: str | None = None
    city: str | None = None
    count: int = 0
    revealed: tuple[str, ...] = ()
    colour: str | None = None
    extra: int = 0

    def matches(self) -> tuple[bool, ...]:
        """For a tunnel cue: which revealed cards cost a card more."""
        return tunnel_costs(self.revealed, self.colour)


def cues(event: Event) -> list[Cue]:
    """The cues of one event as a seat sees it (its view of the event)."""
    seat, kind = event["seat"], event["kind"]
    mine = event["private"].get(str(seat), {})
    found: list[Cue] = []
    if kind == "draw":
        found.append(Cue("card", seat, card=event["card"]) if event["source"] == "face-up"
                     else Cue("blind", seat, card=mine.get("card")))
    elif kind == "draw-tickets":
        found.append(Cue("tickets", seat, count=event["count"]))
    elif kind in ("claim", "tunnel", "withdraw"):
        if "revealed" in event and kind != "withdraw" and not ("extra_paid" in event):
            found.append(Cue("tunnel", seat, route=event["route"], revealed=tuple(event["revealed"]),
                             colour=event.get("colour"), extra=event["extra"]))
        if kind == "claim":
            found.append(Cue("claim", seat, route=event["route"]))
    elif kind == "station":
        found.append(Cue("station", seat, city=event["city"]))
    return found


@dataclass(frozen=True)
class MovePart:
    """A part of a player's last turn, for its mark: ``card`` (face-up ``card``), ``blind``,
    ``tickets`` (``count`` drawn, ``kept`` kept, None while choosing), ``claim`` (``route``),
    ``withdraw`` (``route``), ``station`` (``city``), ``pass``."""

    kind: str
    card: str | None = None
    route: str | None = None
    city: str | None = None
    count: int = 0
    kept: int | None = None


def _parts(event: Event) -> list[MovePart]:
    kind = event["kind"]
    if kind == "draw":
        return [MovePart("card", card=event["card"]) if event["source"] == "face-up" else MovePart("blind")]
    if kind == "draw-tickets":
        return [MovePart("tickets", count=event["count"])]
    if kind == "keep":
        return [] if event["setup"] else [MovePart("keep", kept=event["count"])]
    if kind == "claim":
        return [MovePart("claim", route=event["route"])]
    if kind == "withdraw":
        return [MovePart("withdraw", route=event["route"])]
    if kind == "station":
        return [MovePart("station", city=event["city"])]
    if kind == "pass":
        return [MovePart("pass")]
    return []       # a tunnel attempt: its claim or withdrawal follows


def last_moves(events: list[Event]) -> dict[int, list[MovePart]]:
    """Each seat's last turn (its events since another seat played), from the public views of
    a game's events; seats with nothing to show yet are left out."""
    turns: dict[int, list[MovePart]] = {}
    previous = None
    for event in events:
        seat = event["seat"]
        if seat != previous:
            turns[seat] = []
        previous = seat
        for part in _parts(event):
            parts = turns[seat]
            if part.kind == "keep" and parts and parts[-1].kind == "tickets":     # a draw and its choice: one part
                parts[-1] = MovePart("tickets", count=parts[-1].count, kept=part.kept)
            else:
                parts.append(part)
    return {seat: parts for seat, parts in turns.items() if parts}


def last_turns_start(events: list[Event], seats: int) -> int:
    """Where the last turns of seats ``0 .. seats - 1`` begin in ``events``: the first event of the
    earliest of them (0 while a seat has not played), so ``last_moves(events[start:])`` is
    ``last_moves(events)`` read from there."""
    found: set[object] = set()
    start = len(events)
    while start > 0 and len(found) < seats:
        start -= 1
        seat = events[start]["seat"]
        if isinstance(seat, int) and 0 <= seat < seats and (start == 0 or events[start - 1]["seat"] != seat):
            found.add(seat)
    return start


def claimed_last(moves: dict[int, list[MovePart]]) -> frozenset[str]:
    """The routes claimed in the seats' last turns (``last_moves``)."""
    return frozenset(p.route for parts in moves.values() for p in parts if p.kind == "claim" and p.route is not None)
