"""Who weighs a review's decisions (``game.web.review.ReviewHelper`` is its glue): the workers,
each starting or ready, free or owing one decision since a time; a worker that owes an answer and
has been silent past its patience is overdue, and the page gives up on it; once no worker is left,
the page itself weighs one decision at a time.

>>> pool = ReviewPool(2)
>>> pool.free(), pool.give(0, 7, "r7", now=0.0), pool.free()
(0, None, 1)
>>> pool.overdue(now=START_PATIENCE_S + 1)
[0]
>>> pool.lose(0), pool.lose(1), pool.where, pool.free()
(Owed(ticket=7, text='r7', since=0.0), None, 'page', -1)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.ai_shards import START_PATIENCE_S

PAGE = -1                   # the page's own number, as a helper
# A ready worker that owes an answer and has said nothing for this long is lost (one still starting:
# ``START_PATIENCE_S``): a decision played out takes 0.2-0.3 s in a worker on an idle machine and
# up to 16 s on a loaded one (docs/ai.md, "Reviewing a finished game").
ANSWER_PATIENCE_S = 30.0


@dataclass(frozen=True)
class Owed:
    """A decision given to a helper: its request's ticket and text, and since when it is owed."""

    ticket: int
    text: str
    since: float


class ReviewPool:
    """The review's helpers: ``workers`` of them started (numbered from 0), then the page."""

    def __init__(self, workers: int) -> None:
        self.alive = set(range(workers))
        self.ready: set[int] = set()
        self.owed: dict[int, Owed] = {}         # a helper's number (PAGE too) -> the decision it weighs

    @property
    def where(self) -> str:
        """``workers`` while one is left, else ``page``."""
        return "workers" if self.alive else "page"

    def free(self) -> int | None:
        """A helper free for a decision (a worker's number, or ``PAGE`` once none is left), or None."""
        if self.alive:
            return next((n for n in sorted(self.alive) if n not in self.owed), None)
        return None if PAGE in self.owed else PAGE

    def give(self, helper: int, ticket: int, text: str, now: float) -> None:
        """``helper`` (from :meth:`free`) weighs the request ``text`` from ``now``."""
        self.owed[helper] = Owed(ticket, text, now)

    def started(self, n: int, now: float) -> None:
        """Worker ``n`` said it is ready: its patience for the decision it owes starts now."""
        if n in self.alive:
            self.ready.add(n)
            owed = self.owed.get(n)
            if owed is not None:
                self.owed[n] = Owed(owed.ticket, owed.text, now)

    def answered(self, helper: int) -> bool:
        """``helper`` answered; whether it is one still heard (a worker given up on is not)."""
        if helper != PAGE and helper not in self.alive:
            return False
        self.owed.pop(helper, None)
        return True

    def patience(self, n: int) -> float:
        return ANSWER_PATIENCE_S if n in self.ready else START_PATIENCE_S

    def overdue(self, now: float) -> list[int]:
        """The workers that owe an answer and have been silent past their patience."""
        return [n for n, owed in sorted(self.owed.items()) if n in self.alive and now - owed.since > self.patience(n)]

    def lose(self, n: int) -> Owed | None:
        """Give up on worker ``n``; the decision it owed, to be weighed by another (None: none)."""
        if n not in self.alive:
            return None
        self.alive.discard(n)
        self.ready.discard(n)
        return self.owed.pop(n, None)

    def waiting(self) -> bool:
        """Whether a worker owes an answer (the watchdog is needed)."""
        return any(n in self.alive for n in self.owed)
