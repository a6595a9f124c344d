"""Play over the internet in the page: this device's place on the Nostr relays (:class:`Room`)
and its connections to other devices through them (:class:`RelayLink`), each a channel the
table uses as it uses a direct one (``game.ui.channels.Transport``).

A host's room answers every guest's knock with a new connection; a guest's page dials the host
of its invite.  Each connection starts on the relays (its envelopes numbered and acknowledged:
``game.net.room.Stream``) and the host offers a direct WebRTC channel over it; once that opens
the same envelopes take it, and if it closes they go back to the relays.  Nothing here is
made before the players choose play over the internet."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy

from game.net.room import EnvelopeError, Stream, read_envelope
from game.web.nostr import Keys, Relays, load_tools
from game.web.peer import PeerError, PeerLink

TICK_MS = 500           # the connections' owed envelopes (resends, knocks, keepalives) are sent this often


class RelayLink:
    """One connection to another device through the relays, and directly once it can.

    ``on_open()`` once the host has opened it (a host's: at once), ``on_message(text)`` each
    text in order, ``on_close(reason, detail)`` once when it ends (``game.web.peer.REASONS``'s
    keys: ``closed`` when the other side said bye, ``timeout`` when it fell silent)."""

    def __init__(self, room: Room, peer: str, session: str, host_side: bool,
                 on_open: Callable[[], None], on_message: Callable[[str], None],
                 on_close: Callable[[str, str], None]) -> None:
        self.room, self.peer = room, peer
        self.stream = Stream(session, opened=host_side)
        self.host_side = host_side
        self.on_open, self.on_message, self.on_close = on_open, on_message, on_close
        self.told_open = False
        self.reason: str | None = None
        self.direct: PeerLink | None = None
        self.direct_open = False

    @property
    def key(self) -> tuple[str, str]:
        return self.peer, self.stream.session

    @property
    def path(self) -> str:
        """``direct`` or ``relay``: where the envelopes go now (the tests and benchmarks read it)."""
        return "direct" if self.direct_open else "relay"

    # --- the channel the table uses ---
    def send(self, text: str) -> bool:
        if self.reason is not None:
            return False
        for env in self.stream.send(text, time.time()):
            self.transmit(env)
        return True

    def close(self, reason: str = "closed", detail: str = "") -> None:
        if self.reason is None:
            self.transmit(self.stream.bye(time.time()))
            self.end(reason, detail)

    def take_answer(self, text: str) -> str | None:
        return "a connection over the internet takes no answer code"

    # --- inside ---
    def transmit(self, env: dict[str, Any]) -> None:
        text = json.dumps(env, separators=(",", ":"), ensure_ascii=False)
        if self.direct is not None and self.direct_open and self.direct.send(text):
            return
        self.room.post(self.peer, text)

    def receive(self, env: dict[str, Any]) -> None:
        if self.reason is not None:
            return
        texts, replies = self.stream.take(env, time.time())
        for reply in replies:
            self.transmit(reply)
        if self.stream.opened and not self.told_open:
            self.told_open = True
            self.on_open()
        kind = env["k"]
        if kind == "offer" and not self.host_side:
            asyncio.ensure_future(self.answer_direct(env["c"]))
        elif kind == "answer" and self.host_side and self.direct is not None:
            self.direct.take_answer(env["c"])
        for text in texts:
            if self.reason is None:
                self.on_message(text)
        if self.stream.ended and self.reason is None:
            self.end("closed", "the other device left")

    def tick(self, now: float) -> None:
        if self.reason is not None:
            return
        for env in self.stream.due(now):
            self.transmit(env)
        if self.stream.silent(now):
            self.end("timeout", "nothing heard from the other device")

    def end(self, reason: str, detail: str) -> None:
        self.reason = reason
        if self.direct is not None:
            direct, self.direct = self.direct, None
            direct.close("closed", "the connection ended")
        self.room.forget(self)
        self.on_close(reason, detail)

    # --- the direct path ---
    def make_direct(self, servers: list[dict[str, str]]) -> PeerLink:
        def closed(_reason: str, _detail: str) -> None:
            if self.direct is link:
                self.direct, self.direct_open = None, False       # back to the relays
                shown_path("relay")

        def opened() -> None:
            if self.direct is link:
                self.direct_open = True
                shown_path("direct")

        link = PeerLink(opened, self.direct_message, closed, servers)
        self.direct = link
        return link

    def direct_message(self, text: str) -> None:
        try:
            env = read_envelope(text)
        except EnvelopeError:
            return
        if env["s"] == self.stream.session:
            self.receive(env)

    async def offer_direct(self, servers: list[dict[str, str]]) -> None:
        """The host offers a direct channel (over the relays: its offer code)."""
        link = self.make_direct(servers)
        try:
            code = await link.invite()
        except PeerError:
            return              # no direct path: the relays carry the game
        if self.reason is None:
            self.transmit(self.stream.signal("offer", code, time.time()))

    async def answer_direct(self, offer: str) -> None:
        if self.direct is not None:
            return
        link = self.make_direct(self.room.servers)
        try:
            code = await link.answer(offer)
        except PeerError:
            return
        if self.reason is None:
            self.transmit(self.stream.signal("answer", code, time.time()))


def shown_path(path: str) -> None:
    """The path of the page's last connection that changed, for the tests and benchmarks
    (``<html data-net-path>``: ``relay`` or ``direct``)."""
    js.document.documentElement.setAttribute("data-net-path", path)


class Room:
    """This device on the relays ``urls``: a host's (``secret``: its kept key; ``on_guest(link)``
    for each guest's new connection) or a guest's (:meth:`dial`).  ``on_change(up)``: the relays
    reached, or all lost.  ``servers``: the STUN servers for the direct path."""

    def __init__(self, urls: tuple[str, ...], servers: list[dict[str, str]], secret: str | None = None,
                 on_guest: Callable[[RelayLink], None] | None = None,
                 on_change: Callable[[bool], None] = lambda _up: None) -> None:
        self.urls, self.servers, self.secret = urls, servers, secret
        self.on_guest, self.on_change = on_guest, on_change
        self.links: dict[tuple[str, str], RelayLink] = {}
        self.keys: Keys | None = None
        self.relays: Relays | None = None
        self.outbox: list[tuple[str, str]] = []     # what was posted before the keys were made
        self.timer: Any = None
        self.proxies: list[Any] = []

    @property
    def pubkey(self) -> str | None:
        return None if self.keys is None else self.keys.pubkey

    async def start(self) -> str:
        """Load the library, make the keys, reach the relays; this device's public key."""
        tools = await load_tools()
        self.keys = Keys(tools, self.secret)
        self.relays = Relays(self.urls, self.keys.pubkey, self.event, self.changed)
        tick = create_proxy(self.tick)
        bye = create_proxy(lambda _e: self.leave())
        self.proxies += [tick, bye]
        self.timer = js.setInterval(tick, TICK_MS)
        js.window.addEventListener("pagehide", bye)
        return self.keys.pubkey

    def changed(self, up: bool) -> None:
        if up:
            for to, text in self.outbox:
                self.post(to, text)
            self.outbox.clear()
        self.on_change(up)

    def dial(self, host: str, on_open: Callable[[], None], on_message: Callable[[str], None],
             on_close: Callable[[str, str], None]) -> RelayLink:
        """A guest's new connection to the host's key ``host``: it knocks until the host opens it."""
        link = RelayLink(self, host, secrets.token_hex(8), False, on_open, on_message, on_close)
        self.links[link.key] = link
        shown_path("relay")
        link.tick(time.time())
        return link

    def post(self, to: str, text: str) -> None:
        if self.keys is None or self.relays is None or not self.relays.up:
            if len(self.outbox) < 200:
                self.outbox.append((to, text))
            return
        self.relays.publish(self.keys.seal(to, text))

    def event(self, event: dict[str, Any]) -> None:
        assert self.keys is not None
        text = self.keys.open(event)
        if text is None:
            return
        try:
            env = read_envelope(text)
        except EnvelopeError:
            return
        link = self.links.get((event["pubkey"], env["s"]))
        if link is not None:
            link.receive(env)
        elif env["k"] == "knock" and self.on_guest is not None:
            self.welcome(event["pubkey"], env)
        elif env["k"] not in ("bye", "knock"):      # a connection this device has forgotten (a reload): ended
            self.post(event["pubkey"], json.dumps(Stream(env["s"]).bye(time.time())))

    def welcome(self, guest: str, env: dict[str, Any]) -> None:
        """A guest knocked: its new connection, opened (the table is told; the host offers a direct path)."""
        assert self.on_guest is not None
        link = RelayLink(self, guest, env["s"], True, lambda: None, lambda _t: None, lambda _r, _d: None)
        self.links[link.key] = link
        self.on_guest(link)
        link.receive(env)           # answered with open (and every knock after it, should an open be lost)
        if self.servers is not None:
            asyncio.ensure_future(link.offer_direct(self.servers))

    def forget(self, link: RelayLink) -> None:
        if self.links.get(link.key) is link:
            del self.links[link.key]

    def tick(self) -> None:
        now = time.time()
        for link in list(self.links.values()):
            link.tick(now)

    def leave(self) -> None:
        """The page goes (a reload, the tab closed): every connection told at once."""
        for link in list(self.links.values()):
            link.close("closed", "the page was left")

    # the table holds the host's room as a channel, to close it when the host leaves the table
    def send(self, text: str) -> bool:
        return False

    def take_answer(self, text: str) -> str | None:
        return "a room takes no answer code"

    def close(self, reason: str = "closed", detail: str = "") -> None:
        """Leave the relays: every connection ended, the sockets closed."""
        self.leave()
        if self.timer is not None:
            js.clearInterval(self.timer)
            self.timer = None
        if self.proxies:
            js.window.removeEventListener("pagehide", self.proxies[-1])
        if self.relays is not None:
            self.relays.close()
