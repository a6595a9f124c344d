"""The page's helpers at the table's word: the AI helper (an AI seat's move asked with a timer
for its delay, moves asked ahead, requests dropped, the hint's request) and a review's workers,
fed from each outcome's effects (``game.ui.outcome``); their answers and the timers go back to
the table as commands (``game.ui.page_events``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import js
from pyodide.ffi import create_once_callable

from game.ui import page_events as page
from game.ui.commands import Command
from game.ui.controller import Table
from game.ui.outcome import Outcome, ReviewWork
from game.ui.screen import review_side
from game.web.ai_helper import AiHelper
from game.web.dom import present
from game.web.review import ReviewHelper

if TYPE_CHECKING:
    from game.web.table import (
        TableParts,  # imported on first use by the page (it brings in the board)
    )


class Page(Protocol):
    """What the helpers' glue asks of the table page (``game.web.app.App``)."""

    @property
    def table(self) -> Table: ...
    @property
    def root(self): ...
    @property
    def parts(self) -> TableParts | None: ...

    def tell(self, command: Command) -> None: ...


class Work:
    """The AI helper and the review's workers of the page ``app``."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.replay_set = False         # a slice of the review's replay is due from a timer
        self.ai = AiHelper(lambda answer: app.tell(page.AiAnswered(answer)), lambda reason: app.tell(page.AiFailed(reason)))
        self.reviewer = ReviewHelper(lambda reply: app.tell(page.ReviewAnswered(reply)),
                                     lambda ticket: app.tell(page.ReviewReturned(ticket)),
                                     lambda reason: app.tell(page.ReviewFailed(reason)))

    def carry_out(self, outcome: Outcome) -> None:
        """The outcome's effects for the helpers and timers, and the AI line."""
        tell = self.app.tell
        ask = outcome.ask_ai
        if ask is not None:
            ticket = ask.request.ticket
            js.setTimeout(create_once_callable(lambda: tell(page.AiDue(ticket))), ask.delay_ms)
            if ask.asked:
                self.ai.hurry(ticket)       # asked ahead: now before the moves the human made moot
            else:
                self.ai.ask(ask.request)
        for request in outcome.ai_ahead:          # while a human keeps tickets: the AI's next move
            self.ai.ask(request, ahead=True)
        for moot in outcome.ai_dropped:           # asked ahead, and the human chose otherwise
            self.ai.drop(moot)
        if outcome.hint is not None:            # the Hint command's move, asked of the same helper
            self.ai.ask(outcome.hint)
        tick = outcome.scoring_tick
        if tick is not None:
            js.setTimeout(create_once_callable(lambda: tell(page.ScoringDue(tick.ticket))), tick.delay_ms)
        self.feed_review(outcome.review)
        self.show_ai_status(outcome.ai_line)

    def show_ai_status(self, line: str) -> None:
        """The AI line at the foot of the board: the helper's failure, a bad answer, "… is thinking"."""
        self.app.root.setAttribute("data-ai-helper", self.ai.where)
        node = present(js.document.getElementById("ai-status"))
        if node is not None:
            node.textContent = line

    def feed_review(self, work: ReviewWork | None) -> None:
        """Give the review's decisions to its workers (they take them as they come free); when
        more must be found, replay a slice of the game from a timer, in a task of its own (the
        page stays responsive, and shows the progress); once the review is over, or when none is
        on, stop the workers."""
        if work is None:
            self.reviewer.stop()
            return
        if work.requests:
            self.reviewer.ask(work.requests)
        if work.replay and not self.replay_set:     # one slice at a time, whatever else the page was told meanwhile
            self.replay_set = True
            js.setTimeout(create_once_callable(self.replay), 0)
        if work.over and self.reviewer.running:
            self.reviewer.stop()            # the replay's end: done, shown once more
            js.setTimeout(create_once_callable(self.draw_review), 0)
        elif work.over and self.reviewer.pool is not None:
            self.reviewer.stop()            # failed with nothing running: Try again starts new helpers

    def replay(self) -> None:
        """A slice of the game's replay, in a task of its own (the page stays responsive)."""
        self.replay_set = False
        self.app.tell(page.ReviewReplay())

    def draw_review(self) -> None:
        """The review took an answer or replayed a slice: its panel alone is drawn again (the
        board shows the decision the player chose, which has not changed); its next decisions come
        with the outcome's other effects (:meth:`feed_review`)."""
        reviewing = review_side(self.app.table)
        parts = self.app.parts
        if reviewing is not None and parts is not None:
            parts.side.update(reviewing)
        self.app.root.setAttribute("data-review-helper", self.reviewer.where)
