"""The STUN and TURN servers a player names (the setting, one a line), read as ``RTCPeerConnection``'s ``iceServers``.

A server's host is checked as a code's network address is (``game.net.signal.address_kind``);
``docs/net.md``, "STUN and TURN servers", says what each kind of server learns.
"""

from __future__ import annotations

from game.net.signal import SignalError, address_kind

ICE_SCHEMES = ("stun:", "stuns:", "turn:", "turns:")


def ice_servers(setting: str) -> list[dict[str, str]]:
    """The STUN and TURN servers a player named (one a line: ``stun:host[:port]``, or
    ``turn:host[:port][?transport=udp|tcp] user password``; blank lines skipped) as
    ``RTCPeerConnection``'s ``iceServers``.  An empty setting is no server: then the browser
    contacts nothing, and only devices on one network can connect.  Raises :class:`SignalError`
    naming the line that cannot be used.

    >>> ice_servers("stun:stun.example.org:3478\\n turn:turn.example.org ann s3cret")
    [{'urls': 'stun:stun.example.org:3478'}, {'urls': 'turn:turn.example.org', 'username': 'ann', 'credential': 's3cret'}]
    >>> ice_servers("")
    []
    """
    servers = []
    for number, line in enumerate(setting.splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        url, *login = parts
        scheme = next((s for s in ICE_SCHEMES if url.lower().startswith(s)), None)
        address, _, query = url[len(scheme or ""):].partition("?")
        if address.startswith("["):          # an IPv6 address: [2001:db8::1]:3478
            host, _, port = address[1:].partition("]")
            port = port.removeprefix(":") if port.startswith(":") or not port else "-"
        else:
            host, _, port = address.partition(":")
        if scheme is None or not address_kind(host) or port and not (port.isdigit() and 0 < int(port) < 65536) \
                or query not in ("", "transport=udp", "transport=tcp") or query and scheme.startswith("stun"):
            raise SignalError(f"line {number}: not a STUN or TURN server's address "
                              f"(stun:host:port or turn:host:port): {url[:80]}")
        if scheme.startswith("turn") != bool(login) or login and len(login) != 2:
            raise SignalError(f"line {number}: a TURN server needs a user name and a password after its "
                              f"address, a STUN server neither")
        servers.append({"urls": url, **({"username": login[0], "credential": login[1]} if login else {})})
    return servers
