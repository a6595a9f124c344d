"""AI players: every agent sees only its own player's view (``docs/ai.md``).

``make_agent(agent_id)`` builds an agent from its id: the levels ``easy``, ``medium`` and
``hard`` offered to players, and the research baselines ``route-focus``,
``destination-hungry``, ``long-route`` and ``one-step``.

>>> sorted(AGENT_IDS)[:3]
['destination-hungry', 'easy', 'hard']
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.agent import Agent
from game.ai.baselines import DestinationHungry, LongRoute, OneStep, RouteFocus
from game.ai.search import Searcher
from game.ai.strategist import Strategist, Style

# hard's search budget, a count (never a time, so CPython and the browser play alike): play-outs per
# searched decision, each of at most HARD_HORIZON actions (docs/ai.md, "Hard's search")
HARD_PLAYOUTS = 8
HARD_HORIZON = 40
HARD_STYLE = Style(train_cost=1.5, point_weight=2.5, route_value=0.5, keep_fewest=True, focus=True, risk_first=True,
                   near_targets=True, loco_missing=None, tunnel_risk=0.05, trail_weight=1.0,
                   trail_targets=True, trail_search=True, prize_length=6)

_FACTORIES: dict[str, Callable[[], Agent]] = {
    "easy": lambda: Strategist(Style(noise=0.25, ticket_draw_trains=None, keep_fewest=True, endgame=False,
                                     stations=False, tunnel_risk=0.5)),
    "medium": lambda: Strategist(Style()),
    "hard": lambda: Searcher(HARD_PLAYOUTS, HARD_HORIZON, style=HARD_STYLE),
    "route-focus": RouteFocus,
    "destination-hungry": DestinationHungry,
    "long-route": LongRoute,
    "one-step": OneStep,
}
AGENT_IDS = tuple(_FACTORIES)


def make_agent(agent_id: str) -> Agent:
    """A fresh agent for ``agent_id``; an unknown id raises ``KeyError`` naming the known ones."""
    try:
        return _FACTORIES[agent_id]()
    except KeyError:
        raise KeyError(f"unknown agent {agent_id!r} (known: {', '.join(AGENT_IDS)})") from None
