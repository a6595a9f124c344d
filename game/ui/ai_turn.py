"""An AI seat's move as messages: the request the page sends its AI helper (the seat's view,
the legal actions in text notation, the level, a seed), the answer (the position of the chosen
action in the request's legal list), and the decision itself, made the same way in the helper
and under CPython (``game.ai.decide``).

Both messages are JSON text, so they cross into a Web Worker as plain strings.  They carry
nothing the seat's view hides: the seed is a one-way hash of the game's RNG state (see
``game.ai.decide.ai_seed``), and the answer names no ticket, only a position in a list the page holds.

>>> request = AiRequest(7, "easy", "5f0e", {"viewer": 1}, ("draw deck", "tickets"))
>>> AiRequest.from_text(request.to_text()) == request
True
>>> AiAnswer.from_text(AiAnswer(7, choice=1).to_text())
AiAnswer(ticket=7, choice=1, error=None, ms=0.0)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, TypeGuard

from game.actions import Action, parse_action
from game.ai.decide import decide_steps
from game.ai.steps import Steps, run
from game.jsontext import JsonTextError, read_json
from game.seats import AI_LEVELS
from game.view import View

# the i18n key naming each level (new-game form, next to an AI seat's name)
LEVEL_KEYS = {level: f"ai.level.{level}" for level in AI_LEVELS}


class AiMessageError(ValueError):
    """A request or an answer that does not follow this protocol; the message says how."""


@dataclass(frozen=True)
class AiRequest:
    """Ask for one move: ``ticket`` names the position asked about (an answer carrying another
    ticket is stale), ``seed`` seeds the agent's RNG, ``legal`` is the legal actions' text."""

    ticket: int
    level: str
    seed: str
    view: View
    legal: tuple[str, ...]

    def to_text(self) -> str:
        return json.dumps({"ticket": self.ticket, "level": self.level, "seed": self.seed, "view": self.view,
                           "legal": list(self.legal)}, separators=(",", ":"))

    @staticmethod
    def from_text(text: str) -> AiRequest:
        data = _object(text, "request")
        _need(_is_int(data.get("ticket")), "request.ticket: expected an integer")
        _need(data.get("level") in AI_LEVELS, f"request.level: expected one of {', '.join(AI_LEVELS)}")
        _need(isinstance(data.get("seed"), str), "request.seed: expected a string")
        _need(isinstance(data.get("view"), dict), "request.view: expected a player's view (an object)")
        legal = data.get("legal")
        _need(isinstance(legal, list) and legal != [] and all(isinstance(a, str) for a in legal),
              "request.legal: expected a non-empty list of actions in text notation")
        return AiRequest(data["ticket"], data["level"], data["seed"], data["view"], tuple(data["legal"]))


@dataclass(frozen=True)
class AiAnswer:
    """The move chosen (its position in the request's ``legal`` list), or why none was; ``ms``
    is the time the decision took."""

    ticket: int
    choice: int | None = None
    error: str | None = None
    ms: float = 0.0

    def to_text(self) -> str:
        return json.dumps({"ticket": self.ticket, "choice": self.choice, "error": self.error,
                           "ms": round(self.ms, 3)}, separators=(",", ":"))

    @staticmethod
    def from_text(text: str) -> AiAnswer:
        data = _object(text, "answer")
        _need(_is_int(data.get("ticket")), "answer.ticket: expected an integer")
        choice, error, ms = data.get("choice"), data.get("error"), data.get("ms", 0.0)
        _need(_is_int(choice) != isinstance(error, str), "answer: expected a choice (a number) or an error")
        _need(isinstance(ms, (int, float)) and not isinstance(ms, bool), "answer.ms: expected a number")
        return AiAnswer(data["ticket"], choice, error[:300] if isinstance(error, str) else None, float(ms))


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _object(text: str, what: str) -> dict[str, Any]:
    try:
        data = read_json(text)
    except JsonTextError as exc:
        raise AiMessageError(f"{what}: {exc}") from None
    if not isinstance(data, dict):
        raise AiMessageError(f"{what}: expected a JSON object")
    return data


def _need(condition: bool, why: str) -> None:
    if not condition:
        raise AiMessageError(why)


def answered_action(answer: AiAnswer, legal: list[Action]) -> Action | None:
    """The action the answer chose from ``legal`` (the list the request was made from: the main
    thread's check), or None when its choice is not a position in that list."""
    choice = answer.choice
    return legal[choice] if _is_int(choice) and 0 <= choice < len(legal) else None


def answer(text: str) -> str:
    """The AI helper's whole job: a request's text in, its answer's text out.  It never raises:
    whatever goes wrong becomes the answer's ``error``, so the page can say so and go on."""
    return run(answer_steps(text))


def answer_steps(text: str) -> Steps[str]:
    """:func:`answer` in steps (:func:`decide_steps`): the page's main thread chooses a move itself
    a slice at a time when no worker is left (``game.web.ai_helper``); ``ms`` is then the time from
    the first step to the last, the page's other work between slices included."""
    ticket = -1
    start = time.perf_counter()
    try:
        request = AiRequest.from_text(text)
        ticket = request.ticket
        legal = [parse_action(a) for a in request.legal]
        action = yield from decide_steps(request.level, request.view, legal, request.seed)
        return AiAnswer(ticket, choice=legal.index(action), ms=(time.perf_counter() - start) * 1000).to_text()
    except Exception as exc:        # noqa: BLE001 - any failure is reported, never raised into the worker
        return AiAnswer(ticket, error=f"{type(exc).__name__}: {exc}",
                        ms=(time.perf_counter() - start) * 1000).to_text()
