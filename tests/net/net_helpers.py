"""Shared helpers for the table tests: a host table with its guests joined over an in-memory
channel that records every message, and whole games played through it by agents that see
only what their guest was sent; and the host's device itself (its ``Table`` hosting, as its
page drives it) with two guests joined (:func:`hosted_device`)."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable

from game.ai.decide import ai_move, decide
from game.ai.determinize import determinize
from game.net.guest import GuestTable
from game.net.host import HostTable
from game.net.limit import RateLimit
from game.net.owed import Send
from game.rng import Rng
from game.rules import legal_actions
from game.ui import netplay, setup, work
from game.ui.controller import Table
from game.ui.hosting import Hosting
from game.ui.net_commands import ChannelMessage, ChannelOpened, InviteMade
from game.ui.net_host import NetHost
from game.ui.outcome import Outcome
from game.ui.saves import SaveCatalog
from game.ui.storage import DictBackend

LEVEL = "easy"


def start(players: int = 3, map_id: str = "usa", variant: str | None = None, ai: tuple[int, ...] = (),
          first: int = 0) -> dict:
    """A table's public start: seat 0 is the host's, the seats in ``ai`` are AI seats."""
    seats = [{"name": f"P{i}", "kind": "ai", "level": LEVEL} if i in ai else {"name": f"P{i}"}
             for i in range(players)]
    return {"map": map_id, "variant": variant, "first": first, "players": seats}


def entropy(seed: int):
    """Deterministic bytes for tokens, the secret and the contributions."""
    rng = random.Random(seed)
    return lambda n: bytes(rng.getrandbits(8) for _ in range(n))


class Channel:
    """The host, its guests (connection ``g<seat>``, ``s<k>`` for spectators) and every text
    each connection received, in order."""

    def __init__(self, table: HostTable, seed: int = 1) -> None:
        self.table = table
        self.guests: dict[str, GuestTable] = {}
        self.received: dict[str, list[str]] = defaultdict(list)
        self.refusals: dict[str, list[str]] = defaultdict(list)
        self.seed = seed

    def deliver(self, sends: list[Send]) -> None:
        """Hand each text to its guest, and its replies back to the host, until nothing is left."""
        queue = list(sends)
        while queue:
            send = self.carry(queue.pop(0))
            self.received[send.conn].append(send.text)
            if '"type":"refusal"' in send.text:
                self.refusals[send.conn].append(send.text)
            guest = self.guests.get(send.conn)
            if guest is None:
                continue
            for reply in guest.receive(send.text):
                queue.extend(self.table.receive(send.conn, reply))

    def carry(self, send: Send) -> Send:
        """The channel's way with a message from the host: it arrives as sent."""
        return send

    def send(self, conn: str, text: str) -> None:
        self.deliver(self.table.receive(conn, text))

    def join(self, seat: int | None, conn: str | None = None) -> str:
        conn = conn or (f"g{seat}" if seat is not None else f"s{len(self.guests)}")
        self.guests[conn] = GuestTable.new(entropy(self.seed * 100 + len(self.guests)))
        self.send(conn, self.guests[conn].hello(self.table.invite(seat)))
        return conn

    def guest_move(self, conn: str) -> None:
        """The guest's agent chooses from its own view only (a world it cannot tell from the
        real one gives the legal actions) and sends the command."""
        guest = self.guests[conn]
        view = guest.view
        state = determinize(view, Rng.from_seed(f"legal:{guest.at}"))
        legal = legal_actions(state)
        action = decide(LEVEL, view, legal, f"guest:{conn}:{guest.at}")
        self.send(conn, guest.command(str(action)))

    def play_out(self, moves: int | None = None) -> None:
        """Play the game to its end (or ``moves`` moves): the host's and AI seats' moves on the
        host, the remote seats' through their guests."""
        table = self.table
        session = table.match
        for _ in range(moves or 2_000):
            if session.over:
                return
            seat = session.current
            if table.ai_to_move() or table.seats[seat].kind == "local":
                session.play(ai_move(session))
                self.deliver(table.outbox())
            else:
                self.guest_move(f"g{seat}")
        if moves is None:
            raise AssertionError("the game did not end")


def dealt_table(players: int = 3, ai: tuple[int, ...] = (), seed: int = 1, spectators: int = 0,
                turn_limit: int | None = None, clock: Callable[[], float] | None = None, **options) -> Channel:
    """A table whose remote seats (every human seat but 0 and ``ai``) have joined and dealt
    (``turn_limit``, ``clock``: its turn timer and the time it reads)."""
    remote = [i for i in range(1, players) if i not in ai]
    table = HostTable.create(start(players, ai=ai, **options), remote, entropy=entropy(seed), turn_limit=turn_limit)
    if clock is not None:
        table.clock = clock
    channel = Channel(table, seed)
    for k in range(spectators):
        channel.join(None, f"s{k}")
    for seat in remote:
        channel.join(seat)
    assert table.dealt
    return channel


# --- the host's device ---------------------------------------------------------------------------

SITE = "https://x.example/"


class HostEnd:
    """The host's end of a channel to one guest (a ``game.ui.channels.Transport``): what it
    sends waits in ``outbox``."""

    def __init__(self) -> None:
        self.outbox: list[str] = []

    def send(self, text: str) -> bool:
        self.outbox.append(text)
        return True

    def close(self, reason: str = "closed", detail: str = "") -> None:
        pass

    def take_answer(self, text: str) -> str | None:
        return None


def carry(outcome: Outcome) -> Outcome:
    """The outcome's texts for other devices sent, as the page sends them."""
    for post in outcome.posts:
        post.carry_out()
    return outcome


def hosted_device(moves: int = 0) -> tuple[Table, dict[int, tuple[HostEnd, GuestTable]]]:
    """The host's device (its ``Table`` hosting, driven by commands as its page drives it): seat 0
    its player's, seats 1 and 2 two guests' (their end of the channel and their ``GuestTable``),
    joined, dealt and ``moves`` moves in, its rate limit (``game.net.limit``) fresh."""
    base = setup.default_options("usa", 3)
    seats = (base.seats[0],) + tuple(setup.seat_from_choice(s.name, setup.GUEST, s.colour, True) for s in base.seats[1:])
    options = setup.with_default_names(setup.GameOptions(base.map, base.variant, seats, devices=True))
    begin, remote = netplay.table_start(options)
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1, ai_delay=0, site=SITE)
    table.open_mode(Hosting(NetHost(HostTable.create(begin, remote, entropy=entropy(3)), SITE)))
    assert isinstance(table.mode, Hosting)
    host = table.mode.host
    host.limit = RateLimit(burst=10 ** 9)       # the set-up runs at the test's speed, not a player's
    guests: dict[int, tuple[HostEnd, GuestTable]] = {}
    for seat in remote:
        end = HostEnd()
        carry(table.handle(InviteMade(seat, end, "OFFERCODE")))
        invite = netplay.read_invite(host.links[seat]).invite
        carry(table.handle(ChannelOpened(end)))
        guests[seat] = (end, GuestTable.new(entropy(10 + seat)))
        carry(table.handle(ChannelMessage(end, guests[seat][1].hello(invite))))
    pump(table, guests)
    assert host.table.match is not None
    for _ in range(moves):
        host_move(table, guests)
    host.limit = RateLimit()        # as a real page's would be by now: every connection's bucket full
    return table, guests


def host_move(table: Table, guests: dict[int, tuple[HostEnd, GuestTable]]) -> None:
    """The seat to act plays (the AI's choice): the host's player on the host's device, a guest by its command."""
    assert isinstance(table.mode, Hosting)
    match = table.mode.host.table.match
    assert match is not None
    action = ai_move(match)
    if match.current == 0:
        carry(work.effects(table, table.play(action)))
    else:
        end, guest = guests[match.current]
        carry(table.handle(ChannelMessage(end, guest.command(str(action)))))
    pump(table, guests)


def pump(table: Table, guests: dict[int, tuple[HostEnd, GuestTable]]) -> None:
    """Every text the host sent read by its guest, and the guest's replies handed to the host."""
    for _ in range(100):
        busy = False
        for end, guest in guests.values():
            texts, end.outbox = end.outbox, []
            for text in texts:
                busy = True
                for reply in guest.receive(text):
                    carry(table.handle(ChannelMessage(end, reply)))
        if not busy:
            return
    raise AssertionError("the channels never fall quiet")
