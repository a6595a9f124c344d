"""The public event log: what every player at the table saw happen, one entry per event.

An event is an i18n key with parameters that are ids or numbers (``player`` is a seat); the
text is made when it is shown (:func:`event_text`), in the language of the moment.  Nothing
private goes in: a card drawn from the deck is not named, nor are the tickets kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Withdraw,
)
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


def events(before: State, action: Action, after: State) -> list[Event]:
    """The public events of ``action``, played by ``before["current"]``, that led to ``after``."""
    seat = before["current"]
    found: list[Event] = []
    if isinstance(action, DrawCard):
        found.append(Event.of("log.draw_deck", player=seat) if action.source == "deck"
                     else Event.of("log.draw_face_up", player=seat, card=action.source))
    elif isinstance(action, DrawTickets):
        found.append(Event.of("log.draw_tickets", player=seat, count=len(after["players"][seat]["offer"])))
    elif isinstance(action, KeepTickets):
        found.append(Event.of("log.keep_tickets", player=seat, count=len(action.tickets)))
    elif isinstance(action, ClaimRoute):
        if after["phase"] == "tunnel":
            found.append(Event.of("log.tunnel", player=seat, route=action.route,
                                  cards=",".join(after["revealed"]), count=after["tunnel"]["extra"]))
        else:
            found.append(Event.of("log.claim", player=seat, route=action.route))
    elif isinstance(action, PayTunnel):
        found.append(Event.of("log.claim", player=seat, route=before["tunnel"]["route"]))
    elif isinstance(action, Withdraw):
        found.append(Event.of("log.withdraw", player=seat, route=before["tunnel"]["route"]))
    elif isinstance(action, BuildStation):
        found.append(Event.of("log.station", player=seat, city=action.city))
    elif isinstance(action, Pass):
        found.append(Event.of("log.pass", player=seat))
    if before["last_round"] is None and after["last_round"] is not None:
        found.append(Event.of("log.last_round", player=seat, count=after["players"][seat]["trains"]))
    if after["phase"] == "over":
        found.append(Event.of("log.over"))
    return found


def event_text(event: Event, state: State) -> str:
    """The event in words: seats become names, ids become the board's names."""
    return _(event.key, **named(dict(event.params), state))
