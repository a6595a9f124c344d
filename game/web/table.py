"""The game screen: the board, the market, the players' panels, the log, the dialogs and the
handoff and end screens, drawn from a ``game.ui.session.Session``.

Only what ``Session.view()`` holds reaches the page, so while the handoff screen shows no
player's hand, tickets or offer is in the DOM.  The board is drawn once per game with
``render_board``; after that only the routes and cities whose look changed are replaced
(``render_route`` / ``render_city``).
"""

from __future__ import annotations

import js

from game.board.render import Highlights, render_board, render_city, render_route
from game.i18n import CARD_KEYS, _
from game.mapdata import CARD_KINDS
from game.scoring import tickets_completed
from game.ui import ending
from game.ui.ai_turn import LEVEL_KEYS
from game.ui.log import event_text
from game.ui.session import Session
from game.web.dom import button, el


def player_label(session: Session, seat: int) -> str:
    """A player's name, with the level for an AI seat: "Ada (AI, hard)"."""
    name, level = session.state["players"][seat]["name"], session.levels[seat]
    return name if level is None else _("table.ai_name", name=name, ai=_(LEVEL_KEYS[level]))


class Board:
    """The SVG board in the page, updated route by route."""

    def __init__(self, container, session: Session) -> None:
        self.container = container
        self.map = session.map
        self.routes: dict[str, tuple] = {}
        self.cities: dict[str, tuple] = {}
        self.drawn_for = None

    def update(self, view: dict, hl: Highlights) -> int:
        """Bring the board up to date; the number of routes and cities redrawn."""
        route_owner = {r: p["colour"] for p in view["players"] for r in p["routes"]}
        stations: dict[str, list] = {}
        for p in view["players"]:
            for c in p["stations"]:
                stations.setdefault(c, []).append(p["colour"])
        routes = {r.id: (route_owner.get(r.id), r.id in hl.claimable, r.id in hl.network, r.id in hl.trail,
                         r.id in hl.borrowed) for r in self.map.routes}
        cities = {c.id: (tuple(stations.get(c.id, ())), c.id in hl.cities) for c in self.map.cities}
        if self.drawn_for is None:
            self.container.innerHTML = render_board(self.map, view, highlights=hl)
            self.drawn_for, self.routes, self.cities = True, routes, cities
            return len(routes) + len(cities)
        changed = 0
        document = js.document
        for route_id, look in routes.items():
            if self.routes[route_id] != look:
                document.getElementById(f"route-{route_id}").outerHTML = render_route(
                    self.map, route_id, view, highlights=hl)
                changed += 1
        for city_id, look in cities.items():
            if self.cities[city_id] != look:
                document.getElementById(f"city-{city_id}").outerHTML = render_city(
                    self.map, city_id, view, highlights=hl)
                changed += 1
        self.routes, self.cities = routes, cities
        return changed


def highlights(session: Session, view: dict, ticket: str | None) -> Highlights:
    """Claimable routes for the player to act, a focused ticket's cities and network, the end's layers."""
    if session.over:
        layers = ending.end_highlights(session.state)
        return Highlights(trail=frozenset(layers["trail"]), borrowed=frozenset(layers["borrowed"]))
    seat = view["viewer"] if session.viewer is not None else None
    claimable = frozenset(a.route for a in session.legal() if hasattr(a, "route")) \
        if seat == session.current and session.state["phase"] == "start" else frozenset()
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
    key = {"setup-tickets": "table.status.setup", "start": "table.status.start",
           "second-draw": "table.status.second", "tunnel": "table.status.tunnel",
           "tickets": "table.status.tickets"}[state["phase"]]
    if key == "table.status.start" and not session.map.rules["stations"]:
        key = "table.status.start_no_stations"
    text = _(key, name=player_label(session, state["current"]))
    if state["last_round"] is not None:
        text += " " + _("table.status.last_round", count=state["last_round"])
    return text


def market(session: Session, mine: bool) -> object:
    """The deck and the face-up cards as buttons, disabled (with the reason) when not allowed."""
    section = el("section", None, el("h2", _("table.market")), cls="market", aria_label=_("table.market"))
    cards = []
    for i, choice in enumerate(session.draw_choices()):
        source = choice.action.source
        label = _("table.deck", count=len(session.state["deck"])) if i == 0 else _(CARD_KEYS[source])
        reason = None if choice.enabled else choice.reason
        if not mine:
            reason = _("table.not_your_turn")
        cards.append(button(label, "draw", source, disabled_reason=reason,
                            cls=f"card card-{'deck' if i == 0 else source}", data_slot=str(i)))
    tickets = session.tickets_choice()
    reason = None if tickets.enabled and mine else (tickets.reason if mine else _("table.not_your_turn"))
    draw_tickets = button(_("table.draw_tickets", count=len(session.state["ticket_deck"])), "tickets",
                          disabled_reason=reason, cls="card card-tickets")
    section.append(el("div", None, cards[0], draw_tickets, *cards[1:], cls="cards"))     # the two piles, then face up
    return section


def card_chips(kinds: list[str]) -> object:
    """Small card faces (decoration: the words say the same), e.g. for a payment."""
    return el("span", None, *[el("span", None, cls=f"chip card-{k}") for k in kinds], cls="chips", aria_hidden="true")


def swatch(colour: str) -> object:
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


def own_panel(session: Session, view: dict) -> object | None:
    """The viewer's private panel: hand by colour, tickets (done or not), trains, stations, score."""
    seat = session.viewer
    if seat is None:
        return None
    me = view["players"][seat]
    game_map = session.map
    hand = el("ul", None, cls="hand", aria_label=_("table.hand"))
    for kind in CARD_KINDS:
        count = me["hand"][kind]
        if count:
            hand.append(el("li", None, el("span", _(CARD_KEYS[kind]), cls="card-name"),
                           el("span", _("table.hand_count", count=count), cls="card-count"),
                           cls=f"card card-{kind}", data_card=kind, data_count=str(count)))
    if not hand.childElementCount:
        hand.append(el("li", _("table.no_cards"), cls="no-cards"))
    done = tickets_completed(game_map, me["routes"], me["tickets"])
    tickets = el("ul", None, cls="tickets", aria_label=_("table.tickets"))
    for t in me["tickets"]:
        tickets.append(ticket_line(session, t, done[t], tabindex="0", data_ticket=t))
    if not me["tickets"]:
        tickets.append(el("li", _("table.no_tickets"), cls="no-cards"))
    title = el("h2", None, swatch(me["colour"]), el("span", _("table.you", name=me["name"])))
    facts = _("table.stat.score", count=me["score"]) + " · " + _stats(session, me, cards=False)
    return el("section", None, title, el("p", facts, cls="facts"),
              hand, el("h3", _("table.tickets")), tickets, cls="own-panel", data_seat=str(seat))


def ticket_line(session: Session, ticket_id: str, done: bool | None, **attrs) -> object:
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


def opponents(session: Session, view: dict) -> object:
    """Every player in turn order with their public facts and score, the player to act marked;
    the viewer's own line is ``.me``, the others' ``.opponent``."""
    section = el("section", None, el("h2", _("table.players")), cls="players")
    items = el("ol", None, cls="player-list")
    for seat, p in enumerate(view["players"]):
        current = seat == session.current and not session.over
        classes = ["player", "me" if seat == session.viewer else "opponent"] + (["current"] if current else [])
        name = player_label(session, seat) if seat != session.viewer else _("table.you", name=p["name"])
        items.append(el("li", None, swatch(p["colour"]), el("strong", name, cls="player-name"),
                        el("span", _("table.stat.score", count=p["score"]), cls="player-score"),
                        el("span", _stats(session, p), cls="player-facts"),
                        cls=" ".join(classes), data_seat=str(seat), aria_current="true" if current else None))
    section.append(items)
    return section


LOG_SHOWN = 60      # the most recent events listed


def log_list(session: Session) -> object:
    first = max(0, len(session.log) - LOG_SHOWN)
    items = el("ol", None, cls="log", aria_live="polite", aria_label=_("table.log"), start=str(first + 1))
    for event in session.log[first:]:
        items.append(el("li", event_text(event, session.state)))
    empty = el("p", _("table.log_empty"), cls="log-empty") if not session.log else None
    return el("section", None, el("h2", _("table.log")), empty, items, cls="log-panel")


def dialog(title: str, *body, label: str | None = None, role: str = "dialog", colour: str | None = None) -> object:
    """A modal dialog: focus stays inside it (``game.web.app``); the page behind is inert.
    ``colour``: the player it speaks to (its top edge in their colour)."""
    return el("div", None, el("div", None, el("h2", title, id="dialog-title"), *body, cls="dialog-box",
                              data_colour=colour),
              cls="dialog", role=role, aria_modal="true", aria_labelledby="dialog-title",
              data_dialog=label or "")


def handoff_dialog(session: Session) -> object:
    player = session.state["players"][session.handoff_to]
    name = player["name"]
    return dialog(_("table.handoff.title", name=name), el("p", _("table.handoff.body", name=name)),
                  button(_("table.handoff.ready", name=name), "handoff", cls="primary", autofocus=True),
                  label="handoff", colour=player["colour"])


def last_round_dialog(session: Session) -> object:
    """The last round is announced to a player about to play their last turn (public facts only)."""
    who, count = session.last_round_notice()
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


def tickets_dialog(session: Session) -> object:
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


def payment_dialog(title: str, payments: list, kind: str) -> object:
    options = el("div", None, cls="payments")
    for i, action in enumerate(payments):
        option = button(payment_text(action), kind, str(i), cls="payment")
        option.prepend(card_chips([action.colour] * action.cards + ["locomotive"] * action.locomotives))
        options.append(option)
    return dialog(title, el("p", _("table.choose_payment")), options,
                  button(_("table.cancel"), "close", cls="secondary"), label=kind)


def tunnel_dialog(session: Session) -> object:
    tunnel, revealed, options = session.tunnel_choice()
    r = session.map.route(tunnel["route"])
    names = ", ".join(_(CARD_KEYS[c]) for c in revealed)
    body = [el("p", _("table.tunnel_revealed", cards=names), cls="revealed"), card_chips(revealed),
            el("p", _("table.tunnel_extra", count=tunnel["extra"]))]
    buttons = el("div", None, cls="payments")
    for i, action in enumerate(options):
        if str(action) == "withdraw":
            buttons.append(button(_("table.withdraw"), "tunnel", str(i), cls="payment withdraw"))
            continue
        option = button(_("table.pay", payment=payment_text(action)), "tunnel", str(i), cls="payment")
        option.prepend(card_chips([action.colour] * action.cards + ["locomotive"] * action.locomotives))
        buttons.append(option)
    if len(options) == 1:
        body.append(el("p", _("table.tunnel_cannot_pay")))
    title = _("table.tunnel_title", a=session.map.city(r.a).name, b=session.map.city(r.b).name)
    return dialog(title, *body, buttons, label="tunnel")


def message_dialog(title: str, text: str) -> object:
    return dialog(title, el("p", text), button(_("table.ok"), "close", cls="primary"), label="message")


def end_screen(session: Session) -> object:
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
