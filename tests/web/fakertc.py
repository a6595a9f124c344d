"""WebRTC for the fake browser: ``RTCPeerConnection`` and its data channel, whose far end the
test holds.  Descriptions are real SDPs captured from Chromium (``tests/net/captured_sdps.json``),
so ``game.web.peer`` makes and reads real codes; the channel opens, carries texts and closes
when the test says (``Peer.open``, ``Peer.deliver``, ``Peer.sent``)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from fakeevents import Event, EventTarget

CAPTURED = json.loads((Path(__file__).resolve().parents[1] / "net" / "captured_sdps.json").read_text())


def captured(kind: str) -> str:
    """A real SDP of ``kind`` (offer or answer) from Chromium, with its addresses."""
    return next(c["sdp"] for c in CAPTURED if c["type"] == kind and not c["hidden_addresses"])


class _Settled:
    """A promise already settled: awaiting it gives its value (or raises its error)."""

    def __init__(self, value=None, error: Exception | None = None) -> None:
        self.value, self.error = value, error

    def __await__(self):
        if self.error is not None:
            raise self.error
        return self.value
        yield       # a generator: awaitable


class DataChannel(EventTarget):
    """``RTCDataChannel``: ``sent`` holds what the page sent; the test opens it and speaks into it."""

    def __init__(self, label: str) -> None:
        super().__init__()
        self.label = label
        self.readyState = "connecting"
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(str(text))

    def close(self) -> None:
        if self.readyState != "closed":
            self.readyState = "closed"
            self.dispatchEvent(Event("close", bubbles=False))


class Peer(EventTarget):
    """``RTCPeerConnection``, made by the page; the browser keeps each one for the test."""

    def __init__(self, browser, config=None) -> None:
        super().__init__()
        self.config = config
        self.channel: DataChannel | None = None
        self.remote = None
        self.localDescription = None
        self.signalingState = "stable"
        self.iceGatheringState = "new"
        self.connectionState = "new"
        browser.peers.append(self)

    def createDataChannel(self, label: str) -> DataChannel:
        self.channel = DataChannel(label)
        return self.channel

    def createOffer(self) -> _Settled:
        return _Settled(SimpleNamespace(type="offer", sdp=captured("offer")))

    def createAnswer(self) -> _Settled:
        return _Settled(SimpleNamespace(type="answer", sdp=captured("answer")))

    def setLocalDescription(self, description) -> _Settled:
        self.localDescription = description
        self.signalingState = "have-local-offer" if description.type == "offer" else "stable"
        self.iceGatheringState = "complete"         # every address gathered at once
        return _Settled()

    def setRemoteDescription(self, description) -> _Settled:
        self.remote = description
        self.signalingState = "have-remote-offer" if description["type"] == "offer" else "stable"
        return _Settled()

    def close(self) -> None:
        self.connectionState = "closed"
        if self.channel is not None:
            self.channel.close()

    # --- the test's side ---
    def open(self) -> DataChannel:
        """The other device connected: the guest's side is handed its channel, and it opens."""
        if self.channel is None:
            self.channel = DataChannel("ttr")
            self.dispatchEvent(Event("datachannel", bubbles=False, channel=self.channel))
        self.connectionState = "connected"
        self.channel.readyState = "open"
        self.channel.dispatchEvent(Event("open", bubbles=False))
        return self.channel

    def deliver(self, text: str) -> None:
        """A text from the other device."""
        assert self.channel is not None and self.channel.readyState == "open"
        self.channel.dispatchEvent(Event("message", bubbles=False, data=text))

    def sent(self) -> list[str]:
        """The texts the page sent since the last call."""
        if self.channel is None:
            return []
        taken, self.channel.sent = self.channel.sent, []
        return taken
