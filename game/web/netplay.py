"""Play on several devices in the page: the channels an outcome asks for (``Outcome.connect``:
a ``game.web.peer.PeerLink`` made for a seat's invite or a guest's answer), whose news (made,
opened, a text, closed) become the table's commands; the net panels drawn from their screens
(``game.ui.net_panels``: the host's seats and invites with a QR code and a code to copy, a
guest's invite, answer and rejoin, the STUN/TURN setting); the commands that read the panel's
fields; the turn timer's second, told to the table, and its line."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

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
from game.ui.online import Online, stun_servers
from game.ui.outcome import Connect
from game.ui.page_events import Tick
from game.ui.presence import AwayNote
from game.ui.qr import QrError, qr_svg
from game.web.dom import Node, button, el, present
from game.web.peer import PeerError, PeerLink

if TYPE_CHECKING:       # play over the internet is imported when first chosen (not at the page's boot)
    from game.web.room import RelayLink, Room


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
    if cmd == Control.NET_RELAYS:
        return net.KeepRelays(str(js.document.getElementById("net-relays").value))
    return None


class NetPage:
    """The page's side of play on several devices, for the app ``app``."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.ticking = False            # the away seats' redraw is due
        self.clock_timer: int | None = None     # the turn timer's tick (setInterval's id) while a game is shown
        self.clock_proxy = create_proxy(self.clock_tick)
        self.guest_room: Room | None = None     # a guest's place on the relays (over the internet)

    # --- channels ---

    def connect(self, want: Connect) -> None:
        """Make the channel an outcome asks for; its news go to the table as commands."""
        if want.online is None:
            asyncio.ensure_future(self.make(want))
        elif want.online.secret is not None:
            asyncio.ensure_future(self.open_room(want.online))
        else:
            asyncio.ensure_future(self.dial(want.online))

    async def open_room(self, online: Online) -> None:
        """The host's room on the relays: each guest's knock a new channel, told to the table."""
        from game.web.room import Room
        tell = self.app.tell

        def arrived(link: RelayLink) -> None:
            link.on_message = lambda text: tell(net.ChannelMessage(link, text))
            link.on_close = lambda reason, _detail: tell(net.ChannelClosed(link, reason, now()))
            tell(net.GuestArrived(link))

        room = Room(online.relays, self.stun(), online.secret, arrived, lambda up: tell(net.RoomReach(up)))
        try:
            pubkey = await room.start()
        except Exception:       # noqa: BLE001 - the library did not load: as if no relay answered
            tell(net.RoomReach(False))
            return
        tell(net.RoomOpened(pubkey, room))

    async def dial(self, online: Online) -> None:
        """A guest's connection to its host over the internet: it knocks until the host opens it."""
        from game.web.room import Room
        tell = self.app.tell
        if self.guest_room is None or self.guest_room.urls != online.relays:
            if self.guest_room is not None:
                self.guest_room.close()
            self.guest_room = Room(online.relays, self.stun(), on_change=lambda up: tell(net.RoomReach(up)))
            try:
                await self.guest_room.start()
            except Exception:   # noqa: BLE001 - the library did not load
                self.guest_room = None
                tell(net.ConnectFailed(None, "error"))
                return
        assert online.host is not None
        link: RelayLink = self.guest_room.dial(online.host, lambda: tell(net.ChannelOpened(link)),
                                               lambda text: tell(net.ChannelMessage(link, text)),
                                               lambda reason, _detail: tell(net.ChannelClosed(link, reason, now())))
        tell(net.Dialed(link))

    def stun(self) -> list[dict[str, str]]:
        """The STUN servers for a direct path over the internet (``?stun=none``: none, for tests)."""
        return stun_servers(js.URLSearchParams.new(js.location.search).get("stun"), self.app.table.catalog.backend)

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

    def show_away(self, note: AwayNote | None) -> None:
        """Over the host's board: the player to act is away; waiting, and the host's choice of an AI meanwhile."""
        old = present(js.document.getElementById("net-away"))
        if old is not None:
            old.remove()
        frame = present(js.document.getElementById("board-frame"))
        if note is None or frame is None:
            return
        box = el("div", None, el("p", note.text), cls="net-away", id="net-away", role="status")
        if note.offer_ai:
            box.append(button(_("net.host.give_ai"), "net-ai", str(note.seat)))
        frame.append(box)

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
        if shown.choice is not None:
            panel.append(choice_box(shown.choice))
        if shown.room:
            panel.append(el("p", shown.room, cls="net-room", role="status"))
        if shown.room_failed:
            panel.append(button(_("net.online.nearby"), "net-nearby"))
        if not shown.dealt:
            panel.append(el("p", _("net.host.waiting_deal"), role="status"))
        for line in shown.seats:
            box = el("div", None, el("strong", line.name), el("span", line.status, cls="net-status"),
                     cls="net-seat", data_seat=str(line.seat), data_connected="1" if line.connected else None)
            if line.give_to_ai:
                box.append(button(_("net.host.give_ai"), "net-ai", str(line.seat)))
            if line.stop_ai:
                box.append(button(_("net.host.stop_ai"), "net-stop-ai", str(line.seat)))
            if line.invite is not None and shown.choice is None:
                invite_box(box, line.invite)
            panel.append(box)
        spectators = el("div", None, el("strong", _("net.host.spectators")), cls="net-seat net-spectator")
        if shown.choice is None:
            invite_box(spectators, shown.spectators)
            panel.append(spectators)
        if shown.dealt:
            panel.append(button(_("net.host.play"), "net-panel", cls="primary"))
        panel.append(ice_box(shown.ice, shown.relays))
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


def choice_box(consent: str) -> Node:
    """How the guests connect, chosen by the host: over the internet (the sentence says what it
    contacts) or on one network by codes carried by hand (nothing contacted)."""
    return el("div", None, el("p", consent, cls="net-consent"),
              button(_("net.online.play"), "net-online", cls="primary"),
              el("p", _("net.online.nearby_help")), button(_("net.online.nearby"), "net-nearby"),
              cls="net-choice")


def invite_box(box: Node, invite: InviteBox) -> None:
    if invite.online:
        online_invite_box(box, invite)
        return
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


def online_invite_box(box: Node, invite: InviteBox) -> None:
    """An invite over the internet: the link (its QR code) the guest opens to join, and a new one."""
    if invite.link is None:
        box.append(el("p", _("net.online.reaching"), role="status"))
        return
    box.append(el("p", invite.help))
    box.append(shared(invite.link, f"net-link-{invite.arg}", _("net.host.invite")))
    box.append(button(_("net.host.new_invite"), "net-invite", invite.arg, cls="net-new-invite"))


def ice_box(ice: IceSetting, relays: str = "") -> Node:
    field = el("textarea", None, id="net-ice", rows="2", spellcheck="false", autocomplete="off",
               aria_label=_("net.ice.label"))
    field.value = ice.text
    relays_field = el("textarea", None, id="net-relays", rows="2", spellcheck="false", autocomplete="off",
                      aria_label=_("net.online.relays_label"))
    relays_field.value = relays
    parts = el("details", None, el("summary", _("net.ice.label")), el("p", ice.statement),
               field, button(_("net.ice.save"), "net-ice"),
               el("p", _("net.online.relays_label")), relays_field, button(_("net.ice.save"), "net-relays"),
               cls="net-ice", open=bool(ice.notice))
    if ice.notice:
        parts.append(el("p", ice.notice, cls="net-problem", role="alert"))
    return parts


def guest_panel(shown: GuestPanel) -> Node:
    """The guest's page before the game and whenever its channel is down."""
    panel = el("section", None, el("h2", shown.title), cls="net-panel net-guest", id="net-panel",
               data_phase=shown.phase)
    if shown.phase == JOIN and shown.consent:
        panel.append(el("p", shown.consent, cls="net-consent"))
        panel.append(button(_("net.online.join"), "net-join", cls="primary"))
    elif shown.phase == JOIN:
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
