"""The browser-test harness: a local server, Debian's Chromium, and guarded pages.

Used by the fixtures in ``tests/conftest.py``, by ``tests/bench_boot.py`` and, through
:func:`site_session`, by the scripts that take screenshots or measure the page.  Every page
opened through a :class:`BrowserSession`:

- may only make requests to 127.0.0.1 on the server's port: any other request is blocked,
  recorded, and fails the test;
- fails the test on any uncaught page error or console error, unless opened with
  ``expect_errors=True`` (tests of the error panel);
- is waited on until ``<html data-game-ready>`` (or, if boot fails, until the error panel).
"""

from __future__ import annotations

import contextlib
import json
import sys
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build
from game.board import svgwrite_wheel

# The tests and scripts draw boards with svgwrite as the command lines and the build do: from
# the pinned wheel the build downloads (nothing installs svgwrite for the tests).
svgwrite_wheel.require()

CHROMIUM = "/usr/bin/chromium"
# Playwright starts Chromium with ``--disable-features`` and ``--enable-features`` naming these
# (Playwright 1.65.2's ``chromiumSwitches``).  A later switch of either name replaces the
# earlier, so ours name them again (``test_chromium.py`` checks that the browser has them so).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion")
PLAYWRIGHT_ENABLED_FEATURES = ("CDPScreenshotNewSurface", "SkipListAccountsWithoutGaiaCookies")
# Chromium's sampling heap profiler and GWP-ASan, which Chromium turns on at random, crash the
# renderer when they walk the stack WebAssembly's JSPI runs Python on (README, "Browser tests"):
# the tests' Chromium has both off.
HEAP_PROFILER = "HeapProfilerReporting"
GWP_ASAN = ("GwpAsanMalloc", "GwpAsanPartitionAlloc")
# The heap profiler forced on: in every session, whatever the build's channel.
HEAP_PROFILER_ON = f"{HEAP_PROFILER}:stable-probability/1/nonstable-probability/1"
# GWP-ASan forced on: in every process, sampling about one allocation in five, up to 400 at once.
GWP_ASAN_ON = ",".join(f"{feature}:ProcessSamplingProbability/1.0/AllocationSamplingMultiplier/5"
                       "/AllocationSamplingRange/1/MaxAllocations/400/MaxMetadata/800/TotalPages/1600"
                       for feature in GWP_ASAN)
# Debian's Chromium as root, asking nothing of Google's services.
LAUNCH_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_flags(*, disabled: tuple[str, ...] = (), enabled: tuple[str, ...] = (),
                   samplers_off: bool = True) -> list[str]:
    """``LAUNCH_FLAGS`` with Playwright's features as Playwright sets them, the samplers off
    (unless not ``samplers_off``), and the features ``disabled`` and ``enabled`` besides."""
    samplers = (HEAP_PROFILER, *GWP_ASAN) if samplers_off else ()
    return [*LAUNCH_FLAGS,
            "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *samplers, *disabled)),
            "--enable-features=" + ",".join((*PLAYWRIGHT_ENABLED_FEATURES, *enabled))]


CHROMIUM_FLAGS = chromium_flags()
BOOT_TIMEOUT_MS = 120_000
NO_SNAPSHOT_WORKER = "onmessage = () => postMessage({failed: 'not made in this test'});"
# A browser that cannot suspend a call into WebAssembly (JSPI), as Safari: an init script.
NO_JSPI = "delete WebAssembly.Suspending; delete WebAssembly.promising;"
READY_OR_FAILED = ("() => document.documentElement.hasAttribute('data-game-ready')"
                   " || document.documentElement.hasAttribute('data-boot-failed')")


# A site other than the game's, for a host page that frames the embed: another address is
# another site to the browser (rules.example framing game.example), where another port of
# 127.0.0.1 would be the same site, whose storage the browser does not count as third-party.
OTHER_SITE = "127.0.0.2"
# How a reader's Chromium may be set for a site's storage (its Preferences file): Chromium's
# default blocks a frame's storage when the frame is of another site than the page (as Chrome's
# incognito windows do); a reader may allow it, or block every site's data.
STORAGE_SETTINGS = {
    "default": None,
    "third-party allowed": {"profile": {"cookie_controls_mode": 0}},
    "site data blocked": {"profile": {"default_content_setting_values": {"cookies": 2}}},
}


@contextlib.contextmanager
def static_server(directory: Path, *, rebuild: bool = False, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``directory`` on a free port of ``host`` in a thread; yields the base URL.
    ``rebuild``: as ``build.py serve`` does, remake the archive and sw.js when asked for."""
    server = build.make_server(directory, 0, rebuild=rebuild, host=host)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def launch_chromium(playwright, flags: list[str] = CHROMIUM_FLAGS):
    """Debian's Chromium, headless, with ``flags``.  ``playwright``: the Playwright instance, or
    a browser type (``browser.browser_type``)."""
    return chromium_type(playwright).launch(executable_path=CHROMIUM, args=flags, headless=True)


def launch_on_profile(playwright, profile: Path, **options):
    """Chromium on a profile kept on disk (``profile``, a folder): its one context, whose
    caches and storage the next launch on the same folder finds again.  ``playwright``: as for
    :func:`launch_chromium`."""
    return chromium_type(playwright).launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True, **options)


def chromium_type(playwright):
    """Playwright's Chromium browser type, from the Playwright instance or the type itself."""
    return getattr(playwright, "chromium", playwright)


@dataclass
class BrowserSession:
    """Opens guarded pages; what went wrong is collected and checked when the test ends."""

    browser: object
    base_url: str
    external_requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    contexts: list = field(default_factory=list)
    profiles: list = field(default_factory=list)

    def new_context(self, base_url: str | None = None, *, also: tuple[str, ...] = (),
                    snapshots: bool = False, storage: str = "default", **options):
        """A fresh browser context (empty cache and storage) that blocks other hosts than the
        server's (and those of the addresses in ``also``: a host page on another site).
        ``storage``: how the browser is set for sites' storage (``STORAGE_SETTINGS``); other
        than the default, the context is a browser of its own, started on a new profile.

        Unless ``snapshots``, the snapshot of Python's start is never made there (its worker
        answers that it failed, so the page refuses one for the build): a background Python
        per test would only load the machine (tests of the snapshot ask for it)."""
        preferences = STORAGE_SETTINGS[storage]
        if preferences is None:
            context = self.browser.new_context(**options)
        else:
            profile = tempfile.TemporaryDirectory(prefix="ttr-profile-")
            self.profiles.append(profile)
            (Path(profile.name) / "Default").mkdir()
            (Path(profile.name) / "Default" / "Preferences").write_text(json.dumps(preferences))
            context = launch_on_profile(self.browser.browser_type, Path(profile.name), **options)
        self.contexts.append(context)
        return self.guard(context, base_url, also=also, snapshots=snapshots)

    def guard(self, context, base_url: str | None = None, *, also: tuple[str, ...] = (),
              snapshots: bool = False):
        """Guard a context made elsewhere as :meth:`new_context` guards its own (and return it):
        the benchmark's profiles on disk, which a new browser opens on each visit."""
        allowed = {urlsplit(url).netloc for url in (base_url or self.base_url, *also)}

        def guard(route):
            if urlsplit(route.request.url).netloc in allowed:
                route.continue_()
            else:
                self.external_requests.append(route.request.url)
                route.abort("blockedbyclient")

        context.route("**/*", guard)
        if not snapshots:
            context.route("**/static/snapshot-worker.mjs*", lambda route: route.fulfill(
                content_type="text/javascript", body=NO_SNAPSHOT_WORKER))
        return context

    def watch(self, page, *, expect_errors: bool = False):
        """Record ``page``'s uncaught errors and console errors (unless expected)."""
        def record(kind, text):
            if not expect_errors:
                self.errors.append(f"{kind} on {page.url}: {text}")

        def socket(ws) -> None:       # a relay's socket: only the machine's own (tests/browser/relay.py)
            if urlsplit(ws.url).hostname not in ("127.0.0.1", "localhost"):
                self.external_requests.append(ws.url)

        page.on("websocket", socket)
        page.on("pageerror", lambda error: record("uncaught error", error))
        page.on("console", lambda message: message.type == "error"
                and record("console error", message.text))
        return page

    def open(self, path: str = "", *, context=None, base_url: str | None = None,
             expect_errors: bool = False, before=None):
        """Open ``path`` (relative to the server) in ``context`` or a new one and wait until
        the game is ready or has failed to boot.  ``before(page)`` runs before navigation
        (e.g. to route a file to a 404).  For a page that is not the game, use
        ``watch(new_context().new_page())`` and navigate it yourself."""
        base = base_url or self.base_url
        page = self.watch((context or self.new_context(base)).new_page(),
                          expect_errors=expect_errors)
        if before is not None:
            before(page)
        page.goto(base + path)
        wait_for_boot(page, expect_errors)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        for profile in self.profiles:
            profile.cleanup()


def wait_for_boot(page, expect_failure: bool = False) -> None:
    page.wait_for_function(READY_OR_FAILED, timeout=BOOT_TIMEOUT_MS)
    failed = page.evaluate("document.documentElement.getAttribute('data-boot-failed')")
    if failed is not None and not expect_failure:
        message = page.text_content("#boot-error-message")
        pytest.fail(f"the game failed to boot ({failed}): {message}")


@contextlib.contextmanager
def site_session() -> Iterator[BrowserSession]:
    """For a script (screenshots, benchmarks): the game built and served locally, Debian's Chromium
    and a guarded session on it; afterwards the script exits naming any page error or any request
    that left the machine."""
    build.prepare(update_config=False)
    from playwright.sync_api import sync_playwright
    with static_server(build.ROOT) as url, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        session = BrowserSession(browser, url)
        try:
            yield session
        finally:
            session.close()
            browser.close()
    if session.errors or session.external_requests:
        sys.exit(f"errors: {session.errors} external requests: {session.external_requests}")


def main_thread_events(trace: bytes, mark: str | None = None) -> list[dict]:
    """The complete events ("X") of a Chromium trace (``browser.stop_tracing()``) on the page's
    main thread (renderer ``CrRendererMain``), from the first event named ``mark`` on (a
    ``performance.mark`` of the page's, say; all of them without one): the benchmarks' tasks and
    their parts."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    start = min((e["ts"] for e in events if e.get("name") == mark), default=0) if mark else 0
    return [e for e in events if e.get("ph") == "X" and "dur" in e and (e["pid"], e["tid"]) in main and e["ts"] >= start]
