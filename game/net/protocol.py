"""The messages that cross a table's channel: one JSON object each, versioned, read by a parser that refuses anything else.

Every message is ``{"type": ..., "v": VERSION, ...fields}``; its fields are exactly those of
its type (docs/net.md lists them).  A guest sends :data:`GuestMessage` values (``hello``,
``rejoin``, ``pledge``, ``contribution``, ``command``, ``ping``); the host sends
:data:`HostMessage` values (``welcome``, ``pledges``, ``deal``, ``state``, ``refusal``,
``reveal``, ``pong``, ``clock``).  :func:`read_guest` and :func:`read_host` turn text into a message or
raise :class:`ProtocolError` (a ``ValueError``) saying what is wrong: text too long, not JSON,
not an object, another version, a type unknown or sent the wrong way, a field missing,
unknown or of the wrong type.  They raise nothing else.

>>> text = Command("draw deck", 12).to_text()
>>> text
'{"action":"draw deck","at":12,"type":"command","v":3}'
>>> read_guest(text)
Command(action='draw deck', at=12)
>>> for bad in ('{"type": "command", "v": 2, "action": "pass", "at": 0}', '{"type": "state", "v": 3}',
...             '{"type": "ping", "v": 3, "t": "soon"}', "[" * 3):
...     try:
...         read_guest(bad)
...     except ProtocolError as exc:
...         print(exc)
version 2: this game speaks version 3
type 'state': not a message a guest sends
t: expected a whole number from 0 to 9,007,199,254,740,991, not 'soon'
not valid JSON: Expecting value: line 1 column 4 (char 3)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, TypeAlias

from game.events import KINDS
from game.jsontext import JsonTextError, kind_of, read_json, shown
from game.net.checks import Check, list_of, one_of, optional, pattern, text, whole
from game.problem import Problem
from game.seats import MAX_SEATS, MIN_SEATS
from game.view import PlayerView, View

VERSION = 3                         # 2: a view's players carry their face-up record (face_up); 3: with tunnel cards
MAX_GUEST_CHARS = 4_000             # a guest's longest message (a command keeping five tickets) is ~300
MAX_MESSAGE_BYTES = 262_144         # a data channel's largest message (Chromium's a=max-message-size, 256 KiB)
MAX_HOST_CHARS = MAX_MESSAGE_BYTES  # a text of that many UTF-8 bytes has no more characters than that
STATE_BYTES = 128_000               # the host splits a state's events over messages of at most this many
                                    # bytes (a rejoin of a long 5-seat game is ~50 kB in one)
MAX_ACTION_CHARS = 400              # an action in the text notation
MAX_SAFE_INTEGER = 2 ** 53 - 1      # larger numbers lose precision in JavaScript
MAX_EVENTS = 20_000
MAX_ACTIONS = 20_000
MAX_TURN_SECONDS = 86_400           # a clock's seconds left (the turn timer's longest choice is far less)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_TOKEN = re.compile(r"[0-9a-f]{32}")
_KEY = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_]+)+")
_VIEW_KEYS = frozenset(View.__annotations__)
_PLAYER_VIEW_KEYS = frozenset(PlayerView.__annotations__)
SEAT_STATUSES = ("local", "ai", "here", "away", "stand-in")     # State.seats: who plays each seat now


class ProtocolError(ValueError):
    """A message that is not one of the protocol's; the message says why."""


class _Message:
    def to_text(self) -> str:
        """The message as the channel carries it (compact JSON, sorted keys)."""
        return to_text(self)  # type: ignore[arg-type]


# --- the guest's messages -----------------------------------------------------------------------

@dataclass(frozen=True)
class Hello(_Message):
    """A guest's first message on a new connection: the invite it was given (one seat, or a spectator's place)."""
    invite: str


@dataclass(frozen=True)
class Rejoin(_Message):
    """A guest back on a new connection: its seat's (or spectator's) reconnect token."""
    token: str


@dataclass(frozen=True)
class Pledge(_Message):
    """The SHA-256 of the guest's contribution to the deal (``game.net.fairdeal.pledge``), sent first."""
    digest: str


@dataclass(frozen=True)
class Contribution(_Message):
    """The guest's randomness for the deal (64 hex digits), sent once every seat's pledge is known."""
    value: str


@dataclass(frozen=True)
class Command(_Message):
    """An action in the text notation (``game.actions``), played ``at`` this many actions into the game."""
    action: str
    at: int


@dataclass(frozen=True)
class Ping(_Message):
    """A number the host sends back unchanged (``Pong``): the guest's clock, to time the channel."""
    t: int


# --- the host's messages ------------------------------------------------------------------------

@dataclass(frozen=True)
class Welcome(_Message):
    """The guest's place at the table: its seat (None: a spectator), its reconnect token, the
    table's public start (``game.net.host``: map, variant, players, first) and the host's
    commitment to its secret."""
    seat: int | None
    token: str
    table: dict[str, Any]
    commitment: str


@dataclass(frozen=True)
class Pledges(_Message):
    """Every seat's pledge (None: a seat without a guest): the guests may now send their contributions."""
    pledges: list[str | None]


@dataclass(frozen=True)
class Deal(_Message):
    """Every seat's contribution: the game's seed is the host's secret and these (``game.net.fairdeal``)."""
    contributions: list[str | None]


@dataclass(frozen=True)
class State(_Message):
    """The game ``at`` this many actions: the seat's view (``game.net.seen``), the events from
    number ``events_from`` on as the seat may see them, and who plays each seat (``SEAT_STATUSES``)."""
    at: int
    view: dict[str, Any]
    events_from: int
    events: list[dict[str, Any]]
    seats: list[str]


    def split(self, limit: int = STATE_BYTES) -> list[State]:
        """This state as messages of at most ``limit`` UTF-8 bytes each (one while it fits): the
        same position, the events shared out in order, so a guest that reads them all has every
        event.  An event too large for ``limit`` on its own travels alone."""
        size = len(State(self.at, self.view, self.events_from, [], self.seats).to_text().encode("utf-8"))
        parts: list[State] = []
        first, used = 0, size
        for i, event in enumerate(self.events):
            grown = len(json.dumps(event, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")) + 1
            if used + grown > limit and i > first:
                parts.append(State(self.at, self.view, self.events_from + first, self.events[first:i], self.seats))
                first, used = i, size
            used += grown
        parts.append(State(self.at, self.view, self.events_from + first, self.events[first:], self.seats))
        return parts


@dataclass(frozen=True)
class Refusal(_Message):
    """A guest's message refused, nothing changed: the action refused (None: not a command), the
    reason's translation key (``rule.*`` from the engine, ``net.*`` from the table) with its
    parameters, and the reason in English."""
    action: str | None
    key: str
    params: dict[str, Any]
    reason: str

    @classmethod
    def of(cls, action: str | None, problem: Problem, reason: str) -> Refusal:
        """The refusal of ``action`` for ``problem``, ``reason`` its English (cut to 2,000
        characters), the parameters as JSON values (:func:`plain_params`)."""
        return cls(action, problem.key, plain_params(problem.params), reason[:2_000])

    @property
    def problem(self) -> Problem:
        """The reason, for the player (``game.ui.words.said`` names its ids)."""
        return Problem(self.key, self.params)


@dataclass(frozen=True)
class Reveal(_Message):
    """At the end of the game: the host's secret and every action played, for the guest's check."""
    secret: str
    actions: list[str]


@dataclass(frozen=True)
class Pong(_Message):
    t: int


@dataclass(frozen=True)
class Clock(_Message):
    """The table's turn timer at ``at`` actions: the whole seconds left to the seat to act (None:
    no decision is timed now, as an AI's), and the actions the host played for a seat whose time
    ran out (``timeouts``, in order; each was logged so).  Public: every connection has it, just
    before the state of that position (a guest counts down from when it reads it)."""
    at: int
    left: int | None
    timeouts: list[int]


GuestMessage: TypeAlias = Hello | Rejoin | Pledge | Contribution | Command | Ping
HostMessage: TypeAlias = Welcome | Pledges | Deal | State | Refusal | Reveal | Pong | Clock
Message: TypeAlias = GuestMessage | HostMessage

_NAMES: dict[type, str] = {
    Hello: "hello", Rejoin: "rejoin", Pledge: "pledge", Contribution: "contribution", Command: "command",
    Ping: "ping", Welcome: "welcome", Pledges: "pledges", Deal: "deal", State: "state", Refusal: "refusal",
    Reveal: "reveal", Pong: "pong", Clock: "clock",
}


def to_text(message: Message) -> str:
    """The message as the channel carries it (compact JSON, sorted keys)."""
    data = asdict(message)
    data["type"], data["v"] = _NAMES[type(message)], VERSION
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# --- reading ------------------------------------------------------------------------------------

def _is_table(value: Any) -> bool:
    """the table's start (map, variant, players, first)"""
    if not isinstance(value, dict) or set(value) != {"map", "variant", "players", "first"}:
        return False
    players = value["players"]
    return isinstance(value["map"], str) and (value["variant"] is None or isinstance(value["variant"], str)) \
        and isinstance(players, list) and MIN_SEATS <= len(players) <= MAX_SEATS \
        and all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players) \
        and whole(0, len(players) - 1)(value["first"])


def _is_view(value: Any) -> bool:
    """a seat's view of the game"""
    if not (isinstance(value, dict) and set(value) == _VIEW_KEYS and isinstance(value["players"], list)
            and MIN_SEATS <= len(value["players"]) <= MAX_SEATS
            and all(isinstance(p, dict) and set(p) == _PLAYER_VIEW_KEYS for p in value["players"])):
        return False
    # what a guest keeps of each view (game.net.fairdeal.Seen) and draws first
    return isinstance(value["market"], list) and (value["viewer"] is None or whole(
        0, len(value["players"]) - 1)(value["viewer"])) and all(
        (p["hand"] is None or isinstance(p["hand"], dict)) and (p["offer"] is None or isinstance(p["offer"], list))
        and (p["tickets"] is None or isinstance(p["tickets"], list)) for p in value["players"])


def _is_event(value: Any) -> bool:
    """an event as one seat sees it"""
    return isinstance(value, dict) and value.get("kind") in KINDS and whole(0, MAX_SEATS - 1)(value.get("seat")) \
        and isinstance(value.get("private"), dict)


def _is_params(value: Any) -> bool:
    """an object of ids and numbers"""
    return isinstance(value, dict) and len(value) <= 20 and all(
        isinstance(v, (str, int, float, bool)) or v is None for v in value.values())


_HEX = pattern(_HEX64, "64 hexadecimal digits (0-9, a-f)")
_TOKEN_TEXT = pattern(_TOKEN, "32 hexadecimal digits (0-9, a-f)")
_COUNT = whole(0, MAX_SAFE_INTEGER)
_SEAT_LIST = list_of(optional(_HEX), MIN_SEATS, MAX_SEATS)
_SPECS: dict[str, tuple[type, dict[str, Check]]] = {
    "hello": (Hello, {"invite": _TOKEN_TEXT}),
    "rejoin": (Rejoin, {"token": _TOKEN_TEXT}),
    "pledge": (Pledge, {"digest": _HEX}),
    "contribution": (Contribution, {"value": _HEX}),
    "command": (Command, {"action": text(MAX_ACTION_CHARS), "at": whole(0, MAX_ACTIONS)}),
    "ping": (Ping, {"t": _COUNT}),
    "welcome": (Welcome, {"seat": optional(whole(0, MAX_SEATS - 1)), "token": _TOKEN_TEXT,
                          "table": _is_table, "commitment": _HEX}),
    "pledges": (Pledges, {"pledges": _SEAT_LIST}),
    "deal": (Deal, {"contributions": _SEAT_LIST}),
    "state": (State, {"at": whole(0, MAX_ACTIONS), "view": _is_view, "events_from": whole(0, MAX_EVENTS),
                      "events": list_of(_is_event, 0, MAX_EVENTS),
                      "seats": list_of(one_of(SEAT_STATUSES), MIN_SEATS, MAX_SEATS)}),
    "refusal": (Refusal, {"action": optional(text(MAX_ACTION_CHARS)),
                          "key": pattern(_KEY, "a translation key (words joined by dots)"),
                          "params": _is_params, "reason": text(2_000)}),
    "reveal": (Reveal, {"secret": _HEX, "actions": list_of(text(MAX_ACTION_CHARS), 0, MAX_ACTIONS)}),
    "pong": (Pong, {"t": _COUNT}),
    "clock": (Clock, {"at": whole(0, MAX_ACTIONS), "left": optional(whole(0, MAX_TURN_SECONDS)),
                      "timeouts": list_of(whole(0, MAX_ACTIONS), 0, MAX_ACTIONS)}),
}
GUEST_TYPES = frozenset({"hello", "rejoin", "pledge", "contribution", "command", "ping"})
HOST_TYPES = frozenset(_SPECS) - GUEST_TYPES


def _read(text: Any, types: frozenset[str], sender: str, max_chars: int) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise ProtocolError(f"expected text, not {kind_of(text)}")
    if isinstance(text, str) and len(text) > max_chars:
        raise ProtocolError(f"the message is longer than {max_chars:,} characters")
    try:
        data = read_json(text, max_chars=max_chars)
    except JsonTextError as exc:
        raise ProtocolError(str(exc)) from None
    if not isinstance(data, dict):
        raise ProtocolError(f"expected a JSON object, not {_described(data)}")
    version = data.get("v")
    if not (isinstance(version, int) and not isinstance(version, bool)) or abs(version) >= 10 ** 12:
        raise ProtocolError(f"v: expected the protocol's version ({VERSION}), not {_described(version)}")
    if version != VERSION:
        raise ProtocolError(f"version {shown(version)}: this game speaks version {VERSION}")
    kind = data.get("type")
    if "type" not in data:
        raise ProtocolError("the message has no type")
    if not isinstance(kind, str) or kind not in _SPECS:
        raise ProtocolError(f"type: expected a message type of this game, not {_described(kind)}")
    if kind not in types:
        raise ProtocolError(f"type {shown(kind)}: not a message a {sender} sends")
    cls, spec = _SPECS[kind]
    fields_given = set(data) - {"type", "v"}
    missing, unknown = set(spec) - fields_given, fields_given - set(spec)
    if missing:
        raise ProtocolError(f"{kind}: {_fields('missing', sorted(missing))}")
    if unknown:
        raise ProtocolError(f"{kind}: {_fields('unknown', [shown(f) for f in sorted(unknown)])}")
    for name, check in spec.items():
        if not check(data[name]):
            raise ProtocolError(f"{name}: expected {check.__doc__}, not {_described(data[name])}")
    return cls(**{f.name: data[f.name] for f in fields(cls)})


def _fields(what: str, names: list[str]) -> str:
    """``missing field at``, ``unknown fields 'x', 'y'``: at most five named."""
    more = f" and {len(names) - 5:,} more" if len(names) > 5 else ""
    return f"{what} field{'s' if len(names) > 1 else ''} {', '.join(names[:5])}{more}"


def _described(value: Any) -> str:
    """A value received, said after "not": the value itself when short (``-1``, ``1.5``,
    ``true``, ``null``, ``'zz'``), else what it is (``a list``, ``text of 500 characters``)."""
    if isinstance(value, str):
        return "empty text" if not value else f"text of {len(value):,} characters" if len(value) > 40 else repr(value)
    if isinstance(value, float):
        return repr(value)          # a finite number (read_json refuses the others)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 12:
        return f"a number of {len(str(abs(value)))} digits"
    return shown(value)         # a whole number, true, false, null, a list, an object


def read_guest(text: Any) -> GuestMessage:
    """The guest's message in ``text`` (what the host receives); :class:`ProtocolError` if it is none."""
    message: GuestMessage = _read(text, GUEST_TYPES, "guest", MAX_GUEST_CHARS)
    return message


def read_host(text: Any) -> HostMessage:
    """The host's message in ``text`` (what a guest receives); :class:`ProtocolError` if it is none."""
    message: HostMessage = _read(text, HOST_TYPES, "host", MAX_HOST_CHARS)
    return message


def plain_params(params: Mapping[str, object]) -> dict[str, Any]:
    """A refusal's parameters as JSON values: ids and numbers as they are, anything else as text."""
    return {str(k): v if isinstance(v, (str, int, float, bool)) or v is None else str(v)
            for k, v in list(params.items())[:20]}
