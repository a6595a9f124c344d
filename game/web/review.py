"""A finished game's review in the page: its panel in the side column, drawn from
``game.ui.review.ReviewScreen``, and the helpers that weigh the decisions: instances of the AI
seats' worker (``static/ai-worker.mjs``, started when a review is asked for, one per core but one), watched
(``game.ui.worker_pool``: a worker that fails or stays silent past its patience is ended and its
decision given to another), and when none is left the page itself, a slice at a time
(``game.ai.steps``), awaiting between slices.

The workers get ``game.ui.review.ReviewRequest`` texts (a seat's view, the legal actions, the
chosen one), never the save; their answers come back through ``on_answer``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence

import js

from game.ai.steps import SLICE_S, Slices
from game.i18n import _
from game.ui import review_turn
from game.ui.placing import Box, room, shift_into
from game.ui.review import ReviewItem, ReviewScreen
from game.ui.review_turn import ReviewAnswer, ReviewMessageError, ReviewRequest
from game.ui.worker_pool import PAGE, START_PATIENCE_S, WorkerPool
from game.web import workers as pool_workers
from game.web.dom import Node, button, disable, el, present
from game.web.zoom import Zoom

# A ready worker that owes an answer and has said nothing for this long is lost (one still starting:
# ``START_PATIENCE_S``): a decision played out takes 0.2-0.3 s in a worker on an idle machine and
# up to 16 s on a loaded one (docs/ai.md, "Reviewing a finished game").
ANSWER_PATIENCE_S = 30.0


class ReviewPanel:
    """The review's panel: built once per review, its parts brought up to date at each redraw (so
    the focus stays on the button that stepped).  The decision shown (its steps, words, market and
    choice) is a part of its own, ``.review-step``: a sheet at the foot of a phone's screen."""

    def __init__(self) -> None:
        self.title = el("h2", None, tabindex="-1")
        self.working = el("p", None, cls="review-working", role="status")
        self.fill = el("span", None)
        self.bar = el("div", None, self.fill, cls="review-progress", role="progressbar", aria_valuemin="0",
                      aria_valuemax="100", aria_label=_("review.progress"))
        self.summary = el("p", None, cls="review-summary")
        self.failure_text = el("p", None, role="alert")
        self.detail = el("p", None, cls="review-detail")
        self.failure = el("div", None, self.failure_text, self.detail,
                          button(_("review.retry"), "review-retry", cls="secondary"), cls="review-failure")
        self.list = el("ol", None, cls="review-turns")
        self.costliest = el("h3", _("review.costliest"))
        self.counter = el("p", None, cls="review-counter")
        self.whose = el("p", None, cls="review-whose")
        self.text = el("p", None, cls="review-text", aria_live="polite")
        self.market = el("ul", None, cls="review-cards", aria_label=_("review.market"))
        self.market_part = el("div", None, el("h3", _("review.market")), self.market, cls="review-market")
        self.choice_title = el("h3", None)
        self.choice = el("ul", None, cls="review-options")
        self.choice_part = el("div", None, self.choice_title, self.choice, cls="review-choice")
        self.previous = button(_("review.previous"), "review-go", cls="secondary")
        self.next = button(_("review.next"), "review-go", cls="secondary")
        self.lesson = el("a", _("review.lesson"), cls="review-lesson", target="_blank", rel="noopener",
                         title=_("review.lesson_title"))
        self.step = el("div", None, el("div", None, self.previous, self.counter, self.next, cls="review-steps"),
                       self.whose, self.text, self.choice_part, self.market_part, self.lesson, cls="review-step")
        self.node = el("section", None,
                       el("div", None, self.title, button(_("review.close"), "review-close", cls="secondary"),
                          cls="review-head"),
                       self.working, self.bar, self.failure, self.summary, self.costliest, self.list,
                       self.step, cls="review")
        self.rows: tuple = ()
        self.items: tuple[tuple[ReviewItem, ...], str, tuple[ReviewItem, ...]] = ((), "", ())

    def update(self, review: ReviewScreen) -> Node:
        self.title.textContent = review.title
        self.working.textContent = review.working
        percent = round(100 * review.progress)
        self.fill.style.width = f"{percent}%"
        self.bar.setAttribute("aria-valuenow", str(percent))
        self.bar.hidden = not review.working
        self.node.setAttribute("data-progress", str(percent))
        self.node.setAttribute("data-done", "" if not review.working and not review.failure else "no")
        self.failure_text.textContent = review.failure
        self.detail.textContent = review.detail
        self.failure.hidden = not review.failure
        self.summary.textContent = review.summary
        self.costliest.hidden = not review.rows
        if review.rows != self.rows:
            self.rows = review.rows
            self.list.replaceChildren(*(el("li", None, button(row.round, "review-go", str(row.index), cls="link"),
                                           el("span", row.played, cls="review-played"),
                                           el("span", row.better, cls="review-better"),
                                           el("span", row.points, cls="num"), data_index=str(row.index))
                                        for row in review.rows))
        self.node.setAttribute("data-shown", "" if review.shown is None else str(review.shown))
        self.counter.textContent = review.counter
        self.whose.textContent = review.whose
        self.text.textContent = review.text
        items = (review.market, review.choice_title, review.choice)
        if items != self.items:
            self.items = items
            self.market.replaceChildren(*(_item(item, f"card card-{item.kind}") for item in review.market))
            self.choice_title.textContent = review.choice_title
            self.choice.replaceChildren(*(_item(item, "review-option") for item in review.choice))
        self.market_part.hidden = not review.market
        self.choice_part.hidden = not review.choice
        for node, index in ((self.previous, review.previous), (self.next, review.next)):
            node.setAttribute("data-arg", "" if index is None else str(index))
            disable(node, None if index is not None else "")
        self.lesson.hidden = not review.lesson
        if review.lesson:
            self.lesson.setAttribute("href", review.lesson)
        return self.node


def _box(node) -> Box:
    rect = node.getBoundingClientRect()
    return Box(rect.left, rect.top, rect.right, rect.bottom)


def bring_into_view(zoom: Zoom, spots: tuple[str, ...]) -> None:
    """A decision stepped onto: on a phone (the decision a sheet at the foot of the screen) the page
    scrolls the board to the top of the screen; then, if the routes and cities its better move
    lights (``spots``, the board's ids) are not all in the part of the board left in view (zoomed
    in, under the sheet), the board moves so they are (``game.ui.placing``)."""
    zoom.nudge(0.0, 0.0)
    frame = present(js.document.getElementById("board-frame"))
    sheet = present(js.document.querySelector(".review .review-step"))
    if frame is None or sheet is None:
        return
    if js.window.innerWidth <= 700 and _box(frame).top != 0:
        js.window.scrollBy(0, _box(frame).top)
    nodes = [node for node in (present(js.document.getElementById(spot)) for spot in spots) if node is not None]
    if not nodes:
        return
    boxes = [_box(node) for node in nodes]
    where = Box(min(b.left for b in boxes), min(b.top for b in boxes), max(b.right for b in boxes),
                max(b.bottom for b in boxes))
    dx, dy = shift_into(where, room(_box(frame), _box(sheet), float(js.window.innerHeight)))
    if dx or dy:
        zoom.nudge(dx, dy)


def _item(item: ReviewItem, cls: str) -> Node:
    """A card of the market or an option of the choice, lit (``hinted``, as a hint's) if the better move takes it."""
    return el("li", item.text, cls=f"{cls} hinted" if item.lit else cls, data_lit="true" if item.lit else None)


class ReviewHelper:
    """The review's helpers (a ``game.ui.worker_pool.WorkerPool`` of its requests, that falls back to
    the page): workers, one per core the device reports but one (``game.web.workers.device_workers``; the
    game is over, so no AI seat needs one), each weighing one decision at a time, started on the
    first request and ended with :meth:`stop`.  A worker that fails, or owes an answer and stays
    silent past its patience, is ended and its decision given back (``on_returned``); with none left
    the page weighs the decisions itself, one at a time, in slices of about ``SLICE_S``."""

    def __init__(self, on_answer: Callable[[ReviewAnswer], None], on_returned: Callable[[int], None],
                 on_failure: Callable[[str], None]) -> None:
        """``on_returned(ticket)``: a lost worker's decision, to be asked again (of a helper left)."""
        self.on_answer, self.on_returned, self.on_failure = on_answer, on_returned, on_failure
        self.workers: dict[int, Node] = {}        # a worker's number -> the worker, while it is used
        self.pool: WorkerPool[ReviewRequest] | None = None      # None: not started
        self.watchdog = pool_workers.Watchdog(self.check)

    @property
    def running(self) -> bool:
        return self.pool is not None and (bool(self.workers) or self.pool.owed.get(PAGE) is not None)

    @property
    def where(self) -> str:
        """Where the decisions are weighed: ``workers``, or ``page`` once every worker was lost."""
        return "page" if self.pool is not None and self.pool.where() == "page" else "workers"

    def start(self) -> WorkerPool[ReviewRequest]:
        """Start the workers (none, if the page cannot: then the page weighs the decisions)."""
        try:
            started = pool_workers.start_workers(pool_workers.device_workers(), self.on_message, self.on_error)
            self.workers = dict(enumerate(started))
        except pool_workers.WorkerError as exc:
            self.workers = {}
            js.console.warn(f"Review workers not started: {exc}")
        self.pool = WorkerPool(len(self.workers), page=True)
        return self.pool

    def ask(self, requests: Sequence[ReviewRequest]) -> None:
        """Give ``requests`` to the helpers: each free one takes one, the others wait for the
        first helper to come free."""
        pool = self.pool or self.start()
        pool.put(requests, time.monotonic())
        self.post(pool)

    def post(self, pool: WorkerPool[ReviewRequest]) -> None:
        """Post to each helper the request it was given (what waits goes to the free ones first)."""
        now = time.monotonic()
        pool.dispatch(now)
        for helper, unit in pool.posts(now):
            if helper == PAGE:
                asyncio.ensure_future(self._weigh_here(pool, unit.to_text()))
            else:
                self.workers[helper].postMessage(unit.to_text())
        self.watchdog.keep(pool.owes())

    def on_message(self, n: int, event) -> None:
        pool = self.pool
        if pool is None or n not in pool.alive:
            return                      # a worker given up on: what it says is not heard
        text = str(event.data)
        if not text.startswith('{"review"'):
            news = pool_workers.said(text)
            if news is not None and news[0] == "failed":
                self.lose(n, news[1])
            elif news is not None:
                pool.heard(n, time.monotonic())
            return
        pool.done(n, time.monotonic())
        self.post(pool)                 # the next request waiting, to this worker come free
        try:
            reply = ReviewAnswer.from_text(text)
        except ReviewMessageError as exc:
            self.on_failure(str(exc))
            return
        self.on_answer(reply)

    def on_error(self, n: int, event) -> None:
        self.lose(n, pool_workers.error_reason(event))

    def check(self) -> None:
        """The watchdog: give up on the workers silent past their patience."""
        pool = self.pool
        if pool is None:
            return
        for n in pool.stalled(time.monotonic(), START_PATIENCE_S, ANSWER_PATIENCE_S):
            self.lose(n, f"no answer in {round(pool.patience(n, START_PATIENCE_S, ANSWER_PATIENCE_S))} s")
        self.watchdog.keep(self.pool is pool and pool.owes())

    def lose(self, n: int, reason: str) -> None:
        """Give up on worker ``n``: end it and give its decision back (to a worker left, or the page)."""
        worker = self.workers.pop(n, None)
        if worker is not None:
            worker.terminate()
        js.console.warn(f"Review worker {n} given up on: {reason}")
        owed = None if self.pool is None else self.pool.lost(n, time.monotonic())
        if owed is not None:
            self.on_returned(owed.ticket)

    async def _weigh_here(self, pool: WorkerPool[ReviewRequest], text: str) -> None:
        """Weigh one decision on the page's main thread, in slices of about ``SLICE_S`` (dropped
        once the review is stopped)."""
        work = Slices(review_turn.answer_steps(text))
        while True:
            await asyncio.sleep(0)      # answers never arrive before ``ask`` returns; input and paint
            if self.pool is not pool:
                return                  # stopped meanwhile
            if work.slice(SLICE_S):
                break
        pool.done(PAGE, time.monotonic())
        self.post(pool)
        self.on_answer(ReviewAnswer.from_text(str(work.result)))

    def stop(self) -> None:
        """End the helpers (a review closed, done or failed): a request one was weighing is dropped."""
        for worker in self.workers.values():
            worker.terminate()
        self.workers, self.pool = {}, None
        self.watchdog.keep(False)
