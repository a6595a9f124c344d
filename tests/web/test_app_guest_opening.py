"""A guest's page on the real web layer at the opening: every seat chooses its tickets at once,
so the page offers its seat's choice while the host's player is still choosing, sends it, and
waits for the others; the host plays it the moment the seat's turn comes (the host a
``Table`` hosting in the test, as in ``test_app_guest``)."""

from __future__ import annotations

from fakertc import captured
from test_app_guest import HostEnd, Wire, carry, host_digest, host_of, hosted

from game.net.sdp import parse_sdp
from game.ui.net_commands import InviteMade


def test_a_guest_s_page_offers_its_tickets_while_the_host_s_player_chooses(page):
    table, end = hosted(), HostEnd()
    carry(table.handle(InviteMade(1, end, parse_sdp("offer", captured("offer")).code())))
    host = host_of(table)
    page.start(host.links[1])
    wire = Wire(page, table, end)
    wire.open()
    match = host.table.match
    assert match is not None and match.current == 0
    # the host's player (seat 0) is to choose, and the guest's page offers its own choice at once
    assert page.app("data-current") == "0" and page.app("data-dialog") == "tickets"
    assert page.text("#status") == "Player 2: choose your destination tickets."
    offered = sorted(box.value for box in page.all("#dialogs .offer input[name=keep]"))
    assert offered == sorted(match.state["players"][1]["offer"])
    kept = page.keep_tickets(2)
    wire.pump()
    assert match.played() == 0 and set(host.table.held.choices) == {1}      # held until its turn
    assert page.app("data-dialog") is None and page.text("#status") == "Player 1 is choosing destination tickets."
    wire.host_plays()                           # the host's player keeps: the guest's keep follows at once
    assert [str(a).split()[0] for a in match.actions] == ["keep", "keep"] and match.current == 0
    assert page.app("data-actions") == "2" and page.app("data-phase") == "start"
    assert sorted(li.getAttribute("data-ticket") for li in page.all(".own-panel .tickets li")) == sorted(kept)
    assert page.app("data-public") == host_digest(host)
