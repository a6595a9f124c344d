"""Figures of play over the internet in the game's page, through a real Nostr relay on this machine
(``tests/browser/relay.py``, the pinned ``nostr-relay``): a host and two guests, each a Chromium
process of its own; the second guest's direct WebRTC paths are disabled (it plays through the
relay).

    python3 tests/bench_online.py [--joins 5] [--rejoins 5] [--turns 20]

- Join: the invite link opened in a new tab, to both boards shown (the guest's page loading
  Pyodide and the game included), and from the guest's consent click to both boards.
- Rejoin: a guest's reload, to its board shown again with the game's last move (the page's load
  included), through the relay.
- A move to each guest's screen: from the mover's click to the guest page whose game shows it
  (``#app[data-actions]`` changed), on the direct path (the first guest) and through the relay
  (the second), over the tickets and ``--turns`` turns of two cards drawn from the deck, read
  from each page's clock (one machine: one clock).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from bench_netplay import TIMES, quantile
from harness import site_session, wait_for_boot
from netplay_driver import WAIT_MS, draw_two, keep, same
from relay import nostr_relay
from test_online import NO_DIRECT, device, host_table


def figures(values: list[float]) -> str:
    return (f"p50 {quantile(values, 0.5):.0f} ms, p95 {quantile(values, 0.95):.0f} ms, max {max(values):.0f} ms "
            f"(n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--joins", type=int, default=5)
    parser.add_argument("--rejoins", type=int, default=5)
    parser.add_argument("--turns", type=int, default=20)
    args = parser.parse_args()
    with nostr_relay() as relay, site_session() as session:
        devices = [device(session.browser), device(session.browser), device(session.browser, NO_DIRECT)]
        contexts = [session.guard(d.new_context(viewport={"width": 1280, "height": 800})) for d in devices]
        for context in contexts:
            context.add_init_script(TIMES)
        host = session.watch(contexts[0].new_page())
        base = session.base_url
        opened, consented = [], []
        for n in range(args.joins):
            link = host_table(host, base, relay.url, 1)[0]
            fresh = session.guard(devices[1 + n % 2].new_context(viewport={"width": 390, "height": 844}))
            fresh.add_init_script(TIMES)
            guest = session.watch(fresh.new_page())     # a new visitor: asked to agree first
            start = time.perf_counter()
            guest.goto(f"{base}index.html?stun=none#{link.split('#', 1)[1]}")
            wait_for_boot(guest)
            click = time.perf_counter()
            guest.click("button[data-cmd=net-join]")
            for page in (host, guest):
                page.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
            opened.append((time.perf_counter() - start) * 1000)
            consented.append((time.perf_counter() - click) * 1000)
            fresh.close()
            host.click("header button[data-cmd=home]")     # the table left: the next visit starts a new one

        links = host_table(host, base, relay.url, 2)
        guests = [session.watch(context.new_page()) for context in contexts[1:]]
        for guest, link in zip(guests, links):
            guest.goto(f"{base}index.html?stun=none#{link.split('#', 1)[1]}")
            wait_for_boot(guest)
            guest.click("button[data-cmd=net-join]")
        pages = [host, *guests]
        for page in pages:
            page.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
        guests[0].wait_for_function("document.documentElement.dataset.netPath === 'direct'", timeout=WAIT_MS)
        paths = [g.get_attribute("html", "data-net-path") for g in guests]
        clicked: dict[int, float] = {}      # actions once played -> the mover's click (the draws')
        for page in pages:          # every seat chooses its tickets at once
            keep(page)
        actions = 3
        same(pages, actions)
        for _ in range(args.turns):
            mover = pages[int(host.get_attribute("#app", "data-current"))]
            before = len(mover.evaluate("window.clicks"))
            draw_two(mover)
            for k, at in enumerate(mover.evaluate("window.clicks")[before:][-2:], 1):
                clicked[actions + k] = at
            actions += 2
            same(pages, actions)
        shown = [dict(reversed(g.evaluate("window.shown"))) for g in guests]     # actions -> first shown
        # a move by the guest itself shows on its own page when the host's state comes back: counted too
        trips = [[s[number] - at for number, at in clicked.items() if number in s] for s in shown]

        rejoins = []
        for n in range(args.rejoins):
            guest = guests[n % 2]
            start = time.perf_counter()
            guest.reload()
            wait_for_boot(guest)
            guest.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
            guest.wait_for_function(f"document.getElementById('app').dataset.actions === '{actions}'", timeout=WAIT_MS)
            rejoins.append((time.perf_counter() - start) * 1000)
        for d in devices:
            d.close()
    print(f"paths: first guest {paths[0]}, second guest {paths[1]}")
    print(f"join, invite link opened to both boards: {figures(opened)}")
    print(f"join, the guest's consent to both boards: {figures(consented)}")
    print(f"rejoin, a guest's reload to its game back: {figures(rejoins)}")
    print(f"a move to the guest's screen, direct path: {figures(trips[0])}")
    print(f"a move to the guest's screen, through the relay: {figures(trips[1])}")


if __name__ == "__main__":
    main()
