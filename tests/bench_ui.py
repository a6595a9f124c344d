"""Game-screen benchmark: how fast the page answers a player, measured in Chromium.

    python3 tests/bench_ui.py [--actions N] [--map usa|europe]

Plays one human against an easy AI seat through the page (seeded, rematches until enough
samples; the AI's moves are chosen in its worker, ``tests/bench_ai_browser.py`` measures those) and times, inside the page with ``performance.now()``:

- click → dialog shown: a click on a route (the payment chooser, or the reason it cannot be
  claimed) until the dialog is in the DOM, and until the next frame is painted;
- action → board updated: a click on a payment until the route is drawn as claimed, or on a
  card until the hand is redrawn, and until the next frame.

Prints p50 and p95 of each (target p95 <= 50 ms).  It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import BrowserSession, build, launch_chromium, static_server
from ui_driver import AI_FAST, game_facts, human_step, new_game, wait_for_human

# click ``selector``'s element and time until ``done`` holds, then until the next frame
TIMED_CLICK = """async ([selector, done]) => {
    const target = document.querySelector(selector);
    const t0 = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    const handled = performance.now() - t0;
    if (!document.querySelector(done)) return null;
    await new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve)));
    return [handled, performance.now() - t0];
}"""


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(page, wanted: int) -> tuple[list, list]:
    dialogs, actions = [], []
    while len(dialogs) < wanted or len(actions) < wanted:
        facts = wait_for_human(page)
        if facts["over"]:
            page.click("button[data-cmd=rematch]")
            continue
        if facts["dialog"] is not None or facts["phase"] != "start":
            human_step(page, facts)
            continue
        route = page.evaluate("document.querySelector('#board .route.claimable')?.id || null")
        if route:
            dialogs.append(page.evaluate(TIMED_CLICK, [f"#{route}", ".dialog[data-dialog=claim]"]))
            actions.append(page.evaluate(TIMED_CLICK, [".dialog button[data-cmd=claim]",
                                                       f"#{route}.claimed"]))
        else:
            free = page.evaluate("document.querySelector('#board .route:not(.claimed)').id")
            dialogs.append(page.evaluate(TIMED_CLICK, [f"#{free}", ".dialog[data-dialog=message]"]))
            page.click("#dialogs button[data-cmd=close]")
            before = game_facts(page)["actions"]
            actions.append(page.evaluate(TIMED_CLICK, ["button[data-cmd=draw][data-slot='0']",
                                                       f"#app:not([data-actions='{before}'])"]))
    return [d for d in dialogs if d], [a for a in actions if a]


def report(name: str, samples: list) -> None:
    handled = [s[0] for s in samples]
    painted = [s[1] for s in samples]
    print(f"{name:28s} n={len(samples):3d}  handled p50 {pct(handled, 50):6.1f} ms  p95 {pct(handled, 95):6.1f} ms"
          f"  | painted p50 {pct(painted, 50):6.1f} ms  p95 {pct(painted, 95):6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--map", default="usa", choices=("usa", "europe"))
    args = parser.parse_args()
    build.prepare(update_config=False)
    from playwright.sync_api import sync_playwright
    with static_server(build.ROOT) as url, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        session = BrowserSession(browser, url)
        page = session.open(AI_FAST, context=session.new_context(viewport={"width": 1280, "height": 800}))
        new_game(page, ["Ann", "Bot"], ["human", "ai:easy"], map_id=args.map, seed="5")
        dialogs, actions = measure(page, args.actions)
        print(f"map {args.map}, 1280x800, Chromium {browser.version}")
        report("click -> dialog shown", dialogs)
        report("action -> board updated", actions)
        print(f"median of all: {statistics.median([s[1] for s in dialogs + actions]):.1f} ms (painted)")
        session.close()
        browser.close()
        if session.errors or session.external_requests:
            sys.exit(f"errors: {session.errors} external requests: {session.external_requests}")


if __name__ == "__main__":
    main()
