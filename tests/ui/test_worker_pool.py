"""The page's workers and the units they owe (``game.ui.worker_pool``), as a review uses them: a
worker that stays silent past its patience (longer while it starts) is stalled; a lost worker's
unit comes back to be given to another; with no worker left the page takes one unit at a time and
is never given up on; a lost worker is not heard.  (The AI seats' crew: ``test_ai_shards``.)"""

from __future__ import annotations

from game.ui.worker_pool import PAGE, START_PATIENCE_S, WorkerPool, worker_count

ANSWER_PATIENCE_S = 30.0


def stalled(pool: WorkerPool, now: float) -> list[int]:
    return pool.stalled(now, START_PATIENCE_S, ANSWER_PATIENCE_S)


def test_workers_per_device():
    assert [worker_count(c) for c in (None, 0, 1, 2, 3, 4, 16, True, "8")] == [1, 1, 1, 1, 2, 3, 4, 1, 1]
    assert [worker_count(2, asked) for asked in (0, 1, 2, 3, 4, 5)] == [1, 1, 2, 3, 4, 4]     # ?ai-workers=N


def test_a_silent_worker_is_stalled_after_its_patience_and_its_unit_comes_back():
    pool: WorkerPool[str] = WorkerPool(2, page=True)
    pool.put(["r1"], now=0.0)
    pool.put(["r2"], now=0.0)
    assert pool.posts(0.0) == [(0, "r1"), (1, "r2")] and pool.posts(0.0) == []
    assert pool.free() is None and pool.where() == "starting" and pool.owes()
    pool.heard(0, now=5.0)                                  # ready: its answer's patience starts now
    pool.heard(1, now=5.0)
    assert pool.where() == "worker" and stalled(pool, now=5.0 + ANSWER_PATIENCE_S) == []
    assert pool.done(0, now=10.0) and pool.free() == 0
    pool.put(["r3"], now=10.0)
    assert stalled(pool, now=5.0 + ANSWER_PATIENCE_S + 1) == [1]     # worker 1 silent since 5 s
    assert pool.lost(1, now=36.0) == "r2"
    assert not pool.done(1, now=37.0) and pool.lost(1, now=37.0) is None     # given up on: not heard again
    assert pool.free() is None                                      # worker 0 still works on r3
    assert pool.done(0, now=38.0) and pool.free() == 0


def test_a_worker_that_never_starts_is_stalled_after_the_start_patience_then_the_page_works():
    pool: WorkerPool[str] = WorkerPool(1, page=True)
    pool.put(["r1"], now=0.0)
    assert pool.posts(0.0) == [(0, "r1")]
    assert pool.patience(0, START_PATIENCE_S, ANSWER_PATIENCE_S) == START_PATIENCE_S
    assert stalled(pool, now=START_PATIENCE_S - 1) == []
    assert stalled(pool, now=START_PATIENCE_S + 1) == [0]
    assert pool.lost(0, now=31.0) == "r1" and pool.where() == "page" and not pool.owes()
    assert pool.free() == PAGE
    pool.put(["r1", "r2"], now=31.0)
    assert pool.posts(0.0) == [(PAGE, "r1")]                           # one at a time
    assert pool.free() is None and stalled(pool, now=1e9) == []     # the page is never given up on
    assert pool.done(PAGE, now=40.0) and pool.free() == PAGE
    pool.dispatch(now=40.0)
    assert pool.posts(0.0) == [(PAGE, "r2")]


def test_with_no_worker_started_the_page_works_from_the_first_unit():
    pool: WorkerPool[str] = WorkerPool(0, page=True)
    assert pool.where() == "page" and pool.free() == PAGE
    assert WorkerPool(0).free() is None                             # without the page: the caller's


def test_only_workers_with_python_up_get_work_while_any_has():
    pool: WorkerPool[str] = WorkerPool(2)
    pool.heard(1, now=0.0)
    pool.put(["a", "b"], now=0.0)
    assert pool.posts(0.0) == [(1, "a")] and pool.queue == ["b"]
    pool.put(["c"], now=1.0, first=True)
    assert pool.queue == ["c", "b"]
