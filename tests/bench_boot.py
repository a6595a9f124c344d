"""Boot benchmark: cold boots of bare Pyodide vs. the game, and the game's repeat visit.

    python3 tests/bench_boot.py [--runs N] [--lang CODE] [LABEL=SITE ...]

(a) a bare page that only loads the vendored Pyodide (``loadPyodide()``, the runtime as
downloaded: its own standard library), (b) the game up to ``<html data-game-ready>`` in a
fresh browser context, and (c) the game's second visit, served by its service worker
(and, for a site that makes one, from the memory snapshot of Python's start the first visit
stored), in Chromium started anew on the profile (on disk) of the first visit, and (d) a
later visit (the fourth), the same way, when Chromium has also kept the code it compiled
for the wasm as the service worker served it.  The game is ``build.py dist`` of this
checkout, or each ``LABEL=SITE`` folder given (sites built otherwise, to compare boot
levers in one run: every round boots each of them once, in turn, so the machine's drift
affects them alike), in the browser's language (English) or with ``--lang`` in another
(``?lang=``: its catalog fetched).

Prints every boot, then per site the medians, when each boot stage was reached (PyScript's
``py:progress`` events, milliseconds after navigation), the ratios b/a (target <= 1.15),
c/b and d/b (target <= 0.5), the bytes the first visit transferred by category, and the
snapshot's size and making time with how many repeat visits started from it.  Requests to
any other host are blocked and reported.  This prints figures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import (READY_OR_FAILED, BrowserSession, build, launch_chromium,  # noqa: I001
                     launch_on_profile, static_server)

BARE_PAGE = "bench-bare-pyodide.html"   # answered by the benchmark itself, never on disk
BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide();
document.documentElement.setAttribute("data-game-ready", "");
</script></head><body></body></html>"""
STAGES = ("Loading interpreter", "Loaded interpreter", "Loaded Pyodide", "ready")
STAGE_RECORDER = """
window.__stages = {};
addEventListener("py:progress", ({detail}) => { window.__stages[detail] = performance.now(); });
new MutationObserver(() => {
  if (document.documentElement?.hasAttribute("data-game-ready")) window.__stages.ready ??= performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-game-ready"]});
"""
# How long each visit stays open, as a player's would at least; and which visit is "later".
# Chromium keeps the code it compiled for the wasm (served by the service worker) once that
# code has run a while, which a visit idle on the first screen may not reach: in traces, the
# second visit did not, the third did and the fourth used it (docs/offline.md).
VISIT_STAYS_S = 5
LATER_VISIT = 4
# The first visit's bytes, by file (the rest: "other runtime" or "own files").
CATEGORIES = {"pyodide.asm.wasm": "wasm", "python_stdlib.zip": "stdlib", "pyodide.asm.mjs": "asm.mjs",
              ".whl": "svgwrite wheel", "game": "game archive", ".mo": "catalog"}


class Boot:
    """One boot: seconds to ready, stage times (ms), bytes per URL (from the network), and
    how many responses came from the service worker."""

    def __init__(self, seconds: float, stages: dict[str, float], sizes: dict[str, int], from_worker: int,
                 python_start: str | None = None):
        self.seconds, self.stages, self.sizes, self.from_worker = seconds, stages, sizes, from_worker
        self.python_start = python_start      # "snapshot" or "fresh" (sites with static/interpreter.mjs)


def _boot(session: BrowserSession, context, url: str, stay: float = 0) -> Boot:
    """One boot in a new tab of ``context``; the tab stays open ``stay`` seconds after it."""
    network: dict[str, int] = {}
    worker = []
    page = session.watch(context.new_page())

    def record(request) -> None:
        response = request.response()
        if response is not None and response.from_service_worker:
            worker.append(request.url)
        else:
            network[request.url] = request.sizes()["responseBodySize"]
    page.on("requestfinished", record)
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function(READY_OR_FAILED, timeout=120_000)
    elapsed = time.perf_counter() - start
    if page.evaluate("document.documentElement.hasAttribute('data-boot-failed')"):
        raise SystemExit(f"boot failed at {url}: {page.text_content('#boot-error-message')}")
    stages = page.evaluate("window.__stages || {}")
    python_start = page.evaluate("document.documentElement.dataset.pythonStart ?? null")
    page.wait_for_timeout(stay * 1000)
    page.close()
    return Boot(elapsed, stages, network, len(worker), python_start)


def cold_boot(session: BrowserSession, url: str) -> Boot:
    """A boot in a fresh context (empty cache, no service worker)."""
    context = session.new_context(url)
    context.add_init_script(STAGE_RECORDER)
    context.route(f"**/{BARE_PAGE}", lambda route: route.fulfill(content_type="text/html", body=BARE_HTML))
    try:
        return _boot(session, context, url)
    finally:
        context.close()


class Snapshot:
    """The memory snapshot of Python's start a first visit made: milliseconds, bytes."""

    def __init__(self, ms: float, size: int):
        self.ms, self.size = ms, size


@contextlib.contextmanager
def browser_on(session: BrowserSession, playwright, profile: str, url: str):
    """A browser started on ``profile`` (a folder), guarded as the tests' contexts are; closed
    (the browser's processes end) on leaving."""
    context = session.guard(launch_on_profile(playwright, Path(profile)), url, snapshots=True)
    context.add_init_script(STAGE_RECORDER)
    try:
        yield context
    finally:
        context.close()


def repeat_visits(session: BrowserSession, playwright, url: str,
                  snapshots: list[Snapshot]) -> tuple[Boot, Boot]:
    """The second visit and a later one (the ``LATER_VISIT``th), served by the service worker:
    a first visit, then each visit in a browser started anew on the same profile, as a player
    comes back another day.  A site that makes a snapshot of Python's start
    (``<html data-python-start>``) has it stored before the second visit (its making is
    appended to ``snapshots``)."""
    with tempfile.TemporaryDirectory() as profile:
        with browser_on(session, playwright, profile, url) as context:
            first = session.watch(context.new_page())
            first.goto(url)
            first.wait_for_function(READY_OR_FAILED, timeout=120_000)
            first.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
            if first.evaluate("document.documentElement.hasAttribute('data-python-start')"):
                first.wait_for_function("document.documentElement.dataset.pythonSnapshot", timeout=120_000)
                made = first.evaluate("performance.getEntriesByName('ttr:python-snapshot')"
                                      ".map((e) => [e.duration, e.detail.bytes])")
                snapshots.extend(Snapshot(ms, size) for ms, size in made)
        visits = []
        for _ in range(LATER_VISIT - 1):
            with browser_on(session, playwright, profile, url) as context:
                visits.append(_boot(session, context, url, stay=VISIT_STAYS_S))
        return visits[0], visits[-1]


def categories(sizes: dict[str, int]) -> dict[str, int]:
    split: dict[str, int] = {}
    for url, size in sizes.items():
        name = url.split("?")[0].rsplit("/", 1)[-1]
        kind = next((label for key, label in CATEGORIES.items() if key in name),
                    "other runtime" if "/static/vendor/" in url else "own files")
        split[kind] = split.get(kind, 0) + size
    return split


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lang", help="boot the game in this language (?lang=CODE)")
    parser.add_argument("sites", nargs="*", metavar="LABEL=SITE")
    options = parser.parse_args()
    runs = max(5, options.runs)
    from playwright.sync_api import sync_playwright

    with contextlib.ExitStack() as stack:
        sites = dict(site.split("=", 1) for site in options.sites)
        if not sites:
            sites["game"] = stack.enter_context(tempfile.TemporaryDirectory())
            build.dist(Path(sites["game"]))
        bare_url = stack.enter_context(static_server(build.VENDOR)) + BARE_PAGE
        query = f"?lang={options.lang}" if options.lang else ""
        urls = {label: stack.enter_context(static_server(Path(folder))) + query
                for label, folder in sites.items()}
        playwright = stack.enter_context(sync_playwright())
        browser = launch_chromium(playwright)
        session = BrowserSession(browser, bare_url)
        results: dict[str, list[Boot]] = {"bare": []}
        snapshots: dict[str, list[Snapshot]] = {label: [] for label in urls}
        for url in urls.values():
            cold_boot(session, url)   # warm the OS file cache and the servers, not the browser
        for run in range(runs):
            results["bare"].append(cold_boot(session, bare_url))
            print(f"run {run + 1} bare: {results['bare'][-1].seconds:.2f} s", flush=True)
            for label, url in urls.items():
                cold = cold_boot(session, url)
                second, later = repeat_visits(session, playwright, url, snapshots[label])
                for kind, boot in (("cold", cold), ("repeat", second), ("later", later)):
                    results.setdefault(f"{label} {kind}", []).append(boot)
                    start = f" (Python: {boot.python_start})" if boot.python_start else ""
                    print(f"run {run + 1} {label} {kind}: {boot.seconds:.2f} s{start}", flush=True)
        browser.close()
    if session.external_requests or session.errors:
        print(f"FAILED: requests to other hosts {session.external_requests}, errors {session.errors}")
        return 1
    median = {name: statistics.median(boot.seconds for boot in boots) for name, boots in results.items()}
    print(f"\nruns: {runs} of each, fresh browser context per cold boot, medians")
    print(f"(a) bare Pyodide, cold: {median['bare']:.2f} s   "
          f"{sum(results['bare'][-1].sizes.values()) / 1e6:.2f} MB")
    for label in urls:
        cold, repeat, later = f"{label} cold", f"{label} repeat", f"{label} later"
        print(f"\n[{label}]")
        for name, title in ((cold, "(b) game, cold"), (repeat, "(c) game, second visit (SW)"),
                            (later, "(d) game, a later visit (SW)")):
            stages = "  ".join(
                f"{stage} {statistics.median(boot.stages.get(stage, 0) for boot in results[name]):.0f}"
                for stage in STAGES)
            print(f"{title:28} {median[name]:.2f} s   stages (ms): {stages}")
        split = categories(results[cold][-1].sizes)
        print(f"first visit: {sum(split.values()) / 1e6:.2f} MB = "
              + ", ".join(f"{kind} {size / 1e3:.1f} kB" for kind, size in sorted(split.items())))
        last = results[repeat][-1]
        print(f"repeat visit: {sum(last.sizes.values()) / 1e3:.1f} kB from the network, "
              f"{last.from_worker} responses from the service worker")
        if snapshots[label]:
            print(f"snapshot of Python's start: {statistics.median(s.size for s in snapshots[label]) / 1e6:.1f} MB, "
                  f"made in {statistics.median(s.ms for s in snapshots[label]):.0f} ms (median, in its worker); "
                  f"repeat visits started from it: "
                  f"{sum(boot.python_start == 'snapshot' for boot in results[repeat] + results[later])} "
                  f"of {len(results[repeat]) + len(results[later])}")
        print(f"ratio b/a: {median[cold] / median['bare']:.2f}  (target <= 1.15)   "
              f"ratio c/b: {median[repeat] / median[cold]:.2f}  d/b: {median[later] / median[cold]:.2f}  "
              f"(target <= 0.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
