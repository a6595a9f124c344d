"""An AI seat's initial ticket choice after a human's: how long from the human's Keep to the AI's
choice played?

    python3 tests/bench_ai_ahead_browser.py [--games N] [--think S] [--workers N]

Plays the start of 2-player games through the page in Chromium (``?ai-delay=0``), USA and Europe
in turn: Ann (human) and Hal (hard), games whose seed has Ann choose first.  Ann's ticket choice
is left open ``--think`` seconds (a player reading the tickets: the AI workers, started when the
game was drawn, load Python meanwhile and the page may ask Hal's choice ahead,
``Session.ai_requests_ahead``), then she keeps every ticket, and the time until Hal's choice is
played (the page's ``data-actions`` reaches 2) is measured in the page.  Hal's choice is a
searched decision of hard (about 0.5 s in Pyodide): asked only once Ann has chosen, it costs
that search; asked ahead, only the page's redraw.  The figures are printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ai_browser import summary
from harness import BrowserSession, build, launch_chromium, static_server
from ui_driver import new_game, wait_for_human

MAPS = ("usa", "europe")
# Keep (the boxes are ticked) and resolve with the ms until the AI seat's choice is played.
KEEP = """async () => {
    const start = performance.now();
    document.querySelector('button[data-cmd=keep]').click();
    while (Number(document.getElementById('app').dataset.actions) < 2) await new Promise((r) => setTimeout(r, 2));
    return performance.now() - start; }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games measured, alternating USA and Europe")
    parser.add_argument("--think", type=float, default=5.0, help="seconds the human takes to keep")
    parser.add_argument("--workers", type=int, default=0, help="AI workers (0: the device's cores but one, at most 4)")
    args = parser.parse_args()
    build.prepare(update_config=False)
    from playwright.sync_api import sync_playwright
    times: list[float] = []
    with static_server(build.ROOT) as url, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        session = BrowserSession(browser, url)
        print(f"Chromium {browser.version}; Ann (human) then Hal (hard); think {args.think} s; "
              f"workers: {args.workers or 'the cores but one'}")
        seed = 100
        while len(times) < args.games:
            seed += 1
            map_id = MAPS[len(times) % len(MAPS)]
            page = session.open("?ai-delay=0" + (f"&ai-workers={args.workers}" if args.workers else ""))
            new_game(page, ["Ann", "Hal"], ["human", "ai:hard"], map_id=map_id, seed=str(seed))
            facts = wait_for_human(page)
            if facts["actions"] != 0 or facts["dialog"] != "tickets":
                page.context.close()
                continue                # Hal chooses first in this seed
            for box in page.locator(".offer input").all():
                box.check()
            time.sleep(args.think)
            ms = page.evaluate(KEEP)
            times.append(ms)
            print(f"  {map_id} seed {seed}: Hal's choice played {ms:.0f} ms after Ann's Keep")
            page.context.close()
        session.close()
        browser.close()
    print(f"Hal's initial choice after Ann's Keep: {summary(times)}")


if __name__ == "__main__":
    main()
