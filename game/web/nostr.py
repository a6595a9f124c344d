"""The Nostr relays in the page (NIP-01 over WebSockets) and the cryptography of the events,
from the vendored ``nostr-tools`` bundle (``static/vendor/nostr/``), loaded only once the
players choose play over the internet (``docs/net.md``, "Over the internet").

:class:`Keys` seals a text into a signed event for one other device (NIP-44 v2: a key shared by
the two devices' keys alone, so a relay, or a third device holding the same invite, reads
nothing) and opens one.  :class:`Relays` keeps a socket to each relay: it publishes events,
holds one subscription (the events addressed to this device's key) and comes back after a
relay drops it; each event is taken once, whichever relays bring it.  The wire's messages are
read by ``game.net.nostr_wire`` (plain Python)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js

from game.net import nostr_wire as wire
from game.net.room import KIND
from game.web.dom import Node

BUNDLE = "static/vendor/nostr/nostr.bundle.js"
RETRY_S = (1.0, 2.0, 5.0, 10.0, 30.0)       # a relay that dropped us: tried again after these waits


_loading: asyncio.Future[None] | None = None     # the library's script, once asked for (one script, however many ask)


async def load_tools() -> Node:
    """The ``NostrTools`` global, its script added to the page the first time it is asked for."""
    global _loading
    if getattr(js.window, "NostrTools", None) is not None:
        return js.window.NostrTools
    if _loading is None or (_loading.done() and _loading.exception() is not None):
        _loading = asyncio.get_running_loop().create_future()
        loaded = _loading
        script = js.document.createElement("script")
        script.src = str(js.URL.new(BUNDLE, js.document.baseURI).href)

        def done(_event: Any, error: str | None = None) -> None:
            if not loaded.done():
                if error is None:
                    loaded.set_result(None)
                else:
                    loaded.set_exception(RuntimeError(error))

        script.addEventListener("load", create_once_callable(done))
        script.addEventListener("error", create_once_callable(lambda event: done(event, "the relays' library did not load")))
        js.document.head.append(script)
    await asyncio.shield(_loading)
    return js.window.NostrTools


def _obj(value: Any) -> Node:
    return to_js(value, dict_converter=js.Object.fromEntries)


class Keys:
    """This device's key (random, or the host's kept one: ``secret`` in hex) and the events it
    seals and opens."""

    def __init__(self, tools: Node, secret: str | None = None) -> None:
        self.tools = tools
        self.secret = tools.utils.hexToBytes(secret) if secret else tools.generateSecretKey()
        self.pubkey = str(tools.getPublicKey(self.secret))
        self.shared: dict[str, Node] = {}       # the other device's key -> the two devices' shared key

    def conversation(self, pubkey: str) -> Node:
        if pubkey not in self.shared:
            self.shared[pubkey] = self.tools.nip44.getConversationKey(self.secret, pubkey)
        return self.shared[pubkey]

    def seal(self, to: str, text: str) -> dict[str, Any]:
        """A signed event carrying ``text`` encrypted for the device ``to``."""
        content = str(self.tools.nip44.encrypt(text, self.conversation(to)))
        template = {"kind": KIND, "created_at": int(time.time()), "tags": [["p", to]], "content": content}
        event = self.tools.finalizeEvent(_obj(template), self.secret)
        return dict(json.loads(str(js.JSON.stringify(event))))

    def open(self, event: dict[str, Any]) -> str | None:
        """The text of an event for this device (None: not signed by its key, or not for us)."""
        try:
            if not self.tools.verifyEvent(_obj(event)):
                return None
            return str(self.tools.nip44.decrypt(event["content"], self.conversation(event["pubkey"])))
        except JsException:
            return None


class Relays:
    """A socket to each relay; ``on_event(event)`` once per event addressed to ``pubkey``;
    ``on_change(up)`` when the first relay answers or the last is lost."""

    def __init__(self, urls: tuple[str, ...], pubkey: str, on_event: Callable[[dict[str, Any]], None],
                 on_change: Callable[[bool], None]) -> None:
        self.urls, self.pubkey = urls, pubkey
        self.on_event, self.on_change = on_event, on_change
        self.sockets: dict[str, Any] = {}
        self.open: set[str] = set()
        self.live: set[str] = set()             # relays whose stored events are all sent: what comes now is new
        self.said_down = False                  # on_change(False) was said since the last relay answered
        self.tries: dict[str, int] = {}
        self.seen = wire.Seen()
        self.sub = wire.subscription_id()
        self.closed = False
        self.proxies: list[Any] = []
        for url in urls:
            self.connect(url)

    @property
    def up(self) -> bool:
        return bool(self.open)

    def connect(self, url: str) -> None:
        if self.closed:
            return
        try:
            socket = js.WebSocket.new(url)
        except JsException:
            self.retry(url)
            return
        self.sockets[url] = socket
        socket.addEventListener("open", self.keep(lambda _e: self.opened(url, socket)))
        socket.addEventListener("message", self.keep(lambda event: self.message(url, event.data)))
        socket.addEventListener("close", self.keep(lambda _e: self.lost(url, socket)))

    def keep(self, handler: Callable[[Any], None]) -> Any:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        return proxy

    def opened(self, url: str, socket: Any) -> None:
        if url not in self.sockets or self.sockets[url] is not socket:
            return
        was = self.up
        self.open.add(url)
        self.tries[url] = 0
        socket.send(wire.request(self.sub, self.pubkey, time.time()))
        if not was:
            self.said_down = False
            self.on_change(True)

    def lost(self, url: str, socket: Any) -> None:
        if url not in self.sockets or self.sockets[url] is not socket:
            return
        was = self.up
        self.open.discard(url)
        self.live.discard(url)
        del self.sockets[url]
        self.retry(url)
        # none open: said when the last was lost, or when every relay has failed once from the start
        if not self.up and (was or (not self.said_down and all(self.tries.get(u, 0) for u in self.urls))):
            self.said_down = True
            self.on_change(False)

    def retry(self, url: str) -> None:
        if self.closed:
            return
        tries = self.tries.get(url, 0)
        self.tries[url] = tries + 1
        wait = RETRY_S[min(tries, len(RETRY_S) - 1)]
        js.setTimeout(create_once_callable(lambda: self.connect(url)), int(wait * 1000))

    def message(self, url: str, data: Any) -> None:
        """A relay's message: an event addressed to us, taken once it is live (stored ones were for an earlier page)."""
        if not isinstance(data, str):
            return
        if url not in self.live:
            if wire.is_end_of_stored(data, self.sub):
                self.live.add(url)
            return
        event = wire.read_event(data, self.sub, self.pubkey)
        if event is not None and self.seen.first(event["id"]):
            self.on_event(event)

    def publish(self, event: dict[str, Any]) -> bool:
        """Send ``event`` to every relay open; False when none is."""
        text = wire.publication(event)
        for url in self.open:
            try:
                self.sockets[url].send(text)
            except JsException:
                pass
        return self.up

    def close(self) -> None:
        self.closed = True
        for socket in self.sockets.values():
            try:
                socket.close()
            except JsException:
                pass
        self.sockets.clear()
        self.open.clear()


async def prefetch_tools() -> None:
    """Fetch the library ahead (a page opened by an invite over the internet); a failure is said
    when it is needed."""
    try:
        await load_tools()
    except Exception:       # noqa: BLE001, S110 - asked for again when the player agrees, and said then
        pass
