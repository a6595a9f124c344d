"""A guest's page on the real web layer (``game.web.app``, ``game.web.netplay``, ``game.web.peer``):
opened by a host's invite link, its answer made over a faked WebRTC channel (``fakertc``), and
the host's news drawn, with the host a ``game.net.host.HostTable`` in the test (as
``tests/net/test_netplay.py`` has it for the model)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

from fakertc import captured

from game.ai.decide import ai_move
from game.net.host import HostTable
from game.net.sdp import parse_sdp
from game.ui import guest_page, netplay, setup, work
from game.ui.controller import Table
from game.ui.hosting import Hosting
from game.ui.net_commands import ChannelMessage, ChannelOpened, InviteMade
from game.ui.net_host import NetHost
from game.ui.outcome import Outcome
from game.ui.saves import SaveCatalog
from game.ui.storage import DictBackend

SITE = "http://127.0.0.1:8000/"


class HostEnd:
    """The host's end of the channel (a ``game.ui.channels.Transport``): what it sends waits in ``outbox``."""

    def __init__(self) -> None:
        self.outbox: list[str] = []
        self.open = True

    def send(self, text: str) -> bool:
        if self.open:
            self.outbox.append(text)
        return self.open

    def close(self, reason: str = "closed", detail: str = "") -> None:
        self.open = False

    def take_answer(self, text: str) -> str | None:
        return None


def entropy(seed: int):
    rng = random.Random(seed)
    return lambda n: bytes(rng.getrandbits(8) for _ in range(n))


def hosted() -> Table:
    """The host's device (its ``Table``, hosting): the host's own seat 0 and a guest's seat 1."""
    base = setup.default_options("usa", 2)
    seats = (base.seats[0], setup.seat_from_choice(base.seats[1].name, setup.GUEST, base.seats[1].colour, True))
    start, remote = netplay.table_start(setup.with_default_names(replace(base, seats=seats, devices=True)))
    table = Table(SaveCatalog(DictBackend({})), clock=lambda: 0.0, fresh_seed=lambda: 1, ai_delay=0, site=SITE)
    carry(table.open_mode(Hosting(NetHost(HostTable.create(start, remote, entropy=entropy(3)), SITE))))
    return table


def carry(outcome: Outcome) -> Outcome:
    """Carry out the outcome's posts, as the host's page would."""
    for post in outcome.posts:
        post.carry_out()
    return outcome


def host_of(table: Table) -> NetHost:
    assert isinstance(table.mode, Hosting)
    return table.mode.host


class Wire:
    """The channel between the host's device (the model's ``Table``) and the guest's page (its faked peer connection)."""

    def __init__(self, page, host: Table, end: HostEnd) -> None:
        self.page, self.host, self.end = page, host, end
        self.peer = page.browser.peers[-1]
        self.to_host: list[str] = []

    def open(self) -> None:
        carry(self.host.handle(ChannelOpened(self.end)))
        self.peer.open()
        self.pump()

    def pump(self) -> None:
        """Carry every text both ways until neither side has more to say."""
        for _ in range(100):
            self.page.settle()
            to_host, to_guest = self.peer.sent(), self.end.outbox
            self.end.outbox = []
            if not to_host and not to_guest:
                return
            self.to_host += to_host
            for text in to_host:
                carry(self.host.handle(ChannelMessage(self.end, text)))
            for text in to_guest:
                self.peer.deliver(text)
        raise AssertionError("the channel never falls quiet")

    def host_plays(self) -> None:
        """The host's own seat plays its move on the host's table, which sends its news."""
        session = self.host.session
        assert session is not None
        carry(work.effects(self.host, self.host.play(ai_move(session.match))))
        self.pump()


def test_a_guest_joins_by_its_invite_and_its_page_draws_the_host_s_game(page):
    table, end = hosted(), HostEnd()
    carry(table.handle(InviteMade(1, end, parse_sdp("offer", captured("offer")).code())))
    host = host_of(table)
    link = host.links[1]
    page.start(link)                            # the guest opens the invite
    assert "#join=" not in page.browser.location.href      # good once: it leaves the address
    panel = page.one("#net-panel")
    assert page.root.className == "start net" and panel.getAttribute("data-phase") == guest_page.ANSWER
    answer = page.one("#net-answer-link").value
    assert answer.startswith(SITE + "#answer=")      # the answer code for the host to take
    assert len(page.browser.peers) == 1 and page.browser.peers[0].remote["type"] == "offer"

    wire = Wire(page, table, end)
    wire.open()                                 # the host took the answer: the channel opens
    assert wire.to_host and '"hello"' in wire.to_host[0]
    assert host.table.dealt and host.table.match is not None
    # the guest's page draws its seat's game: its own panel, the tickets dealt to it to choose
    assert page.root.className == "table" and not page.has("#net-panel")
    assert page.app("data-phase") == "setup-tickets" and page.app("data-current") == "0"
    assert page.one(".own-panel").getAttribute("data-seat") == "1"
    assert page.app("data-public") == host_digest(host)

    wire.host_plays()                           # the host's seat keeps its tickets: news
    assert page.app("data-current") == "1" and page.app("data-actions") == "1"
    assert page.app("data-dialog") == "tickets"
    kept = page.keep_tickets(2)                 # the guest's move goes to the host, which plays it
    wire.pump()
    played = str(host.table.match.actions[-1])
    assert len(host.table.match.actions) == 2 and sorted(played.removeprefix("keep ").split(",")) == sorted(kept)
    assert page.app("data-actions") == "2" and page.app("data-dialog") is None
    assert sorted(li.getAttribute("data-ticket") for li in page.all(".own-panel .tickets li")) == sorted(kept)
    assert page.app("data-public") == host_digest(host)


def host_digest(host: NetHost) -> str:
    from game.ui.screen import public_digest
    return public_digest(host.table.match.state)


def test_the_host_s_table_gone_the_guest_s_page_says_its_seat_is_kept(page):
    """The host reloads (its channels close): the guest's page says its table went out of reach
    and its seat is kept, not "You left"; a new invite pasted there takes the seat back."""
    table, end = hosted(), HostEnd()
    carry(table.handle(InviteMade(1, end, parse_sdp("offer", captured("offer")).code())))
    page.start(host_of(table).links[1])
    wire = Wire(page, table, end)
    wire.open()
    async def gone() -> None:                   # the host's page went away (in the page's loop, as a browser's event)
        wire.peer.close()
    asyncio.get_event_loop().run_until_complete(gone())
    page.settle()
    panel = page.one("#net-panel")
    assert panel.getAttribute("data-phase") == guest_page.LOST
    words = page.text(".net-rejoin p")
    assert words.startswith("This device lost touch with Player 1's table: Player 1 may have reloaded the page")
    assert "Your seat is kept" in words and "You left" not in panel.textContent
    assert page.has("#net-invite") and page.has('button[data-cmd="net-rejoin"]')
