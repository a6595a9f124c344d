"""A hosted table's record: its start, secret and seats, made for a new game, and what the host's save keeps, read back with every check.

What the table keeps across the host's reload (:meth:`KeptTable.to_json`): the public start,
the secret, each seat's kind, token, pledge, contribution and stand-in, the spectators'
tokens, the open invites, the game played, the turn timer's limit, the actions played
when a seat's time ran out and the opening choices held for their seat's turn.  Connections are not kept: after a reload every guest rejoins
with its token (``game.net.host.HostTable.from_json``).

>>> KeptTable.from_json({"net": 0})
Traceback (most recent call last):
...
game.net.kept.TableError: not a table of this version (expected "net": 1)
>>> KeptTable.new({"map": "usa", "variant": None, "first": 0, "players": [{"name": "Ann"}, {"name": "Bob"}]},
...               remote=[1], entropy=bytes, turn_limit=90)
Traceback (most recent call last):
...
game.net.kept.TableError: turn_limit: expected none or one of 60, 120, 300 seconds, not 90
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, cast

from game.match import Match
from game.net.fairdeal import Entropy, derive_seed, new_secret
from game.opening import Held
from game.scenario import Scenario, ScenarioError, load_scenario
from game.seats import TURN_LIMITS

TABLE_FORMAT = 1
TOKEN_BYTES = 16
SEAT_KINDS = ("local", "remote", "ai")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_TOKEN = re.compile(r"[0-9a-f]{32}")      # TOKEN_BYTES in hexadecimal
START_KEYS = frozenset({"map", "variant", "players", "first"})
_SAVED_KEYS = frozenset({"net", "start", "secret", "seats", "spectators", "invites", "game"})
_TIMER_KEYS = frozenset({"turn_limit", "timeouts"})     # absent from a table kept before the turn timer
_HELD_KEYS = frozenset({"held"})        # absent from a table kept before the opening was chosen at once
PLAYER_KEYS = frozenset({"name", "kind", "colour", "level"})


class TableError(ValueError):
    """A table that cannot be made or restored; the message says why."""


@dataclass
class SeatInfo:
    """One seat of the table: its kind (``SEAT_KINDS``); a remote seat's reconnect token, pledge
    and contribution, and whether an AI plays it while its guest is away (``stand_in``)."""
    kind: str
    token: str | None = None
    pledge: str | None = None
    contribution: str | None = None
    stand_in: bool = False


@dataclass
class KeptTable:
    """What the host's save keeps of a table (see the module docstring); the game (``match``)
    once dealt, with the actions its turn timer played (``Match.timed_out``)."""
    start: dict[str, Any]
    secret: str
    seats: list[SeatInfo]
    spectators: list[str]
    invites: dict[str, int | None]
    match: Match | None
    turn_limit: int | None
    held: Held = field(default_factory=Held)    # opening choices made ahead of their seat's turn

    @classmethod
    def new(cls, start: Mapping[str, Any], remote: Collection[int], entropy: Entropy,
            turn_limit: int | None) -> KeptTable:
        """A new table's (``game.net.host.HostTable.create``, which says what the arguments are):
        its start checked, its seats made (a token for each remote seat), a new secret."""
        start = _checked_start(start)
        _check_limit(turn_limit)
        seats = []
        for i, p in enumerate(start["players"]):
            kind = "ai" if p.get("kind") == "ai" else "remote" if i in remote else "local"
            seats.append(SeatInfo(kind, token=entropy(TOKEN_BYTES).hex() if kind == "remote" else None))
        if any(i not in range(len(seats)) or seats[i].kind != "remote" for i in remote):
            raise TableError("remote: only human seats of the table can be remote")
        if sum(s.kind == "local" for s in seats) > 1:
            raise TableError("players: a table with guests has at most one human seat on the host's device")
        return cls(start, new_secret(entropy), seats, [], {}, None, turn_limit)

    def to_json(self) -> dict[str, Any]:
        """The table in the host's save."""
        return {"net": TABLE_FORMAT, "start": self.start, "secret": self.secret,
                "seats": [{"kind": s.kind, "token": s.token, "pledge": s.pledge, "contribution": s.contribution,
                           "stand_in": s.stand_in} for s in self.seats],
                "spectators": list(self.spectators), "invites": dict(self.invites),
                "game": self.match.scenario() if self.match is not None else None,
                "turn_limit": self.turn_limit,
                "timeouts": sorted(self.match.timed_out) if self.match is not None else [],
                "held": self.held.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> KeptTable:
        """The table of a host's save, checked (raises :class:`TableError` saying what is wrong)."""
        if not isinstance(data, dict) or data.get("net") != TABLE_FORMAT:
            raise TableError(f"not a table of this version (expected \"net\": {TABLE_FORMAT})")
        if set(data) - _HELD_KEYS not in (_SAVED_KEYS, _SAVED_KEYS | _TIMER_KEYS):
            raise TableError("a table has net, start, secret, seats, spectators, invites and game "
                             "(and turn_limit and timeouts, and held)")
        turn_limit, timeouts = data.get("turn_limit"), data.get("timeouts", [])
        _check_limit(turn_limit)
        if not isinstance(timeouts, list) or not all(type(t) is int for t in timeouts) \
                or any(b <= a for a, b in pairwise(timeouts)) or any(t < 0 for t in timeouts):
            raise TableError("timeouts: expected the numbers of the actions played when time ran out, in order")
        start = _checked_start(data["start"])
        if not _matches(_HEX64, data["secret"]):
            raise TableError("secret: expected 64 hexadecimal digits")
        seats_data = data["seats"]
        if not isinstance(seats_data, list) or len(seats_data) != len(start["players"]):
            raise TableError("seats: one per player")
        seats = []
        for s in seats_data:
            if not isinstance(s, dict) or set(s) != {"kind", "token", "pledge", "contribution", "stand_in"} \
                    or s["kind"] not in SEAT_KINDS or not isinstance(s["stand_in"], bool) \
                    or not (_matches(_TOKEN, s["token"]) if s["kind"] == "remote" else s["token"] is None) \
                    or not all(s[k] is None or _matches(_HEX64, s[k]) for k in ("pledge", "contribution")):
                raise TableError("seats: each has a kind (local, remote, ai), a remote seat's token (32 hexadecimal "
                                 "digits), pledge and contribution (64 or none), and stand_in")
            seats.append(SeatInfo(s["kind"], s["token"], s["pledge"], s["contribution"], s["stand_in"]))
        if sum(s.kind == "local" for s in seats) > 1:
            raise TableError("seats: at most one human seat on the host's device")
        spectators, invites = data["spectators"], data["invites"]
        if not isinstance(spectators, list) or not all(_matches(_TOKEN, t) for t in spectators):
            raise TableError("spectators: expected a list of tokens (32 hexadecimal digits)")
        if not isinstance(invites, dict) or not all(
                _matches(_TOKEN, code) and (seat is None or type(seat) is int and 0 <= seat < len(seats)
                                            and seats[seat].kind == "remote") for code, seat in invites.items()):
            raise TableError("invites: expected invite (32 hexadecimal digits) -> a remote seat or none")
        match = _kept_match(data["game"], start, derive_seed(data["secret"], [s.contribution for s in seats]), timeouts)
        try:
            held = Held.from_json(data.get("held", {}), match)
        except ValueError as exc:
            raise TableError(str(exc)) from None
        return cls(start, data["secret"], seats, list(spectators), dict(invites), match, turn_limit, held)


def _kept_match(game: Any, start: dict[str, Any], seed: int, timeouts: list[int]) -> Match | None:
    """The game of a host's save (None: not dealt yet), checked to be the one the table dealt
    (``seed``: the table's) with the actions its turn timer played (``timeouts``)."""
    if game is None:
        if timeouts:
            raise TableError("timeouts: the game has not started")
        return None
    if not isinstance(game, dict) or {k: game.get(k) for k in START_KEYS} != start or game.get("seed") != seed:
        raise TableError("game: not the game this table dealt")
    actions = game.get("actions")
    if timeouts and (not isinstance(actions, list) or timeouts[-1] >= len(actions)):
        raise TableError("timeouts: an action the game has not played")
    try:
        return Match(cast(Scenario, game), timed_out=timeouts)
    except ValueError as exc:
        raise TableError(f"game: {exc}") from None


def _check_limit(limit: Any) -> None:
    """Raise :class:`TableError` unless ``limit`` is a turn timer's (``TURN_LIMITS``) or None."""
    if limit is not None and (type(limit) is not int or limit not in TURN_LIMITS):
        raise TableError(f"turn_limit: expected none or one of {', '.join(map(str, TURN_LIMITS))} seconds, "
                         f"not {limit!r}"[:200])


def _matches(pattern: re.Pattern[str], value: Any) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _checked_start(start: Any) -> dict[str, Any]:
    """A table's public start, checked: a new game's scenario without seed, position or actions,
    its players as name, kind, colour and level (raises :class:`TableError`)."""
    if not isinstance(start, Mapping) or set(start) != START_KEYS:
        raise TableError(f"start: expected exactly {', '.join(sorted(START_KEYS))}")
    players = start["players"]
    if not isinstance(players, list) or not all(isinstance(p, dict) and set(p) <= PLAYER_KEYS for p in players):
        raise TableError("start.players: each a {name, kind, colour, level} object")
    checked = {"map": start["map"], "variant": start["variant"], "first": start["first"],
               "players": [dict(p) for p in players]}
    try:
        load_scenario({**checked, "seed": 0})
    except ScenarioError as exc:
        raise TableError(f"start: {exc}") from None
    return checked
