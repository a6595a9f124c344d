"""The dialogs, as typed values: what the table asks the player now (a handoff, the last round,
tickets to keep, a tunnel to pay, this tab stopped), and what the player opened (a route's or
a city's payments, a reason, a message, the share links); which is up, and how each is made.

>>> from game.ui.session import Session
>>> game = Session({"map": "usa", "seed": 1, "players": ["Ann", "Bob"]})
>>> type(table_dialog(game, None)).__name__
'HandoffDialog'
>>> game.acknowledge_handoff()
>>> asked = table_dialog(game, None)
>>> type(asked).__name__, asked.count_problem(1)
('TicketsDialog', 'Keep 2 to 3 tickets.')
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import BuildStation, ClaimRoute, PayTunnel, Withdraw
from game.i18n import _
from game.mapdata import GameMap
from game.rules import TUNNEL_REVEAL, tunnel_costs
from game.share import embed_link, public_scenario
from game.state import Phase
from game.ui.choices import (
    route_payments,
    station_payments,
    ticket_choice,
    tunnel_choice,
)
from game.ui.session import Session


@dataclass(frozen=True)
class StaleDialog:
    """Another tab played this game on (or deleted it): this one stopped."""


@dataclass(frozen=True)
class HandoffDialog:
    seat: int                   # the player the device goes to (``game.ui.screen.recap``: what they missed)


@dataclass(frozen=True)
class LastRoundDialog:
    seat: int                   # the player about to play their last turn
    started_by: int | None      # None: the game was loaded already in its last round
    trains: int | None


@dataclass(frozen=True)
class TicketsDialog:
    low: int
    high: int
    offer: tuple[str, ...]

    def count_problem(self, kept: int) -> str | None:
        """What is wrong with keeping ``kept`` tickets: how many the rules ask (None: nothing)."""
        if self.low <= kept <= self.high:
            return None
        if self.low == self.high:
            return _("table.keep_exactly", count=self.low)
        return _("table.keep_rule", low=self.low, high=self.high)


@dataclass(frozen=True)
class TunnelDialog:
    route: str
    revealed: tuple[str, ...]
    extra: int
    options: tuple[PayTunnel | Withdraw, ...]     # the payments, then withdraw
    rule: str = ""              # what a tunnel may cost, in a line (``tunnel_rule``)
    matches: tuple[bool, ...] = ()      # which revealed cards cost a card more

    @property
    def spot(self) -> str:
        return f"route-{self.route}"


@dataclass(frozen=True)
class PaymentDialog:
    kind: str                   # "claim" or "station", its payments' control (``Control.CLAIM``, ``.STATION``)
    title: str
    payments: tuple[ClaimRoute | BuildStation, ...]
    spot: str                   # the board element it is about: route-… or city-…
    rule: str | None = None     # the rule of what is paid for, in a line: a tunnel's, a station's


@dataclass(frozen=True)
class ShareDialog:
    """The position's embed links: public facts only, and (when a player's cards are on screen)
    one that also shows that player's hand and tickets."""

    public: str
    own: str | None
    seat: int | None            # the player whose cards were on screen (``own`` is theirs)
    spot: None = None


@dataclass(frozen=True)
class MessageDialog:
    title: str
    text: str
    spot: str | None = None


def tunnel_rule() -> str:
    """What a tunnel may cost, in a line: the cards turned over (``game.rules.TUNNEL_REVEAL``)
    that ask one card more each, or withdraw."""
    return _("table.tunnel_rule", reveal=TUNNEL_REVEAL)


def station_rule(game_map: GameMap) -> str:
    """What a station does and costs, in a line: the route it borrows at the end, the points of
    each station not built (the map's ``station_points``), the n-th station's n cards."""
    return _("table.station_rule", points=game_map.rules["station_points"])


Dialog = (StaleDialog | HandoffDialog | LastRoundDialog | TicketsDialog | TunnelDialog | PaymentDialog
          | ShareDialog | MessageDialog)
CLOSABLE = (PaymentDialog, ShareDialog, MessageDialog)       # the dialogs a player opened, and may close


def table_dialog(session: Session, opened: Dialog | None) -> Dialog | None:
    """The dialog up in a game (the tab still playing it): what the game asks first (a handoff;
    the last round; tickets to keep, the opening's ahead of the seat's turn too, whoever else
    acts meanwhile: ``Session.choosing_ahead``; a tunnel to pay), else ``opened``, the one the player opened; while an AI seat plays or a turn's end is shown,
    only the share dialog stays, and once the game is over, the share dialog or a message (a
    guest's check of the fair deal)."""
    s = session
    if s.handoff_to is not None:
        return HandoffDialog(s.handoff_to)
    if s.over:      # the final table: what the player opened stays (the share links, a message: a guest's fair deal)
        return opened if isinstance(opened, (ShareDialog, MessageDialog)) else None
    if s.choosing_ahead():      # the opening's tickets, every seat at once: this seat's, whoever else acts
        low, high, offer = ticket_choice(s)
        return TicketsDialog(low, high, tuple(offer))
    if s.ai_to_move() or s.pausing_for is not None:
        # (while pausing, the screen is the last player's: nothing of the next one's)
        return opened if isinstance(opened, ShareDialog) else None
    if s.current in s.elsewhere or s.current in s.held:     # a guest's choice is made on its own device
        return opened
    notice = s.last_round_notice()
    if notice is not None:
        return LastRoundDialog(s.current, *notice)
    phase = s.state["phase"]
    if phase in (Phase.SETUP_TICKETS, Phase.TICKETS):
        low, high, offer = ticket_choice(s)
        return TicketsDialog(low, high, tuple(offer))
    if phase == Phase.TUNNEL:
        tunnel, revealed, options = tunnel_choice(s)
        return TunnelDialog(tunnel["route"], tuple(revealed), tunnel["extra"], tuple(options), tunnel_rule(),
                            tunnel_costs(revealed, tunnel["colour"]))
    return opened


def route_dialog(session: Session, route_id: str) -> PaymentDialog | MessageDialog | None:
    """A route clicked: the ways to pay for it, or why it cannot be claimed (None: no such route)."""
    game_map = session.map
    if not game_map.has_route(route_id):
        return None
    payments, reason = route_payments(session, route_id)
    r = game_map.route(route_id)
    title = _("table.claim_title", a=game_map.city(r.a).name, b=game_map.city(r.b).name)
    spot = f"route-{route_id}"
    if not payments:
        return MessageDialog(title, reason or "", spot)
    return PaymentDialog("claim", title, tuple(payments), spot, tunnel_rule() if r.tunnel else None)


def city_dialog(session: Session, city_id: str) -> PaymentDialog | MessageDialog | None:
    """A city clicked: the ways to pay for a station there, or why not (None: no such city, or a
    map without stations)."""
    game_map = session.map
    if not game_map.rules["stations"] or not game_map.has_city(city_id):
        return None
    payments, reason = station_payments(session, city_id)
    title = _("table.station_title", city=game_map.city(city_id).name)
    spot = f"city-{city_id}"
    if not payments:
        return MessageDialog(title, reason or "", spot)
    return PaymentDialog("station", title, tuple(payments), spot, station_rule(game_map))


def share_dialog(session: Session, site: str) -> ShareDialog:
    """The position's embed links (``game.share.public_scenario``) on the site at ``site``: the
    public one, and one with the hand, tickets and face-up record of the player whose cards are
    on screen."""
    seat = session.viewer
    public = embed_link(site, public_scenario(session.state, session.levels))
    own = None if seat is None else embed_link(site, public_scenario(session.state, session.levels, seat), view=seat)
    return ShareDialog(public, own, seat)
