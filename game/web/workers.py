"""The page's Web Workers of ``static/ai-worker.mjs`` (the AI seats' moves, a review's decisions):
how many the device gets, how they are started, what they say of themselves (``ready``,
``failed``), and the watchdog that looks at them while one owes work (``game.ui.worker_pool``
decides who owes what and who stalled)."""

from __future__ import annotations

from collections.abc import Callable

import js
from pyodide.ffi import JsException, to_js

from game.jsontext import JsonTextError, read_json
from game.ui.worker_pool import worker_count
from game.web.dom import Node, keep_alive

WATCH_MS = 1_000        # how often the workers owing work are checked while any does

# The page names the worker's script (index.html: <meta name="ai-worker">, with a content
# hash in a built site), so the worker and the archive it loads are always of one build.
WORKER_META = 'meta[name="ai-worker"]'


class WorkerError(Exception):
    """A worker the page cannot start; the message says why."""


def device_workers() -> int:
    """How many workers to start: ``?ai-workers=N`` in the page's address (tests and benchmarks),
    else one fewer than the device's cores (``game.ui.worker_pool.worker_count``, which clamps both)."""
    value = js.URLSearchParams.new(js.location.search).get("ai-workers")
    asked = int(value) if isinstance(value, str) and value.isdigit() else None
    return worker_count(getattr(js.navigator, "hardwareConcurrency", 1), asked)


def start_worker(n: int, on_message: Callable[[int, Node], None], on_error: Callable[[int, Node], None]) -> Node:
    """Start worker ``n``: its messages and its error go to the callbacks with ``n``."""
    meta = js.document.querySelector(WORKER_META)
    if meta is None:
        raise WorkerError("the page names no AI worker")
    try:
        worker = js.Worker.new(meta.content, to_js({"type": "module"}, dict_converter=js.Object.fromEntries))
    except JsException as exc:
        raise WorkerError(str(exc)) from None
    worker.addEventListener("message", keep_alive(lambda event: on_message(n, event)))
    worker.addEventListener("error", keep_alive(lambda event: on_error(n, event)))
    return worker


def start_workers(count: int, on_message: Callable[[int, Node], None],
                  on_error: Callable[[int, Node], None]) -> list[Node]:
    """Start workers ``0 .. count - 1`` (:func:`start_worker`); if one cannot start, those started
    are ended and ``WorkerError`` says why."""
    workers: list[Node] = []
    try:
        for n in range(count):
            workers.append(start_worker(n, on_message, on_error))
    except WorkerError:
        for worker in workers:
            worker.terminate()
        raise
    return workers


def said(text: str) -> tuple[str, str] | None:
    """What a worker said of itself: ``("ready", "")`` once Python is up, ``("failed", reason)``
    if it cannot start; None for anything else (an answer)."""
    try:
        data = read_json(text)
    except JsonTextError:
        return None
    if isinstance(data, dict) and data.get("ready") is True:
        return ("ready", "")
    if isinstance(data, dict) and isinstance(data.get("failed"), str):
        return ("failed", data["failed"])
    return None


class Watchdog:
    """Calls ``check`` every ``WATCH_MS`` while it is kept on (:meth:`keep`)."""

    def __init__(self, check: Callable[[], None]) -> None:
        self.check = check
        self.timer: Node = None
        self.call: Node = None          # the timer's callback, made once

    def keep(self, on: bool) -> None:
        """On (a worker owes work) or off; ``check`` is called again only while on."""
        if on and self.timer is None:
            self.call = self.call or keep_alive(self._fire)
            self.timer = js.setTimeout(self.call, WATCH_MS)
        elif not on and self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None

    def _fire(self) -> None:
        self.timer = None
        self.check()


def error_reason(event: Node) -> str:
    """Why a worker's ``error`` event came (reported on the page, not as an uncaught error)."""
    event.preventDefault()
    message = getattr(event, "message", None)
    return message if isinstance(message, str) and message else "the AI worker could not be loaded"
