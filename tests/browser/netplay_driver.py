"""Drives the game's page for play on several devices (``test_netplay_page.py`` and
``tests/bench_netplay.py``): a seat invited, a guest's answer made and taken, tickets kept, cards
drawn, a turn chosen from what the seat's page shows (``turn``), a rejoin, and the check that
every page shows the same public facts."""

from __future__ import annotations

import json
import re

from harness import wait_for_boot
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from game.mapdata import load_map
from game.rules import apply_action
from game.scenario import load_scenario
from game.ui.log import line_number

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

# A host stacking the deck for one guest, as that guest's page receives it (this script in the
# guest's context only): once armed (``window.stack = true``), the first state after the guest
# drew a card from the deck tells it that card was another (in the draw's event and in its
# hand), as a host showing it another card than the committed seed gave would; the page's code
# is not touched, and what was changed is noted in ``window.stacked``.
STACKING = """(() => {
window.stack = false;
const listen = RTCDataChannel.prototype.addEventListener;
const stacked = text => {
    const message = JSON.parse(text);
    const seat = message.type === "state" ? message.view.viewer : null;
    const drawn = seat === null ? undefined : message.events.at(-1);
    if (drawn?.kind !== "draw" || drawn.source !== "deck" || drawn.seat !== seat) return text;
    const real = drawn.private[seat].card, fake = real === "locomotive" ? "red" : "locomotive";
    const hand = message.view.players[seat].hand;
    drawn.private[seat].card = fake;
    hand[real] -= 1;
    hand[fake] = (hand[fake] ?? 0) + 1;
    window.stack = false;
    window.stacked = {at: message.at, real, fake};
    return JSON.stringify(message);
};
const wrapped = new WeakMap();     // the page's listener -> the one that reads through ``stacked``
const unlisten = RTCDataChannel.prototype.removeEventListener;
RTCDataChannel.prototype.addEventListener = function (name, listener, ...rest) {
    if (name !== "message") return listen.call(this, name, listener, ...rest);
    const through = event => listener(window.stack && typeof event.data === "string"
        ? new MessageEvent("message", {data: stacked(event.data)}) : event);
    wrapped.set(listener, through);
    return listen.call(this, name, through, ...rest);
};
RTCDataChannel.prototype.removeEventListener = function (name, listener, ...rest) {
    return unlisten.call(this, name, name === "message" && wrapped.get(listener) || listener, ...rest);
};
})();
"""


def invite(host, seat: int | str) -> str:
    """The host's invite link for ``seat`` (``"spectator"``: the spectators')."""
    box = ".net-spectator" if seat == "spectator" else f".net-seat[data-seat='{seat}']"
    host.click(f"{box} button[data-cmd=net-invite]")
    field = host.wait_for_selector(f"#net-link-{seat}", timeout=WAIT_MS)
    return field.input_value()


def answer(guest, link: str, base: str) -> str:
    guest.goto(base + link.split("/", 3)[3])
    wait_for_boot(guest)
    field = guest.wait_for_selector("#net-answer-link", timeout=WAIT_MS)
    return field.input_value()


def keep(page) -> None:
    """Keep the first two tickets offered (located afresh for each: news from the other devices
    may draw the dialog again meanwhile)."""
    boxes = page.locator(".dialog .offer input[name=keep]")
    boxes.first.wait_for(timeout=WAIT_MS)
    for index in range(2):
        boxes.nth(index).check(timeout=WAIT_MS)
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


# once the page shows the game after ``n`` actions: its public facts and the seat to act
SHOWN = """n => { const app = document.getElementById('app');
    return app.dataset.actions === String(n) && [app.dataset.public, app.dataset.current]; }"""


def same(pages, actions: int) -> None:
    """Every page shows the game after ``actions`` actions, with the host's public facts."""
    shown = [page.wait_for_function(SHOWN, arg=actions, timeout=WAIT_MS).json_value() for page in pages]
    assert all(facts == shown[0] for facts in shown), shown


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
    try:
        guest.wait_for_function(CONNECTED, timeout=WAIT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"the guest's page never connected: {said(guest)}; the host's: {said(host)}") from None


def spectate(host, page, base: str) -> None:
    """``page`` watches the game by the spectators' invite (the host's panel open) and its answer code."""
    code = answer(page, invite(host, "spectator"), base)
    host.fill("#net-answer-s", code)
    host.click(".net-spectator button[data-cmd=net-take]")
    try:
        page.wait_for_selector("#app.table #board svg", timeout=WAIT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"the spectator's page shows no game: {said(page)}; the host's: {said(host)}") from None


# What a page says of its link: its screen and its panel's words
SAID = """() => ({screen: document.getElementById('app').className,
    panel: document.getElementById('net-panel')?.innerText ?? null})"""


def said(page) -> dict | str:
    try:
        return page.evaluate(SAID)
    except PlaywrightError as error:    # a page closed or crashed: say so, not a second failure
        return f"(the page cannot be read: {error})"


# The turn timer's line on each page: "Player 2: 4:59 left"
CLOCK = re.compile(r"Player \d: (\d):(\d\d) left")


def clock_left(page) -> int:
    """The seconds the turn timer's line on ``page`` shows left (it must be shown)."""
    line = page.wait_for_selector("#net-clock:not(:empty)", timeout=WAIT_MS).text_content()
    found = CLOCK.fullmatch(line)
    assert found, line
    return int(found[1]) * 60 + int(found[2])


def counts_down(pages) -> None:
    """The turn timer's line on every page of ``pages`` goes down (its tick: a second)."""
    lefts = [clock_left(page) for page in pages]
    for page, left in zip(pages, lefts):
        page.wait_for_function(LOWER, arg=left, timeout=WAIT_MS)


LOWER = """left => { const m = document.getElementById('net-clock').textContent.match(/(\\d):(\\d\\d) left$/);
    return m !== null && Number(m[1]) * 60 + Number(m[2]) < left; }"""


# What a seat's page shows its player at the start of a move: the actions played, the dialog up,
# the routes it may claim now (the board lights them), the cards it may draw (slot, kind) and its hand.
TURN = """() => { const app = document.getElementById('app');
    return {actions: Number(app.dataset.actions), current: app.dataset.current, phase: app.dataset.phase,
            dialog: document.querySelector('#dialogs .dialog')?.dataset.dialog ?? null,
            claimable: [...document.querySelectorAll('#board .route.claimable')].map(n => n.id.slice(6)),
            draws: [...document.querySelectorAll('button[data-cmd=draw]:not([aria-disabled])')]
                .map(b => [b.dataset.slot, b.dataset.arg]),
            hand: Object.fromEntries([...document.querySelectorAll('.own-panel .hand [data-card]')]
                .map(n => [n.dataset.card, Number(n.dataset.count)]))}; }"""
# The claim dialog's payment with the fewest locomotives: its button's argument.
THRIFTY = """() => { const pays = [...document.querySelectorAll('#dialogs button[data-cmd=claim]')];
    const locos = b => b.querySelectorAll('.card-locomotive').length;
    return pays.reduce((best, b) => locos(b) < locos(best) ? b : best).dataset.arg; }"""
LONG = 5            # a route this long is claimed as soon as it can be; a shorter one once the hand is big
BIG_HAND = 12


def route_lengths(map_id: str) -> dict[str, int]:
    return {route.id: route.length for route in load_map(map_id).routes}


def turn(page, pages, actions: int, lengths: dict[str, int]) -> int:
    """The seat to act on ``page`` plays a turn chosen from what its page shows, as its player
    would click it: the longest route it may claim when long enough (or its hand is big), else
    two cards (a face-up locomotive, else a face-up card of the colour it holds most, else the
    deck's); after each action every page of ``pages`` shows the same game.  The actions played after it."""
    facts = page.evaluate(TURN)
    if facts["dialog"] == "last-round":
        page.click("#dialogs button[data-cmd=last-round]")
        facts = page.evaluate(TURN)
    assert facts["actions"] == actions and facts["dialog"] is None, facts
    routes = sorted(facts["claimable"], key=lambda r: -lengths[r])
    if routes and (lengths[routes[0]] >= LONG or sum(facts["hand"].values()) >= BIG_HAND or not facts["draws"]):
        page.locator(f"#route-{routes[0]}").dispatch_event("click")
        page.wait_for_selector(".dialog[data-dialog=claim]", timeout=WAIT_MS)
        page.click(f"#dialogs button[data-cmd=claim][data-arg='{page.evaluate(THRIFTY)}']")
        same(pages, actions + 1)
        return actions + 1
    seat = facts["current"]
    for _ in range(2):
        slot = _pick(facts["draws"], facts["hand"])
        page.click(f"button[data-cmd=draw][data-slot='{slot}']")
        actions += 1
        same(pages, actions)
        facts = page.evaluate(TURN)
        if facts["current"] != seat or facts["phase"] == "over":   # a face-up locomotive is the whole turn
            break
    return actions


def _pick(draws: list[list[str]], hand: dict[str, int]) -> str:
    """The slot of the card to draw (see ``turn``)."""
    assert draws, "no card to draw and no route to claim"
    faces = [(slot, kind) for slot, kind in draws if slot != "0"]
    locomotive = [slot for slot, kind in faces if kind == "locomotive"]
    if locomotive:
        return locomotive[0]
    held = max(faces, key=lambda face: hand.get(face[1], 0), default=None)
    if held is not None and hand.get(held[1], 0):
        return held[0]
    return "0" if any(slot == "0" for slot, _ in draws) else draws[0][0]


def staged_scoring(page) -> None:
    """Once the game is over ``page`` reveals the final scoring step by step, with nothing over
    it (no verdict yet); skipped here."""
    page.wait_for_selector(".scoring-reveal", timeout=WAIT_MS)
    assert page.locator("#dialogs .dialog").count() == 0 and page.locator(".end-deal").count() == 0
    page.click(".scoring-reveal button[data-cmd=skip-scoring]")


def verdict(guest) -> str:
    """The fair deal's check on ``guest``'s page once the game is over (its words): its line on
    the final table, the full text opened from it."""
    if guest.locator(".dialog[data-dialog=message]").count() == 0:
        guest.click(".end-deal button[data-cmd=deal-check]", timeout=WAIT_MS)
    dialog = guest.wait_for_selector(".dialog[data-dialog=message]", timeout=WAIT_MS)
    assert dialog.query_selector("h2").text_content() == "The fair deal"
    return dialog.query_selector("p").text_content()


def log_line(host, move: int) -> int:
    """The number of the log's line where ``move`` (counted from 1) of the host's game starts."""
    state, actions = load_scenario(json.loads(host.evaluate("localStorage.getItem('ttr.net.host')"))["game"])
    return line_number([apply_action(state, action) for action in actions], move)
