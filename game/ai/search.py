"""The hard level: the planner, plus determinized Monte Carlo search on the decisions that
shape a game most — which tickets to keep, whether to draw more, and every turn of the end
game (which route to claim or which card to draw).

For such a decision the agent lists candidates (the planner's own choice first, then the
next best ticket choices, or drawing tickets instead of the planned move, or near the end the
best-scoring claim, the plan's claim and the card the plan wants), samples the hidden
information from its view, weighed by how well the sampled tickets explain each opponent's
claims (:func:`game.ai.determinize.likely_world_steps`), plays each candidate in the same samples
(common random numbers) and plays on for at most ``horizon`` actions — itself with the
planner, each opponent with a policy drawn per sample among the planner, the medium planner,
One Step and Long Route, weighed by how well each explains that opponent's public play
(:func:`policy_weights`) — then values the position (:func:`estimate`).  The candidate with
the best total of (own value − best opponent's) is chosen; the planner's choice wins ties (a
small bonus per sample).  Every other decision is the planner's.

The budget is a count, never a time: ``playouts`` play-outs of at most ``horizon`` actions
each per decision, so a decision is the same in CPython and in the browser and a game replays
exactly.

>>> from game.state import new_game
>>> from game.rng import Rng
>>> from game.ai.agent import decide
>>> s = new_game("usa", players=2, seed=6)
>>> str(decide(Searcher(playouts=4, horizon=20), s, Rng.from_seed(0))).startswith("keep ")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.actions import Action, DrawTickets
from game.ai.agent import Agent
from game.ai.baselines import LongRoute, OneStep
from game.ai.determinize import likely_world_steps
from game.ai.planning import Knowledge, make_plan
from game.ai.steps import Steps, run
from game.ai.strategist import (
    Strategist,
    Style,
    best_scoring_claim,
    by_risk,
    choose_draw,
    focused,
    keep_options,
    keep_value,
    plan_claim,
    tunnel_allowed,
)
from game.mapdata import load_map
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.scoring import longest_trail
from game.state import Phase, State, copy_state
from game.view import View, player_view

MAX_CANDIDATES = 2
TICKETS_MIN_TRAINS = 12        # fewer trains than this (or an opponent's pace below it): never consider drawing more tickets
PLANNER_BONUS = 4.0            # points per sample in favour of the planner's own choice
END_TRAINS = 12                # anyone with this few trains: search the turn (claims and draws)
END_CANDIDATES = 3
WORLD_TRIES = 8                # deals weighed per sample (determinize.likely_world_steps)
LIKELY = 8                     # a policy's weight when its public play fits it ...
UNLIKELY = 1                   # ... and when a public fact contradicts it (never 0: policies are models)


def policy_weights(view: View, seat: int, models: tuple[str, ...]) -> list[int]:
    """How well each of the policies ``models`` (agent ids) explains what ``seat`` did, from
    public facts only (its claimed routes and its number of tickets): Long Route claims no
    route shorter than 3 while longer ones are worth it (each short claim quarters its weight,
    down to ``UNLIKELY``), One Step keeps every ticket it is first dealt (fewer tickets than the
    first deal lets a player keep, once it is settled, contradicts it); nothing public
    contradicts the planners.  Integer weights: the same draws in every Python.

    >>> from game.state import new_game
    >>> v = player_view(new_game("usa", players=2, seed=6), 0)
    >>> policy_weights(v, 1, ("one-step", "long-route", "medium"))
    [8, 8, 8]
    """
    p = view["players"][seat]
    game_map = load_map(view["map"])
    short = sum(1 for r in p["routes"] if game_map.route(r).length < 3)
    # the most tickets the first deal's stages let a player keep (One Step keeps that many)
    dealt = sum(min(s["long"] + s["regular"], s["keep_max"] or 99) for s in game_map.variant(view["variant"]).initial)
    settled = view["phase"] != Phase.SETUP_TICKETS and p["offer_count"] == 0
    few = settled and p["ticket_count"] < dealt
    weights = {"long-route": max(UNLIKELY, LIKELY >> min(3, 2 * short)), "one-step": UNLIKELY if few else LIKELY}
    return [weights.get(model, LIKELY) for model in models]


def weighted(items: tuple[Agent, ...], weights: list[int], rng: Rng) -> Agent:
    """One of ``items`` with chance proportional to its integer weight."""
    pick = rng.below(sum(weights))
    for item, weight in zip(items, weights):
        pick -= weight
        if pick < 0:
            return item
    return items[-1]


def margin_steps(state: State, seat: int) -> Steps[float]:
    """``seat``'s value minus the best opponent's: final scores once the game is over, else
    :func:`estimate`'s; in steps (:func:`estimate_steps`'s)."""
    if state["phase"] == Phase.OVER:
        values = [float(p["score"]) for p in state["players"]]
    else:
        values = yield from estimate_steps(state)
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)


def estimate(state: State) -> list[float]:
    """Every player's expected final score in a running game (:func:`estimate_steps`)."""
    return run(estimate_steps(state))


def estimate_steps(state: State) -> Steps[list[float]]:
    """Every player's expected final score in a running game, as its own planner sees it (it
    reads each player's tickets: only ever called on a determinized sample).

    A player's value is its score so far, the points of the stations its plan leaves unused,
    its completed tickets, minus the tickets its plan cannot join, plus the tickets it can join
    and the points of the routes the plan still needs weighed by ``f``, the chance the plan is
    laid before the game ends: 1 − (trains the plan needs) / (the fewest trains any player has
    left), at least 0.  A joined ticket counts ``points × (2f − 1)`` (completed ``f``, failed
    ``1 − f``).  The longest-route bonus goes to the current leaders in the share of the game
    played, and evenly to everyone in the share still to play.  In steps: one per player (its
    plan), for a caller that gives the thread back between them (``game.ai.steps``)."""
    game_map = load_map(state["map"])
    rules = game_map.rules
    players = state["players"]
    left = max(1, min(p["trains"] for p in players))
    played = 1.0 - left / rules["trains"]
    trails = [longest_trail(game_map, p["routes"])[0] for p in players]
    best = max(trails)
    leaders = [i for i, t in enumerate(trails) if t == best and best > 0]
    values = []
    for seat, p in enumerate(players):
        yield
        k = Knowledge(player_view(state, seat))
        done = k.completed(k.tickets)
        plan = make_plan(k, [t for t in k.tickets if not done[t]])
        f = max(0.0, 1.0 - plan.trains / left)
        points = game_map.ticket
        value = float(p["score"]) + (k.stations_left - len(plan.borrows)) * rules.get("station_points", 0)
        value += sum(points(t).points for t in k.tickets if done[t])
        value -= sum(points(t).points for t in plan.failed)
        value += (2 * f - 1) * sum(points(t).points for t in plan.paths if not done[t])
        value += f * sum(game_map.route_points(game_map.route(r).length) for r in plan.routes)
        share = (1.0 / len(leaders) if seat in leaders else 0.0) if leaders else 0.0
        value += rules["longest_bonus"] * (played * share + (1.0 - played) / len(players))
        values.append(value)
    return values


@dataclass(frozen=True)
class SearchPlan:
    """A decision's search laid out (``Searcher.plan``): the candidates, the planner's choice
    first, and one seed per sample to play; no seed: the first candidate is the decision."""

    candidates: tuple[Action, ...]
    seeds: tuple[int, ...]


def best(margins: Sequence[Sequence[float]]) -> int:
    """The candidate with the best total margin over the samples (each sample's margins in
    candidate order, the samples in their plan's order), the earlier on a tie; 0 without samples.

    >>> best([[1.0, 2.0], [1.0, 1.5]]), best([[1.0, 1.0]]), best([])
    (1, 0, 0)
    """
    if not margins:
        return 0
    totals = [0.0] * len(margins[0])
    for sample in margins:
        for i, value in enumerate(sample):
            totals[i] += value
    return max(range(len(totals)), key=lambda i: (totals[i], -i))


class Searcher(Strategist):
    """The planner with determinized Monte Carlo search on ticket decisions and end-game turns."""

    def __init__(self, playouts: int = 8, horizon: int | None = None, style: Style | None = None) -> None:
        super().__init__(style)
        self.playouts = playouts      # play-outs per searched decision (the candidates share them)
        self.horizon = horizon        # actions per play-out before the position is valued (None: to the end)
        # the policy of the play-outs: the planner without its costliest refinement (ordering the
        # claims by risk asks for a path per planned route)
        self.rollout_policy: Agent = Strategist(replace(self.style, risk_first=False))
        # the opponents' policies in the play-outs, one drawn per opponent and sample, weighed by
        # policy_weights: nobody plays exactly like our planner; opponent_models names them (agent
        # ids, in the same order) for policy_weights
        self.opponent_policies: tuple[Agent, ...] = (self.rollout_policy, Strategist(Style()), OneStep(), LongRoute())
        self.opponent_models: tuple[str, ...] = ("hard", "medium", "one-step", "long-route")

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        return run(self.choose_steps(view, legal, rng))

    def choose_steps(self, view: View, legal: list[Action], rng: Rng) -> Steps[Action]:
        """:meth:`choose` in steps (``game.ai.steps``): the plan one (the planner's choice and the
        candidates), then each sample's (:meth:`sample_steps`), for the page's main thread, which
        chooses a move itself when no worker is left (``game.web.ai_helper``)."""
        yield
        plan = self.plan(view, legal, rng)
        margins = []
        for seed in plan.seeds:
            margins.append((yield from self.sample_steps(view, plan.candidates, seed)))
        return plan.candidates[best(margins)]

    def plan(self, view: View, legal: list[Action], rng: Rng) -> SearchPlan:
        """The decision's search laid out: its candidates and one seed per sample
        (``playouts // len(candidates)`` samples, at least one; none when there is nothing to weigh).
        The samples are independent of one another, so they can be played in any order or place
        (``game.ui.ai_shards``: shared among several workers) and give the same totals."""
        if len(legal) == 1:
            return SearchPlan((legal[0],), ())
        candidates = tuple(self.candidates(Knowledge(view, self.style.point_weight), legal, rng))
        if len(candidates) == 1:
            return SearchPlan(candidates, ())
        return SearchPlan(candidates, tuple(rng.next64() for _ in range(max(1, self.playouts // len(candidates)))))

    def candidates(self, k: Knowledge, legal: list[Action], rng: Rng) -> list[Action]:
        """The planner's choice first, then the alternatives worth a search."""
        first = self.decide(k, legal, rng)
        out = [first]
        phase = k.view["phase"]
        if phase in (Phase.SETUP_TICKETS, Phase.TICKETS):
            base = list(k.tickets)
            ranked = sorted(keep_options(legal, self.style), key=lambda a: (-keep_value(k, base, a.tickets, self.style), str(a)))
            out += [a for a in ranked if a != first][:MAX_CANDIDATES - 1]
        elif (phase == Phase.START and DrawTickets() in legal and min(k.trains, k.min_opponent_pace) >= TICKETS_MIN_TRAINS
              and not k.incomplete()):
            out.append(DrawTickets())
        elif phase == Phase.START and min(k.trains, k.min_opponent_trains) <= END_TRAINS:
            return self.end_candidates(k, legal, first)
        return list(dict.fromkeys(out))[:MAX_CANDIDATES]

    def end_candidates(self, k: Knowledge, legal: list[Action], first: Action) -> list[Action]:
        """Near the end: the planner's move, the best-scoring claim (with ``trail_search`` the one
        ``trail_claim`` values most), the plan's claim and the card the plan wants, as far as they
        differ; a tunnel claim only as its planner may try it (``tunnel_allowed``: its risk, and
        never again without the cards a withdrawal lacked)."""
        legal = [a for a in legal if tunnel_allowed(k, a, self.style)]
        plan = make_plan(k, k.incomplete())
        if self.style.focus:
            plan = focused(k, plan)
        if self.style.risk_first:
            plan = by_risk(k, plan)
        scoring = best_scoring_claim(k, legal, plan.routes, self.style.trail_weight if self.style.trail_search else 0.0)
        out: list[Action | None] = [first, scoring, plan_claim(k, legal, plan),
                                    choose_draw(k, legal, self.draw_targets(k, plan), self.style.loco_missing)]
        return list(dict.fromkeys(a for a in out if a is not None))[:END_CANDIDATES]

    def sample(self, view: View, candidates: Sequence[Action], seed: int) -> list[float]:
        """One sample of a search: a hidden world drawn from the view (weighed by the opponents'
        claims), every candidate played in it with the same play-out seed (common random numbers),
        and each one's margin (the planner's choice, the first, with its bonus)."""
        return run(self.sample_steps(view, candidates, seed))

    def sample_steps(self, view: View, candidates: Sequence[Action], seed: int) -> Steps[list[float]]:
        """:meth:`sample` in steps: the world's (``likely_world_steps``: a deal a step, and its
        weighing), then each play-out's (:meth:`rollout_steps`: a move a step) and its estimate's
        (``estimate_steps``: a player a step)."""
        seat = view["viewer"]
        rng = Rng(seed)
        world = yield from likely_world_steps(view, rng, WORLD_TRIES)
        roll_seed = rng.next64()
        policies = [self.rollout_policy if i == seat else self.opponent_policy(view, i, rng)
                    for i in range(len(world["players"]))]
        margins = []
        for i, action in enumerate(candidates):
            state = copy_state(world)
            apply_action(state, action)
            yield from self.rollout_steps(state, Rng(roll_seed), policies)
            margins.append((yield from margin_steps(state, seat)) + (PLANNER_BONUS if i == 0 else 0.0))
        return margins

    def opponent_policy(self, view: View, seat: int, rng: Rng) -> Agent:
        """The play-out policy of opponent ``seat`` in one sample: drawn among the opponent
        policies, weighed by :func:`policy_weights`."""
        return weighted(self.opponent_policies, policy_weights(view, seat, self.opponent_models), rng)

    def rollout_steps(self, state: State, rng: Rng, policies: list[Agent] | None = None) -> Steps[None]:
        """Play on with ``policies`` (one per seat; else the rollout policy in every seat), to the
        end or for ``horizon`` actions; in steps, one per move."""
        seats = policies or [self.rollout_policy] * len(state["players"])
        steps = 0
        while state["phase"] != Phase.OVER and (self.horizon is None or steps < self.horizon):
            yield
            legal = legal_actions(state)
            current = state["current"]
            apply_action(state, seats[current].choose(player_view(state, current), legal, rng))
            steps += 1
