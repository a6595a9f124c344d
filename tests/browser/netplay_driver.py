"""Drives the game's page for play on several devices (``test_netplay_page.py`` and
``tests/bench_netplay.py``): a seat invited, a guest's answer made and taken, tickets kept, cards
drawn, a rejoin, and the check that every page shows the same public facts."""

from __future__ import annotations

from harness import wait_for_boot

WAIT_MS = 60_000
# The test's hand on a guest's channel: every data channel the page is given is kept in
# ``window.channels``, so the test can send through it what a forged page would.
SPY = """
window.channels = [];
window.RTCPeerConnection = class extends window.RTCPeerConnection {
    constructor(...args) {
        super(...args);
        this.addEventListener("datachannel", event => window.channels.push(event.channel));
    }
};
"""


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


def rejoin(host, guest, seat: int) -> str:
    """The host's new invite for ``seat`` pasted into the guest's rejoin form, its answer taken."""
    link = invite(host, seat)
    guest.fill("#net-invite", link)
    guest.click("button[data-cmd=net-rejoin]")
    code = guest.wait_for_selector("#net-answer-link", timeout=WAIT_MS).input_value()
    host.fill(f"#net-answer-{seat}", code)
    host.click(f".net-seat[data-seat='{seat}'] button[data-cmd=net-take]")
    host.wait_for_selector(f".net-seat[data-seat='{seat}'][data-connected]", timeout=WAIT_MS)
    return code


def same(pages, actions: int) -> None:
    """Every page shows the game after ``actions`` actions, with the host's public facts."""
    for page in pages:
        page.wait_for_function(f"document.getElementById('app').dataset.actions === '{actions}'", timeout=WAIT_MS)
    public = {page.get_attribute("#app", "data-public") for page in pages}
    current = {page.get_attribute("#app", "data-current") for page in pages}
    assert len(public) == 1 and len(current) == 1, (public, current)


def draw_two(page) -> None:
    """Two cards from the deck, the second once the first is shown (a guest's page shows a move
    when the host's state comes back: a second click sooner would be chosen on the old position)."""
    actions = int(page.get_attribute("#app", "data-actions"))
    page.click("button[data-cmd=draw][data-slot='0']")
    page.wait_for_function(f"document.getElementById('app').dataset.actions === '{actions + 1}'", timeout=WAIT_MS)
    page.click("button[data-cmd=draw][data-slot='0']")


def refused(guest, pages, message: str, reason: str) -> None:
    """``message`` sent through ``guest``'s channel is refused with ``reason`` shown, and
    nothing changes on any page."""
    before = [(page.get_attribute("#app", "data-actions"), page.get_attribute("#app", "data-public")) for page in pages]
    guest.evaluate("text => window.channels.at(-1).send(text)", message)
    shown = guest.wait_for_selector(".dialog[data-dialog=message] p", timeout=WAIT_MS)
    assert shown.text_content() == reason
    guest.click("#dialogs button[data-cmd=close]")
    after = [(page.get_attribute("#app", "data-actions"), page.get_attribute("#app", "data-public")) for page in pages]
    assert after == before


CONNECTED = ("document.querySelector('#net-panel[data-phase=connected]') !== null"
             " || document.querySelector('#app.table #board svg') !== null")


def join(host, guest, seat: int, base: str) -> None:
    """``guest`` joins ``seat`` by the host's invite link and its answer code, until connected
    (dealing, or dealt once every seat has joined)."""
    code = answer(guest, invite(host, seat), base)
    host.fill(f"#net-answer-{seat}", code)
    host.click(f".net-seat[data-seat='{seat}'] button[data-cmd=net-take]")
    guest.wait_for_function(CONNECTED, timeout=WAIT_MS)
