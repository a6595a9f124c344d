"""The host's table: who sits where, what each guest's message does to the game, and what each connection is sent.

The host's browser keeps the game (a ``game.match.Match``, the same record as a game on one
device, which the host's screen shows) and this table beside it.  Seats are ``local`` (the human playing on the host's
device; at most one), ``ai`` or ``remote`` (a guest's); spectators watch with public facts
only.  The table is driven by the page and answers what to send: :meth:`HostTable.receive`
for a guest's message, :meth:`HostTable.outbox` after any move (a guest's, the local
player's, an AI seat's: :meth:`HostTable.play_held` first), :meth:`HostTable.disconnected` when a channel closes.  Each answer is
a list of :class:`Send` (a connection and the text for it).

A guest's message is refused, changing nothing, with a :class:`game.net.protocol.Refusal`
naming the reason: malformed text, a hello or rejoin asking a connection that has a place
for another (a new place takes a new connection), a command from a connection with no seat, a spectator's,
before the deal, from a seat not on turn, made on a position that has moved on, or one the
engine refuses (its own reason key).  The opening tickets are chosen by every seat at once, as
the rules have it: a seat's choice made before its turn is held and played the moment the seat is
to act (:meth:`HostTable.choose_ahead`, ``game.opening``), so the game's record stays seat by seat.  Before the game the table runs the fair deal
(``game.net.fairdeal``): the commitment in every welcome, the pledges, then the contributions,
and the game starts when every remote seat has contributed.

A new table's start and seats, and what the table keeps across the host's reload
(:meth:`HostTable.to_json`), are ``game.net.kept``'s; what each connection is owed,
``game.net.owed``'s.  Connections are not kept: after a reload every guest rejoins with its token.

>>> start = {"map": "usa", "variant": None, "first": 0,
...          "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "kind": "ai", "level": "easy"}]}
>>> table = HostTable.create(start, remote=[1], entropy=lambda n: bytes(n))
>>> [s.kind for s in table.seats], table.dealt
(['local', 'remote', 'ai'], False)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action, ActionSyntaxError, parse_action
from game.ai.decide import safe_move
from game.match import Match
from game.net.dealing import Dealing
from game.net.fairdeal import Entropy, commitment, same
from game.net.kept import TOKEN_BYTES, KeptTable, SeatInfo, TableError
from game.net.owed import Link, Send
from game.net.protocol import (
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
    Welcome,
    read_guest,
)
from game.opening import Held, choosing, stage_start
from game.problem import Problem
from game.rules import IllegalActionError


@dataclass
class HostTable(Dealing):
    """The table (see the module docstring); make one with :meth:`create` or :meth:`from_json`."""
    start: dict[str, Any]
    secret: str
    seats: list[SeatInfo]
    spectators: list[str] = field(default_factory=list)        # the spectators' tokens
    invites: dict[str, int | None] = field(default_factory=dict)   # invite -> seat (None: a spectator)
    match: Match | None = None        # the game, once dealt
    entropy: Entropy = os.urandom
    links: dict[str, Link] = field(default_factory=dict)
    away_since: dict[int, float] = field(default_factory=dict)     # remote seat -> when its guest left
    decision: tuple[int, float] | None = None      # (actions played, when the clock was first asked then)
    restored: set[int] = field(default_factory=set)    # remote seats not rejoined since the host's reload: untimed
    turn_limit: int | None = None       # the turn timer: seconds a decision (``TURN_LIMITS``; None: no limit)
    clock: Callable[[], float] = time.time     # the time now, in seconds (the clocks sent start from it)
    held: Held = field(default_factory=Held)   # opening choices made ahead of their seat's turn (``game.opening``)

    # --- making and keeping -------------------------------------------------------------------------

    @classmethod
    def create(cls, start: Mapping[str, Any], remote: Collection[int], entropy: Entropy = os.urandom,
               turn_limit: int | None = None) -> HostTable:
        """A new table for a new game: ``start`` is its public start (map, variant, players as in a
        scenario, first; no seed, position or actions), ``remote`` the seats guests will take (human
        seats); any other human seat is the host's own (at most one); ``turn_limit``: the turn
        timer's seconds a decision (one of ``TURN_LIMITS``; None: no limit)."""
        kept = KeptTable.new(start, remote, entropy, turn_limit)
        table = cls(kept.start, kept.secret, kept.seats, entropy=entropy, turn_limit=turn_limit)
        table._advance()
        return table

    def to_json(self) -> dict[str, Any]:
        """What the host's save keeps of the table (``game.net.kept``)."""
        return KeptTable(self.start, self.secret, self.seats, self.spectators, self.invites, self.match,
                         self.turn_limit, self.held).to_json()

    @classmethod
    def from_json(cls, data: Any, now: float = 0.0, entropy: Entropy = os.urandom) -> HostTable:
        """The table of a host's save, reloaded at ``now`` (raises :class:`game.net.kept.TableError`
        saying what is wrong): every remote seat is away from ``now`` until its guest rejoins."""
        kept = KeptTable.from_json(data)
        remote = {i for i, s in enumerate(kept.seats) if s.kind == "remote"}
        table = cls(kept.start, kept.secret, kept.seats, kept.spectators, kept.invites, kept.match, entropy=entropy,
                    away_since=dict.fromkeys(remote, now), turn_limit=kept.turn_limit, restored=remote, held=kept.held)
        table.play_held()
        return table

    # --- seats, invites, statuses -------------------------------------------------------------------

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
        self.play_held()
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

    def _command(self, conn: str, seat: int, message: Command) -> list[Send]:
        match, text = self.match, message.action
        if match is None:
            return [self._refuse(conn, text, "net.refused.not_started", "the game has not started: the deal is not done")]
        if match.over:
            return [self._refuse(conn, text, "rule.phase.over", "the game is over")]
        # the opening's tickets, chosen by every seat at once: a seat still holding its offer may
        # keep before its turn, and its choice (ahead, or crossing the news that its turn came)
        # was made on its stage's offers; any other move is the seat on turn's, on the position now
        opening = seat in choosing(match.state) and seat not in self.held.choices
        ahead = opening and match.current != seat
        if match.current != seat and not ahead:
            return [self._refuse(conn, text, "net.refused.not_your_turn", "it is not your turn",
                                 player=match.current)]
        chosen_on = stage_start(match.state, match.played()) if opening else match.played()
        if not chosen_on <= message.at <= match.played():
            return [self._refuse(conn, text, "net.refused.stale", "the game has moved on since this move was chosen")]
        try:
            action = parse_action(text)
        except ActionSyntaxError as exc:
            return [self._refuse(conn, text, "net.refused.message", str(exc), detail=str(exc))]
        try:
            if ahead:
                return self.choose_ahead(seat, action)
            match.play(action)
        except IllegalActionError as exc:
            return [Send(conn, Refusal.of(text, exc.problem, str(exc)).to_text())]
        self.play_held()
        return self.outbox()

    def choose_ahead(self, seat: int, action: Action) -> list[Send]:
        """``seat``'s opening choice made before its turn (the rules: every seat chooses at once),
        held and played the moment the seat is to act (``game.opening.Held``; a guest's, or the
        host's player's); what to send (nothing has changed for anyone else yet).  Raises
        ``IllegalActionError`` when the rules refuse it, ``ValueError`` when the seat has no
        opening choice to make now."""
        assert self.match is not None
        self.held.hold(self.match, seat, action)
        self.play_held()
        return self.outbox()

    def play_held(self) -> int:
        """After a move (anyone's): the opening choices held for the seats now to act played at
        once, in turn; how many were."""
        return 0 if self.match is None else self.held.play_due(self.match)

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
            self.links[conn] = Link(seat)
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
        """What each connection is owed now (``game.net.owed``): the game since what it was last
        sent (its seat's view and events), the seats' statuses when they changed, the clock at
        each new decision with a turn timer, and the reveal once the game is over."""
        match = self.match
        if match is None:
            return []
        statuses = self.statuses()
        left = None if self.turn_limit is None else lambda: self.turn_left(self.clock())
        return [Send(conn, text) for conn, link in self.links.items()
                for text in link.owed(match, statuses, self.secret, left)]
