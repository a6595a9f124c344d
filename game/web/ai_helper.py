"""The AI seats' helper in the page: the Web Workers of ``static/ai-worker.mjs`` that choose AI
moves off the main thread, one per core but one (``game.web.workers``; started when a game with an AI
seat is drawn, so Python loads while a human plays), and the main thread's fallback when no worker
can run (``game.ui.page_queue``: one move at a time, in small time slices).

A move is asked of every live worker as one shard of its search (``game.ui.ai_shards.Crew``, a
``game.ui.worker_pool.WorkerPool``: which worker owes what, the merge, a failed or stalled
worker's shards given to the others).
Requests and answers are the JSON texts of ``game.ui.ai_turn`` and ``game.ui.ai_shards``.
Answers come back through ``on_answer``; the caller decides whether one is still wanted (its
ticket).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import js

from game.ai.steps import SLICE_S
from game.ui.ai_shards import SHARD_TAG, Crew, ShardAnswer
from game.ui.ai_turn import AiAnswer, AiMessageError, AiRequest
from game.ui.page_queue import PageQueue
from game.ui.worker_pool import START_PATIENCE_S
from game.web.dom import Node, keep_alive
from game.web.workers import (
    Watchdog,
    WorkerError,
    device_workers,
    error_reason,
    said,
    start_workers,
)

# No word from a worker for this long while it owes a shard: it has failed, and the others (or
# the page) play its shard.  Once it is ready, hard's longest move (its search: a fixed count of
# play-outs, docs/ai.md) takes about 1 s in one worker on this machine's Chromium.
START_PATIENCE_MS = round(START_PATIENCE_S * 1000)
ANSWER_PATIENCE_MS = 6_000
# A new move's work is posted once the page has drawn the frame it is preparing (the move just
# played), so the workers do not take the cores while the page paints; at most this much later,
# as a hidden page draws no frame.
AFTER_PAINT_MS = 250


def _now() -> float:
    return time.perf_counter() * 1000


class AiHelper:
    """Sends requests to the workers and hands back their merged answers; when no worker can
    run, computes them here."""

    def __init__(self, on_answer: Callable[[AiAnswer], None], on_failure: Callable[[str], None]) -> None:
        self.on_answer, self.on_failure = on_answer, on_failure
        self.workers: list[Node] = []          # the Web Workers, once started
        self.crew: Crew | None = None
        self.failure: str | None = None        # why no worker is used (None: they are)
        self.watchdog = Watchdog(self.watch)
        self.here = PageQueue()                 # the moves the page answers itself, once no worker is left
        self.computing = False                  # whether the page's loop over them runs
        self.posting = False                    # whether new work waits for the page's next frame
        self.frame_asked = False                # whether a frame's callback is asked for and has not run
        self.timer: object = None               # the timer that posts the work if no frame comes first
        self.post_later = keep_alive(self.posted_after_paint)
        self.after_frame = keep_alive(self.frame_painted)

    @property
    def where(self) -> str:
        """Where AI moves are computed: ``worker``, ``starting`` (the workers are loading) or ``page``."""
        if self.failure is not None or self.crew is None:
            return "page" if self.failure is not None else "starting"
        return self.crew.where()

    def start(self) -> None:
        """Start the workers if they are not running (they load Python in the background)."""
        if self.crew is not None or self.failure is not None:
            return
        count = device_workers()
        self.crew = Crew(count)
        try:
            self.workers = start_workers(count, self.on_message, self.on_error)
        except WorkerError as exc:
            self.fail(str(exc))

    def ask(self, request: AiRequest, ahead: bool = False) -> None:
        """Ask for one move (``ahead`` of its time: after the moves asked for now); its answer
        arrives through ``on_answer``."""
        self.start()
        if self.failure is not None or self.crew is None:
            self.here.ask(request, ahead)
            self.compute_here()
            return
        self.crew.ask(request, _now(), ahead)
        self.post_after_paint()

    def hurry(self, ticket: int) -> None:
        """Move ``ticket``, asked ahead, is due now: before the other moves asked ahead."""
        if self.crew is not None:
            self.crew.hurry(ticket)
        self.here.hurry(ticket)
        self.compute_here()

    def drop(self, ticket: int) -> None:
        """Move ``ticket`` is no longer wanted (its position or its game is gone): not computed,
        or no further (its answer, if one comes from a worker that had begun it, is ignored)."""
        if self.crew is not None:
            self.crew.drop(ticket, _now())
            self.post_after_paint()             # a worker it was not sent to yet may take other work
        self.here.drop(ticket)

    def post(self) -> None:
        """Post the messages the crew has for the workers, and keep the watchdog on while one owes."""
        if self.crew is not None:
            for n, text in self.crew.messages(_now()):
                self.workers[n].postMessage(text)
        self.wait()

    def post_after_paint(self) -> None:
        """Post the crew's new work once the frame the page is preparing is painted (the task
        after the frame's callback), or after ``AFTER_PAINT_MS`` if no frame comes first (a
        hidden tab paints none, and asks for at most one frame's callback while it waits)."""
        if self.posting:
            return
        self.posting = True
        if not self.frame_asked:
            self.frame_asked = True
            js.requestAnimationFrame(js.setTimeout.bind(js.window, self.after_frame, 0))
        self.timer = js.setTimeout(self.post_later, AFTER_PAINT_MS)

    def frame_painted(self, *_args: object) -> None:
        self.frame_asked = False
        self.posted_after_paint()

    def posted_after_paint(self, *_args: object) -> None:
        if self.posting:
            self.posting = False
            js.clearTimeout(self.timer)
            self.post()

    # --- the workers ----------------------------------------------------------------------------

    def on_message(self, n: int, event: Node) -> None:
        crew, text = self.crew, str(event.data)
        if crew is None or self.failure is not None:
            return
        shard = text.startswith(SHARD_TAG)
        news = None if shard else said(text)
        if news is not None:
            if news[0] == "ready":
                crew.heard(n, _now())
                self.post()
            else:
                self.lose(n, news[1])
            return
        try:
            reply = ShardAnswer.from_text(text) if shard else AiAnswer.from_text(text)   # a shard, or a move asked whole
        except AiMessageError as exc:
            self.lose(n, str(exc))
            return
        decided = crew.answered(n, reply, _now())
        if decided is None:
            self.post()
        else:                                   # the page plays it now: more work after its frame
            self.post_after_paint()
            self.on_answer(decided)

    def on_error(self, n: int, event: Node) -> None:
        self.lose(n, error_reason(event))

    def lose(self, n: int, reason: str) -> None:
        """Worker ``n`` failed: end it; the others play its shards, or, with none left, the page."""
        if self.crew is None or self.failure is not None:
            return
        self.workers[n].terminate()
        self.crew.lost(n, _now())
        if self.crew.where() == "page":
            self.fail(reason)
        self.post()

    def wait(self) -> None:
        """Keep the watchdog running while a worker owes a shard; stop it when none does."""
        self.watchdog.keep(self.crew is not None and self.failure is None and self.crew.owes())

    def watch(self) -> None:
        crew = self.crew
        if crew is not None:
            for n in crew.stalled(_now(), START_PATIENCE_MS, ANSWER_PATIENCE_MS):
                patience = crew.patience(n, START_PATIENCE_MS, ANSWER_PATIENCE_MS)
                self.lose(n, f"no answer in {round(patience) // 1000} s")
        self.wait()

    def fail(self, reason: str) -> None:
        """Give up on the workers: say why, and compute here every move not decided (those asked
        ahead once they are due)."""
        if self.failure is not None:
            return
        self.failure = reason
        for worker in self.workers:
            worker.terminate()
        orphans = self.crew.abandon() if self.crew is not None else []
        self.wait()
        self.on_failure(reason)
        for request, ahead in orphans:
            self.here.ask(request, ahead)
        self.compute_here()

    # --- the main thread's fallback -------------------------------------------------------------

    def compute_here(self) -> None:
        """Answer the moves due on the main thread (``PageQueue``: one at a time, hard's whole
        search as the workers play it), from the event loop, a slice of about ``SLICE_S`` at a
        time, awaiting between slices so the page handles input and paints (no Python is
        suspended mid-call: any browser).  One loop runs while any move is due."""
        if self.here.busy() and not self.computing:
            self.computing = True
            asyncio.ensure_future(self._compute_here())

    async def _compute_here(self) -> None:
        try:
            while self.here.busy():
                await asyncio.sleep(0)      # answers never arrive before ``ask`` returns; input and paint
                answer = self.here.slice(SLICE_S)
                if answer is not None:
                    self.on_answer(answer)
        finally:
            self.computing = False
