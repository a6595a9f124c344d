"""The AI requests the page answers itself once no worker is left (``game.web.ai_helper``): kept
by ticket and answered one at a time, each a slice at a time (``game.ai.steps.Slices``), so the
page handles input and paints between slices.

A request asked ahead of its time (``AiPacer.ahead``: while a human keeps tickets) is kept but not
begun (the human may choose otherwise, and the main thread has no time to spare) until its move is
due (:meth:`PageQueue.hurry`).  Due requests are answered in the order they became due, one at a
time, so the move due first is not slowed by the others.  A request no longer wanted
(:meth:`PageQueue.drop`: its position is gone, or its game; an outcome's ``ai_dropped``) leaves the queue;
if it is the one being answered, none of its steps runs again and no answer comes.

>>> def three_steps(text):                   # a request's job (``ai_turn.answer_steps``), in steps
...     yield
...     yield
...     return AiAnswer(AiRequest.from_text(text).ticket, choice=0).to_text()
>>> clock = iter(range(1000)).__next__       # a step "takes" a second: one step a slice
>>> queue = PageQueue(three_steps, clock)
>>> queue.ask(AiRequest(4, "easy", "ab", {}, ("pass",)), ahead=True)
>>> queue.busy(), queue.slice(1.0)           # kept, not begun
(False, None)
>>> queue.hurry(4)
>>> [queue.slice(1.0) for _ in range(3)], queue.busy()
([None, None, AiAnswer(ticket=4, choice=0, error=None, ms=0.0)], False)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.ai.steps import Slices, Steps
from game.ui import ai_turn
from game.ui.ai_turn import AiAnswer, AiRequest


class PageQueue:
    """The requests the page answers itself: ``steps(text)`` is a request's job in steps (its
    answer's text), run a slice at a time with ``clock`` (seconds)."""

    def __init__(self, steps: Callable[[str], Steps[str]] = ai_turn.answer_steps,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.steps, self.clock = steps, clock
        self.kept: dict[int, AiRequest] = {}        # ticket -> a request asked ahead, not due yet
        self.due: dict[int, AiRequest] = {}         # ticket -> a request due, in the order they became due
        self.work: tuple[int, Slices[str]] | None = None    # the first due request's job, once begun

    def ask(self, request: AiRequest, ahead: bool = False) -> None:
        """Keep ``request``: due now, after those due already, or ``ahead`` of its time (not begun)."""
        (self.kept if ahead else self.due)[request.ticket] = request

    def hurry(self, ticket: int) -> None:
        """Request ``ticket``, asked ahead, is due now (nothing if it is not kept)."""
        request = self.kept.pop(ticket, None)
        if request is not None:
            self.due[ticket] = request

    def drop(self, ticket: int) -> None:
        """Request ``ticket`` is no longer wanted: it is forgotten, and its job, if begun, is left
        where it is (no step of it runs again, no answer comes)."""
        self.kept.pop(ticket, None)
        self.due.pop(ticket, None)
        if self.work is not None and self.work[0] == ticket:
            self.work = None

    def busy(self) -> bool:
        """Whether a request is due (:meth:`slice` has work)."""
        return bool(self.due)

    def slice(self, budget: float) -> AiAnswer | None:
        """Run the first due request's job for about ``budget`` seconds (``Slices.slice``),
        beginning it if it is not begun; its answer once it is done (else None)."""
        if not self.due:
            return None
        if self.work is None:
            ticket = next(iter(self.due))
            self.work = (ticket, Slices(self.steps(self.due[ticket].to_text()), self.clock))
        ticket, work = self.work
        if not work.slice(budget):
            return None
        self.work = None
        del self.due[ticket]
        return AiAnswer.from_text(str(work.result))
