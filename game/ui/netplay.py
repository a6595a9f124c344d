"""Play on several devices, what the host's side (``game.ui.hosting``) and a guest's
(``game.ui.guesting``) share: the new table's start from the new-game form, the invite and
answer links, the turn timer's line, the STUN/TURN setting, why a channel closed, and the
sides kept for a reload.

The links: a seat's invite is ``<site>#join=<offer code>&i=<invite>&h=<host's name>&s=<seat's
name>&t=<the table's mark>`` (the offer code is ``game.net.signal``'s; the names tell the
guest's page what to say before it has connected; the mark, the start of the fair deal's
commitment, tells a guest kept from an earlier visit that this is its table, to rejoin its seat
with its token); a guest's answer link is ``<site>#answer=<answer code>``.

>>> link = invite_link("https://x.example/", "AbC-_9", "0" * 32, "Ann", "Bob")
>>> link
'https://x.example/#join=AbC-_9&i=00000000000000000000000000000000&h=Ann&s=Bob'
>>> read_invite(link)
Invite(code='AbC-_9', invite='00000000000000000000000000000000', host='Ann', seat='Bob', table='', room='', relays=())
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, quote

from game.i18n import _
from game.jsontext import read_json
from game.names import normal_name
from game.net.ice import ice_servers
from game.net.signal import SignalError
from game.problem import Problem, ProblemError
from game.ui.online import Online, read_room
from game.ui.setup import GameOptions
from game.ui.storage import ICE_KEY, Backend, StorageFull

MAX_KEPT = 4_000_000            # characters of a kept table or guest read back (a whole game's views)
_HEX32 = re.compile(r"[0-9a-f]{32}")
_CODE = re.compile(r"[A-Za-z0-9_-]{1,2000}")


class InviteError(ProblemError):
    """A link that is not an invite of the game; ``problem`` says why for the page."""

    def __init__(self, key: str) -> None:
        super().__init__(Problem(key), key)


# --- the new game --------------------------------------------------------------------------------

def table_limit(options: GameOptions) -> int | None:
    """The table's turn timer (seconds a decision; None: no limit) from the new game's options."""
    return options.turn_limit or None


def table_start(options: GameOptions) -> tuple[dict[str, Any], list[int]]:
    """The hosted table's public start and its guests' seats, from valid options played on several devices."""
    players = []
    for seat in options.seats:
        player: dict[str, Any] = {"name": normal_name(seat.name), "kind": seat.kind, "colour": seat.colour}
        if seat.kind == "ai":
            player["level"] = seat.level
        players.append(player)
    remote = [i for i, s in enumerate(options.seats) if s.kind == "human" and s.remote]
    return {"map": options.map, "variant": options.variant, "players": players, "first": 0}, remote


# --- links ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Invite:
    """What an invite link holds: the host's offer code (empty over the internet), the table's
    invite, the host's and the seat's names (empty: a spectator's place); over the internet, the
    host's key (``room``) and its relays."""
    code: str
    invite: str
    host: str
    seat: str
    table: str = ""         # the table's mark (``table_mark``), empty in a link without one
    room: str = ""          # the host's key on the relays (empty: an invite by codes)
    relays: tuple[str, ...] = ()

    def online(self) -> Online | None:
        """The connection to open to the host over the internet (None: an invite by codes)."""
        return Online(self.relays, host=self.room) if self.room else None

    def rejoins(self, commitment: str | None) -> bool:
        """Whether a guest of an earlier visit, seated at the table of ``commitment``, sits at this invite's table."""
        return bool(self.table) and commitment is not None and table_mark(commitment) == self.table


def invite_link(site: str, code: str, invite: str, host: str, seat: str, table: str = "") -> str:
    link = f"{site}#join={code}&i={invite}&h={quote(host, safe='')}&s={quote(seat, safe='')}"
    return f"{link}&t={table}" if table else link


def table_mark(commitment: str) -> str:
    """A table's mark in its invites: the start of its commitment (public: every welcome has it)."""
    return commitment[:12]


def answer_link(site: str, code: str) -> str:
    return f"{site}#answer={code}"


def read_invite(text: str) -> Invite:
    """The invite in a link or its fragment (raises :class:`InviteError`)."""
    fragment = text.strip().rpartition("#")[2]
    try:
        fields = dict(parse_qsl(fragment, keep_blank_values=True, strict_parsing=True, max_num_fields=9))
    except ValueError:
        raise InviteError("net.invite.bad") from None
    try:
        room = read_room(fields)
    except ValueError:
        raise InviteError("net.invite.bad") from None
    code, invite = fields.get("join", ""), fields.get("i", "")
    if (room is None and not _CODE.fullmatch(code)) or not _HEX32.fullmatch(invite):
        raise InviteError("net.invite.bad")
    mark = fields.get("t", "")
    return Invite(code if room is None else "", invite, fields.get("h", "")[:80], fields.get("s", "")[:80],
                  mark if re.fullmatch(r"[0-9a-f]{12}", mark) else "",
                  *(("", ()) if room is None else room))


def is_invite(fragment: str) -> bool:
    return fragment.lstrip("#").startswith(("join=", "room="))


def clock_text(name: str, left: float) -> str:
    """The turn timer's line: ``name`` has so many minutes and seconds left (rounded up)."""
    seconds = max(0, math.ceil(left))
    return _("net.clock.left", player=name, time=f"{seconds // 60}:{seconds % 60:02d}")


# --- the STUN/TURN setting -----------------------------------------------------------------------

def ice_setting(backend: Backend) -> str:
    """The STUN/TURN servers the player named (empty: none, the default)."""
    return backend.get(ICE_KEY) or ""


def keep_ice_setting(backend: Backend, text: str) -> str:
    """Keep the setting if every line is a server's address; an empty notice, or what is wrong."""
    try:
        ice_servers(text)
    except SignalError as exc:
        return _("net.ice.bad", reason=str(exc))
    try:
        if text.strip():
            backend.set(ICE_KEY, text.strip())
        else:
            backend.remove(ICE_KEY)
    except StorageFull:
        return _("net.host.not_kept")
    return ""


def ice_statement(setting: str) -> str:
    """What the setting means, plainly."""
    return _("net.ice.none") if not setting.strip() else _("net.ice.some")


# why a channel ended (game.web.peer.REASONS), said with what to try
CLOSE_KEYS = {"bad-code": "net.closed.bad-code", "no-address": "net.closed.no-address",
              "timeout": "net.closed.timeout", "ice-failed": "net.closed.ice-failed",
              "closed": "net.closed.closed", "error": "net.closed.error"}


def write_kept(backend: Backend, key: str, value: Any) -> None:
    """Keep one side of a table (the host's, a guest's) for a reload, as JSON (raises ``StorageFull``)."""
    backend.set(key, json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def read_kept(text: str) -> Any:
    """A side kept by :func:`write_kept`, read back (raises ``ValueError`` for text that is not one)."""
    return read_json(text, max_chars=MAX_KEPT)
