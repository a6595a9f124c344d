"""A guest's page (:class:`GuestPage`): joining by an invite, the game shown as its seat sees
it (a world made up around the seat's view; a spectator's from public facts), rejoining, and
the check of the deal at the end in words; kept for a reload.  Its mode at the table is
``game.ui.guesting.Guesting``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, cast

from game.actions import Action
from game.ai.determinize import determinize, made_up_hands
from game.events import Event as EngineEvent
from game.i18n import _
from game.mapdata import load_map
from game.net.fairdeal import DealCheckError, derive_seed
from game.net.guest import GuestError, GuestTable
from game.net.protocol import ProtocolError
from game.net.relays import read_relays
from game.opening import choosing, stage_start
from game.problem import Problem
from game.rng import Rng
from game.rules import IllegalActionError, apply_action
from game.scenario import Scenario
from game.state import FORMAT as SCENARIO_FORMAT
from game.state import State, copy_state, full_deck
from game.ui.channels import Post, Transport
from game.ui.log import line_number
from game.ui.netplay import (
    CLOSE_KEYS,
    Invite,
    clock_text,
    read_kept,
    table_mark,
    write_kept,
)
from game.ui.presence import guest_presence
from game.ui.session import Session, Watching
from game.ui.storage import GUEST_KEY, Backend, StorageFull
from game.ui.words import said
from game.view import View

JOIN, ANSWER, CONNECTED, LOST, BROKEN = "join", "answer", "connected", "lost", "broken"
DIALING = "dialing"         # over the internet: knocking at the host's room until it opens
MAX_REDIALS = 20            # connections over the internet ended in a row with no news from the host: stop


@dataclass
class GuestPage:
    """A guest's page: the invite it came with, the channel's phase (``JOIN``: the invite read,
    ``ANSWER``: the answer code shown, ``CONNECTED``, ``LOST``: the channel closed, ``BROKEN``:
    the host sent what cannot be), the table, the answer link and the last problem said."""
    invite: Invite
    guest: GuestTable
    phase: str = JOIN
    answer: str = ""
    problem: str = ""
    transport: Transport | None = None
    clock_since: float = 0.0        # when the last clock of the host's came (this device's time)
    now: Callable[[], float] = time.time
    verdict: tuple[bool, str] | None = None     # the check's, once the host's reveal has come (``end``)
    world: Session | None = None    # the game as the seat sees it, while it is played (``follow``)
    redials: int = 0                # over the internet, connections ended in a row with no news from the host
    unreachable: bool = False       # over the internet, no relay can be reached from this device (it keeps trying)
    ahead: tuple[int, str] | None = None    # the opening choice sent ahead of the seat's turn: (actions played then, its text)

    @classmethod
    def join(cls, invite: Invite, new_guest: Callable[[], GuestTable] = GuestTable.new) -> GuestPage:
        return cls(invite, new_guest())

    def answered(self, transport: Transport, link: str) -> None:
        self.transport, self.answer, self.phase, self.problem = transport, link, ANSWER, ""

    def opened(self) -> list[Post]:
        """The channel is open: hello with the invite, or (a guest seated before) rejoin."""
        self.phase = CONNECTED
        return self._posts([self.guest.rejoin() if self.guest.token is not None else self.guest.hello(self.invite.invite)])

    def message(self, text: str) -> list[Post]:
        """The host's text: what to answer (a host that sent what cannot be is left)."""
        if self.phase == BROKEN:
            return []
        clock = self.guest.clock
        try:
            replies = self.guest.receive(text)
        except (ProtocolError, GuestError) as exc:
            self.phase, self.problem = BROKEN, _("net.guest.broken", reason=str(exc))
            return [] if self.transport is None else [Post.closing(self.transport, "the host's message")]
        if self.guest.clock is not clock:
            self.clock_since = self.now()
        self.redials = 0
        refusal = self.guest.refusal
        if refusal is not None and self.ahead is not None and refusal.action == self.ahead[1]:
            self.ahead = None       # the opening choice sent ahead was refused: the seat chooses again
        return self._posts(replies)

    def closed(self, reason: str) -> None:
        if self.phase != BROKEN:
            self.phase = LOST
            self.problem = _(CLOSE_KEYS.get(reason, "net.closed.closed"))

    def redial(self) -> bool:
        """Over the internet, whether to connect again at once after the connection ended (it
        knocks until the host is back): a seated guest, or one still joining, not stopped by what the
        host sent, not after the game's end, and not after ``MAX_REDIALS`` ends with no news."""
        if not self.invite.room or self.phase != LOST or self.guest.revealed or self.redials >= MAX_REDIALS:
            return False
        self.redials += 1
        self.phase = DIALING
        return True

    def cut_off(self) -> bool:
        """Whether the page needs its channel back (its panel over the game says why and how): it
        is down before the host's reveal; after it the game is over and checked, nothing to rejoin."""
        return self.phase != CONNECTED and not self.guest.revealed

    def play(self, action: Action) -> list[Post]:
        """The guest's player chose ``action`` on the game shown: checked as the engine would
        (raises ``IllegalActionError``), then sent; it is played when the host's state comes.  The
        seat's opening choice may be made ahead of its turn (every seat chooses at once): the host
        holds it until then, and meanwhile the page waits for the others (:meth:`held`)."""
        world = self.world
        if world is None or world.viewer is None:     # a spectator's screen offers no move
            raise IllegalActionError("a spectator plays no moves", "net.refused.spectator")
        if world.acting != world.viewer:
            raise IllegalActionError("it is not your turn", "net.refused.not_your_turn", player=world.current)
        apply_action(copy_state(world.position()), action)
        text = str(action)
        if world.choosing_ahead():
            self.ahead = (self.guest.at, text)
            world.held = {world.viewer}
        return self._posts([self.guest.command(text)])

    def held(self) -> bool:
        """Whether the seat's opening choice, sent ahead of its turn, waits there (the host holds
        it until the seat is to act): neither played nor refused yet, and made on this stage's offer."""
        guest, ahead = self.guest, self.ahead
        if ahead is None or guest.view is None or guest.seat is None:
            return False
        view = cast(State, guest.view)
        return guest.seat in choosing(view) and ahead[0] >= stage_start(view, guest.at)

    def follow(self) -> Session:
        """The game as the seat sees it now (the host's latest state): a world made from the
        seat's view (``game.ai.determinize``: the cards the seat cannot see are made up, and the
        screen shows only the seat's view of it), the events as the seat saw them, no AI; its
        hints asked and worked out on this device from the seat's view (``Session.hint_request``:
        the world's made-up cards are never in it), not told to the host; a spectator's (seat
        None) is made from public facts (:func:`public_world`) and shows public facts only, as a
        host's device where nobody plays."""
        guest = self.guest
        assert guest.table is not None and guest.view is not None
        world, new = self.world, self.world is None
        if world is None:
            scenario = cast(Scenario, {**guest.table, "format": SCENARIO_FORMAT, "seed": 0, "actions": [],
                                       "hints": {"offered": guest.seat is not None, "asked": []}})
            world = self.world = Session(scenario, Watching(guest.seat))
            world.elsewhere = set(range(len(guest.table["players"]))) - {guest.seat}
            world.at_once = True            # the opening's tickets: every seat chooses at once
        world.held = {guest.seat} if guest.seat is not None and self.held() else set()
        world.presence = guest_presence(guest.statuses, guest.seat)
        if not new and world.played() == guest.at and len(world.events) == len(guest.events) \
                and world.timed_out == set(guest.timeouts()):
            return world
        rng = Rng.from_seed(f"guest-world:{guest.at}")
        view = cast(View, guest.view)
        state = determinize(view, rng) if guest.seat is not None else public_world(view, rng)
        world.match.follow(state, cast(list[EngineEvent], guest.events), guest.at, guest.timeouts())
        return world

    def _posts(self, texts: list[str]) -> list[Post]:
        return [] if self.transport is None else [Post(self.transport, text) for text in texts]

    # --- what the page says ---

    def clock_line(self, now: float) -> str:
        """The turn timer's line: who is to act and the time left, counted down on this device
        from the host's last clock (empty: no timer now, or the channel is down)."""
        clock, guest = self.guest.clock, self.guest
        if self.phase != CONNECTED or clock is None or clock.left is None or clock.at != guest.at \
                or guest.view is None or guest.table is None:
            return ""
        seat = guest.view["current"]
        return clock_text(str(guest.table["players"][seat]["name"]), clock.left - max(0.0, now - self.clock_since))

    def title(self) -> str:
        host = self.invite.host or _("net.guest.the_host")
        if self.invite.seat:
            return _("net.guest.join_as", host=host, seat=self.invite.seat)
        return _("net.guest.watch", host=host)

    def status(self) -> str:
        if self.phase in (LOST, BROKEN):
            return self.problem
        if self.phase == DIALING and self.unreachable:
            return _("net.online.unreachable_guest")
        if self.phase == DIALING:
            host = self.invite.host or _("net.guest.the_host")
            return _("net.online.redialing" if self.guest.token is not None else "net.online.dialing", host=host)
        if self.phase != CONNECTED:
            return _("net.guest.send_answer") if self.phase == ANSWER else _("net.guest.make_answer")
        if self.guest.contributions is None:
            return _("net.guest.dealing")
        if self.guest.refusal is not None:
            return said(self.guest.refusal.problem, self.guest.table)
        return ""

    def end(self) -> tuple[bool, str] | None:
        """Once the host's reveal has come: whether the deal is confirmed, and the page's words
        (the check replays the whole game: it runs once)."""
        if not self.guest.revealed:
            return None
        if self.verdict is None:
            self.verdict = self._check()
        return self.verdict

    def _check(self) -> tuple[bool, str]:
        error: DealCheckError | None = self.guest.check()
        late = f" {_('net.check.late')}" if self.guest.late else ""     # its own randomness not in the seed
        if error is None:
            return True, confirmed_text() + late
        return False, _("net.check.failed", reason=check_reason(error, self.guest.events, self.guest.table, self.guest.timeouts())) + late

    def replayed(self) -> Session | None:
        """Once the check has confirmed the deal: the whole game, replayed from the seed and the
        actions the host revealed, as a game of this device's (a finished game watched from the
        guest's seat, or public facts only for a spectator): its export is the real game and its
        review of the guest's seat works.  None before the reveal, or when the check failed."""
        end = self.end()
        guest = self.guest
        if end is None or not end[0] or guest.table is None or guest.secret is None or guest.actions is None \
                or guest.contributions is None:
            return None
        seed = derive_seed(guest.secret, guest.contributions)
        scenario = cast(Scenario, {**guest.table, "format": SCENARIO_FORMAT, "seed": seed, "actions": list(guest.actions),
                                   "hints": {"offered": False, "asked": []}})
        return Session(scenario, Watching(guest.seat), timed_out=guest.timeouts())

    def save_id(self) -> str:
        """The id its replayed game is kept under in this device's saved games: one per table,
        so a reload writes it again rather than adding another."""
        return f"net-{table_mark(self.guest.commitment or '')}"

    def to_json(self) -> dict[str, Any]:
        invite = self.invite
        return {"invite": [invite.code, invite.invite, invite.host, invite.seat, invite.table, invite.room,
                           list(invite.relays)], "guest": self.guest.to_json(),
                "ahead": None if self.ahead is None else list(self.ahead)}

    def save(self, backend: Backend) -> None:
        try:
            write_kept(backend, GUEST_KEY, self.to_json())
        except StorageFull:
            self.problem = _("net.host.not_kept")


def public_world(view: View, rng: Rng) -> State:
    """A full state matching a spectator's view (public facts only): the seat to act's hand,
    tickets and offer are made up (consistent with every count the view gives) and the rest is
    sampled by ``determinize``.  Everything hidden in it is invented: a screen of it must show
    public facts only (``Watching(None)``)."""
    seat = view["viewer"]
    me = view["players"][seat]
    unseen = full_deck()
    for kind in view["market"] + view["revealed"]:
        unseen.remove(kind)
    rng.shuffle(unseen)
    # the cards a seat is known to hold (its face-up record, played on a pending tunnel) stay in its hand;
    # every seat's are set aside first, for determinize to deal the others' below
    hand = made_up_hands(view, range(len(view["players"])), unseen)[seat]
    shown = {t for p in view["players"] for t in p["tickets"] or ()}
    pool = [t for t in _ticket_ids(view) if t not in shown]
    rng.shuffle(pool)
    tickets = list(me["tickets"]) if me["tickets"] is not None else [pool.pop() for _n in range(me["ticket_count"])]
    offer = [pool.pop() for _n in range(me["offer_count"])]
    players = [dict(p) for p in view["players"]]
    players[seat] = {**me, "hand": hand, "tickets": tickets, "offer": offer}
    filled = cast(View, {**view, "players": players})
    return determinize(filled, rng)


def _ticket_ids(view: View) -> list[str]:
    return [t.id for t in load_map(view["map"]).variant_tickets(view["variant"])]


def resume_guest(backend: Backend) -> GuestPage | None:
    """The guest of the last visit, to rejoin its seat (None: none, or one that cannot be used: dropped)."""
    text = backend.get(GUEST_KEY)
    if text is None:
        return None
    try:
        data = read_kept(text)
        code, invite, host, seat, mark, *online = data["invite"]
        room, relays = online if online else ("", [])
        page = GuestPage(Invite(str(code), str(invite), str(host), str(seat), str(mark), str(room),
                                read_relays(",".join(relays)) if room else ()),
                         GuestTable.from_json(data["guest"]))
        ahead = data.get("ahead")       # (absent from a guest kept before the opening was chosen at once)
        if ahead is not None:
            at, text = ahead
            if type(at) is not int or not isinstance(text, str):
                raise ValueError("ahead: expected [actions played, an action's text]")
            page.ahead = (at, text)
    except (GuestError, ValueError, KeyError, TypeError):     # a RelayListError is a ValueError
        backend.remove(GUEST_KEY)
        return None
    page.phase = LOST
    return page



# the check's failures that can name the opening deal (``after move 0``), and their key for it
OPENING_KEYS = {"net.check.hand": "net.check.hand_opening", "net.check.tickets": "net.check.tickets_opening",
                "net.check.market": "net.check.market_opening", "net.check.table": "net.check.table_opening",
                "net.check.action": "net.check.action_opening"}


def check_reason(error: DealCheckError, events: list[Any], table: dict[str, Any] | None,
                 timed_out: Collection[int] = ()) -> str:
    """Why the check failed, in the player's language: a move numbered as the log numbers it (a
    line a turn), and a failure on the opening deal (before any move) said as such."""
    problem = error.problem
    number = problem.params.get("number")
    if number == 0 and problem.key in OPENING_KEYS:
        return said(Problem(OPENING_KEYS[problem.key]), table)
    if isinstance(number, int):
        problem = Problem(problem.key, {**problem.params, "number": line_number(cast(list[EngineEvent], events), number, timed_out)})
    return said(problem, table)


def confirmed_text() -> str:
    """The check passed: what it proves and what it cannot (``docs/net.md``, "The fair deal")."""
    return " ".join((_("net.check.confirmed"), _("net.check.proves"), _("net.check.cannot")))
