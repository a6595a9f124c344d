"""What a move lights, wherever it is shown (a hint in play, a review's step, a lesson's step):
the route it claims (or the tunnel's it pays for or gives up), the city of a station, the
market's face-up cards of the kind it takes, the deck or the tickets' pile it draws from, the
tickets of a choice it keeps (their cities on the board), the tunnel's option it picks, and the
cards of the hand it spends.  Every kind of action lights something but a pass, which is never
a choice (it is legal only when nothing else is).

Read from the seat's view at the move (``game.view.player_view``): the market and the tunnel
under way are public, so nothing here needs more.

>>> from game.actions import DrawCard, KeepTickets
>>> from game.state import new_game
>>> from game.view import player_view
>>> view = player_view(new_game("usa", players=2, seed=3), 0)
>>> view["market"]
['black', 'purple', 'locomotive', 'locomotive', 'purple']
>>> lit(view, DrawCard("purple")).slots, lit(view, DrawCard("deck")).deck
((1, 4), True)
>>> sorted(lit(view, KeepTickets(("duluth--el-paso",))).cities)
['duluth', 'el-paso']
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
from game.mapdata import LOCOMOTIVE, load_map
from game.view import View


@dataclass(frozen=True)
class Lit:
    """What a move lights: on the board ``routes`` and ``cities``; in the market the face-up
    ``slots`` (positions in the view's ``market``), the ``deck``, the tickets' ``pile``; in a
    ticket choice the ``tickets`` kept; in a tunnel's choice the ``option`` (the action itself);
    in the hand the card kinds it ``spends`` (or the face-up kind it ``takes``)."""

    routes: frozenset[str] = field(default_factory=frozenset)
    cities: frozenset[str] = field(default_factory=frozenset)
    slots: tuple[int, ...] = ()
    deck: bool = False
    pile: bool = False
    tickets: tuple[str, ...] = ()
    option: Action | None = None
    spends: tuple[str, ...] = ()
    takes: tuple[str, ...] = ()

    def market_keys(self) -> frozenset[int | str]:
        """The keys of the market's cards lit (``game.ui.panels.market``: 0 the deck, 1 to 5 the
        face-up cards, ``"tickets"`` the tickets' pile)."""
        keys: set[int | str] = {slot + 1 for slot in self.slots}
        if self.deck:
            keys.add(0)
        if self.pile:
            keys.add("tickets")
        return frozenset(keys)

    def marks(self) -> dict[str, list[str]]:
        """As a lesson step's ``highlight`` (``game.steps``): routes, cities, tickets, and the card
        kinds of the hand it spends or takes."""
        marks = {"routes": sorted(self.routes), "cities": sorted(self.cities), "tickets": list(self.tickets),
                 "cards": [*self.spends, *self.takes]}
        return {key: ids for key, ids in marks.items() if ids}


def _spent(colour: str, cards: int, locomotives: int) -> tuple[str, ...]:
    kinds = [colour] if cards or colour == LOCOMOTIVE else []
    if locomotives and LOCOMOTIVE not in kinds:
        kinds.append(LOCOMOTIVE)
    return tuple(kinds)


def _tunnel_route(view: View) -> frozenset[str]:
    tunnel = view["tunnel"]
    return frozenset() if tunnel is None else frozenset([tunnel["route"]])


def lit(view: View, action: Action) -> Lit:
    """What ``action``, played from ``view``, lights (module doc)."""
    match action:
        case ClaimRoute(route, colour, cards, locomotives):
            return Lit(routes=frozenset([route]), spends=_spent(colour, cards, locomotives))
        case BuildStation(city, colour, cards, locomotives):
            return Lit(cities=frozenset([city]), spends=_spent(colour, cards, locomotives))
        case DrawCard(source) if source == "deck":
            return Lit(deck=True)
        case DrawCard(source):
            return Lit(slots=tuple(i for i, kind in enumerate(view["market"]) if kind == source), takes=(source,))
        case DrawTickets():
            return Lit(pile=True)
        case KeepTickets(tickets):
            game_map = load_map(view["map"])
            ends = {city for t in tickets for city in (game_map.ticket(t).a, game_map.ticket(t).b)}
            return Lit(cities=frozenset(ends), tickets=tuple(tickets))
        case PayTunnel(colour, cards, locomotives):
            return Lit(routes=_tunnel_route(view), option=action, spends=_spent(colour, cards, locomotives))
        case Withdraw():
            return Lit(routes=_tunnel_route(view), option=action)
    return Lit()
