"""Game-screen benchmark: how fast the page answers a player, measured in Chromium.

    python3 tests/bench_ui.py [--actions N] [--map usa|europe] [--ai-delay MS]

Plays one human against an easy AI seat through the page (seeded, rematches until enough
samples) with real mouse clicks (trusted input, pressed for 60 ms as by a player), and times
each click from the event's own time stamp, so time spent waiting for a busy main thread counts:

- click -> dialog shown: a click on a route (its payments, or why it cannot be claimed);
- action -> board updated: a click on a payment until the route is drawn as claimed, or on
  the deck until the hand is redrawn (claims and draws are also listed apart).

Each is measured three ways: *handled* (the game's click handler has returned and the dialog
or the claimed route is in the page), *painted* (the main thread has done the next frame's
work: a ``requestAnimationFrame`` callback, then a task after it) and *presented*
(Chromium's Event Timing: until the next frame was on screen, in steps of 8 ms; Chromium
reports no event under 16 ms, so those count as 16).  Prints p50, p95 and max of each
(target: p95 <= 50 ms), and counts the main thread's tasks over 50 ms while the game (and the
cues that play its moves) runs, and totals the main thread's style, layout and script time over
the run (Chromium's own metrics, per action measured: AI moves and their cues included).  AI moves are chosen in the worker (``tests/bench_ai_browser.py``
measures those) and played ``--ai-delay`` ms after the previous move (700 in play), so an
AI move never lands in the frame of the player's action.  It prints figures; it asserts
nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import site_session
from ui_driver import game_facts, human_step, new_game, wait_for_human

from game.mapdata import MAP_IDS

UNREPORTED_MS = 16          # Event Timing leaves out events presented faster than this
PRESS_MS = 60               # between pressing and releasing the mouse button, as a player's click
# Before the page loads: time the next trusted click the benchmark asks for (``benchWanted``:
# the selector that must match once the game has handled it), and keep Event Timing's clicks.
TIMING = """(() => {
    window.benchSamples = [];
    window.benchPresented = [];
    window.benchLong = [];          // main-thread tasks over 50 ms, animations of moves included
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.benchLong.push(e.duration);
    }).observe({type: 'longtask'});
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'click') window.benchPresented.push([e.startTime, e.duration]);
    }).observe({type: 'event', durationThreshold: 16});
    addEventListener('click', (event) => {       // on window, bubbling: after the game's handler on #app
        const wanted = window.benchWanted;
        if (!wanted || !event.isTrusted) return;
        window.benchWanted = null;
        const handled = performance.now() - event.timeStamp;
        const done = document.querySelector(wanted) !== null;
        requestAnimationFrame(() => setTimeout(() => window.benchSamples.push(
            {stamp: event.timeStamp, handled, painted: performance.now() - event.timeStamp, done})));
    });
})();"""
# a point of a route's own shapes where a click reaches that route (not a city or another route)
ROUTE_POINT = """(id) => {
    const route = document.getElementById(id);
    for (const space of route.querySelectorAll('.space')) {
        const box = space.getBoundingClientRect();
        const x = box.x + box.width / 2, y = box.y + box.height / 2;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('[data-route]') === route) return [x, y];
    }
    return null;
}"""


METRICS = {"RecalcStyleDuration": "style", "LayoutDuration": "layout", "ScriptDuration": "script",
           "TaskDuration": "all tasks"}


def main_thread_metrics(cdp) -> dict[str, float]:
    """Chromium's running totals of the main thread's work, in seconds."""
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] in METRICS}


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def timed_click(page, target: str | list, done: str) -> dict | None:
    """Click ``target`` (a selector, or a point [x, y]) with the mouse and time it; None if
    ``done`` did not match once the click was handled."""
    count = page.evaluate("(done) => { window.benchWanted = done; return window.benchSamples.length; }", done)
    if isinstance(target, str):
        page.click(target, delay=PRESS_MS)
    else:
        page.mouse.click(*target, delay=PRESS_MS)
    page.wait_for_function(f"window.benchSamples.length > {count}")
    sample = page.evaluate("window.benchSamples[window.benchSamples.length - 1]")
    return sample if sample["done"] else None


def reachable_route(page, selector: str) -> tuple[str, list] | None:
    """The first route matching ``selector`` that a click can reach, and where to click."""
    for route in page.evaluate(f"[...document.querySelectorAll('{selector}')].map((r) => r.id)"):
        point = page.evaluate(ROUTE_POINT, route)
        if point:
            return route, point
    return None


def measure(page, wanted: int) -> tuple[list, list, list]:
    """Samples of route clicks (dialog shown), then of claims and of draws (board updated)."""
    dialogs, claims, draws = [], [], []
    while len(dialogs) < wanted or len(claims) + len(draws) < wanted:
        facts = wait_for_human(page)
        if facts["over"]:
            page.click("button[data-cmd=rematch]")
            continue
        if facts["dialog"] is not None or facts["phase"] != "start":
            human_step(page, facts)
            continue
        spot = reachable_route(page, "#board .route.claimable")
        if spot:
            route, point = spot
            dialogs.append(timed_click(page, point, ".dialog[data-dialog=claim]"))
            claims.append(timed_click(page, ".dialog button[data-cmd=claim]", f"#{route}.claimed"))
            continue
        spot = reachable_route(page, "#board .route:not(.claimed)")
        if spot:
            dialogs.append(timed_click(page, spot[1], ".dialog[data-dialog=message]"))
            page.click("#dialogs button[data-cmd=close]")
        before = game_facts(page)["actions"]
        draws.append(timed_click(page, "button[data-cmd=draw][data-slot='0']", f"#app:not([data-actions='{before}'])"))
    return [d for d in dialogs if d], [c for c in claims if c], [d for d in draws if d]


def add_presented(page, samples: list[dict]) -> None:
    """Each sample's time to the next frame on screen, from Chromium's Event Timing entries."""
    page.wait_for_timeout(500)          # the last entries are reported after their frame
    presented = page.evaluate("window.benchPresented")
    for sample in samples:
        found = [duration for start, duration in presented if abs(start - sample["stamp"]) < 0.01]
        sample["presented"] = found[0] if found else UNREPORTED_MS


def report(name: str, samples: list[dict]) -> None:
    parts = []
    for measure_name in ("handled", "painted", "presented"):
        values = [s[measure_name] for s in samples]
        parts.append(f"{measure_name} {pct(values, 50):5.1f} / {pct(values, 95):5.1f} / {max(values):6.1f}")
    print(f"  {name:26s} n={len(samples):3d}  " + "  | ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--map", default="usa", choices=MAP_IDS)
    parser.add_argument("--ai-delay", type=int, default=300, help="ms between AI moves (700 in play)")
    args = parser.parse_args()
    with site_session() as session:
        context = session.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(TIMING)
        page = session.open(f"?ai-delay={args.ai_delay}", context=context)
        new_game(page, ["Ann", "Bot"], ["human", "ai:easy"], map_id=args.map, seed="5")
        page.evaluate("window.benchLong = []")          # the boot's own long tasks are bench_boot's
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        before = main_thread_metrics(cdp)
        dialogs, claims, draws = measure(page, args.actions)
        spent = {name: value - before[name] for name, value in main_thread_metrics(cdp).items()}
        add_presented(page, dialogs + claims + draws)
        print(f"map {args.map}, 1280x800, Chromium {session.browser.version}, AI delay {args.ai_delay} ms")
        print("  ms from the click's time stamp, p50 / p95 / max")
        report("click -> dialog shown", dialogs)
        report("action -> board updated", claims + draws)
        report("  of which claims", claims)
        report("  of which draws", draws)
        long_tasks = page.evaluate("window.benchLong")
        print(f"  main-thread tasks over 50 ms once the game is on (moves' cues, the end screens, rematches included): {len(long_tasks)}"
              + (f", longest {max(long_tasks):.0f} ms" if long_tasks else ""))
        actions = len(dialogs) + len(claims) + len(draws)
        print("  main thread per action measured, ms: " + ", ".join(
            f"{label} {spent[name] * 1000 / actions:.1f}" for name, label in METRICS.items()))


if __name__ == "__main__":
    main()
