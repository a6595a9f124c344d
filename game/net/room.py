"""Play over the internet: the connection between two devices through Nostr relays, the part
that is plain Python (``docs/net.md``, "Over the internet").

The relays forward small signed events (NIP-01) and may drop, repeat, reorder or delay them.
Every event carries one *envelope*, encrypted for the device it is addressed to (the page's
``game.web.nostr``; a relay sees ciphertext, the sender's random key and the recipient's).  A
:class:`Stream` turns envelopes into the reliable, ordered channel the game's protocol
(``game.net.protocol``) expects: every text is numbered, acknowledged and sent again until it
is; one too long for an event is cut into pieces; a text arrives once and in order.  The same
envelopes also travel on a direct WebRTC channel once one opens (``game.web.relay_link``): the
numbering makes the switch seamless.

A connection opens when a guest's page *knocks* (a new session, its own random id) and the host
answers *open*; either side ends it with *bye*; a side that hears nothing for ``SILENT_S``
seconds takes the other as gone.

>>> guest, host = Stream("s1", opened=False), Stream("s1")
>>> [e["k"] for e in guest.due(0.0)]             # not open yet: the guest knocks
['knock']
>>> texts, replies = host.take(guest.due(5.0)[0], 5.0)     # the host answers a knock with open
>>> [e["k"] for e in replies]
['open']
>>> guest.take(replies[0], 5.1)
([], [])
>>> sent = guest.send("hello", 5.2)
>>> host.take(sent[0], 5.3)[0], host.take(sent[0], 5.4)[0]      # a repeat is not delivered twice
(['hello'], [])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from game.jsontext import JsonTextError, read_json

KIND = 25050            # an ephemeral kind (NIP-01: 20000-29999): relays forward it and keep nothing
VERSION = 1
# Characters of a text an envelope carries: an envelope is at most about twice that (JSON escapes
# quotes), under NIP-44's 65,535 bytes and the event sizes public relays take (often 64 KiB).
CHUNK = 6_000
MAX_ENVELOPE = 16_000   # characters of an envelope read
WINDOW = 2_000          # pieces received ahead of the next one expected (more are dropped: sent again)
RESEND_S = 2.5          # a piece not acknowledged this long is sent again
KNOCK_S = 3.0           # a guest knocks this often until the host opens
KEEPALIVE_S = 5.0       # a side that has sent nothing this long says it is there (a host back from a reload answers bye)
SILENT_S = 20.0         # nothing heard this long: the other device is gone
KINDS = ("knock", "open", "m", "a", "p", "bye", "offer", "answer")
_SESSION = re.compile(r"[0-9a-f]{8,40}")


class EnvelopeError(ValueError):
    """Text that is not an envelope of this version."""


def read_envelope(text: str) -> dict[str, Any]:
    """The envelope in ``text`` (raises :class:`EnvelopeError`): a JSON object with this version,
    a session id, a known kind, and that kind's fields of the right types."""
    if len(text) > MAX_ENVELOPE:
        raise EnvelopeError("too long")
    try:
        env = read_json(text, max_chars=MAX_ENVELOPE)
    except (JsonTextError, ValueError) as exc:
        raise EnvelopeError(f"not JSON: {exc}") from None
    if not isinstance(env, dict) or env.get("v") != VERSION:
        raise EnvelopeError("not an envelope of this version")
    kind, session = env.get("k"), env.get("s")
    if kind not in KINDS or not isinstance(session, str) or not _SESSION.fullmatch(session):
        raise EnvelopeError("no kind or session")
    for name in ("a", "n", "more"):
        number = env.get(name)
        if number is not None and (type(number) is not int or not 0 <= number < 2**31):
            raise EnvelopeError(f"{name} is not a count")
    for name in ("d", "c"):
        if env.get(name) is not None and type(env[name]) is not str:
            raise EnvelopeError(f"{name} is not a text")
    if kind == "m" and (env.get("n") is None or env.get("d") is None):
        raise EnvelopeError("a piece without its number or text")
    if kind in ("offer", "answer") and env.get("c") is None:
        raise EnvelopeError("a signal without its code")
    return dict(env)


@dataclass
class Stream:
    """One connection's texts in order and once, over envelopes that may be lost or repeated.

    ``send`` gives the envelopes of a text (numbered pieces), ``take`` an envelope received (the
    texts now complete and in order, and the envelopes to send back: an acknowledgement), ``due``
    what is owed now (pieces not acknowledged in time, a knock, a keepalive).  ``opened``: the
    host has answered the guest's knock (a host's stream is opened from the start)."""

    session: str
    opened: bool = True
    sent: int = 0                   # pieces numbered so far
    unacked: dict[int, tuple[dict[str, Any], float]] = field(default_factory=dict)   # number -> (piece, sent at)
    received: int = 0               # the number of the next piece expected
    early: dict[int, dict[str, Any]] = field(default_factory=dict)    # pieces received ahead of it
    partial: list[str] = field(default_factory=list)    # a long text's pieces so far
    heard: float | None = None      # when the other side was last heard (None: never yet)
    spoke: float | None = None      # when an envelope was last sent
    ended: bool = False             # a bye was sent or received

    def stamp(self, env: dict[str, Any], now: float) -> dict[str, Any]:
        """``env`` as sent now: with the version, the session and the acknowledgement."""
        self.spoke = now
        return {**env, "v": VERSION, "s": self.session, "a": self.received}

    def send(self, text: str, now: float) -> list[dict[str, Any]]:
        pieces = [text[i:i + CHUNK] for i in range(0, len(text), CHUNK)] or [""]
        out = []
        for i, piece in enumerate(pieces):
            env: dict[str, Any] = {"k": "m", "n": self.sent, "d": piece}
            if i < len(pieces) - 1:
                env["more"] = 1
            self.unacked[self.sent] = (env, now)
            self.sent += 1
            out.append(self.stamp(env, now))
        return out

    def signal(self, kind: str, code: str, now: float) -> dict[str, Any]:
        """An offer or answer of the direct path's (not numbered: a lost one leaves the relays' path)."""
        return self.stamp({"k": kind, "c": code}, now)

    def bye(self, now: float) -> dict[str, Any]:
        self.ended = True
        return self.stamp({"k": "bye"}, now)

    def take(self, env: dict[str, Any], now: float) -> tuple[list[str], list[dict[str, Any]]]:
        """The texts ``env`` completes (in order), and what to send back."""
        self.heard = now
        ack = env.get("a")
        if isinstance(ack, int):
            for number in [n for n in self.unacked if n < ack]:
                del self.unacked[number]
        kind = env["k"]
        if kind == "open":
            self.opened = True
        elif kind == "bye":
            self.ended = True
        elif kind == "knock":       # (a host's stream) every knock is answered: an open lost on the way is sent again
            return [], [self.stamp({"k": "open"}, now)]
        if kind != "m":
            return [], []
        number = env["n"]
        if self.received <= number < self.received + WINDOW:
            self.early.setdefault(number, env)
        texts = []
        while self.received in self.early:
            piece = self.early.pop(self.received)
            self.received += 1
            self.partial.append(piece["d"])
            if not piece.get("more"):
                texts.append("".join(self.partial))
                self.partial = []
        return texts, [self.stamp({"k": "a"}, now)]     # a repeat is acknowledged again: its ack may have been lost

    def due(self, now: float) -> list[dict[str, Any]]:
        """What is owed now: a knock until the host opens; pieces unacknowledged for ``RESEND_S``
        (again); a keepalive after ``KEEPALIVE_S`` of silence."""
        if self.ended:
            return []
        if not self.opened:
            return [self.stamp({"k": "knock"}, now)] if self.spoke is None or now - self.spoke >= KNOCK_S else []
        out = []
        for number, (env, at) in sorted(self.unacked.items()):
            if now - at >= RESEND_S:
                self.unacked[number] = (env, now)
                out.append(self.stamp(env, now))
        if not out and (self.spoke is None or now - self.spoke >= KEEPALIVE_S):
            out.append(self.stamp({"k": "p"}, now))
        return out

    def silent(self, now: float) -> bool:
        """Whether the other side has been silent too long (a host's stream counts from its knock)."""
        return self.opened and self.heard is not None and now - self.heard >= SILENT_S

