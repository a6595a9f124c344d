"""Signalling codes: a WebRTC data channel's offer or answer (its complete, non-trickle SDP) as a
short code for an invite link (``#join=``) or for pasting, and the SDP rebuilt from a code
(``docs/net.md``, "Transport and signalling").  A browser's SDP is read by ``game.net.sdp``;
the STUN/TURN setting, by ``game.net.ice``.

A code keeps only what the other browser needs to connect: the ICE user fragment and password,
the DTLS certificate's fingerprint, the DTLS role (``setup``), the data channel's media id and
SCTP port, and the candidates (protocol, priority, address, port, type).  It holds no game data.
Its bytes (``Description.pack``), a 16-bit check of them at the end, are written in base64url as
the embed's fragment is (``game.share.base64url``).

>>> offer = Description("offer", ufrag="oAtx", pwd="9PhWZOY1XIolFxwxFU3E/JbX", hash="sha-256",
...     fingerprint=bytes(range(32)), setup="actpass", mid="0", sctp_port=5000,
...     max_message_size=262144, candidates=(Candidate("udp", 2113937151, "192.0.2.2", 39785, "host"),))
>>> code = offer.code()
>>> len(code), read_code(code) == offer, read_code(offer.link("https://x.example/ttr/")) == offer
(116, True, True)
>>> offer.link("https://x.example/ttr/")[:50]
'https://x.example/ttr/index.html#join=EAAEb0F0eBg5'

>>> read_code(code[:-4])
Traceback (most recent call last):
...
game.net.signal.SignalError: the code is cut short or changed (its check does not match)

A host's invite link carries the offer code first in its fragment (``#join=CODE&i=…``, see
``game.ui.netplay``): it is read too, so a host who pastes its own invite where the guest's
answer goes is told what it pasted (:class:`WrongKindError`), not that the text is no code.

>>> read_code(offer.link("https://x.example/ttr/") + "&i=00ff&h=Ann", "answer")
Traceback (most recent call last):
...
game.net.signal.WrongKindError: this is the host's invite, not a guest's answer: the invite is opened on the guest's device, which then makes the answer
"""

from __future__ import annotations

import binascii
import hashlib
import ipaddress
import re
import uuid
import zlib
from dataclasses import dataclass, field
from typing import Literal

from game.share import base64url, from_base64url

Kind = Literal["offer", "answer"]
KINDS: tuple[Kind, ...] = ("offer", "answer")
SETUPS = ("actpass", "active", "passive")
HASHES = {"sha-256": 32, "sha-384": 48, "sha-512": 64, "sha-1": 20}
PROTOCOLS = ("udp", "tcp")
TYPES = ("host", "srflx", "prflx", "relay")
TCP_TYPES = ("", "active", "passive", "so")
FORMAT = 1                     # the code's format, in its first byte's high half
MAX_CANDIDATES = 16            # a browser gathers a few per network interface and server
INVITE_TAG_BYTES = 4           # an answer's tag of its invite: a wrong pairing, not an attacker, is what it stops
MAX_CODE = 2_000               # characters of a code read at all (a code is 80 to 400)
LINK_KEYS = ("join=", "answer=")   # the fragments of an invite link and of an answer link
ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")      # RFC 8839's ice-char
TOKEN = re.compile(r"[A-Za-z0-9!#$%&'*+.^_`{|}~-]{1,32}")   # an SDP token (a media id)
HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*")
MDNS = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local")


class SignalError(ValueError):
    """An SDP or a code that cannot be used; the message says what is wrong, for the page."""


class NoAddressError(SignalError):
    """An SDP without a network address: the browser found none (no network, or WebRTC turned off)."""


class WrongKindError(SignalError):
    """A code of the other kind than the one wanted: the host's invite (``kind`` ``offer``)
    where a guest's answer goes, or a guest's answer where the invite goes."""

    def __init__(self, kind: Kind) -> None:
        super().__init__(
            "this is the host's invite, not a guest's answer: the invite is opened on the guest's device, "
            "which then makes the answer" if kind == "offer" else
            "this is a guest's answer, not the host's invite: the answer is pasted on the host's device")
        self.kind = kind


class OtherInviteError(SignalError):
    """A guest's answer to another invite than the one it is pasted for (an earlier invite of the seat)."""


@dataclass(frozen=True)
class Candidate:
    """One ICE candidate of component 1 (a data channel multiplexes everything on it).
    ``address``: an IP address, or a host name (a browser's ``<uuid>.local`` mDNS name, which
    hides the device's address); ``related``: the base (address, port) of a srflx, prflx or relay
    candidate, when given."""

    protocol: str
    priority: int
    address: str
    port: int
    type: str
    tcp_type: str = ""
    related: tuple[str, int] | None = None

    def line(self, foundation: int) -> str:
        """The ``a=candidate:`` line's value (the foundation is the candidate's place: a code
        does not keep the browser's, which only groups candidates for ICE's checks)."""
        text = f"{foundation} 1 {self.protocol} {self.priority} {self.address} {self.port} typ {self.type}"
        if self.related is not None:
            text += f" raddr {self.related[0]} rport {self.related[1]}"
        return text + (f" tcptype {self.tcp_type}" if self.tcp_type else "")


@dataclass(frozen=True)
class Description:
    """What one side of a data channel tells the other: a code's content."""

    kind: Kind
    ufrag: str
    pwd: str
    hash: str
    fingerprint: bytes
    setup: str
    mid: str
    sctp_port: int
    max_message_size: int
    candidates: tuple[Candidate, ...] = field(default=())
    invite: bytes = b""     # an answer's: the tag of the offer it answers (``invite_tag``); not in the SDP

    def __post_init__(self) -> None:
        check(self)

    def sdp(self) -> str:
        """A complete SDP (ICE gathering done) for ``setRemoteDescription``."""
        fingerprint = ":".join(f"{b:02X}" for b in self.fingerprint)
        lines = ["v=0", "o=- 0 2 IN IP4 127.0.0.1", "s=-", "t=0 0", f"a=group:BUNDLE {self.mid}",
                 "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                 "c=IN IP4 0.0.0.0",
                 *(f"a=candidate:{c.line(i + 1)}" for i, c in enumerate(self.candidates)),
                 "a=end-of-candidates", f"a=ice-ufrag:{self.ufrag}", f"a=ice-pwd:{self.pwd}",
                 f"a=fingerprint:{self.hash} {fingerprint}", f"a=setup:{self.setup}",
                 f"a=mid:{self.mid}", f"a=sctp-port:{self.sctp_port}",
                 f"a=max-message-size:{self.max_message_size}"]
        return "\r\n".join(lines) + "\r\n"

    def pack(self) -> bytes:
        """The code's bytes, before the check and base64url."""
        out = bytearray([FORMAT << 4 | KINDS.index(self.kind),
                         SETUPS.index(self.setup) | list(HASHES).index(self.hash) << 2])
        for text in (self.ufrag, self.pwd, self.mid):
            _put_text(out, text)
        out += self.fingerprint
        _put_number(out, self.sctp_port)
        _put_number(out, self.max_message_size)
        out.append(len(self.candidates))
        for c in self.candidates:
            out.append(TYPES.index(c.type) | PROTOCOLS.index(c.protocol) << 2
                       | TCP_TYPES.index(c.tcp_type) << 3 | (c.related is not None) << 5)
            _put_number(out, c.priority)
            _put_address(out, c.address, c.port)
            if c.related is not None:
                _put_address(out, *c.related)
        return bytes(out + self.invite)

    def code(self) -> str:
        """The code to paste, or to put after ``#join=`` in an invite link."""
        data = self.pack()
        return base64url(data + (zlib.crc32(data) & 0xFFFF).to_bytes(2, "big"))

    def link(self, base: str) -> str:
        """The game's address at ``base`` (the site's folder) with the code in its fragment:
        ``#join=`` for an offer (the host's invite), ``#answer=`` for an answer."""
        return f"{base.rstrip('/')}/index.html#{LINK_KEYS[KINDS.index(self.kind)]}{self.code()}"


def check(d: Description) -> None:
    """Raise :class:`SignalError` unless every field of ``d`` is one an SDP can carry as it is
    (so a code, forged or not, never puts anything else into the SDP rebuilt from it)."""
    if d.kind not in KINDS:
        raise SignalError(f"not an offer or an answer: {d.kind!r}")
    if not (4 <= len(d.ufrag) <= 255 and ICE_CHARS.fullmatch(d.ufrag)):     # a code's text: 255 bytes at most
        raise SignalError("the connection's user name (ICE ufrag) is not 4 to 255 letters, digits, + or /")
    if not (22 <= len(d.pwd) <= 255 and ICE_CHARS.fullmatch(d.pwd)):
        raise SignalError("the connection's password (ICE pwd) is not 22 to 255 letters, digits, + or /")
    if HASHES.get(d.hash) != len(d.fingerprint):
        raise SignalError(f"the certificate's fingerprint is not a whole {', '.join(list(HASHES)[:-1])} or "
                          f"{list(HASHES)[-1]} digest")
    if d.setup not in SETUPS or (d.kind == "answer") == (d.setup == "actpass"):
        raise SignalError(f"an {d.kind} cannot take the DTLS role {d.setup!r}")
    if not TOKEN.fullmatch(d.mid):
        raise SignalError("the data channel's media id is not an SDP token")
    if not 1 <= d.sctp_port <= 65535 or not 0 <= d.max_message_size < 1 << 32:
        raise SignalError("the data channel's SCTP port or message size is out of range")
    if len(d.invite) not in ((0, INVITE_TAG_BYTES) if d.kind == "answer" else (0,)):
        raise SignalError(f"an {d.kind} cannot carry a tag of {len(d.invite)} bytes")
    if not d.candidates:
        raise NoAddressError("the code holds no network address")
    if len(d.candidates) > MAX_CANDIDATES:
        raise SignalError(f"the code holds {len(d.candidates)} network addresses (it may hold 1 to {MAX_CANDIDATES})")
    for c in d.candidates:
        if c.protocol not in PROTOCOLS or c.type not in TYPES or c.tcp_type not in TCP_TYPES \
                or (c.protocol == "tcp") != bool(c.tcp_type) or not 0 < c.priority < 1 << 32:
            raise SignalError("a network address of the code is not a valid ICE candidate")
        for address, port in (c.address, c.port), *([c.related] if c.related else []):
            if not address_kind(address) or not 0 <= port <= 65535:
                raise SignalError(f"a network address of the code is not valid: {address}:{port}")


def read_code(text: str, kind: Kind | None = None) -> Description:
    """The description in a pasted code, or in a link whose fragment holds one (``#join=``,
    ``#answer=``); ``kind``: the kind expected.  Raises :class:`SignalError` naming the problem."""
    text = "".join(text.split())
    if len(text) > MAX_CODE:
        raise SignalError(f"the code is longer than {MAX_CODE:,} characters: it is not one of the game's")
    _, hash_mark, fragment = text.rpartition("#")
    body = fragment if hash_mark else text
    for part in body.split("&"):        # an invite link's fragment: join=CODE&i=…&h=…
        key, equals, value = part.partition("=")
        if equals and f"{key}=" in LINK_KEYS:
            body = value
            break
    if not body:
        raise SignalError("there is no code to read")
    if not re.fullmatch(r"[A-Za-z0-9_-]+", body):
        raise SignalError("the text has characters no code has: it is not a code of the game, or it was changed")
    try:
        data = from_base64url(body)
    except (binascii.Error, ValueError):
        raise SignalError("the code is cut short or changed (its length is wrong)") from None
    if len(data) < 3 or (zlib.crc32(data[:-2]) & 0xFFFF).to_bytes(2, "big") != data[-2:]:
        raise SignalError("the code is cut short or changed (its check does not match)")
    description = unpack(data[:-2])
    if kind is not None and description.kind != kind:
        raise WrongKindError(description.kind)
    return description


def read_answer(text: str, offer: Description) -> Description:
    """The guest's answer to ``offer`` (the host's invite) in a pasted code or link; raises
    :class:`SignalError` naming the problem: :class:`WrongKindError` for the host's own invite
    pasted back, :class:`OtherInviteError` for an answer to another invite (its tag,
    :func:`invite_tag`, is not this offer's)."""
    answer = read_code(text, "answer")
    if answer.invite != invite_tag(offer):
        raise OtherInviteError("this answer is to another invite (an earlier one of this seat, which no longer works)")
    return answer


def unpack(data: bytes) -> Description:
    """The description of :meth:`Description.pack`'s bytes; raises :class:`SignalError`."""
    reader = _Reader(data)
    first = reader.byte()
    if first >> 4 != FORMAT or first & 15 >= len(KINDS):
        raise SignalError("the code is not a code of this version of the game")
    roles = reader.byte()
    if roles & 3 >= len(SETUPS) or roles >> 2 >= len(HASHES):
        raise SignalError("the code names an unknown DTLS role or digest")
    hash_name = list(HASHES)[roles >> 2]
    ufrag, pwd, mid = reader.text(), reader.text(), reader.text()
    fingerprint = reader.take(HASHES[hash_name])
    sctp_port, max_size = reader.number(), reader.number()
    candidates = []
    for _ in range(reader.byte()):
        flags = reader.byte()
        if flags >> 6:
            raise SignalError("a network address of the code is not a valid ICE candidate")
        priority = reader.number()
        address, port = reader.address()
        related = reader.address() if flags & 32 else None
        candidates.append(Candidate(PROTOCOLS[flags >> 2 & 1], priority, address, port, TYPES[flags & 3],
                                    TCP_TYPES[flags >> 3 & 3], related))
    kind = KINDS[first & 15]
    invite = reader.take(INVITE_TAG_BYTES) if kind == "answer" and reader.rest() == INVITE_TAG_BYTES else b""
    if reader.rest():
        raise SignalError("the code has bytes after its end")
    return Description(kind, ufrag, pwd, hash_name, fingerprint, SETUPS[roles & 3], mid,
                       sctp_port, max_size, tuple(candidates), invite)


def invite_tag(offer: Description) -> bytes:
    """The short tag an answer code carries of the offer it answers (a digest of the offer's
    fingerprint and ICE user fragment, both made for that offer only): the host refuses an
    answer to another invite before its browser sees it."""
    return hashlib.sha256(b"ttr-invite/1\n" + offer.fingerprint + offer.ufrag.encode("ascii")).digest()[
        :INVITE_TAG_BYTES]


def address_kind(address: str) -> int:
    """0 for something that is not an address; 1 an IPv4, 2 an IPv6 address, 3 an mDNS name,
    4 another host name (a TURN server's relay may be named)."""
    if "%" in address:         # an IPv6 zone is the sender's own business
        return 0
    try:
        return {4: 1, 6: 2}[ipaddress.ip_address(address).version]
    except ValueError:
        pass
    if MDNS.fullmatch(address):
        return 3
    return 4 if len(address) <= 253 and HOST_NAME.fullmatch(address) else 0


def _put_number(out: bytearray, n: int) -> None:
    """``n`` (0 to 2**32-1) in 7-bit groups, low first, the high bit saying more follow."""
    while n >= 128:
        out.append(n & 127 | 128)
        n >>= 7
    out.append(n)


def _put_text(out: bytearray, text: str) -> None:
    data = text.encode("ascii")
    out.append(len(data))
    out += data


def _put_address(out: bytearray, address: str, port: int) -> None:
    kind = address_kind(address)
    out.append(kind)
    if kind in (1, 2):
        out += ipaddress.ip_address(address).packed
    elif kind == 3:
        out += uuid.UUID(address[:-len(".local")]).bytes
    else:
        _put_text(out, address)
    out += port.to_bytes(2, "big")


class _Reader:
    """Reads a code's bytes in order; running short is a :class:`SignalError`."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise SignalError("the code ends too soon")
        self.at += n
        return self.data[self.at - n:self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def number(self) -> int:
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 127) << shift
            shift += 7
            if not b & 128:
                return n
            if shift > 28:
                raise SignalError("a number of the code is too large")

    def text(self) -> str:
        data = self.take(self.byte())
        try:
            return data.decode("ascii")
        except UnicodeDecodeError:
            raise SignalError("the code holds text that is not ASCII") from None

    def address(self) -> tuple[str, int]:
        kind = self.byte()
        if kind == 1:
            address = str(ipaddress.IPv4Address(self.take(4)))
        elif kind == 2:
            address = str(ipaddress.IPv6Address(self.take(16)))
        elif kind == 3:
            address = f"{uuid.UUID(bytes=self.take(16))}.local"
        elif kind == 4:
            address = self.text()
        else:
            raise SignalError("a network address of the code is of an unknown kind")
        return address, int.from_bytes(self.take(2), "big")

    def rest(self) -> int:
        return len(self.data) - self.at

