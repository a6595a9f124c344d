"""What a click opens, over a ``game.ui.session.Session``: the cards and tickets to draw, the ways to pay for a route or a station, the tickets to keep, a tunnel's payments, and why an action is not legal now.

Legality always comes from ``game.rules``: a choice is enabled when ``legal_actions`` lists its
action, and the reason a forbidden one is disabled is the engine's own refusal of it, in the
player's language (``refusal_text``).

>>> from game.ui.session import Session
>>> from game.ui.setup import default_options
>>> game = Session(default_options("usa", 2).scenario(fallback_seed=5))
>>> low, high, offer = ticket_choice(game)
>>> (low, high, len(offer))
(2, 3, 3)
>>> tickets_choice(game).enabled
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    PayTunnel,
    Withdraw,
)
from game.mapdata import GRAY, LOCOMOTIVE, TRAIN_COLOURS
from game.rules import IllegalActionError, apply_action, keep_limits
from game.state import Phase, State, copy_state
from game.ui.session import Session
from game.ui.words import said


@dataclass(frozen=True)
class Choice:
    """A control: the action it plays (or None), whether it is enabled, and why not."""

    action: Action | None
    enabled: bool
    reason: str | None = None


def refusal_text(error: IllegalActionError, state: State) -> str:
    """The engine's refusal in the player's language, ids named as the board names them."""
    return said(error.problem, state)


def reason(session: Session, action: Action) -> str | None:
    """Why ``action`` is not legal now, in the player's language, or None if it is: the
    engine's refusal (its reason key and parameters, see ``IllegalActionError``)."""
    if action in session.legal():
        return None
    try:
        apply_action(copy_state(session.state), action)
    except IllegalActionError as exc:
        return refusal_text(exc, session.state)
    return None


def draw_choices(session: Session) -> list[Choice]:
    """The deck, then each face-up card in market order (a kind twice gives the same action)."""
    sources = ["deck", *session.state["market"]]
    return [_choice(session, DrawCard(s)) for s in sources]


def tickets_choice(session: Session) -> Choice:
    return _choice(session, DrawTickets())


def _choice(session: Session, action: Action) -> Choice:
    why = reason(session, action)
    return Choice(action, why is None, why)


def route_payments(session: Session, route_id: str) -> tuple[list[ClaimRoute], str | None]:
    """The legal ways to pay for a clicked route, or none and the reason."""
    payments = [a for a in session.legal() if isinstance(a, ClaimRoute) and a.route == route_id]
    if payments:
        return payments, None
    route = session.map.route(route_id)
    length = route.length
    hand = session.state["players"][session.current]["hand"]
    # ask the engine about the payment closest to possible: its refusal names the problem
    colour = max(TRAIN_COLOURS if route.colour == GRAY else (route.colour,), key=lambda c: hand[c])
    locos = min(hand[LOCOMOTIVE], length - 1) if hand[colour] else 0
    probe = ClaimRoute(route_id, colour, length - locos, locos) if hand[colour] \
        else ClaimRoute(route_id, LOCOMOTIVE, 0, length)
    return [], reason(session, probe)


def station_payments(session: Session, city_id: str) -> tuple[list[BuildStation], str | None]:
    payments = [a for a in session.legal() if isinstance(a, BuildStation) and a.city == city_id]
    if payments:
        return payments, None
    built = len(session.state["players"][session.current]["stations"])
    return [], reason(session, BuildStation(city_id, LOCOMOTIVE, 0, built + 1))


def ticket_choice(session: Session) -> tuple[int, int, list[str]]:
    """(keep at least, keep at most, offered tickets) in a ticket phase (the engine's
    ``keep_limits``), of the seat whose choice is asked (``Session.acting``: the opening's may
    be made ahead of the seat's turn); (0, 0, []) in any other phase."""
    position = session.position()
    if position["phase"] not in (Phase.SETUP_TICKETS, Phase.TICKETS):
        return 0, 0, []
    low, high = keep_limits(position)
    return low, high, list(position["players"][session.acting]["offer"])


def tunnel_choice(session: Session) -> tuple[dict[str, Any], list[str], list[PayTunnel | Withdraw]]:
    """(the tunnel being claimed, the revealed cards, the payments then ``withdraw``)."""
    payments: list[PayTunnel | Withdraw] = [a for a in session.legal() if isinstance(a, (PayTunnel, Withdraw))]
    return dict(session.state["tunnel"] or {}), list(session.state["revealed"]), payments
