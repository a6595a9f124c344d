"""Play over the internet, where users are: a host and two guests, each a Chromium process of its
own, joined by opening the invite link alone (nothing carried back), through a real Nostr relay
started by the harness (``relay.py``); one guest with its direct WebRTC paths disabled, as
behind a carrier's NAT, plays through the relay.  A guest's reload, then the host's, and every
page comes back to the game by itself.  The relay keeps nothing readable: no offer, name, card
or ticket in any event it stored.  A relay that drops, repeats and delays events loses no move."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from harness import chromium_flags, launch_chromium, wait_for_boot
from netplay_driver import WAIT_MS, draw_two, keep, same
from peer_driver import PEER_DISABLED_FEATURES
from relay import FlakyRelay, free_port, nostr_relay

from game.mapdata import load_map

SHOTS = os.environ.get("ONLINE_SHOTS")      # a folder: the screenshots of the note (host 1280x800, guests 390x844)


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


# Chromium's switch that keeps WebRTC off every direct UDP path (its --force-… spelling does nothing)
NO_DIRECT = "--webrtc-ip-handling-policy=disable_non_proxied_udp"


@pytest.fixture(scope="module")
def relay():
    with nostr_relay() as running:
        yield running


def device(browser, *extra: str):
    return launch_chromium(browser.browser_type, [*chromium_flags(disabled=PEER_DISABLED_FEATURES), *extra])


@pytest.fixture
def devices(browser, browser_session):
    launched = [device(browser), device(browser), device(browser, NO_DIRECT)]
    sizes = ({"width": 1280, "height": 800}, {"width": 390, "height": 844}, {"width": 390, "height": 844})
    yield [browser_session.guard(d.new_context(viewport=size)) for d, size in zip(launched, sizes)]
    for d in launched:
        d.close()


def host_table(host, base: str, relays: str, guests: int) -> list[str]:
    """A new table with ``guests`` guests' seats hosted over the internet: each seat's link."""
    host.goto(f"{base}index.html?ai-delay=0&stun=none&relays={relays}")
    wait_for_boot(host)
    host.check("#opt-devices")
    if guests > 1:
        host.select_option("#opt-count", str(guests + 1))
        host.wait_for_selector(f"#seat-kind-{guests} option[value=guest]", state="attached")
    for seat in range(1, guests + 1):
        host.select_option(f"#seat-kind-{seat}", "guest")
    host.click("button[data-cmd=start]")
    host.wait_for_selector("button[data-cmd=net-online]")
    shot(host, "online-consent-host-1280x800")
    host.click("button[data-cmd=net-online]")
    return [host.wait_for_selector(f"#net-link-{seat}", timeout=WAIT_MS).input_value() for seat in range(1, guests + 1)]


def open_link(page, base: str, link: str) -> None:
    """The guest opens its invite (with no STUN server: nothing leaves the machine) and agrees."""
    page.goto(f"{base}index.html?stun=none#{link.split('#', 1)[1]}")
    wait_for_boot(page)
    page.wait_for_selector("button[data-cmd=net-join]")
    shot(page, "online-consent-guest-390x844")
    page.click("button[data-cmd=net-join]")
    shot(page, "online-joining-guest-390x844")


def on_board(pages) -> None:
    for page in pages:
        page.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)


def test_three_devices_join_by_link_play_reload_and_come_back(devices, browser_session, relay):
    base = browser_session.base_url
    host, first, second = (browser_session.watch(context.new_page()) for context in devices)
    links = host_table(host, base, relay.url, 2)
    host.wait_for_selector("#net-link-2")
    shot(host, "online-invite-host-1280x800")
    open_link(first, base, links[0])
    open_link(second, base, links[1])
    pages = (host, first, second)
    on_board(pages)
    same(pages, 0)
    for page in pages:
        keep(page)
    same(pages, 3)
    # the first guest found a direct path; the second, with none, plays through the relay
    first.wait_for_function("document.documentElement.dataset.netPath === 'direct'", timeout=WAIT_MS)
    assert second.get_attribute("html", "data-net-path") == "relay"
    actions = 3
    seats = dict(enumerate(pages))
    for _ in pages:
        draw_two(seats[int(host.get_attribute("#app", "data-current"))])
        actions += 2
        same(pages, actions)

    # a guest reloads: back in its seat by itself, no code, no click
    second.reload()
    wait_for_boot(second)
    on_board([second])
    same(pages, actions)
    draw_two(seats[int(host.get_attribute("#app", "data-current"))])
    actions += 2
    same(pages, actions)

    # the host reloads: its table reopens by itself, and both guests come back to it
    host.reload()
    shot(first, "online-rejoin-guest-390x844")      # the guest's page knocks until the host is back
    wait_for_boot(host)
    on_board([host])
    for page in (first, second):
        page.wait_for_selector("#net-panel", state="detached", timeout=WAIT_MS)
    same(pages, actions)
    for _ in pages:
        draw_two(seats[int(host.get_attribute("#app", "data-current"))])
        actions += 2
        same(pages, actions)

    # a guest leaves on its turn: the host's row says it is away, and the note over the board that the table waits
    while host.get_attribute("#app", "data-current") != "2":
        draw_two(seats[int(host.get_attribute("#app", "data-current"))])
        actions += 2
        same(pages, actions)
    second.close()
    host.wait_for_selector(".player[data-seat='2'][data-presence=away]", timeout=WAIT_MS)
    assert "away" in host.inner_text("#net-away")
    host.wait_for_selector("#net-away", state="visible")
    shot(host, "online-guest-away-host-1280x800")
    assert host.inner_text(".player[data-seat='1'] .player-presence") == "connected"
    assert first.inner_text(".player[data-seat='2'] .player-presence") == "away"

    # the relay kept only ciphertext: no offer, no name, no card, no ticket, no message of the game
    stored = relay.stored()
    assert stored, "the relay stored no event: nothing to check"
    tickets = [ticket.id for ticket in load_map("usa").tickets]
    secrets_ = ["a=candidate", "ice-ufrag", "fingerprint", "Player 1", "Player 2", "Player 3", "locomotive", '"type"', "hello", "token",
                *tickets]
    leaks = [word for word in secrets_ if any(word in row for row in stored)]
    assert leaks == [], leaks


def test_a_relay_that_drops_repeats_and_delays_loses_no_move(browser, browser_session, relay):
    base = browser_session.base_url
    with FlakyRelay(relay.url, drop=0.15, repeat=0.15, delay=0.5).running() as flaky:
        launched = [device(browser), device(browser, NO_DIRECT)]
        try:
            host, guest = (browser_session.watch(browser_session.guard(d.new_context()).new_page()) for d in launched)
            links = host_table(host, base, flaky.url, 1)
            open_link(guest, base, links[0])
            pages = (host, guest)
            on_board(pages)
            for page in pages:
                keep(page)
            same(pages, 2)
            actions = 2
            seats = dict(enumerate(pages))
            for _ in range(4):
                draw_two(seats[int(host.get_attribute("#app", "data-current"))])
                actions += 2
                same(pages, actions)
        finally:
            for d in launched:
                d.close()
    assert flaky.counts["dropped"] > 0 and flaky.counts["repeated"] > 0, json.dumps(flaky.counts)


def test_links_opened_in_a_tab_already_open(browser, browser_session, relay):
    """An invite opened in a tab that shows a game is taken (``hashchange``); on one network, a
    guest's answer link opened in a new tab of the host's browser reaches the table in the other."""
    base = browser_session.base_url
    launched = [device(browser), device(browser)]
    try:
        host_context, guest_context = (browser_session.guard(d.new_context()) for d in launched)
        host = browser_session.watch(host_context.new_page())
        link = host_table(host, base, relay.url, 1)[0]
        guest = browser_session.watch(guest_context.new_page())
        guest.goto(f"{base}index.html?stun=none")
        wait_for_boot(guest)
        guest.evaluate("fragment => { location.hash = fragment; }", link.split("#", 1)[1])
        guest.click("button[data-cmd=net-join]")
        on_board([host, guest])

        # on one network: the answer opened in a second tab of the host's browser
        host.click("header button[data-cmd=home]")
        host.goto(f"{base}index.html")
        wait_for_boot(host)
        host.check("#opt-devices")
        host.select_option("#seat-kind-1", "guest")
        host.click("button[data-cmd=start]")
        host.click("button[data-cmd=net-nearby]")
        host.click(".net-seat[data-seat='1'] button[data-cmd=net-invite]")
        invite = host.wait_for_selector("#net-link-1", timeout=WAIT_MS).input_value()
        guest.goto(f"{base}index.html#{invite.split('#', 1)[1]}")
        wait_for_boot(guest)
        answer = guest.wait_for_selector("#net-answer-link", timeout=WAIT_MS).input_value()
        tab = browser_session.watch(host_context.new_page())
        tab.goto(f"{base}index.html#{answer.split('#', 1)[1]}")
        wait_for_boot(tab)
        tab.wait_for_selector("text=The answer reached your table in the other tab", timeout=WAIT_MS)
        on_board([host, guest])
    finally:
        for d in launched:
            d.close()


def test_relays_that_cannot_be_reached_are_said_and_codes_offered(browser, browser_session):
    base = browser_session.base_url
    nowhere = f"ws://127.0.0.1:{free_port()}"       # nothing listens there
    launched = [device(browser)]
    try:
        # the browser itself says each refused socket on the console: those only are expected
        host = browser_session.watch(browser_session.guard(launched[0].new_context()).new_page(), expect_errors=True)
        errors: list[str] = []
        host.on("console", lambda message: message.type == "error" and errors.append(message.text))
        host.on("pageerror", lambda error: errors.append(str(error)))
        host.goto(f"{base}index.html?stun=none&relays={nowhere}")
        wait_for_boot(host)
        host.check("#opt-devices")
        host.click("button[data-cmd=start]")
        host.click("button[data-cmd=net-online]")
        host.wait_for_selector("text=No relay can be reached", timeout=WAIT_MS)
        host.click("button[data-cmd=net-nearby]")
        host.click(".net-seat[data-seat='1'] button[data-cmd=net-invite]")
        assert "#join=" in host.wait_for_selector("#net-link-1", timeout=WAIT_MS).input_value()
        assert errors and all(text.startswith(f"WebSocket connection to '{nowhere}/' failed") for text in errors), errors
    finally:
        launched[0].close()
