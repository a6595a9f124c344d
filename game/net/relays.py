"""The servers play over the internet contacts, once the players choose it: the Nostr relays
that carry the devices' encrypted messages, and the public STUN servers that help them find a
direct path (``docs/net.md``, "Over the internet").  Nothing here is contacted before.

The lists are a setting with these defaults; a page parameter ``?relays=wss://…,wss://…``
(self-hosters, tests) or an invite's ``relays`` field names others.

>>> read_relays("wss://relay.example.org, ws://127.0.0.1:7447/")
('wss://relay.example.org', 'ws://127.0.0.1:7447/')
>>> read_relays("https://relay.example.org")
Traceback (most recent call last):
...
game.net.relays.RelayListError: not a relay's address (wss://host): https://relay.example.org
"""

from __future__ import annotations

import re

# Well-known public relays that forward ephemeral events (NIP-01), run by different people.
DEFAULT_RELAYS = ("wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net", "wss://offchain.pub")
# Public STUN servers: they see a device's address and tell it how the internet sees it.
DEFAULT_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
MAX_RELAYS = 8
_URL = re.compile(r"wss?://[A-Za-z0-9.\-\[\]:]{1,200}(/[A-Za-z0-9._~\-/]{0,200})?")


class RelayListError(ValueError):
    """A relay list that cannot be used; the message says which address and why."""


def read_relays(text: str) -> tuple[str, ...]:
    """The relays named in ``text`` (commas, spaces or lines between them), in order, without
    repeats; raises :class:`RelayListError` for an address that is not a relay's, or none at all."""
    relays: list[str] = []
    for url in re.split(r"[\s,]+", text.strip()):
        if not url:
            continue
        if not _URL.fullmatch(url):
            raise RelayListError(f"not a relay's address (wss://host): {url[:80]}")
        if url not in relays:
            relays.append(url)
    if not relays:
        raise RelayListError("no relay named")
    if len(relays) > MAX_RELAYS:
        raise RelayListError(f"more than {MAX_RELAYS} relays")
    return tuple(relays)
