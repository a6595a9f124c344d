"""Play on several devices, the screens' side: the host's table (its seats, invites, statuses
and the actions on them) and a guest's page (joining, the game shown, rejoining, the check at
the end), in plain Python over the table (``game.net.host``, ``game.net.guest``) and a
transport that carries texts (``Transport``: the page's ``game.web.peer.PeerLink``, or a
test's pipe).

The links: a seat's invite is ``<site>#join=<offer code>&i=<invite>&h=<host's name>&s=<seat's
name>&t=<the table's mark>`` (the offer code is ``game.net.signal``'s; the names tell the
guest's page what to say before it has connected; the mark, the start of the fair deal's
commitment, tells a guest kept from an earlier visit that this is its table, to rejoin its seat
with its token); a guest's answer link is ``<site>#answer=<answer code>``.

>>> link = invite_link("https://x.example/", "AbC-_9", "0" * 32, "Ann", "Bob")
>>> link
'https://x.example/#join=AbC-_9&i=00000000000000000000000000000000&h=Ann&s=Bob'
>>> read_invite(link)
Invite(code='AbC-_9', invite='00000000000000000000000000000000', host='Ann', seat='Bob', table='')
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Protocol, cast
from urllib.parse import parse_qsl, quote

from game.actions import Action
from game.ai.determinize import determinize, made_up_hands
from game.events import Event as EngineEvent
from game.i18n import _
from game.jsontext import read_json
from game.mapdata import load_map
from game.names import normal_name
from game.net.fairdeal import DealCheckError, commitment, derive_seed
from game.net.guest import GuestError, GuestTable
from game.net.host import HostTable, Send
from game.net.ice import ice_servers
from game.net.kept import TableError
from game.net.protocol import ProtocolError
from game.net.signal import SignalError
from game.problem import Problem, ProblemError
from game.rng import Rng
from game.rules import IllegalActionError, apply_action
from game.scenario import Scenario
from game.state import FORMAT as SCENARIO_FORMAT
from game.state import State, copy_state, full_deck
from game.ui.log import line_number
from game.ui.session import Session, Watching
from game.ui.setup import GameOptions
from game.ui.storage import GUEST_KEY, HOST_KEY, ICE_KEY, Backend, StorageFull
from game.ui.words import said
from game.view import View

MAX_KEPT = 4_000_000            # characters of a kept table or guest read back (a whole game's views)
GRACE_S = 60.0                  # a guest away this long: the host may give the seat to an AI
_HEX32 = re.compile(r"[0-9a-f]{32}")
_CODE = re.compile(r"[A-Za-z0-9_-]{1,2000}")


class InviteError(ProblemError):
    """A link that is not an invite of the game; ``problem`` says why for the page."""

    def __init__(self, key: str) -> None:
        super().__init__(Problem(key), key)


class Transport(Protocol):
    """A channel to one other device (``game.web.peer.PeerLink``): texts both ways; its owner
    is told when it opens, each text, and when it closes."""

    def send(self, text: str) -> bool: ...
    def close(self, reason: str = "closed", detail: str = "") -> None: ...


# --- the new game --------------------------------------------------------------------------------

def table_limit(options: GameOptions) -> int | None:
    """The table's turn timer (seconds a decision; None: no limit) from the new game's options."""
    return options.turn_limit or None


def table_start(options: GameOptions) -> tuple[dict[str, Any], list[int]]:
    """The hosted table's public start and its guests' seats, from valid options played on several devices."""
    players = []
    for seat in options.seats:
        player: dict[str, Any] = {"name": normal_name(seat.name), "kind": seat.kind, "colour": seat.colour}
        if seat.kind == "ai":
            player["level"] = seat.level
        players.append(player)
    remote = [i for i, s in enumerate(options.seats) if s.kind == "human" and s.remote]
    return {"map": options.map, "variant": options.variant, "players": players, "first": 0}, remote


# --- links ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Invite:
    """What an invite link holds: the host's offer code, the table's invite, the host's and the
    seat's names (empty: a spectator's place)."""
    code: str
    invite: str
    host: str
    seat: str
    table: str = ""         # the table's mark (``table_mark``), empty in a link without one

    def rejoins(self, kept: GuestPage | None) -> bool:
        """Whether ``kept`` (a guest of an earlier visit) sits at this invite's table."""
        commitment = None if kept is None else kept.guest.commitment
        return bool(self.table) and commitment is not None and table_mark(commitment) == self.table


def invite_link(site: str, code: str, invite: str, host: str, seat: str, table: str = "") -> str:
    link = f"{site}#join={code}&i={invite}&h={quote(host, safe='')}&s={quote(seat, safe='')}"
    return f"{link}&t={table}" if table else link


def table_mark(commitment: str) -> str:
    """A table's mark in its invites: the start of its commitment (public: every welcome has it)."""
    return commitment[:12]


def answer_link(site: str, code: str) -> str:
    return f"{site}#answer={code}"


def read_invite(text: str) -> Invite:
    """The invite in a link or its fragment (raises :class:`InviteError`)."""
    fragment = text.strip().rpartition("#")[2]
    try:
        fields = dict(parse_qsl(fragment, keep_blank_values=True, strict_parsing=True, max_num_fields=8))
    except ValueError:
        raise InviteError("net.invite.bad") from None
    code, invite = fields.get("join", ""), fields.get("i", "")
    if not _CODE.fullmatch(code) or not _HEX32.fullmatch(invite):
        raise InviteError("net.invite.bad")
    mark = fields.get("t", "")
    return Invite(code, invite, fields.get("h", "")[:80], fields.get("s", "")[:80],
                  mark if re.fullmatch(r"[0-9a-f]{12}", mark) else "")


def is_invite(fragment: str) -> bool:
    return fragment.lstrip("#").startswith("join=")


# --- the host's table ----------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatRow:
    """One seat on the host's table screen: who it is, its status said, its invite link (a
    remote seat not connected), and the actions it offers."""
    seat: int
    name: str
    status: str
    link: str | None
    new_invite: bool            # a remote seat: a new invite may be made (the old one stops working)
    give_to_ai: bool            # its guest has been away the grace period: an AI may play it meanwhile
    connected: bool
    stop_ai: bool = False       # an AI plays it while its guest is away: the host may stop it (the seat waits again)


@dataclass
class NetHost:
    """The host's side of a game on several devices: the table, a transport per connection, and
    the invite link of each seat waiting for its guest."""
    table: HostTable
    site: str
    conns: dict[str, Transport] = field(default_factory=dict)
    links: dict[int | None, str] = field(default_factory=dict)      # seat (None: spectators) -> invite link
    pending: dict[int | None, str] = field(default_factory=dict)    # seat -> the connection its invite opens
    answer_problem: dict[int | None, str] = field(default_factory=dict)   # seat -> why its answer was refused
    count: int = 0
    shown: Session | None = None        # the host's screen of the table's game (``session``)

    def name(self, seat: int) -> str:
        return str(self.table.start["players"][seat]["name"])

    def host_name(self) -> str:
        local = self.table.local_seat()
        return self.name(local) if local is not None else ""

    def new_connection(self, seat: int | None, transport: Transport, code: str) -> str:
        """A channel made for ``seat``'s invite (``code``: its offer code): its id; the seat's
        earlier invite and unanswered channel are dropped."""
        self.count += 1
        conn = f"c{self.count}"
        old = self.pending.get(seat)
        if old is not None and old in self.conns:
            self.conns.pop(old).close("closed", "a new invite")
        self.conns[conn] = transport
        self.pending[seat] = conn
        self.answer_problem.pop(seat, None)
        invite = self.table.invite(seat)
        self.links[seat] = invite_link(self.site, code, invite, self.host_name(),
                                       "" if seat is None else self.name(seat), table_mark(commitment(self.table.secret)))
        return conn

    def opened(self, conn: str) -> None:
        """A channel opened: its guest says hello (or rejoins) first."""
        for seat, pending in list(self.pending.items()):
            if pending == conn:
                del self.pending[seat]
                if seat is not None:
                    self.links.pop(seat, None)

    def message(self, conn: str, text: str) -> None:
        self.deliver(self.table.receive(conn, text))

    def closed(self, conn: str, now: float) -> None:
        self.conns.pop(conn, None)
        self.deliver(self.table.disconnected(conn, now))

    def moved(self) -> None:
        """After a move made on the host (its player's, an AI seat's): everyone's news."""
        self.deliver(self.table.outbox())

    def session(self) -> Session | None:
        """The host's screen of the table's game, once dealt: the host's seat watched (None: a
        device where nobody plays), over the table's own match, so every move shows whoever made it."""
        match = self.table.match
        if match is None:
            return None
        if self.shown is None or self.shown.match is not match:
            self.shown = Session(match, Watching(self.table.local_seat()))
        return self.shown

    def mark(self) -> None:
        """Tell the game which seats its guests play elsewhere (``Session.elsewhere``) and which
        of them its AI plays while their guests are away (``Session.stand_in``)."""
        session = self.session()
        if session is not None:
            session.elsewhere = {i for i, seat in enumerate(self.table.seats) if seat.kind == "remote"}
            session.stand_in = {i for i, seat in enumerate(self.table.seats) if seat.stand_in}

    def close(self) -> None:
        """Close every channel (the host leaves the table's screen; the table stays kept)."""
        conns, self.conns = self.conns, {}
        self.pending.clear()
        self.links.clear()
        for transport in conns.values():
            transport.close("closed", "the host left")

    def give_to_ai(self, seat: int) -> None:
        self.deliver(self.table.stand_in(seat))

    def stop_ai(self, seat: int) -> None:
        """Take a seat back from the AI playing it for its away guest: it waits for its guest again."""
        self.deliver(self.table.stop_stand_in(seat))

    def clock_line(self, now: float) -> str:
        """The turn timer's line on the host's screen: who is to act and the time left (empty: no timer now)."""
        left = self.table.turn_left(now)
        match = self.table.match
        if left is None or match is None:
            return ""
        return clock_text(self.name(match.current), left)

    def time_out(self, now: float) -> bool:
        """At the turn timer's 0, play a safe move for the seat to act and tell everyone; whether it was played."""
        if self.table.turn_left(now) != 0.0:
            return False
        self.deliver(self.table.time_out(now))
        return True

    def deliver(self, sends: list[Send]) -> None:
        """Send each text; a connection whose seat another took is closed."""
        self.mark()
        for send in sends:
            transport = self.conns.get(send.conn)
            if transport is not None:
                transport.send(send.text)
        for conn in [c for c in self.conns if c not in self.pending.values() and not self.table.bound(c)]:
            if any(s.conn == conn for s in sends):
                continue        # a refused stranger is told why before it is closed at its next message
            self.conns.pop(conn).close("closed", "seat taken")

    def rows(self, now: float, grace: float = GRACE_S) -> list[SeatRow]:
        """The seats as the host's table screen lists them."""
        statuses = self.table.statuses()
        away = set(self.table.away(now, grace))
        rows = []
        for seat, (info, status) in enumerate(zip(self.table.seats, statuses)):
            name = self.name(seat)
            if info.kind != "remote":
                text = _("net.status.ai") if info.kind == "ai" else _("net.status.local")
            elif status == "here":
                text = _("net.status.here")
            elif status == "stand-in":
                text = _("net.status.stand_in")
            elif seat in self.table.away_since:
                minutes = int(max(0.0, now - self.table.away_since[seat]) // 60)
                text = _("net.status.away", count=minutes)
            else:
                text = _("net.status.waiting")
            rows.append(SeatRow(seat, name, text, self.links.get(seat) if status != "here" else None,
                                info.kind == "remote" and status != "here", seat in away, status == "here",
                                status == "stand-in"))
        return rows

    def save(self, backend: Backend) -> str:
        """Keep the table for the host's reload; an empty notice, or why it could not be kept."""
        try:
            backend.set(HOST_KEY, _json(self.table.to_json()))
        except StorageFull:
            return _("net.host.not_kept")
        return ""


def resume_host(backend: Backend, site: str, now: float) -> NetHost | None:
    """The table kept by the host's last visit (None: none, or one that cannot be used: dropped)."""
    text = backend.get(HOST_KEY)
    if text is None:
        return None
    try:
        return NetHost(HostTable.from_json(_read(text), now), site)
    except (TableError, ValueError):
        backend.remove(HOST_KEY)
        return None


# --- a guest's page ------------------------------------------------------------------------------

JOIN, ANSWER, CONNECTED, LOST, BROKEN = "join", "answer", "connected", "lost", "broken"


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
    told: bool = False              # the verdict was put before the player (they may read it again)
    world: Session | None = None    # the game as the seat sees it, while it is played (``follow``)

    @classmethod
    def join(cls, invite: Invite, new_guest: Callable[[], GuestTable] = GuestTable.new) -> GuestPage:
        return cls(invite, new_guest())

    def answered(self, transport: Transport, link: str) -> None:
        self.transport, self.answer, self.phase, self.problem = transport, link, ANSWER, ""

    def opened(self) -> None:
        """The channel is open: hello with the invite, or (a guest seated before) rejoin."""
        self.phase = CONNECTED
        self._send([self.guest.rejoin() if self.guest.token is not None else self.guest.hello(self.invite.invite)])

    def message(self, text: str) -> None:
        if self.phase == BROKEN:
            return
        clock = self.guest.clock
        try:
            replies = self.guest.receive(text)
        except (ProtocolError, GuestError) as exc:
            self.phase, self.problem = BROKEN, _("net.guest.broken", reason=str(exc))
            if self.transport is not None:
                self.transport.close("closed", "the host's message")
            return
        if self.guest.clock is not clock:
            self.clock_since = self.now()
        self._send(replies)

    def closed(self, reason: str) -> None:
        if self.phase != BROKEN:
            self.phase = LOST
            self.problem = _(CLOSE_KEYS.get(reason, "net.closed.closed"))

    def cut_off(self) -> bool:
        """Whether the page needs its channel back (its panel over the game says why and how): it
        is down before the host's reveal; after it the game is over and checked, nothing to rejoin."""
        return self.phase != CONNECTED and not self.guest.revealed

    def move(self, action: str) -> None:
        """A move of the guest's seat (its text notation): sent; the host's state or refusal answers."""
        self._send([self.guest.command(action)])

    def play(self, action: Action) -> None:
        """The guest's player chose ``action`` on the game shown: checked as the engine would
        (raises ``IllegalActionError``), then sent; it is played when the host's state comes."""
        world = self.world
        if world is None or world.viewer is None:     # a spectator's screen offers no move
            raise IllegalActionError("a spectator plays no moves", "net.refused.spectator")
        apply_action(copy_state(world.state), action)
        self.move(str(action))

    def follow(self) -> Session:
        """The game as the seat sees it now (the host's latest state): a world made from the
        seat's view (``game.ai.determinize``: the cards the seat cannot see are made up, and the
        screen shows only the seat's view of it), the events as the seat saw them, no AI and no
        hints; a spectator's (seat None) is made from public facts (:func:`public_world`) and
        shows public facts only, as a host's device where nobody plays."""
        guest = self.guest
        assert guest.table is not None and guest.view is not None
        world = self.world
        if world is None:
            scenario = cast(Scenario, {**guest.table, "format": SCENARIO_FORMAT, "seed": 0, "actions": [],
                                       "hints": {"offered": False, "asked": []}})
            world = self.world = Session(scenario, Watching(guest.seat))
            world.elsewhere = set(range(len(guest.table["players"]))) - {guest.seat}
        elif world.played() == guest.at and len(world.events) == len(guest.events) \
                and world.timed_out == set(guest.timeouts()):
            return world
        rng = Rng.from_seed(f"guest-world:{guest.at}")
        view = cast(View, guest.view)
        state = determinize(view, rng) if guest.seat is not None else public_world(view, rng)
        world.match.follow(state, cast(list[EngineEvent], guest.events), guest.at, guest.timeouts())
        return world

    def _send(self, texts: list[str]) -> None:
        for text in texts:
            if self.transport is not None:
                self.transport.send(text)

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
        return {"invite": [self.invite.code, self.invite.invite, self.invite.host, self.invite.seat, self.invite.table],
                "guest": self.guest.to_json()}

    def save(self, backend: Backend) -> None:
        try:
            backend.set(GUEST_KEY, _json(self.to_json()))
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
        data = _read(text)
        code, invite, host, seat, mark = data["invite"]
        page = GuestPage(Invite(str(code), str(invite), str(host), str(seat), str(mark)),
                         GuestTable.from_json(data["guest"]))
    except (GuestError, ValueError, KeyError, TypeError):
        backend.remove(GUEST_KEY)
        return None
    page.phase = LOST
    return page


def clock_text(name: str, left: float) -> str:
    """The turn timer's line: ``name`` has so many minutes and seconds left (rounded up)."""
    seconds = max(0, math.ceil(left))
    return _("net.clock.left", player=name, time=f"{seconds // 60}:{seconds % 60:02d}")


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


# --- the STUN/TURN setting -----------------------------------------------------------------------

def ice_setting(backend: Backend) -> str:
    """The STUN/TURN servers the player named (empty: none, the default)."""
    return backend.get(ICE_KEY) or ""


def keep_ice_setting(backend: Backend, text: str) -> str:
    """Keep the setting if every line is a server's address; an empty notice, or what is wrong."""
    try:
        ice_servers(text)
    except SignalError as exc:
        return _("net.ice.bad", reason=str(exc))
    try:
        if text.strip():
            backend.set(ICE_KEY, text.strip())
        else:
            backend.remove(ICE_KEY)
    except StorageFull:
        return _("net.host.not_kept")
    return ""


def ice_statement(setting: str) -> str:
    """What the setting means, plainly."""
    return _("net.ice.none") if not setting.strip() else _("net.ice.some")


# why a channel ended (game.web.peer.REASONS), said with what to try
CLOSE_KEYS = {"bad-code": "net.closed.bad-code", "no-address": "net.closed.no-address",
              "timeout": "net.closed.timeout", "ice-failed": "net.closed.ice-failed",
              "closed": "net.closed.closed", "error": "net.closed.error"}


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _read(text: str) -> Any:
    return read_json(text, max_chars=MAX_KEPT)
