"""A WebRTC data channel to another player's device, opened by pasting codes (no server):
the host's side makes an invite code, the guest's side answers it with an answer code, the host
takes the answer, and the channel carries JSON texts both ways (``docs/net.md``, "Transport and
signalling").  The codes are ``game.net.signal``'s.

Every way a link can end is reported once through ``on_close(reason, detail)`` (``REASONS``),
and every wait has a time limit, so a page using a link never hangs.  No STUN or TURN server is
contacted unless the player named one (``ice_servers``, from ``game.net.ice.ice_servers``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace

import js
from pyodide.ffi import JsException, create_proxy, to_js

from game.net.sdp import parse_sdp
from game.net.signal import (
    Description,
    Kind,
    NoAddressError,
    SignalError,
    invite_tag,
    read_code,
)
from game.web.dom import Node

# Gathering the device's network addresses: a few milliseconds on one network; a STUN or TURN
# server that does not answer holds it until this limit (then the addresses found are used).
GATHER_TIMEOUT_S = 5.0
GATHER_ROUNDS = 3              # with no address at all after one limit, wait for up to this many
# From the host taking a guest's answer to an open channel: well under a second on one network.
CONNECT_TIMEOUT_S = 20.0
# A guest's answer waits for the host to take it: read aloud, pasted or scanned by a person.
ANSWER_WAIT_S = 600.0
CHANNEL_LABEL = "ttr"
REASONS = {
    "bad-code": "the code cannot be used (the detail says why)",
    "no-address": "the browser found no network address to offer (no network, or WebRTC turned off)",
    "timeout": "the other device did not connect in time",
    "ice-failed": "the devices could not reach each other (not on one network, and no STUN/TURN server that works)",
    "closed": "the other device closed the link, or went away",
    "error": "the browser refused (the detail is its message)",
}


class PeerLink:
    """One data channel to one other device: a host makes one per guest seat.

    ``on_open()``: the channel is open; ``on_message(text)``: a text from the other side;
    ``on_close(reason, detail)``: the link is over, once, with a key of ``REASONS``."""

    def __init__(self, on_open: Callable[[], None], on_message: Callable[[str], None],
                 on_close: Callable[[str, str], None], ice_servers: list[dict[str, str]] | None = None) -> None:
        self.on_open, self.on_message, self.on_close = on_open, on_message, on_close
        self.ice_servers = list(ice_servers or [])
        self.connection: Node = None   # the RTCPeerConnection
        self.channel: Node = None      # its RTCDataChannel, once made (host) or received (guest)
        self.opened = False
        self.reason: str | None = None     # why the link is over (None: it is not)
        self.proxies: list = []        # (target, event name, handler) added to the connection and channel
        self.timer: asyncio.TimerHandle | None = None
        self.answered = False          # the host took an answer (set before the browser has it)
        self.offer: Description | None = None     # the host's invite, once made

    # --- the host's side ---
    async def invite(self) -> str:
        """The host's invite code (the offer), for ``#join=`` or to paste; raises
        :class:`PeerError` (and reports ``on_close``) when none can be made.  One invite a
        link: a new guest, or a guest back, gets a new link."""
        if self.connection is not None:
            raise PeerError("error", "this link has made its invite already")
        connection = self._connect()
        self._use_channel(connection.createDataChannel(CHANNEL_LABEL))
        self.offer = await self._describe("offer")
        return self.offer.code()

    def take_answer(self, text: str) -> str | None:
        """Take the guest's answer code (or link); None when taken, else why not (the code is
        refused and the invite stays open for a right one)."""
        if self.reason is not None:
            return f"the link is over ({self.reason})"
        try:
            answer = read_code(text, "answer")
        except SignalError as error:
            return str(error)
        if self.answered:           # the browser takes the first answer in the background
            return "this invite has been answered already: a new guest gets a new invite"
        if self.offer is None or self.connection.signalingState != "have-local-offer":
            return "this link has no invite waiting for an answer"
        if answer.invite != invite_tag(self.offer):
            return "this answer is to another invite: paste the answer to this one"
        self.answered = True
        self._apply(self.connection.setRemoteDescription(self._session(answer)))
        self._wait(CONNECT_TIMEOUT_S)
        return None

    # --- the guest's side ---
    async def answer(self, text: str) -> str:
        """The guest's answer code to the host's invite code or link ``text``; raises
        :class:`PeerError` (``bad-code`` for a code that cannot be used)."""
        try:
            offer = read_code(text, "offer")
        except SignalError as error:
            raise PeerError("bad-code", str(error)) from None
        if self.connection is not None:
            raise PeerError("error", "this link has answered an invite already")
        connection = self._connect()
        self._listen(connection, "datachannel", lambda event: self._use_channel(event.channel))
        await self._call(connection.setRemoteDescription(self._session(offer)), "bad-code")
        description = await self._describe("answer")
        self._wait(ANSWER_WAIT_S)
        return replace(description, invite=invite_tag(offer)).code()

    # --- both sides ---
    def send(self, text: str) -> bool:
        """Send ``text``; False when the channel is not open (a browser that refuses the text
        closes the link, with its message as the detail)."""
        if not self.opened or self.reason is not None or str(self.channel.readyState) != "open":
            return False
        try:
            self.channel.send(text)
        except JsException as error:
            self.close("error", str(error))
            return False
        return True

    def close(self, reason: str = "closed", detail: str = "") -> None:
        """End the link (once): close the connection and report ``reason``."""
        if self.reason is not None:
            return
        self.reason = reason
        if self.timer is not None:
            self.timer.cancel()
        if self.connection is not None:
            self.connection.close()     # the other side's channel closes: it is told
        for target, name, proxy in self.proxies:
            target.removeEventListener(name, proxy)
        # destroyed once the event being handled (this may be one of them) has returned
        proxies, self.proxies = self.proxies, []
        asyncio.get_running_loop().call_soon(lambda: [proxy.destroy() for _, _, proxy in proxies])
        self.on_close(reason, detail)

    # --- inside ---
    def _connect(self) -> Node:
        """The link's ``RTCPeerConnection``, made."""
        config = to_js({"iceServers": self.ice_servers}, dict_converter=js.Object.fromEntries)
        try:
            self.connection = js.RTCPeerConnection.new(config)
        except JsException as error:
            raise self._fail("error", str(error)) from None
        self._listen(self.connection, "connectionstatechange", self._state_changed)
        return self.connection

    def _use_channel(self, channel) -> None:
        self.channel = channel
        self._listen(channel, "open", lambda _event: self._opened())
        self._listen(channel, "message", self._message)
        self._listen(channel, "close", lambda _event: self.close("closed"))

    async def _describe(self, kind: Kind) -> Description:
        """Make the local offer or answer, wait for its addresses, and give what its code holds."""
        connection = self.connection
        made = await self._call(connection.createOffer() if kind == "offer" else connection.createAnswer())
        await self._call(connection.setLocalDescription(made))
        gathered: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def changed(_event) -> None:
            if connection.iceGatheringState == "complete" and not gathered.done():
                gathered.set_result(None)

        self._listen(connection, "icegatheringstatechange", changed)
        changed(None)
        for _ in range(GATHER_ROUNDS):
            try:
                await asyncio.wait_for(asyncio.shield(gathered), GATHER_TIMEOUT_S)
                break
            except TimeoutError:        # a server that does not answer: use what was found,
                if "a=candidate:" in str(connection.localDescription.sdp):
                    break               # if anything (a busy device may take a while)
        if self.reason is not None:
            raise PeerError(self.reason, "")
        try:
            description: Description = parse_sdp(kind, str(connection.localDescription.sdp))
        except NoAddressError as error:
            raise self._fail("no-address", str(error)) from None
        except SignalError as error:
            raise self._fail("error", str(error)) from None
        return description

    def _session(self, description: Description):
        return to_js({"type": description.kind, "sdp": description.sdp()}, dict_converter=js.Object.fromEntries)

    async def _call(self, promise, reason: str = "error"):
        """``promise``'s value; its refusal ends the link with ``reason``."""
        try:
            return await promise
        except JsException as error:
            raise self._fail(reason, str(error)) from None

    def _apply(self, promise) -> None:
        """Run ``promise`` in the background; a refusal ends the link."""
        async def run() -> None:
            try:
                await promise
            except JsException as error:
                self.close("bad-code", str(error))
        asyncio.ensure_future(run())

    def _fail(self, reason: str, detail: str) -> PeerError:
        self.close(reason, detail)
        return PeerError(reason, detail)

    def _wait(self, seconds: float) -> None:
        if self.timer is not None:
            self.timer.cancel()
        def too_late() -> None:
            if not self.opened:
                self.close("timeout", f"not connected after {seconds:.0f} s")

        self.timer = asyncio.get_running_loop().call_later(seconds, too_late)

    def _state_changed(self, _event) -> None:
        state = str(self.connection.connectionState)
        if state == "failed":
            self.close("ice-failed" if not self.opened else "closed", f"connection {state}")
        elif state == "closed" and self.opened:
            self.close("closed")

    def _opened(self) -> None:
        if self.reason is not None or self.opened:
            return
        self.opened = True
        if self.timer is not None:
            self.timer.cancel()
        self.on_open()

    def _message(self, event) -> None:
        data = event.data
        if isinstance(data, str):
            self.on_message(data)
        # binary messages are not the game's: ignored

    def _listen(self, target, name: str, handler) -> None:
        proxy = create_proxy(handler)
        self.proxies.append((target, name, proxy))
        target.addEventListener(name, proxy)


class PeerError(Exception):
    """A link that could not be made: ``reason`` (a key of ``REASONS``) and the detail."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason, self.detail = reason, detail
