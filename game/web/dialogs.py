"""The dialog up, drawn from the screen's dialog part (``game.ui.dialog_screen``), and the
storage-full banner: what stands over the table and asks the player something.  A dialog is
modal: the focus stays inside it (``game.web.focus``); the page behind is inert."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import _
from game.ui.dialog_screen import (
    DialogScreen,
    HandoffScreen,
    LastRoundScreen,
    MessageScreen,
    PaymentScreen,
    ShareScreen,
    StaleScreen,
    TicketsScreen,
    TunnelScreen,
)
from game.ui.hints import HintScreen
from game.ui.panels import HandCard
from game.web.dom import Node, button, el
from game.web.pieces import card_chips, hand_chips, last_move_node, swatch

# the choices about the board: they stand beside it (over the side column) or are a phone's sheet
BOARD_CHOICES = frozenset({"tickets", "claim", "station", "tunnel", "message"})


def dialog(title: str, *body, label: str | None = None, role: str = "dialog", colour: str | None = None) -> Node:
    """A modal dialog; ``colour``: the player it speaks to (its top edge in their colour)."""
    return el("div", None, el("div", None, el("h2", title, id="dialog-title"), *body, cls="dialog-box",
                              data_colour=colour),
              cls="dialog board-choice" if label in BOARD_CHOICES else "dialog", role=role, aria_modal="true",
              aria_labelledby="dialog-title", data_dialog=label or "")


def handoff_dialog(d: HandoffScreen) -> Node:
    """Pass the device; with what the others did since this player's last turn (public facts)."""
    body = [el("p", _("table.handoff.body", name=d.name))]
    if d.recap:
        lines = el("ul", None, cls="recap")
        for line in d.recap:
            lines.append(el("li", None, swatch(line.colour), el("strong", line.label), last_move_node(line.last)))
        body += [el("h3", _("table.handoff.recap")), lines]
    return dialog(_("table.handoff.title", name=d.name), *body,
                  button(_("table.handoff.ready", name=d.name), "handoff", cls="primary", data_autofocus=True),
                  label="handoff", colour=d.colour)


def last_round_dialog(d: LastRoundScreen) -> Node:
    """The last round is announced to a player about to play their last turn (public facts only)."""
    return dialog(_("table.last_round.title"), el("p", d.started, id="last-round-started"),
                  el("p", _("table.last_round.rule")), el("p", d.yours, cls="last-turn"),
                  button(_("table.last_round.ok"), "last-round", cls="primary"), label="last-round",
                  role="alertdialog")


def hint_part(hint: HintScreen | None) -> list[Node]:
    """In a choice: the Hint command and the hint's line, while it is offered (``game.ui.hints``)."""
    if hint is None:
        return []
    return [el("p", hint.line, cls="hint-line", role="status"),
            button(_("hint.button"), "hint", cls="secondary hint", title=_("hint.button_title"))]


def _hinted(cls: str, lit: bool) -> str:
    return f"{cls} hinted" if lit else cls


def tickets_dialog(d: TicketsScreen) -> Node:
    items = el("ul", None, cls="offer")
    kept = () if d.hint is None else d.hint.lit.tickets
    for i, (t, text) in enumerate(d.offer):
        box = el("input", None, type="checkbox", value=t, name="keep", checked=d.checked, data_autofocus=i == 0)
        items.append(el("li", None, el("label", None, box, el("span", text)), cls=_hinted("offer-ticket", t in kept),
                        data_ticket=t))
    return dialog(_("table.keep_title"), el("p", d.rule, id="keep-rule"), hand_strip(d.hand), items,
                  el("p", "", cls="dialog-error", role="alert"),
                  button(_("table.keep"), "keep", cls="primary"), *hint_part(d.hint), label="tickets")


def hand_strip(hand: tuple[HandCard, ...] | None) -> Node | None:
    """The viewer's cards in brief, inside a choice: the dialog stands over the side column
    (beside the board) or is a sheet over the hand (a phone), so the hand is in it too."""
    if hand is None:
        return None
    return el("p", None, el("span", _("table.hand"), cls="strip-label"), *hand_chips(hand), cls="dialog-hand")


def payment_dialog(d: PaymentScreen) -> Node:
    options = el("div", None, cls="payments")
    for pay in d.payments:
        option = button(pay.text, d.kind, pay.arg, cls="payment")
        option.prepend(card_chips(pay.chips))
        options.append(option)
    rule = el("p", d.rule, cls="dialog-rule") if d.rule else None
    return dialog(d.title, rule, el("p", _("table.choose_payment")), hand_strip(d.hand), options,
                  button(_("table.cancel"), "close", cls="secondary"), label=d.kind)


def tunnel_dialog(d: TunnelScreen) -> Node:
    body = [el("p", d.rule, cls="dialog-rule"), el("p", d.revealed, cls="revealed"),
            el("span", None, *[el("span", None, cls=f"chip card-{c}{' match' if m else ''}") for c, m in d.chips],
               cls="chips", aria_hidden="true"),
            el("p", d.extra)]
    buttons = el("div", None, cls="payments")
    for pay in d.payments:
        if pay.withdraw:
            buttons.append(button(pay.text, "tunnel", pay.arg, cls=_hinted("payment withdraw", pay.hinted)))
            continue
        option = button(pay.text, "tunnel", pay.arg, cls=_hinted("payment", pay.hinted))
        option.prepend(card_chips(pay.chips))
        buttons.append(option)
    if len(d.payments) == 1:
        body.append(el("p", _("table.tunnel_cannot_pay")))
    return dialog(d.title, *body, hand_strip(d.hand), buttons, *hint_part(d.hint), label="tunnel")


def stale_dialog(_d: StaleScreen) -> Node:
    """This tab stopped playing: the game was played on (or deleted) in another tab."""
    return dialog(_("table.stale.title"), el("p", _("table.stale.body")),
                  button(_("table.stale.take_over"), "take-over", cls="primary"),
                  button(_("table.menu"), "home", cls="secondary"), label="stale", role="alertdialog")


def share_dialog(d: ShareScreen) -> Node:
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


def message_dialog(d: MessageScreen) -> Node:
    return dialog(d.title, el("p", d.text), button(_("table.ok"), "close", cls="primary"), label="message")


DIALOGS: dict[type, Callable[[Any], Node]] = {
    StaleScreen: stale_dialog, HandoffScreen: handoff_dialog, LastRoundScreen: last_round_dialog,
    TicketsScreen: tickets_dialog, TunnelScreen: tunnel_dialog, PaymentScreen: payment_dialog,
    ShareScreen: share_dialog, MessageScreen: message_dialog}


def dialog_node(d: DialogScreen) -> Node:
    """The dialog the screen has up, drawn."""
    return DIALOGS[type(d)](d)


def storage_banner(finished: tuple[tuple[str, str], ...]) -> Node:
    """Storage is full: the game is not being kept.  Export it, or delete finished games
    (each: its id and players) to free space; the game is saved whole again then."""
    banner = el("div", None, el("p", _("table.storage_banner")), cls="storage-banner", id="storage-banner",
                role="alert")
    tools = el("div", None, button(_("table.export"), "export-game", cls="primary"), cls="banner-tools")
    for save_id, players in finished:
        tools.append(button(_("table.free_game", players=players), "free", save_id, cls="secondary"))
    if not finished:
        tools.append(el("span", _("table.storage_no_finished")))
    banner.append(tools)
    return banner
