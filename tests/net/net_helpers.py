"""Shared helpers for the table tests: a host table with its guests joined over an in-memory
channel that records every message, and whole games played through it by agents that see
only what their guest was sent."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable

from game.ai.decide import ai_move, decide
from game.ai.determinize import determinize
from game.net.guest import GuestTable
from game.net.host import HostTable, Send
from game.rng import Rng
from game.rules import legal_actions

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
