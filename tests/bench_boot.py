"""Boot benchmark: cold boots of the floor (Pyodide alone) vs. the game, and the game's repeat visit.

    python3 tests/bench_boot.py [--runs N] [--lang CODE] [--phone] [--cold-only] [LABEL=SITE ...]

(a) the floor: a bare page of the site that only loads its Pyodide (``loadPyodide()`` on the
site's own trimmed standard library and lock file, no PyScript, no game), (b) the game up to ``<html data-game-ready>`` in a
fresh browser context, and (c) the game's second visit, served by its service worker
(and, for a site that makes one, from the memory snapshot of Python's start the first visit
stored), in Chromium started anew on the profile (on disk) of the first visit, and (d) a
later visit (the fourth), the same way, when Chromium has also kept the code it compiled
for the wasm as the service worker served it.  The game is ``build.py dist`` of this
checkout, or each ``LABEL=SITE`` folder given (sites built otherwise, to compare boot
levers in one run: every round boots each of them once, in turn, so the machine's drift
affects them alike), in the browser's language (English) or with ``--lang`` in another
(``?lang=``: its catalog fetched).  ``--phone`` adds, each round, the phone class: (a) and (b)
cold again with Chromium's CPU throttled 4× (``Emulation.setCPUThrottlingRate``) in a 390×844
touch viewport, and a live embed (a host page on another site, 127.0.0.2, framing the game's
embed link of ``static/examples/tunnels.json`` at the frame's full width) up to its
``ttr:ready``.  ``--cold-only`` leaves out the repeat visits (c) and (d).

Prints every boot, then per site the medians, when each boot stage was reached (PyScript's
``py:progress`` events, milliseconds after navigation), the ratios b/a (target <= 1.5, #46),
c/b and d/b (target <= 0.5), the phone-class figures (target: the game <= 4 s), the bytes the first visit transferred by category, and the
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
from harness import (OTHER_SITE, READY_OR_FAILED, BrowserSession, build, launch_chromium,  # noqa: I001
                     launch_on_profile, static_server)

FLOOR_PAGE = "bench-floor.html"   # answered by the benchmark itself at each site's address, never on disk
FLOOR_HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
await loadPyodide();
document.documentElement.setAttribute("data-game-ready", "");
</script></head><body></body></html>"""
# static/interpreter.mjs's marks (the runtime loaded, the archive unpacked), PyScript's stages,
# index.html's (Python's first line, the game imported), then ready
STAGES = ("ttr:runtime", "ttr:archive", "Loading interpreter", "Loaded interpreter", "Loaded Pyodide", "ttr:python",
          "ttr:imported", "ready")
STAGE_RECORDER = """
window.__stages = {};
addEventListener("py:progress", ({detail}) => { window.__stages[detail] = performance.now(); });
new MutationObserver(() => {
  if (document.documentElement?.hasAttribute("data-game-ready")) window.__stages.ready ??= performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-game-ready"]});
"""
# The phone class: Chromium's CPU throttled 4×, a 390×844 touch screen.
PHONE_THROTTLE = 4
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
EMBED_EXAMPLE = "static/examples/tunnels.json"
EMBED_HOST_PAGE = "embed-host.html"
EMBED_HOST_HTML = """<!doctype html><meta charset=utf-8><meta name="viewport" content="width=device-width">
<title>A rules site</title><link rel="icon" href="data:,"><p>A rules site.</p>
<iframe src="{link}" style="width:100%;height:300px;border:0"></iframe>
<script>addEventListener("message", (e) => {{ if (e.data && e.data.type === "ttr:ready") window.ready = true; }});</script>"""
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


def _boot(session: BrowserSession, context, url: str, stay: float = 0, throttle: float = 1) -> Boot:
    """One boot in a new tab of ``context``; the tab stays open ``stay`` seconds after it;
    ``throttle``: how many times slower the page's CPU is made."""
    network: dict[str, int] = {}
    worker = []
    page = session.watch(context.new_page())
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})

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
    stages = page.evaluate("({...window.__stages, ...Object.fromEntries(performance.getEntriesByType('mark')"
                           ".filter((m) => m.name.startsWith('ttr:')).map((m) => [m.name, m.startTime]))})")
    python_start = page.evaluate("document.documentElement.dataset.pythonStart ?? null")
    page.wait_for_timeout(stay * 1000)
    page.close()
    return Boot(elapsed, stages, network, len(worker), python_start)


def cold_boot(session: BrowserSession, url: str, phone: bool = False) -> Boot:
    """A boot in a fresh context (empty cache, no service worker); ``phone``: the phone class."""
    context = session.new_context(url, **(PHONE if phone else {}))
    context.add_init_script(STAGE_RECORDER)
    context.route(f"**/{FLOOR_PAGE}", lambda route: route.fulfill(content_type="text/html", body=FLOOR_HTML))
    try:
        return _boot(session, context, url, throttle=PHONE_THROTTLE if phone else 1)
    finally:
        context.close()


def embed_ready(session: BrowserSession, host: str, site: str) -> float:
    """Seconds from a host page's navigation (another site) to its live embed's ``ttr:ready``,
    on the phone class, in a fresh context."""
    context = session.new_context(site, also=(host,), **PHONE)
    try:
        page = session.watch(context.new_page())
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PHONE_THROTTLE})
        start = time.perf_counter()
        page.goto(host + EMBED_HOST_PAGE)
        page.wait_for_function("() => window.ready", timeout=240_000)
        return time.perf_counter() - start
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


def median_of(boots: list[Boot]) -> float:
    return statistics.median(boot.seconds for boot in boots)


def boot_round(session: BrowserSession, playwright, run: int, urls: dict[str, str], options,
               results: dict[str, list[Boot]], snapshots: dict[str, list[Snapshot]]) -> None:
    """One round: every site's floor and cold boot (and the phone class's, and its repeat visits)."""
    def record(name: str, boot: Boot) -> None:
        results.setdefault(name, []).append(boot)
        start = f" (Python: {boot.python_start})" if boot.python_start else ""
        print(f"run {run + 1} {name}: {boot.seconds:.2f} s{start}", flush=True)

    for label, url in urls.items():
        site = url.split("?")[0]
        record(f"{label} floor", cold_boot(session, site + FLOOR_PAGE))
        record(f"{label} cold", cold_boot(session, url))
        if options.phone:
            record(f"{label} phone floor", cold_boot(session, site + FLOOR_PAGE, phone=True))
            record(f"{label} phone cold", cold_boot(session, url, phone=True))
            seconds = embed_ready(session, options.hosts[label], site)
            record(f"{label} phone embed", Boot(seconds, {}, {}, 0))
        if not options.cold_only:
            second, later = repeat_visits(session, playwright, url, snapshots[label])
            record(f"{label} repeat", second)
            record(f"{label} later", later)


def report(urls: dict[str, str], results: dict[str, list[Boot]], snapshots: dict[str, list[Snapshot]]) -> None:
    for label in urls:
        floor, cold, repeat, later = (f"{label} {kind}" for kind in ("floor", "cold", "repeat", "later"))
        print(f"\n[{label}]")
        rows = [(floor, "(a) floor, cold"), (cold, "(b) game, cold"), (repeat, "(c) game, second visit (SW)"),
                (later, "(d) game, a later visit (SW)"), (f"{label} phone floor", "(a) floor, phone class"),
                (f"{label} phone cold", "(b) game, phone class")]
        for name, title in rows:
            if name not in results:
                continue
            stages = "  ".join(
                f"{stage} {statistics.median(boot.stages.get(stage, 0) for boot in results[name]):.0f}"
                for stage in STAGES)
            spread = ", ".join(f"{boot.seconds:.2f}" for boot in results[name])
            print(f"{title:28} {median_of(results[name]):.2f} s ({spread})   stages (ms): {stages}")
        split = categories(results[cold][-1].sizes)
        print(f"first visit: {sum(split.values()) / 1e6:.2f} MB = "
              + ", ".join(f"{kind} {size / 1e3:.1f} kB" for kind, size in sorted(split.items()))
              + "   (target <= 13.9 MB)")
        print(f"ratio b/a: {median_of(results[cold]) / median_of(results[floor]):.2f}  (target <= 1.5)")
        if f"{label} phone cold" in results:
            phone = {kind: results[f"{label} phone {kind}"] for kind in ("floor", "cold", "embed")}
            print("phone class (CPU 4x, 390x844 touch): "
                  + "   ".join(f"{kind} {median_of(boots):.2f} s ({', '.join(f'{b.seconds:.2f}' for b in boots)})"
                             for kind, boots in phone.items())
                  + f"   game/floor {median_of(phone['cold']) / median_of(phone['floor']):.2f}  (target: game <= 4 s)")
        if repeat in results:
            last = results[repeat][-1]
            print(f"repeat visit: {sum(last.sizes.values()) / 1e3:.1f} kB from the network, "
                  f"{last.from_worker} responses from the service worker")
            print(f"ratio c/b: {median_of(results[repeat]) / median_of(results[cold]):.2f}  "
                  f"d/b: {median_of(results[later]) / median_of(results[cold]):.2f}  (target <= 0.5)")
        if snapshots[label]:
            print(f"snapshot of Python's start: {statistics.median(s.size for s in snapshots[label]) / 1e6:.1f} MB, "
                  f"made in {statistics.median(s.ms for s in snapshots[label]):.0f} ms (median, in its worker); "
                  f"repeat visits started from it: "
                  f"{sum(boot.python_start == 'snapshot' for boot in results[repeat] + results[later])} "
                  f"of {len(results[repeat]) + len(results[later])}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lang", help="boot the game in this language (?lang=CODE)")
    parser.add_argument("--phone", action="store_true", help="the phone class too (CPU 4x, 390x844 touch, embed)")
    parser.add_argument("--cold-only", action="store_true", help="no repeat visits")
    parser.add_argument("sites", nargs="*", metavar="LABEL=SITE")
    options = parser.parse_args()
    runs = max(3, options.runs)
    from playwright.sync_api import sync_playwright

    from game.share import embed_link

    with contextlib.ExitStack() as stack:
        sites = dict(site.split("=", 1) for site in options.sites)
        if not sites:
            sites["game"] = stack.enter_context(tempfile.TemporaryDirectory())
            build.dist(Path(sites["game"]))
        query = f"?lang={options.lang}" if options.lang else ""
        urls = {label: stack.enter_context(static_server(Path(folder))) + query
                for label, folder in sites.items()}
        options.hosts = {}
        for label, url in urls.items():          # each site's host page, on another site
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            link = embed_link(url.split("?")[0], file=EMBED_EXAMPLE, view=0, controls="steps")
            (folder / EMBED_HOST_PAGE).write_text(EMBED_HOST_HTML.format(link=link), encoding="utf-8")
            options.hosts[label] = stack.enter_context(static_server(folder, host=OTHER_SITE))
        playwright = stack.enter_context(sync_playwright())
        browser = launch_chromium(playwright)
        session = BrowserSession(browser, next(iter(urls.values())))
        results: dict[str, list[Boot]] = {}
        snapshots: dict[str, list[Snapshot]] = {label: [] for label in urls}
        for url in urls.values():
            cold_boot(session, url)   # warm the OS file cache and the servers, not the browser
        for run in range(runs):
            boot_round(session, playwright, run, urls, options, results, snapshots)
        browser.close()
    if session.external_requests or session.errors:
        print(f"FAILED: requests to other hosts {session.external_requests}, errors {session.errors}")
        return 1
    print(f"\nruns: {runs} of each, fresh browser context per cold boot, medians (each boot in brackets)")
    report(urls, results, snapshots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
