"""The dialog up (``game.ui.controller.Dialog``) in words, as the page draws it (a part of
``game.ui.screen.Screen``): its title, text, choices with their card faces, the viewer's hand
beside a choice, and the board element it is about (``spot``).  ``kind`` is the dialog's name
on the page (``data-dialog``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game import cldr
from game.actions import BuildStation, ClaimRoute, PayTunnel, Withdraw
from game.i18n import CARD_KEYS, _
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
from game.ui.hints import HintScreen
from game.ui.moves import MovePart
from game.ui.panels import HandCard, MoveBit, move_bits
from game.ui.session import Session


@dataclass(frozen=True)
class Payment:
    """A way to pay in a dialog: its words, its argument (the index the command takes) and its
    card faces; or a tunnel's withdrawal; ``hinted``: the hint's move (``game.ui.lit``)."""

    text: str
    arg: str
    chips: tuple[str, ...]
    withdraw: bool = False
    hinted: bool = False


@dataclass(frozen=True)
class RecapLine:
    colour: str
    label: str
    last: tuple[MoveBit, ...]


@dataclass(frozen=True)
class StaleScreen:
    kind: str = "stale"
    spot: None = None


@dataclass(frozen=True)
class HandoffScreen:
    name: str
    colour: str
    recap: tuple[RecapLine, ...]        # the others' turns since this player's last one
    kind: str = "handoff"
    spot: None = None


@dataclass(frozen=True)
class LastRoundScreen:
    started: str                # who started it, and with how many trains
    yours: str
    kind: str = "last-round"
    spot: None = None


@dataclass(frozen=True)
class TicketsScreen:
    rule: str
    offer: tuple[tuple[str, str], ...]      # (ticket id, its words)
    checked: bool                           # all of them must be kept: ticked already
    hand: tuple[HandCard, ...] | None
    kind: str = "tickets"
    spot: None = None
    hint: HintScreen | None = None          # the Hint command, in the dialog (game.ui.screen.hint_of)


@dataclass(frozen=True)
class PaymentScreen:
    kind: str                   # "claim" or "station"
    title: str
    rule: str | None
    payments: tuple[Payment, ...]
    hand: tuple[HandCard, ...] | None
    spot: str | None


@dataclass(frozen=True)
class TunnelScreen:
    title: str
    rule: str
    revealed: str                           # the cards turned over, in words
    chips: tuple[tuple[str, bool], ...]     # each card turned over, and whether it costs a card more
    extra: str
    payments: tuple[Payment, ...]           # the payments, then withdraw
    hand: tuple[HandCard, ...] | None
    spot: str | None
    kind: str = "tunnel"
    hint: HintScreen | None = None


@dataclass(frozen=True)
class ShareScreen:
    public: str
    own: str | None
    kind: str = "share"
    spot: None = None


@dataclass(frozen=True)
class MessageScreen:
    title: str
    text: str
    spot: str | None = None
    kind: str = "message"


DialogScreen = (StaleScreen | HandoffScreen | LastRoundScreen | TicketsScreen | PaymentScreen | TunnelScreen
                | ShareScreen | MessageScreen)


def payment_text(action: ClaimRoute | BuildStation | PayTunnel) -> str:
    parts = []
    if action.cards:
        parts.append(_("table.pay_cards", count=action.cards, card=_(CARD_KEYS[action.colour])))
    if action.locomotives:
        parts.append(_("table.pay_locos", count=action.locomotives))
    return " + ".join(parts)


def _chips(action: ClaimRoute | BuildStation | PayTunnel) -> tuple[str, ...]:
    return (action.colour,) * action.cards + ("locomotive",) * action.locomotives


def keep_rule(low: int, high: int) -> str:
    return _("table.keep_rule", low=low, high=high) if low != high else _("table.keep_exactly", count=low)


def dialog_screen(session: Session, d: Dialog, hand: tuple[HandCard, ...] | None,
                  recap: Sequence[tuple[int, Sequence[MovePart]]] = ()) -> DialogScreen:
    """The dialog ``d`` in words; ``hand``: the viewer's cards (None: nobody's on screen);
    ``recap``: at a handoff, the others' turns since that player's last one."""
    players, game_map = session.state["players"], session.map
    match d:
        case StaleDialog():
            return StaleScreen()
        case HandoffDialog(seat):
            lines = tuple(RecapLine(players[other]["colour"], session.player_label(other), move_bits(game_map, parts))
                          for other, parts in recap)
            return HandoffScreen(players[seat]["name"], players[seat]["colour"], lines)
        case LastRoundDialog(seat, started_by, trains):
            if started_by is None:
                started = _("table.last_round.started_earlier")
            elif started_by == seat:
                started = _("table.last_round.started_you", count=trains)
            else:
                started = _("table.last_round.started", player=players[started_by]["name"], count=trains)
            return LastRoundScreen(started, _("table.last_round.yours", name=players[seat]["name"]))
        case TicketsDialog(low, high, offer):
            words = []
            for t in offer:
                ticket = game_map.ticket(t)
                text = _("table.ticket", a=game_map.city(ticket.a).name, b=game_map.city(ticket.b).name,
                         points=ticket.points)
                words.append((t, text + " " + _("table.long_ticket") if ticket.long else text))
            return TicketsScreen(keep_rule(low, high), tuple(words), high == len(offer) and low == high, hand)
        case PaymentDialog(kind, title, payments, spot, rule):
            return PaymentScreen(kind, title, rule, tuple(Payment(payment_text(a), str(i), _chips(a))
                                                          for i, a in enumerate(payments)), hand, spot)
        case TunnelDialog(route, revealed, extra, options, rule, matches):
            r = game_map.route(route)
            pays = tuple(Payment(_("table.withdraw"), str(i), (), withdraw=True) if isinstance(a, Withdraw)
                         else Payment(_("table.pay", payment=payment_text(a)), str(i), _chips(a))
                         for i, a in enumerate(options))
            return TunnelScreen(_("table.tunnel_title", a=game_map.city(r.a).name, b=game_map.city(r.b).name), rule,
                                _("table.tunnel_revealed", cards=cldr.join(_(CARD_KEYS[c]) for c in revealed)),
                                tuple(zip(revealed, matches)), _("table.tunnel_extra", count=extra), pays, hand,
                                d.spot)
        case ShareDialog(public, own):
            return ShareScreen(public, own)
        case MessageDialog(title, text, spot):
            return MessageScreen(title, text, spot)
    raise TypeError(f"no screen for the dialog {d!r}")
