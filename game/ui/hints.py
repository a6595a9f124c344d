"""A hint for a human seat: the move the hard AI would play there (``Session.hint_request``,
answered by the AI helper like an AI seat's move), explained in one line in the player's
language against the seat's plan (which ticket a claim completes or advances and its points,
which route a card is collected for, why these tickets, why pay or withdraw from a tunnel,
which route a station borrows for which ticket), and what that reason names on the board (the
routes and cities it speaks of).  What the move itself lights (its route, its card of the market,
its tickets of the choice, its tunnel's option) is ``game.ui.lit``'s, as in a review.

Everything here reads the seat's view only (``game.view.player_view``), as the AI does.

>>> from game.i18n import set_language
>>> from game.actions import ClaimRoute
>>> from game.scenario import load_scenario
>>> from game.view import player_view
>>> _lang = set_language("en")
>>> state, _acts = load_scenario({"map": "usa", "players": ["Ann", "Bob"], "position": {"phase": "start",
...     "players": [{"tickets": ["duluth--el-paso"], "routes": ["duluth--omaha--1", "el-paso--santa-fe",
...                                                          "denver--santa-fe"]}, {}]}})
>>> reason = explain(player_view(state, 0), ClaimRoute("denver--omaha", "purple", 4, 0), [])
>>> reason.text(state)
'Claim Denver–Omaha: it completes Duluth–El Paso, +10.'
>>> sorted(reason.routes), sorted(reason.cities)
(['denver--omaha'], ['duluth', 'el-paso'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game import cldr
from game.actions import (
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
from game.ai.planning import Knowledge, Plan, card_needs, make_plan
from game.i18n import _
from game.mapdata import GRAY, LOCOMOTIVE, GameMap
from game.scoring import tickets_completed
from game.state import State
from game.ui.lit import Lit
from game.ui.words import named, ticket_name
from game.view import View


@dataclass(frozen=True)
class Hint:
    """The hint asked in one position: the seat, the actions played then, the AI helper's ticket,
    and once it is in the move, its reason and what the move lights (None: being worked out)."""

    seat: int
    at: int
    ticket: int
    action: Action | None = None
    reason: Reason | None = None
    lit: Lit | None = None

    def stands(self, seat: int | None, at: int) -> bool:
        """Whether the hint is for the position on the table (this seat to act, nothing played since)."""
        return seat == self.seat and at == self.at


@dataclass(frozen=True)
class Reason:
    """A move in words (``move`` and ``why``: an i18n key and its parameters, ids named when
    shown) and the routes and cities the words speak of, lit on the board."""

    move: tuple[str, dict[str, Any]]
    why: tuple[str, dict[str, Any]]
    routes: frozenset[str] = field(default_factory=frozenset)
    cities: frozenset[str] = field(default_factory=frozenset)

    def text(self, state: State) -> str:
        """The hint's line in the language of the moment ("Claim Denver–Omaha: it completes …")."""
        (move_key, move), (why_key, why) = self.move, self.why
        return _("hint.line", move=_(move_key, **named(move, state)), why=_(why_key, **named(why, state)))


@dataclass(frozen=True)
class HintScreen:
    """The hint on screen (part of ``game.ui.screen.Screen``; present while the Hint command is
    offered): its line ("" before it is asked in this position) and what its move lights
    (``game.ui.lit``: the market's cards, the tickets of the choice, the tunnel's option)."""

    line: str = ""
    lit: Lit = field(default_factory=Lit)


def explain(view: View, action: Action, legal: Sequence[Action]) -> Reason:
    """Why ``action`` is a good move for the view's seat, from its view only: its plan (the
    planner's, ``game.ai.planning``) is what the reason speaks of."""
    k = Knowledge(view)
    match action:
        case KeepTickets(tickets):
            return _keep(k, tickets)
        case ClaimRoute(route):
            return _claim(k, route, ("hint.move.claim", {"route": route}))
        case PayTunnel(_colour, cards, locomotives):
            tunnel = view["tunnel"]
            route = "" if tunnel is None else tunnel["route"]
            return _claim(k, route, ("hint.move.pay", {"route": route, "count": cards + locomotives}))
        case Withdraw():
            tunnel = view["tunnel"]
            route = "" if tunnel is None else tunnel["route"]
            can_pay = any(isinstance(a, PayTunnel) for a in legal)
            return Reason(("hint.move.withdraw", {"route": route}),
                          ("hint.why.withdraw" if can_pay else "hint.why.cannot_pay", {}),
                          routes=frozenset([route]) if route else frozenset())
        case DrawCard(source):
            return _draw(k, source)
        case DrawTickets():
            done = not k.incomplete()
            return Reason(("hint.move.draw_tickets", {}),
                          ("hint.why.tickets_done" if done else "hint.why.tickets", {"count": k.trains}))
        case BuildStation(city):
            return _station(k, city)
        case Pass():
            return Reason(("hint.move.pass", {}), ("hint.why.only", {}))
    raise TypeError(f"no hint for the action {action!r}")


def _plan(k: Knowledge) -> Plan:
    return make_plan(k, k.incomplete())


def _claim(k: Knowledge, route: str, move: tuple[str, dict[str, Any]]) -> Reason:
    """A claim (or a tunnel paid): the ticket it completes, else the one whose path it is on, else its points."""
    if not route:
        return Reason(move, ("hint.why.only", {}))
    game_map = k.map
    lit = frozenset([route])
    open_tickets = sorted(k.incomplete(), key=lambda t: (-game_map.ticket(t).points, t))
    done = tickets_completed(game_map, k.mine | {route}, open_tickets)
    for t in open_tickets:
        if done[t]:
            return Reason(move, ("hint.why.completes", {"ticket": ticket_name(game_map, t),
                                                        "points": game_map.ticket(t).points}),
                          lit, _ends(game_map, t))
    paths = _plan(k).paths
    for t in open_tickets:
        if route in paths.get(t, ()):
            return Reason(move, ("hint.why.advances", {"ticket": ticket_name(game_map, t),
                                                       "points": game_map.ticket(t).points}),
                          lit, _ends(game_map, t))
    return Reason(move, ("hint.why.points", {"points": game_map.route_points(game_map.route(route).length)}), lit)


def _ends(game_map: GameMap, ticket: str) -> frozenset[str]:
    t = game_map.ticket(ticket)
    return frozenset((t.a, t.b))


def _keep(k: Knowledge, kept: tuple[str, ...]) -> Reason:
    """Tickets kept: the trains their plan (with the tickets held) needs, the points they bring."""
    game_map = k.map
    plan = make_plan(k, [*k.tickets, *kept])
    points = sum(game_map.ticket(t).points for t in kept if t not in plan.failed)
    names = cldr.join(ticket_name(game_map, t) for t in kept)
    cities = frozenset(c for t in kept for c in _ends(game_map, t))
    return Reason(("hint.move.keep", {"tickets": names}), ("hint.why.keep", {"count": plan.trains, "points": points}),
                  frozenset(plan.routes), cities)


def _draw(k: Knowledge, source: str) -> Reason:
    """A card drawn: the planned route it is collected for (or the deck, when no face-up card helps)."""
    if source == "deck":
        return Reason(("hint.move.draw_deck", {}), ("hint.why.deck", {}))
    move = ("hint.move.draw_card", {"card": source})
    plan = _plan(k)
    if source == LOCOMOTIVE:
        return Reason(move, ("hint.why.locomotive", {}))
    needs = card_needs(k, plan.routes)
    if needs.get(source, 0) > 0:
        routes = [r for r in plan.routes if k.map.route(r).colour == source] \
            or [r for r in plan.routes if k.map.route(r).colour == GRAY]
        if routes:
            return Reason(move, ("hint.why.card_for", {"route": routes[0]}), frozenset(routes[:1]))
    return Reason(move, ("hint.why.card_spare", {}))


def _station(k: Knowledge, city: str) -> Reason:
    """A station: the opponent's route it borrows and the ticket that needs it."""
    move = ("hint.move.station", {"city": city})
    plan = _plan(k)
    game_map = k.map
    for at, route in plan.borrows:
        if at != city:
            continue
        for t, path in plan.paths.items():
            if route in path:
                return Reason(move, ("hint.why.borrow", {"route": route, "ticket": ticket_name(game_map, t),
                                                         "points": game_map.ticket(t).points}),
                              frozenset([route]), frozenset([city]))
    return Reason(move, ("hint.why.station", {}), cities=frozenset([city]))
