"""A finished game's review in the page: its panel in the side column, drawn from
``game.ui.review.ReviewScreen``, and the workers that weigh the decisions (instances of the AI seats' worker,
``static/ai-worker.mjs``, started when a review is asked for, one per core).

The worker gets ``game.ui.review.ReviewRequest`` texts (a seat's view, the legal actions, the
chosen one), never the save; their answers come back through ``on_answer``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _
from game.jsontext import JsonTextError, read_json
from game.ui.review import ReviewScreen
from game.ui.review_turn import ReviewAnswer, ReviewMessageError, ReviewRequest
from game.web.dom import Node, button, disable, el
from game.web.workers import WorkerError, device_workers, error_reason, start_worker


class ReviewPanel:
    """The review's panel: built once per review, its parts brought up to date at each redraw (so
    the focus stays on the button that stepped)."""

    def __init__(self) -> None:
        self.title = el("h2", None, tabindex="-1")
        self.working = el("p", None, cls="review-working", role="status")
        self.fill = el("span", None)
        self.bar = el("div", None, self.fill, cls="review-progress", role="progressbar", aria_valuemin="0",
                      aria_valuemax="100", aria_label=_("review.progress"))
        self.summary = el("p", None, cls="review-summary")
        self.failure = el("p", None, cls="review-failure", role="alert")
        self.list = el("ol", None, cls="review-turns")
        self.costliest = el("h3", _("review.costliest"))
        self.counter = el("p", None, cls="review-counter")
        self.text = el("p", None, cls="review-text", aria_live="polite")
        self.previous = button(_("review.previous"), "review-go", cls="secondary")
        self.next = button(_("review.next"), "review-go", cls="secondary")
        self.lesson = el("a", _("review.lesson"), cls="review-lesson", target="_blank", rel="noopener",
                         title=_("review.lesson_title"))
        self.node = el("section", None,
                       el("div", None, self.title, button(_("review.close"), "review-close", cls="secondary"),
                          cls="review-head"),
                       self.working, self.bar, self.failure, self.summary, self.costliest, self.list,
                       el("div", None, self.previous, self.counter, self.next, cls="review-steps"),
                       self.text, self.lesson, cls="review")
        self.rows: tuple = ()

    def update(self, review: ReviewScreen) -> Node:
        self.title.textContent = review.title
        self.working.textContent = review.working
        percent = round(100 * review.progress)
        self.fill.style.width = f"{percent}%"
        self.bar.setAttribute("aria-valuenow", str(percent))
        self.bar.hidden = not review.working
        self.node.setAttribute("data-progress", str(percent))
        self.node.setAttribute("data-done", "" if not review.working and not review.failure else "no")
        self.failure.textContent = review.failure
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
        self.text.textContent = review.text
        for node, index in ((self.previous, review.previous), (self.next, review.next)):
            node.setAttribute("data-arg", "" if index is None else str(index))
            disable(node, None if index is not None else "")
        self.lesson.hidden = not review.lesson
        if review.lesson:
            self.lesson.setAttribute("href", review.lesson)
        return self.node


class ReviewHelper:
    """The review's workers, one per core the device reports (``game.web.workers.device_workers``;
    the game is over, so no AI seat needs one), each weighing one
    decision at a time; started on the first request, ended with :meth:`stop`."""

    def __init__(self, on_answer: Callable[[ReviewAnswer], None], on_failure: Callable[[str], None]) -> None:
        self.on_answer, self.on_failure = on_answer, on_failure
        self.workers: list[Node] = []
        self.busy: dict[int, int] = {}          # worker's position -> the ticket it weighs

    @property
    def running(self) -> bool:
        return bool(self.workers)

    def idle(self) -> bool:
        """Whether a worker is free for a request (or none is started yet)."""
        return not self.workers or len(self.busy) < len(self.workers)

    def start(self) -> bool:
        """Start the workers; False (and the failure said) if the page cannot."""
        try:
            for n in range(device_workers()):
                self.workers.append(start_worker(n, self.on_message, self.on_error))
        except WorkerError as exc:
            self.stop()
            self.on_failure(str(exc))
            return False
        return True

    def ask(self, request: ReviewRequest) -> None:
        """Give ``request`` to a free worker (:meth:`idle` must be true)."""
        if not self.workers and not self.start():
            return
        n = next(i for i in range(len(self.workers)) if i not in self.busy)
        self.busy[n] = request.ticket
        self.workers[n].postMessage(request.to_text())

    def on_message(self, n: int, event) -> None:
        text = str(event.data)
        if not text.startswith('{"review"'):
            try:
                data = read_json(text)
            except JsonTextError:
                data = None
            if isinstance(data, dict) and isinstance(data.get("failed"), str):
                self.stop()
                self.on_failure(data["failed"])
            return                      # {"ready": true}
        self.busy.pop(n, None)
        try:
            reply = ReviewAnswer.from_text(text)
        except ReviewMessageError as exc:
            self.on_failure(str(exc))
            return
        self.on_answer(reply)

    def on_error(self, n: int, event) -> None:
        reason = error_reason(event)
        self.stop()
        self.on_failure(reason)

    def stop(self) -> None:
        """End the workers (a review closed, done or failed): a request one was weighing is dropped."""
        for worker in self.workers:
            worker.terminate()
        self.workers, self.busy = [], {}
