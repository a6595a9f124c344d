"""``legal_actions(state)`` and ``apply_action(state, action)``: the single source of legality.

Every rule and ruling applied here is written out in ``docs/rules.md`` (rule numbers in the
comments refer to it).  ``apply_action`` checks the one action it is given without generating
the others, raises :class:`IllegalActionError` (a ``ValueError``) saying what and why, and only
then changes the state in place; an illegal action leaves the state exactly as it was.  Every
refusal also carries a stable reason key with parameters, for the translated user interface.
What an applied action did comes back as an event (``game.events``, ``docs/events.md``).

>>> from game.state import new_game
>>> s = new_game("usa", players=2, seed=1)
>>> [str(a) for a in legal_actions(s)][:2]
['keep calgary--salt-lake-city,seattle--new-york', 'keep calgary--salt-lake-city,los-angeles--miami']
>>> event = apply_action(s, legal_actions(s)[0])
>>> event["kind"], event["count"], s["current"]
('keep', 2, 1)
>>> try:
...     apply_action(s, Pass())
... except IllegalActionError as exc:
...     print(exc); print(exc.problem)
pass: it is the initial ticket choice: keep tickets from your offer
Problem(key='rule.phase.setup_tickets', params={})
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.actions import (
    FIELD_CHECKS,
    Action,
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Withdraw,
)
from game.events import SEAT_KEYS, Event, add_private
from game.mapdata import GRAY, LOCOMOTIVE, TRAIN_COLOURS, GameMap, load_map
from game.problem import Problem, ProblemError
from game.rng import Rng
from game.scoring import FinalScore, PlayerPosition, final_scoring
from game.state import (
    MARKET_SIZE,
    TOTAL_CARDS,
    Phase,
    Player,
    State,
    Tunnel,
    deal_stage,
    draw_card,
    settle_market,
    shuffle,
)

# the phases under module names, for the hot paths: an enum's attribute costs ~40 ns a lookup
_SETUP_TICKETS, _START, _SECOND_DRAW = Phase.SETUP_TICKETS, Phase.START, Phase.SECOND_DRAW
_TUNNEL, _TICKETS, _OVER = Phase.TUNNEL, Phase.TICKETS, Phase.OVER
TUNNEL_REVEAL = 3
TICKETS_KEEP_MIN = 1            # in-game ticket draws: keep at least one
CLOSING_TWINS_MAX_PLAYERS = 3   # with 2 or 3 players the twin of a claimed double closes


class IllegalActionError(ProblemError):
    """An action that is not legal in this state; the state is unchanged.

    ``str(error)`` explains it in English (CLI, replays, logs); ``problem`` names the same
    reason for the player (a ``rule.*`` key of ``game/locales/en.po``, parameters that are ids
    and numbers: ``route``, ``city``, ``card``, ``count``, ...).
    """

    def __init__(self, message: str, key: str, **params: object) -> None:
        super().__init__(Problem(key, params), message)


# why an action is refused: (reason key, English explanation, parameters)
Refusal = tuple[str, str, dict[str, object]]


@dataclass(frozen=True)
class RouteFacts:
    """What claiming needs about one route, precomputed once per map."""
    id: str
    index: int
    length: int
    colour: str
    ferry: int
    tunnel: bool
    twins: tuple[str, ...]
    points: int
    colours: tuple[str, ...]     # colours a payment may use (all eight for a gray route)


def tunnel_costs(revealed: Iterable[str], colour: str | None) -> tuple[bool, ...]:
    """Which of a tunnel's revealed cards ask one card more: those of the colour played, and
    locomotives.

    >>> tunnel_costs(("red", "locomotive", "white"), "red")
    (True, True, False)
    """
    return tuple(c == LOCOMOTIVE or c == colour for c in revealed)


@dataclass(frozen=True)
class Board:
    """Per-map facts for the rules.  Sets of routes are bitsets (bit ``i`` is the route of index
    ``i``): the hot paths find the claimable routes with a few integer operations."""
    game_map: GameMap
    routes: tuple[RouteFacts, ...]          # in map order (``RouteFacts.index``)
    by_id: dict[str, RouteFacts]
    cities: tuple[str, ...]
    max_stations: int
    by_cards: tuple[tuple[int, ...], ...]   # per train colour: n cards -> its routes of length <= n
    gray_by_cards: tuple[int, ...]          # n cards -> gray routes of length <= n
    by_trains: tuple[int, ...]              # n trains (up to the longest route) -> routes of length <= n
    ferry_ok: tuple[int, ...]               # locomotives held (up to the most a ferry needs) -> routes they allow
    bit: dict[str, int]                     # route id -> its bit
    with_twins: dict[str, int]              # route id -> its bit and its twins' bits
    chunks: tuple[tuple[tuple[RouteFacts, ...], ...], ...]  # byte j of a bitset -> value -> its routes


@functools.cache
def board(map_id: str) -> Board:
    """Per-map facts precomputed for the rules (cached; maps are immutable)."""
    m = load_map(map_id)
    routes = tuple(RouteFacts(r.id, r.index, r.length, r.colour, r.ferry, r.tunnel, tuple(t.id for t in m.twins(r.id)),
                              m.route_points(r.length), TRAIN_COLOURS if r.colour == GRAY else (r.colour,))
                   for r in m.routes)
    assert all(r.index == i for i, r in enumerate(routes))
    def up_to(colour: str, most: int) -> tuple[int, ...]:
        return tuple(sum(1 << r.index for r in routes if r.colour == colour and r.length <= n) for n in range(most + 1))
    by_cards = tuple(up_to(colour, TOTAL_CARDS) for colour in TRAIN_COLOURS)
    by_trains = tuple(sum(1 << r.index for r in routes if r.length <= n)
                      for n in range(max(r.length for r in routes) + 1))
    ferry_ok = tuple(sum(1 << r.index for r in routes if r.ferry <= locos)
                     for locos in range(max(r.ferry for r in routes) + 1))
    bit = {r.id: 1 << r.index for r in routes}
    with_twins = {r.id: functools.reduce(operator.or_, (bit[t] for t in r.twins), bit[r.id]) for r in routes}
    chunks = tuple(tuple(tuple(routes[8 * j + k] for k in range(8) if value >> k & 1 and 8 * j + k < len(routes))
                         for value in range(256))
                   for j in range((len(routes) + 7) // 8))
    return Board(m, routes, {r.id: r for r in routes}, tuple(c.id for c in m.cities), m.rules["stations"],
                 by_cards, up_to(GRAY, TOTAL_CARDS), by_trains, ferry_ok, bit, with_twins, chunks)


def _routes_of(b: Board, bits: int) -> list[RouteFacts]:
    """The routes of a bitset, in map order."""
    found: list[RouteFacts] = []
    for chunk, value in zip(b.chunks, bits.to_bytes(len(b.chunks), "little")):
        if value:
            found += chunk[value]
    return found


def _fail(action: Action, key: str, why: str, **params: object) -> IllegalActionError:
    return IllegalActionError(f"{action}: {why}", key, **params)


# --- payments ---------------------------------------------------------------------------------

def _payments(colours: tuple[str, ...], size: int, min_locos: int, hand: dict[str, int]) -> Iterator[tuple[str, int, int]]:
    """Every (colour, cards, locomotives) paying ``size`` cards of one colour, with ``min_locos``
    locomotives at least (ferries); all-locomotive payments once, as colour ``locomotive``."""
    locos = hand[LOCOMOTIVE]
    if locos < min_locos:
        return
    for c in colours:
        have = hand[c]
        if have == 0:
            continue
        for j in range(max(min_locos, size - have), min(size - 1, locos) + 1):
            yield c, size - j, j
    if locos >= size:
        yield LOCOMOTIVE, 0, size


def _affordable(best: int, locos: int, size: int, min_locos: int) -> bool:
    """Whether a hand whose best usable colour has ``best`` cards can pay ``size`` cards."""
    return locos >= min_locos and best + locos >= size


_TRAIN_COUNTS = operator.itemgetter(*TRAIN_COLOURS)      # a hand's counts of the eight colours


def _best_colour(hand: dict[str, int]) -> int:
    """The most cards of one colour in a hand (whatever the order of its keys)."""
    counts: tuple[int, ...] = _TRAIN_COUNTS(hand)
    return max(counts)


def _check_payment(action: ClaimRoute | BuildStation, colours: tuple[str, ...], size: int, min_locos: int,
                   hand: dict[str, int]) -> None:
    colour, cards, locos = action.colour, action.cards, action.locomotives
    if not (isinstance(cards, int) and isinstance(locos, int)) or cards < 0 or locos < 0:
        raise _fail(action, "rule.payment.counts", "card counts must be whole numbers >= 0")
    if colour == LOCOMOTIVE:
        if cards:
            raise _fail(action, "rule.payment.locomotives_only", "a payment of locomotives only has no coloured cards")
    elif colour not in colours:
        raise _fail(action, "rule.payment.colour",
                    f"cards of {colour!r} cannot pay here (allowed: {', '.join(colours)} or locomotives)", card=colour)
    elif cards == 0:
        raise _fail(action, "rule.payment.no_colour_card",
                    f"no {colour} card paid: write a payment of locomotives only as {locos}loco", card=colour)
    if cards + locos != size:
        raise _fail(action, "rule.payment.size", f"pays {cards + locos} card(s); exactly {size} are needed",
                    paid=cards + locos, count=size)
    if locos < min_locos:
        raise _fail(action, "rule.payment.ferry", f"needs at least {min_locos} locomotive(s) (ferry)", count=min_locos)
    if hand[LOCOMOTIVE] < locos or (cards and hand[colour] < cards):
        raise _fail(action, "rule.payment.hand", "not enough cards of that kind in hand")


# --- what the current player may do -----------------------------------------------------------

def twins_close_for_all(players: int) -> bool:
    """Whether, at a table of ``players``, a claimed track of a double route closes the other
    track to everyone (``docs/rules.md``, double routes: with 2 or 3 players only one track of a
    double route is used).

    >>> twins_close_for_all(3), twins_close_for_all(4)
    (True, False)
    """
    return players <= CLOSING_TWINS_MAX_PLAYERS


def closing_twin(game_map: GameMap, route_id: str, claims: Sequence[Collection[str]], seat: int | None = None) -> str | None:
    """The claimed twin that closes ``route_id`` to ``seat``, or None: a twin ``seat`` owns (one
    player never owns both tracks of a double route) or, with 2 or 3 players, a twin anyone owns.
    ``claims`` are the players' routes, seat by seat (a state's or any view's); ``seat`` None
    asks whether the route is closed to everyone.  The one home of the twin-route rule: the
    rules, the board's closed tracks and the AI ask it (directly or through
    :func:`closed_routes`).

    >>> from game.mapdata import load_map
    >>> m = load_map("usa")
    >>> closing_twin(m, "atlanta--raleigh--2", [["atlanta--raleigh--1"], []], seat=1)
    'atlanta--raleigh--1'
    >>> closing_twin(m, "atlanta--raleigh--2", [["atlanta--raleigh--1"], [], [], []], seat=1) is None
    True
    """
    owners = {r: owner for owner, routes in enumerate(claims) for r in routes}
    return _closing_twin(tuple(t.id for t in game_map.twins(route_id)), owners, seat, twins_close_for_all(len(claims)))


def _closing_twin(twins: tuple[str, ...], owners: dict[str, int], seat: int | None, close_for_all: bool) -> str | None:
    """:func:`closing_twin` on the route's twins, with the owners of the claimed routes."""
    for twin in twins:
        owner = owners.get(twin)
        if owner is not None and (owner == seat or close_for_all):
            return twin
    return None


def closed_routes(game_map: GameMap, claims: Sequence[Collection[str]], seat: int | None = None) -> frozenset[str]:
    """The routes no one has claimed that :func:`closing_twin` closes to ``seat`` (to everyone
    when ``seat`` is None)."""
    claimed = {r for routes in claims for r in routes}
    return frozenset(t.id for r in claimed for t in game_map.twins(r)
                     if t.id not in claimed and closing_twin(game_map, t.id, claims, seat))


def _route_problem(state: State, seat: int, r: RouteFacts, owners: dict[str, int]) -> Refusal | None:
    """Why the route cannot be claimed by ``seat`` (ignoring payment), or None; ``owners`` are
    the seats owning the route and its twins, those claimed."""
    owner = owners.get(r.id)
    if owner is not None:
        return "rule.route.claimed", f"the route is already claimed by player {owner + 1}", {"player": owner}
    player = state["players"][seat]
    twin = _closing_twin(r.twins, owners, seat, twins_close_for_all(len(state["players"]))) if r.twins else None
    if twin is not None and twin in player["routes"]:
        why = f"you own its twin {twin}: one player never owns both tracks of a double route"
        return "rule.route.own_twin", why, {"route": twin}
    if twin is not None:
        why = f"its twin {twin} is claimed: with 2 or 3 players only one track of a double route is used"
        return "rule.route.twin_closed", why, {"route": twin}
    if player["trains"] < r.length:
        return ("rule.route.trains", f"needs {r.length} trains, you have {player['trains']}",
                {"count": r.length, "trains": player["trains"]})
    return None


def _claimable(state: State, b: Board) -> int:
    """The routes the current player may claim and can pay for, as a bitset: those no longer
    than the cards that could pay them and the trains left, with the locomotives a ferry needs,
    minus the claimed routes and the twins :func:`closing_twin` closes (the same as
    :func:`_route_problem` finding nothing, payment aside)."""
    player = state["players"][state["current"]]
    hand, trains = player["hand"], player["trains"]
    counts: tuple[int, ...] = _TRAIN_COUNTS(hand)
    locos = hand[LOCOMOTIVE]
    most = max(counts)
    if most + locos > TOTAL_CARDS or min(locos, trains, *counts) < 0:
        # no game reaches such a hand (from_json refuses it); the rule still holds: counts capped
        # to 0..TOTAL_CARDS cards with the locomotives reach the same routes (none is that long),
        # and with fewer than no locomotives or trains none is reachable
        if min(locos, trains) < 0:
            return 0
        locos = min(locos, TOTAL_CARDS)
        counts = tuple(max(-locos, min(n, TOTAL_CARDS - locos)) for n in counts)
        most = max(counts)
    reachable = b.gray_by_cards[most + locos]
    for masks, n in zip(b.by_cards, counts):
        reachable |= masks[n + locos]
    by_trains, ferry_ok = b.by_trains, b.ferry_ok
    reachable &= by_trains[min(trains, len(by_trains) - 1)] & ferry_ok[min(locos, len(ferry_ok) - 1)]
    return reachable & ~_closed(state, b) if reachable else 0


def _closed(state: State, b: Board) -> int:
    """The claimed routes and the twins :func:`closing_twin` closes to the current player, as a
    bitset: with 2 or 3 players every claim closes its twins, else only the player's own."""
    players = state["players"]
    with_twins = b.with_twins.__getitem__
    if twins_close_for_all(len(players)):
        return functools.reduce(operator.or_, map(with_twins, itertools.chain.from_iterable(p["routes"] for p in players)), 0)
    closed = functools.reduce(operator.or_, map(with_twins, players[state["current"]]["routes"]), 0)
    bit = b.bit.__getitem__
    for p in players:
        closed = functools.reduce(operator.or_, map(bit, p["routes"]), closed)
    return closed


def claimable_routes(state: State) -> list[RouteFacts]:
    """Routes the current player may claim and can pay for, in map order."""
    b = board(state["map"])
    return _routes_of(b, _claimable(state, b))


def _station_cost(state: State) -> int | None:
    """Cards the current player's next station costs, or None when none may be built."""
    built = len(state["players"][state["current"]]["stations"])
    return built + 1 if built < board(state["map"]).max_stations else None


def _station_possible(state: State) -> bool:
    """Whether the current player has a station left and the cards for it (a free city always
    exists: there are more cities than stations)."""
    cost = _station_cost(state)
    hand = state["players"][state["current"]]["hand"]
    return cost is not None and _affordable(_best_colour(hand), hand[LOCOMOTIVE], cost, 0)


def station_cities(state: State) -> list[str]:
    """Free cities where the current player can build a station now (empty when none can)."""
    if not _station_possible(state):
        return []
    taken = {c for p in state["players"] for c in p["stations"]}
    return [c for c in board(state["map"]).cities if c not in taken]


def _draw_sources(state: State) -> list[str]:
    sources = ["deck"] if state["deck"] or state["discard"] else []
    second = state["phase"] == _SECOND_DRAW
    for kind in dict.fromkeys(state["market"]):
        if not (second and kind == LOCOMOTIVE):
            sources.append(kind)
    return sources


def keep_limits(state: State) -> tuple[int, int]:
    """How many of the offered tickets the current player keeps at least and at most, in a
    ticket phase: in play at least ``TICKETS_KEEP_MIN``; in the initial choice the variant's
    stage says (docs/rules.md)."""
    player = state["players"][state["current"]]
    offered = len(player["offer"])
    if state["phase"] == _TICKETS:
        return min(TICKETS_KEEP_MIN, offered), offered
    stage = board(state["map"]).game_map.variant(state["variant"]).initial[state["stage"]]
    low = stage["keep_min"]
    if "keep_min_after_long" in stage and any(board(state["map"]).game_map.ticket(t).long for t in player["tickets"]):
        low = stage["keep_min_after_long"]
    high = offered if stage["keep_max"] is None else stage["keep_max"]
    return min(low, offered), min(high, offered)


def _tunnel_payments(state: State) -> list[tuple[str, int, int]]:
    t = state["tunnel"]
    assert t is not None                # phase tunnel
    hand = dict(state["players"][state["current"]]["hand"])
    hand[LOCOMOTIVE] -= t["locomotives"]
    if t["colour"] == LOCOMOTIVE:
        return [(LOCOMOTIVE, 0, t["extra"])] if hand[LOCOMOTIVE] >= t["extra"] else []
    hand[t["colour"]] -= t["cards"]
    return list(_payments((t["colour"],), t["extra"], 0, hand))


def _ticket_targets(state: State) -> list[None]:
    return [None] if state["ticket_deck"] else []


# the kinds of action at the start of a turn, each with the function listing its targets
_START_KINDS: dict[str, Callable[[State], Sequence[object]]] = {
    "draw": _draw_sources, "tickets": _ticket_targets, "claim": claimable_routes, "station": station_cities,
}


def _start_targets(state: State) -> dict[str, Sequence[object]]:
    """The turn's available kinds of action with their targets: draw sources, the ticket deck,
    claimable routes, station cities.  Kinds with nothing to act on are left out."""
    return {kind: targets for kind, targets in ((k, f(state)) for k, f in _START_KINDS.items()) if targets}


def _can_act(state: State) -> bool:
    """Whether the current player has any action but passing (cheaper than listing them)."""
    return bool(_draw_sources(state) or state["ticket_deck"] or _claimable(state, board(state["map"]))
                or _station_possible(state))


# Actions are frozen values: the ones legal_actions lists are made once and shared (building a
# frozen dataclass costs more than the rest of listing them); by kind and target, then by the
# rest of their fields.  Only legal actions are made, so a map's actions bound them.
_MADE: dict[tuple[Any, Any], dict[Any, Any]] = {}


def _made(kind: Callable[..., Action], *fields: Any) -> Action:
    """The action ``kind(*fields)``, made once."""
    made = _MADE.get((kind, None))
    if made is None:
        made = _MADE[kind, None] = {}
    action: Action | None = made.get(fields)
    if action is None:
        action = made[fields] = kind(*fields)
    return action


def _paid(kind: Callable[..., Action], target: Any, pays: Iterable[tuple[str, int, int]]) -> list[Action]:
    """``[kind(target, *pay) for pay in pays]``, each action made once."""
    made = _MADE.get((kind, target))
    if made is None:
        made = _MADE[kind, target] = {}
    return [made.get(pay) or made.setdefault(pay, kind(target, *pay)) for pay in pays]


# claim actions by (route, colour, cards of that colour held, locomotives held), counts capped
# at the route's length (more cannot change the payments); bounded by the maps' routes
_CLAIMS: dict[tuple[str, str, int, int], tuple[Action, ...]] = {}


def _claims(r: RouteFacts, hand: dict[str, int]) -> list[Action]:
    """``[ClaimRoute(r.id, *pay) for pay in _payments(r.colours, r.length, r.ferry, hand)]``,
    the actions made once."""
    size = r.length
    locos = hand[LOCOMOTIVE]
    if locos < r.ferry:
        return []
    locos = min(locos, size)
    claims = _CLAIMS
    actions: list[Action] = []
    for c in r.colours:
        have = hand[c]
        if have:
            key = (r.id, c, min(size, have), locos)
            made = claims.get(key)
            if made is None:
                pays = _payments((c,), size, r.ferry, {c: have, LOCOMOTIVE: locos})
                made = claims[key] = tuple(_paid(ClaimRoute, r.id, (p for p in pays if p[0] == c)))
            actions += made
    if locos == size:
        actions += _paid(ClaimRoute, r.id, ((LOCOMOTIVE, 0, size),))
    return actions


def _expand(state: State, kind: str, target: Any) -> list[Action]:
    """Every action of ``kind`` on one target, as ``_START_KINDS[kind]`` lists them: a draw
    source, None (the ticket deck), a :class:`RouteFacts` or a city."""
    if kind == "draw":
        return [_made(DrawCard, target)]
    if kind == "tickets":
        return [_made(DrawTickets)]
    hand = state["players"][state["current"]]["hand"]
    if kind == "claim":
        return _claims(target, hand)
    cost = _station_cost(state)
    assert cost is not None             # a station city is listed only when a station can be built
    return _paid(BuildStation, target, _payments(TRAIN_COLOURS, cost, 0, hand))


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the current player, in a fixed order (empty once the game is over)."""
    phase = state["phase"]
    if phase == _START:
        actions: list[Action] = []
        for kind, targets in _start_targets(state).items():
            if kind == "station":       # the same payments for every city
                cost = _station_cost(state)
                assert cost is not None
                pays = list(_payments(TRAIN_COLOURS, cost, 0, state["players"][state["current"]]["hand"]))
                for city in targets:
                    actions += _paid(BuildStation, city, pays)
            else:
                for t in targets:
                    actions += _expand(state, kind, t)
        return actions or [Pass()]
    if phase == _SECOND_DRAW:
        return [_made(DrawCard, s) for s in _draw_sources(state)]
    if phase in (_SETUP_TICKETS, _TICKETS):
        offer = state["players"][state["current"]]["offer"]
        low, high = keep_limits(state)
        return [KeepTickets(kept) for k in range(low, high + 1) for kept in itertools.combinations(offer, k)]
    if phase == _TUNNEL:
        return [*(PayTunnel(*pay) for pay in _tunnel_payments(state)), Withdraw()]
    return []


def sample_action(state: State, rng: Rng) -> Action:
    """A random legal action without listing them all: uniform over the available kinds of action
    (draw, tickets, claim, station), then over their targets (source, route, city), then over
    the payments; in the other phases uniform over ``legal_actions``."""
    phase = state["phase"]
    if phase == _SECOND_DRAW:
        return _made(DrawCard, rng.choice(_draw_sources(state)))     # as legal_actions: one action per source
    if phase != _START:
        return rng.choice(legal_actions(state))
    kinds = list(_START_KINDS)
    while kinds:            # draw kinds without replacement: the first available one is uniform among them
        kind = kinds.pop(rng.below(len(kinds)))
        targets = _START_KINDS[kind](state)
        if targets:
            return _sample_expanded(state, kind, rng.choice(targets), rng)
    return Pass()


def _sample_expanded(state: State, kind: str, target: Any, rng: Rng) -> Action:
    """``rng.choice(_expand(state, kind, target))`` with the same draw, building only the action
    chosen."""
    if kind == "claim":
        return rng.choice(_claims(target, state["players"][state["current"]]["hand"]))
    if kind == "station":
        cost = _station_cost(state)
        assert cost is not None         # a station city is listed only when a station can be built
        pays = list(_payments(TRAIN_COLOURS, cost, 0, state["players"][state["current"]]["hand"]))
        return BuildStation(target, *rng.choice(pays))
    rng.skip()                          # below(1): the one action of a draw source or of the ticket deck
    return _made(DrawCard, target) if kind == "draw" else _made(DrawTickets)


# --- applying an action -----------------------------------------------------------------------

_PHASE_HINT = {       # phase -> (reason key, English): what the phase asks for instead
    Phase.SETUP_TICKETS: ("rule.phase.setup_tickets", "it is the initial ticket choice: keep tickets from your offer"),
    Phase.START: ("rule.phase.start", "it is the start of a turn: draw, claim, take tickets, build a station, or pass"),
    Phase.SECOND_DRAW: ("rule.phase.second_draw", "draw your second train card"),
    Phase.TUNNEL: ("rule.phase.tunnel", "pay the tunnel's extra cards or withdraw"),
    Phase.TICKETS: ("rule.phase.tickets", "keep tickets from your offer"),
    Phase.OVER: ("rule.phase.over", "the game is over"),
}
_ALLOWED: dict[Phase, tuple[type, ...]] = {
    Phase.SETUP_TICKETS: (KeepTickets,), Phase.TICKETS: (KeepTickets,),
    Phase.START: (DrawCard, DrawTickets, ClaimRoute, BuildStation, Pass),
    Phase.SECOND_DRAW: (DrawCard,), Phase.TUNNEL: (PayTunnel, Withdraw), Phase.OVER: (),
}


def apply_action(state: State, action: Action) -> Event:
    """Check ``action`` and apply it to ``state`` in place; what happened (``game.events``).
    Raise :class:`IllegalActionError` if it is illegal."""
    action_type = type(action)
    how = _APPLY.get(action_type)
    if how is None:
        raise IllegalActionError(f"not an action: a value of type {action_type.__name__}", "rule.not_an_action")
    check, apply = how
    if check is not None:       # fields of the wrong type (booleans as counts, ...) are refused first
        problem = check(action)
        if problem:
            raise _fail(action, *problem)
    phase = state["phase"]
    if action_type not in _ALLOWED[phase]:
        raise _fail(action, *_PHASE_HINT[phase])
    return apply(state, action)


def _apply_draw(state: State, action: DrawCard) -> Event:
    source = action.source
    second = state["phase"] == _SECOND_DRAW
    if source == "deck":
        if not (state["deck"] or state["discard"]):
            raise _fail(action, "rule.draw.empty", "the deck and the discard pile are empty")
    elif source not in state["market"]:
        raise _fail(action, "rule.draw.not_face_up", f"no {source} card is face up", card=source)
    elif second and source == LOCOMOTIVE:
        raise _fail(action, "rule.draw.second_locomotive", "a face-up locomotive cannot be the second card")
    seat = state["current"]
    player = state["players"][seat]
    hand = player["hand"]
    event: Event
    if source == "deck":
        card = draw_card(state)
        assert card is not None         # checked above: the deck or the discard pile has cards
        hand[card] += 1
        event = {"kind": "draw", "seat": seat, "private": {SEAT_KEYS[seat]: {"card": card}}, "source": "deck",
                 "turned_up": [], "resets": 0}
    else:
        market = state["market"]
        i = market.index(source)
        hand[source] += 1
        player["face_up"].append(source)     # every player saw it taken
        replacement = draw_card(state)
        if replacement is None:
            del market[i]
        else:
            market[i] = replacement
        turned, resets = settle_market(state)
        event = {"kind": "draw", "seat": seat, "private": {}, "source": "face-up", "card": source,
                 "turned_up": [replacement, *turned] if replacement is not None else turned, "resets": resets}
    if second or source == LOCOMOTIVE:
        _end_turn(state, event)
    else:
        state["phase"] = _SECOND_DRAW
        if not (state["deck"] or state["discard"]) and all(k == LOCOMOTIVE for k in state["market"]):
            _end_turn(state, event)       # nothing left to draw (a face-up locomotive cannot be second)
    return event


def _apply_draw_tickets(state: State, action: DrawTickets) -> Event:
    deck = state["ticket_deck"]
    if not deck:
        raise _fail(action, "rule.tickets.empty", "the ticket deck is empty")
    n = board(state["map"]).game_map.variant(state["variant"]).draw
    seat = state["current"]
    offer = state["players"][seat]["offer"] = deck[:n]
    del deck[:n]
    state["phase"] = _TICKETS
    return {"kind": "draw-tickets", "seat": seat, "private": {SEAT_KEYS[seat]: {"offer": list(offer)}},
            "count": len(offer)}


def _apply_keep(state: State, action: KeepTickets) -> Event:
    seat = state["current"]
    player = state["players"][seat]
    offer = player["offer"]
    kept = action.tickets
    if not isinstance(kept, tuple) or not all(isinstance(t, str) for t in kept) or len(set(kept)) != len(kept):
        raise _fail(action, "rule.keep.names", "name each kept ticket once")
    missing = [t for t in kept if t not in offer]
    if missing:
        raise _fail(action, "rule.keep.not_offered",
                    f"not on offer: {', '.join(map(str, missing))} (offered: {', '.join(offer)})")
    low, high = keep_limits(state)
    if not low <= len(kept) <= high:
        if low != high:
            raise _fail(action, "rule.keep.range", f"keep {low} to {high} of the {len(offer)} offered tickets",
                        low=low, high=high, offered=len(offer))
        raise _fail(action, "rule.keep.exactly", f"keep exactly {low} of the offered tickets", count=low)
    returned = [t for t in offer if t not in kept]
    player["tickets"].extend(t for t in offer if t in kept)
    player["offer"] = []
    event: Event = {"kind": "keep", "seat": seat, "private": {SEAT_KEYS[seat]: {"kept": [t for t in offer if t in kept]}},
                    "count": len(kept), "returned": len(returned), "setup": state["phase"] == _SETUP_TICKETS}
    if state["phase"] == _TICKETS:
        state["ticket_deck"].extend(returned)
        _end_turn(state, event)
        return event
    stages = board(state["map"]).game_map.variant(state["variant"]).initial
    stage = stages[state["stage"]]
    if stage["returned"] == "box":
        state["box"].extend(returned)
    else:
        if stage["returned"] == "bottom-shuffled":
            shuffle(state, returned)
        state["ticket_deck"].extend(returned)
    n = len(state["players"])
    state["current"] = (state["current"] + 1) % n
    if state["current"] != state["first"]:
        return event
    if state["stage"] + 1 < len(stages):
        state["stage"] += 1
        deal_stage(state, stages[state["stage"]])
        event["dealt"] = [len(p["offer"]) for p in state["players"]]      # the next stage's offers
        for seat, p in enumerate(state["players"]):
            add_private(event, seat, offer=list(p["offer"]))
    else:
        state["phase"] = _START
    return event


def _apply_claim(state: State, action: ClaimRoute) -> Event:
    b = board(state["map"])
    r = b.by_id.get(action.route) if isinstance(action.route, str) else None
    if r is None:
        raise _fail(action, "rule.route.unknown", f"no route {action.route!r} on this map")
    # the owners of this route and its twins are all _route_problem asks about
    owners = {x: seat for seat, p in enumerate(state["players"]) for x in (r.id, *r.twins) if x in p["routes"]}
    problem = _route_problem(state, state["current"], r, owners)
    if problem:
        key, why, params = problem
        raise _fail(action, key, why, **params)
    hand = state["players"][state["current"]]["hand"]
    _check_payment(action, r.colours, r.length, r.ferry, hand)
    event: Event = {"kind": "claim", "seat": state["current"], "private": {}, "route": r.id, "colour": action.colour,
                    "cards": action.cards, "locomotives": action.locomotives}
    if not r.tunnel:
        _take_route(state, r, action.colour, action.cards, action.locomotives)
        event["points"] = r.points
        _end_turn(state, event)
        return event
    revealed = state["revealed"]
    for _ in range(TUNNEL_REVEAL):
        card = draw_card(state)
        if card is None:
            break
        revealed.append(card)
    extra = sum(tunnel_costs(revealed, action.colour))
    event["revealed"], event["extra"] = list(revealed), extra
    if extra == 0:
        _take_route(state, r, action.colour, action.cards, action.locomotives)
        event["points"] = r.points
        _end_turn(state, event)
        return event
    event["kind"] = "tunnel"        # the extra cost is asked for: pay it or withdraw
    state["tunnel"] = {"route": r.id, "colour": action.colour, "cards": action.cards,
                       "locomotives": action.locomotives, "extra": extra}
    state["phase"] = _TUNNEL
    return event


def _take_route(state: State, r: RouteFacts, colour: str, cards: int, locos: int) -> None:
    player = state["players"][state["current"]]
    _pay(state, player, colour, cards, locos)
    player["routes"].append(r.id)
    player["trains"] -= r.length
    player["score"] += r.points
    _forget_withdrawals(state, r)


def _forget_withdrawals(state: State, r: RouteFacts) -> None:
    """Drop the withdrawals that no longer apply once the current player claims ``r``: from
    ``r`` itself, and from each twin this claim closes (to everyone at a small table, else to
    the claimer)."""
    players, current = state["players"], state["current"]
    for seat, p in enumerate(players):
        if p["withdrawn"]:
            gone = {r.id, *r.twins} if seat == current or twins_close_for_all(len(players)) else {r.id}
            p["withdrawn"] = [w for w in p["withdrawn"] if w["route"] not in gone]


def _pay(state: State, player: Player, colour: str, cards: int, locos: int) -> None:
    """Move the cards paid from ``player``'s hand to the discard pile; the recorded cards (R21) of
    the kinds paid leave its record (as many as were paid: which ones were spent nobody saw)."""
    hand, discard, face_up = player["hand"], state["discard"], player["face_up"]
    if cards:
        hand[colour] -= cards
        discard.extend([colour] * cards)
    if locos:
        hand[LOCOMOTIVE] -= locos
        discard.extend([LOCOMOTIVE] * locos)
    if face_up:
        if cards and colour in face_up:
            _spend(face_up, colour, cards)
        if locos and LOCOMOTIVE in face_up:
            _spend(face_up, LOCOMOTIVE, locos)


def _spend(face_up: list[str], kind: str, paid: int) -> None:
    """Take ``paid`` cards of ``kind`` (or as many as it lists) out of a ``face_up`` record."""
    for _ in range(min(paid, face_up.count(kind))):
        face_up.remove(kind)


def _apply_pay_tunnel(state: State, action: PayTunnel) -> Event:
    t = state["tunnel"]
    assert t is not None                # phase tunnel
    if (action.colour, action.cards, action.locomotives) not in _tunnel_payments(state):
        if t["colour"] == LOCOMOTIVE:
            raise _fail(action, "rule.tunnel.locomotives", f"the tunnel needs exactly {t['extra']} more "
                        "locomotives that you hold besides the cards already played", count=t["extra"])
        raise _fail(action, "rule.tunnel.cards", f"the tunnel needs exactly {t['extra']} more {t['colour']} cards "
                    "or locomotives that you hold besides the cards already played", count=t["extra"],
                    card=t["colour"])
    player = state["players"][state["current"]]
    r = board(state["map"]).by_id[t["route"]]
    _take_route(state, r, t["colour"], t["cards"], t["locomotives"])
    _pay(state, player, action.colour, action.cards, action.locomotives)
    event: Event = {"kind": "claim", "seat": state["current"], "private": {}, "route": r.id, "colour": t["colour"],
                    "cards": t["cards"], "locomotives": t["locomotives"], "revealed": list(state["revealed"]),
                    "extra": t["extra"], "points": r.points,
                    "extra_paid": {"colour": action.colour, "cards": action.cards, "locomotives": action.locomotives}}
    _end_turn(state, event)
    return event


def _apply_withdraw(state: State, action: Withdraw) -> Event:
    tunnel = state["tunnel"]
    assert tunnel is not None                # phase tunnel
    event: Event = {"kind": "withdraw", "seat": state["current"], "private": {}, "route": tunnel["route"],
                    "revealed": list(state["revealed"]), "extra": tunnel["extra"]}
    player = state["players"][state["current"]]     # a public fact until the route is claimed or closed
    player["withdrawn"] = [w for w in player["withdrawn"] if w["route"] != tunnel["route"]] + [
        {"route": tunnel["route"], "colour": tunnel["colour"], "extra": tunnel["extra"]}]
    player["face_up"] = with_tunnel_cards(player["face_up"], tunnel)
    _end_turn(state, event)
    return event


def with_tunnel_cards(record: list[str], tunnel: Tunnel) -> list[str]:
    """``record``, a least count of a hand (R21), with the cards played on ``tunnel`` from that
    hand, which every player saw: at least as many of each kind as were played (a kind already
    listed that often is left as it is, the cards may be the same)."""
    known = list(record)
    for kind, count in ((tunnel["colour"], tunnel["cards"]), (LOCOMOTIVE, tunnel["locomotives"])):
        known.extend([kind] * (count - known.count(kind)))
    return known


def _apply_station(state: State, action: BuildStation) -> Event:
    cost = _station_cost(state)
    if cost is None:
        if board(state["map"]).max_stations:
            raise _fail(action, "rule.station.none_left", "no station left to build")
        raise _fail(action, "rule.station.none_on_map", "there are no stations on this map")
    if not isinstance(action.city, str) or not board(state["map"]).game_map.has_city(action.city):
        raise _fail(action, "rule.station.unknown_city", f"no city {action.city!r} on this map")
    if any(action.city in p["stations"] for p in state["players"]):
        raise _fail(action, "rule.station.taken", "that city already has a station")
    player = state["players"][state["current"]]
    _check_payment(action, TRAIN_COLOURS, cost, 0, player["hand"])
    _pay(state, player, action.colour, action.cards, action.locomotives)
    player["stations"].append(action.city)
    event: Event = {"kind": "station", "seat": state["current"], "private": {}, "city": action.city,
                    "colour": action.colour, "cards": action.cards, "locomotives": action.locomotives}
    _end_turn(state, event)
    return event


def _apply_pass(state: State, action: Pass) -> Event:
    if _can_act(state):
        raise _fail(action, "rule.pass.not_allowed", "passing is only allowed when no other action is")
    state["passes"] += 1
    event: Event = {"kind": "pass", "seat": state["current"], "private": {}}
    _end_turn(state, event, passed=True)
    return event


# each kind of action: the check of its fields (``game.actions.FIELD_CHECKS``) and how to apply it,
# which returns its event
_APPLY: dict[type, tuple[Callable[[Any], tuple[str, str] | None] | None, Callable[[State, Any], Event]]] = {
    kind: (FIELD_CHECKS.get(kind), apply) for kind, apply in (
        (DrawCard, _apply_draw), (DrawTickets, _apply_draw_tickets), (KeepTickets, _apply_keep),
        (ClaimRoute, _apply_claim), (PayTunnel, _apply_pay_tunnel), (Withdraw, _apply_withdraw),
        (BuildStation, _apply_station), (Pass, _apply_pass))
}


# --- end of turn and of the game --------------------------------------------------------------

def _end_turn(state: State, event: Event, passed: bool = False) -> None:
    """Discard revealed tunnel cards, run the last-round count, hand over to the next seat;
    a refill of the market, the start of the last round and the end of the game go in ``event``."""
    if state["revealed"]:
        state["discard"].extend(state["revealed"])
        state["revealed"] = []
    state["tunnel"] = None
    if len(state["market"]) < MARKET_SIZE and (state["deck"] or state["discard"]):
        turned, resets = settle_market(state)     # ruling R7: a short market is refilled once cards are back
        event["refill"] = {"turned_up": turned, "resets": resets}
    if not passed:
        state["passes"] = 0
    n = len(state["players"])
    seat = state["current"]
    if state["last_round"] is not None:
        state["last_round"] -= 1
        if state["last_round"] == 0:
            event["over"] = finish_game(state).to_json()        # a copy of state["result"]
            return
    elif state["players"][seat]["trains"] <= 2:
        state["last_round"] = n
        event["last_round"] = {"trains": state["players"][seat]["trains"]}
    if state["passes"] >= n:
        event["over"] = finish_game(state).to_json()
        return
    state["current"] = (seat + 1) % n
    state["phase"] = _START
    state["turn"] += 1


def finish_game(state: State) -> FinalScore:
    """End the game: final scoring (game.scoring) into ``state["result"]``, every player's score
    becomes the final total, phase ``over``; the final score.  Also used to load a finished position."""
    game_map = board(state["map"]).game_map
    result = final_scoring(game_map, [PlayerPosition(tuple(p["routes"]), tuple(p["stations"]), tuple(p["tickets"]))
                                      for p in state["players"]])
    state["result"] = result.to_json()
    for p, s in zip(state["players"], result.players):
        p["score"] = s.total
    state["phase"] = _OVER
    state["last_round"] = None
    return result
