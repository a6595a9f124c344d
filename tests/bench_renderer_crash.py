"""Renderer crashes while the game boots, with Chromium's heap profiler or GWP-ASan forced on.

    python3 tests/bench_renderer_crash.py [--boots N]

Chromium turns its sampling heap profiler and GWP-ASan on at random, and either may crash the
game's renderer (README, "Browser tests", says how; the tests' Chromium has both off).  This
boots the game ``N`` times, each in a fresh context, in Chromiums started five ways: each
sampler forced on (``harness.HEAP_PROFILER_ON``, ``harness.GWP_ASAN_ON``); the heap profiler
forced on with JSPI hidden from the page (as Safari, ``harness.NO_JSPI``); and each forced on
beside the tests' own switches (``harness.chromium_flags``, which turn both off).  Prints the
boots and the crashes of each.  A request that leaves the machine stops it; the pages' errors
are not checked (a crashed page's are what is counted).  This prints figures; it asserts
nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
import crash_dumps  # noqa: I001
from harness import (GWP_ASAN_ON, HEAP_PROFILER_ON, NO_JSPI, BrowserSession, build, chromium_flags,
                     launch_chromium, static_server)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

HEAP_PROFILER_ALONE = chromium_flags(enabled=(HEAP_PROFILER_ON,), samplers_off=False)
RUNS = {
    "heap profiler on": (HEAP_PROFILER_ALONE, False),
    "heap profiler on, no JSPI": (HEAP_PROFILER_ALONE, True),
    "the tests' switches, heap profiler on": (chromium_flags(enabled=(HEAP_PROFILER_ON,)), False),
    "GWP-ASan on": (chromium_flags(enabled=(GWP_ASAN_ON,), samplers_off=False), False),
    "the tests' switches, GWP-ASan on": (chromium_flags(enabled=(GWP_ASAN_ON,)), False),
}


def crashes(playwright, url: str, flags: list[str], no_jspi: bool, count: int) -> int:
    """How many of ``count`` boots of the game crashed the renderer (the others booted: any
    other failure stops this)."""
    browser = launch_chromium(playwright, flags)
    session = BrowserSession(browser, url)
    crashed = 0
    try:
        for _ in range(count):
            context = session.new_context()
            if no_jspi:
                context.add_init_script(NO_JSPI)
            try:
                session.open(context=context)
            except PlaywrightError as error:
                if not crash_dumps.crashed(error):
                    raise
                crashed += 1
            context.close()
        if session.external_requests:
            sys.exit(f"requests left the machine: {session.external_requests}")
    finally:
        browser.close()
    return crashed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boots", type=int, default=30, help="boots of the game in each Chromium")
    args = parser.parse_args()
    build.prepare(update_config=False)
    with static_server(build.ROOT) as url, sync_playwright() as playwright:
        for name, (flags, no_jspi) in RUNS.items():
            start = time.perf_counter()
            crashed = crashes(playwright, url, flags, no_jspi, args.boots)
            print(f"{name}: {args.boots} boots, the renderer crashed in {crashed}, {args.boots - crashed} booted "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
