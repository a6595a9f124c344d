"""The side column in the page, drawn from the screen's side part (``game.ui.screen.SideScreen``):
the market, the viewer's panel and every player, or once the game is over the final scoring
as it is revealed or the final table (``game.web.end``).

Only what the screen holds reaches the page, so while the handoff screen shows no player's
hand or tickets, none is in the DOM.  The column keeps its parts from one redraw to the next
and builds again only the cards and lines whose looks changed (``game.web.dom.KeyedList``).
"""

from __future__ import annotations

from game.i18n import CARD_KEYS, _
from game.ui.end_screen import EndScreen
from game.ui.panels import (
    CardButton,
    HandCard,
    MarketScreen,
    OwnScreen,
    PlayerLine,
    TicketLine,
)
from game.ui.screen import SideScreen
from game.web.dom import KeyedList, Node, button, disable, el
from game.web.end import ScoringPanel, end_screen
from game.web.pieces import last_move_node, swatch, ticket_line
from game.web.review import ReviewPanel


class SideColumn:
    """The side column: its parts, kept from one redraw to the next."""

    def __init__(self, container) -> None:
        self.container = container
        self.market = Market()
        self.own: OwnPanel | None = None
        self.players = Players()
        self.end: Node | None = None
        self.end_drawn: EndScreen | None = None     # what ``end`` shows
        self.scoring: ScoringPanel | None = None
        self.review: ReviewPanel | None = None
        self.parts: list = []

    def update(self, side: SideScreen) -> None:
        parts: list[Node | None]
        if side.review is None:
            self.review = None
        if side.review is not None:
            if self.review is None:
                self.review = ReviewPanel()
            parts = [self.review.update(side.review)]
        elif side.scoring is not None:
            self.own = None
            if self.scoring is None:
                self.scoring = ScoringPanel(side.scoring)
            parts = [self.scoring.update(side.scoring)]
        elif side.end is not None:
            self.own, self.scoring = None, None
            if self.end is None or side.end != self.end_drawn:      # (a guest's: the fair deal's verdict came)
                self.end, self.end_drawn = end_screen(side.end), side.end
            parts = [self.end]
        else:
            own = side.own
            if own is None:
                self.own = None         # the handoff screen: no hand or ticket stays in the page
            elif self.own is None or self.own.seat != own.seat:
                self.own = OwnPanel(own)
            parts = [None if side.market is None else self.market.update(side.market),
                     None if self.own is None or own is None else self.own.update(own),
                     self.players.update(side.players)]
        parts = [p for p in parts if p is not None]
        if len(parts) != len(self.parts) or any(a is not b for a, b in zip(parts, self.parts)):
            self.container.replaceChildren(*parts)
            self.parts = parts


class Market:
    """The deck and the face-up cards as buttons, disabled (with the reason) when not allowed."""

    def __init__(self) -> None:
        cards = el("div", None, cls="cards")
        # the Hint command where the header's row has no room for it (1180 px and below; game.web.header)
        hint = button(_("hint.button"), "hint", cls="hint side-hint", title=_("hint.button_title"), hidden=True)
        self.node = el("section", None, el("h2", _("table.market")), hint, cards, cls="market", aria_label=_("table.market"))
        self.cards = KeyedList(cards)

    def update(self, market: MarketScreen) -> Node:
        self.cards.update(market.cards, _card_button, _refresh_card)
        self.node.classList.toggle("waiting", market.waiting)     # another's turn: the cards in full colour, not dimmed
        return self.node


def _card_button(card: CardButton) -> Node:
    return button(card.label, card.cmd, card.arg, disabled_reason=card.reason, cls=card.cls, data_slot=card.slot)


def _refresh_card(node, before: CardButton, card: CardButton) -> None:
    """A card's button changed in place (it keeps the focus): its label, card, reason."""
    if card.label != before.label:
        node.textContent = card.label
    if card.arg != before.arg:
        node.setAttribute("data-arg", card.arg)
    if card.cls != before.cls:
        node.className = card.cls
    if card.reason != before.reason or card.cls != before.cls:
        disable(node, card.reason)


class OwnPanel:
    """The viewer's private panel: hand by colour, tickets (done or not), trains, stations, score."""

    def __init__(self, own: OwnScreen) -> None:
        self.seat = own.seat
        self.facts = el("p", "", cls="facts")
        self.facts_text = ""
        hand = el("ul", None, cls="hand", aria_label=_("table.hand"))
        tickets = el("ul", None, cls="tickets", aria_label=_("table.tickets"))
        title = el("h2", None, swatch(own.colour), el("span", own.title))
        self.node = el("section", None, title, self.facts, hand, el("h3", _("table.tickets")), tickets,
                       cls="own-panel", data_seat=str(self.seat))
        self.hand, self.tickets = KeyedList(hand), KeyedList(tickets)

    def update(self, own: OwnScreen) -> Node:
        if own.facts != self.facts_text:
            self.facts.textContent = self.facts_text = own.facts
        self.hand.update([(c.kind, c) for c in own.hand] or [("", None)], _hand_card)
        self.tickets.update([(t.id, t) for t in own.tickets] or [("", None)], _own_ticket)
        return self.node


def _hand_card(card: HandCard | None) -> Node:
    if card is None:
        return el("li", _("table.no_cards"), cls="no-cards")
    # a toggle: chosen, the board lights the routes this colour can pay for
    return el("li", None, el("span", _(CARD_KEYS[card.kind]), cls="card-name"),
              el("span", _("table.hand_count", count=card.count), cls="card-count"),
              cls=f"card card-{card.kind}", data_card=card.kind, data_count=str(card.count), data_cmd="colour",
              data_arg=card.kind, role="button", tabindex="0", aria_pressed="true" if card.selected else "false",
              title=_("table.select_colour"))


def _own_ticket(ticket: TicketLine | None) -> Node:
    if ticket is None:
        return el("li", _("table.no_tickets"), cls="no-cards")
    return ticket_line(ticket, tabindex="0", data_ticket=ticket.id)


class Players:
    """Every player in turn order with their public facts and score, the player to act marked;
    the viewer's own line is ``.me``, the others' ``.opponent``."""

    def __init__(self) -> None:
        items = el("ol", None, cls="player-list")
        self.node = el("section", None, el("h2", _("table.players")), items, cls="players")
        self.items = KeyedList(items)

    def update(self, players: tuple[PlayerLine, ...]) -> Node:
        self.items.update([(p.seat, p) for p in players], _player_line)
        return self.node


def _player_line(p: PlayerLine) -> Node:
    # a narrow column wraps the line before the tag (the AI level, "you"), never inside a word
    title = el("strong", p.name, el("span", p.tag, cls="player-tag") if p.tag else None, cls="player-name")
    line = el("li", None, swatch(p.colour), title,
              el("span", p.score, cls="player-score"), el("span", p.facts, cls="player-facts"),
              cls=p.classes, data_seat=str(p.seat), aria_current="true" if p.current else None,
              data_presence=p.presence[0] or None)
    if p.presence[1]:
        line.append(el("span", p.presence[1], cls="player-presence"))
    if p.last:
        line.append(last_move_node(p.last))
    return line
