"""Figures of the data channel between two devices (``game.web.peer``), two Chromium processes on
this machine as in ``tests/browser/test_peer_link.py``: invite to connected, and the round trip
of a message (host to guest and back), p50 and p95.

    python3 tests/bench_peer.py [--links 5] [--messages 200] [--mdns]

Invite to connected is the machine's part of joining: the host's invite made (offer, addresses
gathered, code), the guest's answer made from it, the host taking it, and the channel open on
both sides; the codes travel between the pages by Playwright (a few milliseconds), where players
paste or scan them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import site_session
from peer_driver import SETUP, connect, launch_device, open_device, run

PING = """
import asyncio
async def ping(count, size):
    times = []
    for k in range(count):
        got = asyncio.get_running_loop().create_future()
        link.on_message = lambda text, got=got: got.done() or got.set_result(text)
        text = json.dumps({"n": k, "pad": "x" * size})
        start = performance.now()
        link.send(text)
        assert await got == text
        times.append(performance.now() - start)
    return times
json.dumps(await ping(COUNT, SIZE))
"""


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=5, help="connections made (default 5)")
    parser.add_argument("--messages", type=int, default=200, help="round trips a size (default 200)")
    parser.add_argument("--mdns", action="store_true",
                        help="Chromium's default: addresses behind mDNS names (its queries leave the machine)")
    args = parser.parse_args()
    with site_session() as session:
        devices = [launch_device(session.browser.browser_type, mdns=args.mdns) for _ in range(2)]
        host, guest = (open_device(session, device) for device in devices)
        joins = []
        for k in range(args.links):
            if k:
                for page in (host, guest):
                    run(page, "link.close()\n" + SETUP + "\nNone")
            start = time.perf_counter()
            connect(host, guest)
            joins.append((time.perf_counter() - start) * 1000)
        run(guest, "echo = True\nNone")
        print(f"invite to connected, {args.links} links: median {statistics.median(joins):.0f} ms "
              f"(min {min(joins):.0f}, max {max(joins):.0f})")
        for size in (100, 10_000):
            times = run(host, PING.replace("COUNT", str(args.messages)).replace("SIZE", str(size)))
            print(f"round trip of a {size:,}-character message, {len(times)} messages: "
                  f"p50 {quantile(times, 0.5):.2f} ms, p95 {quantile(times, 0.95):.2f} ms, "
                  f"max {max(times):.2f} ms")
        for device in devices:
            device.close()
    print(json.dumps({"joins_ms": [round(j) for j in joins]}))


if __name__ == "__main__":
    main()
