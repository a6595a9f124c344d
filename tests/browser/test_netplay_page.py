"""Play on several devices in the page: a host and two guests, each a Chromium process of its
own, joined only by the invite links and the answer codes the players pass by hand; after every
move every guest's screen shows the same public facts as the host's (``#app[data-public]``),
the guests' moves reach the host, a guest rejoins after its reload and both after the host's,
a spectator joins by the spectators' invite and follows the rest of the game, the turn timer's
line counts down on every page, the game is played to its end, and each guest's check of the
fair deal confirms it, or finds the card a host stacked for it; the guests' pages reveal the
final scoring step by step, then their final tables say the verdict in a line, its full text
on demand, and offer only what works on a guest's page (see ``peer_driver.py`` for the browsers' flag that keeps every
packet on the machine)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from harness import wait_for_boot
from netplay_driver import (
    SPY,
    STACKING,
    WAIT_MS,
    answer,
    clock_left,
    counts_down,
    draw_two,
    invite,
    join,
    keep,
    log_line,
    refused,
    rejoin,
    route_lengths,
    same,
    spectate,
    staged_scoring,
    turn,
    verdict,
)
from peer_driver import launch_device

from game.i18n import _ as translate
from game.ui.guest_page import confirmed_text

SHOTS = os.environ.get("NETPLAY_SHOTS")      # a folder: the screenshots of the note


@pytest.fixture
def devices(browser, browser_session):
    launched = [launch_device(browser.browser_type) for _ in range(3)]
    contexts = [browser_session.guard(device.new_context(viewport={"width": 1280, "height": 800})) for device in launched]
    for context in contexts:
        context.add_init_script(SPY)
    yield contexts
    for device in launched:
        device.close()


def shot(page, name: str) -> None:
    if SHOTS:
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}x{height}.png"))
        page.set_viewport_size({"width": 1280, "height": 800})


def test_two_guests_join_by_link_and_answer_play_and_rejoin(devices, browser_session):
    base = browser_session.base_url
    host_context, first_context, second_context = devices
    host = browser_session.watch(host_context.new_page())
    host.goto(base + "index.html?ai-delay=0")
    wait_for_boot(host)
    host.check("#opt-devices")
    host.select_option("#opt-count", "3")
    host.wait_for_selector("#seat-kind-2 option[value=guest]", state="attached")
    host.select_option("#seat-kind-1", "guest")
    host.select_option("#seat-kind-2", "guest")
    host.select_option("#opt-turn-limit", "300")        # the longest: it never runs out here
    host.click("button[data-cmd=start]")
    host.click("button[data-cmd=net-nearby]")          # on one network: the codes carried by hand
    link = invite(host, 1)
    shot(host, "invite")

    guest = browser_session.watch(first_context.new_page())
    code = answer(guest, link, base)
    assert "Join Player 1's game as Player 2." in guest.inner_text("#net-panel")
    shot(guest, "answer")
    host.fill("#net-answer-1", code)
    host.click(".net-seat[data-seat='1'] button[data-cmd=net-take]")
    second_context.add_init_script(STACKING)
    other = browser_session.watch(second_context.new_page())
    join(host, other, 2, base)
    pages = (host, guest, other)
    for page in pages:
        page.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
    same(pages, 0)
    # the tickets are chosen by every seat at once: the last seat first, then the second, both
    # held by the host until their turn; the host's player's keep plays all three in seat order
    shot(guest, "guest-turn")
    keep(other)
    keep(guest)
    for page in (guest, other):
        page.wait_for_selector("#dialogs .dialog", state="detached", timeout=WAIT_MS)
        assert page.inner_text("#status") == "Player 1 is choosing destination tickets."
    same(pages, 0)
    keep(host)
    same(pages, 3)
    actions = 3
    seats = {0: host, 1: guest, 2: other}
    for _ in pages:        # a round: each draws two cards from the deck
        current = int(host.get_attribute("#app", "data-current"))
        idle = guest if current != 1 else other
        if current != 0:
            # a move for another seat, an illegal move and a message that is no message are refused
            refused(idle, pages, json.dumps({"type": "command", "v": 3, "action": "draw deck", "at": actions}),
                    f"It is Player {current + 1}'s turn.")
            refused(seats[current], pages, json.dumps({"type": "command", "v": 3, "at": actions,
                                                       "action": "claim calgary--winnipeg 6white"}),
                    "You do not have enough cards to pay for this.")
            refused(seats[current], pages, '{"type": "command", "v": 3, "action": 7}', "The host could not use this message.")
        draw_two(seats[current])
        actions += 2
        same(pages, actions)

    # a guest reloads: its seat is kept, and a new invite takes it back
    guest.reload()
    wait_for_boot(guest)
    guest.wait_for_selector("#net-invite")
    host.click("header button[data-cmd=net-panel]")
    rejoin(host, guest, 1)
    host.click("#net-panel button[data-cmd=net-panel]")
    same(pages, actions)

    # the host reloads: its table is kept, opened again from the start screen, and both guests rejoin
    host.reload()
    wait_for_boot(host)
    host.click("button[data-cmd=net-open-table]")
    host.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
    for page in (guest, other):
        page.wait_for_selector("#net-panel.net-over #net-invite", timeout=WAIT_MS)
    shot(guest, "rejoin")
    host.click("header button[data-cmd=net-panel]")
    for seat, page in ((1, guest), (2, other)):
        rejoin(host, page, seat)
        page.wait_for_selector("#net-panel", state="detached", timeout=WAIT_MS)
    # a spectator joins by the spectators' invite (a page of the first guest's device): from here
    # on it shows every move as the others do
    spectator = browser_session.watch(browser_session.guard(
        first_context.browser.new_context(viewport={"width": 1280, "height": 800})).new_page())
    spectate(host, spectator, base)
    host.click("#net-panel button[data-cmd=net-panel]")
    pages = (*pages, spectator)
    same(pages, actions)
    # the turn timer's line on every page, counting down; the spectator's status line describes the player to act
    assert all(0 < clock_left(page) <= 300 for page in pages)
    counts_down(pages)
    current = int(host.get_attribute("#app", "data-current"))
    assert spectator.inner_text("#status") == f"It is Player {current + 1}'s turn."
    assert spectator.is_hidden("#hints") and host.is_visible("#hints")     # no seat's routes to light there
    shot(spectator, "spectator-status")
    # the game goes on from the host's save
    for _ in pages:
        draw_two(seats[int(host.get_attribute("#app", "data-current"))])
        actions += 2
        same(pages, actions)

    # the whole game, every move compared on the three pages; the host stacks one card for the second guest
    other.evaluate("window.stack = true")
    lengths = route_lengths("usa")
    while host.get_attribute("#app", "data-phase") != "over":
        actions = turn(seats[int(host.get_attribute("#app", "data-current"))], pages, actions, lengths)
    stacked = other.evaluate("window.stacked")
    assert stacked is not None, "the second guest never drew from the deck"
    guest.wait_for_selector(".scoring-reveal", timeout=WAIT_MS)
    shot(guest, "guest-scoring")                # (while it is revealed)
    for page in (guest, other, spectator):      # the final scoring revealed step by step, as on the host's
        staged_scoring(page)
    # the end: each guest replays the game from the revealed seed; the stacked card is found
    assert verdict(guest) == confirmed_text()
    shot(guest, "check-confirmed")
    assert verdict(other) == ("The deal could not be confirmed: "      # the move numbered as in the log
                              f"After move {log_line(host, stacked['at'])} your cards were not those the deal gives.")
    shot(other, "check-failed")
    assert verdict(spectator) == confirmed_text()
    # the final table keeps the verdict in a line; no rematch (the host's), and only the guest's own
    # seat to review and the real game to export once its deal is confirmed
    for page, words, reviews, export in ((guest, "Fair deal: confirmed.", ["1"], 1), (spectator, "Fair deal: confirmed.", [], 1),
                                          (other, "Fair deal: not confirmed.", [], 0)):
        page.click("#dialogs button[data-cmd=close]")
        line = page.wait_for_selector(".end-deal", timeout=WAIT_MS)
        assert line.inner_text().startswith(words)
        assert page.locator("button[data-cmd=rematch]").count() == 0
        assert page.locator(".end-note").inner_text() == translate("net.end.rematch")
        assert [b.get_attribute("data-arg") for b in page.query_selector_all("button[data-cmd=review]")] == reviews
        assert page.locator("header button[data-cmd=export-game]").count() == export
    shot(guest, "guest-end")
    shot(spectator, "spectator-end")
    shot(other, "guest-end-failed")
    other.click(".end-deal button[data-cmd=deal-check]")       # the full text again
    assert verdict(other).startswith("The deal could not be confirmed: ")
