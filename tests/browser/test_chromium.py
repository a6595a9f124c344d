"""The tests' own Chromium: Playwright's switches kept, the heap profiler and GWP-ASan off
(``harness.py``; README, "Browser tests").  Which sampler was on in a crashed renderer is read
from the dump Chromium writes (``crash_dumps.py``)."""

import contextlib
import time
from pathlib import Path

import crash_dumps
import pytest
from harness import (
    GWP_ASAN,
    GWP_ASAN_ON,
    HEAP_PROFILER,
    HEAP_PROFILER_ON,
    LAUNCH_FLAGS,
    PLAYWRIGHT_DISABLED_FEATURES,
    PLAYWRIGHT_ENABLED_FEATURES,
    chromium_flags,
    launch_chromium,
)
from peer_driver import PEER_DISABLED_FEATURES, launch_device


def started_with(browser) -> tuple[set[str], set[str]]:
    """The features ``browser`` (closed after) was started with off, and on: the last
    ``--disable-features`` and ``--enable-features`` of its command line, as Chromium takes
    the last of each."""
    try:
        processes = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
        main = next(process["id"] for process in processes if process["type"] == "browser")
        arguments = Path(f"/proc/{main}/cmdline").read_text().split("\0")
    finally:
        browser.close()

    def last(switch: str) -> set[str]:
        values = [argument.partition("=")[2] for argument in arguments if argument.startswith(switch + "=")]
        return set(values[-1].split(",")) if values else set()
    return last("--disable-features"), last("--enable-features")


@pytest.mark.parametrize("launch", ["tests", "peer device"])
def test_the_tests_chromium_keeps_playwright_s_features_and_has_both_samplers_off(playwright, launch):
    playwright_off, playwright_on = started_with(launch_chromium(playwright, LAUNCH_FLAGS))
    assert (playwright_off, playwright_on) == (set(PLAYWRIGHT_DISABLED_FEATURES), set(PLAYWRIGHT_ENABLED_FEATURES))
    assert not playwright_off & {HEAP_PROFILER, *GWP_ASAN}
    browser, also_off = ((launch_chromium(playwright), set()) if launch == "tests"
                         else (launch_device(playwright.chromium), set(PEER_DISABLED_FEATURES)))
    off, on = started_with(browser)
    assert off == playwright_off | {HEAP_PROFILER, *GWP_ASAN} | also_off and on == playwright_on


def crash_summary(playwright, flags: list[str]) -> str:
    """The summary of the dump of a renderer crashed in a Chromium started with ``flags``."""
    from playwright.sync_api import Error as PlaywrightError

    browser = launch_chromium(playwright, flags)
    try:
        since = time.time()
        page = browser.new_context().new_page()
        with page.expect_event("crash"), contextlib.suppress(PlaywrightError):
            page.goto("chrome://crash")             # Chromium's own: a write to a null pointer
        written = crash_dumps.summaries(since, wait_s=30)
    finally:
        browser.close()
    assert written and "signal 11 (code 1) at 0x0, in chromium+0x" in written[-1], written
    return written[-1]


@pytest.mark.parametrize(("forced_on", "other", "said"), [
    (HEAP_PROFILER_ON, GWP_ASAN, "heap profiler on"),
    (GWP_ASAN_ON, (HEAP_PROFILER,), "GWP-ASan on")], ids=["heap profiler", "GWP-ASan"])
def test_a_sampler_forced_on_is_seen_in_the_crash_dump_and_the_tests_switches_keep_it_off(
        playwright, forced_on, other, said):
    # The other sampler off, or Chromium may turn it on too.
    alone = chromium_flags(enabled=(forced_on,), disabled=other, samplers_off=False)
    assert crash_summary(playwright, alone).endswith(f"; {said}")
    assert crash_summary(playwright, chromium_flags(enabled=(forced_on,))).endswith("; no sampler on")
