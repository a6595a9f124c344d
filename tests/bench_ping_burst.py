"""Benchmark: a hostile guest's burst of pings through the host's receive path, in CPython.

    python3 tests/bench_ping_burst.py [--pings N] [--moves M] [--runs R]

A hosted table (``game.ui.hosting``: the host's ``Table`` in its mode, as its page drives it)
with the host's own seat and two guests joined over in-memory channels, dealt and played
``--moves`` moves in; then guest 1 sends ``--pings`` pings at once, as fast as the page hands
them over, and guest 2's move comes right after them.  Prints, over ``--runs`` runs, the host's
CPU milliseconds for the whole burst (every ping through ``Table.handle(ChannelMessage)``: the
rate limit, the table's reading and answer, its save, the effects), how many pongs went out,
and the milliseconds for guest 2's move after the burst.  In the page each message also costs
its redraw, which is not in these figures; what is queued behind the burst waits for all of it.
It asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent / "net"))

from net_helpers import entropy

from game.ai.decide import ai_move
from game.i18n import set_language
from game.net.guest import GuestTable
from game.net.host import HostTable
from game.ui import netplay, setup, work
from game.ui.controller import Table
from game.ui.hosting import Hosting, NetHost
from game.ui.net_commands import ChannelMessage, ChannelOpened, InviteMade
from game.ui.saves import SaveCatalog
from game.ui.storage import DictBackend

SITE = "https://x.example/"


def handle(table: Table, command) -> None:
    """The command handled as the page handles it: its texts for other devices sent."""
    carry(table.handle(command))


def carry(outcome) -> None:
    for post in outcome.posts:
        post.carry_out()


class End:
    """The host's end of a channel: what it sends waits in ``outbox``."""

    def __init__(self) -> None:
        self.outbox: list[str] = []

    def send(self, text: str) -> bool:
        self.outbox.append(text)
        return True

    def close(self, reason: str = "closed", detail: str = "") -> None:
        pass

    def take_answer(self, text: str) -> str | None:
        return None


def hosted(moves: int) -> tuple[Table, dict[int, tuple[End, GuestTable]]]:
    """The host's device, seat 0 its player's and seats 1 and 2 two guests', dealt and ``moves`` moves in."""
    base = setup.default_options("usa", 3)
    seats = (base.seats[0],) + tuple(setup.seat_from_choice(s.name, setup.GUEST, s.colour, True) for s in base.seats[1:])
    start, remote = netplay.table_start(setup.with_default_names(replace(base, seats=seats, devices=True)))
    clock = [0.0]
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: clock[0], fresh_seed=lambda: 1, ai_delay=0, site=SITE)
    table.open_mode(Hosting(NetHost(HostTable.create(start, remote, entropy=entropy(3)), SITE)))
    assert isinstance(table.mode, Hosting)
    host = table.mode.host
    guests: dict[int, tuple[End, GuestTable]] = {}
    for seat in remote:
        end = End()
        handle(table, InviteMade(seat, end, "OFFERCODE"))
        guest = GuestTable.new(entropy(10 + seat))
        invite = netplay.read_invite(host.links[seat]).invite
        handle(table, ChannelOpened(end))
        guests[seat] = (end, guest)
        handle(table, ChannelMessage(end, guest.hello(invite)))
    pump(table, guests)
    match = host.table.match
    assert match is not None
    for _ in range(moves):
        action = ai_move(match)
        if match.current == 0:
            carry(work.effects(table, table.play(action)))
        else:
            end, guest = guests[match.current]
            handle(table, ChannelMessage(end, guest.command(str(action))))
        pump(table, guests)
    return table, guests


def pump(table: Table, guests: dict[int, tuple[End, GuestTable]]) -> None:
    """Every text the host sent read by its guest, and the guest's replies handed to the host."""
    for _ in range(100):
        busy = False
        for end, guest in guests.values():
            texts, end.outbox = end.outbox, []
            for text in texts:
                busy = True
                for reply in guest.receive(text):
                    handle(table, ChannelMessage(end, reply))
        if not busy:
            return
    raise AssertionError("the channels never fall quiet")


def run(pings: int, moves: int) -> dict[str, float]:
    table, guests = hosted(moves)
    (end1, guest1), (end2, guest2) = guests[1], guests[2]
    match = table.mode.host.table.match      # type: ignore[attr-defined]
    while match.current != 2:               # guest 2 to move when the burst comes
        action = ai_move(match)
        if match.current == 0:
            carry(work.effects(table, table.play(action)))
        else:
            end, guest = guests[match.current]
            handle(table, ChannelMessage(end, guest.command(str(action))))
        pump(table, guests)
    texts = [guest1.ping(t) for t in range(pings)]
    end1.outbox.clear()
    started = time.process_time()
    for text in texts:
        handle(table, ChannelMessage(end1, text))
    burst_ms = (time.process_time() - started) * 1000
    pongs = sum('"type":"pong"' in text for text in end1.outbox)
    command = guest2.command(str(ai_move(match)))
    played = len(match.actions)
    started = time.process_time()
    handle(table, ChannelMessage(end2, command))
    move_ms = (time.process_time() - started) * 1000
    assert len(match.actions) == played + 1, "guest 2's move was not played"
    return {"burst_ms": burst_ms, "pongs": pongs, "move_ms": move_ms}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pings", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    set_language("en")
    results = [run(args.pings, args.moves) for _ in range(args.runs)]
    print(json.dumps({"pings": args.pings, "moves_in": args.moves, "runs": args.runs,
                      **{key: round(statistics.median(r[key] for r in results), 2)
                         for key in ("burst_ms", "pongs", "move_ms")},
                      "burst_ms_each_run": [round(r["burst_ms"], 1) for r in results]}, indent=1))


if __name__ == "__main__":
    main()
