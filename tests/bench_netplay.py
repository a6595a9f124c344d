"""Figures of play on several devices in the game's page: a host and two guests, each a Chromium
process of its own on this machine, as in ``tests/browser/test_netplay_page.py``.

    python3 tests/bench_netplay.py [--turns 30]

- Invite to connected, per guest: the host's invite made (its offer, addresses gathered, the
  link shown), the guest's answer made once its page is up, and the host's taking it until the
  guest's channel is open; the guest's page loading (Pyodide, the game) and the codes' trips between
  the pages (by Playwright, where players paste or scan them) are not counted.
- A move to every guest's screen: from the click of the player moving (the host's player or a
  guest) to the last guest page whose game shows it (``#app[data-actions]`` changed: drawn),
  over the tickets and ``--turns`` turns of two cards drawn from the deck, read from each page's
  clock (one machine: one clock).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import site_session, wait_for_boot
from netplay_driver import CONNECTED, WAIT_MS, draw_two, keep, same
from peer_driver import launch_device

# Each page's clock at every click and at every change of the game shown.
TIMES = """
window.clicks = [];
window.shown = [];
document.addEventListener("click", () => window.clicks.push(Date.now()), true);
new MutationObserver(records => {
    for (const r of records) {
        if (r.target.id === "app" && r.target.dataset.actions !== undefined) {
            window.shown.push([Number(r.target.dataset.actions), Date.now()]);
        }
    }
}).observe(document, {attributes: true, attributeFilter: ["data-actions"], subtree: true});
"""


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=30, help="turns of two cards drawn after the tickets (default 30)")
    args = parser.parse_args()
    with site_session() as session:
        devices = [launch_device(session.browser.browser_type) for _ in range(3)]
        pages = []
        for device in devices:
            context = session.guard(device.new_context(viewport={"width": 1280, "height": 800}))
            context.add_init_script(TIMES)
            pages.append(session.watch(context.new_page()))
        host, *guests = pages
        base = session.base_url
        host.goto(base + "index.html?ai-delay=0")
        wait_for_boot(host)
        host.check("#opt-devices")
        host.select_option("#opt-count", "3")
        host.wait_for_selector("#seat-kind-2 option[value=guest]", state="attached")
        for seat in (1, 2):
            host.select_option(f"#seat-kind-{seat}", "guest")
        host.click("button[data-cmd=start]")
        host.click("button[data-cmd=net-nearby]")      # on one network: the codes carried by hand
        joins = []
        for seat, guest in enumerate(guests, 1):
            start = time.perf_counter()
            host.click(f".net-seat[data-seat='{seat}'] button[data-cmd=net-invite]")
            link = host.wait_for_selector(f"#net-link-{seat}", timeout=WAIT_MS).input_value()
            made = time.perf_counter() - start
            guest.goto(base + link.split("/", 3)[3])
            wait_for_boot(guest)
            start = time.perf_counter()
            code = guest.wait_for_selector("#net-answer-link", timeout=WAIT_MS).input_value()
            answered = time.perf_counter() - start
            host.fill(f"#net-answer-{seat}", code)
            start = time.perf_counter()
            host.click(f".net-seat[data-seat='{seat}'] button[data-cmd=net-take]")
            guest.wait_for_function(CONNECTED, timeout=WAIT_MS)
            joins.append((made + answered + time.perf_counter() - start) * 1000)
        for page in pages:
            page.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
        clicked: dict[int, float] = {}      # actions once played -> the mover's click
        actions = 0
        for _ in range(3 + args.turns):
            mover = pages[int(host.get_attribute("#app", "data-current"))]
            before = len(mover.evaluate("window.clicks"))
            if actions < 3:
                keep(mover)         # its last click plays the move
                moved = 1
            else:
                draw_two(mover)     # a move a click
                moved = 2
            clicks = mover.evaluate("window.clicks")[before:]
            for k, at in enumerate(clicks[-moved:], 1):
                clicked[actions + k] = at
            actions += moved
            same(pages, actions)
        shown = [dict(reversed(g.evaluate("window.shown"))) for g in guests]   # actions -> first time shown
        trips = [max(s[number] for s in shown) - at for number, at in clicked.items()]
        for device in devices:
            device.close()
    print(f"invite to connected, {len(joins)} guests: median {statistics.median(joins):.0f} ms, "
          f"max {max(joins):.0f} ms ({', '.join(f'{j:.0f}' for j in joins)})")
    print(f"a move to every guest's screen, {len(trips)} moves: p50 {quantile(trips, 0.5):.0f} ms, "
          f"p95 {quantile(trips, 0.95):.0f} ms, max {max(trips):.0f} ms")


if __name__ == "__main__":
    main()
