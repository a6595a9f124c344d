"""The four agents of de Mesentier Silva, Lee, Togelius and Nealen, "AI-based Playtesting of
Contemporary Board Games" (FDG 2017): Route Focus, Destination Hungry, Long Route and One
Step Thinking.  ``docs/ai.md`` says how the paper defines each and every interpretation made
here (the paper plays the USA map; Europe's tunnels, ferries and stations are handled as
documented there).

>>> from game.state import new_game
>>> from game.rng import Rng
>>> from game.ai.agent import decide
>>> s = new_game("usa", players=4, seed=9)
>>> [str(decide(a, s, Rng.from_seed(0)))[:4] for a in (RouteFocus(), DestinationHungry(), LongRoute(), OneStep())]
['keep', 'keep', 'keep', 'keep']
"""

from __future__ import annotations

from typing import Any

from game.actions import Action, DrawTickets, KeepTickets
from game.ai.planning import (
    Knowledge,
    best_payment,
    claims_by_route,
    make_plan,
    shortest_path,
)
from game.ai.strategist import (
    Strategist,
    Style,
    best_scoring_claim,
    choose_draw,
    plan_claim,
    plan_station,
    tunnel_choice,
)
from game.rng import Rng

LONG_ROUTE = 5                  # Long Route: the routes it goes after (5 and 6 on USA, 6 and 8 too on Europe)
HUNGRY_SHARE = 0.6              # Destination Hungry: keeps drawing while its plan needs less than this share of its trains


class _Baseline(Strategist):
    """Shared skeleton: no randomness, no end-game special play beyond what each agent says."""

    def choose(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.decide(Knowledge(view), legal, rng)


class RouteFocus(_Baseline):
    """Works through its tickets one at a time, the one closest to completion first; claims the
    routes of that ticket's path, draws the cards they need; new tickets only once all are done."""

    def __init__(self) -> None:
        super().__init__(Style(train_cost=1.0, ticket_draw_trains=1, keep_fewest=True, endgame=False))

    def turn(self, k, legal, plan):
        focus = sorted(plan.paths, key=lambda t: (_missing_trains(k, plan.paths[t]), t))
        claims = claims_by_route(legal)
        for t in focus:
            todo = [r for r in plan.paths[t] if r in plan.routes]
            for r in sorted(todo, key=lambda r: -k.map.route(r).length):
                if r in claims:
                    return best_payment(k, claims[r], plan.routes)
            station = plan_station(k, legal, plan)
            if station:
                return station
            return choose_draw(k, legal, todo) or best_scoring_claim(k, legal)
        if DrawTickets() in legal:
            return DrawTickets()
        return best_scoring_claim(k, legal) or choose_draw(k, legal, self.spare_targets(k))


class DestinationHungry(_Baseline):
    """Collects tickets: keeps every ticket its network can still reach and draws more while its
    plan uses little of its trains; otherwise builds the plan like Route Focus, all tickets at once."""

    def __init__(self) -> None:
        super().__init__(Style(train_cost=0.2, ticket_draw_trains=1, endgame=False))

    def turn(self, k, legal, plan):
        if DrawTickets() in legal and plan.trains <= HUNGRY_SHARE * k.trains:
            return DrawTickets()
        return plan_claim(k, legal, plan) or plan_station(k, legal, plan) or choose_draw(
            k, legal, plan.routes or self.spare_targets(k)) or best_scoring_claim(k, legal)


class LongRoute(_Baseline):
    """Goes for the long routes (most points per train): keeps the tickets whose paths use the
    longest routes, claims any long route it can pay for, draws cards for long routes."""

    def __init__(self) -> None:
        super().__init__(Style(ticket_draw_trains=None, keep_fewest=True, endgame=False))

    def decide(self, k, legal, rng):
        if k.view["phase"] in ("setup-tickets", "tickets"):
            options = [a for a in legal if isinstance(a, KeepTickets)]
            fewest = min(len(a.tickets) for a in options)
            return max((a for a in options if len(a.tickets) == fewest),
                       key=lambda a: (_long_length(k, a.tickets), str(a)))
        return super().decide(k, legal, rng)

    def long_targets(self, k) -> tuple[str, ...]:
        longest = [r for r in k.map.routes if k.free(r.id) and r.length >= LONG_ROUTE and r.length <= k.trains]
        longest.sort(key=lambda r: (-r.length, r.ferry, r.index))
        return tuple(r.id for r in longest[:3])

    def turn(self, k, legal, plan):
        claims = claims_by_route(legal)
        longs = [r for r in claims if k.map.route(r).length >= LONG_ROUTE]
        if longs:
            r = max(longs, key=lambda r: (k.map.route(r).length, r))
            return best_payment(k, claims[r], plan.routes)
        claim = plan_claim(k, legal, plan)
        if claim:
            return claim
        targets = self.long_targets(k) + plan.routes
        return choose_draw(k, legal, targets or self.spare_targets(k)) or best_scoring_claim(k, legal)


class OneStep(_Baseline):
    """Thinks one step ahead: each turn, for each unfinished ticket on its own, the cheapest path
    now; claims a route of one of those paths if it can, else draws the card that brings the
    next such route closest; draws tickets once none are left to do."""

    def __init__(self) -> None:
        super().__init__(Style(ticket_draw_trains=1, keep_fewest=True, endgame=False))

    def decide(self, k, legal, rng):
        phase = k.view["phase"]
        if phase in ("setup-tickets", "tickets"):
            options = [a for a in legal if isinstance(a, KeepTickets)]
            fewest = min(len(a.tickets) for a in options)
            return max((a for a in options if len(a.tickets) == fewest),
                       key=lambda a: (sum(_ratio(k, t) for t in a.tickets), str(a)))
        wanted = self.wanted(k)
        if phase == "tunnel":
            return tunnel_choice(k, legal, make_plan(k, []))
        if phase == "second-draw":
            return choose_draw(k, legal, wanted[:1]) or legal[0]
        claims = claims_by_route(legal)
        for r in wanted:
            if r in claims:
                return best_payment(k, claims[r], wanted)
        if not wanted:
            if DrawTickets() in legal:
                return DrawTickets()
            return best_scoring_claim(k, legal) or choose_draw(k, legal, ()) or legal[0]
        return choose_draw(k, legal, wanted[:1]) or best_scoring_claim(k, legal) or legal[0]

    def wanted(self, k) -> tuple[str, ...]:
        """Free routes on each unfinished ticket's cheapest path, the cheapest paths first."""
        paths = []
        for t in k.incomplete():
            ticket = k.map.ticket(t)
            found = shortest_path(k, ticket.a, ticket.b)
            if found:
                paths.append((found[0], t, [r for r in found[1] if k.free(r)]))
        return tuple(dict.fromkeys(r for _, _, rs in sorted(paths) for r in rs))


def _missing_trains(k: Knowledge, path) -> int:
    return sum(k.map.route(r).length for r in path if k.free(r))


def _long_length(k: Knowledge, tickets) -> int:
    plan = make_plan(k, list(k.me["tickets"]) + list(tickets))
    return sum(k.map.route(r).length for r in plan.routes if k.map.route(r).length >= LONG_ROUTE - 1) - 5 * len(plan.failed)


def _ratio(k: Knowledge, ticket_id: str) -> float:
    t = k.map.ticket(ticket_id)
    found = shortest_path(k, t.a, t.b)
    return t.points / (1 + found[0]) if found else -1.0

