"""Play on several devices in the page: the channels an outcome asks for (``Outcome.connect``:
a ``game.web.peer.PeerLink`` made for a seat's invite or a guest's answer), whose news (made,
opened, a text, closed) become the table's commands; the net panels drawn from their screens
(``game.ui.net_panels``: the host's seats and invites with a QR code and a code to copy, a
guest's invite, answer and rejoin, the STUN/TURN setting); the commands that read the panel's
fields; the turn timer's second, told to the table, and its line."""

from __future__ import annotations

import asyncio
from typing import Protocol

import js
from pyodide.ffi import create_once_callable, create_proxy

from game.i18n import _
from game.net.ice import ice_servers
from game.net.signal import SignalError
from game.ui import net_commands as net
from game.ui.commands import Command, Control, seat_arg
from game.ui.controller import Table
from game.ui.guest_page import ANSWER, JOIN, LOST
from game.ui.net_panels import (
    GuestPanel,
    HostPanel,
    IceSetting,
    InviteBox,
    NetPanel,
    answer_field,
    kept_net,
    link_field,
)
from game.ui.netplay import answer_link, ice_setting
from game.ui.outcome import Connect
from game.ui.page_events import Tick
from game.ui.qr import QrError, qr_svg
from game.web.dom import Node, button, el, present
from game.web.peer import PeerError, PeerLink


class Page(Protocol):
    """What the glue asks of the table page (``game.web.app.App``)."""

    @property
    def table(self) -> Table: ...

    def tell(self, command: Command) -> None: ...
    def show(self) -> None: ...


AWAY_TICK_MS = 20_000       # a guest away: the host's panel is drawn again this often (its minutes, its AI offer)
CLOCK_TICK_MS = 1_000       # the turn timer's second: told to the table, its line drawn again


def now() -> float:
    """Seconds since 1970, by this device's clock."""
    return float(js.Date.now()) / 1000


def panel_command(cmd: str, arg: str) -> Command | None:
    """The commands that read the panel's fields: an answer taken, a rejoin, the setting kept."""
    if cmd == Control.NET_TAKE:
        seat = seat_arg(arg)
        field = present(js.document.getElementById(answer_field(seat)))
        return None if field is None else net.TakeAnswer(seat, str(field.value))
    if cmd == Control.NET_REJOIN:
        field = present(js.document.getElementById("net-invite"))
        return None if field is None else net.Rejoin(str(field.value))
    if cmd == Control.NET_ICE:
        return net.KeepIce(str(js.document.getElementById("net-ice").value))
    return None


class NetPage:
    """The page's side of play on several devices, for the app ``app``."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.ticking = False            # the away seats' redraw is due
        self.clock_timer: int | None = None     # the turn timer's tick (setInterval's id) while a game is shown
        self.clock_proxy = create_proxy(self.clock_tick)

    # --- channels ---

    def connect(self, want: Connect) -> None:
        """Make the channel an outcome asks for; its news go to the table as commands."""
        asyncio.ensure_future(self.make(want))

    async def make(self, want: Connect) -> None:
        tell = self.app.tell
        servers = self.ice()
        link: PeerLink = PeerLink(lambda: tell(net.ChannelOpened(link)), lambda text: tell(net.ChannelMessage(link, text)),
                                  lambda reason, _detail: tell(net.ChannelClosed(link, reason, now())), servers)
        try:
            if want.offer is None:
                code = await link.invite()
            else:
                code = await link.answer(want.offer)
        except PeerError as exc:
            tell(net.ConnectFailed(want.seat, exc.reason))
            return
        if want.offer is None:
            tell(net.InviteMade(want.seat, link, code))
        else:
            tell(net.AnswerMade(link, answer_link(self.app.table.site, code)))

    def ice(self) -> list[dict[str, str]]:
        try:
            return ice_servers(ice_setting(self.app.table.catalog.backend))
        except SignalError:
            return []

    # --- the turn timer ---

    def clock(self) -> None:
        """Show the turn timer's line over the game (``#net-clock``) and tell the table each
        second while a game of a mode that keeps time is shown (on the host, its 0 plays the safe move)."""
        self.show_clock()
        if self.clock_timer is None and self.app.table.mode.ticks:
            self.clock_timer = js.setInterval(self.clock_proxy, CLOCK_TICK_MS)

    def clock_tick(self) -> None:
        table = self.app.table
        if not table.mode.ticks or table.session is None:
            js.clearInterval(self.clock_timer)
            self.clock_timer = None
            return
        self.app.tell(Tick(now()))
        self.show_clock()

    def show_clock(self) -> None:
        node = present(js.document.getElementById("net-clock"))
        if node is None:
            return
        line = self.app.table.mode.clock_line(now())
        if node.textContent != line:
            node.textContent = line

    def tick(self) -> None:
        """Draw the host's panel again while a guest is away: "away for n minutes" counts on,
        and "Let an AI play meanwhile" appears once the grace period is over; not while the
        host is typing in the panel (then at the next tick)."""
        self.ticking = False
        if not self.app.table.mode.seats_tool:     # the host left the table meanwhile
            return
        focus = js.document.activeElement
        if focus is not None and focus.closest("#net-panel") is not None and focus.tagName in ("INPUT", "TEXTAREA"):
            self.ticking = True
            js.setTimeout(create_once_callable(self.tick), AWAY_TICK_MS)
        else:
            self.app.show()

    # --- the panels ---

    def panel(self, shown: NetPanel) -> Node:
        if isinstance(shown, HostPanel):
            return self.host_panel(shown)
        return guest_panel(shown)

    def host_panel(self, shown: HostPanel) -> Node:
        """The seats, their statuses and invites, the spectators' invite and the setting."""
        panel = el("section", None, el("h2", _("net.host.title")), cls="net-panel", id="net-panel")
        if not shown.dealt:
            panel.append(el("p", _("net.host.waiting_deal"), role="status"))
        for line in shown.seats:
            box = el("div", None, el("strong", line.name), el("span", line.status, cls="net-status"),
                     cls="net-seat", data_seat=str(line.seat), data_connected="1" if line.connected else None)
            if line.give_to_ai:
                box.append(button(_("net.host.give_ai"), "net-ai", str(line.seat)))
            if line.stop_ai:
                box.append(button(_("net.host.stop_ai"), "net-stop-ai", str(line.seat)))
            if line.invite is not None:
                invite_box(box, line.invite)
            panel.append(box)
        spectators = el("div", None, el("strong", _("net.host.spectators")), cls="net-seat net-spectator")
        invite_box(spectators, shown.spectators)
        panel.append(spectators)
        if shown.dealt:
            panel.append(button(_("net.host.play"), "net-panel", cls="primary"))
        panel.append(ice_box(shown.ice))
        if shown.away and not self.ticking:
            self.ticking = True
            js.setTimeout(create_once_callable(self.tick), AWAY_TICK_MS)
        return panel

    def start_section(self) -> Node | None:
        """A kept table to open again, or a guest's seat to rejoin (None: neither)."""
        kept = kept_net(self.app.table.catalog.backend)
        section = el("section", None, cls="net-kept")
        if kept.table:
            section.append(el("p", _("start.resume_table")))
            section.append(button(_("start.open_table"), "net-open-table", cls="primary"))
            section.append(button(_("start.end_table"), "net-end-table"))
        if kept.rejoin is not None:
            section.append(rejoin_form(kept.rejoin))
        return section if section.childElementCount else None


def invite_box(box: Node, invite: InviteBox) -> None:
    making = invite.making
    box.append(button(_("net.host.making") if making else _("net.host.new_invite" if invite.link else "net.host.invite"),
                      "net-invite", invite.arg, disabled_reason=_("net.host.making") if making else None))
    if invite.link is not None:
        box.append(el("p", invite.help))
        box.append(shared(invite.link, link_field(seat_arg(invite.arg)), _("net.host.invite")))
        field = el("input", None, id=invite.field, type="text",
                   autocomplete="off", spellcheck="false")
        box.append(el("label", _("net.host.answer"), field, cls="net-answer"))
        box.append(button(_("net.host.take"), "net-take", invite.arg))
    if invite.problem:
        box.append(el("p", invite.problem, cls="net-problem", role="alert"))


def ice_box(ice: IceSetting) -> Node:
    field = el("textarea", None, id="net-ice", rows="2", spellcheck="false", autocomplete="off",
               aria_label=_("net.ice.label"))
    field.value = ice.text
    parts = el("details", None, el("summary", _("net.ice.label")), el("p", ice.statement),
               field, button(_("net.ice.save"), "net-ice"), cls="net-ice", open=bool(ice.notice))
    if ice.notice:
        parts.append(el("p", ice.notice, cls="net-problem", role="alert"))
    return parts


def guest_panel(shown: GuestPanel) -> Node:
    """The guest's page before the game and whenever its channel is down."""
    panel = el("section", None, el("h2", shown.title), cls="net-panel net-guest", id="net-panel",
               data_phase=shown.phase)
    if shown.phase == JOIN:
        panel.append(el("p", _("net.guest.make_help")))
        panel.append(button(_("net.guest.make_answer"), "net-answer", cls="primary"))
    elif shown.phase == ANSWER:
        panel.append(el("p", shown.status, role="status"))
        panel.append(shared(shown.answer, "net-answer-link", _("net.host.answer")))
    elif shown.phase == LOST:
        if shown.problem:
            panel.append(el("p", shown.problem, cls="net-problem", role="alert"))
        panel.append(rejoin_form(shown.rejoin))
    else:
        panel.append(el("p", shown.status, role="status"))
    panel.append(ice_box(shown.ice))
    return panel


def typed() -> dict[str, str]:
    """What the player has typed in the panel's fields (an answer, an invite, the setting), to
    keep over its redraw (a move while the host pastes an answer redraws the panel)."""
    return {str(node.id): str(node.value) for node in js.document.querySelectorAll("#net-panel input[id], #net-panel textarea")
            if not node.readOnly and node.value}


def retype(values: dict[str, str]) -> None:
    for ident, value in values.items():
        node = js.document.getElementById(ident)
        if node is not None and not node.value:
            node.value = value


def rejoin_form(words: str) -> Node:
    """The field for a new invite to get back to the table, under ``words`` saying how."""
    field = el("input", None, id="net-invite", type="text", autocomplete="off", spellcheck="false")
    return el("div", None, el("p", words),
              el("label", _("net.guest.invite_field"), field), button(_("net.guest.rejoin"), "net-rejoin"),
              cls="net-rejoin")


def shared(link: str, ident: str, label: str) -> Node:
    """A link to pass on (``label``: what it is): its QR code, the link to copy, and the copy button."""
    box = el("div", None, cls="net-share")
    try:
        box.innerHTML = qr_svg(link, "L")
    except QrError:
        pass
    field = el("input", None, id=ident, type="text", readonly=True, cls="net-code", aria_label=label)
    field.value = link
    box.append(field)
    box.append(button(_("net.copy"), "copy-link", link))
    return box
