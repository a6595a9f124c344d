"""Play over the internet, the table's side (``docs/net.md``, "Over the internet"): what the
page is asked to open (:class:`Online`: the host's room on the relays, or a guest's connection
to its host), the host's room kept for a reload (:class:`RoomKept`), the relays and STUN servers
chosen (a page parameter, the player's setting, or the defaults), the invite link that carries
the host's key, and the sentence that asks the player's consent before anything is contacted.

An invite over the internet is ``<site>#room=<host's key>&i=<invite>&h=<host>&s=<seat>&t=<mark>``
with ``&relays=<a,b>`` when the host's relays are not the defaults.

>>> link = room_link("https://x.example/", "ab" * 32, "0" * 32, "Ann", "Bob", "", ("ws://127.0.0.1:7447",))
>>> link.split("#")[1][:20], link.endswith("&relays=ws%3A%2F%2F127.0.0.1%3A7447")
('room=abababababababa', True)
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from game import cldr
from game.i18n import _
from game.jsontext import JsonTextError, read_json
from game.net.ice import ice_servers
from game.net.relays import DEFAULT_RELAYS, DEFAULT_STUN, RelayListError, read_relays
from game.net.signal import SignalError
from game.ui.storage import (
    CONSENT_KEY,
    ICE_KEY,
    ON_TABLE_KEY,
    RELAYS_KEY,
    ROOM_KEY,
    Backend,
    StorageFull,
)

_HEX64 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Online:
    """What the page opens on the relays: the host's room (``secret``: its key, kept with the
    table) or a guest's connection to the host of key ``host``."""
    relays: tuple[str, ...]
    secret: str | None = None
    host: str | None = None


@dataclass
class RoomKept:
    """A hosted table's room: its key (secret: never in a link or a message), its relays, and,
    once the page has reached them, the key's public half (what the invites carry) and whether
    any relay answers (None: not known yet)."""
    secret: str
    relays: tuple[str, ...]
    pubkey: str | None = None
    up: bool | None = None

    @classmethod
    def new(cls, relays: tuple[str, ...]) -> RoomKept:
        return cls(secrets.token_hex(32), relays)

    def to_json(self) -> dict[str, Any]:
        return {"secret": self.secret, "relays": list(self.relays)}

    def online(self) -> Online:
        return Online(self.relays, secret=self.secret)


def keep_room(backend: Backend, room: RoomKept | None) -> None:
    """Keep the hosted table's room for a reload (None: the table plays by codes; raises ``StorageFull``)."""
    if room is None:
        backend.remove(ROOM_KEY)
    else:
        backend.set(ROOM_KEY, json.dumps(room.to_json()))


def kept_room(backend: Backend) -> RoomKept | None:
    """The hosted table's room kept by the last visit (None: none, or one that cannot be used)."""
    text = backend.get(ROOM_KEY)
    if text is None:
        return None
    try:
        data = read_json(text, max_chars=10_000)
        secret = data["secret"]
        if not isinstance(secret, str) or not _HEX64.fullmatch(secret):
            raise ValueError("no key")
        return RoomKept(secret, read_relays(",".join(data["relays"])))
    except (JsonTextError, ValueError, KeyError, TypeError, RelayListError):
        backend.remove(ROOM_KEY)
        return None


def chosen_relays(param: str, backend: Backend) -> tuple[str, ...]:
    """The relays: the page's ``?relays=`` parameter, else the player's setting, else the defaults
    (a parameter or setting that cannot be used counts as none)."""
    for text in (param, backend.get(RELAYS_KEY) or ""):
        if text.strip():
            try:
                return read_relays(text)
            except RelayListError:
                continue
    return DEFAULT_RELAYS


def stun_servers(param: str | None, backend: Backend) -> list[dict[str, str]]:
    """The STUN and TURN servers for a direct path over the internet: the page's ``?stun=``
    parameter (``none``: no server), else the player's STUN/TURN setting, else the public defaults."""
    if param is not None and param.strip() == "none":
        return []
    for text in ("\n".join((param or "").split(",")), backend.get(ICE_KEY) or ""):
        if text.strip():
            try:
                return ice_servers(text)
            except SignalError:
                continue        # as for the relays: one that cannot be used counts as none
    return ice_servers("\n".join(DEFAULT_STUN))


def room_link(site: str, pubkey: str, invite: str, host: str, seat: str, table: str,
              relays: tuple[str, ...]) -> str:
    link = f"{site}#room={pubkey}&i={invite}&h={quote(host, safe='')}&s={quote(seat, safe='')}"
    if table:
        link += f"&t={table}"
    if relays != DEFAULT_RELAYS:
        link += f"&relays={quote(','.join(relays), safe='')}"
    return link


def read_room(fields: dict[str, str]) -> tuple[str, tuple[str, ...]] | None:
    """The host's key and relays of an invite's fields (None: not an invite over the internet;
    raises ``ValueError`` for one that cannot be used)."""
    if "room" not in fields:
        return None
    pubkey = fields["room"]
    if not _HEX64.fullmatch(pubkey):
        raise ValueError("not a host's key")
    relays = read_relays(fields["relays"]) if fields.get("relays") else DEFAULT_RELAYS
    return pubkey, relays


def consent_text(relays: tuple[str, ...]) -> str:
    """The one sentence that says what playing over the internet contacts and what it shows."""
    hosts = [re.sub(r"^wss?://", "", url).rstrip("/") for url in relays]
    return _("net.online.consent", relays=cldr.join(hosts))


def consented(backend: Backend) -> bool:
    """Whether this device's player has agreed to play over the internet before."""
    return backend.get(CONSENT_KEY) == "1"


def consent(backend: Backend) -> None:
    try:
        backend.set(CONSENT_KEY, "1")
    except StorageFull:
        pass                # asked again next time


def room_status(room: RoomKept | None) -> str:
    """The host's room, said: reaching the relays, reached (which), or none answers."""
    if room is None:
        return ""
    if room.up is False:
        return _("net.online.unreachable")
    if room.pubkey is None or room.up is None:
        return _("net.online.reaching")
    return _("net.online.up", relays=cldr.join(re.sub(r"^wss?://", "", url).rstrip("/") for url in room.relays))


def relays_setting(backend: Backend) -> str:
    """The relays the player named (empty: the defaults)."""
    return backend.get(RELAYS_KEY) or ""


def keep_relays_setting(backend: Backend, text: str) -> str:
    """Keep the relays setting if every address is a relay's; an empty notice, or what is wrong."""
    try:
        if text.strip():
            read_relays(text)
            backend.set(RELAYS_KEY, text.strip())
        else:
            backend.remove(RELAYS_KEY)
    except RelayListError as exc:
        return _("net.online.relays_bad", reason=str(exc))
    except StorageFull:
        return _("net.host.not_kept")
    return ""


def on_table(backend: Backend, side: str | None) -> None:
    """Remember which side of a table over the internet is on screen (``host``, ``guest``; None:
    neither), so that a reload reopens it by itself."""
    try:
        if side is None:
            backend.remove(ON_TABLE_KEY)
        else:
            backend.set(ON_TABLE_KEY, side)
    except StorageFull:
        pass
