"""The fake browser (``fakejs``) for every test here: installed into ``sys.modules`` as ``js``,
``pyodide``, ``pyodide.ffi`` and ``pyscript`` before each test and taken out after it, with every
``game.web`` module imported meanwhile, so no other test folder sees it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from fakejs import Browser
from webpage import Page

from game.i18n import set_language


@pytest.fixture
def fake_browser() -> Iterator[Browser]:
    """A fresh fake browser on the game's page, its modules installed; an event loop of its own
    for the page's tasks (``asyncio.ensure_future``)."""
    set_language("en")
    fake = Browser()
    # A browser test run earlier by this pytest worker leaves Playwright's loop marked running on
    # this thread (its sync API drives it from a greenlet): hidden meanwhile, so that the page's
    # tasks go to the loop here, which the test runs (``Page.settle``).
    playwright_loop = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    fake.install()
    try:
        yield fake
    finally:
        fake.uninstall()
        asyncio.set_event_loop(None)
        loop.close()
        asyncio.events._set_running_loop(playwright_loop)


@pytest.fixture
def page(fake_browser: Browser) -> Page:
    """The game's page in ``fake_browser``, not started yet (``Page.start``)."""
    return Page(fake_browser)
