"""A host's page on the real web layer (``game.web.app``, ``game.web.start``, ``game.web.netplay``,
``game.web.peer`` over ``fakertc``): the new-game form ticked for several devices, the table's
panel, an invite made and where the focus goes, two guests joined by their answers (each a
``game.net.guest.GuestTable`` in the test, at the far end of the page's data channel), and a
hostile guest's burst of pings."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from fakeevents import Event
from fakertc import captured

from game.ai.decide import decide
from game.ai.determinize import determinize
from game.net.guest import GuestTable
from game.net.sdp import parse_sdp
from game.net.signal import invite_tag
from game.rng import Rng
from game.rules import legal_actions
from game.ui.netplay import read_invite

START = 'button[data-cmd="start"]'


def hosted(page) -> None:
    """The host's table for seat 1 (the form's guest once the box is ticked) and seat 2 made a guest's too."""
    page.start()
    page.change("#opt-count", "3")
    page.change("#opt-devices", True)
    page.change("#seat-kind-2", "guest")
    page.command("start")
    assert page.root.className == "start net" and page.has("#net-panel")
    page.command("net-nearby")          # on one network: invites and answers by hand


def test_ticking_several_devices_makes_seat_2_a_guest_s_and_start_opens_the_table(page):
    page.start()
    assert page.one("#seat-kind-1").value == "ai:medium"
    page.change("#opt-devices", True)
    # the table can start as it is: seat 2 (the first after the host's) is a guest's device, named as a player
    assert page.one("#seat-kind-0").value == "human" and page.one("#seat-kind-1").value == "guest"
    assert page.one('.seat[data-seat="1"] .seat-name').value == "Player 2"
    assert page.one(START).getAttribute("aria-disabled") is None and page.all(".problems li") == []
    # a table without a guest: Start is not offered, and says why, as the form does beside it
    page.change("#seat-kind-1", "ai:easy")
    why = "On several devices, choose a guest's device for at least one seat."
    assert page.one(START).getAttribute("aria-disabled") == "true" and page.one(START).getAttribute("title") == why
    assert page.text(".problems") == why
    page.command("start")                       # pressed all the same: nothing starts
    assert page.root.className == "start" and page.one("#seat-kind-1").value == "ai:easy"
    page.change("#seat-kind-1", "guest")
    assert page.one(START).getAttribute("aria-disabled") is None and page.all(".problems li") == []
    page.command("start")
    assert page.root.className == "start net"
    assert [seat.getAttribute("data-seat") for seat in page.all("#net-panel .net-seat[data-seat]")] == ["0", "1"]
    # untick: every guest's seat is a human one of this device again, two humans here is fine
    page.command("home")
    page.change("#opt-devices", True)
    page.change("#opt-devices", False)
    assert page.one("#seat-kind-1").value == "human" and page.one(START).getAttribute("aria-disabled") is None


def test_two_humans_on_this_device_ticked_for_several_devices_make_the_second_a_guest(page):
    page.start()
    page.change("#seat-kind-1", "human")
    page.change("#opt-devices", True)
    assert [page.one(f"#seat-kind-{i}").value for i in (0, 1)] == ["human", "guest"]
    page.change("#seat-kind-1", "human")        # a second player here again: not offered, said why
    assert page.one(START).getAttribute("aria-disabled") == "true"
    assert [li.textContent for li in page.all(".problems li")] == [
        "On several devices, at most one seat plays on this device; the others are guests or AI.",
        "On several devices, choose a guest's device for at least one seat."]


def test_after_invite_the_focus_is_on_the_link_to_copy_not_on_new_invite(page):
    hosted(page)
    page.click('[data-cmd="net-invite"][data-arg="1"]')
    link = page.one("#net-link-1")
    assert page.one('[data-cmd="net-invite"][data-arg="1"]').textContent == "New invite"
    assert page.document.activeElement is link and "#join=" in link.value
    assert (link.selectionStart, link.selectionEnd) == (0, len(link.value))        # ready to copy
    # the spectators' invite: its own words, and the focus on its link too
    page.click('[data-cmd="net-invite"][data-arg="spectator"]')
    assert page.document.activeElement is page.one("#net-link-spectator")
    spectators = page.one(".net-spectator").textContent
    assert "someone who wants to watch" in spectators and "to the player" not in spectators
    assert "Send this link to the player" in page.one('.net-seat[data-seat="1"]').textContent


def test_a_host_who_moved_on_while_the_invite_was_made_keeps_their_place(page):
    hosted(page)
    invite = page.one('[data-cmd="net-invite"][data-arg="1"]')
    invite.focus()
    invite.dispatchEvent(Event("click", clientX=10, clientY=10, pointerType="mouse", button=0))    # being made
    elsewhere = page.one("#net-ice")
    elsewhere.focus()                           # the host types the setting meanwhile
    page.settle()                               # the invite is made
    assert page.has("#net-link-1") and page.document.activeElement is page.one("#net-ice")


class Guest:
    """A guest at the far end of the host's page's data channel for ``seat``."""

    def __init__(self, page, seat: int) -> None:
        self.page, self.seat = page, seat
        page.click(f'[data-cmd="net-invite"][data-arg="{seat}"]')
        self.invite = read_invite(page.one(f"#net-link-{seat}").value).invite
        self.peer = page.browser.peers[-1]
        self.table = GuestTable.new()

    def answer(self, text: str) -> None:
        """The host pastes ``text`` as this seat's answer and presses Connect (in the page's event
        loop, as a browser's click runs: the link then waits for the channel on a timer)."""
        self.page.one(f"#net-answer-{self.seat}").value = text
        connect = self.page.one(f'[data-cmd="net-take"][data-arg="{self.seat}"]')

        async def press() -> None:
            connect.focus()
            connect.dispatchEvent(Event("click", clientX=10, clientY=10, pointerType="mouse", button=0))
        asyncio.get_event_loop().run_until_complete(press())
        self.page.settle()

    def join(self) -> None:
        offer = parse_sdp("offer", captured("offer"))
        self.answer(replace(parse_sdp("answer", captured("answer")), invite=invite_tag(offer)).link("https://g.example/"))
        self.peer.open()
        self.page.settle()
        self.peer.deliver(self.table.hello(self.invite))
        self.page.settle()

    def pump(self) -> bool:
        """Read what the host sent and answer it; whether anything came."""
        texts = self.peer.sent()
        for text in texts:
            for reply in self.table.receive(text):
                self.peer.deliver(reply)
        self.page.settle()
        return bool(texts)

    def move(self) -> None:
        view = self.table.view
        legal = legal_actions(determinize(view, Rng.from_seed(f"legal:{self.table.at}")))
        self.peer.deliver(self.table.command(str(decide("easy", view, legal, f"guest:{self.seat}:{self.table.at}"))))
        self.page.settle()


def pump(guests: list[Guest]) -> None:
    for _ in range(50):
        came = [guest.pump() for guest in guests]       # every guest reads, whoever had news
        if not any(came):
            return
    raise AssertionError("the channels never fall quiet")


def test_the_host_s_own_invite_pasted_as_the_answer_is_said_to_be_the_invite(page):
    hosted(page)
    guest = Guest(page, 1)
    guest.answer(page.one("#net-link-1").value)
    problem = page.text('.net-seat[data-seat="1"] .net-problem')
    assert problem.startswith("This is the invite you sent, not the answer") and "characters" not in problem
    assert page.one("#net-answer-1").value                  # what was pasted is kept, to look at
    guest.join()                                              # the right answer still connects
    assert page.one('.net-seat[data-seat="1"]').getAttribute("data-connected") == "1"


def test_a_burst_of_pings_from_one_guest_is_dropped_and_the_other_guest_s_move_goes_through(page):
    hosted(page)
    guests = [Guest(page, 1), Guest(page, 2)]
    for guest in guests:
        guest.join()
    pump(guests)
    assert page.root.className == "table" and page.app("data-phase") == "setup-tickets"
    page.keep_tickets(2)                                      # the host's player chooses first
    pump(guests)
    guests[0].move()                                          # guest 1 keeps its tickets
    pump(guests)
    assert page.app("data-actions") == "2" and page.app("data-current") == "2"
    for t in range(1000):                                     # guest 1's burst, all at once
        guests[0].peer.deliver(guests[0].table.ping(t))
    page.settle()
    pongs = [text for text in guests[0].peer.sent() if '"type":"pong"' in text]
    # its bucket's worth read (40, less the 4 messages it sent before on this page's frozen clock), the rest dropped unread
    assert len(pongs) == 36
    warnings = [text for level, text in page.browser.console.lines if level in ("warn", "error")]
    assert len(warnings) == 1 and "dropped unread" in warnings[0]    # said once, for the burst, and no error
    guests[1].move()                                          # guest 2's move right after the burst: played
    pump(guests)
    assert page.app("data-actions") == "3" and page.app("data-current") == "0"
