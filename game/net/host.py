"""The host's table: who sits where, what each guest's message does to the game, and what each connection is sent.

The host's browser keeps the game (a ``game.match.Match``, the same record as a game on one
device, which the host's screen shows) and this table beside it.  Seats are ``local`` (the human playing on the host's
device; at most one), ``ai`` or ``remote`` (a guest's); spectators watch with public facts
only.  The table is driven by the page and answers what to send: :meth:`HostTable.receive`
for a guest's message, :meth:`HostTable.outbox` after any move (a guest's, the local
player's, an AI seat's), :meth:`HostTable.disconnected` when a channel closes.  Each answer is
a list of :class:`Send` (a connection and the text for it).

A guest's message is refused, changing nothing, with a :class:`game.net.protocol.Refusal`
naming the reason: malformed text, a hello or rejoin asking a connection that has a place
for another (a new place takes a new connection), a command from a connection with no seat, a spectator's,
before the deal, from a seat not on turn, made on a position that has moved on, or one the
engine refuses (its own reason key).  Before the game the table runs the fair deal
(``game.net.fairdeal``): the commitment in every welcome, the pledges, then the contributions,
and the game starts when every remote seat has contributed.

What the table keeps across the host's reload (:meth:`HostTable.to_json`): the public start,
the secret, each seat's kind, token, pledge, contribution and stand-in, the spectators'
tokens, the open invites, the game played, the turn timer's limit and the actions played
when a seat's time ran out.  Connections are not kept: after a reload every
guest rejoins with its token.

>>> start = {"map": "usa", "variant": None, "first": 0,
...          "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "kind": "ai", "level": "easy"}]}
>>> table = HostTable.create(start, remote=[1], entropy=lambda n: bytes(n))
>>> [s.kind for s in table.seats], table.dealt
(['local', 'remote', 'ai'], False)
"""

from __future__ import annotations

import math
import os
import re
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, cast

from game.actions import ActionSyntaxError, parse_action
from game.ai.decide import safe_move
from game.match import Match
from game.net.fairdeal import Entropy, commitment, derive_seed, new_secret, pledge, same
from game.net.protocol import (
    Clock,
    Command,
    Contribution,
    Deal,
    GuestMessage,
    Hello,
    Ping,
    Pledge,
    Pledges,
    Pong,
    ProtocolError,
    Refusal,
    Rejoin,
    Reveal,
    State,
    Welcome,
    read_guest,
)
from game.net.seen import seat_events, seat_view
from game.problem import Problem
from game.rules import IllegalActionError
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
PLAYER_KEYS = frozenset({"name", "kind", "colour", "level"})


class TableError(ValueError):
    """A table that cannot be made or restored; the message says why."""


@dataclass(frozen=True)
class Send:
    """Text for one connection (the page's id for a channel)."""
    conn: str
    text: str


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
class _Link:
    """A connection with a place at the table: the seat (None: a spectator), how many events it
    was sent, the seats' statuses and the clock it was last sent, whether it has had the reveal."""
    seat: int | None
    events: int = 0
    statuses: list[str] | None = None
    revealed: bool = False
    clock: tuple[int, bool] | None = None     # the last clock sent: the actions played then, whether timed


@dataclass
class HostTable:
    """The table (see the module docstring); make one with :meth:`create` or :meth:`from_json`."""
    start: dict[str, Any]
    secret: str
    seats: list[SeatInfo]
    spectators: list[str] = field(default_factory=list)        # the spectators' tokens
    invites: dict[str, int | None] = field(default_factory=dict)   # invite -> seat (None: a spectator)
    match: Match | None = None        # the game, once dealt
    entropy: Entropy = os.urandom
    links: dict[str, _Link] = field(default_factory=dict)
    away_since: dict[int, float] = field(default_factory=dict)     # remote seat -> when its guest left
    decision: tuple[int, float] | None = None      # (actions played, when the clock was first asked then)
    restored: set[int] = field(default_factory=set)    # remote seats not rejoined since the host's reload: untimed
    turn_limit: int | None = None       # the turn timer: seconds a decision (``TURN_LIMITS``; None: no limit)
    clock: Callable[[], float] = time.time     # the time now, in seconds (the clocks sent start from it)

    # --- making and keeping -------------------------------------------------------------------------

    @classmethod
    def create(cls, start: Mapping[str, Any], remote: Collection[int], entropy: Entropy = os.urandom,
               turn_limit: int | None = None) -> HostTable:
        """A new table for a new game: ``start`` is its public start (map, variant, players as in a
        scenario, first; no seed, position or actions), ``remote`` the seats guests will take (human
        seats); any other human seat is the host's own (at most one); ``turn_limit``: the turn
        timer's seconds a decision (one of ``TURN_LIMITS``; None: no limit)."""
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
        table = cls(start, new_secret(entropy), seats, entropy=entropy, turn_limit=turn_limit)
        table._advance()
        return table

    def to_json(self) -> dict[str, Any]:
        """What the host's save keeps of the table (see the module docstring)."""
        return {"net": TABLE_FORMAT, "start": self.start, "secret": self.secret,
                "seats": [{"kind": s.kind, "token": s.token, "pledge": s.pledge, "contribution": s.contribution,
                           "stand_in": s.stand_in} for s in self.seats],
                "spectators": list(self.spectators), "invites": dict(self.invites),
                "game": self.match.scenario() if self.match is not None else None,
                "turn_limit": self.turn_limit,
                "timeouts": sorted(self.match.timed_out) if self.match is not None else []}

    @classmethod
    def from_json(cls, data: Any, now: float = 0.0, entropy: Entropy = os.urandom) -> HostTable:
        """The table of a host's save, reloaded at ``now`` (raises :class:`TableError` saying what
        is wrong): every remote seat is away from ``now`` until its guest rejoins."""
        if not isinstance(data, dict) or data.get("net") != TABLE_FORMAT:
            raise TableError(f"not a table of this version (expected \"net\": {TABLE_FORMAT})")
        if set(data) not in (_SAVED_KEYS, _SAVED_KEYS | _TIMER_KEYS):
            raise TableError("a table has net, start, secret, seats, spectators, invites and game "
                             "(and turn_limit and timeouts)")
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
        table = cls(start, data["secret"], seats, list(spectators), dict(invites), entropy=entropy,
                    away_since={i: now for i, s in enumerate(seats) if s.kind == "remote"}, turn_limit=turn_limit,
                    restored={i for i, s in enumerate(seats) if s.kind == "remote"})
        game = data["game"]
        if game is not None:
            if not isinstance(game, dict) or {k: game.get(k) for k in START_KEYS} != start \
                    or game.get("seed") != table._seed():
                raise TableError("game: not the game this table dealt")
            actions = game.get("actions")
            if timeouts and (not isinstance(actions, list) or timeouts[-1] >= len(actions)):
                raise TableError("timeouts: an action the game has not played")
            try:
                table.match = Match(cast(Scenario, game), timed_out=timeouts)
            except ValueError as exc:
                raise TableError(f"game: {exc}") from None
        elif timeouts:
            raise TableError("timeouts: the game has not started")
        return table

    # --- seats, invites, statuses -------------------------------------------------------------------

    @property
    def dealt(self) -> bool:
        return self.match is not None

    def local_seat(self) -> int | None:
        """The seat played on the host's device (None: the host only keeps the table)."""
        return next((i for i, s in enumerate(self.seats) if s.kind == "local"), None)

    def invite(self, seat: int | None) -> str:
        """A new invite for a remote seat (None: a spectator's place), for the link the page makes;
        it is good for one connection, and the seat's earlier invite no longer is."""
        if seat is not None and not (0 <= seat < len(self.seats) and self.seats[seat].kind == "remote"):
            raise TableError(f"seat {seat}: not a remote seat")
        if seat is not None:
            self.invites = {code: s for code, s in self.invites.items() if s != seat}
        code = self.entropy(TOKEN_BYTES).hex()
        self.invites[code] = seat
        return code

    def statuses(self) -> list[str]:
        """Who plays each seat now (``game.net.protocol.SEAT_STATUSES``): public."""
        bound = {link.seat for link in self.links.values()}
        return [s.kind if s.kind != "remote" else "stand-in" if s.stand_in else "here" if i in bound else "away"
                for i, s in enumerate(self.seats)]

    def bound(self, conn: str) -> bool:
        """Whether connection ``conn`` has a place at the table (a seat or a spectator's); the page
        closes one that lost it (another connection took its seat)."""
        return conn in self.links

    def seat_of(self, conn: str) -> int | None:
        """The seat of a connection (None: a spectator's, or a connection with no place)."""
        link = self.links.get(conn)
        return None if link is None else link.seat

    def ai_to_move(self) -> bool:
        """An AI plays the seat to act: an AI seat, or a remote seat given to an AI while its guest is away."""
        match = self.match
        if match is None or match.over:
            return False
        return match.ai_seat_to_move() or self.seats[match.current].stand_in

    def away(self, now: float, grace: float) -> list[int]:
        """The remote seats whose guest has been away ``grace`` seconds or more at ``now``, not yet given to an AI."""
        return [seat for seat, since in sorted(self.away_since.items())
                if now - since >= grace and not self.seats[seat].stand_in]

    def stand_in(self, seat: int) -> list[Send]:
        """Give a remote seat whose guest is away to an AI (until the guest rejoins)."""
        if self.seats[seat].kind != "remote" or seat not in self.away_since:
            raise TableError(f"seat {seat}: only a remote seat whose guest is away can be given to an AI")
        self.seats[seat].stand_in = True
        if self.ai_to_move():
            self.decision = None        # the guest's decision, if it returns, starts anew
        return self.outbox()

    def stop_stand_in(self, seat: int) -> list[Send]:
        """Take a remote seat back from the AI that plays it while its guest is away: the seat
        waits for its guest again (the turn timer, if any, then counts its decisions: one taken
        back from the AI from the start)."""
        if not (0 <= seat < len(self.seats) and self.seats[seat].stand_in):
            raise TableError(f"seat {seat}: no AI plays it for its guest")
        self.seats[seat].stand_in = False
        return self.outbox()

    def turn_left(self, now: float) -> float | None:
        """The turn timer: the seconds left at ``now`` to the seat to act (None: no limit, no game
        running, an AI plays the seat to act, or its guest has not rejoined since the host's
        reload: a reload is the host's doing).  A decision's clock starts the first time it is
        asked after the position changed, or after an AI or a wait for the rejoin held it: so a
        guest that takes its seat back, from the AI or after the reload, has the whole time.  At
        0 :meth:`time_out` plays a safe move for the seat."""
        match = self.match
        if self.turn_limit is None or match is None or match.over:
            return None
        if self.ai_to_move() or match.current in self.restored:
            self.decision = None
            return None
        played = match.played()
        if self.decision is None or self.decision[0] != played:
            self.decision = (played, now)
        return max(0.0, self.decision[1] + self.turn_limit - now)

    def time_out(self, now: float) -> list[Send]:
        """If the seat to act has run out of time at ``now``: the log says so, a safe move is
        played for it (``game.ai.decide.safe_move``), and everyone is sent the news; else nothing."""
        if self.turn_left(now) != 0.0:
            return []
        assert self.match is not None
        self.match.time_out(safe_move(self.match))
        return self.outbox()

    # --- messages -------------------------------------------------------------------------------

    def receive(self, conn: str, text: Any) -> list[Send]:
        """A guest's message on connection ``conn``: what to send (a refusal for anything that
        cannot be used; never an exception)."""
        try:
            message = read_guest(text)
        except ProtocolError as exc:
            return [self._refuse(conn, None, "net.refused.message", str(exc), detail=str(exc))]
        return self._handle(conn, message)

    def _handle(self, conn: str, message: GuestMessage) -> list[Send]:
        if isinstance(message, Ping):
            return [Send(conn, Pong(message.t).to_text())]
        if isinstance(message, Hello):
            seat = self.invites.get(message.invite, False)
            if seat is False:
                return [self._refuse(conn, None, "net.refused.not_seated", "this invite is unknown or used")]
            if conn in self.links and (seat is None or self.links[conn].seat != seat):
                return [self._moving(conn)]
            del self.invites[message.invite]
            self.links.pop(conn, None)      # a new invite's guest (a new device) gets the whole game
            if seat is None:
                token = self.entropy(TOKEN_BYTES).hex()
                self.spectators.append(token)
                return self._bind(conn, None, token)
            assert isinstance(seat, int)
            return self._bind(conn, seat, self.seats[seat].token)
        if isinstance(message, Rejoin):
            link = self.links.get(conn)
            for seat, info in enumerate(self.seats):
                if info.token is not None and same(info.token, message.token):
                    return [self._moving(conn)] if link is not None and link.seat != seat \
                        else self._bind(conn, seat, info.token)
            if any(same(t, message.token) for t in self.spectators):
                return [self._moving(conn)] if link is not None and link.seat is not None \
                    else self._bind(conn, None, message.token)
            return [self._refuse(conn, None, "net.refused.not_seated", "this reconnect code is not one of this table")]
        link = self.links.get(conn)
        if link is None:
            return [self._refuse(conn, None, "net.refused.not_seated", "this connection has no seat: send hello first")]
        if link.seat is None:
            return [self._refuse(conn, getattr(message, "action", None), "net.refused.spectator",
                                 "a spectator plays no moves")]
        if isinstance(message, Pledge):
            return self._pledge(conn, link.seat, message.digest)
        if isinstance(message, Contribution):
            return self._contribute(conn, link.seat, message.value)
        return self._command(conn, link.seat, message)

    def _pledge(self, conn: str, seat: int, digest: str) -> list[Send]:
        info = self.seats[seat]
        if info.pledge == digest or self.dealt:
            return []       # after the deal a new guest of the seat watches it as a late joiner
        if self._all_pledged():
            # restarting the round would let a pledge chosen after seeing contributions steer the seed
            return [self._refuse(conn, None, "net.refused.pledges_closed",
                                 "every pledge is in: a pledge can no longer change, and this seat's contribution "
                                 "is only on the device that pledged it")]
        info.pledge = digest
        return self._advance()

    def _contribute(self, conn: str, seat: int, value: str) -> list[Send]:
        info = self.seats[seat]
        if info.contribution == value:
            return []
        if self.dealt or not self._all_pledged() or info.pledge is None or not same(pledge(value), info.pledge):
            return [self._refuse(conn, None, "net.refused.message",
                                 "a contribution comes once every pledge is sent, and matches its pledge",
                                 detail="contribution")]
        info.contribution = value
        return self._advance()

    def _command(self, conn: str, seat: int, message: Command) -> list[Send]:
        match, text = self.match, message.action
        if match is None:
            return [self._refuse(conn, text, "net.refused.not_started", "the game has not started: the deal is not done")]
        if match.over:
            return [self._refuse(conn, text, "rule.phase.over", "the game is over")]
        if match.current != seat:
            return [self._refuse(conn, text, "net.refused.not_your_turn", "it is not your turn",
                                 player=match.current)]
        if message.at != match.played():
            return [self._refuse(conn, text, "net.refused.stale", "the game has moved on since this move was chosen")]
        try:
            action = parse_action(text)
        except ActionSyntaxError as exc:
            return [self._refuse(conn, text, "net.refused.message", str(exc), detail=str(exc))]
        try:
            match.play(action)
        except IllegalActionError as exc:
            return [Send(conn, Refusal.of(text, exc.problem, str(exc)).to_text())]
        return self.outbox()

    def _moving(self, conn: str) -> Send:
        """A connection with a place asking for another: refused (its seat would be left neither
        here nor away); a device takes another place on a new connection."""
        return self._refuse(conn, None, "net.refused.message",
                            "this connection has its place at the table already: another place takes a new connection")

    def _refuse(self, conn: str, action: str | None, key: str, reason: str, **params: object) -> Send:
        return Send(conn, Refusal.of(action, Problem(key, params), reason).to_text())

    def _bind(self, conn: str, seat: int | None, token: str | None) -> list[Send]:
        """Give ``conn`` its place: an earlier connection of the same seat loses it; the guest
        gets the welcome, the deal so far and the whole game as it may see it (a connection
        that rejoins its place gets only what it is owed: a rejoin sends the game once a connection)."""
        assert token is not None
        kept = self.links.get(conn)
        if seat is not None:
            self.links = {c: link for c, link in self.links.items() if link.seat != seat or c == conn}
            self.away_since.pop(seat, None)
            self.restored.discard(seat)
            self.seats[seat].stand_in = False
        if kept is None or kept.seat != seat:
            self.links[conn] = _Link(seat)
        out = [Send(conn, Welcome(seat, token, self.start, commitment(self.secret)).to_text())]
        if self._all_pledged():
            out.append(Send(conn, Pledges(self._pledges()).to_text()))
        if self.dealt:
            out.append(Send(conn, Deal([s.contribution for s in self.seats]).to_text()))
        return out + self.outbox()

    def disconnected(self, conn: str, now: float) -> list[Send]:
        """Connection ``conn`` closed at ``now``: its seat is away (the others are told)."""
        link = self.links.pop(conn, None)
        if link is None or link.seat is None:
            return []
        self.away_since[link.seat] = now
        return self.outbox()

    def outbox(self) -> list[Send]:
        """What each connection is owed now: the game since what it was last sent (its seat's view
        and events), the seats' statuses when they changed, and the reveal once the game is over."""
        match = self.match
        if match is None:
            return []
        out = []
        statuses = self.statuses()
        for conn, link in self.links.items():
            # the clock first: a guest starts its count when it reads it, before it draws the new position
            clock = self._clock(link, match.played())
            if clock is not None:
                out.append(Send(conn, clock.to_text()))
            if link.events < len(match.events) or link.statuses != statuses:
                state = State(match.played(), seat_view(match.state, link.seat), link.events,
                              seat_events(match.events[link.events:], link.seat), statuses)
                out += [Send(conn, part.to_text()) for part in state.split()]
                link.events, link.statuses = len(match.events), statuses
            if match.over and not link.revealed:
                out.append(Send(conn, Reveal(self.secret, [str(a) for a in match.actions]).to_text()))
                link.revealed = True
        return out

    def _clock(self, link: _Link, played: int) -> Clock | None:
        """The clock ``link`` is owed (with a turn timer): at each new decision, or when an AI
        takes a seat or gives it back."""
        if self.turn_limit is None or self.match is None:
            return None
        left = self.turn_left(self.clock())
        if link.clock == (played, left is not None):
            return None
        link.clock = (played, left is not None)
        return Clock(played, None if left is None else math.ceil(left), sorted(self.match.timed_out))

    # --- the deal -------------------------------------------------------------------------------

    def _remote(self) -> list[SeatInfo]:
        return [s for s in self.seats if s.kind == "remote"]

    def _all_pledged(self) -> bool:
        return all(s.pledge is not None for s in self._remote())

    def _pledges(self) -> list[str | None]:
        return [s.pledge for s in self.seats]

    def _seed(self) -> int:
        return derive_seed(self.secret, [s.contribution for s in self.seats])

    def _advance(self) -> list[Send]:
        """The deal's next step once every remote seat is ready: send the pledges, then deal."""
        if self.dealt or not self._all_pledged():
            return []
        if not all(s.contribution is not None for s in self._remote()):
            pledges = Pledges(self._pledges()).to_text()
            # the guests that have not contributed yet are asked (a repeat is harmless)
            return [Send(conn, pledges) for conn, link in self.links.items()
                    if link.seat is None or self.seats[link.seat].contribution is None]
        scenario = cast(Scenario, {**self.start, "seed": self._seed(), "actions": []})
        self.match = Match(scenario)
        deal = Deal([s.contribution for s in self.seats]).to_text()
        return [Send(conn, deal) for conn in self.links] + self.outbox()


def _check_limit(limit: Any) -> None:
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
