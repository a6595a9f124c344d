"""The public log: what every player at the table saw happen, read from the engine's events.

The screen shows it one line per turn (:func:`turn_lines`): the player, then what they did in
that turn, card kinds as :class:`Segment` ``card`` parts to be drawn as card faces.

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

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

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


# notices that are no alert (a hint asked): the log's ordinary colour, not the last round's or the end's
PLAIN_NOTICES = frozenset({"log.hint"})


def timeout_entry(seat: int) -> Event:
    """The log's line saying ``seat``'s time ran out (a table's turn timer played its move)."""
    return Event.of("log.timeout", player=seat)


def game_entries(events: Sequence[EngineEvent], timed_out: Collection[int] = ()) -> list[Event]:
    """The log entries of a game's events (one an action, in order), with a line saying a
    seat's time ran out before each action the turn timer played (``timed_out``: their
    numbers, counted from 0), as a guest's log shows them.

    >>> [e.key for e in game_entries([{"kind": "pass", "seat": 0}, {"kind": "pass", "seat": 1}], {1})]
    ['log.pass', 'log.timeout', 'log.pass']
    """
    return [entry for i, event in enumerate(events)
            for entry in ([timeout_entry(event["seat"])] if i in timed_out else []) + log_entries(event)]


def event_text(event: Event, state: State) -> str:
    """The event in words: seats become names, ids become the board's names."""
    return _(event.key, **named(dict(event.params), state))


# one turn's parts, written after the player's name (the whole sentences above are for the
# CLI and for the notices that are lines of their own: the last round, the end)
PART_KEYS = {"log.draw_deck": "log.part.draw_deck", "log.draw_face_up": "log.part.draw_face_up",
             "log.draw_tickets": "log.part.draw_tickets", "log.keep_tickets": "log.part.keep_tickets",
             "log.claim": "log.part.claim", "log.tunnel": "log.part.tunnel", "log.tunnel_free": "log.part.tunnel_free",
             "log.withdraw": "log.part.withdraw", "log.station": "log.part.station", "log.pass": "log.part.pass"}


@dataclass(frozen=True)
class LogLine:
    """One line of the log: a player's turn (``seat`` and its entries), or a notice (``seat``
    None: the last round, the end)."""

    seat: int | None
    entries: tuple[Event, ...]


def turn_lines(entries: Iterable[Event], lines: list[LogLine] | None = None) -> list[LogLine]:
    """The log's entries, one line per turn: consecutive parts of one player's turn together,
    each notice a line of its own.  Given ``lines`` (the lines of the entries before these), it
    reads on from them: they are extended in place and returned (a log read as it grows).

    >>> a, b = Event.of("log.draw_deck", player=0), Event.of("log.draw_face_up", player=0, card="red")
    >>> [(line.seat, len(line.entries)) for line in turn_lines([a, b, Event.of("log.pass", player=1), Event.of("log.over")])]
    [(0, 2), (1, 1), (None, 1)]
    >>> [(line.seat, len(line.entries)) for line in turn_lines([b], turn_lines([a]))]
    [(0, 2)]
    """
    lines = [] if lines is None else lines
    for entry in entries:
        params = dict(entry.params)
        if entry.key not in PART_KEYS:
            lines.append(LogLine(None, (entry,)))
            continue
        seat = params.get("player")
        last = lines[-1] if lines else None
        if last is not None and last.seat == seat and _open(last):
            lines[-1] = LogLine(seat, last.entries + (entry,))
        else:
            lines.append(LogLine(seat if isinstance(seat, int) else None, (entry,)))
    return lines


_TURN_GOES_ON = frozenset({"log.draw_tickets", "log.tunnel"})     # parts always followed by another of the turn


def line_number(events: Sequence[EngineEvent], move: int, timed_out: Collection[int] = ()) -> int:
    """The number the log of :func:`game_entries` shows on the line of the ``move``-th event
    (counted from 1: the move after which the game had that many actions), the line where that
    move starts; 0 for move 0, before the first.

    >>> draw = {"kind": "draw", "seat": 0, "source": "deck", "private": {}}
    >>> claim = {"kind": "claim", "seat": 1, "route": "a--b", "private": {}}
    >>> [line_number([draw, draw, claim], move) for move in range(4)]
    [0, 1, 1, 2]
    >>> [line_number([draw, draw, claim], move, timed_out={1}) for move in range(4)]
    [0, 1, 3, 4]
    """
    if move <= 0 or not events:
        return 0
    move = min(move, len(events))
    entries = game_entries(events[:move], timed_out)
    own = log_entries(events[move - 1])
    return len(turn_lines(entries[:len(entries) - len(own) + min(1, len(own))]))


def _open(line: LogLine) -> bool:
    """Whether a line's turn may go on: a first card drawn (not a face-up locomotive), tickets
    drawn and not yet kept, a tunnel's extra cost asked for."""
    last = line.entries[-1]
    if last.key in _TURN_GOES_ON:
        return True
    if last.key == "log.draw_deck":
        return sum(e.key in ("log.draw_deck", "log.draw_face_up") for e in line.entries) == 1
    if last.key == "log.draw_face_up":
        return dict(last.params).get("card") != "locomotive" and \
            sum(e.key in ("log.draw_deck", "log.draw_face_up") for e in line.entries) == 1
    return False


@dataclass(frozen=True)
class Segment:
    """A piece of a log line: ``text``, or a card kind (``card``) to show as a card face."""

    text: str = ""
    card: str | None = None


_SLOT = re.compile("\x00(\\w+)\x00")


def part_segments(entry: Event, state: State) -> list[Segment]:
    """One turn part after the player's name, in the language of the moment, its cards as faces.

    >>> from game.i18n import set_language
    >>> from game.state import new_game
    >>> _lang = set_language("en")
    >>> state = new_game("europe", players=["Ann", "Bob"], seed=1)
    >>> part_segments(Event.of("log.draw_face_up", player=0, card="red"), state)
    [Segment(text='took ', card=None), Segment(text='', card='red')]
    """
    params: dict[str, Any] = dict(entry.params)
    slots: dict[str, str] = {name: f"\x00{name}\x00" for name in ("card", "cards") if name in params}
    words: dict[str, Any] = {**named({k: v for k, v in params.items() if k not in slots}, state), **slots}
    text = _(PART_KEYS[entry.key], **words)
    segments: list[Segment] = []
    for i, piece in enumerate(_SLOT.split(text)):
        if i % 2 == 0:
            if piece:
                segments.append(Segment(piece))
        elif piece == "card":
            segments.append(Segment(card=str(params["card"])))
        else:
            segments += [Segment(card=c) for c in str(params["cards"]).split(",") if c]
    return segments
