"""A finished game's review in the browser: how long it takes, and does the page stay usable?

    python3 tests/bench_review.py [--games N] [--players 4] [--cpython] [--helper page] [--no-jspi] [--traces DIR]

Plays a USA game of medium AI seats in CPython (seat 0 counts as the human: its decisions are
the ones reviewed), stores it as the page's finished game, opens it in Chromium, clicks "Review
Ann's game" on the end screen and measures, until the review is done:

(a) the review's time from the click to the last decision weighed (target for 4 players: 60 s
    on this machine), the decisions found and how many were played out (hard had another
    move in mind), the workers used, and each decision's time in its worker (``ms`` of the
    answers);
(b) the page's main thread meanwhile: every task it ran (Chromium's trace; the longest listed
    with what they were made of), the ``longtask`` entries of a PerformanceObserver (target:
    none over 50 ms), and the page's handler of each answer (it takes the answer, sends the
    next decision, redraws).

``--cpython`` also times the same review in this process (one core), for comparison.  ``--helper
page``: the workers' script is not found, so the page weighs every decision itself, in slices (the
review's fallback, ``game.web.review``); ``--no-jspi`` hides JSPI (``WebAssembly.Suspending``) from
the page, as in a browser that cannot suspend a call into WebAssembly.  ``--traces`` keeps each review's Chromium trace
(``review-<n>.json``, for ``chrome://tracing`` or Perfetto).  The figures are printed; nothing is
asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ai_browser import FIRST_REQUEST, TRACE_CATEGORIES, main_thread_tasks, summary
from harness import NO_JSPI, BrowserSession, build, launch_chromium, static_server
from screenshots_ui import over, scenario, store

NAMES = ["Ann", "Bruno", "Chloé", "Dmitri", "Eva"]
COLOURS = ["red", "blue", "green", "yellow", "black"]
# Before the page loads: note every review request and answer of the workers, and the long tasks.
SPY = """(() => {
    const Real = window.Worker;
    window.reviewAnswers = [];
    window.reviewHandled = [];
    window.reviewWorkers = 0;
    window.longTasks = [];
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTasks.push({start: e.startTime, duration: e.duration}); })
        .observe({type: 'longtask'});
    window.Worker = function (url, options) {
        const worker = new Real(url, options);
        if (!String(url).includes('ai-worker')) return worker;
        window.reviewWorkers += 1;
        worker.addEventListener('message', ({data}) => {
            if (String(data).startsWith('{"review"')) window.reviewAnswers.push(JSON.parse(data));
        });
        // the page's own handler of each answer: it takes it, sends the next decision, redraws
        const listen = worker.addEventListener.bind(worker);
        worker.addEventListener = (type, listener, options) => listen(type, type !== 'message' ? listener : (event) => {
            const start = performance.now();
            try { return listener(event); } finally { window.reviewHandled.push(performance.now() - start); }
        }, options);
        return worker;
    };
})();"""


def review_once(browser, session: BrowserSession, game: dict, helper: str = "worker",
                trace_file: Path | None = None, jspi: bool = True) -> None:
    context = session.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(SPY)
    if not jspi:
        context.add_init_script(NO_JSPI)
    if helper == "page":
        context.route("**/static/ai-worker.mjs", lambda route: route.fulfill(status=404, body="not here"))
    page = session.open("?ai-delay=0", context=context, expect_errors=helper == "page")
    store(page, {"g1": game}, "g1")
    page.wait_for_selector(".end-screen")
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.evaluate(f"performance.mark('{FIRST_REQUEST}')")
    start = time.perf_counter()
    page.click(".end-screen button[data-cmd=review]")
    page.wait_for_selector(".review[data-done]:not([data-done=no])", timeout=1_800_000)
    took = time.perf_counter() - start
    trace = browser.stop_tracing()
    if trace_file is not None:
        trace_file.write_bytes(trace)
    tasks, longest, _kinds = main_thread_tasks(trace)
    late = long_task_times(trace)
    answers = page.evaluate("window.reviewAnswers")
    long_tasks = page.evaluate(f"""window.longTasks.filter((task) => task.start >=
        performance.getEntriesByName('{FIRST_REQUEST}')[0].startTime).map((task) => task.duration)""")
    failure = page.locator(".review-failure [role=alert]").text_content()
    print(f"(a) review done in {took:.1f} s{' — FAILED: ' + failure if failure else ''}; "
          f"weighed by the {page.get_attribute('#app', 'data-review-helper')}; "
          f"{page.evaluate('window.reviewWorkers')} worker(s); {len(answers)} decisions, "
          f"{sum(a['samples'] > 0 for a in answers)} played out; summary: {page.locator('.review-summary').text_content()}")
    print(f"    each decision in its worker     {summary([a['ms'] for a in answers])}")
    print(f"    those played out                {summary([a['ms'] for a in answers if a['samples']])}")
    print("(b) the page's main thread during the review")
    print(f"    every task (trace)              {summary(tasks)}  over 50 ms: {sum(t > 50 for t in tasks)}")
    print(f"    an answer taken (page)          {summary(page.evaluate('window.reviewHandled'))}")
    print(f"    long tasks (observer)           count {len(long_tasks)}, max {max(long_tasks, default=0):.0f} ms")
    for line in longest:
        print(f"      {line}")
    print(f"    over 50 ms, when (s after the click): {', '.join(f'{at:.1f}' for at in late)}")
    context.close()


def long_task_times(trace: bytes) -> list[float]:
    """When the main thread's tasks over 50 ms began, in seconds after the click."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    start = min(e["ts"] for e in events if e.get("name") == FIRST_REQUEST)
    return sorted((e["ts"] - start) / 1e6 for e in events if e.get("ph") == "X" and e.get("name") == "RunTask"
                  and (e["pid"], e["tid"]) in main and e["ts"] >= start and e.get("dur", 0) > 50_000)


def cpython_review(game: dict) -> None:
    from game.ai.review import Review, seat_decisions
    start = time.process_time()
    review = Review(seat_decisions(game, 0))
    while not review.done:
        review.step()
    print(f"CPython, one core: {time.process_time() - start:.1f} s CPU for {len(review.decisions)} decisions, "
          f"{sum(v.samples > 0 for v in review.verdicts)} played out, {review.total_loss():.1f} points lost")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cpython", action="store_true")
    parser.add_argument("--helper", choices=("worker", "page"), default="worker",
                        help="page: the workers cannot load, the page weighs the decisions")
    parser.add_argument("--no-jspi", action="store_true", help="the page cannot suspend a call into WebAssembly")
    parser.add_argument("--traces", type=Path, help="a folder to keep each review's Chromium trace in (JSON)")
    args = parser.parse_args()
    players = [{"name": NAMES[0], "kind": "human", "colour": COLOURS[0]}] + \
        [{"name": NAMES[i], "kind": "ai", "colour": COLOURS[i]} for i in range(1, args.players)]
    games = [scenario(players, 40 + g, over) for g in range(args.games)]
    build.prepare(update_config=False)
    from playwright.sync_api import sync_playwright
    with static_server(build.ROOT) as url, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        session = BrowserSession(browser, url)
        print(f"Chromium {browser.version}; USA, {args.players} players, seat 0 reviewed")
        for n, game in enumerate(games):
            print(f"game: {len(game['actions'])} actions")
            review_once(browser, session, game, args.helper,
                        args.traces / f"review-{n}.json" if args.traces is not None else None, not args.no_jspi)
            if args.cpython:
                cpython_review(game)
        session.close()
        browser.close()
    if session.errors or session.external_requests:
        sys.exit(f"errors: {session.errors} external requests: {session.external_requests}")


if __name__ == "__main__":
    main()
