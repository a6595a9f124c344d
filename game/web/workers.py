"""The page's Web Workers of ``static/ai-worker.mjs`` (the AI seats' moves, a review's decisions):
how many the device gets and how one is started."""

from __future__ import annotations

from collections.abc import Callable

import js
from pyodide.ffi import JsException, to_js

from game.ui.ai_shards import worker_count
from game.web.dom import Node, keep_alive

# The page names the worker's script (index.html: <meta name="ai-worker">, with a content
# hash in a built site), so the worker and the archive it loads are always of one build.
WORKER_META = 'meta[name="ai-worker"]'


class WorkerError(Exception):
    """A worker the page cannot start; the message says why."""


def device_workers() -> int:
    """How many workers to start: ``?ai-workers=N`` in the page's address (tests and benchmarks),
    else as many as the device's cores (``game.ui.ai_shards.worker_count``)."""
    value = js.URLSearchParams.new(js.location.search).get("ai-workers")
    cores = int(value) if isinstance(value, str) and value.isdigit() else getattr(js.navigator, "hardwareConcurrency", 1)
    return worker_count(cores)


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


def error_reason(event: Node) -> str:
    """Why a worker's ``error`` event came (reported on the page, not as an uncaught error)."""
    event.preventDefault()
    message = getattr(event, "message", None)
    return message if isinstance(message, str) and message else "the AI worker could not be loaded"
