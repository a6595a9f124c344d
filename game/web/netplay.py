"""Play on several devices in the page: the host's table panel (each seat's status, its invite
as a link, a QR code and a code to copy, the guest's answer pasted, the actions on a seat), a
guest's page (the invite, its answer, a rejoin), the STUN/TURN setting, the turn timer's line
ticked each second, and the channels
(``game.web.peer.PeerLink``) tied to the models of ``game.ui.netplay``."""

from __future__ import annotations

import asyncio
from typing import Protocol

import js
from pyodide.ffi import create_once_callable, create_proxy

from game.i18n import _
from game.net.ice import ice_servers
from game.net.signal import SignalError
from game.ui import netplay
from game.ui.commands import Control, Outcome, Redraw
from game.ui.controller import Table
from game.ui.netplay import CLOSE_KEYS, GuestPage, NetHost
from game.ui.qr import QrError, qr_svg
from game.ui.storage import HOST_KEY
from game.web.dom import Node, button, el, present
from game.web.peer import PeerError, PeerLink


class Page(Protocol):
    """What the glue asks of the table page (``game.web.app.App``)."""

    @property
    def table(self) -> Table: ...

    def apply(self, outcome: Outcome) -> None: ...
    def show(self) -> None: ...

NET_COMMANDS = (Control.NET_INVITE, Control.NET_TAKE, Control.NET_AI, Control.NET_STOP_AI, Control.NET_PANEL,
                Control.NET_ANSWER, Control.NET_REJOIN, Control.NET_OPEN_TABLE, Control.NET_END_TABLE, Control.NET_ICE)


AWAY_TICK_MS = 20_000       # a guest away: the host's panel is drawn again this often (its minutes, its AI offer)
CLOCK_TICK_MS = 1_000       # the turn timer's line is drawn again this often (and the host's checked for 0)


def _now() -> float:
    return float(js.Date.now()) / 1000


class NetPage:
    """The page's side of play on several devices, for the app ``app``."""

    def __init__(self, app: Page) -> None:
        self.app = app
        self.panel_open = False         # the host's seats and invites over the game
        self.making: set[int | None] = set()     # seats whose invite is being made
        self.problems: dict[int | None, str] = {}  # seat -> why its invite or answer failed
        self.ice_notice = ""
        self.ticking = False            # the away seats' redraw is due
        self.clock_timer: int | None = None     # the turn timer's tick (setInterval's id) while a game is shown
        self.clock_proxy = create_proxy(self.clock_tick)

    # --- the commands ---

    def command(self, cmd: str, arg: str) -> None:
        table = self.app.table
        seat = None if arg in ("", "spectator") else int(arg)
        if cmd == Control.NET_INVITE and table.host is not None:
            asyncio.ensure_future(self.invite(table.host, seat))
        elif cmd == Control.NET_TAKE and table.host is not None:
            self.take_answer(table.host, seat)
        elif cmd == Control.NET_AI and table.host is not None and seat is not None:
            table.host.give_to_ai(seat)
            self.app.apply(table.net_news())
        elif cmd == Control.NET_STOP_AI and seat is not None:
            self.app.apply(table.net_stop_stand_in(seat))
        elif cmd == Control.NET_PANEL:
            self.panel_open = not self.panel_open
            self.app.show()
        elif cmd == Control.NET_ANSWER and table.guest is not None:
            asyncio.ensure_future(self.answer(table.guest))
        elif cmd == Control.NET_REJOIN:
            self.rejoin(table.guest or netplay.resume_guest(table.catalog.backend))
        elif cmd == Control.NET_OPEN_TABLE:
            host = netplay.resume_host(table.catalog.backend, table.site, _now())
            if host is not None:
                self.app.apply(table.open_table(host))
        elif cmd == Control.NET_END_TABLE:
            table.catalog.backend.remove(HOST_KEY)
            self.app.show()
        elif cmd == Control.NET_ICE:
            field = js.document.getElementById("net-ice")
            self.ice_notice = netplay.keep_ice_setting(table.catalog.backend, str(field.value))
            self.app.show()

    def ice(self) -> list[dict[str, str]]:
        try:
            return ice_servers(netplay.ice_setting(self.app.table.catalog.backend))
        except SignalError:
            return []

    # --- the host ---

    async def invite(self, host: NetHost, seat: int | None) -> None:
        """Make a new invite for ``seat``: a channel's offer, shown as a link, a QR code and a code."""
        conn: list[str] = []
        link = PeerLink(lambda: self.host_opened(host, conn),
                        lambda text: self.host_message(host, conn, text),
                        lambda reason, detail: self.host_closed(host, conn, seat, reason), self.ice())
        self.making.add(seat)
        self.problems.pop(seat, None)
        self.app.show()
        try:
            code = await link.invite()
        except PeerError as exc:
            self.problems[seat] = _(CLOSE_KEYS.get(exc.reason, "net.closed.error"))
            return
        finally:
            self.making.discard(seat)
        conn.append(host.new_connection(seat, link, code))
        self.app.show()

    def take_answer(self, host: NetHost, seat: int | None) -> None:
        field = js.document.getElementById(f"net-answer-{'s' if seat is None else seat}")
        conn = host.pending.get(seat)
        link = host.conns.get(conn or "")
        if field is None or not isinstance(link, PeerLink):
            return
        problem = link.take_answer(str(field.value))
        if problem is None:
            field.value = ""
            self.problems.pop(seat, None)
        else:
            self.problems[seat] = f"{_('net.closed.bad-code')} ({problem})"
        self.app.show()

    def host_opened(self, host: NetHost, conn: list[str]) -> None:
        if conn:
            host.opened(conn[0])
            self.app.show()

    def host_message(self, host: NetHost, conn: list[str], text: str) -> None:
        if conn and self.app.table.host is host:
            host.message(conn[0], text)
            self.app.apply(self.app.table.net_news())

    def host_closed(self, host: NetHost, conn: list[str], seat: int | None, reason: str) -> None:
        if not conn or self.app.table.host is not host:
            return
        if host.pending.get(seat) == conn[0]:
            self.problems[seat] = _(CLOSE_KEYS.get(reason, "net.closed.closed"))
        host.closed(conn[0], _now())
        self.app.apply(self.app.table.net_news())

    def host_panel(self, host: NetHost) -> Node:
        """The seats, their statuses and invites, the spectators' invite and the setting."""
        dealt = host.table.dealt
        panel = el("section", None, el("h2", _("net.host.title")), cls="net-panel", id="net-panel")
        if not dealt:
            panel.append(el("p", _("net.host.waiting_deal"), role="status"))
        for row in host.rows(_now()):
            box = el("div", None, el("strong", row.name), el("span", row.status, cls="net-status"),
                     cls="net-seat", data_seat=str(row.seat), data_connected="1" if row.connected else None)
            if row.give_to_ai:
                box.append(button(_("net.host.give_ai"), "net-ai", str(row.seat)))
            if row.stop_ai:
                box.append(button(_("net.host.stop_ai"), "net-stop-ai", str(row.seat)))
            if row.new_invite:
                self.invite_box(box, host, row.seat, row.link)
            panel.append(box)
        spectators = el("div", None, el("strong", _("net.host.spectators")), cls="net-seat net-spectator")
        self.invite_box(spectators, host, None, host.links.get(None))
        panel.append(spectators)
        if dealt:
            panel.append(button(_("net.host.play"), "net-panel", cls="primary"))
        panel.append(self.ice_setting())
        left = [seat for seat, status in enumerate(host.table.statuses()) if status == "away" and seat in host.table.away_since]
        if left and not self.ticking:
            self.ticking = True
            js.setTimeout(create_once_callable(self.tick), AWAY_TICK_MS)
        return panel

    # --- the turn timer ---

    def clock(self) -> None:
        """Show the turn timer's line over the game (``#net-clock``) and keep it ticking each
        second while a game on several devices is shown; on the host, its 0 plays the safe move."""
        self.show_clock()
        if self.clock_timer is None and (self.app.table.host is not None or self.app.table.guest is not None):
            self.clock_timer = js.setInterval(self.clock_proxy, CLOCK_TICK_MS)

    def clock_tick(self) -> None:
        table = self.app.table
        if table.host is None and table.guest is None or table.session is None:
            js.clearInterval(self.clock_timer)
            self.clock_timer = None
            return
        outcome = table.net_time_out(_now())
        if outcome.redraw is not Redraw.NOTHING:
            self.app.apply(outcome)
        self.show_clock()

    def show_clock(self) -> None:
        node = present(js.document.getElementById("net-clock"))
        table = self.app.table
        if node is None:
            return
        line = table.host.clock_line(_now()) if table.host is not None else \
            table.guest.clock_line(_now()) if table.guest is not None else ""
        if node.textContent != line:
            node.textContent = line

    def tick(self) -> None:
        """Draw the host's panel again while a guest is away: "away for n minutes" counts on,
        and "Let an AI play meanwhile" appears once the grace period is over; not while the
        host is typing in the panel (then at the next tick)."""
        self.ticking = False
        host = self.app.table.host
        focus = js.document.activeElement
        if host is None:
            return
        if focus is not None and focus.closest("#net-panel") is not None and focus.tagName in ("INPUT", "TEXTAREA"):
            self.ticking = True
            js.setTimeout(create_once_callable(self.tick), AWAY_TICK_MS)
        else:
            self.app.show()

    def invite_box(self, box: Node, host: NetHost, seat: int | None, link: str | None) -> None:
        arg = "spectator" if seat is None else str(seat)
        making = seat in self.making
        box.append(button(_("net.host.making") if making else _("net.host.new_invite" if link else "net.host.invite"),
                          "net-invite", arg, disabled_reason=_("net.host.making") if making else None))
        if link is not None:
            box.append(el("p", _("net.host.invite_help")))
            box.append(shared(link, f"net-link-{arg}", _("net.host.invite")))
            field = el("input", None, id=f"net-answer-{'s' if seat is None else seat}", type="text",
                       autocomplete="off", spellcheck="false")
            box.append(el("label", _("net.host.answer"), field, cls="net-answer"))
            box.append(button(_("net.host.take"), "net-take", arg))
        problem = self.problems.get(seat)
        if problem:
            box.append(el("p", problem, cls="net-problem", role="alert"))

    def ice_setting(self) -> Node:
        setting = netplay.ice_setting(self.app.table.catalog.backend)
        field = el("textarea", None, id="net-ice", rows="2", spellcheck="false", autocomplete="off",
                   aria_label=_("net.ice.label"))
        field.value = setting
        parts = el("details", None, el("summary", _("net.ice.label")), el("p", netplay.ice_statement(setting)),
                   field, button(_("net.ice.save"), "net-ice"), cls="net-ice", open=bool(self.ice_notice))
        if self.ice_notice:
            parts.append(el("p", self.ice_notice, cls="net-problem", role="alert"))
        return parts

    # --- a guest ---

    async def answer(self, page: GuestPage) -> None:
        """Answer the invite: the channel's answer code, shown as a link, a QR code and a code."""
        link = PeerLink(lambda: self.guest_event(page, page.opened), lambda text: self.guest_event(page, page.message, text),
                        lambda reason, detail: self.guest_event(page, page.closed, reason), self.ice())
        try:
            code = await link.answer(page.invite.code)
        except PeerError as exc:
            page.closed(exc.reason)
            self.app.show()
            return
        page.answered(link, netplay.answer_link(self.app.table.site, code))
        self.app.show()

    def guest_event(self, page: GuestPage, handler, *args) -> None:
        if self.app.table.guest is not page:
            return
        handler(*args)
        self.app.apply(self.app.table.guest_news())

    def rejoin(self, page: GuestPage | None) -> None:
        """Rejoin the seat kept with the invite pasted (a new one from the host)."""
        field = js.document.getElementById("net-invite")
        if page is None or field is None:
            return
        try:
            page.invite = netplay.read_invite(str(field.value))
        except netplay.InviteError as exc:
            page.problem = exc.problem.text()
            self.app.show()
            return
        field.value = ""
        page.phase, page.problem = netplay.JOIN, ""
        self.app.apply(self.app.table.join_table(page))
        asyncio.ensure_future(self.answer(page))

    def guest_panel(self, page: GuestPage) -> Node:
        """The guest's page before the game and whenever its channel is down."""
        panel = el("section", None, el("h2", page.title()), cls="net-panel net-guest", id="net-panel",
                   data_phase=page.phase)
        if page.phase == netplay.JOIN:
            panel.append(el("p", _("net.guest.make_help")))
            panel.append(button(_("net.guest.make_answer"), "net-answer", cls="primary"))
        elif page.phase == netplay.ANSWER:
            panel.append(el("p", page.status(), role="status"))
            panel.append(shared(page.answer, "net-answer-link", _("net.host.answer")))
        elif page.phase == netplay.LOST:
            if page.problem:
                panel.append(el("p", page.problem, cls="net-problem", role="alert"))
            panel.append(rejoin_form(page))
        else:
            panel.append(el("p", page.status(), role="status"))
        panel.append(self.ice_setting())
        return panel

    # --- the start screen ---

    def start_section(self) -> Node | None:
        """A kept table to open again, or a guest's seat to rejoin (None: neither)."""
        backend = self.app.table.catalog.backend
        section = el("section", None, cls="net-kept")
        if backend.get(HOST_KEY) is not None:
            section.append(el("p", _("start.resume_table")))
            section.append(button(_("start.open_table"), "net-open-table", cls="primary"))
            section.append(button(_("start.end_table"), "net-end-table"))
        page = netplay.resume_guest(backend)
        if page is not None:
            section.append(rejoin_form(page))
        return section if section.childElementCount else None


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


def rejoin_form(page: GuestPage) -> Node:
    field = el("input", None, id="net-invite", type="text", autocomplete="off", spellcheck="false")
    return el("div", None, el("p", _("net.guest.rejoin_help", host=page.invite.host or _("net.guest.the_host"))),
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
