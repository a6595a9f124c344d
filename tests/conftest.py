"""Shared fixtures: the browser-test fixtures, here so every test folder can use them.

``browser`` is a Debian Chromium for each test file, on the one ``playwright`` of the pytest
process (Playwright allows one sync driver per process, so take these fixtures rather than
starting another).  ``game_page`` is the game booted in a fresh browser context, ready to
click.  ``browser_session`` opens any page of the local server, or of another server
(``harness.static_server``), with the same guards (see ``browser/harness.py``); its checks
run when the test ends.  A test that fails on a crashed renderer ("Target crashed", "Page
crashed") has the crash dumps Chromium wrote meanwhile summed up in its report
(``browser/crash_dumps.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
import crash_dumps
from harness import CHROMIUM, BrowserSession, build, launch_chromium, static_server

from game import i18n

STARTED = pytest.StashKey[float]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if call.when == "setup":
        item.stash[STARTED] = call.start
    if report.failed and crash_dumps.crashed(report.longrepr) and STARTED in item.stash:
        written = crash_dumps.summaries(item.stash[STARTED], wait_s=10)
        report.sections.append(("Chromium's crash dumps since the test began", "\n".join(written) or "none"))
    return report


@pytest.fixture(autouse=True)
def _language_kept() -> Iterator[None]:
    """Every test starts in the language the one before it started in: a test that switches
    the language (``set_language``) cannot change what the next test in its process reads."""
    kept = i18n.language()
    yield
    i18n.set_language(kept)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The working tree (vendored runtime and fresh game archive) served locally."""
    build.prepare(update_config=False)
    with static_server(build.ROOT) as url:
        yield url


@pytest.fixture(scope="session")
def playwright():
    """Playwright's sync driver, one per pytest process (an xdist worker)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `python3 build.py test`, which installs it")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="module")
def browser(playwright):
    """A Chromium for each test file: no file's tests meet a browser another file has used."""
    chromium = launch_chromium(playwright)
    yield chromium
    chromium.close()


@pytest.fixture
def browser_session(browser, site_url) -> Iterator[BrowserSession]:
    session = BrowserSession(browser, site_url)
    yield session
    session.close()
    assert not session.external_requests, (
        f"requests left the machine: {session.external_requests}")
    assert not session.errors, "errors in the page:\n" + "\n".join(session.errors)


@pytest.fixture
def game_page(browser_session):
    """The game booted in a fresh context, at the point a player can click."""
    return browser_session.open()
