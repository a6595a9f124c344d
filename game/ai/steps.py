"""A long computation cut into steps: a generator that yields (nothing) between its pieces and
returns its result.  :func:`run` does it in one go (the workers, CPython); :class:`Slices` runs it a
slice at a time, for a caller that must give the thread back between slices (the page's main
thread choosing an AI move or weighing a review when no worker is left, ``game.ui.page_queue``
and ``game.web.review``: an ``await`` between two slices, which any browser allows, not a
suspended call).  The pieces are the same either way, so
the result is too.

>>> def count(n):
...     total = 0
...     for i in range(n):
...         yield
...         total += i
...     return total
>>> run(count(4))
6
>>> clock = iter(range(100)).__next__          # a step "takes" one tick
>>> work = Slices(count(6), clock=clock)
>>> [work.slice(3.0) for _ in range(4)], work.result
([False, False, True, True], 15)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Generic, TypeVar

T = TypeVar("T")
Steps = Generator[None, None, T]

# How fast a long step is forgotten when the next slice decides where to stop (per step run).
FORGET = 0.98
# The page's main thread runs steps for about this long, then lets the browser handle input and
# paint (an AI move or a review's decision when no worker is left; a step is at most one plan of
# hard's planner: a few ms, rarely 20).
SLICE_S = 0.03


def run(steps: Steps[T]) -> T:
    """Every step of ``steps``: its result."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            result: T = end.value
            return result


class Slices(Generic[T]):
    """``steps`` run a slice at a time (:meth:`slice`), with ``clock`` (seconds)."""

    def __init__(self, steps: Steps[T], clock: Callable[[], float] = time.perf_counter) -> None:
        self.steps = steps
        self.clock = clock
        self.done = False
        self.result: T | None = None
        # the longest step lately (it decays by FORGET a step): a slice stops before a step like
        # it would take it past its budget
        self.expect = 0.0

    def slice(self, budget: float) -> bool:
        """Run steps for about ``budget`` seconds: at least one, then each while the time spent
        plus the longest step lately stays within ``budget``.  Whether all are done (the result
        in ``result``)."""
        start = now = self.clock()
        while not self.done and (now == start or now - start + self.expect <= budget):
            try:
                next(self.steps)
            except StopIteration as stop:
                self.done, self.result = True, stop.value
            end = self.clock()
            self.expect = max(end - now, self.expect * FORGET)
            now = end
        return self.done
