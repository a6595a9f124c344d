"""Benchmark: the host's table's own share of a move's trip to every guest's screen, in CPython.

    python3 tests/bench_net.py [--games N] [--seats S]

Plays whole Europe games through ``game.net.host.HostTable`` (seat 0 the host's, the others
remote guests played by the easy agent from their own views, the channel in memory) and
prints, per move, the CPU milliseconds the host takes from a guest's command (or a move on
the host) to every connection's text (``host_ms``), the milliseconds one guest takes to read
a state (``guest_ms``), the size of a state message and of a rejoin's, and the end's check
(the replay) per guest; p50 and p95 over the games.  It asserts nothing.  The network and the
page's drawing are not in these figures: the page's benchmark adds them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent / "net"))

from net_helpers import Channel, dealt_table

from game.ai.decide import ai_move, decide
from game.ai.determinize import determinize
from game.rng import Rng
from game.rules import legal_actions


class Timed(Channel):
    """A channel that times the guests' reading of each state."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.guest_ms: list[float] = []
        self.sizes: list[int] = []

    def deliver(self, sends) -> None:
        for send in sends:
            self.received[send.conn].append(send.text)
            guest = self.guests.get(send.conn)
            if guest is None:
                continue
            started = time.process_time()
            replies = guest.receive(send.text)
            self.guest_ms.append((time.process_time() - started) * 1000)
            if '"type":"state"' in send.text:
                self.sizes.append(len(send.text.encode()))
            for reply in replies:
                self.deliver(self.table.receive(send.conn, reply))


def quantiles(values: list[float]) -> dict[str, float]:
    cut = statistics.quantiles(values, n=20, method="inclusive")
    return {"p50": round(statistics.median(values), 2), "p95": round(cut[18], 2), "max": round(max(values), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    host_ms, guest_ms, sizes, rejoin, check_ms = [], [], [], [], []
    for game in range(args.games):
        channel = dealt_table(args.seats, seed=100 + game, map_id="europe")
        timed = Timed(channel.table, 100 + game)
        timed.guests = channel.guests
        table, session = timed.table, timed.table.match
        while not session.over:
            seat = session.current
            if table.seats[seat].kind == "local":
                action = ai_move(session)
                started = time.process_time()
                session.play(action)
                sends = table.outbox()
            else:
                conn = f"g{seat}"
                text = timed.guests[conn].command(_choice(timed, conn))
                started = time.process_time()
                sends = table.receive(conn, text)
            host_ms.append((time.process_time() - started) * 1000)
            timed.deliver(sends)
        guest_ms += timed.guest_ms
        sizes += timed.sizes
        for conn, guest in timed.guests.items():
            rejoin.append(sum(len(s.text.encode()) for s in table.receive(conn, guest.rejoin())))
            started = time.process_time()
            assert guest.check() is None
            check_ms.append((time.process_time() - started) * 1000)
    print(json.dumps({"games": args.games, "seats": args.seats, "moves": len(host_ms),
                      "host_ms": quantiles(host_ms), "guest_ms": quantiles(guest_ms),
                      "state_bytes": quantiles([float(s) for s in sizes]),
                      "rejoin_bytes": quantiles([float(s) for s in rejoin]),
                      "check_ms": quantiles(check_ms)}, indent=1))


def _choice(channel: Channel, conn: str) -> str:
    """The guest's agent's move (its decision time is not the table's, so it is left out)."""
    guest = channel.guests[conn]
    legal = legal_actions(determinize(guest.view, Rng.from_seed(f"legal:{guest.at}")))
    return str(decide("easy", guest.view, legal, f"guest:{conn}:{guest.at}"))


if __name__ == "__main__":
    main()
