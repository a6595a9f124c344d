"""AI seats in the browser: does the page stay responsive, and how long does hard take in Pyodide?

    python3 tests/bench_ai_browser.py [--games N] [--helper worker|page] [--no-jspi] [--workers N]
                                      [--traces DIR] [--before DIR]

Plays 4-player games of AI seats only (hard, medium, easy, hard) through the page in
Chromium, on USA and Europe in turn, with ``?ai-delay=0`` so AI moves follow each other as
fast as they can (the worst case for the page), and measures

(a) the page's main thread while AI seats play: every task it ran (Chromium's trace,
    ``RunTask`` events of the page's renderer thread; the longest ones of each game listed
    with what they were made of and the CPU time they had, ``tdur``: a task much longer than its
    CPU time waited for a core, held by other processes or the page's own workers), the ``longtask`` entries of a PerformanceObserver (tasks
    over 50 ms), and the page's own handler of each answer from the worker (it plays the move
    and redraws the screen, the end screen included): count, p50, p95, max (target: no task
    over 100 ms);
(b) the time each AI move took to choose in Pyodide, per level: the worker's own measure
    (``ms`` in its answer) and the round trip from the request to the answer on the page
    (target for hard: p95 <= 1 s); the requests sent while the worker was still starting
    Python (the first of each game) are listed apart, as their round trip is mostly that start.

``--workers N`` runs N AI workers (``?ai-workers=N``; else one fewer than the device's cores, at
most 4): hard's searched moves are shared among them (``game.ui.ai_shards``), and a move's
worker measure is its longest shard's.  ``--helper page`` makes the worker's script fail to load
(as on a host that cannot serve it), so the page's own fallback (a slice at a time on the main
thread) is measured instead: each AI move's time from the move before it played to it played
(the page computing it, then playing it), per level; ``--no-jspi`` hides JSPI from the page, as
Safari has none.  ``--traces`` keeps each game's Chromium trace (``<map>-<seed>.json``, for
chrome://tracing or Perfetto).  ``--before DIR``: a second checkout (``git worktree add DIR
<commit>``), built and served too, whose games are played in turns with this one's (game by game,
the same seeds, in one browser), so a busy machine weighs on both alike; each side's figures are
printed, with the main thread's CPU time per AI move in each kind of work (script, style, layout,
pre-paint, paint, layerize, commit, garbage collection: the trace's thread time, ``tdur``, so that a
task kept waiting for a core by other processes does not count as work; a paint nested in a paint,
as Chromium records each paint layer painted again, is counted once).  The figures are printed; nothing is
asserted.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import (
    NO_JSPI,
    BrowserSession,
    build,
    launch_chromium,
    main_thread_events,
    static_server,
)
from ui_driver import new_game

GAMES = [("usa", "31"), ("europe", "32")]
SEATS = (["Hard", "Mid", "Easy", "Hard2"], ["ai:hard", "ai:medium", "ai:easy", "ai:hard"])
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]
FIRST_REQUEST = "first-ai-request"       # a performance mark: AI turns run from here to the end screen
LONGEST_SHOWN = 3                        # per game, the longest tasks listed with what they did
TASK_PARTS = {"FunctionCall": "script", "EventDispatch": "events", "UpdateLayoutTree": "style", "Layout": "layout",
              "HitTest": "hit test", "ParseHTML": "HTML parsing", "Paint": "paint", "PrePaint": "pre-paint",
              "Layerize": "layerize", "Commit": "commit", "MajorGC": "major GC", "MinorGC": "minor GC"}
# Before the game starts: record every request to the AI worker and every answer, with times.
SPY = """(() => {
    const Real = window.Worker;
    window.aiMoves = {};
    window.aiPlayed = [];
    window.longTasks = [];
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTasks.push({start: e.startTime, duration: e.duration}); })
        .observe({type: 'longtask'});
    window.Worker = function (url, options) {
        const worker = new Real(url, options);
        if (!String(url).includes('ai-worker')) return worker;     // (the snapshot's worker)
        const post = worker.postMessage.bind(worker);
        worker.postMessage = (text) => {
            const message = JSON.parse(text);
            const request = message.request ?? message;      // a shard of a move, or a move asked whole
            if (performance.getEntriesByName('first-ai-request').length === 0) performance.mark('first-ai-request');
            const move = window.aiMoves[request.ticket];
            if (move) Object.assign(move, {shards: move.shards + 1, booting: move.booting || !worker.ready});
            else window.aiMoves[request.ticket] = {level: request.level, phase: request.view.phase, shards: 1,
                                                   answers: 0, sent: performance.now(), booting: !worker.ready};
            post(text);
        };
        worker.addEventListener('message', ({data}) => {
            const answer = JSON.parse(data);
            if (answer.ready) worker.ready = true;
            const move = window.aiMoves[answer.ticket];
            if (!move) return;
            move.answers += 1;
            move.ms = Math.max(move.ms ?? 0, answer.ms);     // a shared move: its longest shard
            // decided: its last shard in, or a shard that needed no sample (the planner's move)
            if (move.answers >= move.shards || answer.samples === 0 || answer.error) move.trip ??= performance.now() - move.sent;
        });
        // the page's own handler of each answer: it plays the move and redraws the screen
        const listen = worker.addEventListener.bind(worker);
        worker.addEventListener = (type, listener, options) => listen(type, type !== 'message' ? listener : (event) => {
            const start = performance.now();
            try { return listener(event); } finally { window.aiPlayed.push(performance.now() - start); }
        }, options);
        return worker;
    };
})();"""


# With the page as the helper: the time from each move played to the next one played, and the seat
# that made it (data-current before the move), once the game's AI turns have begun.
PAGE_MOVES = """window.pageMoves = [];
addEventListener('DOMContentLoaded', () => {
    const app = document.getElementById('app');
    let last = null, count = null, current = null;
    new MutationObserver(() => {
        const now = performance.now(), n = Number(app.dataset.actions);
        if (n !== count) {
            if (last !== null && n === count + 1) window.pageMoves.push({seat: Number(current), ms: now - last});
            last = now;
            count = n;
        }
        current = app.dataset.current;
    }).observe(app, {attributes: true, attributeFilter: ['data-actions', 'data-current']});
});"""


# Serve a checkout with its own build module (its sw.js and files built in place), printing the URL.
SERVE = """import build, sys
server = build.make_server(build.ROOT, 0)
print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
server.serve_forever()
"""


@contextmanager
def served(checkout: Path) -> Iterator[str]:
    """Another checkout's site, served by its own ``build.py`` in a process of its own; yields its URL."""
    server = subprocess.Popen([sys.executable, "-c", SERVE], cwd=checkout, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        yield server.stdout.readline().strip()
    finally:
        server.terminate()
        server.wait()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def summary(values: list[float]) -> str:
    return (f"n={len(values):5d}  p50 {pct(values, 50):7.1f}  p95 {pct(values, 95):7.1f}  "
            f"max {max(values, default=float('nan')):7.1f} ms")


def main_thread_tasks(trace: bytes) -> tuple[list[float], list[str], dict[str, float]]:
    """Durations (ms) of the tasks run on the page's main thread (renderer ``CrRendererMain``)
    from the first AI request on (before it: the page's boot and the click starting the game),
    what the longest ones were made of (and the CPU time of those over 50 ms), and the CPU time in
    each kind of work (ms, in all; ``outermost``)."""
    timed = main_thread_events(trace, FIRST_REQUEST)
    tasks = [e for e in timed if e["name"] == "RunTask"]
    longest = sorted(tasks, key=lambda e: -e["dur"])[:LONGEST_SHOWN]
    outer = outermost(timed)
    kinds: dict[str, float] = {}
    for e in outer:
        kinds[TASK_PARTS[e["name"]]] = kinds.get(TASK_PARTS[e["name"]], 0) + e.get("tdur", e["dur"]) / 1000
    over = sorted(e.get("tdur", 0) / 1000 for e in tasks if e["dur"] > 50_000)
    cpu = (f"CPU of the tasks over 50 ms: median {over[len(over) // 2] if over else 0:.1f} ms; the most CPU in one task: "
           f"{max((e.get('tdur', 0) / 1000 for e in tasks), default=0):.1f} ms")
    return ([e["dur"] / 1000 for e in tasks],
            [f"{task['dur'] / 1000:.1f} ms (CPU {task.get('tdur', 0) / 1000:.1f}): {task_parts(task, outer)}"
             for task in longest] + [cpu], kinds)


def outermost(timed: list[dict]) -> list[dict]:
    """The events of the kinds in ``TASK_PARTS``, leaving out those nested in another of their name
    (a ``Paint`` of a layer inside the document's, a function called from a function)."""
    kept: list[dict] = []
    ends: dict[str, float] = {}
    for e in sorted(timed, key=lambda e: (e["ts"], -e["dur"])):
        if e["name"] in TASK_PARTS and e["ts"] >= ends.get(e["name"], 0):
            kept.append(e)
            ends[e["name"]] = e["ts"] + e["dur"]
    return kept


def task_parts(task: dict, outer: list[dict]) -> str:
    """The biggest kinds of work inside one task (script, style, layout, paint, garbage collection ...),
    in time (``outer``: ``outermost``'s events)."""
    parts: dict[str, float] = {}
    for e in outer:
        if task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= task["ts"] + task["dur"]:
            kind = TASK_PARTS[e["name"]]
            parts[kind] = parts.get(kind, 0) + e["dur"] / 1000
    return ", ".join(f"{kind} {ms:.1f}" for kind, ms in sorted(parts.items(), key=lambda kv: -kv[1]) if ms >= 1) or "-"


def play(browser, session: BrowserSession, map_id: str, seed: str, helper: str, workers: int,
         traces: Path | None = None, side: str = "", jspi: bool = True) -> tuple[list, list, list, list, dict[str, float]]:
    context = session.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(SPY)
    if not jspi:
        context.add_init_script(NO_JSPI)
    if helper == "page":
        context.route("**/static/ai-worker.mjs", lambda route: route.fulfill(status=404, body="benchmark"))
        context.add_init_script(PAGE_MOVES)
    page = session.open("?ai-delay=0" + (f"&ai-workers={workers}" if workers else ""), context=context,
                        expect_errors=helper == "page")
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    new_game(page, *SEATS, map_id=map_id, seed=seed)
    if helper == "page":            # no request to a worker marks the AI turns' start: the game's does
        page.evaluate(f"performance.mark('{FIRST_REQUEST}')")
    page.wait_for_selector(".end-screen", timeout=1_800_000)
    trace = browser.stop_tracing()
    if traces is not None:
        (traces / f"{side}{map_id}-{seed}.json").write_bytes(trace)
    tasks, longest, kinds = main_thread_tasks(trace)
    kinds["AI moves"] = float(page.get_attribute("#app", "data-actions") or 0)      # every seat is an AI
    moves = list(page.evaluate("window.aiMoves").values()) + [
        {"level": SEATS[1][m["seat"]].removeprefix("ai:"), "page": m["ms"]}
        for m in (page.evaluate("window.pageMoves") if helper == "page" else [])]
    played = page.evaluate("window.aiPlayed")
    where = page.get_attribute("#app", "data-ai-helper")
    long_tasks = page.evaluate(f"""window.longTasks.filter((task) => task.start >=
        performance.getEntriesByName('{FIRST_REQUEST}')[0].startTime).map((task) => task.duration)""")
    print(f"  {side}{map_id}: {page.get_attribute('#app', 'data-actions')} actions, computed in the {where}; "
          "longest tasks:")
    for line in longest:
        print(f"    {line}")
    context.close()
    return tasks, long_tasks, moves, played, kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games to play, alternating USA and Europe")
    parser.add_argument("--helper", choices=("worker", "page"), default="worker")
    parser.add_argument("--no-jspi", action="store_true", help="the page cannot suspend a call into WebAssembly")
    parser.add_argument("--workers", type=int, default=0, help="AI workers (0: the device's cores but one, at most 4)")
    parser.add_argument("--traces", type=Path, help="a folder to keep each game's Chromium trace in (JSON)")
    parser.add_argument("--before", type=Path, help="another checkout to play in turns with this one")
    args = parser.parse_args()
    build.prepare(update_config=False)
    sides = {"": build.ROOT}
    if args.before is not None:
        subprocess.run([sys.executable, "-c", "import build; build.prepare(update_config=False)"], cwd=args.before,
                       check=True)
        sides = {"before ": args.before.resolve(), "after ": build.ROOT}
    from playwright.sync_api import sync_playwright
    figures: dict[str, tuple[list, list, list, list, dict[str, float]]] = {
        side: ([], [], [], [], {}) for side in sides}
    with ExitStack() as stack, sync_playwright() as playwright:
        urls = {side: stack.enter_context(static_server(root) if root == build.ROOT else served(root))
                for side, root in sides.items()}
        browser = launch_chromium(playwright)
        sessions = {side: BrowserSession(browser, url) for side, url in urls.items()}
        print(f"Chromium {browser.version}; 4 AI seats {', '.join(SEATS[1])}; ?ai-delay=0; helper: {args.helper}"
              f"{' (no JSPI)' if args.no_jspi else ''}; "
              f"workers: {args.workers or 'the cores but one'}")
        for g in range(args.games):
            map_id, seed = GAMES[g % len(GAMES)]
            order = list(sides) if g % 2 == 0 else list(reversed(sides))     # each side first in turns
            for side in order:
                played = play(browser, sessions[side], map_id, f"{seed}{g // len(GAMES) or ''}", args.helper,
                              args.workers, args.traces, side.strip() + ("-" if side else ""), not args.no_jspi)
                kept = figures[side]
                for whole, part in zip(kept[:4], played[:4], strict=True):
                    whole += part
                for kind, ms in played[4].items():
                    kept[4][kind] = kept[4].get(kind, 0) + ms
        for session in sessions.values():
            session.close()
        browser.close()
    for side, (tasks, long_tasks, moves, played, kinds) in figures.items():
        report(side, tasks, long_tasks, moves, played, kinds)
    if any(session.errors or session.external_requests for session in sessions.values()):
        sys.exit("; ".join(f"{side or 'this'}: errors {session.errors} external requests {session.external_requests}"
                           for side, session in sessions.items()))


def report(side: str, tasks: list[float], long_tasks: list[float], moves: list[dict], played: list[float],
           kinds: dict[str, float]) -> None:
    print(f"(a) {side}the page's main thread while AI seats play")
    print(f"  every task (trace)        {summary(tasks)}  over 50 ms: {sum(t > 50 for t in tasks)}, "
          f"over 100 ms: {sum(t > 100 for t in tasks)}")
    print(f"  long tasks (observer)     count {len(long_tasks)}, max {max(long_tasks, default=0):.0f} ms")
    if played:
        print(f"  an answer played (page)   {summary(played)}")
    moved = kinds.pop("AI moves", 0)
    if moved:
        print(f"  per AI move ({moved:.0f}), CPU ms: " + ", ".join(
            f"{kind} {ms / moved:.2f}" for kind, ms in sorted(kinds.items(), key=lambda kv: -kv[1])))
    if not moves:
        print(f"(b) {side}not measured: no move was asked of the worker")
    else:
        report_moves(moves)


def report_moves(moves: list[dict]) -> None:
    on_page = [m for m in moves if "page" in m]
    if on_page:
        print("(b) an AI move on the page: the move before played -> this one played (computing it, then playing it)")
        for level in ("hard", "medium", "easy"):
            print(f"  {level:7s} {summary([m['page'] for m in on_page if m['level'] == level])}")
        return
    print("(b) time to choose a move in Pyodide (worker's own measure | request -> answer on the page)")
    for level in ("hard", "medium", "easy"):
        own = [m["ms"] for m in moves if m["level"] == level and "ms" in m]
        trip = [m["trip"] for m in moves if m["level"] == level and "trip" in m and not m["booting"]]
        print(f"  {level:7s} {summary(own)}  | {summary(trip)}")
    booting = [m["trip"] for m in moves if m["booting"] and "trip" in m]
    print(f"  (round trips of the requests sent while the worker was still starting Python, left out "
          f"above: {summary(booting)})")
    searched = [m["ms"] for m in moves if m["level"] == "hard" and "ms" in m
                and m["phase"] in ("setup-tickets", "tickets")]
    print(f"  hard's ticket choices (searched) {summary(searched)}")


if __name__ == "__main__":
    main()
