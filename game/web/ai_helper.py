"""The AI seats' helper in the page: the Web Worker ``static/ai-worker.mjs`` that chooses AI
moves off the main thread (started on first need), and the main thread's fallback, in small
time slices, when the worker cannot start or fails.

Requests and answers are the JSON texts of ``game.ui.ai_turn``.  Answers come back through
``on_answer`` in the order asked; the caller decides whether one is still wanted (its ticket).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import js
from pyodide.ffi import JsException, can_run_sync, run_sync, to_js

from game.jsontext import JsonTextError, read_json
from game.ui import ai_turn
from game.ui.ai_turn import AiAnswer, AiMessageError, AiRequest
from game.web.dom import Node, keep_alive

# The page names the worker's script (index.html: <meta name="ai-worker">, with a content
# hash in a built site), so the worker and the archive it loads are always of one build.
WORKER_META = 'meta[name="ai-worker"]'
# No word from the worker for this long while it owes an answer: it has failed, and the page
# computes the move.  Starting Python in the worker takes a few seconds (longer on a slow
# device); once it is ready, hard's longest move (its search: a fixed count of play-outs,
# docs/ai.md) takes about 1 s on this machine's Chromium.
START_PATIENCE_MS = 30_000
ANSWER_PATIENCE_MS = 6_000
SLICE_S = 0.03          # on the main thread, the longest stretch of AI thinking between two yields


class AiHelper:
    """Sends requests to the worker and hands back its answers; on failure, computes them here."""

    def __init__(self, on_answer: Callable[[AiAnswer], None], on_failure: Callable[[str], None]) -> None:
        self.on_answer, self.on_failure = on_answer, on_failure
        self.worker: Node = None               # the Web Worker, once started
        self.ready = False
        self.failure: str | None = None        # why the worker is not used (None: it is)
        self.owed: dict[int, str] = {}         # ticket -> request text sent to the worker, not answered
        self.watchdog: Node = None
        self.too_slow_call: Node = None              # the watchdog's callback, made once (it is restarted often)

    @property
    def where(self) -> str:
        """Where AI moves are computed: ``worker``, ``starting`` (the worker is loading) or ``page``."""
        if self.failure is not None:
            return "page"
        return "worker" if self.ready else "starting"

    def start(self) -> None:
        """Start the worker if it is not running (it loads Python in the background)."""
        if self.worker is not None or self.failure is not None:
            return
        meta = js.document.querySelector(WORKER_META)
        if meta is None:
            self.fail("the page names no AI worker")
            return
        try:
            options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
            self.worker = js.Worker.new(meta.content, options)
        except JsException as exc:
            self.fail(str(exc))
            return
        self.worker.addEventListener("message", keep_alive(self.on_message))
        self.worker.addEventListener("error", keep_alive(self.on_error))

    def ask(self, request: AiRequest) -> None:
        """Ask for one move; its answer arrives through ``on_answer``."""
        text = request.to_text()
        self.start()
        if self.failure is not None:
            self.compute_here(text)
            return
        self.owed[request.ticket] = text
        self.worker.postMessage(text)
        self.wait()

    # --- the worker -----------------------------------------------------------------------------

    def on_message(self, event) -> None:
        text = str(event.data)
        try:
            data = read_json(text)
        except JsonTextError:
            data = None
        if isinstance(data, dict) and data.get("ready") is True:
            self.ready = True
            self.wait()
            return
        if isinstance(data, dict) and isinstance(data.get("failed"), str):
            self.fail(data["failed"])
            return
        try:
            answer = AiAnswer.from_text(text)
        except AiMessageError as exc:
            self.fail(str(exc))
            return
        self.owed.pop(answer.ticket, None)
        self.wait()
        self.on_answer(answer)

    def on_error(self, event) -> None:
        event.preventDefault()          # reported here, on the page, not as an uncaught error
        message = getattr(event, "message", None)
        self.fail(message if isinstance(message, str) and message else "the AI worker could not be loaded")

    def wait(self) -> None:
        """(Re)start the watchdog while an answer is owed; stop it when none is."""
        if self.watchdog is not None:
            js.clearTimeout(self.watchdog)
            self.watchdog = None
        if self.owed and self.failure is None:
            self.too_slow_call = self.too_slow_call or keep_alive(self.too_slow)
            self.watchdog = js.setTimeout(self.too_slow_call, self.patience_ms)

    @property
    def patience_ms(self) -> int:
        return ANSWER_PATIENCE_MS if self.ready else START_PATIENCE_MS

    def too_slow(self) -> None:
        self.watchdog = None
        self.fail(f"no answer in {self.patience_ms // 1000} s")

    def fail(self, reason: str) -> None:
        """Give up on the worker: say why, and compute every owed answer here instead."""
        if self.failure is not None:
            return
        self.failure, self.ready = reason, False
        if self.worker is not None:
            self.worker.terminate()
        self.wait()
        owed, self.owed = self.owed, {}
        self.on_failure(reason)
        for text in owed.values():
            self.compute_here(text)

    # --- the main thread's fallback -------------------------------------------------------------

    def compute_here(self, text: str) -> None:
        """Answer on the main thread, from the event loop, yielding to the page every ``SLICE_S``
        where the browser allows it (hard's search is left out where it does not)."""
        asyncio.ensure_future(self._compute_here(text))

    async def _compute_here(self, text: str) -> None:
        await asyncio.sleep(0)          # answers never arrive before ``ask`` returns
        sliced = can_run_sync()        # the browser can suspend Python mid-call (JSPI)
        pause = Slices().pause if sliced else None
        self.on_answer(AiAnswer.from_text(ai_turn.answer(text, pause=pause, search=sliced)))


class Slices:
    """Cut a long computation on the main thread into slices of about ``SLICE_S``."""

    def __init__(self) -> None:
        self.since = time.perf_counter()

    def pause(self) -> None:
        """Let the page handle input and paint if this slice has lasted ``SLICE_S``."""
        if time.perf_counter() - self.since > SLICE_S:
            run_sync(asyncio.sleep(0))
            self.since = time.perf_counter()
