"""A finished game's review as messages between the page and a worker: the request (one decision
of the reviewed seat: its view then, the legal actions' text, the chosen one's position, the
worlds to sample), the answer (the best found's position and the mean margins, or why none),
and the worker's job, :func:`answer` (``game.ai.review.evaluate``), which the page's main thread
does in steps (:func:`answer_steps`) when no worker is left.

Both are JSON text, so they cross into a Web Worker as plain strings; a request carries only
what the seat could see at that decision.

>>> request = ReviewRequest(3, {"viewer": 0}, ("draw deck", "tickets"), 1, 2)
>>> ReviewRequest.from_text(request.to_text()) == request
True
>>> ReviewAnswer.from_text(ReviewAnswer(3, best=0, chosen_points=-4.5, best_points=2.0, samples=2).to_text()).loss
6.5
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from game.actions import parse_action
from game.ai.review import REVIEW_SAMPLES, evaluate_steps
from game.ai.steps import Steps, run
from game.jsontext import JsonTextError, read_json
from game.view import View


class ReviewMessageError(ValueError):
    """A review request or answer that does not follow this protocol."""


def _object(text: str, what: str) -> dict[str, Any]:
    try:
        data = read_json(text)
    except JsonTextError as exc:
        raise ReviewMessageError(f"{what}: {exc}") from None
    if not isinstance(data, dict):
        raise ReviewMessageError(f"{what}: expected a JSON object")
    return data


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass(frozen=True)
class ReviewRequest:
    """Weigh one decision: ``ticket`` (the decision's number in the review), the seat's view, the
    legal actions' text, the chosen one's position among them and the worlds to sample.  Its
    text starts with ``{"review":`` (the worker tells it from an AI seat's request by that)."""

    ticket: int
    view: View
    legal: tuple[str, ...]
    chosen: int
    samples: int = REVIEW_SAMPLES

    def to_text(self) -> str:
        return json.dumps({"review": self.ticket, "view": self.view, "legal": list(self.legal),
                           "chosen": self.chosen, "samples": self.samples}, separators=(",", ":"))

    @staticmethod
    def from_text(text: str) -> ReviewRequest:
        data = _object(text, "review request")
        legal = data.get("legal")
        if not (_int(data.get("review")) and isinstance(data.get("view"), dict) and isinstance(legal, list)
                and legal and all(isinstance(a, str) for a in legal) and _int(data.get("chosen"))
                and 0 <= data["chosen"] < len(legal) and _int(data.get("samples")) and 1 <= data["samples"] <= 64):
            raise ReviewMessageError("review request: expected review, view, legal, chosen and samples")
        return ReviewRequest(data["review"], data["view"], tuple(legal), data["chosen"], data["samples"])


@dataclass(frozen=True)
class ReviewAnswer:
    """A decision weighed: the best found's position in the request's legal list and the mean
    margins, or why it could not be; ``ms`` is the time it took."""

    ticket: int
    best: int | None = None
    chosen_points: float = 0.0
    best_points: float = 0.0
    samples: int = 0
    error: str | None = None
    ms: float = 0.0

    @property
    def loss(self) -> float:
        return max(0.0, self.best_points - self.chosen_points)

    def to_text(self) -> str:
        return json.dumps({"review": self.ticket, "best": self.best, "chosen_points": self.chosen_points,
                           "best_points": self.best_points, "samples": self.samples, "error": self.error,
                           "ms": round(self.ms, 3)}, separators=(",", ":"))

    @staticmethod
    def from_text(text: str) -> ReviewAnswer:
        data = _object(text, "review answer")
        best, error = data.get("best"), data.get("error")
        if not (_int(data.get("review")) and (_int(best) != isinstance(error, str))
                and all(_number(data.get(k)) for k in ("chosen_points", "best_points", "ms"))
                and _int(data.get("samples"))):
            raise ReviewMessageError("review answer: expected review, best or error, the points, samples and ms")
        return ReviewAnswer(data["review"], best, float(data["chosen_points"]), float(data["best_points"]),
                            data["samples"], error[:300] if isinstance(error, str) else None, float(data["ms"]))


def answer(text: str) -> str:
    """The worker's job for a review request: its text in, the answer's text out; it never raises."""
    return run(answer_steps(text))


def answer_steps(text: str) -> Steps[str]:
    """:func:`answer` in steps (``game.ai.review.evaluate_steps``): the page's main thread weighs a
    decision itself a slice at a time (``game.web.review``)."""
    ticket, start = -1, time.perf_counter()
    try:
        request = ReviewRequest.from_text(text)
        ticket = request.ticket
        legal = [parse_action(a) for a in request.legal]
        verdict = yield from evaluate_steps(request.view, legal, legal[request.chosen], request.samples)
        return ReviewAnswer(ticket, legal.index(verdict.best), verdict.chosen_points, verdict.best_points,
                            verdict.samples, ms=(time.perf_counter() - start) * 1000).to_text()
    except Exception as exc:        # noqa: BLE001 - any failure is reported, never raised into the worker
        return ReviewAnswer(ticket, error=f"{type(exc).__name__}: {exc}", ms=(time.perf_counter() - start) * 1000).to_text()
