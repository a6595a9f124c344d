"""The game screen: the board, the market, the players' panels, the log, the dialogs and the
handoff and end screens, drawn from a ``game.ui.session.Session``.

Only what ``Session.view()`` holds reaches the page, so while the handoff screen shows no
player's hand, tickets or offer is in the DOM.  The board is drawn once per game with
``render_board``; after that a route or city is drawn again (``render_route`` /
``render_city``) only when its owner or stations change, and a highlight only switches
classes.  The side column keeps its parts from one redraw to the next and builds again only
the cards, lines and events whose facts changed, so a move costs the page little.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import js

from game.actions import PayTunnel
from game.board.render import (
    Highlights,
    Owners,
    render_board,
    render_city,
    render_route,
)
from game.i18n import CARD_KEYS, _
from game.mapdata import CARD_KINDS
from game.scoring import tickets_completed
from game.state import Phase, State
from game.ui import ending
from game.ui.ai_turn import LEVEL_KEYS
from game.ui.log import event_text
from game.ui.session import Session
from game.web.dom import KeyedList, Node, button, disable, el


def player_label(session: Session, seat: int) -> str:
    """A player's name, with the level for an AI seat: "Ada (AI, hard)"."""
    name, level = session.state["players"][seat]["name"], session.levels[seat]
    return name if level is None else _("table.ai_name", name=name, ai=_(LEVEL_KEYS[level]))


ROUTE_LAYERS = ("claimable", "network", "trail", "borrowed")     # the board's highlight classes of a route


def _changed(before: dict, after: dict) -> set:
    """The keys whose values differ between two dicts (missing counts as None)."""
    return {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}


class Board:
    """The SVG board in the page, updated piece by piece: a route or city is drawn again only
    when its owner or stations change; a highlight only switches classes (``docs/board.md``)."""

    def __init__(self, container, session: Session) -> None:
        self.container = container
        self.map = session.map
        self.owners: dict[str, str] = {}        # as drawn: route -> owner's colour
        self.stations: dict[str, list[str]] = {}    # city -> the colours of its stations
        self.hl: Highlights | None = None       # None: not drawn yet

    def update(self, view: Mapping[str, Any], hl: Highlights) -> int:
        """Bring the board up to date; the number of routes and cities redrawn or restyled."""
        drawn = Owners.of(view)
        owners, stations = drawn.routes, drawn.stations
        if self.hl is None:
            self.container.innerHTML = render_board(self.map, view, highlights=hl)
            self.owners, self.stations, self.hl = owners, stations, hl
            return len(self.map.routes) + len(self.map.cities)
        document = js.document
        redrawn = _changed(self.owners, owners)
        for route_id in redrawn:
            document.getElementById(f"route-{route_id}").outerHTML = render_route(
                self.map, route_id, view, highlights=hl)
        restyled: dict[str, list] = {}          # route -> its classes to switch: (name, on)
        old = self.hl
        for name in ROUTE_LAYERS:
            for route_id in getattr(old, name) ^ getattr(hl, name):
                restyled.setdefault(route_id, []).append((name, route_id in getattr(hl, name)))
        lit_before, lit = old.network | old.trail | old.borrowed, hl.network | hl.trail | hl.borrowed
        for route_id in lit_before ^ lit:
            restyled.setdefault(route_id, []).append(("highlight", route_id in lit))
        for route_id in restyled.keys() - redrawn:
            classes = document.getElementById(f"route-{route_id}").classList
            for name, on in restyled[route_id]:
                classes.toggle(name, on)
        cities = _changed(self.stations, stations)
        for city_id in cities:
            document.getElementById(f"city-{city_id}").outerHTML = render_city(
                self.map, city_id, view, highlights=hl)
        for city_id in (old.cities ^ hl.cities) - cities:
            document.getElementById(f"city-{city_id}").classList.toggle("highlight", city_id in hl.cities)
        self.owners, self.stations, self.hl = owners, stations, hl
        return len(redrawn | restyled.keys()) + len(cities | (old.cities ^ hl.cities))


def highlights(session: Session, view: Mapping[str, Any], ticket: str | None) -> Highlights:
    """Claimable routes for the player to act, a focused ticket's cities and network, the end's layers."""
    if session.over:
        layers = ending.end_highlights(session.state)
        return Highlights(trail=frozenset(layers["trail"]), borrowed=frozenset(layers["borrowed"]))
    seat = view["viewer"] if session.viewer is not None else None
    claimable = frozenset(a.route for a in session.legal() if hasattr(a, "route")) \
        if seat == session.current and session.state["phase"] == Phase.START else frozenset()
    if ticket and seat is not None:
        t = session.map.ticket(ticket)
        return Highlights(claimable=claimable, cities=frozenset((t.a, t.b)),
                          network=frozenset(view["players"][seat]["routes"]))
    return Highlights(claimable=claimable)


def status_line(session: Session) -> str:
    state = session.state
    if session.over:
        return _("table.status.over")
    if session.handoff_to is not None:
        return _("table.status.handoff", name=state["players"][session.handoff_to]["name"])
    key = {Phase.SETUP_TICKETS: "table.status.setup", Phase.START: "table.status.start",
           Phase.SECOND_DRAW: "table.status.second", Phase.TUNNEL: "table.status.tunnel",
           Phase.TICKETS: "table.status.tickets"}[state["phase"]]
    if key == "table.status.start" and not session.map.rules["stations"]:
        key = "table.status.start_no_stations"
    text = _(key, name=player_label(session, state["current"]))
    if state["last_round"] is not None:
        text += " " + _("table.status.last_round", count=state["last_round"])
    return text


class SideColumn:
    """The side column in the page: the cards, the viewer's panel, every player and the log,
    or, once the game is over, the end screen and the log.  Its parts are kept from one redraw
    to the next and only what changed in them is built again (``game.web.dom.KeyedList``)."""

    def __init__(self, container) -> None:
        self.container = container
        self.market = Market()
        self.own: OwnPanel | None = None
        self.players = Players()
        self.log = Log()
        self.end = None
        self.parts: list = []

    def update(self, session: Session, view: Mapping[str, Any], mine: bool) -> bool:
        """Bring the column up to date (``mine``: the viewer is to act); whether the log grew."""
        if session.over:
            self.own = None
            if self.end is None:
                self.end = end_screen(session)
            parts: list[Node | None] = [self.end]
        else:
            if session.viewer is None:
                self.own = None         # the handoff screen: no hand or ticket stays in the page
            elif self.own is None or self.own.seat != session.viewer:
                self.own = OwnPanel(session, view)
            parts = [self.market.update(session, mine), self.own and self.own.update(session, view),
                     self.players.update(session, view)]
        grew = self.log.update(session)
        parts = [p for p in parts if p is not None] + [self.log.node]
        if len(parts) != len(self.parts) or any(a is not b for a, b in zip(parts, self.parts)):
            self.container.replaceChildren(*parts)
            self.parts = parts
        return grew


class Market:
    """The deck and the face-up cards as buttons, disabled (with the reason) when not allowed."""

    def __init__(self) -> None:
        cards = el("div", None, cls="cards")
        self.node = el("section", None, el("h2", _("table.market")), cards, cls="market", aria_label=_("table.market"))
        self.cards = KeyedList(cards)

    def update(self, session: Session, mine: bool) -> Node:
        """``mine``: the viewer is to act, and a forbidden pick says why (else: not your turn)."""
        if mine:
            tickets = session.tickets_choice()
            cards = [(source, None if c.enabled else c.reason)          # draw_choices: the deck, then the market
                     for source, c in zip(("deck", *session.state["market"]), session.draw_choices())]
            ticket_reason = None if tickets.enabled else tickets.reason
        else:       # no need to ask the engine why each pick is refused
            ticket_reason = _("table.not_your_turn")
            cards = [(source, ticket_reason) for source in ("deck", *session.state["market"])]
        looks: list[tuple[int | str, tuple[str, str, str, str | None, str, str | None]]] = []
        # a card: (label, command, source, why disabled, classes, slot)
        for i, (source, reason) in enumerate(cards):
            label = _("table.deck", count=len(session.state["deck"])) if i == 0 else _(CARD_KEYS[source])
            looks.append((i, (label, "draw", source, reason, f"card card-{'deck' if i == 0 else source}", str(i))))
        label = _("table.draw_tickets", count=len(session.state["ticket_deck"]))
        looks.insert(1, ("tickets", (label, "tickets", "", ticket_reason, "card card-tickets", None)))   # the piles, then face up
        self.cards.update(looks, _card_button, _refresh_card)
        return self.node


def _card_button(look: tuple) -> Node:
    label, cmd, source, reason, cls, slot = look
    return button(label, cmd, source, disabled_reason=reason, cls=cls, data_slot=slot)


def _refresh_card(node, before: tuple, look: tuple) -> None:
    """A card's button changed in place (it keeps the focus): its label, card, reason."""
    label, _cmd, source, reason, cls, _slot = look
    if label != before[0]:
        node.textContent = label
    if source != before[2]:
        node.setAttribute("data-arg", source)
    if cls != before[4]:
        node.className = cls
    if reason != before[3] or cls != before[4]:
        disable(node, reason)


class OwnPanel:
    """The viewer's private panel: hand by colour, tickets (done or not), trains, stations, score."""

    def __init__(self, session: Session, view: Mapping[str, Any]) -> None:
        self.seat = session.viewer
        me = view["players"][self.seat]
        self.facts = el("p", "", cls="facts")
        self.facts_text = ""
        hand = el("ul", None, cls="hand", aria_label=_("table.hand"))
        tickets = el("ul", None, cls="tickets", aria_label=_("table.tickets"))
        title = el("h2", None, swatch(me["colour"]), el("span", _("table.you", name=me["name"])))
        self.node = el("section", None, title, self.facts, hand, el("h3", _("table.tickets")), tickets,
                       cls="own-panel", data_seat=str(self.seat))
        self.hand, self.tickets = KeyedList(hand), KeyedList(tickets)
        self.done: tuple = ((), (), {})     # routes, tickets, and which tickets they complete

    def update(self, session: Session, view: Mapping[str, Any]) -> Node:
        me = view["players"][self.seat]
        facts = _("table.stat.score", count=me["score"]) + " · " + _stats(session, me, cards=False)
        if facts != self.facts_text:
            self.facts.textContent = self.facts_text = facts
        cards: list[tuple[str, tuple[str, int] | None]] = [(kind, (kind, me["hand"][kind]))
                                                            for kind in CARD_KINDS if me["hand"][kind]]
        self.hand.update(cards or [("", None)], _hand_card)
        routes, tickets = tuple(me["routes"]), tuple(me["tickets"])
        if self.done[:2] != (routes, tickets):
            self.done = (routes, tickets, tickets_completed(session.map, routes, tickets))
        done = self.done[2]
        self.tickets.update([(t, (t, done[t])) for t in tickets] or [("", None)],
                            lambda look: _own_ticket(session, look))
        return self.node


def _hand_card(look: tuple | None) -> Node:
    if look is None:
        return el("li", _("table.no_cards"), cls="no-cards")
    kind, count = look
    return el("li", None, el("span", _(CARD_KEYS[kind]), cls="card-name"),
              el("span", _("table.hand_count", count=count), cls="card-count"),
              cls=f"card card-{kind}", data_card=kind, data_count=str(count))


def _own_ticket(session: Session, look: tuple | None) -> Node:
    if look is None:
        return el("li", _("table.no_tickets"), cls="no-cards")
    ticket, done = look
    return ticket_line(session, ticket, done, tabindex="0", data_ticket=ticket)


def card_chips(kinds: list[str]) -> Node:
    """Small card faces (decoration: the words say the same), e.g. for a payment."""
    return el("span", None, *[el("span", None, cls=f"chip card-{k}") for k in kinds], cls="chips", aria_hidden="true")


def swatch(colour: str) -> Node:
    """A player's colour, next to their name."""
    return el("span", None, cls=f"swatch swatch-{colour}", aria_hidden="true")


def _stats(session: Session, player: dict, *, cards: bool = True) -> str:
    """A player's public facts in one line: cards, tickets, trains, stations (maps with stations)."""
    parts = []
    if cards:
        parts += [_("table.stat.cards", count=player["hand_size"]),
                  _("table.stat.tickets", count=player["ticket_count"])]
    parts.append(_("table.stat.trains", count=player["trains"]))
    if session.map.rules["stations"]:
        parts.append(_("table.stat.stations", count=_stations_left(session, player)))
    return " · ".join(parts)


def ticket_line(session: Session, ticket_id: str, done: bool | None, **attrs) -> Node:
    """A destination ticket: its cities, its points, and (in a hand) whether it is completed."""
    game_map = session.map
    ticket = game_map.ticket(ticket_id)
    cities = _("table.ticket_cities", a=game_map.city(ticket.a).name, b=game_map.city(ticket.b).name)
    parts = [el("span", cities, cls="ticket-cities")]
    if ticket.long:
        parts.append(el("span", _("table.long_ticket"), cls="ticket-long"))
    parts.append(el("span", _("table.ticket_points", count=ticket.points), cls="ticket-points"))
    if done is not None:
        parts.append(el("span", _("table.ticket_done") if done else _("table.ticket_open"), cls="ticket-status"))
    return el("li", None, *parts, cls="ticket done" if done else "ticket", **attrs)


def _stations_left(session: Session, player: dict) -> int:
    return session.map.rules["stations"] - len(player["stations"])


class Players:
    """Every player in turn order with their public facts and score, the player to act marked;
    the viewer's own line is ``.me``, the others' ``.opponent``."""

    def __init__(self) -> None:
        items = el("ol", None, cls="player-list")
        self.node = el("section", None, el("h2", _("table.players")), items, cls="players")
        self.items = KeyedList(items)

    def update(self, session: Session, view: Mapping[str, Any]) -> Node:
        looks = []      # a player: (seat, colour, name, score, facts, classes, to act)
        for seat, p in enumerate(view["players"]):
            current = seat == session.current and not session.over
            classes = ["player", "me" if seat == session.viewer else "opponent"] + (["current"] if current else [])
            name = player_label(session, seat) if seat != session.viewer else _("table.you", name=p["name"])
            looks.append((seat, (seat, p["colour"], name, _("table.stat.score", count=p["score"]),
                                 _stats(session, p), " ".join(classes), current)))
        self.items.update(looks, _player_line)
        return self.node


def _player_line(look: tuple) -> Node:
    seat, colour, name, score, facts, classes, current = look
    return el("li", None, swatch(colour), el("strong", name, cls="player-name"),
              el("span", score, cls="player-score"), el("span", facts, cls="player-facts"),
              cls=classes, data_seat=str(seat), aria_current="true" if current else None)


LOG_SHOWN = 60      # the most recent events listed


class Log:
    """The public log: the last ``LOG_SHOWN`` events, newest at the bottom.  Each event carries
    its number and stripe, so the events that stay when the oldest goes are not touched."""

    def __init__(self) -> None:
        self.items = el("ol", None, cls="log", aria_live="polite", aria_label=_("table.log"))
        self.empty = el("p", _("table.log_empty"), cls="log-empty")
        self.node = el("section", None, el("h2", _("table.log")), self.empty, self.items, cls="log-panel")
        self.list = KeyedList(self.items)
        self.count = 0          # the events listed so far

    def update(self, session: Session) -> bool:
        """List the newest events; whether there are new ones."""
        log, state = session.log, session.state
        if log and self.count == 0:
            self.empty.remove()
        self.list.update([(i, (i, log[i])) for i in range(max(0, len(log) - LOG_SHOWN), len(log))],
                         lambda look: _log_line(state, *look))
        grew = len(log) != self.count
        self.count = len(log)
        return grew

    def scroll_to_newest(self) -> None:
        self.items.scrollTop = self.items.scrollHeight


def _log_line(state: State, index: int, event) -> Node:
    return el("li", None, el("span", _("table.log_number", number=index + 1), cls="log-number"),
              el("span", event_text(event, state)),
              cls="alt" if index % 2 else None)


def dialog(title: str, *body, label: str | None = None, role: str = "dialog", colour: str | None = None) -> Node:
    """A modal dialog: focus stays inside it (``game.web.app``); the page behind is inert.
    ``colour``: the player it speaks to (its top edge in their colour)."""
    return el("div", None, el("div", None, el("h2", title, id="dialog-title"), *body, cls="dialog-box",
                              data_colour=colour),
              cls="dialog", role=role, aria_modal="true", aria_labelledby="dialog-title",
              data_dialog=label or "")


def handoff_dialog(session: Session) -> Node:
    seat = session.handoff_to
    assert seat is not None             # shown only while the table is handed over
    player = session.state["players"][seat]
    name = player["name"]
    return dialog(_("table.handoff.title", name=name), el("p", _("table.handoff.body", name=name)),
                  button(_("table.handoff.ready", name=name), "handoff", cls="primary", autofocus=True),
                  label="handoff", colour=player["colour"])


def last_round_dialog(session: Session) -> Node:
    """The last round is announced to a player about to play their last turn (public facts only)."""
    notice = session.last_round_notice()
    assert notice is not None           # shown only when there is one
    who, count = notice
    players = session.state["players"]
    me = session.current
    if who is None:
        started = _("table.last_round.started_earlier")
    elif who == me:
        started = _("table.last_round.started_you", count=count)
    else:
        started = _("table.last_round.started", player=players[who]["name"], count=count)
    return dialog(_("table.last_round.title"), el("p", started, id="last-round-started"),
                  el("p", _("table.last_round.rule")),
                  el("p", _("table.last_round.yours", name=players[me]["name"]), cls="last-turn"),
                  button(_("table.last_round.ok"), "last-round", cls="primary"), label="last-round",
                  role="alertdialog")


def tickets_dialog(session: Session) -> Node:
    low, high, offer = session.ticket_choice()
    game_map = session.map
    items = el("ul", None, cls="offer")
    for i, t in enumerate(offer):
        ticket = game_map.ticket(t)
        text = _("table.ticket", a=game_map.city(ticket.a).name, b=game_map.city(ticket.b).name, points=ticket.points)
        if ticket.long:
            text += " " + _("table.long_ticket")
        box = el("input", None, type="checkbox", value=t, name="keep", checked=high == len(offer) and low == high,
                 autofocus=i == 0)
        items.append(el("li", None, el("label", None, box, el("span", text)), cls="offer-ticket", data_ticket=t))
    rule = _("table.keep_rule", low=low, high=high) if low != high else _("table.keep_exactly", count=low)
    return dialog(_("table.keep_title"), el("p", rule, id="keep-rule"), items,
                  el("p", "", cls="dialog-error", role="alert"),
                  button(_("table.keep"), "keep", cls="primary"), label="tickets")


def payment_text(action) -> str:
    parts = []
    if action.cards:
        parts.append(_("table.pay_cards", count=action.cards, card=_(CARD_KEYS[action.colour])))
    if action.locomotives:
        parts.append(_("table.pay_locos", count=action.locomotives))
    return " + ".join(parts)


def payment_dialog(title: str, payments: list, kind: str) -> Node:
    options = el("div", None, cls="payments")
    for i, action in enumerate(payments):
        option = button(payment_text(action), kind, str(i), cls="payment")
        option.prepend(card_chips([action.colour] * action.cards + ["locomotive"] * action.locomotives))
        options.append(option)
    return dialog(title, el("p", _("table.choose_payment")), options,
                  button(_("table.cancel"), "close", cls="secondary"), label=kind)


def tunnel_dialog(session: Session) -> Node:
    tunnel, revealed, options = session.tunnel_choice()
    r = session.map.route(tunnel["route"])
    names = ", ".join(_(CARD_KEYS[c]) for c in revealed)
    body = [el("p", _("table.tunnel_revealed", cards=names), cls="revealed"), card_chips(revealed),
            el("p", _("table.tunnel_extra", count=tunnel["extra"]))]
    buttons = el("div", None, cls="payments")
    for i, action in enumerate(options):
        if not isinstance(action, PayTunnel):       # withdraw
            buttons.append(button(_("table.withdraw"), "tunnel", str(i), cls="payment withdraw"))
            continue
        option = button(_("table.pay", payment=payment_text(action)), "tunnel", str(i), cls="payment")
        option.prepend(card_chips([action.colour] * action.cards + ["locomotive"] * action.locomotives))
        buttons.append(option)
    if len(options) == 1:
        body.append(el("p", _("table.tunnel_cannot_pay")))
    title = _("table.tunnel_title", a=session.map.city(r.a).name, b=session.map.city(r.b).name)
    return dialog(title, *body, buttons, label="tunnel")


def stale_dialog() -> Node:
    """This tab stopped playing: the game was played on (or deleted) in another tab."""
    return dialog(_("table.stale.title"), el("p", _("table.stale.body")),
                  button(_("table.stale.take_over"), "take-over", cls="primary"),
                  button(_("table.menu"), "home", cls="secondary"), label="stale", role="alertdialog")


def storage_banner(finished: list) -> Node:
    """Storage is full: the game is not being kept.  Export it, or delete finished games
    (``game.ui.saves.SaveCatalog.finished``) to free space; the game is saved whole again then."""
    banner = el("div", None, el("p", _("table.storage_banner")), cls="storage-banner", id="storage-banner",
                role="alert")
    tools = el("div", None, button(_("table.export"), "export-game", cls="primary"), cls="banner-tools")
    for entry in finished:
        tools.append(button(_("table.free_game", players=", ".join(entry.players)), "free", entry.id,
                            cls="secondary"))
    if not finished:
        tools.append(el("span", _("table.storage_no_finished")))
    banner.append(tools)
    return banner


def message_dialog(title: str, text: str) -> Node:
    return dialog(title, el("p", text), button(_("table.ok"), "close", cls="primary"), label="message")


def end_screen(session: Session) -> Node:
    """Final scores: the winner (and the tie-break that decided), then each player's breakdown
    in ranking order: routes, every ticket won or lost, stations kept, longest trail and bonus."""
    state = session.state
    key, params = ending.verdict(state)
    stations = "" if session.map.rules["stations"] else "no-stations"     # USA: no station column
    columns = (("end.place", ""), ("end.player", ""), ("end.routes", ""), ("end.tickets", ""),
               ("end.stations", stations), ("end.longest", ""), ("end.total", ""))
    table = el("table", None, cls="scores")
    head = el("tr", None)
    for k, cls in columns:
        head.append(el("th", _(k), scope="col", cls=cls or None))
    table.append(el("thead", None, head))
    body = el("tbody", None)
    game_map = session.map
    for row in ending.breakdowns(state):
        tickets = el("ul", None, cls="end-tickets")
        for t, done, points in row.tickets:
            ticket = game_map.ticket(t)
            tickets.append(el("li", _("end.ticket", a=game_map.city(ticket.a).name, b=game_map.city(ticket.b).name,
                                      points=f"{points:+d}"), cls="done" if done else "missed"))
        labels = [_(k) for k, _cls in columns]
        name = el("th", None, swatch(state["players"][row.seat]["colour"]), player_label(session, row.seat),
                  scope="row", data_label=labels[1])
        cells = [el("td", str(row.place), data_part="place", data_label=labels[0]), name,
                 el("td", str(row.route_points), data_part="routes", data_label=labels[2]),
                 el("td", _("end.ticket_total", points=f"{row.ticket_points:+d}"), tickets, data_part="tickets",
                    data_label=labels[3]),
                 el("td", str(row.station_points), data_part="stations", data_label=labels[4], cls=stations or None),
                 el("td", _("end.longest_value", count=row.longest_trail, bonus=row.longest_bonus),
                    data_part="longest", data_label=labels[5]),
                 el("td", str(row.total), data_part="total", data_label=labels[6])]
        body.append(el("tr", None, *cells, data_seat=str(row.seat), data_place=str(row.place),
                       cls="winner" if row.place == 1 else None))
    table.append(body)
    layers = ending.end_highlights(state)
    legend = [_("end.legend.trail")] + ([_("end.legend.borrowed")] if layers["borrowed"] else [])
    return el("section", None, el("h2", _("end.title")), el("p", _(key, **params), cls="verdict"), table,
              el("p", " ".join(legend), cls="legend"),
              el("div", None, button(_("end.rematch"), "rematch", cls="primary"),
                 button(_("end.new_game"), "home", cls="secondary"), cls="end-buttons"),
              cls="end-screen", aria_live="polite")
