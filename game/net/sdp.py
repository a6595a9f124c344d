"""A browser's SDP read: what its complete offer or answer for one data channel tells the other side, as a ``game.net.signal.Description`` (the code's content).

Only one data channel's description is read (no audio, no video); a candidate of another
component (RTCP) is left out, and of more than ``MAX_CANDIDATES`` the ones ICE tries first are
kept.  Anything else is a :class:`game.net.signal.SignalError` saying what is wrong.

>>> sdp = "\\r\\n".join(["v=0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "a=ice-ufrag:oAtx",
...     "a=ice-pwd:9PhWZOY1XIolFxwxFU3E/JbX", "a=fingerprint:sha-256 " + ":".join(["AB"] * 32),
...     "a=setup:actpass", "a=mid:0", "a=sctp-port:5000",
...     "a=candidate:1 1 udp 2113937151 192.0.2.2 39785 typ host"])
>>> offer = parse_sdp("offer", sdp)
>>> offer.candidates[0].address, offer.max_message_size
('192.0.2.2', 65536)
>>> parse_sdp("offer", "v=0")
Traceback (most recent call last):
...
game.net.signal.SignalError: the description is not of one data channel (no audio, no video)
"""

from __future__ import annotations

import ipaddress

from game.net.signal import (
    KINDS,
    MAX_CANDIDATES,
    Candidate,
    Description,
    Kind,
    SignalError,
)


def parse_sdp(kind: Kind, sdp: str) -> Description:
    """What ``sdp`` (a browser's complete offer or answer for one data channel) tells the other
    side; raises :class:`SignalError` for anything else."""
    if kind not in KINDS:
        raise SignalError(f"not an offer or an answer: {kind!r}")
    session: dict[str, list[str]] = {}
    media: list[tuple[str, dict[str, list[str]]]] = []
    for line in sdp.replace("\r\n", "\n").split("\n"):
        if line.startswith("m="):
            media.append((line[2:], {}))
        elif line.startswith("a="):
            name, _, value = line[2:].partition(":")
            (media[-1][1] if media else session).setdefault(name, []).append(value)
    if len(media) != 1 or not media[0][0].startswith("application ") or "webrtc-datachannel" not in media[0][0]:
        raise SignalError("the description is not of one data channel (no audio, no video)")
    attributes = {**session, **media[0][1]}

    def one(name: str) -> str:
        values = attributes.get(name)
        if not values or len(set(values)) != 1:
            raise SignalError(f"the description has no single a={name}")
        return values[0].strip()

    hash_name, _, digest = one("fingerprint").partition(" ")
    try:
        fingerprint = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        raise SignalError("the certificate's fingerprint is not hexadecimal") from None
    found = [c for c in (_parse_candidate(v) for v in attributes.get("candidate", [])) if c]
    # a device with many interfaces and servers: the best by ICE's priority, which it would try first
    candidates = tuple(sorted(found, key=lambda c: -c.priority)[:MAX_CANDIDATES]) if len(found) > MAX_CANDIDATES \
        else tuple(found)
    try:
        sctp_port = int(one("sctp-port"))
        max_size = int(one("max-message-size")) if "max-message-size" in attributes else 65536
    except ValueError:
        raise SignalError("the data channel's SCTP port or message size is not a number") from None
    return Description(kind, one("ice-ufrag"), one("ice-pwd"), hash_name.lower(), fingerprint,
                       one("setup"), one("mid"), sctp_port, max_size, candidates)


def _parse_candidate(value: str) -> Candidate | None:
    """A candidate line's value as a :class:`Candidate`; None for another component's (RTCP,
    which a data channel never uses); raises :class:`SignalError` when it is malformed."""
    parts = value.split()
    if len(parts) < 8 or parts[6] != "typ":
        raise SignalError(f"a candidate line is malformed: {value[:80]}")
    if parts[1] != "1":
        return None
    extra = dict(zip(parts[8::2], parts[9::2], strict=False))
    try:
        related = (_normal_address(extra["raddr"]), int(extra["rport"])) if "raddr" in extra else None
        protocol = parts[2].lower()
        return Candidate(protocol, int(parts[3]), _normal_address(parts[4]), int(parts[5]), parts[7],
                         extra.get("tcptype", "") if protocol == "tcp" else "", related)
    except (KeyError, ValueError):
        raise SignalError(f"a candidate line is malformed: {value[:80]}") from None


def _normal_address(address: str) -> str:
    """An IP address in the form a code gives back (``ipaddress``'s), a name in lower case."""
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return address.lower()
