"""An AI's decision for one seat, made the same way in the AI helper and under CPython: the
agent of a level choosing from the seat's view (:func:`decide`, in steps :func:`decide_steps`),
a safe move when an answer cannot be used (:func:`safe_action`), and the seed of each move's
RNG (:func:`ai_seed`), one-way so that it tells nothing of the deal.

>>> len(ai_seed({"rng": [1, 2]}, 3)), ai_seed({"rng": [1, 2]}, 3) == ai_seed({"rng": [1, 2]}, 4)
(64, False)
"""

from __future__ import annotations

import hashlib
from typing import Any

from game.actions import Action
from game.ai import make_agent
from game.ai.search import Searcher
from game.ai.steps import Steps, run
from game.match import Match
from game.rng import Rng
from game.seats import DEFAULT_AI_LEVEL
from game.view import View, player_view


def ai_seed(state: Any, played: int) -> str:
    """The seed of the AI's RNG for the move after ``played`` actions: from the game, so a replay
    chooses the same, but one-way (SHA-256 of the game's RNG state and the move number), so that
    the seed, which goes to the AI helper, tells nothing about the RNG state, the deal or the deck."""
    text = f"ttr-ai-seed:{state['rng']}:{played}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def decide(level: str, view: View, legal: list[Action], seed: str) -> Action:
    """The move of an AI seat at ``level`` from its view: the agent's own choice among ``legal``."""
    return run(decide_steps(level, view, legal, seed))


def decide_steps(level: str, view: View, legal: list[Action], seed: str) -> Steps[Action]:
    """:func:`decide` in steps (``game.ai.steps``): hard's search a piece at a time
    (``Searcher.choose_steps``), any other level's choice in one."""
    agent, rng = make_agent(level), Rng.from_seed(seed)
    if isinstance(agent, Searcher):
        return (yield from agent.choose_steps(view, legal, rng))
    yield
    return agent.choose(view, legal, rng)


def safe_action(view: View, legal: list[Action], seed: str) -> Action:
    """A sensible legal move when an AI's own answer cannot be used: the medium planner's, or
    the first legal action should even that fail."""
    try:
        action = decide("medium", view, legal, seed)
    except Exception:       # noqa: BLE001 - the last resort must not fail
        return legal[0]
    return action if action in legal else legal[0]




def ai_move(match: Match) -> Action:
    """The choice of the seat to act at its level (a human seat's at the default level, as when
    tests let the AI move for it), computed here with no time cap: a replay chooses the same."""
    level = match.levels[match.current] or DEFAULT_AI_LEVEL
    return decide(level, player_view(match.state, match.current), match.legal(), ai_seed(match.state, match.played()))


def safe_move(match: Match) -> Action:
    """:func:`safe_action` for the seat to act in ``match`` (a seat whose time ran out)."""
    return safe_action(player_view(match.state, match.current), match.legal(), ai_seed(match.state, match.played()))
