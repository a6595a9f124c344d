"""The fake browser's globals, as the modules ``js``, ``pyodide``, ``pyodide.ffi`` and ``pyscript``
that ``game/web`` imports: the document (``fakedom``), the window, timers on a fake clock
(``fakeevents.Clock``), ``localStorage``, the address (``location``, ``history``, ``URL``,
``URLSearchParams``), ``Date``, ``crypto``, Web Workers whose messages the test reads and
answers, and ``console``.  ``Browser.install()`` puts them in ``sys.modules``; ``uninstall()``
takes them out again, with every ``game.web`` module imported meanwhile (they hold this
browser's ``js``)."""

from __future__ import annotations

import sys
import types
import urllib.parse
from collections.abc import Callable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from fakecss import escape
from fakedom import Document, NodeList
from fakeevents import Clock, Event, EventTarget, JsFunction
from fakertc import Peer

PAGE = "http://127.0.0.1:8000/index.html"
WORKER_SCRIPT = "static/ai-worker.mjs"
FAKE_MODULES = ("js", "pyodide", "pyodide.ffi", "pyscript")


class JsException(Exception):
    """``pyodide.ffi.JsException``: an error thrown by JavaScript."""


class _New:
    """A JavaScript class as Pyodide shows it: ``Cls.new(*args)``."""

    def __init__(self, make: Callable) -> None:
        self.new = make


class Storage:
    """``localStorage``; ``full`` makes every write fail as a full storage does."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.full = False

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise JsException("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self.items)


class SearchParams:
    def __init__(self, query: str = "") -> None:
        self.pairs = urllib.parse.parse_qsl(str(query).lstrip("?"), keep_blank_values=True)

    def get(self, name: str) -> str | None:
        return next((v for k, v in self.pairs if k == name), None)

    def has(self, name: str) -> bool:
        return any(k == name for k, _v in self.pairs)

    def set(self, name: str, value: str) -> None:
        self.pairs = [(k, v) for k, v in self.pairs if k != name] + [(name, str(value))]

    def toString(self) -> str:
        return urllib.parse.urlencode(self.pairs)


class Url:
    """``URL``: an absolute address, its parts, and ``searchParams`` that write back into ``href``."""

    def __init__(self, address: str, base: str | None = None) -> None:
        full = urllib.parse.urljoin(str(base), str(address)) if base is not None else str(address)
        parts = urllib.parse.urlsplit(full)
        self.protocol, self.host, self.pathname = parts.scheme + ":", parts.netloc, parts.path
        self.hash = f"#{parts.fragment}" if parts.fragment else ""
        self.searchParams = SearchParams(parts.query)

    @property
    def search(self) -> str:
        query = self.searchParams.toString()
        return f"?{query}" if query else ""

    @property
    def href(self) -> str:
        return f"{self.protocol}//{self.host}{self.pathname}{self.search}{self.hash}"

    def __str__(self) -> str:
        return self.href


class Location:
    def __init__(self, href: str) -> None:
        self.href = href

    @property
    def href(self) -> str:
        return self.url.href

    @href.setter
    def href(self, value: str) -> None:
        self.url = Url(value)

    search = property(lambda self: self.url.search)
    hash = property(lambda self: self.url.hash)
    pathname = property(lambda self: self.url.pathname)
    origin = property(lambda self: f"{self.url.protocol}//{self.url.host}")


class History:
    def __init__(self, location: Location) -> None:
        self.location, self.state, self.entries = location, None, [location.href]

    def replaceState(self, state, _title: str, address: str | None = None) -> None:
        self.state = state
        if address is not None:
            self.location.href = urllib.parse.urljoin(self.location.href, str(address))
            self.entries[-1] = self.location.href

    def pushState(self, state, _title: str, address: str | None = None) -> None:
        self.entries.append(self.entries[-1])
        self.replaceState(state, _title, address)


class Worker(EventTarget):
    """A Web Worker the test speaks for: ``posted`` holds what the page sent it; ``say(text)``
    sends the page a message, ``fail(message)`` an error event."""

    def __init__(self, browser: Browser, script: str, options=None) -> None:
        super().__init__()
        self.browser, self.script, self.options = browser, script, options
        self.posted: list[str] = []
        self.terminated = False
        browser.workers.append(self)

    def postMessage(self, text) -> None:
        if self.terminated:
            raise JsException("the worker was terminated")
        self.posted.append(str(text))

    def terminate(self) -> None:
        self.terminated = True

    def say(self, text: str) -> None:
        if not self.terminated:
            self.dispatchEvent(Event("message", bubbles=False, data=text))

    def fail(self, message: str) -> None:
        self.dispatchEvent(Event("error", bubbles=False, message=message))

    def take(self) -> list[str]:
        """The messages posted since the last take."""
        taken, self.posted = self.posted, []
        return taken


class Observer:
    """``ResizeObserver`` / ``IntersectionObserver``: kept, never called (nothing is laid out)."""

    def __init__(self, callback, _options=None) -> None:
        self.callback, self.watched = callback, []

    def observe(self, node) -> None:
        self.watched.append(node)

    def disconnect(self) -> None:
        self.watched = []

    def takeRecords(self) -> list:
        return []


class Promise:
    """Enough of a promise for the page: ``resolve(value)`` and ``then``, settled at once."""

    def __init__(self, value=None) -> None:
        self.value = value

    @classmethod
    def resolve(cls, value=None) -> Promise:
        return cls(value)

    def then(self, done=None, _failed=None) -> Promise:
        return Promise(done(self.value) if done is not None else self.value)


def _logger(level: str):
    def say(self, *args) -> None:
        self.lines.append((level, " ".join(str(a) for a in args)))
    return say


class Console:
    """``console``: what the page logs, as (level, text)."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    log, info, warn, error, debug = _logger("log"), _logger("info"), _logger("warn"), _logger("error"), _logger("debug")


class Window(EventTarget):
    def __init__(self, browser: Browser) -> None:
        super().__init__()
        self.browser = browser
        self.innerWidth, self.innerHeight = 1280, 800
        self.scrollX = self.scrollY = 0.0

    def scrollBy(self, x: float = 0, y: float = 0) -> None:
        self.scrollX, self.scrollY = self.scrollX + x, self.scrollY + y

    def matchMedia(self, query: str):
        return SimpleNamespace(media=query, matches=query in self.browser.media)


class Browser:
    """One fake browser: its document, clock, storage, address, workers and console, and the
    modules that show them to the page."""

    def __init__(self, address: str = PAGE) -> None:
        self.clock = Clock()
        self.window = Window(self)
        self.document = Document(self.window)
        self.storage = Storage()
        self.location = Location(address)
        self.history = History(self.location)
        self.console = Console()
        self.workers: list[Worker] = []
        self.peers: list[Peer] = []          # the RTCPeerConnections the page made (fakertc)
        self.media: set[str] = set()
        self.hardware_concurrency = 3        # two AI workers (one fewer than the cores)
        self.random_words = iter(range(1, 10**9, 7919))
        self.objects: list[str] = []        # the addresses URL.createObjectURL made
        self.modules = self._modules()

    # --- the modules ---
    def _modules(self) -> dict[str, types.ModuleType]:
        js = types.ModuleType("js", "The fake browser's globals (tests/web/fakejs.py).")
        clock = self.clock
        url_class = _New(Url)
        url_class.createObjectURL = self._object_url
        url_class.revokeObjectURL = lambda address: None
        names: dict[str, Any] = {
            "document": self.document, "window": self.window, "location": self.location,
            "history": self.history, "localStorage": self.storage, "console": self.console,
            "navigator": SimpleNamespace(hardwareConcurrency=self.hardware_concurrency, language="en",
                                         languages=["en"], clipboard=SimpleNamespace(writeText=Promise.resolve)),
            "setTimeout": JsFunction(clock.set_timeout), "clearTimeout": clock.clear,
            "setInterval": JsFunction(clock.set_interval), "clearInterval": clock.clear,
            "requestAnimationFrame": clock.request_frame, "cancelAnimationFrame": clock.clear,
            "Date": SimpleNamespace(now=lambda: clock.now, new=self._date),
            "crypto": SimpleNamespace(getRandomValues=self._random_values),
            "Uint32Array": _New(lambda n: [0] * int(n)),
            "Object": SimpleNamespace(fromEntries=dict),
            "URL": url_class, "URLSearchParams": _New(SearchParams),
            "Worker": _New(lambda script, options=None: Worker(self, str(script), options)),
            "ResizeObserver": _New(Observer), "IntersectionObserver": _New(Observer),
            "Blob": _New(lambda parts, options=None: SimpleNamespace(parts=parts, options=options)),
            "CSS": SimpleNamespace(escape=escape), "Promise": Promise,
            "RTCPeerConnection": _New(lambda config=None: Peer(self, config)),
        }
        names["globalThis"] = js
        js.__dict__.update(names)
        for name in ("document", "innerWidth"):
            setattr(self.window, name, getattr(self.window, name, None) or names.get(name))
        ffi = types.ModuleType("pyodide.ffi", "The fake pyodide.ffi (tests/web/fakejs.py).")
        ffi.__dict__.update(create_proxy=JsFunction, create_once_callable=lambda fn: JsFunction(fn, once=True),
                            to_js=lambda value, **_options: value, jsnull=JSNULL, JsException=JsException,
                            JsProxy=object)
        pyodide = types.ModuleType("pyodide", "The fake pyodide (tests/web/fakejs.py).")
        pyodide.ffi = ffi
        pyscript = types.ModuleType("pyscript", "The fake pyscript (tests/web/fakejs.py).")
        pyscript.document, pyscript.window = self.document, self.window
        return {"js": js, "pyodide": pyodide, "pyodide.ffi": ffi, "pyscript": pyscript}

    @property
    def js(self) -> types.ModuleType:
        return self.modules["js"]

    def _date(self, ms: float | None = None):
        when = self.clock.now if ms is None else float(ms)
        moment = datetime.fromtimestamp(when / 1000, UTC)
        return SimpleNamespace(getTime=lambda: when, toISOString=lambda: moment.isoformat(),
                               toLocaleString=lambda *_args: moment.strftime("%Y-%m-%d %H:%M"))

    def _random_values(self, words: list[int]) -> NodeList:
        for i in range(len(words)):
            words[i] = next(self.random_words) % 2 ** 32
        return NodeList(words)

    def _object_url(self, blob) -> str:
        self.objects.append(blob)
        return f"blob:{PAGE}/{len(self.objects)}"

    # --- sys.modules ---
    def install(self) -> None:
        _forget_page_modules()
        sys.modules.update(self.modules)

    def uninstall(self) -> None:
        _forget_page_modules()


class _JsNull:
    def __repr__(self) -> str:
        return "jsnull"

    def __bool__(self) -> bool:
        return False


JSNULL = _JsNull()


def _forget_page_modules() -> None:
    """Take the fake modules and every module that imported them (``game.web``) out of ``sys.modules``."""
    for name in list(sys.modules):
        if name in FAKE_MODULES or name == "game.web" or name.startswith("game.web."):
            del sys.modules[name]
