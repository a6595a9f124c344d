"""Play on several devices in the page: a host and a guest, each a Chromium process of its own,
joined only by the invite link and the answer code the players pass by hand; the guest's
screen shows the game as its seat sees it, its moves reach the host, and it rejoins after a
reload (see ``peer_driver.py`` for the browsers' flag that keeps every packet on the machine)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from harness import wait_for_boot
from peer_driver import launch_device

SHOTS = os.environ.get("NETPLAY_SHOTS")      # a folder: the screenshots of the note
WAIT_MS = 60_000


@pytest.fixture
def devices(browser, browser_session):
    launched = [launch_device(browser.browser_type) for _ in range(2)]
    yield [browser_session.guard(device.new_context(viewport={"width": 1280, "height": 800})) for device in launched]
    for device in launched:
        device.close()


def shot(page, name: str) -> None:
    if SHOTS:
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}x{height}.png"))
        page.set_viewport_size({"width": 1280, "height": 800})


def invite(host, seat: int) -> str:
    host.click(f".net-seat[data-seat='{seat}'] button[data-cmd=net-invite]")
    field = host.wait_for_selector(f"#net-link-{seat}", timeout=WAIT_MS)
    return field.input_value()


def answer(guest, link: str, base: str) -> str:
    guest.goto(base + link.split("/", 3)[3])
    wait_for_boot(guest)
    field = guest.wait_for_selector("#net-answer-link", timeout=WAIT_MS)
    return field.input_value()


def keep(page) -> None:
    """Keep the first two tickets offered."""
    for box in page.wait_for_selector(".dialog .offer", timeout=WAIT_MS).query_selector_all("input[name=keep]")[:2]:
        box.check()
    page.click(".dialog button[data-cmd=keep]")


def rejoin(host, guest) -> str:
    """The host's new invite for seat 1 pasted into the guest's rejoin form, its answer taken."""
    link = invite(host, 1)
    guest.fill("#net-invite", link)
    guest.click("button[data-cmd=net-rejoin]")
    code = guest.wait_for_selector("#net-answer-link", timeout=WAIT_MS).input_value()
    host.fill("#net-answer-1", code)
    host.click(".net-seat[data-seat='1'] button[data-cmd=net-take]")
    host.wait_for_selector(".net-seat[data-seat='1'][data-connected]", timeout=WAIT_MS)
    return code


def test_a_guest_joins_by_link_and_answer_plays_and_rejoins(devices, browser_session):
    base = browser_session.base_url
    host_context, guest_context = devices
    host = browser_session.watch(host_context.new_page())
    host.goto(base + "index.html?ai-delay=0")
    wait_for_boot(host)
    host.check("#opt-devices")
    host.wait_for_selector("#seat-kind-1 option[value=guest]", state="attached")
    host.select_option("#seat-kind-1", "guest")
    host.click("button[data-cmd=start]")
    link = invite(host, 1)
    shot(host, "invite")

    guest = browser_session.watch(guest_context.new_page())
    code = answer(guest, link, base)
    assert "Join Player 1's game as Player 2." in guest.inner_text("#net-panel")
    shot(guest, "answer")
    host.fill("#net-answer-1", code)
    host.click(".net-seat[data-seat='1'] button[data-cmd=net-take]")
    for page in (host, guest):
        page.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
    # the guest chooses its tickets once the host has chosen (seat 0 first)
    keep(host)
    guest.wait_for_function("document.getElementById('app').dataset.actions === '1'", timeout=WAIT_MS)
    shot(guest, "guest-turn")
    keep(guest)
    host.wait_for_function("document.getElementById('app').dataset.actions === '2'", timeout=WAIT_MS)
    guest.wait_for_function("document.getElementById('app').dataset.actions === '2'", timeout=WAIT_MS)
    assert host.get_attribute("#app", "data-current") == guest.get_attribute("#app", "data-current")

    # the guest reloads: its seat is kept, and a new invite takes it back
    guest.reload()
    wait_for_boot(guest)
    guest.wait_for_selector("#net-invite")
    host.click("header button[data-cmd=net-panel]")
    rejoin(host, guest)
    guest.wait_for_function("document.getElementById('app').dataset.actions === '2'", timeout=WAIT_MS)

    # the host reloads: its table is kept, opened again from the start screen, and the guest rejoins
    host.reload()
    wait_for_boot(host)
    host.click("button[data-cmd=net-open-table]")
    host.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
    guest.wait_for_selector("#net-panel.net-over #net-invite", timeout=WAIT_MS)
    shot(guest, "rejoin")
    host.click("header button[data-cmd=net-panel]")
    rejoin(host, guest)
    guest.wait_for_selector("#net-panel", state="detached", timeout=WAIT_MS)
    host.click("#net-panel button[data-cmd=net-panel]")
    # the game goes on from the host's save: a move of the host reaches the guest
    host.click("button[data-cmd=draw][data-slot='0']")
    guest.wait_for_function("document.getElementById('app').dataset.actions === '3'", timeout=WAIT_MS)
