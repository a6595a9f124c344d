"""What crosses a Nostr relay's socket (NIP-01), read and written in plain Python: the
subscription to the events addressed to this device, an event published, an event the relay
brings (checked for its shape before the page verifies its signature and opens it), the end of
the stored events (those before it are an earlier page's business: a host back after a reload
must not take a guest's old knock for a new one), and the events already taken (several relays
bring the same one).

>>> sub = "ab" * 8
>>> event = {"id": "1" * 64, "pubkey": "2" * 64, "created_at": 1, "kind": 25050,
...          "tags": [["p", "3" * 64]], "content": "x", "sig": "4" * 128}
>>> read_event(publication(event).replace('"EVENT",', f'"EVENT","{sub}",'), sub, "3" * 64) == event
True
>>> read_event('["NOTICE","hello"]', sub, "3" * 64) is None
True
"""

from __future__ import annotations

import json
import re
import secrets
from collections import OrderedDict
from typing import Any

from game.jsontext import JsonTextError, read_json
from game.net.room import KIND, MAX_ENVELOPE

SINCE_S = 60            # a subscription takes events from this long ago (clocks differ a little)
MAX_MESSAGE = 4 * MAX_ENVELOPE      # characters of a relay's message read (the envelope, encrypted and signed)
SEEN = 4_096            # event ids remembered (a repeat of an older one is dropped by its envelope's number)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX128 = re.compile(r"[0-9a-f]{128}")


def subscription_id() -> str:
    return secrets.token_hex(8)


def request(sub: str, pubkey: str, now: float) -> str:
    """The subscription to the events of the game's kind addressed to ``pubkey``."""
    return json.dumps(["REQ", sub, {"kinds": [KIND], "#p": [pubkey], "since": int(now) - SINCE_S}])


def publication(event: dict[str, Any]) -> str:
    return json.dumps(["EVENT", event], separators=(",", ":"))


def is_end_of_stored(text: str, sub: str) -> bool:
    """Whether ``text`` is the relay's word that the stored events of our subscription are all
    sent (``EOSE``): what comes after is live."""
    return text.startswith('["EOSE"') and text.replace(" ", "") == f'["EOSE","{sub}"]'


def read_event(text: str, sub: str, pubkey: str) -> dict[str, Any] | None:
    """The event in a relay's message, if it is one of our subscription's of the right shape
    addressed to ``pubkey`` (None: anything else, a notice, an OK, the end of stored events)."""
    if len(text) > MAX_MESSAGE:
        return None
    try:
        message = read_json(text, max_chars=MAX_MESSAGE)
    except (JsonTextError, ValueError):
        return None
    if not (isinstance(message, list) and len(message) == 3 and message[0] == "EVENT" and message[1] == sub):
        return None
    event = message[2]
    if not isinstance(event, dict) or set(event) != {"id", "pubkey", "created_at", "kind", "tags", "content", "sig"}:
        return None
    tags = event["tags"]
    if not (isinstance(event["id"], str) and _HEX64.fullmatch(event["id"])
            and isinstance(event["pubkey"], str) and _HEX64.fullmatch(event["pubkey"])
            and isinstance(event["sig"], str) and _HEX128.fullmatch(event["sig"])
            and type(event["created_at"]) is int and event["kind"] == KIND
            and isinstance(event["content"], str) and isinstance(tags, list)
            and ["p", pubkey] in tags and all(isinstance(t, list) and all(isinstance(x, str) for x in t) for t in tags)):
        return None
    return dict(event)


class Seen:
    """The ids of the events taken lately: ``first(id)`` is True once per id."""

    def __init__(self, size: int = SEEN) -> None:
        self.size = size
        self.ids: OrderedDict[str, None] = OrderedDict()

    def first(self, event_id: str) -> bool:
        if event_id in self.ids:
            return False
        self.ids[event_id] = None
        if len(self.ids) > self.size:
            self.ids.popitem(last=False)
        return True
