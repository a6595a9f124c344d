"""Smoke tests in Firefox and WebKit (Safari's engine), driven by WebDriver (``webdriver.py``).

Every other browser test runs Chromium through Playwright; these run Debian's Firefox ESR
headless (through geckodriver, pinned in static/vendor.lock.json) and WebKitGTK's MiniBrowser
(through Debian's WebKitWebDriver) on an Xvfb display of its own.  Each browser starts once for
this module and, as a player would, boots the game and plays a first turn against an AI seat
(whose moves come from the AI's Web Worker), then reads a lesson embedded in a host page of
another site (127.0.0.2) and steps it with the embed's Next button and the host's ``ttr:goto``.

Checked after each test, as far as WebDriver lets us see:

- errors, unhandled rejections and ``console.error`` calls, collected in each page by a script
  the test injects once it is open; Firefox also writes every page's console errors and
  uncaught errors to geckodriver's log from the start, and those count too;
- no request leaves the machine: each browser's proxy is a local recorder that refuses and
  records every request not to 127.0.0.1 or 127.0.0.2 (the pages' and the workers', and
  Firefox's own but for Mozilla's services), and every resource a page and its frame loaded
  (``performance.getEntriesByType('resource')``) is on those two addresses.
"""

from __future__ import annotations

import contextlib
import os
import re
import socketserver
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from harness import OTHER_SITE, READY_OR_FAILED, build, static_server
from test_embed import host_page
from ui_driver import AI_FAST, GAME_FACTS, HUMAN_TO_ACT
from webdriver import Driver, Session, xvfb

BOOT_TIMEOUT_S = 120
LESSON = "index.html?embed&scenario=static/examples/tunnels.json"
LOCAL_HOSTS = ("127.0.0.1", OTHER_SITE)
INSTALLS = "`python3 build.py test` installs it (as root; otherwise it prints the command)"
# Firefox's own services (settings, updates): the browser calls them, never the game.
MOZILLA = (".mozilla.com", ".mozilla.net", ".mozilla.org", ".firefox.com")

# Injected into a page once it is open: what goes wrong from then on, kept in the page.
WATCH = """if (!window.__smoke) {
  window.__smoke = [];
  addEventListener('error', (e) => __smoke.push(`error: ${e.message} (${e.filename}:${e.lineno})`));
  addEventListener('unhandledrejection', (e) => __smoke.push(`unhandled rejection: ${e.reason}`));
  const original = console.error;
  console.error = (...args) => { __smoke.push(`console.error: ${args.join(' ')}`); original.apply(console, args); };
}"""
SEEN = "return window.__smoke || []"
FOREIGN_RESOURCES = """return performance.getEntriesByType('resource').map((r) => r.name)
    .filter((url) => !arguments[0].includes(new URL(url).hostname))"""
# geckodriver's log holds Firefox's output: with devtools.console.stdout.content, the pages'
# console calls ("console.error: …") and uncaught errors ("JavaScript error: URL, line N: …").
# Firefox's own modules log there too, named before a colon: its Remote Settings (RSLoader,
# services.settings) fail to reach Mozilla's server, which the proxy refuses; not the page's.
FIREFOX_PAGE_ERROR = re.compile(
    r"^(console\.error: (?!(?:RSLoader|services\.settings):).*"
    r"|JavaScript error: http://127\.0\.0\.[12]:.*)$", re.MULTILINE)


class RecordingProxy(socketserver.ThreadingTCPServer):
    """An HTTP proxy on 127.0.0.1 that forwards nothing: it records each request's target
    (``CONNECT host:443`` or ``GET http://host/…``) and answers 403."""

    daemon_threads = True

    def __init__(self) -> None:
        self.requests: list[str] = []
        super().__init__(("127.0.0.1", 0), RefuseAndRecord)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return self.server_address[1]

    def foreign(self) -> list[str]:
        """The requests recorded since the last call, but Firefox's calls to Mozilla."""
        new, self.requests = self.requests, []
        return [line for line in new if not _host(line).endswith(MOZILLA)]


def _host(request_line: str) -> str:
    target = (request_line.split() + ["", ""])[1]           # http://host/path, or host:port
    return urlsplit(target if "://" in target else "//" + target).hostname or ""


class RefuseAndRecord(socketserver.StreamRequestHandler):
    server: RecordingProxy

    def handle(self) -> None:
        line = self.rfile.readline(8192).decode("latin-1").strip()
        if line:
            self.server.requests.append(line)
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


@dataclass
class Browser:
    """One browser for the module, its WebDriver session, and what its tests saw go wrong."""

    name: str
    session: Session
    driver: Driver
    proxy: RecordingProxy
    log_read: int = 0
    timings: list[str] = field(default_factory=list)

    def open(self, url: str) -> None:
        self.session.get(url)
        self.session.run(WATCH)

    def new_log_errors(self) -> list[str]:
        """Page errors in the driver's log since the last call (Firefox only)."""
        log = self.driver.output()
        new, self.log_read = log[self.log_read:], len(log)
        return FIREFOX_PAGE_ERROR.findall(new) if self.name == "firefox" else []


def firefox(proxy: int, log: Path) -> tuple[Driver, dict]:
    try:
        build.vendor_test_tools()              # geckodriver, at its pinned version and hash
    except build.BuildError as error:
        pytest.fail(f"no geckodriver: {error}")
    driver = Driver([str(build.TEST_VENDOR / "geckodriver")], log=log)
    return driver, {"browserName": "firefox", "moz:firefoxOptions": {
        "binary": str(build.FIREFOX), "args": ["-headless"],
        "prefs": {"devtools.console.stdout.content": True, "devtools.console.stdout.chrome": False,
                  "network.proxy.type": 1, "network.proxy.no_proxies_on": ",".join(LOCAL_HOSTS),
                  "network.proxy.http": "127.0.0.1", "network.proxy.http_port": proxy,
                  "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": proxy}}}


def webkit(proxy: int, log: Path, display: str) -> tuple[Driver, dict]:
    driver = Driver([str(build.WEBKIT_DRIVER)], log=log, env={**os.environ, "DISPLAY": display})
    # MiniBrowser's own options: as Safari, Intelligent Tracking Prevention and no third-party cookies
    args = ["--automation", "--enable-itp", "--cookies-policy=no-third-party",
            f"--proxy=http://127.0.0.1:{proxy}", *(f"--ignore-host={host}" for host in LOCAL_HOSTS)]
    return driver, {"browserName": "MiniBrowser", "webkitgtk:browserOptions": {"args": args}}


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def other_browser(request, tmp_path_factory) -> Iterator[Browser]:
    name = request.param
    for path in (build.FIREFOX,) if name == "firefox" else (build.WEBKIT_DRIVER, build.XVFB):
        if not path.exists():
            pytest.fail(f"{path} is missing: {INSTALLS}")
    log = tmp_path_factory.mktemp(name) / "driver.log"
    with contextlib.ExitStack() as stack:
        proxy = RecordingProxy()
        stack.callback(proxy.server_close)
        stack.callback(proxy.shutdown)
        if name == "firefox":
            driver, capabilities = firefox(proxy.port, log)
        else:
            driver, capabilities = webkit(proxy.port, log, stack.enter_context(xvfb(build.XVFB)))
        stack.callback(driver.stop)
        session = Session(driver, {"alwaysMatch": {
            **capabilities, "timeouts": {"script": 30_000, "pageLoad": BOOT_TIMEOUT_S * 1000}}})
        stack.callback(session.close)
        session.call("POST", "/window/rect", {"width": 1280, "height": 900})
        browser = Browser(name, session, driver, proxy)
        yield browser
        print(f"\n{name} {session.capabilities.get('browserVersion')}: {', '.join(browser.timings)}")


@pytest.fixture
def checked(other_browser) -> Iterator[Browser]:
    """The browser, and after the test: no error seen, no request to another host."""
    other_browser.new_log_errors()
    other_browser.proxy.foreign()
    yield other_browser
    session = other_browser.session
    session.frame(None)
    errors, resources = list(other_browser.new_log_errors()), []
    for frame in (None, "iframe"):
        if frame is not None:
            if not session.run("return !!document.querySelector('iframe')"):
                continue
            session.frame(frame)
        errors += session.run(SEEN)
        resources += session.run(FOREIGN_RESOURCES, list(LOCAL_HOSTS))
    session.frame(None)
    session.get("about:blank")
    foreign = other_browser.proxy.foreign()
    assert not foreign and not resources, f"requests left the machine: {foreign} {resources}"
    assert not errors, "errors in the page:\n" + "\n".join(errors)


def boot(browser: Browser, url: str) -> None:
    """Open the game at ``url`` and wait until it is ready (its boot time is noted)."""
    start = time.monotonic()
    browser.open(url)
    browser.session.wait(f"return ({READY_OR_FAILED})()", timeout=BOOT_TIMEOUT_S, what="the game to boot")
    browser.timings.append(f"game ready in {time.monotonic() - start:.1f} s")
    failed = browser.session.run("return document.documentElement.getAttribute('data-boot-failed')")
    if failed is not None:
        message = browser.session.run("return document.getElementById('boot-error-message')?.textContent")
        pytest.fail(f"the game failed to boot in {browser.name} ({failed}): {message}")


def facts(session: Session) -> dict:
    return session.run(f"return ({GAME_FACTS})()")


def play_step(session: Session, now: dict) -> str:
    """One click of the human's (keep every ticket offered, else draw a card); what it did."""
    if now["dialog"] == "tickets":
        boxes = session.run("return document.querySelectorAll('.offer input').length")
        for i in range(boxes):
            if not session.run("return document.querySelectorAll('.offer input')[arguments[0]].checked", i):
                session.click(f".offer li:nth-child({i + 1}) input")
        session.click("button[data-cmd=keep]")
        return "keep"
    if now["dialog"] is not None:
        raise AssertionError(f"unexpected dialog in a first turn: {now}")
    session.click("button[data-cmd=draw]:not([aria-disabled])")
    return "draw"


def test_boots_and_plays_a_turn_against_the_ai(checked, site_url):
    session = checked.session
    boot(checked, site_url + "index.html" + AI_FAST)
    session.click("button[data-cmd=start]")              # the default table: you and an AI seat
    session.wait("return !!document.querySelector('#board svg')", what="the board")
    done: list[str] = []
    drew_on = None
    while True:
        session.wait(f"return ({HUMAN_TO_ACT})()", timeout=BOOT_TIMEOUT_S, what="the human's turn")  # the AI worker boots first
        now = facts(session)
        if drew_on is not None and int(now["turn"]) > drew_on + 1:
            break                                          # your turn again: the AI has moved
        done.append(play_step(session, now))
        if done[-1] == "draw" and drew_on is None:
            drew_on = int(now["turn"])
        assert len(done) < 10, done
    assert done[0] == "keep" and done.count("draw") in (1, 2), done     # two cards, or a face-up locomotive
    assert now["actions"] > 2 + done.count("draw"), now                   # both kept tickets, you drew, the AI moved


def test_a_lesson_embedded_by_another_site(checked, site_url, tmp_path):
    session = checked.session
    with static_server(tmp_path, host=OTHER_SITE) as host_url:
        host_page(tmp_path, [site_url + LESSON])
        start = time.monotonic()
        checked.open(host_url + "host.html")
        said = session.wait("return received.find((m) => ['ttr:ready', 'ttr:error'].includes(m.data.type))",
                            timeout=BOOT_TIMEOUT_S, what="the embed's ttr:ready")
        checked.timings.append(f"embed ready in {time.monotonic() - start:.1f} s")
        assert said == {"i": 0, "data": {"type": "ttr:ready", "step": 0, "steps": 5}}
        session.frame("iframe")
        session.run(WATCH)
        session.click(".embed-next")                       # the reader steps on
        session.frame(None)
        step = "return received.filter((m) => m.data.type === 'ttr:step').at(-1)?.data.step === arguments[0]"
        session.wait(step, 1, what="ttr:step 1")
        session.run("document.querySelector('iframe').contentWindow.postMessage({type: 'ttr:goto', step: 3}, '*')")
        session.wait(step, 3, what="ttr:step 3")           # the host asks for a step
        session.frame("iframe")
        assert session.run("return document.getElementById('app').dataset.embedStep") == "3"
