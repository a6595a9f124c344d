"""A table this device hosts for guests on other devices, as a mode of the table
(:class:`Hosting`, over its ``game.ui.net_host.NetHost``): every move made on the host's
device, an AI seat's, and a guest's goes through it once, and what each guest must be sent
leaves in the ``Outcome`` (``game.ui.channels.Post``).
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import Action
from game.i18n import _
from game.net.host import HostTable
from game.net.kept import TableError
from game.rules import IllegalActionError
from game.ui import dialogs
from game.ui import net_commands as net
from game.ui.channels import Post, Transport
from game.ui.choices import refusal_text
from game.ui.commands import Command, Control
from game.ui.desk import Desk
from game.ui.end_screen import EndScreen, hints_used
from game.ui.modes import Local
from game.ui.net_host import GRACE_S, NetHost
from game.ui.net_panels import (
    HostPanel,
    InviteBox,
    SeatLine,
    answer_field,
    ice_panel,
    link_field,
    seat_key,
)
from game.ui.net_words import answer_problem, invite_help
from game.ui.netplay import (
    CLOSE_KEYS,
    clock_text,
)
from game.ui.online import (
    RoomKept,
    chosen_relays,
    consent,
    consent_text,
    on_table,
    relays_setting,
    room_status,
)
from game.ui.outcome import NOTHING, Connect, FocusMove, Outcome, Redraw
from game.ui.presence import AwayNote, away_note, host_presence


class Hosting(Local):
    """A table hosted for guests on other devices (``NetHost``): the game is kept with the
    table, not in the saved games; every move made here (the host's player's, an AI seat's, a
    time-out) and every guest's message sends each connection its news; the host's panel lists
    the seats, their invites and what may be done about an away guest."""

    seats_tool = True
    ticks = True

    def __init__(self, host: NetHost) -> None:
        self.host = host
        self.panel_open = False                     # the seats and invites over the game
        self.making: set[int | None] = set()        # seats whose invite is being made
        self.problems: dict[int | None, str] = {}   # seat -> why its invite or answer failed
        self.note_shown: AwayNote | None = None     # the away note drawn last

    def play_ahead(self, desk: Desk, action: Action) -> Outcome:
        """The host's player's opening choice made ahead of their turn: held by the table until
        then (``HostTable.choose_ahead``: every seat chooses at once), and kept with it."""
        session = desk.session
        if session is None or not session.choosing_ahead() or session.viewer is None:
            return NOTHING
        try:
            sends = self.host.table.choose_ahead(session.viewer, action)
        except IllegalActionError as exc:
            desk.opened = dialogs.MessageDialog(_("table.illegal"), refusal_text(exc, session.position()))
            return Outcome()
        desk.opened, desk.selected = None, None
        return self.news(desk, self.host.deliver(sends))

    def played(self, desk: Desk) -> Outcome:
        """After a move made here: the opening choices held for the seats now to act played at
        once (``HostTable.play_held``), and everyone's news."""
        if self.host.table.play_held():
            self.save(desk)
        return Outcome(posts=tuple(self.host.deliver(self.host.table.outbox())))

    def save(self, desk: Desk) -> None:
        if not desk.stale:
            desk.notice = self.host.save(desk.catalog.backend)
            if self.host.room is not None:
                on_table(desk.catalog.backend, "host")

    def entered(self, desk: Desk) -> None:
        self.save(desk)         # resumed from the start screen: its table is kept apart

    def rematch(self, desk: Desk) -> Outcome:
        """A new table with the same seats, map and turn timer (its own fair deal, so new
        invites: each guest joins it by its new link); the finished one is closed."""
        old = self.host.table
        remote = [i for i, seat in enumerate(old.seats) if seat.kind == "remote"]
        host = NetHost(HostTable.create(old.start, remote, turn_limit=old.turn_limit), self.host.site,
                       room=self.host.room and RoomKept(self.host.room.secret, self.host.room.relays),
                       nearby=self.host.nearby)
        return desk.open_mode(Hosting(host))

    def leave(self, desk: Desk) -> tuple[Post, ...]:
        on_table(desk.catalog.backend, None)
        return tuple(self.host.close())

    def opened(self, desk: Desk) -> Outcome:
        """The table hosted (new, or kept by the last visit): kept, and its game on it once dealt;
        over the internet, its room opened on the relays (the guests come back by themselves)."""
        self.save(desk)
        room = self.host.room
        return self.news(desk, []).also(Outcome(connect=(Connect(None, online=room.online()),) if room else ()))

    def news(self, desk: Desk, posts: list[Post]) -> Outcome:
        """The table changed (a guest's message, a channel's end, a seat given or taken back):
        the game is on the table once dealt, kept, and redrawn; ``posts``: what it sends."""
        dealt = self.host.session()
        if dealt is not None and desk.session is not dealt:
            desk.enter(dealt, 0)
        if dealt is not None and desk.ai.wait is not None and not dealt.ai_to_move():
            desk.stop_ai()         # a guest took its seat back from its stand-in: the AI's move is not wanted
        self.host.room_links()
        self.present(desk, desk.clock() / 1000)
        desk.notice = self.host.save(desk.catalog.backend) or desk.notice
        outcome = Outcome(posts=tuple(posts))
        if dealt is not None and dealt.over and desk.scoring is None and desk.review is None:
            return outcome.also(desk.reveal_scoring())
        return outcome

    def handle(self, desk: Desk, command: Command) -> Outcome | None:
        host = self.host
        match command:
            case net.MakeInvite(seat) if host.room is not None:
                if host.room.pubkey is not None:
                    host.new_link(seat)
                    self.save(desk)
                return Outcome()
            case net.MakeInvite(seat):
                if seat in self.making:
                    return NOTHING
                self.making.add(seat)
                self.problems.pop(seat, None)
                return Outcome(connect=(Connect(seat),))
            case net.InviteMade(seat, channel, code):
                self.making.discard(seat)
                made = Outcome(Redraw.NOTHING, focus=FocusMove(link_field(seat), invite_control(seat)))
                return self.news(desk, host.new_connection(seat, channel, code)).also(made)
            case net.ConnectFailed(seat, reason):
                self.making.discard(seat)
                self.problems[seat] = _(CLOSE_KEYS.get(reason, "net.closed.error"))
                return Outcome()
            case net.TakeAnswer(seat, text):
                return self.take_answer(seat, text)
            case net.AnswerFromTab(text, reply):
                return self.answer_from_tab(text, reply)
            case net.ChannelOpened(channel):
                conn = host.conn_of(channel)
                if conn is not None:
                    host.opened(conn)
                return NOTHING if conn is None else Outcome()
            case net.ChannelMessage(channel, text):
                conn = host.conn_of(channel)
                if conn is None:
                    return NOTHING
                if not host.limit.take(conn, desk.clock() / 1000):     # too fast: dropped unread
                    return Outcome(Redraw.NOTHING, log=tuple(host.limit.report()))
                host.greeting.discard(conn)
                return self.news(desk, host.deliver(host.table.receive(conn, text)))
            case net.ChannelClosed(channel, reason, now):
                conn = host.conn_of(channel)
                if conn is None:
                    return NOTHING
                seat = next((s for s, c in host.pending.items() if c == conn), False)
                if seat is not False:
                    self.problems[seat] = _(CLOSE_KEYS.get(reason, "net.closed.closed"))
                host.conns.pop(conn, None)
                host.greeting.discard(conn)
                host.limit.forget(conn)
                return self.news(desk, host.deliver(host.table.disconnected(conn, now)))
            case net.GiveToAi(seat):
                return self.give_to_ai(desk, seat)
            case net.StopStandIn(seat):
                return self.stop_stand_in(desk, seat)
            case net.PlayOnline() if host.room is None and not host.nearby:
                consent(desk.catalog.backend)
                host.room = RoomKept.new(chosen_relays(desk.relays_param, desk.catalog.backend))
                self.save(desk)
                return Outcome(connect=(Connect(None, online=host.room.online()),))
            case net.PlayNearby() if host.room is None or host.room.up is False:
                room, host.room, host.nearby = host.room_handle, None, True
                host.room_handle = None
                host.links.clear()
                self.save(desk)
                return Outcome(posts=(Post.closing(room, "codes by hand"),) if room is not None else ())
            case net.RoomOpened(pubkey, handle) if host.room is not None and host.room_handle in (None, handle):
                host.room.pubkey, host.room_handle = pubkey, handle
                return self.news(desk, [])
            case net.RoomReach(up) if host.room is not None:
                host.room.up = up
                return Outcome()
            case net.GuestArrived(channel):
                host.arrived(channel)
                return NOTHING
            case net.ToggleSeats():
                self.panel_open = not self.panel_open
                return Outcome()
        return None

    def take_answer(self, seat: int | None, text: str) -> Outcome:
        """The guest's answer pasted for ``seat``'s invite, taken by its channel (or why not)."""
        channel = self.host.conns.get(self.host.pending.get(seat) or "")
        if channel is None:
            return NOTHING
        problem = channel.take_answer(text)
        if problem is not None:
            self.problems[seat] = answer_problem(text, self.host.offers.get(seat, ""), problem)
            return Outcome()
        self.problems.pop(seat, None)
        return Outcome(clear=(answer_field(seat),))

    def answer_from_tab(self, text: str, reply: Transport) -> Outcome:
        """An answer link opened in another tab of this browser: taken by the invite it answers
        (that tab is told, to say so), as if pasted."""
        for seat, conn in list(self.host.pending.items()):
            channel = self.host.conns.get(conn)
            if channel is not None and channel.take_answer(text) is None:
                self.problems.pop(seat, None)
                return Outcome(posts=(Post(reply, "taken"),))
        return NOTHING

    def give_to_ai(self, desk: Desk, seat: int) -> Outcome:
        """An AI plays an away guest's seat meanwhile."""
        try:
            sends = self.host.table.stand_in(seat)
        except TableError:
            return NOTHING          # not twice (a double click), nor a seat whose guest came back
        return self.news(desk, self.host.deliver(sends))

    def stop_stand_in(self, desk: Desk, seat: int) -> Outcome:
        """The host takes a seat back from the AI playing it for its away guest: the seat waits
        for its guest again, and an AI move asked for it is forgotten (one for a real AI seat is
        asked again)."""
        seats = self.host.table.seats
        if not (0 <= seat < len(seats)) or not seats[seat].stand_in:
            return NOTHING          # not twice (a double click)
        desk.stop_ai()
        return self.news(desk, self.host.deliver(self.host.table.stop_stand_in(seat)))

    def tick(self, desk: Desk, now: float) -> Outcome:
        """At the turn timer's 0, a safe move is played for the seat to act and everyone told
        (when it is the host's player's, their dialog and choice in hand are dropped; a guest's
        time-out leaves them, as a guest's move does)."""
        host = self.host
        match = host.table.match
        if desk.stale or match is None or host.table.turn_left(now) != 0.0:
            return Outcome() if self.present(desk, now) else NOTHING     # a minute more away: said
        seat = match.current
        posts = host.deliver(host.table.time_out(now))
        if seat == host.table.local_seat():
            desk.opened, desk.selected = None, None
        return self.news(desk, posts)

    def end_screen(self, desk: Desk, end: EndScreen) -> EndScreen:
        """The final table: the hints counted are the host's player's only (a guest asks its own
        device's, which tells the host nothing)."""
        local = self.host.table.local_seat()
        assert desk.session is not None
        return replace(end, hints=hints_used(desk.session, [] if local is None else [local]))

    def away_note(self, desk: Desk, now: float) -> AwayNote | None:
        table, match = self.host.table, self.host.table.match
        if match is None:
            return None
        return away_note(match.current, self.host.name(match.current), table.statuses(), table.away_since, now, GRACE_S)

    def present(self, desk: Desk, now: float) -> bool:
        """Each seat's row says who plays it now (the away minutes counting); whether that or the
        away note changed."""
        shown, table = self.host.shown, self.host.table
        if shown is None:
            return False
        presence = host_presence(table.statuses(), table.away_since, now)
        note = self.away_note(desk, now)
        changed = presence != shown.presence or note != self.note_shown
        shown.presence, self.note_shown = presence, note
        return changed

    def clock_line(self, now: float) -> str:
        """Who is to act and the time left (empty: no timer now)."""
        left = self.host.table.turn_left(now)
        match = self.host.table.match
        if left is None or match is None:
            return ""
        return clock_text(self.host.name(match.current), left)

    def panel(self, desk: Desk, now: float) -> HostPanel | None:
        """The seats, their statuses and invites, the spectators' invite and the setting: before
        the deal, and over the game when the host asks for it."""
        host, table = self.host, self.host.table
        if table.dealt and not self.panel_open:
            return None
        lines = tuple(SeatLine(row.seat, row.name, row.status, row.connected, row.give_to_ai, row.stop_ai,
                               self.invite_box(row.seat, row.link) if row.new_invite else None)
                      for row in host.rows(now))
        away = any(status == "away" and seat in table.away_since for seat, status in enumerate(table.statuses()))
        backend = desk.catalog.backend
        room = host.room
        choice = None if room is not None or host.nearby else consent_text(chosen_relays(desk.relays_param, backend))
        return HostPanel(table.dealt, lines, self.invite_box(None, host.links.get(None)),
                         ice_panel(backend, desk.ice_notice), away, choice, room_status(room),
                         room is not None and room.up is False, relays_setting(backend))

    def invite_box(self, seat: int | None, link: str | None) -> InviteBox:
        online = self.host.room is not None
        return InviteBox(seat_key(seat), answer_field(seat), seat in self.making or (online and link is None), link,
                         self.problems.get(seat, ""), online,
                         _("net.online.spectators_help" if seat is None else "net.online.invite_help") if online
                         else invite_help(seat))


def invite_control(seat: int | None) -> str:
    """The selector of ``seat``'s Invite button (New invite, once made: it would cancel the link just made)."""
    return f'[data-cmd="{Control.NET_INVITE}"][data-arg="{seat_key(seat)}"]'

