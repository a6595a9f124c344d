"""Small pieces the table's views share: a player's swatch, card faces, a ticket's line, a
player's last turn in brief."""

from __future__ import annotations

from game.board.render import EMBLEMS
from game.i18n import CARD_KEYS, _
from game.ui.panels import HandCard, MoveBit, TicketLine
from game.web.dom import Node, el


def card_chips(kinds: tuple[str, ...]) -> Node:
    """Small card faces (decoration: the words say the same), e.g. for a payment."""
    return el("span", None, *[el("span", None, cls=f"chip card-{k}") for k in kinds], cls="chips", aria_hidden="true")


def hand_chips(hand: tuple[HandCard, ...]) -> list[Node]:
    """The cards of a hand in brief: a face and a count each."""
    return [el("span", None, el("span", None, cls=f"chip card-{c.kind}", aria_hidden="true"),
               _("table.hand_count", count=c.count), cls="strip-card", title=_(CARD_KEYS[c.kind])) for c in hand]


def swatch(colour: str) -> Node:
    """A player's colour and emblem (the one on their routes' badges and their stations), next to their name."""
    node = el("span", None, cls=f"swatch swatch-{colour}", aria_hidden="true")
    node.innerHTML = f'<svg viewBox="-5 -5 10 10"><path d="{EMBLEMS[colour]}"/></svg>'     # map data, no text
    return node


def ticket_line(ticket: TicketLine, **attrs) -> Node:
    """A destination ticket: its cities, its points, and whether it is done, done through a
    station, or not yet."""
    # the cities wrap between them, each kept whole, the long tag after them; the points in a column of their own
    long = [" ", el("span", _("table.long_ticket"), cls="ticket-long")] if ticket.long else []
    return el("li", None, el("span", ticket.cities, *long, cls="ticket-cities"),
              el("span", ticket.points, cls="ticket-points"),
              el("span", ticket.status_text, cls="ticket-status"), cls=f"ticket {ticket.status}", **attrs)


def last_move_node(bits: tuple[MoveBit, ...]) -> Node:
    """A player's last turn in brief: card faces, a card back for a blind card, then words."""
    node = el("span", None, el("span", _("table.last_move"), cls="last-label"), cls="last-move")
    for bit in bits:
        if bit.kind == "card":
            name = _(CARD_KEYS[bit.card or ""])
            node.append(el("span", None, cls=f"chip card-{bit.card}", title=name, role="img", aria_label=name))
        elif bit.kind == "blind":
            node.append(el("span", None, cls="chip card-back", title=_("table.move.blind"), role="img",
                           aria_label=_("table.move.blind")))
        else:
            node.append(el("span", bit.text, cls="move-text"))
    return node
