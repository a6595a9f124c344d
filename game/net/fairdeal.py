"""The fair deal: the host commits to a secret, every guest adds randomness, the seed comes from both, and at the end each guest replays the game to check every card it saw.

The steps (docs/net.md):

1. The host draws a secret (:func:`new_secret`) and sends its :func:`commitment` in the welcome.
2. Each guest draws a contribution and sends its :func:`pledge` (a hash of it) first; once the
   host has every remote seat's pledge it sends them all, and only then do the guests send
   their contributions, which must match their pledges.  So no contribution, not even one of
   a seat the host plays through a device of its own, can be chosen after another is known.
3. The game's seed is :func:`derive_seed` of the secret and the contributions in seat order.
4. At the end the host reveals the secret and every action played.  :func:`check_deal`
   checks the commitment, the pledges and the guest's own contribution, replays the game from
   the seed and the actions, and compares everything the guest was shown (:class:`Seen`, the
   events) with the replay.  A difference raises :class:`DealCheckError` naming it.

>>> secret = "ab" * 32
>>> commitment(secret) == commitment(secret), commitment(secret) != commitment("cd" * 32)
(True, True)
>>> derive_seed(secret, [None, "01" * 32]) == derive_seed(secret, [None, "01" * 32])
True
>>> derive_seed(secret, [None, "01" * 32]) != derive_seed(secret, ["01" * 32, None])
True
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.net.seen import digest, seat_events, seat_view
from game.problem import Problem, ProblemError
from game.rules import IllegalActionError, apply_action
from game.scenario import ScenarioError, load_scenario
from game.state import Phase, State

DOMAIN = "ttr-fair-deal/1"          # every hash of the deal is of text that starts with this
SECRET_BYTES = 32
Entropy = Callable[[int], bytes]    # os.urandom, or a test's


class DealCheckError(ProblemError):
    """The deal cannot be confirmed: ``problem`` says why for the translated page, ``str(error)``
    in English."""

    def __init__(self, message: str, key: str, **params: object) -> None:
        super().__init__(Problem(key, params), message)


def new_secret(entropy: Entropy = os.urandom) -> str:
    """A secret or a contribution: 32 random bytes as 64 hexadecimal digits."""
    return entropy(SECRET_BYTES).hex()


def _sha256(*parts: str) -> str:
    return hashlib.sha256(":".join((DOMAIN, *parts)).encode("ascii")).hexdigest()


def commitment(secret: str) -> str:
    """What the host sends before any contribution: the secret's hash."""
    return _sha256("commit", secret)


def pledge(contribution: str) -> str:
    """What a guest sends before its contribution: the contribution's hash."""
    return _sha256("pledge", contribution)


def derive_seed(secret: str, contributions: Sequence[str | None]) -> int:
    """The game's seed: the first 64 bits of the SHA-256 of the secret and each seat's
    contribution in seat order (``-`` for a seat without one), as ``game.rng.Rng`` takes it."""
    text = "\n".join((DOMAIN, "seed", secret, *(c or "-" for c in contributions)))
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def same(a: str, b: str) -> bool:
    """Two hashes or tokens are equal (compared in constant time)."""
    return hmac.compare_digest(a.encode("ascii", "replace"), b.encode("ascii", "replace"))


@dataclass(frozen=True)
class Seen:
    """What a guest keeps of one state message for the check: when (``at`` actions into the
    game), the view's digest, and the parts a stacked deal would change, to name the difference."""
    at: int
    digest: str
    hand: dict[str, int] | None
    offer: list[str] | None
    tickets: list[str] | None
    market: list[str]

    @classmethod
    def of(cls, at: int, view: Mapping[str, Any]) -> Seen:
        """The record of ``view`` (a state message's) at ``at`` actions."""
        me = _own(view)
        return cls(at, digest(view), me.get("hand"), me.get("offer"), me.get("tickets"), list(view["market"]))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Seen:
        """A record saved by :meth:`to_json` (raises ``ValueError`` for anything else)."""
        if not isinstance(data, dict) or set(data) != {"at", "digest", "hand", "offer", "tickets", "market"} \
                or not isinstance(data["at"], int) or not isinstance(data["digest"], str) \
                or not isinstance(data["market"], list):
            raise ValueError("a seen view: expected at (a number), digest (text), hand, offer, tickets and market (a list)")
        return cls(data["at"], data["digest"], data["hand"], data["offer"], data["tickets"], data["market"])


def _own(view: Mapping[str, Any]) -> dict[str, Any]:
    """The viewer's own seat in a view, or nothing for a spectator (whose cards are all hidden)."""
    players = view["players"]
    seat = view["viewer"]
    if isinstance(seat, int) and 0 <= seat < len(players) and players[seat]["hand"] is not None:
        own: dict[str, Any] = players[seat]
        return own
    return {}


@dataclass(frozen=True)
class DealRecord:
    """Everything a guest needs for the check: the table's public start, its seat (None: a
    spectator), the host's commitment, the pledges and contributions it was sent, its own
    contribution (None: a spectator's), what it was shown (``seen``, ``events``: every event of
    the game as it saw them), and the host's reveal (``secret``, ``actions``)."""
    table: Mapping[str, Any]
    seat: int | None
    commitment: str
    pledges: Sequence[str | None]
    contributions: Sequence[str | None]
    own: str | None
    seen: Sequence[Seen]
    events: Sequence[Mapping[str, Any]]
    secret: str
    actions: Sequence[str]


def check_deal(record: DealRecord) -> None:
    """Confirm the deal of a finished game, or raise :class:`DealCheckError` naming the first
    thing that differs (see the module docstring)."""
    if not same(commitment(record.secret), record.commitment):
        raise DealCheckError("the secret revealed is not the one the host committed to", "net.check.commitment")
    if len(record.pledges) != len(record.contributions):
        raise DealCheckError("the pledges and the contributions are not one per seat", "net.check.pledge", player=0)
    for seat, (pledged, given) in enumerate(zip(record.pledges, record.contributions)):
        if (pledged is None) != (given is None) or pledged is not None and given is not None \
                and not same(pledge(given), pledged):
            raise DealCheckError(f"seat {seat}'s contribution is not the one it pledged", "net.check.pledge",
                                 player=seat)
    if record.seat is not None and record.own is not None and (
            record.seat >= len(record.contributions) or record.contributions[record.seat] != record.own):
        raise DealCheckError("the seed was not made with your contribution", "net.check.contribution")
    seed = derive_seed(record.secret, record.contributions)
    try:
        state, actions = load_scenario({**record.table, "seed": seed, "actions": list(record.actions)})
    except ScenarioError as exc:
        raise DealCheckError(f"the game cannot be replayed: {exc}", "net.check.action", number=0) from None
    by_turn: dict[int, list[Seen]] = {}
    for seen in record.seen:
        by_turn.setdefault(seen.at, []).append(seen)
    events = []
    for at in range(len(actions) + 1):
        for seen in by_turn.pop(at, []):
            _compare_view(state, record.seat, seen)
        if at == len(actions):
            break
        try:
            events.append(apply_action(state, actions[at]))
        except IllegalActionError as exc:
            raise DealCheckError(f"move {at + 1} ({actions[at]}) is illegal in the replay: {exc}",
                                 "net.check.action", number=at + 1) from None
    if by_turn:
        raise DealCheckError(f"you were shown move {min(by_turn)}, which the host's list does not reach",
                             "net.check.action", number=min(by_turn))
    if state["phase"] != Phase.OVER:
        raise DealCheckError("the host's list of moves does not finish the game", "net.check.unfinished")
    replayed = seat_events(events, record.seat)
    if len(record.events) != len(replayed):
        raise DealCheckError(f"you were shown {len(record.events)} moves, the game has {len(replayed)}",
                             "net.check.event", number=min(len(record.events), len(replayed)) + 1)
    for i, (shown_event, replay_event) in enumerate(zip(record.events, replayed)):
        if digest(shown_event) != digest(replay_event):
            raise DealCheckError(f"move {i + 1} ({replay_event['kind']}) differs from the replay: "
                                 f"shown {_private(shown_event)}, replay {_private(replay_event)}",
                                 "net.check.event", number=i + 1)


def _private(event: Mapping[str, Any]) -> str:
    facts = {k: v for k, v in event.items() if k in ("card", "turned_up", "revealed", "private", "route")}
    return str(facts)


def _compare_view(state: State, seat: int | None, seen: Seen) -> None:
    view = seat_view(state, seat)
    replay = Seen.of(seen.at, view)
    n = seen.at
    if replay.hand != seen.hand:
        raise DealCheckError(f"after move {n} your hand was {seen.hand}; the seed deals {replay.hand}",
                             "net.check.hand", number=n)
    if replay.offer != seen.offer or replay.tickets != seen.tickets:
        raise DealCheckError(f"after move {n} your tickets were {seen.tickets} (offered {seen.offer}); "
                             f"the seed deals {replay.tickets} (offered {replay.offer})", "net.check.tickets", number=n)
    if replay.market != seen.market:
        raise DealCheckError(f"after move {n} the face-up cards were {seen.market}; the seed turns up {replay.market}",
                             "net.check.market", number=n)
    if replay.digest != seen.digest:
        raise DealCheckError(f"after move {n} the table you were shown differs from the replay", "net.check.table",
                             number=n)
