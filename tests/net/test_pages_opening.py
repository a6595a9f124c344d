"""The opening tickets chosen by every seat at once, as the pages show it (``game.ui.guesting``,
``game.ui.hosting``, ``Session.choosing_ahead``): a guest's page offers its seat's choice at
once while another seat chooses, then waits for the others; the host's own player chooses
whoever is to act, an AI seat thinking included; a choice refused comes back, and one sent
outlasts the guest's reload.  The devices are those of ``test_netplay``."""

from __future__ import annotations

from net_helpers import entropy
from test_netplay import (
    SITE,
    Pipe,
    ai_plays,
    connect,
    english,  # noqa: F401 - autouse: the tests read English
    host_of,
    hosting,
    options,
    quiet,  # noqa: F401 - autouse: no channel's texts left from another test
    seat_table,
    unlimited,  # noqa: F401 - autouse: the host's rate limit off for games at the test's speed
)

from game.net.host import HostTable
from game.state import Phase
from game.ui import commands, netplay, setup
from game.ui.dialogs import TicketsDialog
from game.ui.guest_page import resume_guest
from game.ui.net_host import NetHost
from game.ui.screen import status
from game.ui.storage import DictBackend


def table_of(kinds: tuple[str, ...]):
    """The host's device and its guests' pages, joined (``kinds``: each seat's, as the new-game form has them)."""
    start, remote = netplay.table_start(setup.with_default_names(options(kinds=kinds)))
    host = hosting(NetHost(HostTable.create(start, remote, entropy=entropy(3)), SITE))
    return host, {seat: connect(host, seat) for seat in remote}


def test_a_guest_s_page_offers_its_choice_while_another_seat_chooses_then_waits_for_the_others():
    host, pages = table_of(("human", "guest", "guest"))
    match = host_of(host).table.match
    guest = seat_table(pages[2])            # the last seat: seat 0 (the host's player) is to act
    assert match.current == 0
    dialog = guest.dialog()
    assert isinstance(dialog, TicketsDialog) and dialog.offer == tuple(match.state["players"][2]["offer"])
    assert status(guest) == "Player 3: choose your destination tickets."
    kept = dialog.offer[:2]
    guest.run(commands.Keep(kept))          # sent at once; the host holds it
    Pipe.pump()
    assert match.played() == 0 and set(host_of(host).table.held.choices) == {2}
    assert guest.dialog() is None and status(guest) == "Player 1 is choosing destination tickets."
    assert host.dialog() is not None        # the host's player chooses meanwhile, as ever
    host.run(commands.Keep(tuple(match.state["players"][0]["offer"][:2])))
    Pipe.pump()
    assert match.current == 1 and guest.dialog() is None        # still waiting: seat 2 keeps
    second = seat_table(pages[1])
    second.run(commands.Keep(tuple(match.state["players"][1]["offer"][:2])))
    Pipe.pump()
    # seat 1 kept on its turn, and seat 2's choice was played the moment its turn came
    assert match.state["phase"] == Phase.START and [e["seat"] for e in match.events] == [0, 1, 2]
    assert sorted(match.state["players"][2]["tickets"]) == sorted(kept)
    assert guest.session.played() == 3 and not pages[2].held() and status(guest) == "It is Player 1's turn."


def test_the_host_s_player_chooses_while_a_guest_or_an_ai_is_to_act():
    host, pages = table_of(("ai:easy", "human", "guest"))
    table = host_of(host).table
    match = table.match
    assert match.current == 0 and host.ask is not None      # the AI seat thinks
    dialog = host.dialog()
    assert isinstance(dialog, TicketsDialog) and dialog.offer == tuple(match.state["players"][1]["offer"])
    assert status(host) == "Player 2: choose your destination tickets."
    host.run(commands.Keep(dialog.offer[:2]))       # the host's player, while the AI is to act
    assert table.held.choices and match.played() == 0 and host.dialog() is None
    assert table.to_json()["held"] == {"1": str(table.held.choices[1])}     # kept with the table
    ai_plays(host)                  # the AI's move is its own; the host's player's choice follows at once
    Pipe.pump()
    assert [e["seat"] for e in match.events] == [0, 1] and match.current == 2
    assert sorted(match.state["players"][1]["tickets"]) == sorted(dialog.offer[:2])
    assert pages[2].guest.at == 2


def test_a_choice_sent_ahead_and_refused_is_offered_again_and_one_sent_outlasts_a_reload():
    host, pages = table_of(("human", "guest", "guest"))
    page = pages[2]
    guest = seat_table(page)
    assert page.transport is not None
    forged = "keep nowhere--else"               # as a page would send it, and the host refuses
    page.ahead = (0, forged)
    page.transport.send(page.guest.command(forged))
    Pipe.pump()
    assert page.ahead is None and isinstance(guest.dialog(), TicketsDialog)        # choose again
    guest.run(commands.Keep(tuple(host_of(host).table.match.state["players"][2]["offer"][:2])))
    Pipe.pump()
    assert page.held() and page.ahead is not None
    backend = DictBackend({})
    page.save(backend)
    again = resume_guest(backend)
    assert again is not None and again.ahead == page.ahead and again.held()
    assert again.follow().held == {2} and not again.follow().choosing_ahead()


def test_a_guest_s_choice_on_its_way_when_its_turn_comes_is_not_offered_again():
    host, pages = table_of(("human", "guest", "guest"))
    page = pages[1]
    guest = seat_table(page)
    match = host_of(host).table.match
    offer = tuple(match.state["players"][1]["offer"])
    guest.run(commands.Keep(offer[:2]))         # the choice is sent, but held up on the way...
    queued = Pipe.queue[:]
    Pipe.queue.clear()
    assert len(queued) == 1
    host.run(commands.Keep(tuple(match.state["players"][0]["offer"][:2])))     # ...while seat 0 keeps
    Pipe.pump()
    assert match.current == 1 and page.guest.at == 1 and page.held()
    assert guest.dialog() is None and not guest.viewer_to_act()      # its turn, its choice on its way
    Pipe.queue.extend(queued)
    Pipe.pump()
    assert match.played() == 2 and not page.held() and guest.session.played() == 2
