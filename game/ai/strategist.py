"""The planning player behind the easy and medium levels (and the rollouts of hard): it plans
paths for its tickets, collects the cards they need, claims them, and chooses tickets by the
points they add against the trains they cost.

Decisions are a pure function of the view, the legal actions and the agent's RNG: the agent
keeps no memory between turns, so a reloaded game plays on exactly the same.

>>> from game.state import new_game
>>> from game.rng import Rng
>>> from game.ai.agent import decide
>>> s = new_game("europe", players=3, seed=2)
>>> str(decide(Strategist(), s, Rng.from_seed(0))).startswith("keep ")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    Withdraw,
)
from game.ai.planning import (
    Knowledge,
    Plan,
    best_payment,
    card_needs,
    cards_missing,
    claims_by_route,
    make_plan,
    shortest_path,
    stations_by_city,
    tunnel_overrun,
)
from game.ai.trail import TrailGains
from game.mapdata import LOCOMOTIVE
from game.rng import Rng
from game.state import Phase
from game.view import View

ENDGAME_TRAINS = 5            # an opponent this close to the end: score what can be scored now
PRIZE_SPARE = 8               # trains a prize route leaves to spare beyond the plan (Style.prize_length)


@dataclass(frozen=True)
class Style:
    """The knobs that make the levels differ."""
    noise: float = 0.0                 # chance of a random legal action instead of the planned one
    train_cost: float = 0.6            # points a planned train costs when choosing tickets
    ticket_draw_trains: int | None = 16  # draw more tickets once all are done, with this many trains left (and every opponent by its pace)
    keep_fewest: bool = False          # keep only the minimum number of tickets
    endgame: bool = True               # dump cards on the best routes when the end is near
    stations: bool = True              # build stations to borrow routes (Europe)
    focus: bool = False                # finish the ticket closest to completion first
    point_weight: float = 0.0          # prefer paths over long routes (more points per train)
    loco_missing: int | None = 4       # take a face-up locomotive when this many cards are missing (None: never)
    risk_first: bool = False           # claim first the planned routes whose loss would hurt most
    route_value: float = 0.0           # points a planned route's own points count for when choosing tickets
    near_targets: bool = False         # with no ticket to work for, collect for the routes closest to payable
    endgame_trains: int = ENDGAME_TRAINS  # trains left (anyone's) at which the end-game play starts
    tunnel_risk: float = 0.25          # attempt a tunnel only when it asks for more than the cards to spare at most this often
    trail_targets: bool = False        # with no ticket to work for, collect for free routes touching the own network
    trail_weight: float = 0.0          # end-game claims: points a train added to the own longest trail counts for
    trail_search: bool = False         # hard's end-game search weighs trail_claim's pick (trail_weight) instead of the longest route
    prize_length: int | None = None    # end the plan with a free route of this many trains or more, trains to spare (with_prize; None: none)


def keep_value(k: Knowledge, base: list[str], kept: tuple[str, ...], style: Style) -> float:
    """How good keeping ``kept`` on top of ``base`` is: points completed minus points failed,
    minus the trains the plan needs, and a heavy penalty for a plan longer than the trains left."""
    plan = make_plan(k, base + list(kept))
    points = k.map.ticket
    gained = sum(points(t).points for t in kept if t not in plan.failed)
    lost = sum(points(t).points for t in kept if t in plan.failed)
    over = max(0, plan.trains - (k.trains - 4))
    route_points = sum(k.map.route_points(k.map.route(r).length) for r in plan.routes)
    return (gained - lost - style.train_cost * plan.trains + style.route_value * route_points - 3.0 * over
            - 2.0 * len(plan.borrows))


def keep_options(legal: list[Action], style: Style) -> list[KeepTickets]:
    """The ticket choices ``style`` considers: every legal one, or those of the fewest tickets."""
    options = [a for a in legal if isinstance(a, KeepTickets)]
    if style.keep_fewest:
        fewest = min(len(a.tickets) for a in options)
        options = [a for a in options if len(a.tickets) == fewest]
    return options


def choose_keep(k: Knowledge, legal: list[Action], style: Style) -> Action:
    base = list(k.tickets)
    options = keep_options(legal, style)
    return max(options, key=lambda a: (keep_value(k, base, a.tickets, style), -len(a.tickets), str(a)))


def choose_draw(k: Knowledge, legal: list[Action], targets: Iterable[str], loco_missing: int | None = 4) -> Action | None:
    """The card to draw for the routes ``targets``: a face-up card of the colour most missing,
    a face-up locomotive when a ferry needs one or nothing else helps and ``loco_missing``+
    cards are missing, else the deck."""
    draws = {a.source: a for a in legal if isinstance(a, DrawCard)}
    if not draws:
        return None
    needs = card_needs(k, targets)
    useful = [c for c in draws if c not in ("deck", LOCOMOTIVE) and needs.get(c, 0) > 0]
    if useful:
        return draws[max(useful, key=lambda c: (needs[c], c))]
    if LOCOMOTIVE in draws and (needs[LOCOMOTIVE] > 0
                                or (loco_missing is not None and sum(needs.values()) >= loco_missing)):
        return draws[LOCOMOTIVE]
    if "deck" in draws:
        return draws["deck"]
    return draws[min(draws)]


def best_scoring_claim(k: Knowledge, legal: list[Action], keep_for: Iterable[str] = (),
                       trail_weight: float = 0.0) -> Action | None:
    """The claim scoring the most route points now (longest route), cheapest payment; with a
    ``trail_weight``, counting that many points a train its route adds to the own longest trail
    (:func:`trail_claim`)."""
    if trail_weight:
        return trail_claim(k, legal, keep_for, trail_weight)
    claims = claims_by_route(legal)
    if not claims:
        return None
    route = max(claims, key=lambda r: (k.map.route(r).length, -k.map.route(r).tunnel, r))
    return best_payment(k, claims[route], keep_for)


def trail_claim(k: Knowledge, legal: list[Action], keep_for: Iterable[str], weight: float) -> Action | None:
    """The claim scoring the most now counting ``weight`` points a train its route adds to the
    own longest trail (``game.ai.trail``), ties as ``best_scoring_claim`` breaks them, cheapest
    payment.  Routes are valued in the order of an upper bound (``TrailGains.most``), the rest
    skipped once no bound reaches the best value found."""
    claims = claims_by_route(legal)
    if not claims:
        return None
    game_map = k.map
    gains = TrailGains(game_map, k.mine)

    def most(r: str) -> tuple[float, int, str]:
        route = game_map.route(r)
        return game_map.route_points(route.length) + weight * gains.most(route), -route.tunnel, r

    best: tuple[float, int, str] | None = None
    for bound in sorted(map(most, claims), reverse=True):
        if best is not None and bound < best:
            break
        route = game_map.route(bound[2])
        key = (game_map.route_points(route.length) + weight * gains.gain(route), -route.tunnel, route.id)
        if best is None or key > best:
            best = key
    assert best is not None
    return best_payment(k, claims[best[2]], keep_for)


def focused(k: Knowledge, plan: Plan) -> Plan:
    """The plan with its routes reordered: those of the ticket needing the fewest trains first."""
    def missing(t: str) -> int:
        return sum(k.map.route(r).length for r in plan.paths[t] if r in plan.routes)
    order: dict[str, None] = {}
    for t in sorted(plan.paths, key=lambda t: (missing(t), t)):
        order.update(dict.fromkeys(r for r in plan.paths[t] if r in plan.routes and r not in order))
    return replace(plan, routes=tuple(order))


LOST_PATH = 100.0     # the risk of a planned route without which its ticket cannot be joined


def by_risk(k: Knowledge, plan: Plan) -> Plan:
    """The plan with its routes reordered: first those whose loss to an opponent would cost the
    most (the extra path cost of its ticket without it; a ticket left unjoinable costs most)."""
    risk: dict[str, float] = {}
    for t, path in plan.paths.items():
        ticket = k.map.ticket(t)
        todo = [r for r in path if r in plan.routes]
        if not todo:
            continue
        others = set(plan.routes)
        base = shortest_path(k, ticket.a, ticket.b, others)
        for r in todo:
            lost = frozenset((r, *(x.id for x in k.map.twins(r)))) if k.closing else frozenset((r,))
            alt = shortest_path(k, ticket.a, ticket.b, others - {r}, lost)
            risk[r] = risk.get(r, 0.0) + (LOST_PATH if alt is None or base is None else max(0.0, alt[0] - base[0]))
    order = sorted(plan.routes, key=lambda r: (-risk.get(r, 0.0), plan.routes.index(r)))
    return replace(plan, routes=tuple(order))


def with_prize(k: Knowledge, plan: Plan, length: int) -> Plan:
    """The plan with a prize at its end: of the free routes of at least ``length`` trains that
    leave ``PRIZE_SPARE`` trains to spare beyond the plan's own (never the twin of a planned
    route), the one the hand alone is nearest to paying (fewest cards missing for it by itself,
    then the longest, then by id), so the planner collects cards for it beside its tickets'
    routes and claims it when nothing planned before it can be paid; its trains count in the
    plan's, and it is on no ticket's path.  The plan unchanged when no such route is left."""
    prizes = [r for r in k.map.routes if r.length >= length and k.free(r.id)
              and k.trains - plan.trains >= r.length + PRIZE_SPARE and r.id not in plan.routes
              and not any(t.id in plan.routes for t in k.map.twins(r.id))]
    if not prizes:
        return plan
    prize = min(prizes, key=lambda r: (cards_missing(k, r), -r.length, r.id))
    return replace(plan, routes=plan.routes + (prize.id,), trains=plan.trains + prize.length)


def plan_claim(k: Knowledge, legal: list[Action], plan: Plan) -> Action | None:
    """A claim of the most important planned route the hand can pay for."""
    claims = claims_by_route(legal)
    for i, route in enumerate(plan.routes):
        if route in claims:
            return best_payment(k, claims[route], plan.routes[:i] + plan.routes[i + 1:])
    return None


def plan_station(k: Knowledge, legal: list[Action], plan: Plan) -> Action | None:
    """A station whose borrowed route finishes a ticket (every other route of its path is ours)."""
    cities = stations_by_city(legal)
    for city, route in plan.borrows:
        if city not in cities:
            continue
        for path in plan.paths.values():
            if route in path and all(r in k.mine or r in k.owner for r in path):
                return best_payment(k, cities[city], plan.routes)
    return None


def tunnel_choice(k: Knowledge, legal: list[Action], plan: Plan) -> Action:
    pays = [a for a in legal if isinstance(a, PayTunnel)]
    if not pays:
        return Withdraw()
    return min(pays, key=lambda a: (a.locomotives, a.colour))


class Strategist:
    """A ticket-planning player; ``Style`` sets how carefully it plays."""

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        k = Knowledge(view, self.style.point_weight)
        if self.style.noise and rng.below(1000) < self.style.noise * 1000:
            return rng.choice(self.random_options(k, legal))
        return self.decide(k, legal, rng)

    def random_options(self, k: Knowledge, legal: list[Action]) -> list[Action]:
        """The actions a random move picks from: never a tunnel the planner would not try
        (``tunnel_allowed``), never a withdrawal from a tunnel the hand can pay."""
        if k.view["phase"] == Phase.TUNNEL:
            return [a for a in legal if isinstance(a, PayTunnel)] or legal
        return [a for a in legal if tunnel_allowed(k, a, self.style)] or legal

    def decide(self, k: Knowledge, legal: list[Action], rng: Rng) -> Action:
        phase = k.view["phase"]
        if phase in (Phase.SETUP_TICKETS, Phase.TICKETS):
            return choose_keep(k, legal, self.style)
        plan = make_plan(k, k.incomplete())
        if self.style.focus:
            plan = focused(k, plan)
        if self.style.risk_first:
            plan = by_risk(k, plan)
        if self.style.prize_length is not None:
            plan = with_prize(k, plan, self.style.prize_length)
        if phase == Phase.TUNNEL:
            return tunnel_choice(k, legal, plan)
        if phase == Phase.SECOND_DRAW:
            return choose_draw(k, legal, self.draw_targets(k, plan), self.style.loco_missing) or legal[0]
        return self.turn(k, legal, plan) or legal[0]

    def draw_targets(self, k: Knowledge, plan: Plan) -> tuple[str, ...]:
        """The routes to collect cards for: the plan's, else spare ones."""
        return plan.routes or self.spare_targets(k)

    def spare_targets(self, k: Knowledge) -> tuple[str, ...]:
        """Routes worth collecting cards for when no ticket needs any: the longest free ones."""
        free = [r for r in k.map.routes if k.free(r.id) and r.length <= k.trains]
        if self.style.trail_targets and k.mine:
            cities = {c for rid in k.mine for c in k.map.route(rid).cities}
            free = [r for r in free if r.a in cities or r.b in cities] or free
        if self.style.near_targets:
            free.sort(key=lambda r: (-k.map.route_points(r.length) / (1 + cards_missing(k, r)), r.index))
            return tuple(r.id for r in free[:2])
        free.sort(key=lambda r: (-r.length, r.index))
        return tuple(r.id for r in free[:3])

    def turn(self, k: Knowledge, legal: list[Action], plan: Plan) -> Action | None:
        style = self.style
        legal = [a for a in legal if tunnel_allowed(k, a, style)]
        if style.stations:
            station = plan_station(k, legal, plan)
            if station:
                return station
        endgame = style.endgame and min(k.min_opponent_trains, k.trains) <= style.endgame_trains
        if endgame:
            claim = plan_claim(k, legal, plan) or best_scoring_claim(k, legal, plan.routes, style.trail_weight)
            if claim:
                return claim
        claim = plan_claim(k, legal, plan)
        if claim:
            return claim
        if not plan.routes:
            if (style.ticket_draw_trains is not None and k.trains >= style.ticket_draw_trains
                    and k.min_opponent_pace >= style.ticket_draw_trains and DrawTickets() in legal):
                return DrawTickets()
            claim = best_scoring_claim(k, legal) if _worth_claiming(k, legal) else None
            if claim:
                return claim
        draw = choose_draw(k, legal, self.draw_targets(k, plan), style.loco_missing)
        if draw:
            return draw
        return best_scoring_claim(k, legal, plan.routes) or next(
            (a for a in legal if isinstance(a, (DrawTickets, BuildStation, ClaimRoute))), None)


def tunnel_spare(k: Knowledge, a: ClaimRoute) -> int:
    """Cards left after the tunnel claim ``a`` that could pay its extra cost."""
    locos = k.hand[LOCOMOTIVE] - a.locomotives
    return locos if a.colour == LOCOMOTIVE else locos + k.hand[a.colour] - a.cards


def tunnel_allowed(k: Knowledge, a: Action, style: Style) -> bool:
    """Whether the planner may try ``a``: any action but a tunnel claim; a tunnel claim when the
    chance that its reveal asks for more than the cards left to spare is at most
    ``style.tunnel_risk`` and, after a withdrawal from that tunnel (a public fact of the view),
    only once the cards to spare cover the extra cards it was asked for then."""
    if not isinstance(a, ClaimRoute) or not k.map.route(a.route).tunnel:
        return True
    spare = tunnel_spare(k, a)
    asked = max((w["extra"] for w in k.me["withdrawn"] if w["route"] == a.route), default=0)
    return spare >= asked and tunnel_overrun(k, a.colour, spare) <= style.tunnel_risk


def _worth_claiming(k: Knowledge, legal: list[Action]) -> bool:
    """Without tickets to work for, claim a route only if it is long (3+) or trains run short."""
    return any(isinstance(a, ClaimRoute) and k.map.route(a.route).length >= 3 for a in legal) or k.trains <= 8
