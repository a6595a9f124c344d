"""The host's side of a table on several devices (:class:`NetHost`): the table of
``game.net.host``, a channel per connection (by codes, or a guest's knock at the room over the
internet), each waiting seat's invite link, the rows of the host's panel, the table kept for a
reload.  Its mode at the table is ``game.ui.hosting.Hosting``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import _
from game.net.fairdeal import commitment
from game.net.host import HostTable
from game.net.kept import TableError
from game.net.limit import RateLimit
from game.net.owed import Send
from game.seats import AWAY_GRACE_S
from game.ui.channels import Post, Transport
from game.ui.net_words import away_status
from game.ui.netplay import (
    invite_link,
    read_kept,
    table_mark,
    write_kept,
)
from game.ui.online import (
    RoomKept,
    keep_room,
    kept_room,
    room_link,
)
from game.ui.session import Session, Watching
from game.ui.storage import HOST_KEY, Backend, StorageFull

GRACE_S = float(AWAY_GRACE_S)   # a guest away this long: the host may give the seat to an AI (game.seats)


@dataclass(frozen=True)
class SeatRow:
    """One seat on the host's table screen: who it is, its status said, its invite link (a
    remote seat not connected), and the actions it offers."""
    seat: int
    name: str
    status: str
    link: str | None
    new_invite: bool            # a remote seat: a new invite may be made (the old one stops working)
    give_to_ai: bool            # its guest has been away the grace period: an AI may play it meanwhile
    connected: bool
    stop_ai: bool = False       # an AI plays it while its guest is away: the host may stop it (the seat waits again)


@dataclass
class NetHost:
    """The host's side of a game on several devices: the table, a channel per connection, and
    the invite link of each seat waiting for its guest."""
    table: HostTable
    site: str
    conns: dict[str, Transport] = field(default_factory=dict)
    links: dict[int | None, str] = field(default_factory=dict)      # seat (None: spectators) -> invite link
    pending: dict[int | None, str] = field(default_factory=dict)    # seat -> the connection its invite opens
    offers: dict[int | None, str] = field(default_factory=dict)     # seat -> its invite's offer code (the link's)
    count: int = 0
    shown: Session | None = None        # the host's screen of the table's game (``session``)
    room: RoomKept | None = None        # over the internet: the table's room on the relays
    nearby: bool = False                # on one network: invites and answers carried by hand
    room_handle: Transport | None = None    # the page's room, while open (closed when the host leaves)
    greeting: set[str] = field(default_factory=set)     # connections from the room that have not spoken yet
    limit: RateLimit = field(default_factory=RateLimit)     # each connection's messages a second

    def name(self, seat: int) -> str:
        return str(self.table.start["players"][seat]["name"])

    def host_name(self) -> str:
        local = self.table.local_seat()
        return self.name(local) if local is not None else ""

    def conn_of(self, channel: Transport) -> str | None:
        return next((conn for conn, c in self.conns.items() if c is channel), None)

    def new_connection(self, seat: int | None, channel: Transport, code: str) -> list[Post]:
        """A channel made for ``seat``'s invite (``code``: its offer code); the seat's earlier
        invite and unanswered channel are dropped (closed)."""
        self.count += 1
        conn = f"c{self.count}"
        old = self.pending.get(seat)
        posts = [Post.closing(self.conns.pop(old), "a new invite")] if old is not None and old in self.conns else []
        self.conns[conn] = channel
        self.pending[seat] = conn
        self.offers[seat] = code
        invite = self.table.invite(seat)
        self.links[seat] = invite_link(self.site, code, invite, self.host_name(),
                                       "" if seat is None else self.name(seat), table_mark(commitment(self.table.secret)))
        return posts

    def arrived(self, channel: Transport) -> None:
        """A guest knocked at the room: its connection, open (its hello or rejoin comes next:
        until then it is not closed as a stranger's)."""
        self.count += 1
        self.conns[f"c{self.count}"] = channel
        self.greeting.add(f"c{self.count}")

    def link(self, seat: int | None, invite: str) -> str:
        """``seat``'s invite link over the internet (the room's key must be known)."""
        assert self.room is not None and self.room.pubkey is not None
        return room_link(self.site, self.room.pubkey, invite, self.host_name(),
                         "" if seat is None else self.name(seat), table_mark(commitment(self.table.secret)),
                         self.room.relays)

    def room_links(self) -> None:
        """Over the internet, every seat waiting for its guest and the spectators have a link at
        once (an invite used is replaced; the spectators' too, so the next one can come)."""
        if self.room is None or self.room.pubkey is None:
            return
        open_invites = {seat: code for code, seat in self.table.invites.items()}
        for seat, (info, status) in enumerate(zip(self.table.seats, self.table.statuses())):
            if info.kind != "remote" or status == "here":
                self.links.pop(seat, None)
            else:
                self.links[seat] = self.link(seat, open_invites.get(seat) or self.table.invite(seat))
        self.links[None] = self.link(None, open_invites.get(None) or self.table.invite(None))

    def new_link(self, seat: int | None) -> None:
        """A new invite for ``seat`` over the internet (the old one stops working)."""
        self.links[seat] = self.link(seat, self.table.invite(seat))

    def opened(self, conn: str) -> None:
        """A channel opened: its guest says hello (or rejoins) first; its invite is used (the
        spectators' box offers a new one for the next spectator)."""
        for seat, pending in list(self.pending.items()):
            if pending == conn:
                del self.pending[seat]
                self.links.pop(seat, None)

    def session(self) -> Session | None:
        """The host's screen of the table's game, once dealt: the host's seat watched (None: a
        device where nobody plays), over the table's own match, so every move shows whoever made it."""
        match = self.table.match
        if match is None:
            return None
        if self.shown is None or self.shown.match is not match:
            self.shown = Session(match, Watching(self.table.local_seat()))
        self.shown.elsewhere = {i for i, seat in enumerate(self.table.seats) if seat.kind == "remote"}
        self.shown.stand_in = {i for i, seat in enumerate(self.table.seats) if seat.stand_in}
        self.shown.at_once, self.shown.held = True, set(self.table.held.choices)    # the opening, every seat at once
        return self.shown

    def close(self) -> list[Post]:
        """Close every channel (the host leaves the table's screen; the table stays kept)."""
        conns, self.conns = self.conns, {}
        self.pending.clear()
        self.links.clear()
        room, self.room_handle = self.room_handle, None
        return [Post.closing(channel, "the host left") for channel in [*conns.values(), *([room] if room else [])]]

    def deliver(self, sends: list[Send]) -> list[Post]:
        """Each text for its channel; a connection whose seat another took is closed."""
        self.session()          # the seats played elsewhere and by stand-ins, as they are now
        posts = [Post(self.conns[send.conn], send.text) for send in sends if send.conn in self.conns]
        for conn in [c for c in self.conns
                     if c not in self.pending.values() and c not in self.greeting and not self.table.bound(c)]:
            if any(s.conn == conn for s in sends):
                continue        # a refused stranger is told why before it is closed at its next message
            posts.append(Post.closing(self.conns.pop(conn), "seat taken"))
        return posts

    def rows(self, now: float, grace: float = GRACE_S) -> list[SeatRow]:
        """The seats as the host's table screen lists them."""
        statuses = self.table.statuses()
        away = set(self.table.away(now, grace))
        rows = []
        for seat, (info, status) in enumerate(zip(self.table.seats, statuses)):
            name = self.name(seat)
            if info.kind != "remote":
                text = _("net.status.ai") if info.kind == "ai" else _("net.status.local")
            elif status == "here":
                text = _("net.status.here")
            elif status == "stand-in":
                text = _("net.status.stand_in")
            elif seat in self.table.away_since:
                text = away_status(now - self.table.away_since[seat])
            else:
                text = _("net.status.waiting")
            rows.append(SeatRow(seat, name, text, self.links.get(seat) if status != "here" else None,
                                info.kind == "remote" and status != "here", seat in away, status == "here",
                                status == "stand-in"))
        return rows

    def save(self, backend: Backend) -> str:
        """Keep the table for the host's reload; an empty notice, or why it could not be kept."""
        try:
            write_kept(backend, HOST_KEY, self.table.to_json())
            keep_room(backend, self.room)
        except StorageFull:
            return _("net.host.not_kept")
        return ""


def resume_host(backend: Backend, site: str, now: float) -> NetHost | None:
    """The table kept by the host's last visit (None: none, or one that cannot be used: dropped)."""
    text = backend.get(HOST_KEY)
    if text is None:
        return None
    try:
        room = kept_room(backend)
        return NetHost(HostTable.from_json(read_kept(text), now), site, room=room, nearby=room is None)
    except (TableError, ValueError):
        backend.remove(HOST_KEY)
        return None
