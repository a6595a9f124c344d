"""The page's workers and the units of work they owe (an AI move's shards, a review's decisions):
how many workers a device gets, the queue, one unit at a time to each free worker, a worker's
patience (longer while Python starts in it), and a worker that fails or stalls given up on with the
unit it owed handed back; once none is left, the page itself may take the units, one at a time.

>>> pool = WorkerPool(2, page=True)
>>> pool.put(["r7"], now=0.0)
>>> pool.posts(now=0.0), pool.free()
([(0, 'r7')], 1)
>>> pool.stalled(now=START_PATIENCE_S + 1, start_patience=START_PATIENCE_S, answer_patience=5.0)
[0]
>>> pool.lost(0, now=31.0), pool.lost(1, now=31.0), pool.where(), pool.free()
('r7', None, 'page', -1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

MAX_WORKERS = 4         # workers at most, however many cores the device has (AI seats, a review)
# A worker still starting Python (a few seconds; longer on a slow device) that has said nothing
# for this long has failed (AI seats and a review alike).
START_PATIENCE_S = 30.0
PAGE = -1               # the page's own number, as a helper (in a pool that falls back to it)

Unit = TypeVar("Unit")


def worker_count(cores: object, asked: int | None = None) -> int:
    """How many workers a device gets: one core fewer than it has (``navigator.hardwareConcurrency``,
    which may be missing or odd), so the page keeps a core to draw in while they compute
    (``docs/ai.md``, "One core left to the page"), or the count ``asked`` for (``?ai-workers=N``,
    tests and benchmarks); at most ``MAX_WORKERS``, at least one.

    >>> worker_count(8), worker_count(3), worker_count(2), worker_count(None), worker_count(0)
    (4, 2, 1, 1, 1)
    >>> worker_count(2, asked=2), worker_count(2, asked=9), worker_count(8, asked=0)
    (2, 4, 1)
    """
    count = cores - 1 if isinstance(cores, int) and not isinstance(cores, bool) else 0
    return max(1, min(MAX_WORKERS, count if asked is None else asked))


class WorkerPool(Generic[Unit]):
    """``workers`` workers (numbered from 0) and the units waiting for one.  A worker is given one
    unit at a time, the next when it answers, so an idle worker takes the units a busy one has not
    begun; while any worker has Python up only those get work, before that every live one does (it
    will start on it once up).  With ``page``, once no worker is left the page (``PAGE``) takes the
    units, one at a time, and is never given up on; without, the units left are the caller's
    (``alive`` empty).  What to post waits in :meth:`posts`.  Times are the caller's clock."""

    def __init__(self, workers: int, page: bool = False) -> None:
        self.alive = list(range(workers))
        self.page = page
        self.ready: set[int] = set()
        self.owed: dict[int, Unit | None] = {n: None for n in range(workers)}    # a helper (PAGE too) -> its unit
        self.since: dict[int, float] = {}           # worker -> when it last answered, started or was given work
        self.queue: list[Unit] = []                 # units no helper was given yet
        self.outbox: list[tuple[int, Unit]] = []    # (helper, unit) to post

    def where(self) -> str:
        """Where the units are worked: ``worker``, ``starting`` (no worker ready yet) or ``page``."""
        if not self.alive:
            return "page"
        return "worker" if self.ready & set(self.alive) else "starting"

    def helpers(self) -> list[int]:
        """Who may be given work: the workers with Python up while any has, else the live ones,
        else the page (where it takes the units)."""
        if self.alive:
            return [n for n in self.alive if n in self.ready] or self.alive
        return [PAGE] if self.page else []

    def free(self) -> int | None:
        """A helper that may be given work and owes none (None: none is)."""
        return next((n for n in self.helpers() if self.owed.get(n) is None), None)

    def posts(self, now: float) -> list[tuple[int, Unit]]:
        """The units given since last asked (helper, unit), each once, posted ``now``: a worker's
        patience for its unit runs from then."""
        out, self.outbox = self.outbox, []
        for n, _unit in out:
            self.since[n] = now
        return out

    def put(self, units: Iterable[Unit], now: float, first: bool = False) -> None:
        """Queue ``units`` (before those waiting if ``first``, else after) and give what waits to the free."""
        self.queue = [*units, *self.queue] if first else [*self.queue, *units]
        self.dispatch(now)

    def dispatch(self, now: float) -> None:
        """Give the units waiting to the free helpers."""
        for n in self.helpers():
            if self.owed.get(n) is None and self.queue:
                unit = self.owed[n] = self.queue.pop(0)
                self.since[n] = now
                self.outbox.append((n, unit))

    def withdraw(self, which: Callable[[Unit], bool], now: float) -> None:
        """The units ``which`` picks are no longer wanted: those waiting or given but not posted
        yet never are (a helper given one is free again, and takes what waits); one posted is let
        finish."""
        self.queue = [u for u in self.queue if not which(u)]
        for n, unit in [(n, u) for n, u in self.outbox if which(u)]:
            self.outbox.remove((n, unit))
            self.owed[n] = None
        self.dispatch(now)

    def heard(self, worker: int, now: float) -> None:
        """``worker`` has Python up (its ``ready`` message): its patience for what it owes starts now."""
        if worker in self.alive:
            self.ready.add(worker)
            self.since[worker] = now
            self.dispatch(now)

    def done(self, helper: int, now: float, which: Callable[[Unit], bool] | None = None) -> bool:
        """``helper`` answered (for the unit it owes, if ``which`` of that unit says so; else for
        one no longer owed); whether it is still heard (a worker given up on is not).  What waits
        is given out by the caller's next :meth:`dispatch`."""
        owed = self.owed.get(helper)
        if owed is not None and (which is None or which(owed)):
            self.owed[helper] = None
        self.since[helper] = now
        return helper == PAGE or helper in self.alive

    def stalled(self, now: float, start_patience: float, answer_patience: float) -> list[int]:
        """The live workers that owe a unit and have said nothing for longer than their patience
        (``start_patience`` while Python is still starting in them)."""
        return [n for n in self.alive if self.owed[n] is not None
                and now - self.since.get(n, now) > self.patience(n, start_patience, answer_patience)]

    def patience(self, worker: int, start_patience: float, answer_patience: float) -> float:
        return answer_patience if worker in self.ready else start_patience

    def lost(self, worker: int, now: float) -> Unit | None:
        """``worker`` failed or stalled: it is dropped (never heard again); the unit it owed, for
        the caller to give again (None: none)."""
        if worker not in self.alive:
            return None
        self.alive.remove(worker)
        self.ready.discard(worker)
        unit, self.owed[worker] = self.owed[worker], None
        return unit

    def owes(self) -> bool:
        """Whether a live worker owes a unit (the watchdog is needed)."""
        return any(self.owed[n] is not None for n in self.alive)
