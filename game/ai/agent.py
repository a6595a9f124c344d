"""The agent interface: an agent sees one player's view and the legal actions, and picks one.

An agent is any object with ``choose(view, legal, rng) -> Action``: ``view`` is
``game.view.player_view(state, seat)`` for the seat to act, ``legal`` is
``game.rules.legal_actions(state)`` (never empty while the game runs) and ``rng`` is the
agent's own seeded :class:`game.rng.Rng`.  The agent never sees the state, so it cannot read
opponents' hands or tickets or the deck order; :func:`decide` is the one place that builds
the view and checks the answer.

>>> from game.state import new_game
>>> from game.rng import Rng
>>> s = new_game("usa", players=2, seed=3)
>>> a = decide(FirstLegal(), s, Rng.from_seed(1))
>>> str(a).startswith("keep ")
True
"""

from __future__ import annotations

from typing import Protocol

from game.actions import Action
from game.rng import Rng
from game.rules import legal_actions
from game.state import State
from game.view import View, player_view


class Agent(Protocol):
    """What every AI player implements."""

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action: ...


class AgentError(RuntimeError):
    """An agent answered with something that is not one of the legal actions."""


class FirstLegal:
    """The simplest possible agent (documentation and tests): the first legal action."""

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        return legal[0]


def decide(agent: Agent, state: State, rng: Rng) -> Action:
    """Ask ``agent`` for the current player's action from that player's view only."""
    legal = legal_actions(state)
    action = agent.choose(player_view(state, state["current"]), legal, rng)
    if action not in legal:
        raise AgentError(f"{type(agent).__name__} chose {action}, which is not a legal action")
    return action
