"""Boot benchmark: cold boots of bare Pyodide vs. the game, each in a fresh browser context.

    python3 tests/bench_boot.py [--runs N]

(a) a bare page that only loads the vendored Pyodide (``loadPyodide()``), and (b) the game
up to ``<html data-game-ready>``.  Prints every run, the medians, the ratio b/a (target
<= 1.15), and the bytes each boot transferred, split into the runtime (static/vendor/) and
the project's own files.  Requests to any other host are blocked and reported.  This
prints figures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import READY_OR_FAILED, BrowserSession, build, launch_chromium, static_server  # noqa: I001

BARE_PAGE = "bench-bare-pyodide.html"   # answered by the benchmark itself, never on disk
BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
await loadPyodide();
document.documentElement.setAttribute("data-game-ready", "");
</script></head><body></body></html>"""


def cold_boot(session: BrowserSession, path: str) -> tuple[float, int, int]:
    """Seconds from navigation to ready, runtime bytes, own bytes, in a fresh context."""
    context = session.new_context()
    context.route(f"**/{BARE_PAGE}", lambda route: route.fulfill(
        content_type="text/html", body=BARE_HTML))
    sizes = {}
    page = session.watch(context.new_page())
    page.on("requestfinished", lambda request: sizes.__setitem__(
        request.url, request.sizes()["responseBodySize"]))
    start = time.perf_counter()
    page.goto(session.base_url + path)
    page.wait_for_function(READY_OR_FAILED, timeout=120_000)
    elapsed = time.perf_counter() - start
    if page.evaluate("document.documentElement.hasAttribute('data-boot-failed')"):
        raise SystemExit(f"boot failed: {page.text_content('#boot-error-message')}")
    context.close()
    runtime = sum(size for url, size in sizes.items() if "/static/vendor/" in url)
    return elapsed, runtime, sum(sizes.values()) - runtime


def repeat_visit(session: BrowserSession) -> tuple[float, int, int]:
    """A second visit served by the service worker: seconds to ready, bytes from the network,
    bytes from the service worker (one fresh context: a first visit, then a new tab)."""
    context = session.new_context()
    first = session.watch(context.new_page())
    first.goto(session.base_url)
    first.wait_for_function(READY_OR_FAILED, timeout=120_000)
    first.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    first.close()
    network, worker = {}, {}
    page = session.watch(context.new_page())

    def record(request) -> None:
        response = request.response()
        into = worker if response is not None and response.from_service_worker else network
        into[request.url] = request.sizes()["responseBodySize"]
    page.on("requestfinished", record)
    start = time.perf_counter()
    page.goto(session.base_url)
    page.wait_for_function(READY_OR_FAILED, timeout=120_000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed, sum(network.values()), len(worker)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = max(5, parser.parse_args().runs)
    from playwright.sync_api import sync_playwright

    build.prepare(update_config=False)
    with static_server(build.ROOT) as url, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        session = BrowserSession(browser, url)
        results: dict[str, list[tuple[float, int, int]]] = {"bare": [], "game": [], "repeat": []}
        cold_boot(session, "")   # warm the OS file cache and the server, not the browser
        for run in range(runs):   # alternate, so drift affects all alike
            for name, path in (("bare", BARE_PAGE), ("game", ""), ("repeat", None)):
                results[name].append(cold_boot(session, path) if path is not None
                                     else repeat_visit(session))
                print(f"run {run + 1} {name}: {results[name][-1][0]:.2f} s", flush=True)
        browser.close()
    if session.external_requests or session.errors:
        print(f"FAILED: requests to other hosts {session.external_requests}, "
              f"errors {session.errors}")
        return 1
    medians = {name: statistics.median(t for t, _, _ in rows) for name, rows in results.items()}
    print(f"\nruns: {runs} cold boots each, fresh browser context per boot")
    for name, label in (("bare", "(a) bare Pyodide"), ("game", "(b) game to data-game-ready")):
        _, runtime, own = results[name][-1]
        print(f"{label:30} median {medians[name]:.2f} s   runtime {runtime / 1e6:.2f} MB"
              f"   own files {own / 1e3:.1f} kB")
    _, network, from_worker = results["repeat"][-1]
    print(f"{'(c) game, repeat visit (SW)':30} median {medians['repeat']:.2f} s   "
          f"network {network / 1e3:.1f} kB   {from_worker} responses from the service worker")
    print(f"ratio b/a: {medians['game'] / medians['bare']:.2f}  (target <= 1.15)")
    print(f"ratio c/b: {medians['repeat'] / medians['game']:.2f}  (target <= 0.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
