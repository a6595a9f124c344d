"""Who weighs a review's decisions (``game.ui.review_pool``): a worker that stays silent past its
patience (longer while it starts) is overdue; a lost worker's decision comes back to be weighed by
another; with no worker left the page weighs one decision at a time; a lost worker is not heard."""

from __future__ import annotations

from game.ui.review_pool import ANSWER_PATIENCE_S, PAGE, START_PATIENCE_S, ReviewPool


def test_a_silent_worker_is_overdue_after_its_patience_and_its_decision_comes_back():
    pool = ReviewPool(2)
    pool.give(pool.free(), 1, "r1", now=0.0)
    pool.give(pool.free(), 2, "r2", now=0.0)
    assert pool.free() is None and pool.where == "workers" and pool.waiting()
    pool.started(0, now=5.0)                                # ready: its answer's patience starts now
    pool.started(1, now=5.0)
    assert pool.overdue(now=5.0 + ANSWER_PATIENCE_S) == []
    assert pool.answered(0) and pool.free() == 0
    pool.give(0, 3, "r3", now=10.0)
    assert pool.overdue(now=5.0 + ANSWER_PATIENCE_S + 1) == [1]     # worker 1 silent since 5 s
    owed = pool.lose(1)
    assert owed is not None and (owed.ticket, owed.text) == (2, "r2")
    assert not pool.answered(1) and pool.lose(1) is None            # given up on: not heard again
    assert pool.free() is None                                      # worker 0 still weighs r3
    assert pool.answered(0) and pool.free() == 0


def test_a_worker_that_never_starts_is_overdue_after_the_start_patience_then_the_page_weighs():
    pool = ReviewPool(1)
    pool.give(0, 1, "r1", now=0.0)
    assert pool.patience(0) == START_PATIENCE_S and pool.overdue(now=START_PATIENCE_S - 1) == []
    assert pool.overdue(now=START_PATIENCE_S + 1) == [0]
    assert pool.lose(0).ticket == 1 and pool.where == "page" and not pool.waiting()
    assert pool.free() == PAGE
    pool.give(PAGE, 1, "r1", now=31.0)
    assert pool.free() is None and pool.overdue(now=1e9) == []      # the page is never given up on
    assert pool.answered(PAGE) and pool.free() == PAGE


def test_with_no_worker_started_the_page_weighs_from_the_first_decision():
    pool = ReviewPool(0)
    assert pool.where == "page" and pool.free() == PAGE
