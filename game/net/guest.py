"""A guest's side of the table: its place, the game as the host shows it, the messages it sends, and its check of the deal at the end.

The page hands every text from the host to :meth:`GuestTable.receive`, which answers what to
send back (the pledge after the welcome, the contribution once every pledge is known) and
keeps what the screen draws: ``view`` (the seat's view, ``game.net.seen``), ``events`` (every
event so far as the seat saw them, for the log and the cues), ``statuses``, the last
``refusal``, the turn timer's last ``clock`` (with a timer).  :meth:`GuestTable.command` makes a move's message.  Once the host's reveal has
come, :meth:`GuestTable.check` replays the game (``game.net.fairdeal.check_deal``); a guest
that joined its seat after every pledge was in (:attr:`GuestTable.late`) checks it without a
contribution of its own.
:meth:`GuestTable.to_json` is what the guest's browser keeps across a reload (the reconnect
token, the contribution and everything the check needs).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from game.net.fairdeal import (
    DealCheckError,
    DealRecord,
    Entropy,
    Seen,
    check_deal,
    new_secret,
    pledge,
)
from game.net.protocol import (
    Clock,
    Command,
    Contribution,
    Deal,
    Hello,
    Ping,
    Pledge,
    Pledges,
    Pong,
    Refusal,
    Rejoin,
    Reveal,
    State,
    Welcome,
    read_host,
)

GUEST_FORMAT = 3        # 2: the views kept (and the digests of what was seen) carry players' face_up; 3: with tunnel cards
_NONE = type(None)
_KEPT_TYPES: dict[str, tuple[type, ...]] = {     # what GuestTable.to_json writes, field by field
    "contribution": (str,), "seat": (int, _NONE), "token": (str, _NONE), "table": (dict, _NONE),
    "commitment": (str, _NONE), "pledges": (list, _NONE), "contributions": (list, _NONE), "at": (int,),
    "view": (dict, _NONE), "events": (list,), "statuses": (list,), "seen": (list,), "secret": (str, _NONE),
    "actions": (list, _NONE)}


class GuestError(ValueError):
    """The host sent something that does not fit the game so far, or a saved guest is broken."""


@dataclass
class GuestTable:
    """A guest's table (see the module docstring)."""
    contribution: str
    seat: int | None = None
    token: str | None = None
    table: dict[str, Any] | None = None
    commitment: str | None = None
    pledges: list[str | None] | None = None
    contributions: list[str | None] | None = None
    at: int = 0
    view: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    seen: list[Seen] = field(default_factory=list)
    secret: str | None = None
    actions: list[str] | None = None
    refusal: Refusal | None = None
    last_pong: int | None = None
    clock: Clock | None = None      # the turn timer's last clock (not kept: the host sends it on a rejoin)

    @classmethod
    def new(cls, entropy: Entropy = os.urandom) -> GuestTable:
        """A guest about to join, with its own fresh contribution to the deal."""
        return cls(new_secret(entropy))

    # --- what the guest sends ---------------------------------------------------------------------

    def hello(self, invite: str) -> str:
        return Hello(invite).to_text()

    def rejoin(self) -> str:
        """The message that takes the guest's seat back on a new connection."""
        if self.token is None:
            raise GuestError("no reconnect token yet: join with an invite")
        return Rejoin(self.token).to_text()

    def command(self, action: str) -> str:
        """A move (the action's text notation) on the position shown."""
        return Command(action, self.at).to_text()

    def ping(self, t: int) -> str:
        return Ping(t).to_text()

    # --- what the host sends -----------------------------------------------------------------------

    def receive(self, text: Any) -> list[str]:
        """A message of the host: the replies to send (raises ``ProtocolError`` for text that is
        no message, :class:`GuestError` for one that contradicts what came before)."""
        message = read_host(text)
        if isinstance(message, Welcome):
            return self._welcome(message)
        if isinstance(message, Pledges):
            if self.pledges is not None and message.pledges != self.pledges:
                raise GuestError("the host changed the pledges after sending them")
            if self.seat is not None and (self.seat >= len(message.pledges) or message.pledges[self.seat] is None):
                raise GuestError("the host's pledges have no pledge for this guest's seat")
            # pledges whose seat holds another pledge, the first this guest gets: it came after
            # every pledge was in (a new device, or storage lost), and joins as a late joiner
            self.pledges = list(message.pledges)
            if self.seat is None or self.late or self.contributions is not None:
                return []
            return [Contribution(self.contribution).to_text()]
        if isinstance(message, Deal):
            if self.pledges is None:
                raise GuestError("the host dealt before sending the pledges")
            if self.contributions is not None and message.contributions != self.contributions:
                raise GuestError("the host changed the contributions after the deal")
            self.contributions = list(message.contributions)
            return []
        if isinstance(message, State):
            self._state(message)
            return []
        if isinstance(message, Refusal):
            self.refusal = message
            return []
        if isinstance(message, Reveal):
            self.secret, self.actions = message.secret, list(message.actions)
            return []
        if isinstance(message, Clock):
            self._clock(message)
            return []
        assert isinstance(message, Pong)
        self.last_pong = message.t
        return []

    def _welcome(self, message: Welcome) -> list[str]:
        if self.token is not None and (message.seat != self.seat or message.token != self.token
                                       or message.table != self.table or message.commitment != self.commitment):
            raise GuestError("the host's welcome differs from the one it gave this guest before")
        self.seat, self.token, self.table, self.commitment = message.seat, message.token, message.table, \
            message.commitment
        if self.seat is None or self.contributions is not None:
            return []
        return [Pledge(pledge(self.contribution)).to_text()]

    def _state(self, message: State) -> None:
        if self.contributions is None:
            raise GuestError("a game state before the deal")
        if message.events_from > len(self.events):
            raise GuestError(f"events from {message.events_from} after only {len(self.events)}")
        if message.at < self.at:
            raise GuestError(f"the game went back from move {self.at} to {message.at}")
        kept = self.events[:message.events_from]
        for old, new in zip(self.events[message.events_from:], message.events):
            if old != new:
                raise GuestError("the host resent a move that differs from the one it sent before")
        self.events = kept + list(message.events)
        self.at, self.view, self.statuses = message.at, message.view, list(message.seats)
        self.seen.append(Seen.of(message.at, message.view))
        self.refusal = None

    def _clock(self, message: Clock) -> None:
        """The host's clock, sent just before the position it is for (``at``)."""
        if message.at < self.at or self.contributions is None:
            raise GuestError(f"a clock of move {message.at} on move {self.at}")
        times = message.timeouts
        if any(b <= a for a, b in pairwise(times)) or (times and times[-1] >= message.at):
            raise GuestError("the clock's timeouts are not moves played, in order")
        if self.clock is not None and times[:len(self.clock.timeouts)] != self.clock.timeouts:
            raise GuestError("the host changed the moves whose time ran out")
        self.clock = message

    def timeouts(self) -> list[int]:
        """The actions the host played for a seat whose time ran out (none without a timer)."""
        return [] if self.clock is None else list(self.clock.timeouts)

    # --- the end ----------------------------------------------------------------------------------

    @property
    def late(self) -> bool:
        """The guest joined its seat after every pledge was in (a new device, or its storage was
        lost): the deal holds another contribution for the seat, the check runs without this
        guest's own, and the page says so beside the check's result."""
        return self.seat is not None and self.pledges is not None and self.seat < len(self.pledges) \
            and self.pledges[self.seat] != pledge(self.contribution)

    @property
    def revealed(self) -> bool:
        return self.secret is not None

    def record(self) -> DealRecord:
        """What the check of the deal reads."""
        if self.secret is None or self.actions is None or self.table is None or self.commitment is None \
                or self.pledges is None or self.contributions is None:
            raise GuestError("the host has not revealed the deal yet")
        own = self.contribution if self.seat is not None and not self.late else None
        return DealRecord(self.table, self.seat, self.commitment, self.pledges, self.contributions, own,
                          self.seen, self.events, self.secret, self.actions)

    def check(self) -> DealCheckError | None:
        """None when the deal is confirmed, else why not (``game.net.fairdeal.check_deal``)."""
        try:
            check_deal(self.record())
        except DealCheckError as exc:
            return exc
        return None

    # --- keeping across a reload -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"guest": GUEST_FORMAT, "contribution": self.contribution, "seat": self.seat, "token": self.token,
                "table": self.table, "commitment": self.commitment, "pledges": self.pledges,
                "contributions": self.contributions, "at": self.at, "view": self.view, "events": self.events,
                "statuses": self.statuses, "seen": [s.to_json() for s in self.seen], "secret": self.secret,
                "actions": self.actions}

    @classmethod
    def from_json(cls, data: Any) -> GuestTable:
        """A guest kept by :meth:`to_json` (raises :class:`GuestError` for anything else)."""
        keys = {"guest", *_KEPT_TYPES}
        if not isinstance(data, dict) or data.get("guest") != GUEST_FORMAT or set(data) != keys:
            raise GuestError(f"not a guest of this version (expected \"guest\": {GUEST_FORMAT} and {len(keys)} fields)")
        for key, kinds in _KEPT_TYPES.items():
            if not isinstance(data[key], kinds) or isinstance(data[key], bool):
                raise GuestError(f"a kept guest: {key} is of the wrong type")
        if not all(isinstance(e, dict) for e in data["events"]) or not all(isinstance(s, str) for s in data["statuses"]):
            raise GuestError("a kept guest: events or statuses of the wrong type")
        for key in ("pledges", "contributions"):
            if data[key] is not None and not all(v is None or isinstance(v, str) for v in data[key]):
                raise GuestError(f"a kept guest: {key} of the wrong type")
        if data["actions"] is not None and not all(isinstance(a, str) for a in data["actions"]):
            raise GuestError("a kept guest: actions of the wrong type")
        try:
            seen = [Seen.from_json(s) for s in data["seen"]]
        except ValueError as exc:
            raise GuestError(str(exc)) from None
        return cls(data["contribution"], data["seat"], data["token"], data["table"], data["commitment"],
                   data["pledges"], data["contributions"], data["at"], data["view"], data["events"],
                   data["statuses"], seen, data["secret"], data["actions"])
