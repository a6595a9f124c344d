"""An AI seat's move shared among several workers: the shard requests (the seat's ``AiRequest``
and which of its search's samples to play, nothing else), their answers (each sample's margins per
candidate), the merge that makes of them the move ``ai_turn.answer`` would choose in one piece, and
the page's crew of workers (``Crew``, a ``game.ui.worker_pool.WorkerPool`` of shards: which worker
plays which, a failed worker's shard given to another).

Hard's search (``game.ai.search.Searcher.plan``) lays out a decision as candidates and one seed
per sample; the samples are independent, so shard ``k`` of ``n`` plays the samples whose
position modulo ``n`` is ``k``.  Every shard lays out the same plan from the same request, and
the merge adds the samples' margins in the plan's order (``search.best``), so the move is the
same whatever the number of workers, and the same as in CPython.  A decision with nothing to
weigh is answered whole by every shard; a level that does not search is asked of one worker, whole.

>>> request = AiRequest(3, "hard", "5f0e", {"viewer": 1}, ("draw deck", "tickets"))
>>> ShardRequest.from_text(ShardRequest(1, 2, request).to_text()) == ShardRequest(1, 2, request)
True
>>> merge = ShardMerge(request, 2)
>>> merge.add(ShardAnswer(3, 0, 2, candidates=(1, 0), samples=3, margins=((0, (5.0, 1.0)), (2, (0.0, 2.0)))))
>>> merge.missing()
[1]
>>> merge.add(ShardAnswer(3, 1, 2, candidates=(1, 0), samples=3, margins=((1, (1.0, 2.0)),)))
AiAnswer(ticket=3, choice=1, error=None, ms=0.0)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace

from game.actions import parse_action
from game.ai import make_agent
from game.ai.search import Searcher, best
from game.rng import Rng
from game.ui.ai_turn import AiAnswer, AiRequest, _is_int, _need, _object
from game.ui.worker_pool import WorkerPool

SHARD_TAG = '{"shard"'  # how a shard's request and its answer start (the worker tells them apart by it)


@dataclass(frozen=True)
class ShardRequest:
    """Play the samples ``shard``, ``shard + of``, ``shard + 2 of`` … of ``request``'s search."""

    shard: int
    of: int
    request: AiRequest

    def to_text(self) -> str:
        return (f'{SHARD_TAG}:{self.shard},"of":{self.of},"request":{self.request.to_text()}}}')

    @staticmethod
    def from_text(text: str) -> ShardRequest:
        data = _object(text, "shard request")
        shard, of = data.get("shard"), data.get("of")
        _need(_is_int(of) and of >= 1 and _is_int(shard) and 0 <= shard < of,
              "shard request: expected a shard 0 <= shard < of")
        _need(isinstance(data.get("request"), dict), "shard request.request: expected an AI request")
        return ShardRequest(data["shard"], data["of"], AiRequest.from_text(json.dumps(data["request"])))


@dataclass(frozen=True)
class ShardAnswer:
    """A shard's work: the candidates (positions in the request's legal list, the planner's
    first), the number of samples of the whole search, and the margins of this shard's samples
    (sample position, each candidate's margin); or why there is none.  Without samples the
    first candidate is the move."""

    ticket: int
    shard: int
    of: int
    candidates: tuple[int, ...] = ()
    samples: int = 0
    margins: tuple[tuple[int, tuple[float, ...]], ...] = ()
    error: str | None = None
    ms: float = 0.0

    def to_text(self) -> str:
        return json.dumps({"shard": self.shard, "of": self.of, "ticket": self.ticket,
                           "candidates": list(self.candidates), "samples": self.samples,
                           "margins": [[i, list(m)] for i, m in self.margins], "error": self.error,
                           "ms": round(self.ms, 3)}, separators=(",", ":"))

    @staticmethod
    def from_text(text: str) -> ShardAnswer:
        data = _object(text, "shard answer")
        for key in ("ticket", "shard", "of", "samples"):
            _need(_is_int(data.get(key)), f"shard answer.{key}: expected an integer")
        error, ms = data.get("error"), data.get("ms", 0.0)
        _need(error is None or isinstance(error, str), "shard answer.error: expected a text")
        _need(isinstance(ms, (int, float)) and not isinstance(ms, bool), "shard answer.ms: expected a number")
        candidates, margins = data.get("candidates"), data.get("margins")
        _need(isinstance(candidates, list) and all(_is_int(c) for c in candidates),
              "shard answer.candidates: expected a list of positions")
        _need(isinstance(margins, list) and all(
            isinstance(m, list) and len(m) == 2 and _is_int(m[0]) and isinstance(m[1], list)
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in m[1]) for m in margins),
            "shard answer.margins: expected [sample, [margin per candidate]] pairs")
        return ShardAnswer(data["ticket"], data["shard"], data["of"], tuple(data["candidates"]), data["samples"],
                           tuple((m[0], tuple(float(v) for v in m[1])) for m in data["margins"]),
                           error[:300] if isinstance(error, str) else None, float(ms))


def play_shard(shard: ShardRequest) -> ShardAnswer:
    """A shard's work: the request's plan laid out as the whole decision lays it out, and this
    shard's samples played."""
    request = shard.request
    legal = [parse_action(a) for a in request.legal]
    agent = make_agent(request.level)
    rng = Rng.from_seed(request.seed)
    if not isinstance(agent, Searcher):
        return ShardAnswer(request.ticket, shard.shard, shard.of, (legal.index(agent.choose(request.view, legal, rng)),))
    plan = agent.plan(request.view, legal, rng)
    margins = tuple((i, tuple(agent.sample(request.view, plan.candidates, plan.seeds[i])))
                    for i in range(shard.shard, len(plan.seeds), shard.of))
    return ShardAnswer(request.ticket, shard.shard, shard.of, tuple(legal.index(c) for c in plan.candidates),
                       len(plan.seeds), margins)


def answer(text: str) -> str:
    """A worker's job for a shard: its request's text in, its answer's text out.  It never
    raises: whatever goes wrong becomes the answer's ``error``."""
    start = time.perf_counter()
    ticket = shard = -1
    of = 1
    try:
        request = ShardRequest.from_text(text)
        ticket, shard, of = request.request.ticket, request.shard, request.of
        return replace(play_shard(request), ms=(time.perf_counter() - start) * 1000).to_text()
    except Exception as exc:        # noqa: BLE001 - any failure is reported, never raised into the worker
        return ShardAnswer(ticket, shard, of, error=f"{type(exc).__name__}: {exc}",
                           ms=(time.perf_counter() - start) * 1000).to_text()


class ShardMerge:
    """One AI move asked of ``of`` shards: the shards' requests, their answers as they come in
    (in any order, from any worker), and the move once every sample is in."""

    def __init__(self, request: AiRequest, of: int) -> None:
        self.request, self.of = request, of
        self.answers: dict[int, ShardAnswer] = {}

    def shards(self) -> list[ShardRequest]:
        return [ShardRequest(k, self.of, self.request) for k in range(self.of)]

    def missing(self) -> list[int]:
        """The shards whose answer is not in yet."""
        return [k for k in range(self.of) if k not in self.answers]

    def add(self, reply: ShardAnswer) -> AiAnswer | None:
        """Take a shard's answer (one for another move, or a shard already in, changes nothing);
        the move once it is decided: a shard that needs no sample decides it alone, an error
        ends it (the same request would fail in one piece), a malformed answer too."""
        ticket = self.request.ticket
        if reply.ticket != ticket or reply.of != self.of or reply.shard in self.answers \
                or not 0 <= reply.shard < self.of:
            return None
        ms = max([reply.ms, *(a.ms for a in self.answers.values())])     # the longest shard's time
        if reply.error is not None:
            return AiAnswer(ticket, error=reply.error, ms=ms)
        problem = self._problem(reply)
        if problem is not None:
            return AiAnswer(ticket, error=f"shard {reply.shard} of {self.of}: {problem}", ms=ms)
        if reply.samples == 0:
            return AiAnswer(ticket, choice=reply.candidates[0], ms=ms)
        self.answers[reply.shard] = reply
        if self.missing():
            return None
        margins = dict(m for a in self.answers.values() for m in a.margins)
        return AiAnswer(ticket, choice=reply.candidates[best([margins[i] for i in range(reply.samples)])], ms=ms)

    def _problem(self, reply: ShardAnswer) -> str | None:
        if not reply.candidates or not all(0 <= c < len(self.request.legal) for c in reply.candidates):
            return "candidates outside the legal actions"
        if reply.samples == 0:
            return None
        other = next(iter(self.answers.values()), None)
        if other is not None and (other.candidates, other.samples) != (reply.candidates, reply.samples):
            return "a plan unlike the other shards'"
        if [i for i, _ in reply.margins] != list(range(reply.shard, reply.samples, self.of)):
            return "samples other than its own"
        if any(len(m) != len(reply.candidates) for _, m in reply.margins):
            return "a margin missing"
        return None


def searches(level: str) -> bool:
    """Whether ``level``'s moves may search (and are worth sharing among workers)."""
    return isinstance(make_agent(level), Searcher)


class Crew(WorkerPool[ShardRequest]):
    """The AI seats' workers (``WorkerPool``) and the moves they owe: each move asked is cut into
    one shard per live worker (a level that does not search, or a single worker: one shard, the
    move whole, sent as an ``AiRequest`` and answered by an ``AiAnswer``), and the shards wait in
    the queue; a move no longer wanted is dropped from the queue unsent.  A worker that fails or
    stalls is dropped and the shard it owed goes back to the head of the queue; with none left, the
    moves not decided are the page's to compute (:meth:`abandon`).  The messages to post wait in
    :meth:`messages`.  Times are the page's clock, in ms."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.merges: dict[int, ShardMerge] = {}     # ticket -> its move, not decided yet
        self.ahead: set[int] = set()                # tickets of the moves asked ahead, not due yet

    def messages(self, now: float) -> list[tuple[int, str]]:
        """The messages to post ``now`` (worker, text), each once."""
        return [(n, shard.to_text() if shard.of > 1 else shard.request.to_text()) for n, shard in self.posts(now)]

    def ask(self, request: AiRequest, now: float, ahead: bool = False) -> None:
        """Ask for ``request``'s move (its shards after those waiting if it is asked ``ahead`` of
        its time, else before them)."""
        if not self.alive:
            return
        of = len(self.alive) if searches(request.level) else 1
        merge = self.merges[request.ticket] = ShardMerge(request, of)
        if ahead:
            self.ahead.add(request.ticket)
        self.put(merge.shards(), now, first=not ahead)

    def answered(self, worker: int, reply: ShardAnswer | AiAnswer, now: float) -> AiAnswer | None:
        """A shard's answer from ``worker`` (or a whole move's); the move, once decided (else None:
        more to come, or no longer wanted)."""
        shard = reply.shard if isinstance(reply, ShardAnswer) else 0
        self.done(worker, now, lambda owed: (owed.request.ticket, owed.shard) == (reply.ticket, shard))
        merge = self.merges.get(reply.ticket)
        decided = None
        if merge is not None and isinstance(reply, AiAnswer) == (merge.of == 1):
            decided = reply if isinstance(reply, AiAnswer) else merge.add(reply)
        if decided is not None:
            self.drop(reply.ticket, now)        # (which gives out what waits)
        else:
            self.dispatch(now)
        return decided

    def hurry(self, ticket: int) -> None:
        """Move ``ticket``, asked ahead, is due now: its shards not given yet go to the head of the queue."""
        self.ahead.discard(ticket)
        mine = [s for s in self.queue if s.request.ticket == ticket]
        self.queue = mine + [s for s in self.queue if s.request.ticket != ticket]

    def drop(self, ticket: int, now: float) -> None:
        """Move ``ticket`` is decided or no longer wanted: its shards not sent yet never are (a
        worker given one it was not sent is free again; one a worker is playing is let finish,
        and its answer ignored)."""
        self.merges.pop(ticket, None)
        self.ahead.discard(ticket)
        self.withdraw(lambda shard: shard.request.ticket == ticket, now)

    def lost(self, worker: int, now: float) -> ShardRequest | None:
        """``worker`` failed or stalled: it is dropped, and the shard it owed goes to the head of the
        queue, for the live workers (with none left, see :meth:`abandon`)."""
        shard = super().lost(worker, now)
        if shard is not None and shard.request.ticket in self.merges:
            self.queue.insert(0, shard)
        self.dispatch(now)
        return shard

    def abandon(self) -> list[tuple[AiRequest, bool]]:
        """Give up every worker (the page computes the moves from now on): the moves not decided,
        each with whether it was asked ahead and is not due yet, forgotten here."""
        requests = [(m.request, ticket in self.ahead) for ticket, m in self.merges.items()]
        self.alive, self.queue, self.outbox = [], [], []
        self.merges.clear()
        self.ahead.clear()
        return requests
