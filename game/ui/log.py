"""The public log: what every player at the table saw happen, read from the engine's events.

Each engine event (``game.events``) gives one entry, plus one when it started the last round
and one when it ended the game: an i18n key with parameters that are ids or numbers
(``player`` is a seat); the text is made when it is shown (:func:`event_text`), in the
language of the moment.  Entries are made from an event's public part only (a seat's view
of the event, ``game.events.event_view``, or the public one), so nothing private goes in: a
card drawn from the deck is not named, nor are the tickets kept.

>>> e = {"kind": "claim", "seat": 1, "route": "a--b", "colour": "red", "cards": 2, "locomotives": 0,
...      "points": 2, "revealed": ["blue", "white", "green"], "extra": 0, "private": {}}
>>> [entry.key for entry in log_entries(e)]
['log.tunnel_free']
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events import Event as EngineEvent
from game.i18n import _
from game.state import State
from game.ui.words import named


@dataclass(frozen=True)
class Event:
    key: str
    params: tuple[tuple[str, object], ...]

    @classmethod
    def of(cls, key: str, **params: object) -> Event:
        return cls(key, tuple(params.items()))


def log_entries(event: EngineEvent) -> list[Event]:
    """The log entries of one engine event or a view of it (its public part only)."""
    seat, kind = event["seat"], event["kind"]
    found: list[Event] = []
    if kind == "draw":
        found.append(Event.of("log.draw_deck", player=seat) if event["source"] == "deck"
                     else Event.of("log.draw_face_up", player=seat, card=event["card"]))
    elif kind == "draw-tickets":
        found.append(Event.of("log.draw_tickets", player=seat, count=event["count"]))
    elif kind == "keep":
        found.append(Event.of("log.keep_tickets", player=seat, count=event["count"]))
    elif kind == "tunnel":
        found.append(Event.of("log.tunnel", player=seat, route=event["route"], cards=",".join(event["revealed"]),
                              count=event["extra"]))
    elif kind == "claim" and event.get("extra") == 0:        # a tunnel whose reveal cost nothing more
        found.append(Event.of("log.tunnel_free", player=seat, route=event["route"],
                              cards=",".join(event["revealed"])))
    elif kind == "claim":
        found.append(Event.of("log.claim", player=seat, route=event["route"]))
    elif kind == "withdraw":
        found.append(Event.of("log.withdraw", player=seat, route=event["route"]))
    elif kind == "station":
        found.append(Event.of("log.station", player=seat, city=event["city"]))
    elif kind == "pass":
        found.append(Event.of("log.pass", player=seat))
    if "last_round" in event:
        found.append(Event.of("log.last_round", player=seat, count=event["last_round"]["trains"]))
    if "over" in event:
        found.append(Event.of("log.over"))
    return found


def event_text(event: Event, state: State) -> str:
    """The event in words: seats become names, ids become the board's names."""
    return _(event.key, **named(dict(event.params), state))
