"""Benchmark: a hostile guest's burst of pings through the host's receive path, in CPython.

    python3 tests/bench_ping_burst.py [--pings N] [--moves M] [--runs R] [--no-limit]

The host's device (``game.ui.hosting``: its ``Table`` hosting, driven by commands as its page
drives it) with its own seat and two guests joined over in-memory channels, dealt and
``--moves`` moves in (``net_helpers.hosted_device``); then guest 1 sends ``--pings`` pings at
once, handed over as fast as the page hands them, and guest 2's move comes right after them.
Prints the medians over ``--runs`` runs of the host's CPU milliseconds for the whole burst
(every ping through ``Table.handle(ChannelMessage)``: the rate limit, and for a ping read the
table's reading, its answer and its save, the effects; the pongs sent), how many pings were
answered, and the milliseconds for guest 2's move after the burst.  In the page each message
read also costs a redraw, which is not in these figures; whatever is queued behind the burst
waits for all of it.  ``--no-limit``: the rate limit off (``game.net.limit``), as before it
was made.  It asserts nothing.
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

from net_helpers import carry, host_move, hosted_device

from game.ai.decide import ai_move
from game.i18n import set_language
from game.net.limit import RateLimit
from game.ui.hosting import Hosting
from game.ui.net_commands import ChannelMessage


def run(pings: int, moves: int, limit: bool) -> dict[str, float]:
    table, guests = hosted_device(moves)
    assert isinstance(table.mode, Hosting)
    if not limit:
        table.mode.host.limit = RateLimit(burst=10 ** 9)
    match = table.mode.host.table.match
    assert match is not None
    while match.current != 2:               # guest 2 is to move when the burst comes
        host_move(table, guests)
    (end1, guest1), (end2, guest2) = guests[1], guests[2]
    texts = [guest1.ping(t) for t in range(pings)]
    end1.outbox.clear()
    started = time.process_time()
    for text in texts:
        carry(table.handle(ChannelMessage(end1, text)))
    burst_ms = (time.process_time() - started) * 1000
    answered = sum('"type":"pong"' in text for text in end1.outbox)
    command = guest2.command(str(ai_move(match)))
    played = len(match.actions)
    started = time.process_time()
    carry(table.handle(ChannelMessage(end2, command)))
    move_ms = (time.process_time() - started) * 1000
    assert len(match.actions) == played + 1, "guest 2's move was not played"
    return {"burst_ms": burst_ms, "answered": answered, "move_ms": move_ms}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pings", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-limit", action="store_true")
    args = parser.parse_args()
    set_language("en")
    results = [run(args.pings, args.moves, not args.no_limit) for _ in range(args.runs)]
    print(json.dumps({"pings": args.pings, "moves_in": args.moves, "runs": args.runs, "limit": not args.no_limit,
                      **{key: round(statistics.median(r[key] for r in results), 2)
                         for key in ("burst_ms", "answered", "move_ms")},
                      "burst_ms_each_run": [round(r["burst_ms"], 1) for r in results]}, indent=1))


if __name__ == "__main__":
    main()
