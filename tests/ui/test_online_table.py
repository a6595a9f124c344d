"""Play over the internet, the table's side (``game.ui.online``, and the room's commands in
``game.ui.hosting``, ``game.ui.guesting`` and ``game.ui.opening``): the host's choice and
consent, its room and the links that carry its key, guests joining by their link alone through
connections that stand for the page's (``game.web.room.RelayLink``), redialing, both sides
reopened at boot; and that no link, connection asked for or guest's storage holds the room's
secret key.  (Named apart from ``tests/browser/test_online.py``: pytest needs one basename.)"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.i18n import _ as translate
from game.i18n import set_language
from game.net.relays import DEFAULT_RELAYS, DEFAULT_STUN
from game.net.seen import seat_view
from game.ui import guest_page, netplay, online, setup
from game.ui.commands import Command, GoHome, Keep, StartGame
from game.ui.controller import Table
from game.ui.dialogs import TicketsDialog
from game.ui.guest_page import GuestPage
from game.ui.guesting import Guesting
from game.ui.hosting import Hosting
from game.ui.net_commands import (
    AnswerMade,
    ChannelClosed,
    ChannelMessage,
    ChannelOpened,
    Dialed,
    EndTable,
    GuestArrived,
    JoinLink,
    JoinOnline,
    MakeInvite,
    PlayNearby,
    PlayOnline,
    RoomOpened,
    RoomReach,
)
from game.ui.net_host import NetHost, resume_host
from game.ui.netplay import InviteError
from game.ui.online import Online, RoomKept
from game.ui.outcome import NOTHING, Connect, Outcome
from game.ui.page_events import Resume
from game.ui.saves import SaveCatalog
from game.ui.storage import (
    CONSENT_KEY,
    GUEST_KEY,
    HOST_KEY,
    ICE_KEY,
    ON_TABLE_KEY,
    RELAYS_KEY,
    ROOM_KEY,
    Backend,
    DictBackend,
    StorageFull,
)

SITE = "https://x.example/"
PUBKEY = "5e" * 32      # the room's public key, as the page's library makes it from the secret
MINE = ("ws://127.0.0.1:7447", "wss://relay.example.org/nostr")
QUEUE: list[tuple[Link, str]] = []
CONNECTS: list[Connect] = []
DIAL = Connect(None, online=Online(DEFAULT_RELAYS, host=PUBKEY))      # a guest's page dials the host of PUBKEY


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    QUEUE.clear()
    CONNECTS.clear()


class Device(Table):
    """A device's table driven as its page drives it: each outcome's posts carried out, every
    connection it asks for kept (``CONNECTS``), its last outcome kept (``last``)."""

    last: Outcome = NOTHING

    def run(self, command: Command) -> Outcome:
        self.last = outcome = self.handle(command)
        CONNECTS.extend(outcome.connect)
        for post in outcome.posts:
            post.carry_out()
        return outcome


class Link:
    """A connection over the internet as a table holds it: what it was sent and why it was
    closed; its texts reach the device at its other end when :func:`pump` runs.  With no other
    end it stands for the host's room on the relays (``game.web.room.Room``)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: str | None = None
        self.other: Link | None = None
        self.device: Device | None = None

    def send(self, text: str) -> bool:
        if self.closed is not None or self.other is None:
            return False
        self.sent.append(text)
        QUEUE.append((self.other, text))
        return True

    def close(self, reason: str = "closed", detail: str = "") -> None:
        self.closed = self.closed or detail or reason

    def take_answer(self, text: str) -> str | None:
        return "a connection over the internet takes no answer code"


def pair(host: Device, guest: Device) -> tuple[Link, Link]:
    """A guest's connection to the host's room: the host's end, the guest's."""
    ends = Link(), Link()
    ends[0].other, ends[1].other = ends[1], ends[0]
    ends[0].device, ends[1].device = host, guest
    return ends


def pump() -> None:
    while QUEUE:
        end, text = QUEUE.pop(0)
        if end.closed is None and end.device is not None:
            end.device.run(ChannelMessage(end, text))


def device(backend: Backend | None = None, relays: str = "") -> Device:
    return Device(SaveCatalog(backend if backend is not None else DictBackend({})), clock=lambda: 0.0,
                  fresh_seed=lambda: 1, ai_delay=0, site=SITE, relays=relays)


def hosted(relays: str = "", kinds: tuple[str, ...] = ("human", "guest", "guest")) -> Device:
    """The host's device with a new table for guests on it, from the new-game form."""
    base = setup.default_options("usa", len(kinds))
    seats = tuple(setup.seat_from_choice(s.name, kind, s.colour, s.default) for s, kind in zip(base.seats, kinds))
    host = device(relays=relays)
    host.run(StartGame(replace(base, seats=seats, devices=True)))
    return host


def host_of(table: Table) -> NetHost:
    assert isinstance(table.mode, Hosting)
    return table.mode.host


def page_of(table: Table) -> GuestPage:
    assert isinstance(table.mode, Guesting)
    return table.mode.page


def fragment(link: str) -> str:
    return "#" + link.partition("#")[2]


def online_room(host: Device) -> Link:
    """The host plays over the internet: its room opened on the relays and reached."""
    host.run(PlayOnline())
    room = Link()
    host.run(RoomOpened(PUBKEY, room))
    host.run(RoomReach(True))
    return room


def dial(host: Device, guest: Device) -> Link:
    """The guest's page dials, the host's room opens to its knock, the guest says hello: the
    host's end of the connection."""
    host_end, guest_end = pair(host, guest)
    guest.run(Dialed(guest_end))
    host.run(GuestArrived(host_end))
    guest.run(ChannelOpened(guest_end))
    pump()
    return host_end


def joined(host: Device, seat: int | None, backend: Backend | None = None) -> Device:
    """A guest's device joined by its link alone (its player agreeing to play over the internet)."""
    guest = device(backend)
    guest.run(JoinLink(fragment(host_of(host).links[seat])))
    guest.run(JoinOnline())
    dial(host, guest)
    return guest


# --- a whole join -----------------------------------------------------------------------------------

def test_two_guests_join_over_the_internet_by_their_links_alone():
    host = hosted()
    net = host_of(host)
    panel = host.mode.panel(host, 0.0)
    assert host.last.connect == () and panel.choice == online.consent_text(DEFAULT_RELAYS)     # asked first
    assert "relay.damus.io" in panel.choice and net.links == {}
    opened = host.run(PlayOnline())
    room = net.room
    assert room is not None and opened.connect == (Connect(None, online=Online(DEFAULT_RELAYS, secret=room.secret)),)
    assert online.consented(host.catalog.backend) and host.catalog.backend.get(ON_TABLE_KEY) == "host"
    panel = host.mode.panel(host, 0.0)
    assert panel.choice is None and panel.room == "Reaching the relays…" and panel.seats[1].invite.making
    handle = Link()
    host.run(RoomOpened(PUBKEY, handle))
    assert sorted(net.links, key=str) == [1, 2, None]
    assert all(link.startswith(f"{SITE}#room={PUBKEY}&i=") and "relays=" not in link for link in net.links.values())
    host.run(RoomReach(True))
    assert host.mode.panel(host, 0.0).room.startswith("Over the internet, through relay.damus.io, nos.lol")
    guests = {}
    for seat in (1, 2):
        guest = guests[seat] = device()
        assert guest.run(JoinLink(fragment(net.links[seat]))).connect == ()        # nothing contacted yet
        assert guest.mode.panel(guest, 0.0).consent == online.consent_text(DEFAULT_RELAYS)
        assert guest.run(JoinOnline()).connect == (DIAL,)
        assert page_of(guest).phase == guest_page.DIALING and online.consented(guest.catalog.backend)
        dial(host, guest)
    assert net.table.dealt and host.session is net.session()
    for seat, guest in guests.items():
        page = page_of(guest)
        assert page.phase == guest_page.CONNECTED and page.guest.view == seat_view(net.table.match.state, seat)
        assert guest.session is page.world and guest.catalog.backend.get(ON_TABLE_KEY) == "guest"
    assert 1 not in net.links and 2 not in net.links and None in net.links     # the spectators may still come
    dialog = host.dialog()
    assert isinstance(dialog, TicketsDialog)
    host.run(Keep(dialog.offer[:dialog.high]))          # the host's player's move reaches both guests
    pump()
    assert net.table.match.actions and all(page_of(guest).guest.view == seat_view(net.table.match.state, seat)
                                           for seat, guest in guests.items())
    spectator = joined(host, None)
    assert page_of(spectator).guest.seat is None and page_of(spectator).guest.view is not None


def test_no_link_connection_or_guest_s_storage_holds_the_room_s_secret():
    host = hosted(relays=",".join(MINE))
    online_room(host)
    net = host_of(host)
    guests = [joined(host, 1), joined(host, 2), joined(host, None)]
    secret, deal = net.room.secret, net.table.secret
    assert net.table.dealt and secret not in (PUBKEY, deal)
    texts = [*net.links.values(), *(text for c in net.conns.values() for text in c.sent),
             *(text for g in guests for text in page_of(g).transport.sent)]
    assert texts and not [t for t in texts if secret in t]          # only its public half, in the links
    assert [c for c in CONNECTS if c.online and c.online.secret] == [Connect(None, online=net.room.online())]
    guest_connects = [c for c in CONNECTS if c.online is not None and c.online.secret is None]
    assert len(guest_connects) == 3 and {c.online for c in guest_connects} == {Online(MINE, host=PUBKEY)}
    for guest in guests:
        stored = "".join(guest.catalog.backend.data.values())
        assert stored and secret not in stored and deal not in stored        # nor the deal's secret before the reveal
        assert json.loads(guest.catalog.backend.get(GUEST_KEY))["invite"][5:] == [PUBKEY, list(MINE)]
    token = net.table.seats[2].token
    assert token and token not in "".join(guests[0].catalog.backend.data.values())      # nor another seat's token


# --- the host's choice and room ---------------------------------------------------------------------

def test_the_host_may_play_on_one_network_instead_and_nothing_is_contacted():
    host = hosted(relays=",".join(MINE))
    assert host.mode.panel(host, 0.0).choice == online.consent_text(MINE)       # the page's relays named
    assert "127.0.0.1:7447" in online.consent_text(MINE) and "relay.example.org/nostr" in online.consent_text(MINE)
    host.run(PlayNearby())
    net = host_of(host)
    assert net.nearby and net.room is None and host.mode.panel(host, 0.0).choice is None
    assert host.run(PlayOnline()).connect == () and net.room is None        # chosen once
    assert host.run(MakeInvite(1)).connect == (Connect(1),)                  # invites by codes
    assert not online.consented(host.catalog.backend) and host.catalog.backend.get(ON_TABLE_KEY) is None


def test_a_room_no_relay_reaches_gives_way_to_codes_and_is_closed():
    host = hosted()
    net = host_of(host)
    host.run(PlayOnline())
    room = Link()
    host.run(RoomOpened(PUBKEY, room))
    host.run(PlayNearby())
    assert net.room is not None and room.closed is None         # still reaching: no going back yet
    host.run(RoomReach(False))
    panel = host.mode.panel(host, 0.0)
    assert panel.room_failed and panel.room.startswith("No relay can be reached")
    host.run(PlayNearby())
    assert room.closed and net.room is None and net.nearby and net.links == {}
    assert host.catalog.backend.get(ROOM_KEY) is None and host.run(MakeInvite(2)).connect == (Connect(2),)


def test_the_room_s_links_are_steady_and_a_new_invite_replaces_a_seat_s():
    host = hosted()
    net = host_of(host)
    host.run(PlayOnline())
    assert host.run(MakeInvite(1)).connect == () and net.links == {}        # the key is not known yet
    host.run(RoomOpened(PUBKEY, Link()))
    links = dict(net.links)
    net.room_links()
    assert net.links == links                   # the same invite while it is open (its QR code stays)
    host.run(MakeInvite(1))
    old, new = (netplay.read_invite(link) for link in (links[1], net.links[1]))
    assert new.invite != old.invite and old.invite not in net.table.invites and new.room == PUBKEY
    assert new.seat == net.name(1) and new.host == net.name(0) and new.table and new.relays == DEFAULT_RELAYS
    guest = device()
    guest.run(JoinLink(fragment(links[1])))         # the old link: its hello is refused
    guest.run(JoinOnline())
    dial(host, guest)
    assert page_of(guest).guest.seat is None and net.table.statuses()[1] == "away"


def test_a_guest_that_has_not_spoken_is_not_closed_and_a_stranger_is_after_its_refusal():
    host = hosted()
    online_room(host)
    net = host_of(host)
    quiet, _guest_end = pair(host, device())
    host.run(GuestArrived(quiet))
    joined(host, 1)                     # another's hello, the welcome and pledges delivered meanwhile
    assert quiet.closed is None and quiet in net.conns.values()
    host.run(ChannelMessage(quiet, "{}"))
    assert quiet.closed is None and '"refusal"' in quiet.sent[-1]       # told why first
    joined(host, 2)
    assert quiet.closed == "seat taken" and quiet not in net.conns.values()


def test_the_host_s_table_keeps_its_room_is_reopened_at_boot_and_closes_it_on_leaving():
    host = hosted(relays=",".join(MINE))
    handle = online_room(host)
    joined(host, 1)
    backend = host.catalog.backend
    secret = host_of(host).room.secret
    assert json.loads(backend.get(ROOM_KEY)) == {"secret": secret, "relays": list(MINE)}
    again = device(DictBackend(dict(backend.data)))
    opened = again.run(Resume())
    kept = host_of(again)
    assert kept.room == RoomKept(secret, MINE) and not kept.nearby and kept.links == {}     # its key known again soon
    assert opened.connect == (Connect(None, online=Online(MINE, secret=secret)),)
    conns = list(host_of(host).conns.values())
    host.run(GoHome())
    assert handle.closed == "the host left" and conns and all(c.closed == "the host left" for c in conns)
    assert backend.get(ON_TABLE_KEY) is None and backend.get(ROOM_KEY) is not None      # kept, not on screen
    fresh = device(backend)
    fresh.run(Resume())
    assert not isinstance(fresh.mode, Hosting) and resume_host(backend, SITE, 0.0).room == RoomKept(secret, MINE)
    host.run(EndTable())
    assert backend.get(ROOM_KEY) is None and backend.get(HOST_KEY) is None
    nearby = hosted()
    nearby.run(PlayNearby())
    assert resume_host(nearby.catalog.backend, SITE, 0.0).nearby and nearby.catalog.backend.get(ON_TABLE_KEY) is None


# --- a guest's side -----------------------------------------------------------------------------------

def test_a_guest_with_consent_kept_dials_at_once_and_redials_until_news_stop():
    host = hosted()
    online_room(host)
    link = host_of(host).links[1]
    backend = DictBackend({CONSENT_KEY: "1"})
    guest = device(backend)
    assert guest.run(JoinLink(fragment(link))).connect == (DIAL,)
    page = page_of(guest)
    assert guest.mode.panel(guest, 0.0).consent == "" and page.status() == "Connecting to Player 1's table over the internet…"
    first = Link()
    guest.run(Dialed(first))
    assert page.transport is first
    for n in range(1, 6):               # the host's page is away (a reload): the guest knocks again
        assert guest.run(ChannelClosed(page.transport, "timeout", 0.0)).connect == (DIAL,)
        assert page.phase == guest_page.DIALING and page.redials == n
        guest.run(Dialed(Link()))
    dial(host, guest)                   # news from the host: counted again from none
    assert page.redials == 0 and page.phase == guest_page.CONNECTED
    for _n in range(guest_page.MAX_REDIALS):
        assert guest.run(ChannelClosed(page.transport, "timeout", 0.0)).connect == (DIAL,)
        guest.run(Dialed(Link()))
    assert guest.run(ChannelClosed(page.transport, "timeout", 0.0)).connect == ()       # no news all along: stop
    assert page.phase == guest_page.LOST
    assert guest.run(ChannelClosed(first, "timeout", 0.0)).connect == () and page.phase == guest_page.LOST   # not ours
    page.phase, page.guest = guest_page.LOST, replace(page.guest, secret="0" * 64)     # after the host's reveal
    assert not page.redial()


def test_a_guest_by_codes_never_dials():
    guest = device(DictBackend({CONSENT_KEY: "1"}))
    link = netplay.invite_link(SITE, "OFFERCODE", "0" * 32, "Ann", "Bob")
    assert guest.run(JoinLink(fragment(link))).connect == (Connect(None, "OFFERCODE"),)
    end = Link()
    guest.run(AnswerMade(end, netplay.answer_link(SITE, "ANSWERCODE")))
    assert guest.run(ChannelClosed(end, "closed", 0.0)).connect == () and page_of(guest).phase == guest_page.LOST


def test_a_guest_s_seat_over_the_internet_is_rejoined_at_boot():
    host = hosted()
    online_room(host)
    joined(host, 2)
    guest = joined(host, 1)
    backend = guest.catalog.backend
    assert host_of(host).table.dealt and backend.get(ON_TABLE_KEY) == "guest"
    page_of(guest).transport.closed = "a reload"
    again = device(DictBackend(dict(backend.data)))
    assert again.run(Resume()).connect == (DIAL,)
    assert page_of(again).phase == guest_page.DIALING
    dial(host, again)                   # its rejoin, with its seat's token
    assert page_of(again).phase == guest_page.CONNECTED and host_of(host).table.statuses()[1] == "here"
    for key, value in ((CONSENT_KEY, None), (ON_TABLE_KEY, None), (ON_TABLE_KEY, "host")):
        data = {**backend.data, key: value}
        fresh = device(DictBackend({k: v for k, v in data.items() if v is not None}))
        assert fresh.run(Resume()).connect == () and not isinstance(fresh.mode, (Guesting, Hosting))


def test_a_guest_waiting_for_the_deal_is_rejoined_at_boot_too():
    host = hosted()
    online_room(host)
    guest = joined(host, 1)             # seat 2 has not joined: no deal yet
    backend = guest.catalog.backend
    assert not host_of(host).table.dealt and backend.get(ON_TABLE_KEY) == "guest"
    again = device(DictBackend(dict(backend.data)))
    assert again.run(Resume()).connect == (DIAL,)


def test_a_room_opened_for_a_table_left_meanwhile_is_closed():
    host = hosted()
    host.run(PlayOnline())
    host.run(GoHome())
    room = Link()
    host.run(RoomOpened(PUBKEY, room))
    assert room.closed is not None


# --- the parts ------------------------------------------------------------------------------------------

class Full(DictBackend):
    def set(self, key: str, text: str) -> None:
        raise StorageFull(key)


def test_room_links_read_back_and_bad_ones_are_refused():
    link = online.room_link(SITE, PUBKEY, "f" * 32, "Ann & Co", "Bob=1", "0123456789ab", MINE)
    invite = netplay.read_invite(link)
    assert (invite.room, invite.relays, invite.code, invite.host, invite.seat, invite.table) == \
        (PUBKEY, MINE, "", "Ann & Co", "Bob=1", "0123456789ab")
    assert invite.online() == Online(MINE, host=PUBKEY) and netplay.is_invite(fragment(link))
    plain = online.room_link(SITE, PUBKEY, "f" * 32, "Ann", "", "", DEFAULT_RELAYS)
    assert "relays" not in plain and netplay.read_invite(plain).relays == DEFAULT_RELAYS
    assert online.read_room({"join": "x"}) is None
    for bad in (PUBKEY.upper(), PUBKEY[:-1], "g" * 64, ""):
        with pytest.raises(InviteError):
            netplay.read_invite(plain.replace(PUBKEY, bad))
    for relays in ("https%3A%2F%2Fa.example", "wss%3A%2F%2Fa.example%3Fx", "%20"):
        with pytest.raises(InviteError):
            netplay.read_invite(f"{plain}&relays={relays}")


def test_the_relays_and_stun_servers_chosen():
    backend = DictBackend({})
    assert online.chosen_relays("", backend) == DEFAULT_RELAYS
    assert online.keep_relays_setting(backend, " wss://mine.example ") == "" and backend.get(RELAYS_KEY) == "wss://mine.example"
    assert online.chosen_relays("", backend) == ("wss://mine.example",) == online.chosen_relays("http://x", backend)
    assert online.chosen_relays(",".join(MINE), backend) == MINE            # the page's parameter first
    assert online.keep_relays_setting(backend, "wss://a b").startswith("This relay list cannot be used: ")
    assert backend.get(RELAYS_KEY) == "wss://mine.example" and online.relays_setting(backend) == "wss://mine.example"
    backend.set(RELAYS_KEY, "nonsense")                         # another version's, or damaged: the defaults
    assert online.chosen_relays(" ", backend) == DEFAULT_RELAYS
    assert online.keep_relays_setting(backend, "  ") == "" and backend.get(RELAYS_KEY) is None
    assert online.keep_relays_setting(Full({}), "wss://a.example") == translate("net.host.not_kept")
    defaults = [{"urls": url} for url in DEFAULT_STUN]
    assert online.stun_servers(None, backend) == defaults == online.stun_servers("", backend)
    assert online.stun_servers("none", backend) == []
    assert online.stun_servers("stun:a.example:3478,stun:b.example", backend) == \
        [{"urls": "stun:a.example:3478"}, {"urls": "stun:b.example"}]
    backend.set(ICE_KEY, "stun:mine.example")
    assert online.stun_servers(None, backend) == [{"urls": "stun:mine.example"}]
    backend.set(ICE_KEY, "nonsense")
    assert online.stun_servers(None, backend) == defaults


def test_consent_status_and_the_side_on_screen_are_kept():
    backend = DictBackend({})
    assert not online.consented(backend)
    online.consent(backend)
    assert online.consented(backend)
    online.consent(Full({}))                    # not kept: asked again next time
    online.on_table(backend, "host")
    assert backend.get(ON_TABLE_KEY) == "host"
    online.on_table(backend, None)
    online.on_table(Full({}), "guest")
    assert backend.get(ON_TABLE_KEY) is None
    room = RoomKept.new(MINE)
    assert online.room_status(None) == "" and online.room_status(room) == "Reaching the relays…"
    room.pubkey = PUBKEY
    assert online.room_status(room) == "Reaching the relays…"
    room.up = True
    assert "127.0.0.1:7447 and relay.example.org/nostr." in online.room_status(room)
    room.up = False
    assert online.room_status(room).startswith("No relay can be reached")


def test_a_kept_room_reads_back_and_a_damaged_one_is_dropped():
    room = RoomKept.new(MINE)
    assert len(room.secret) == 64 and int(room.secret, 16) >= 0 and room.secret != RoomKept.new(MINE).secret
    room.pubkey, room.up = PUBKEY, True
    assert room.online() == Online(MINE, secret=room.secret) and room.to_json() == {"secret": room.secret,
                                                                                     "relays": list(MINE)}
    backend = DictBackend({})
    online.keep_room(backend, room)
    assert online.kept_room(backend) == RoomKept(room.secret, MINE)
    online.keep_room(backend, None)
    assert backend.get(ROOM_KEY) is None and online.kept_room(backend) is None
    good = room.to_json()
    for bad in ("{", "[]", "null", '"x"', json.dumps({**good, "secret": "A" * 64}), json.dumps({**good, "relays": []}),
                json.dumps({**good, "relays": ["https://a.example"]}), json.dumps({**good, "relays": [1]}),
                json.dumps({"relays": good["relays"]}), json.dumps({**good, "secret": 5}), "x" * 20_000):
        backend.set(ROOM_KEY, bad)
        assert online.kept_room(backend) is None and backend.get(ROOM_KEY) is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200) | st.builds(json.dumps, st.dictionaries(st.sampled_from(["secret", "relays", "x"]),
                                                                         st.recursive(st.none() | st.integers() | st.text(max_size=70),
                                                                                      lambda i: st.lists(i, max_size=3)))))
def test_whatever_is_stored_a_kept_room_is_read_or_dropped(text):
    backend = DictBackend({ROOM_KEY: text})
    room = online.kept_room(backend)
    assert room is None and backend.get(ROOM_KEY) is None or room is not None and room.relays


def test_a_guest_whose_relays_cannot_be_reached_is_told_while_it_keeps_trying():
    host = hosted()
    online_room(host)
    guest = device()
    guest.run(JoinLink(fragment(host_of(host).links[1])))
    guest.run(JoinOnline())
    guest.run(RoomReach(False))
    assert page_of(guest).status() == translate("net.online.unreachable_guest")
    guest.run(RoomReach(True))
    assert page_of(guest).status() == translate("net.online.dialing", host="Player 1")
