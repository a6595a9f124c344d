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

from collections.abc import Callable, Mapping
from typing import Any

import js
from pyodide.ffi import to_js

from game.actions import BuildStation, ClaimRoute, PayTunnel, Withdraw
from game.board.highlights import Highlights
from game.board.render import (
    EMBLEMS,
    Owners,
    render_board,
    render_city,
    render_route,
)
from game.i18n import CARD_KEYS, _, longest_name
from game.mapdata import CARD_KINDS
from game.ui import ending, reveal
from game.ui.dialogs import (
    Dialog,
    HandoffDialog,
    LastRoundDialog,
    MessageDialog,
    PaymentDialog,
    ShareDialog,
    StaleDialog,
    TicketsDialog,
    TunnelDialog,
)
from game.ui.log import LogLine, event_text, part_segments, turn_lines
from game.ui.moves import MovePart
from game.ui.session import Session
from game.view import PlayerView, View
from game.web.dom import KeyedList, Node, button, disable, el

# the board's highlights of a route (``Highlights`` fields) and the class each gives it
ROUTE_LAYERS = {"claimable": "claimable", "network": "network", "trail": "trail", "borrowed": "borrowed",
                "last": "last-move", "path": "path"}


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
        redrawn |= {t.id for r in redrawn for t in self.map.twins(r)}     # a twin may close (2-3 players)
        for route_id in redrawn:
            document.getElementById(f"route-{route_id}").outerHTML = render_route(
                self.map, route_id, view, highlights=hl)
        restyled: dict[str, list] = {}          # route -> its classes to switch: (name, on)
        old = self.hl
        for name, cls in ROUTE_LAYERS.items():
            for route_id in getattr(old, name) ^ getattr(hl, name):
                restyled.setdefault(route_id, []).append((cls, route_id in getattr(hl, name)))
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


class SideColumn:
    """The side column in the page: the cards, the viewer's panel and every player, or, once the
    game is over, the end screen.  Its parts are kept from one redraw to the next and only what
    changed in them is built again (``game.web.dom.KeyedList``)."""

    def __init__(self, container) -> None:
        self.container = container
        self.market = Market()
        self.own: OwnPanel | None = None
        self.players = Players()
        self.end = None
        self.scoring: ScoringPanel | None = None
        self.parts: list = []

    def update(self, session: Session, view: View, mine: bool, moves: dict[int, list[MovePart]],
               selected: str | None = None, status: dict[str, str] | None = None,
               idle: str | None = None, scoring: reveal.Frame | None = None) -> None:
        """Bring the column up to date (``mine``: the viewer is to act; ``moves``: each player's
        last turn; ``selected``: the colour chosen in the hand; ``idle``: why the cards cannot
        be drawn when not ``mine``, if not because it is another's turn; ``scoring``: the final
        scoring as it is revealed, else the end screen once the game is over)."""
        if session.over:
            self.own = None
            if scoring is not None:
                if self.scoring is None:
                    self.scoring = ScoringPanel(session)
                parts: list[Node | None] = [self.scoring.update(session, scoring)]
            else:
                self.scoring = None
                if self.end is None:
                    self.end = end_screen(session)
                parts = [self.end]
        else:
            if session.viewer is None:
                self.own = None         # the handoff screen: no hand or ticket stays in the page
            elif self.own is None or self.own.seat != session.viewer:
                self.own = OwnPanel(session, view)
            parts = [self.market.update(session, mine, idle), self.own and self.own.update(session, view, selected, status),
                     self.players.update(session, view, moves)]
        parts = [p for p in parts if p is not None]
        if len(parts) != len(self.parts) or any(a is not b for a, b in zip(parts, self.parts)):
            self.container.replaceChildren(*parts)
            self.parts = parts


class Market:
    """The deck and the face-up cards as buttons, disabled (with the reason) when not allowed."""

    def __init__(self) -> None:
        cards = el("div", None, cls="cards")
        self.node = el("section", None, el("h2", _("table.market")), cards, cls="market", aria_label=_("table.market"))
        self.cards = KeyedList(cards)

    def update(self, session: Session, mine: bool, idle: str | None = None) -> Node:
        """``mine``: the viewer is to act, and a forbidden pick says why (else ``idle``, by
        default: not your turn)."""
        if mine:
            tickets = session.tickets_choice()
            cards = [(source, None if c.enabled else c.reason)          # draw_choices: the deck, then the market
                     for source, c in zip(("deck", *session.state["market"]), session.draw_choices())]
            ticket_reason = None if tickets.enabled else tickets.reason
        else:       # no need to ask the engine why each pick is refused
            ticket_reason = idle or _("table.not_your_turn")
            cards = [(source, ticket_reason) for source in ("deck", *session.state["market"])]
        looks: list[tuple[int | str, tuple[str, str, str, str | None, str, str | None]]] = []
        # a card: (label, command, source, why disabled, classes, slot)
        for i, (source, reason) in enumerate(cards):
            label = _("table.deck", count=len(session.state["deck"])) if i == 0 else _(CARD_KEYS[source])
            looks.append((i, (label, "draw", source, reason, f"card card-{'deck' if i == 0 else source}", str(i))))
        label = _("table.draw_tickets", count=len(session.state["ticket_deck"]))
        looks.insert(1, ("tickets", (label, "tickets", "", ticket_reason, "card card-tickets", None)))   # the piles, then face up
        self.cards.update(looks, _card_button, _refresh_card)
        self.node.classList.toggle("waiting", not mine)     # another's turn: the cards in full colour, not dimmed
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

    def __init__(self, session: Session, view: View) -> None:
        seat = session.viewer
        assert seat is not None             # built only when someone's cards may be shown
        self.seat = seat
        me = view["players"][seat]
        self.facts = el("p", "", cls="facts")
        self.facts_text = ""
        hand = el("ul", None, cls="hand", aria_label=_("table.hand"))
        tickets = el("ul", None, cls="tickets", aria_label=_("table.tickets"))
        title = el("h2", None, swatch(me["colour"]), el("span", _("table.you", name=me["name"])))
        self.node = el("section", None, title, self.facts, hand, el("h3", _("table.tickets")), tickets,
                       cls="own-panel", data_seat=str(self.seat))
        self.hand, self.tickets = KeyedList(hand), KeyedList(tickets)

    def update(self, session: Session, view: View, selected: str | None = None,
               status: dict[str, str] | None = None) -> Node:
        """``selected``: the colour chosen in the hand; ``status``: each ticket done, done
        through a station, or open (``Table.ticket_status``)."""
        me = view["players"][self.seat]
        hand, tickets = me["hand"], me["tickets"]
        assert hand is not None and tickets is not None     # the viewer's own
        facts = _("table.stat.score", count=me["score"]) + " · " + _stats(session, me, cards=False)
        if facts != self.facts_text:
            self.facts.textContent = self.facts_text = facts
        cards: list[tuple[str, tuple[str, int, bool] | None]] = [
            (kind, (kind, hand[kind], kind == selected)) for kind in CARD_KINDS if hand[kind]]
        self.hand.update(cards or [("", None)], _hand_card)
        status = status or {}
        self.tickets.update([(t, (t, status.get(t, "open"))) for t in tickets] or [("", None)],
                            lambda look: _own_ticket(session, look))
        return self.node


def _hand_card(look: tuple | None) -> Node:
    if look is None:
        return el("li", _("table.no_cards"), cls="no-cards")
    kind, count, selected = look
    # a toggle: chosen, the board lights the routes this colour can pay for
    return el("li", None, el("span", _(CARD_KEYS[kind]), cls="card-name"),
              el("span", _("table.hand_count", count=count), cls="card-count"),
              cls=f"card card-{kind}", data_card=kind, data_count=str(count), data_cmd="colour", data_arg=kind,
              role="button", tabindex="0", aria_pressed="true" if selected else "false",
              title=_("table.select_colour"))


def _own_ticket(session: Session, look: tuple | None) -> Node:
    if look is None:
        return el("li", _("table.no_tickets"), cls="no-cards")
    ticket, status = look
    return ticket_line(session, ticket, status, tabindex="0", data_ticket=ticket)


def card_chips(kinds: list[str]) -> Node:
    """Small card faces (decoration: the words say the same), e.g. for a payment."""
    return el("span", None, *[el("span", None, cls=f"chip card-{k}") for k in kinds], cls="chips", aria_hidden="true")


def swatch(colour: str) -> Node:
    """A player's colour and emblem (the one on their routes' badges and their stations), next to their name."""
    node = el("span", None, cls=f"swatch swatch-{colour}", aria_hidden="true")
    node.innerHTML = f'<svg viewBox="-5 -5 10 10"><path d="{EMBLEMS[colour]}"/></svg>'     # map data, no text
    return node


def _stats(session: Session, player: PlayerView, *, cards: bool = True) -> str:
    """A player's public facts in one line: cards, tickets, trains, stations (maps with stations)."""
    parts = []
    if cards:
        parts += [_("table.stat.cards", count=player["hand_size"]),
                  _("table.stat.tickets", count=player["ticket_count"])]
    parts.append(_("table.stat.trains", count=player["trains"]))
    if session.map.rules["stations"]:
        parts.append(_("table.stat.stations", count=_stations_left(session, player)))
    return " · ".join(part.replace(" ", NBSP) for part in parts)       # "38 trains" kept on one line


TICKET_STATUS_KEYS = {"done": "table.ticket_done", "station": "table.ticket_station", "open": "table.ticket_open"}


def ticket_line(session: Session, ticket_id: str, status: str, **attrs) -> Node:
    """A destination ticket: its cities, its points, and whether it is done, done through a
    station, or not yet."""
    game_map = session.map
    ticket = game_map.ticket(ticket_id)
    cities = _("table.ticket_cities", a=game_map.city(ticket.a).name.replace(" ", NBSP),
               b=game_map.city(ticket.b).name.replace(" ", NBSP))
    # the cities wrap between them, each kept whole, the long tag after them; the points in a column of their own
    long = [" ", el("span", _("table.long_ticket"), cls="ticket-long")] if ticket.long else []
    parts = [el("span", cities, *long, cls="ticket-cities"),
             el("span", _("table.ticket_points", count=ticket.points), cls="ticket-points")]
    parts.append(el("span", _(TICKET_STATUS_KEYS[status]), cls="ticket-status"))
    return el("li", None, *parts, cls=f"ticket {status}", **attrs)


def _stations_left(session: Session, player: PlayerView) -> int:
    return session.map.rules["stations"] - len(player["stations"])


class Players:
    """Every player in turn order with their public facts and score, the player to act marked;
    the viewer's own line is ``.me``, the others' ``.opponent``."""

    def __init__(self) -> None:
        items = el("ol", None, cls="player-list")
        self.node = el("section", None, el("h2", _("table.players")), items, cls="players")
        self.items = KeyedList(items)

    def update(self, session: Session, view: View, moves: dict[int, list[MovePart]]) -> Node:
        """``moves``: each player's last turn (``game.ui.moves.last_moves``), shown on their line."""
        looks = []      # a player: (seat, colour, name, score, facts, classes, to act, last turn)
        for seat, p in enumerate(view["players"]):
            current = seat == session.current and not session.over
            classes = ["player", "me" if seat == session.viewer else "opponent"] + (["current"] if current else [])
            label = session.player_label(seat) if seat != session.viewer else _("table.you", name=p["name"])
            last = tuple(moves.get(seat, ()))
            looks.append((seat, (seat, p["colour"], name_and_tag(label, p["name"]), _("table.stat.score", count=p["score"]),
                                 _stats(session, p), " ".join(classes), current, last)))
        self.items.update(looks, lambda look: _player_line(session, look))
        return self.node


def name_and_tag(label: str, name: str) -> tuple[str, str]:
    """A player's label cut after their name: ("Ada", " (AI, hard)"), ("Ann", " (you)"); the
    whole label and no tag when a language puts the name elsewhere."""
    return (name, label[len(name):]) if label.startswith(name) else (label, "")


def _player_line(session: Session, look: tuple) -> Node:
    seat, colour, (name, tag), score, facts, classes, current, last = look
    # a narrow column wraps the line before the tag (the AI level, "you"), never inside a word
    title = el("strong", name, el("span", tag, cls="player-tag") if tag else None, cls="player-name")
    line = el("li", None, swatch(colour), title,
              el("span", score, cls="player-score"), el("span", facts, cls="player-facts"),
              cls=classes, data_seat=str(seat), aria_current="true" if current else None)
    if last:
        line.append(last_move_node(session, last))
    return line


def last_move_node(session: Session, parts: tuple[MovePart, ...]) -> Node:
    """A player's last turn in brief: card faces for the cards taken (a card back for a blind
    one), then the tickets, the route claimed, the station built, or a pass."""
    game_map = session.map
    node = el("span", None, el("span", _("table.last_move"), cls="last-label"), cls="last-move")
    for part in parts:
        if part.kind == "card":
            node.append(el("span", None, cls=f"chip card-{part.card}", title=_(CARD_KEYS[part.card or ""]),
                           role="img", aria_label=_(CARD_KEYS[part.card or ""])))
        elif part.kind == "blind":
            node.append(el("span", None, cls="chip card-back", title=_("table.move.blind"), role="img",
                           aria_label=_("table.move.blind")))
        elif part.kind == "tickets":
            text = _("table.move.tickets", count=part.count) if part.kept is None \
                else _("table.move.tickets_kept", count=part.count, kept=part.kept)
            node.append(el("span", text, cls="move-text"))
        elif part.kind in ("claim", "withdraw") and part.route and game_map.has_route(part.route):
            r = game_map.route(part.route)
            key = "table.move.claim" if part.kind == "claim" else "table.move.withdraw"
            node.append(el("span", _(key, a=game_map.city(r.a).name, b=game_map.city(r.b).name), cls="move-text"))
        elif part.kind == "station" and part.city and game_map.has_city(part.city):
            node.append(el("span", _("table.move.station", city=game_map.city(part.city).name), cls="move-text"))
        elif part.kind == "pass":
            node.append(el("span", _("table.move.pass"), cls="move-text"))
    return node


LOG_SHOWN = 60      # the most recent events listed


class Log:
    """The public log: the last ``LOG_SHOWN`` events, newest at the bottom, always in view: its
    scroller stacks from the foot (``column-reverse``), so it stays at the newest line as lines
    come and as the page is resized, without the page setting or reading a scroll position.  Each event carries its number and stripe, so the events
    that stay when the oldest goes are not touched."""

    def __init__(self) -> None:
        self.items = el("ol", None, cls="log", aria_live="polite", aria_label=_("table.log"))
        # the history scrolls: reachable by keyboard, as a named region
        scroller = el("div", None, self.items, cls="log-scroll", tabindex="0", role="region", aria_label=_("table.log"))
        self.empty = el("p", _("table.log_empty"), cls="log-empty")
        self.node = el("section", None, el("h2", _("table.log")), self.empty, scroller, cls="log-panel", id="log")
        self.list = KeyedList(self.items)
        self.count = 0          # the events listed so far

    def update(self, session: Session) -> None:
        """List the newest turns."""
        lines = turn_lines(session.log)
        if lines and self.count == 0:
            self.empty.remove()
        self.list.update([(i, (i, lines[i])) for i in range(max(0, len(lines) - LOG_SHOWN), len(lines))],
                         lambda look: _log_line(session, *look))
        self.count = len(session.log)       # (the scroller stacks from its foot: the newest stays in view)


def _log_line(session: Session, index: int, line: LogLine) -> Node:
    """A turn: the player, then what they did, cards as card faces; or a notice."""
    state = session.state
    item = el("li", None, el("span", _("table.log_number", number=index + 1), cls="log-number"),
              cls="alt" if index % 2 else None)
    text = el("span", None, cls="log-text")
    item.append(text)
    if line.seat is None:
        text.append(event_text(line.entries[0], state))
        item.classList.add("notice")
        return item
    text.append(el("strong", state["players"][line.seat]["name"], cls="log-player"), " ")
    for i, entry in enumerate(line.entries):
        if i:
            text.append(_("log.then"))
        for segment in part_segments(entry, state):
            if segment.card is None:
                text.append(segment.text)
            else:
                name = _(CARD_KEYS[segment.card]) if segment.card in CARD_KEYS else segment.card
                text.append(el("span", None, cls=f"chip card-{segment.card}", aria_hidden="true"),
                            el("span", f"{name} ", cls="card-word"))
    return item


# the choices about the board: they stand beside it (over the side column) or are a phone's sheet
BOARD_CHOICES = frozenset({"tickets", "claim", "station", "tunnel", "message"})


def dialog(title: str, *body, label: str | None = None, role: str = "dialog", colour: str | None = None) -> Node:
    """A modal dialog: focus stays inside it (``game.web.app``); the page behind is inert.
    ``colour``: the player it speaks to (its top edge in their colour)."""
    return el("div", None, el("div", None, el("h2", title, id="dialog-title"), *body, cls="dialog-box",
                              data_colour=colour),
              cls="dialog board-choice" if label in BOARD_CHOICES else "dialog", role=role, aria_modal="true",
              aria_labelledby="dialog-title", data_dialog=label or "")


def handoff_dialog(session: Session, d: HandoffDialog) -> Node:
    """Pass the device; with what the others did since this player's last turn (public facts)."""
    player = session.state["players"][d.seat]
    name = player["name"]
    body = [el("p", _("table.handoff.body", name=name))]
    if d.recap:
        lines = el("ul", None, cls="recap")
        for seat, parts in d.recap:
            other = session.state["players"][seat]
            lines.append(el("li", None, swatch(other["colour"]), el("strong", session.player_label(seat)),
                            last_move_node(session, parts)))
        body += [el("h3", _("table.handoff.recap")), lines]
    return dialog(_("table.handoff.title", name=name), *body,
                  button(_("table.handoff.ready", name=name), "handoff", cls="primary", data_autofocus=True),
                  label="handoff", colour=player["colour"])


def last_round_dialog(session: Session, d: LastRoundDialog) -> Node:
    """The last round is announced to a player about to play their last turn (public facts only)."""
    players = session.state["players"]
    if d.started_by is None:
        started = _("table.last_round.started_earlier")
    elif d.started_by == d.seat:
        started = _("table.last_round.started_you", count=d.trains)
    else:
        started = _("table.last_round.started", player=players[d.started_by]["name"], count=d.trains)
    return dialog(_("table.last_round.title"), el("p", started, id="last-round-started"),
                  el("p", _("table.last_round.rule")),
                  el("p", _("table.last_round.yours", name=players[d.seat]["name"]), cls="last-turn"),
                  button(_("table.last_round.ok"), "last-round", cls="primary"), label="last-round",
                  role="alertdialog")


def tickets_dialog(session: Session, d: TicketsDialog) -> Node:
    low, high, offer = d.low, d.high, d.offer
    game_map = session.map
    items = el("ul", None, cls="offer")
    for i, t in enumerate(offer):
        ticket = game_map.ticket(t)
        text = _("table.ticket", a=game_map.city(ticket.a).name, b=game_map.city(ticket.b).name, points=ticket.points)
        if ticket.long:
            text += " " + _("table.long_ticket")
        box = el("input", None, type="checkbox", value=t, name="keep", checked=high == len(offer) and low == high,
                 data_autofocus=i == 0)
        items.append(el("li", None, el("label", None, box, el("span", text)), cls="offer-ticket", data_ticket=t))
    rule = _("table.keep_rule", low=low, high=high) if low != high else _("table.keep_exactly", count=low)
    return dialog(_("table.keep_title"), el("p", rule, id="keep-rule"), hand_strip(session), items,
                  el("p", "", cls="dialog-error", role="alert"),
                  button(_("table.keep"), "keep", cls="primary"), label="tickets")


def hand_strip(session: Session) -> Node | None:
    """The viewer's cards in brief, inside a choice: the dialog stands over the side column
    (beside the board) or is a sheet over the hand (a phone), so the hand is in it too."""
    seat = session.viewer
    if seat is None:
        return None
    hand = session.state["players"][seat]["hand"]
    strip = el("p", None, el("span", _("table.hand"), cls="strip-label"), cls="dialog-hand")
    for kind in CARD_KINDS:
        if hand[kind]:
            strip.append(el("span", None, el("span", None, cls=f"chip card-{kind}", aria_hidden="true"),
                            _("table.hand_count", count=hand[kind]), cls="strip-card", title=_(CARD_KEYS[kind])))
    return strip


def payment_text(action: ClaimRoute | BuildStation | PayTunnel) -> str:
    parts = []
    if action.cards:
        parts.append(_("table.pay_cards", count=action.cards, card=_(CARD_KEYS[action.colour])))
    if action.locomotives:
        parts.append(_("table.pay_locos", count=action.locomotives))
    return " + ".join(parts)


def payment_dialog(session: Session, d: PaymentDialog) -> Node:
    options = el("div", None, cls="payments")
    for i, action in enumerate(d.payments):
        option = button(payment_text(action), d.kind, str(i), cls="payment")
        option.prepend(card_chips([action.colour] * action.cards + ["locomotive"] * action.locomotives))
        options.append(option)
    rule = el("p", d.rule, cls="dialog-rule") if d.rule else None
    return dialog(d.title, rule, el("p", _("table.choose_payment")), hand_strip(session), options,
                  button(_("table.cancel"), "close", cls="secondary"), label=d.kind)


def tunnel_dialog(session: Session, d: TunnelDialog) -> Node:
    r = session.map.route(d.route)
    names = ", ".join(_(CARD_KEYS[c]) for c in d.revealed)
    body = [el("p", d.rule, cls="dialog-rule"),
            el("p", _("table.tunnel_revealed", cards=names), cls="revealed"),
            el("span", None, *[el("span", None, cls=f"chip card-{c}{' match' if m else ''}")
                               for c, m in zip(d.revealed, d.matches)], cls="chips", aria_hidden="true"),
            el("p", _("table.tunnel_extra", count=d.extra))]
    buttons = el("div", None, cls="payments")
    for i, action in enumerate(d.options):
        if isinstance(action, Withdraw):
            buttons.append(button(_("table.withdraw"), "tunnel", str(i), cls="payment withdraw"))
            continue
        option = button(_("table.pay", payment=payment_text(action)), "tunnel", str(i), cls="payment")
        option.prepend(card_chips([action.colour] * action.cards + ["locomotive"] * action.locomotives))
        buttons.append(option)
    if len(d.options) == 1:
        body.append(el("p", _("table.tunnel_cannot_pay")))
    title = _("table.tunnel_title", a=session.map.city(r.a).name, b=session.map.city(r.b).name)
    return dialog(title, *body, hand_strip(session), buttons, label="tunnel")


def stale_dialog(_session: Session, _d: StaleDialog) -> Node:
    """This tab stopped playing: the game was played on (or deleted) in another tab."""
    return dialog(_("table.stale.title"), el("p", _("table.stale.body")),
                  button(_("table.stale.take_over"), "take-over", cls="primary"),
                  button(_("table.menu"), "home", cls="secondary"), label="stale", role="alertdialog")


def share_dialog(_session: Session, d: ShareDialog) -> Node:
    """The position's embed links, each in a field to select and with a button that copies it."""
    body = [el("p", _("share.body"))]
    for key, link, name in (("share.public", d.public, "public"), ("share.own", d.own, "own")):
        if link is None:
            continue
        field = el("input", None, type="text", readonly=True, cls="share-link", data_link=name, aria_label=_(key))
        field.value = link
        body.append(el("div", None, el("label", _(key), field),
                       button(_("share.copy"), "copy-link", link, cls="primary" if name == "public" else None),
                       cls="share-row"))
    return dialog(_("share.title"), *body, button(_("table.ok"), "close", cls="secondary"), label="share")


def message_dialog(_session: Session, d: MessageDialog) -> Node:
    return dialog(d.title, el("p", d.text), button(_("table.ok"), "close", cls="primary"), label="message")


DIALOGS: dict[type, Callable[[Session, Any], Node]] = {StaleDialog: stale_dialog, HandoffDialog: handoff_dialog, LastRoundDialog: last_round_dialog,
           TicketsDialog: tickets_dialog, TunnelDialog: tunnel_dialog, PaymentDialog: payment_dialog,
           ShareDialog: share_dialog, MessageDialog: message_dialog}


def dialog_node(session: Session, d: Dialog) -> Node:
    """The dialog the model has up (``game.ui.controller.Table.dialog``), drawn."""
    return DIALOGS[type(d)](session, d)


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


def end_screen(session: Session) -> Node:
    """Final scores: the winner (and the tie-break that decided), then each player's breakdown
    in ranking order: routes, every ticket won or lost, stations kept, longest trail and bonus.
    Numbers never wrap; headers wrap between words only; on a phone each row is a block whose
    values carry their column's name (``cell-label``, hidden beside the board)."""
    state = session.state
    key, params = ending.verdict(state)
    stations = "" if session.map.rules["stations"] else "no-stations"     # USA: no station column
    columns = (("end.place", "place"), ("end.player", "end-player"), ("end.routes", "num"), ("end.tickets", "end-tickets-total"),
               ("end.stations", f"num {stations}"), ("end.longest", "num"), ("end.total", "num"))
    table = el("table", None, cls="scores")
    head = el("tr", None)
    short = _("end.stations_short")
    for k, cls in columns:
        if k == "end.place":        # needs no header to be seen (1, 2, 3 down the side); screen readers hear it
            text = [el("span", _(k), cls="visually-hidden")]
        elif k == "end.stations" and short != _(k):     # a long word: shorter to be seen, whole to be heard
            text = [el("abbr", short, title=_(k), aria_hidden="true"), el("span", _(k), cls="visually-hidden")]
        else:
            text = [_(k)]
        head.append(el("th", None, *text, scope="col", cls=cls.strip()))
    table.append(el("thead", None, head))
    body = el("tbody", None)
    game_map = session.map
    labels = [_(k) for k, _cls in columns]

    def cell(part: str, label: str, value: str, *extra, cls: str = "num", **attrs) -> Node:
        return el("td", None, el("span", label, cls="cell-label"), el("span", value, cls="value"), *extra,
                  data_part=part, cls=cls, **attrs)

    for row in ending.breakdowns(state):
        tickets = el("ul", None, cls="end-tickets")
        for t, done, points in row.tickets:
            ticket = game_map.ticket(t)
            tickets.append(el("li", _ticket_line(game_map.city(ticket.a).name, game_map.city(ticket.b).name, points),
                              cls="done" if done else "missed"))
        name = el("th", None, swatch(state["players"][row.seat]["colour"]), session.player_label(row.seat),
                  scope="row", cls="end-player")
        cells = [el("td", str(row.place), data_part="place", cls="place"), name,
                 cell("routes", labels[2], str(row.route_points)),
                 cell("tickets", labels[3], _("end.ticket_total", points=f"{row.ticket_points:+d}"), tickets,
                      cls="end-tickets-total"),
                 cell("stations", labels[4], str(row.station_points), cls=f"num {stations}".strip()),
                 cell("longest", labels[5], _("end.longest_value", count=row.longest_trail, bonus=row.longest_bonus)),
                 el("td", str(row.total), data_part="total", cls="num")]
        body.append(el("tr", None, *cells, data_seat=str(row.seat), data_place=str(row.place),
                       cls="winner" if row.place == 1 else None))
    table.append(body)
    layers = ending.end_highlights(state)
    legend = [_("end.legend.trail")] + ([_("end.legend.borrowed")] if layers["borrowed"] else [])
    buttons = el("div", None, button(_("end.rematch"), "rematch", cls="primary"),
                 button(_("end.new_game"), "home", cls="secondary"),
                 button(_("end.replay"), "replay-scoring", cls="secondary"), cls="end-buttons")
    # not a live region: the reveal announced the scoring step by step; the heading takes the
    # focus when the table comes (game.web.app), so it is read from the top
    return el("section", None, el("h2", _("end.title"), tabindex="-1"), el("p", _(key, **params), cls="verdict"),
              buttons, el("div", None, table, cls="table-scroll"), el("p", " ".join(legend), cls="legend"),
              score_chart(session), statistics_table(session), cls="end-screen")


class ScoringPanel:
    """The final scoring as it is revealed (``game.ui.reveal``): every player's running total,
    the step just revealed (one live line: a screen reader hears each step once) and the lines
    of the player being scored so far; Skip (or Escape, or a click on it) gives the final table.
    Kept from step to step: only what changed is drawn again."""

    def __init__(self, session: Session) -> None:
        state = session.state
        self.totals: dict[int, Node] = {}
        scores = el("ol", None, cls="reveal-scores")
        self.rows: dict[int, Node] = {}
        for seat in range(len(state["players"])):
            self.totals[seat] = el("span", None, cls="reveal-total")
            self.rows[seat] = el("li", None, swatch(state["players"][seat]["colour"]),
                                 el("span", session.player_label(seat), cls="reveal-name"), self.totals[seat],
                                 data_seat=str(seat))
        self.scores = scores
        self.line = el("p", None, cls="reveal-line", aria_live="polite", aria_atomic="true")
        self.lines = el("ul", None, cls="reveal-lines")
        self.bar = el("div", None, el("span", None), cls="reveal-progress", aria_hidden="true")
        self.node = el("section", None,
                       el("div", None, el("h2", _("reveal.title")),
                          button(_("reveal.skip"), "skip-scoring", cls="secondary", title=_("reveal.skip_title"),
                                 aria_keyshortcuts="Escape"), cls="reveal-head"),
                       self.bar, scores, self.line, self.lines, cls="scoring-reveal")
        self.shown: int | None = None
        self.values: dict[int, int] = {}

    def update(self, session: Session, frame: reveal.Frame) -> Node:
        if frame.shown == self.shown:
            return self.node
        state = session.state
        step = frame.step
        if self.shown is None:
            self.scores.replaceChildren(*(self.rows[seat] for seat in frame.order))
        self.shown = frame.shown
        for seat, total in enumerate(frame.totals):
            if self.values.get(seat) != total:      # a new node: it flashes (not with reduced motion)
                value = el("span", str(total), cls="reveal-total" + (" changed" if seat in self.values else ""))
                self.totals[seat].replaceWith(value)
                self.totals[seat] = value
                self.values[seat] = total
            row = self.rows[seat]
            current = step is not None and step.seat == seat
            row.classList.toggle("current", current)
            row.toggleAttribute("aria-current", current)
        kind = "opening" if step is None else step.kind if step.kind != reveal.TICKET \
            else "done" if step.completed else "missed"
        self.node.setAttribute("data-shown", str(frame.shown))
        self.node.setAttribute("data-count", str(frame.count))
        self.node.setAttribute("data-kind", kind)
        self.node.setAttribute("data-seat", "" if step is None else str(step.seat))
        self.node.setAttribute("data-ticket", (step.ticket if step is not None else None) or "")
        self.node.setAttribute("data-lit", "" if step is None else " ".join(step.lit))
        if step is not None:
            self.node.setAttribute("data-colour", state["players"][step.seat]["colour"])
        self.bar.firstChild.style.width = f"{100 * frame.shown / max(frame.count, 1):.1f}%"
        self.line.replaceChildren(el("span", reveal.announcement(state, frame), cls=f"reveal-step {kind}"))
        items = []
        if step is not None:
            seat = step.seat
            items.append(_reveal_item(_("end.routes"), str(frame.start[seat])))
            for shown in frame.lines:
                items.append(_reveal_item(*_reveal_words(session, shown), latest=shown is step))
        self.lines.replaceChildren(*items)
        if items:       # the newest line in view, in a column or a sheet too short for them all
            items[-1].scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        return self.node


def _reveal_words(session: Session, step: reveal.Step) -> tuple[str, str, str]:
    """A revealed step as a line of the player's so far: what, the signed points, its class."""
    points = f"{step.points:+d}"
    if step.kind == reveal.TICKET:
        t = session.map.ticket(step.ticket or "")
        a, b = session.map.city(t.a).name, session.map.city(t.b).name
        kind = "missed" if not step.completed else "done station" if step.borrowed else "done"
        return f"{a.replace(' ', NBSP)} – {b.replace(' ', NBSP)}", points, kind
    if step.kind == reveal.STATIONS:
        return _("end.stations"), points, "stations"
    return longest_name(session.state["map"]), points, "longest"


def _reveal_item(what: str, points: str, kind: str = "routes", *, latest: bool = False) -> Node:
    return el("li", None, el("span", what, cls="what"), el("span", points, cls="num"),
              cls=f"{kind} latest" if latest else kind)


def _ticket_line(a: str, b: str, points: int) -> str:
    """A ticket on the end screen, as it may wrap in a narrow column: each city's name kept whole."""
    return _("end.ticket", a=a.replace(" ", NBSP), b=b.replace(" ", NBSP), points=f"{points:+d}")


NBSP = "\u00a0"
CHART_H, LABEL_GAP = 150, 13        # the score chart's plot height and its end labels' spacing (CSS pixels)


def score_chart(session: Session) -> Node:
    """Each player's score over the rounds, to the final total: a line per player in their colour,
    the scores on the y axis (gridlines at round numbers), the rounds on the x axis, each final
    total at its line's end (numbers only go into the drawing; names are in its legend, as text).

    The SVG is laid out in CSS pixels, its width the frame's: x as a percentage of it, so the
    labels keep their size at every width; the lines alone are stretched (a viewBox 1000 wide)."""
    state = session.state
    chart = ending.score_chart(state, session.public_events)
    steps, span = chart.steps, chart.high - chart.low

    def y(v: float) -> float:
        return CHART_H * (chart.high - v) / span

    parts = []
    for v in chart.y_ticks:
        parts.append(f'<line class="{"zero" if v == 0 else "grid"}" x1="0" x2="100%" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
                     f'<text class="y-label" x="-5" y="{y(v):.1f}" dy=".35em" text-anchor="end">{v}</text>')
    for r in chart.x_ticks:
        x = f"{100 * r / steps:.2f}%"
        parts.append(f'<line class="tick" x1="{x}" x2="{x}" y1="{CHART_H}" y2="{CHART_H + 4}"/>'
                     f'<text class="x-label" x="{x}" y="{CHART_H + 16}" text-anchor="middle">{r}</text>')
    lines = "".join(f'<polyline class="swatch-{state["players"][seat]["colour"]}" points="'
                    + " ".join(f"{1000 * i / steps:.1f},{y(v):.1f}" for i, v in enumerate(h)) + '"/>'
                    for seat, h in enumerate(chart.lines))
    parts.append(f'<svg class="lines" width="100%" height="{CHART_H}" viewBox="0 0 1000 {CHART_H}" '
                 f'preserveAspectRatio="none">{lines}</svg>')
    finals = [h[-1] for h in chart.lines]
    placed = ending.spread_labels([y(v) for v in finals], LABEL_GAP, -3, CHART_H + 3)
    for seat, (v, at) in enumerate(zip(finals, placed)):
        colour = state["players"][seat]["colour"]
        parts.append(f'<circle class="swatch-{colour}" cx="100%" cy="{y(v):.1f}" r="3"/>'
                     f'<text class="end-label swatch-{colour}" x="100%" dx="7" y="{at:.1f}" dy=".35em">{v}</text>')
    figure = el("figure", None, cls="score-chart")
    drawing = el("div", None, cls="chart-drawing", role="img", aria_label=_("end.chart_label"))
    drawing.innerHTML = (f'<svg width="100%" height="{CHART_H}">{"".join(parts)}'    # numbers only: no text to escape
                         f'<text class="axis-title" x="50%" y="{CHART_H + 31}" text-anchor="middle"></text></svg>')
    drawing.querySelector(".axis-title").textContent = _("end.chart_rounds")
    legend = el("figcaption", None, el("span", _("end.chart"), cls="chart-title"))
    for seat, h in enumerate(chart.lines):
        legend.append(el("span", None, swatch(state["players"][seat]["colour"]),
                         f"{state['players'][seat]['name']} {h[-1]}", cls="chart-key"))
    figure.append(drawing)
    figure.append(legend)
    return figure


def statistics_table(session: Session) -> Node:
    """Each player's numbers: routes, trains used, cards drawn, tickets done and failed, longest trail
    (in a box of its own that scrolls sideways if a language's headers do not fit a phone)."""
    columns = ("end.stat.routes", "end.stat.trains", "end.stat.cards", "end.stat.done", "end.stat.failed",
               "end.stat.longest")
    head = el("tr", None, el("th", _("end.player"), scope="col"))
    for key in columns:
        head.append(el("th", _(key), scope="col", cls="num"))
    body = el("tbody", None)
    for row in ending.statistics(session.state, session.public_events):
        line = el("tr", None, el("th", session.state["players"][row.seat]["name"], scope="row"))
        for value in (row.routes, row.trains, row.cards, row.tickets_done, row.tickets_failed, row.longest_trail):
            line.append(el("td", str(value), cls="num"))
        body.append(line)
    return el("div", None, el("table", None, el("caption", _("end.stats")), el("thead", None, head), body,
                              cls="end-stats"), cls="table-scroll")
