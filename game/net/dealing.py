"""The fair deal's round on the host's table (``docs/net.md``, "The fair deal"): each remote seat's
pledge, then, once every one is in, the pledges sent and each contribution checked against its
pledge; when every contribution is in, the seed and the deal.  A part of ``game.net.host.HostTable``
(its seats, links, secret, start and match are the table's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from game.match import Match
from game.net.fairdeal import derive_seed, pledge, same
from game.net.owed import Link, Send
from game.net.protocol import Deal, Pledges
from game.scenario import Scenario

if TYPE_CHECKING:
    from game.net.kept import SeatInfo


class Dealing:
    """The deal's round, for the table that has these fields and ``_refuse`` and ``outbox``."""

    seats: list[SeatInfo]
    links: dict[str, Link]
    secret: str
    start: dict[str, Any]
    match: Match | None

    @property
    def dealt(self) -> bool:
        return self.match is not None

    if TYPE_CHECKING:       # the table's own (game.net.host.HostTable)
        def _refuse(self, conn: str, action: str | None, key: str, reason: str, **params: object) -> Send: ...
        def outbox(self) -> list[Send]: ...

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
