"""The four agents of de Mesentier Silva, Lee, Togelius and Nealen, "AI-based Playtesting of
Contemporary Board Games" (FDG 2017): Route Focus, Destination Hungry, Long Route and One
Step Thinking, as the paper's first author's published engine defines them
(github.com/fernandomsilva/Ticket-to-Ride-Engine, ``scripts/pathAgent.py``,
``hungryAgent.py``, ``longRouteJunkieAgent.py``, ``oneStepThinkerAgent.py``).

They are written anew for this engine: ``docs/ai.md`` lists how each one decides and every
interpretation made (stateless decisions, Europe's tunnels, ferries and stations, Mega
Europe's first stage, the places where the reference code does not do what it evidently
means to).

>>> from game.state import new_game
>>> from game.rng import Rng
>>> from game.ai.agent import decide
>>> s = new_game("usa", players=4, seed=9)
>>> [str(decide(a, s, Rng.from_seed(0)))[:4] for a in (RouteFocus(), DestinationHungry(), LongRoute(), OneStep())]
['keep', 'keep', 'keep', 'keep']
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable

from game.actions import (
    Action,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    Withdraw,
)
from game.ai.planning import Knowledge
from game.mapdata import GRAY, LOCOMOTIVE, TRAIN_COLOURS, Route
from game.rng import Rng
from game.state import Phase
from game.view import View

HUNGRY_MARGIN = 8          # Destination Hungry draws tickets while its plan needs fewer cards than trains - 8
HUNGRY_KEEP_MARGIN = 5     # ... and keeps the best ticket set whose plan needs at most trains - 5 cards
MORE_TICKETS_TRAINS = 8    # One Step draws tickets only while every player has at least this many trains
LONG_ROUTE_MIN = 3         # Long Route plans over routes of at least this length
NO_PATH_TRAINS = 50        # One Step / Long Route: the trains a ticket without a path is counted as needing

Hop = tuple[Route, ...]    # the parallel routes between two neighbouring cities of a path
Goal = tuple[Hop, str]     # One Step's target: a hop and the colour to collect for it
MORE_TICKETS = "tickets"   # One Step's target when it wants new tickets instead


# --- the board as these agents see it ---------------------------------------------------------

def usable(k: Knowledge, route: Route, min_length: int = 0) -> bool:
    """A route of the agent's graph: its own, or free (and at least ``min_length`` long)."""
    return route.id in k.mine or (k.free(route.id) and route.length >= min_length)


def hops_from(k: Knowledge, city: str, min_length: int) -> dict[str, Hop]:
    """The usable routes out of ``city``, grouped by the city at their other end."""
    out: dict[str, list[Route]] = {}
    for r in k.map.routes_at(city):
        if usable(k, r, min_length):
            out.setdefault(r.other_end(city), []).append(r)
    return {c: tuple(rs) for c, rs in out.items()}


def city_pair(route: Route) -> tuple[str, str]:
    """The route's two cities in alphabetical order (both tracks of a double route share it)."""
    return (route.a, route.b) if route.a <= route.b else (route.b, route.a)


def owned(k: Knowledge, hop: Hop) -> bool:
    return any(r.id in k.mine for r in hop)


def fewest_hops(k: Knowledge, a: str, b: str, min_length: int = 0) -> list[Hop] | None:
    """The path from ``a`` to ``b`` with the fewest routes (the reference code's unweighted
    ``shortest_path``), as its hops in order; None when there is none."""
    back: dict[str, tuple[str, Hop] | None] = {a: None}
    queue = deque([a])
    while queue:
        city = queue.popleft()
        if city == b:
            path = []
            step = back[city]
            while step is not None:
                city, hop = step
                path.append(hop)
                step = back[city]
            return path[::-1]
        for other, hop in hops_from(k, city, min_length).items():
            if other not in back:
                back[other] = (city, hop)
                queue.append(other)
    return None


class TrainDistances:
    """Cheapest paths in trains still to lay (own routes cost nothing), from each source city
    asked for, computed once per decision (the reference code's ``dijkstra_path``)."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        self.trees: dict[str, tuple[dict[str, int], dict[str, tuple[str, Hop]]]] = {}

    def tree(self, source: str) -> tuple[dict[str, int], dict[str, tuple[str, Hop]]]:
        if source not in self.trees:
            dist, back = {source: 0}, {}
            heap = [(0, source)]
            while heap:
                d, city = heapq.heappop(heap)
                if d > dist[city]:
                    continue
                for other, hop in hops_from(self.k, city, 0).items():
                    nd = d + (0 if owned(self.k, hop) else min(r.length for r in hop))
                    if nd < dist.get(other, 1 << 30):
                        dist[other], back[other] = nd, (city, hop)
                        heapq.heappush(heap, (nd, other))
            self.trees[source] = (dist, back)
        return self.trees[source]

    def distance(self, a: str, b: str) -> int | None:
        return self.tree(a)[0].get(b)

    def path(self, a: str, b: str) -> list[Hop]:
        back = self.tree(a)[1]
        hops = []
        while b != a and b in back:
            b, hop = back[b]
            hops.append(hop)
        return hops


# --- shared choices ---------------------------------------------------------------------------

def colour_for(k: Knowledge, hop: Hop, with_locomotive: bool = False) -> str:
    """The colour to collect or pay for a hop: of its routes' colours (every colour for a gray
    route) the one the hand holds most of, the first listed on ties."""
    colours: list[str] = []
    for r in hop:
        colours += list(TRAIN_COLOURS) if r.colour == GRAY else [r.colour]
    if with_locomotive and any(r.colour == GRAY for r in hop):
        colours.append(LOCOMOTIVE)
    colours = list(dict.fromkeys(colours))
    return max(colours, key=lambda c: (k.hand[c], -colours.index(c)))


def claims_of(legal: list[Action], hop: Hop) -> list[ClaimRoute]:
    ids = {r.id for r in hop}
    return [a for a in legal if isinstance(a, ClaimRoute) and a.route in ids]


def pay_with(claims: list[ClaimRoute], colour: str) -> ClaimRoute | None:
    """Of the legal claims, one paid in ``colour`` (with as few locomotives as possible), or
    with locomotives only: the reference engine fills a colour's payment with locomotives."""
    fitting = [a for a in claims if a.colour in (colour, LOCOMOTIVE)]
    return min(fitting, key=lambda a: (a.colour == LOCOMOTIVE, a.locomotives), default=None)


def cheapest(claims: list[ClaimRoute]) -> ClaimRoute | None:
    return min(claims, key=lambda a: (a.locomotives, a.colour), default=None)


def draws(legal: list[Action]) -> dict[str, DrawCard]:
    return {a.source: a for a in legal if isinstance(a, DrawCard)}


def pay_tunnel(legal: list[Action]) -> Action:
    """Pay a tunnel's extra cards when the hand can (fewest locomotives), else withdraw."""
    pays = [a for a in legal if isinstance(a, PayTunnel)]
    return min(pays, key=lambda a: (a.locomotives, a.colour)) if pays else Withdraw()


def keep_all(k: Knowledge, legal: list[Action]) -> Action:
    """Keep every ticket the rules allow (Mega Europe's long stage allows one: the best)."""
    keeps = [a for a in legal if isinstance(a, KeepTickets)]
    most = max(len(a.tickets) for a in keeps)
    return max((a for a in keeps if len(a.tickets) == most),
               key=lambda a: (sum(k.map.ticket(t).points for t in a.tickets), -keeps.index(a)))


def incomplete(k: Knowledge) -> list[str]:
    return k.incomplete()


class _Baseline:
    """Shared skeleton: deterministic, no memory between decisions; random only as the
    reference code's last resort (from the agent's own RNG)."""

    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        k = Knowledge(view)
        phase = view["phase"]
        if phase == Phase.TUNNEL:
            return pay_tunnel(legal)
        if phase in (Phase.SETUP_TICKETS, Phase.TICKETS):
            return self.keep(k, legal, phase)
        return self.turn(k, legal, phase, rng) or rng.choice(legal)

    def keep(self, k: Knowledge, legal: list[Action], phase: Phase) -> Action:
        return keep_all(k, legal)

    def turn(self, k: Knowledge, legal: list[Action], phase: Phase, rng: Rng) -> Action | None:
        raise NotImplementedError


# --- Route Focus ------------------------------------------------------------------------------

class RouteFocus(_Baseline):
    """Keeps every ticket dealt and never draws more.  Each turn it takes, for every unfinished
    ticket, the path with the fewest routes, and ranks the routes still to claim on them by
    route points + 2 x ticket points; it claims the best-ranked one it can pay in the colour it
    holds most of, else draws that colour face up, else from the deck.  With no ticket left to
    work for, every free route is ranked by its points, lowest first (as the reference code's
    priority queue does)."""

    def turn(self, k: Knowledge, legal: list[Action], phase: Phase, rng: Rng) -> Action | None:
        queue: dict[tuple[str, str], tuple[float, Hop]] = {}
        for t in incomplete(k):
            ticket = k.map.ticket(t)
            for hop in fewest_hops(k, ticket.a, ticket.b) or ():
                pair = city_pair(hop[0])
                if owned(k, hop) or pair in queue or hop[0].length >= k.trains:
                    continue
                queue[pair] = (-(k.map.route_points(hop[0].length) + 2 * ticket.points), hop)
        if not queue:
            for r in k.map.routes:
                pair = city_pair(r)
                if k.free(r.id) and r.length < k.trains and pair not in queue:
                    hop = tuple(x for x in k.map.routes_at(r.a) if x.other_end(r.a) == r.b and k.free(x.id))
                    queue[pair] = (k.map.route_points(r.length), hop)
        ranked = sorted(queue.items(), key=lambda item: (item[1][0], item[0]))
        first_colour = None
        for _pair, (_priority, hop) in ranked:
            colour = colour_for(k, hop)
            first_colour = first_colour or colour
            claim = pay_with(claims_of(legal, hop), colour) if phase == Phase.START else None
            if claim:
                return claim
        sources = draws(legal)
        if first_colour in sources:
            return sources[first_colour]
        return sources.get("deck") or sources.get(LOCOMOTIVE)


# --- Destination Hungry -----------------------------------------------------------------------

class HungryPlan:
    """Destination Hungry's network for a set of cities: the two cities farthest apart (in
    trains) are the two ends; every other city joins the nearer end's side by its cheapest
    path; then the two sides are joined.  Routes already owned cost nothing; a double route
    takes the colour not yet needed (else the least needed)."""

    def __init__(self, k: Knowledge, distances: TrainDistances, cities: list[str]) -> None:
        self.routes: dict[str, str] = {}          # route id -> the colour (or gray) it needs
        self.needed: dict[str, int] = dict.fromkeys((*TRAIN_COLOURS, GRAY, LOCOMOTIVE), 0)
        self.points = 0
        self.valid = True
        cities = list(dict.fromkeys(cities))
        if len(cities) < 2:
            return
        pairs = [(distances.distance(a, b), a, b) for i, a in enumerate(cities) for b in cities[i + 1:]]
        reachable = [(d, a, b) for d, a, b in pairs if d is not None]
        if not reachable:
            self.valid = False
            return
        _, start, end = max(reachable, key=lambda p: p[0])
        sides = {"start": [start], "end": [end]}
        hops: dict[tuple[str, str], Hop] = {}
        for city in cities:
            if city in (start, end):
                continue
            near = [(d, side, member) for side, members in sides.items() for member in members
                    if (d := distances.distance(city, member)) is not None]
            if not near:
                self.valid = False
                return
            _, side, member = min(near, key=lambda n: n[0])
            sides[side].append(city)
            self._add(hops, distances.path(city, member))
        joins = [(d, a, b) for a in sides["start"] for b in sides["end"]
                 if (d := distances.distance(a, b)) is not None]
        _, a, b = min(joins, key=lambda j: j[0])
        self._add(hops, distances.path(a, b))
        doubles = []
        for hop in hops.values():
            if owned(k, hop):
                continue
            if len(hop) > 1:
                doubles.append(hop)
            else:
                self._need(k, hop[0])
        for hop in doubles:
            free = [r for r in hop if k.free(r.id)]
            fresh = [r for r in free if self.needed[r.colour] == 0]
            self._need(k, fresh[0] if fresh else min(free, key=lambda r: self.needed[r.colour]))

    @staticmethod
    def _add(hops: dict[tuple[str, str], Hop], path: list[Hop]) -> None:
        for hop in path:
            hops.setdefault(city_pair(hop[0]), hop)

    def _need(self, k: Knowledge, route: Route) -> None:
        self.routes[route.id] = route.colour
        self.needed[route.colour] += route.length - route.ferry
        self.needed[LOCOMOTIVE] += route.ferry
        self.points += k.map.route_points(route.length)

    @property
    def cards(self) -> int:
        return sum(self.needed.values())


def ticket_cities(k: Knowledge, tickets: Iterable[str]) -> tuple[list[str], int]:
    """The cities of ``tickets`` still on the agent's graph, and those tickets' points."""
    cities: list[str] = []
    points = 0
    for t in tickets:
        ticket = k.map.ticket(t)
        if all(hops_from(k, c, 0) for c in (ticket.a, ticket.b)):
            cities += [ticket.a, ticket.b]
            points += ticket.points
    return cities, points


class DestinationHungry(_Baseline):
    """Collects tickets: draws more whenever its plan needs fewer cards than its trains - 8, and
    keeps the ticket set whose plan gives the most points (tickets + routes) per card needed
    while needing at most trains - 5 cards.  Claims the routes of its plan (a gray one only in a
    colour no coloured route of the plan needs) -- the longest route it can once the plan is
    built -- and draws the colours its plan needs most."""

    def keep(self, k: Knowledge, legal: list[Action], phase: Phase) -> Action:
        distances = TrainDistances(k)
        base_cities, base_points = ticket_cities(k, k.tickets)
        best = fallback = None
        keeps = [a for a in legal if isinstance(a, KeepTickets)]
        for a in keeps:
            cities, points = ticket_cities(k, a.tickets)
            plan = HungryPlan(k, distances, base_cities + cities)
            if not plan.valid:
                continue
            fitness = (base_points + points + plan.points) / plan.cards if plan.cards else float("inf")
            if plan.cards <= k.trains - HUNGRY_KEEP_MARGIN:
                if fitness > 0 and (best is None or fitness > best[0]):
                    best = (fitness, a)
            elif plan.cards <= k.trains and (fallback is None or plan.cards < fallback[0]):
                fallback = (plan.cards, a)
        chosen = best or fallback
        if chosen is not None:
            return chosen[1]
        return min(keeps, key=lambda a: sum(k.map.ticket(t).points for t in a.tickets))

    def turn(self, k: Knowledge, legal: list[Action], phase: Phase, rng: Rng) -> Action | None:
        cities, _ = ticket_cities(k, k.tickets)
        plan = HungryPlan(k, TrainDistances(k), cities)
        if phase == Phase.START and DrawTickets() in legal and plan.cards < k.trains - HUNGRY_MARGIN:
            return DrawTickets()
        claims = [a for a in legal if isinstance(a, ClaimRoute)]
        if claims and not plan.routes:
            longest = max(k.map.route(a.route).length for a in claims)
            return cheapest([a for a in claims if k.map.route(a.route).length == longest])
        for a in sorted(claims, key=lambda a: (k.map.route(a.route).index, a.locomotives)):
            colour = plan.routes.get(a.route)
            if colour == GRAY and a.colour in TRAIN_COLOURS and plan.needed[a.colour] <= 0:
                return a
            if colour is not None and colour != GRAY and a.colour in (colour, LOCOMOTIVE):
                return pay_with(claims_of(legal, (k.map.route(a.route),)), colour)
        return self.draw(k, legal, plan)

    def draw(self, k: Knowledge, legal: list[Action], plan: HungryPlan) -> Action | None:
        sources = draws(legal)
        kinds = [*TRAIN_COLOURS, GRAY, LOCOMOTIVE]
        most_needed = max(kinds, key=lambda c: (plan.needed[c], -kinds.index(c)))
        if most_needed in sources:
            return sources[most_needed]
        shown = {c: k.view["market"].count(c) for c in k.view["market"]}
        if shown:
            most_shown = max(shown, key=lambda c: (shown[c], -k.view["market"].index(c)))
            if most_shown in sources and (plan.needed[most_shown] > 0
                                          or (most_needed == GRAY and shown[most_shown] > 1)):
                return sources[most_shown]
        return sources.get("deck")


# --- One Step Thinking and Long Route ---------------------------------------------------------

class OneStep(_Baseline):
    """Thinks one step ahead: keeps every ticket dealt; each turn it targets its most valuable
    unfinished ticket that can still be joined, and the first unclaimed route on that ticket's
    path with the fewest routes; it claims it if it can, else draws its colour face up, else a
    face-up locomotive, else from the deck.  With no ticket to work for it draws tickets while
    every player has 8+ trains, else goes for the longest free route."""

    min_length = 0            # the shortest route its plans use
    draws_tickets = True
    gray_rank = 10            # how much the longest-route choice likes a gray route it can pay outright

    def graph_floor(self, k: Knowledge) -> int:
        return min(self.min_length, k.trains)

    def keep(self, k: Knowledge, legal: list[Action], phase: Phase) -> Action:
        if phase == Phase.SETUP_TICKETS:
            return keep_all(k, legal)
        return self.keep_by_ratio(k, legal)

    def keep_by_ratio(self, k: Knowledge, legal: list[Action]) -> Action:
        """The ticket set with the best points per train still to lay (a ticket without a path
        counts its points as lost and 50 trains), among those that fit the trains left; else the
        set worth the fewest points."""
        keeps = [a for a in legal if isinstance(a, KeepTickets)]
        floor = self.graph_floor(k)
        best = None
        for a in keeps:
            value = trains = 0
            for t in a.tickets:
                ticket = k.map.ticket(t)
                path = fewest_hops(k, ticket.a, ticket.b, floor)
                if path is None:
                    value, trains = value - ticket.points, trains + NO_PATH_TRAINS
                else:
                    value += ticket.points
                    trains += sum(hop[0].length for hop in path if not owned(k, hop))
            if trains <= k.trains:
                ratio = value / trains if trains else float("inf")
                if ratio > 0 and (best is None or ratio > best[0]):
                    best = (ratio, a)
        if best:
            return best[1]
        return min(keeps, key=lambda a: sum(k.map.ticket(t).points for t in a.tickets))

    def target(self, k: Knowledge) -> Goal | str | None:
        """The route to go for and the colour to collect for it, ``MORE_TICKETS``, or None."""
        floor = self.graph_floor(k)
        workable = []
        for t in incomplete(k):
            ticket = k.map.ticket(t)
            path = fewest_hops(k, ticket.a, ticket.b, floor)
            if path is not None:
                workable.append((ticket.points, path))
        if workable:
            _, path = max(workable, key=lambda w: w[0])
            hop = next((h for h in path if not owned(k, h)), None)
            if hop is not None:
                return hop, colour_for(k, hop, with_locomotive=True)
        if self.draws_tickets and k.view["ticket_deck_size"] and min(
                p["trains"] for p in k.view["players"]) >= MORE_TICKETS_TRAINS:
            return MORE_TICKETS
        return self.longest_route(k)

    def longest_route(self, k: Knowledge) -> Goal | None:
        free = [r for r in k.map.routes if k.free(r.id) and r.length <= k.trains]
        if not free:
            return None
        longest = max(r.length for r in free)
        route = max((r for r in free if r.length == longest), key=lambda r: (self.rank(k, r), -r.index))
        return (route,), route.colour

    def rank(self, k: Knowledge, route: Route) -> int:
        """How ready the hand is for a route (the reference code's ``rank``)."""
        best = max(k.hand[c] for c in TRAIN_COLOURS)
        have = best if route.colour == GRAY else k.hand[route.colour]
        if have >= route.length:
            return self.gray_rank if route.colour == GRAY else 10
        if have + k.hand[LOCOMOTIVE] >= route.length:
            return 9
        return (10 if route.colour == GRAY else 9) - route.length + best

    def turn(self, k: Knowledge, legal: list[Action], phase: Phase, rng: Rng) -> Action | None:
        goal = self.target(k)
        if goal == MORE_TICKETS:
            if phase == Phase.START and DrawTickets() in legal:
                return DrawTickets()
            goal = self.longest_route(k)
        sources = draws(legal)
        if isinstance(goal, tuple):
            hop, colour = goal
            claims = claims_of(legal, hop)
            if claims:
                return pay_with(claims, colour) or cheapest(claims)
            if colour == GRAY:
                colour = max(TRAIN_COLOURS, key=lambda c: (k.hand[c], -TRAIN_COLOURS.index(c)))
            for source in (colour, LOCOMOTIVE, "deck"):
                if source in sources:
                    return sources[source]
        if sources:
            return rng.choice(list(sources.values()))
        claims = [a for a in legal if isinstance(a, ClaimRoute)]
        return rng.choice(claims) if claims else None


class LongRoute(OneStep):
    """One Step Thinking over long routes only: its plans use routes of 3+ (or as many as its
    trains left), it chooses even its first tickets by points per train on that board, never
    draws more tickets, and once no ticket is workable claims the longest routes, gray ones
    first when the hand can pay them outright."""

    min_length = LONG_ROUTE_MIN
    draws_tickets = False
    gray_rank = 15

    def keep(self, k: Knowledge, legal: list[Action], phase: Phase) -> Action:
        return self.keep_by_ratio(k, legal)
