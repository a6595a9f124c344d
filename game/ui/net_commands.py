"""The commands of play on several devices: the host's and a guest's controls, and what the
page's channels tell (made, opened, a text, closed), each through ``Table.handle`` and, for
those of a table's mode, the mode (``game.ui.hosting``, ``game.ui.guesting``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.channels import Transport


@dataclass(frozen=True)
class MakeInvite:
    seat: int | None        # the seat whose invite the host makes (None: the spectators')


@dataclass(frozen=True, eq=False)
class InviteMade:
    seat: int | None
    channel: Transport      # the channel the invite opens
    code: str               # its offer code, for the link


@dataclass(frozen=True)
class ConnectFailed:
    seat: int | None        # the host's invite for this seat, or (None) a guest's answer
    reason: str             # a key of ``game.ui.netplay.CLOSE_KEYS``


@dataclass(frozen=True)
class TakeAnswer:
    seat: int | None
    text: str               # the guest's answer pasted (its code or link)


@dataclass(frozen=True, eq=False)
class ChannelOpened:
    channel: Transport


@dataclass(frozen=True, eq=False)
class ChannelMessage:
    channel: Transport
    text: str


@dataclass(frozen=True, eq=False)
class ChannelClosed:
    channel: Transport
    reason: str             # a key of ``game.ui.netplay.CLOSE_KEYS``
    now: float              # seconds since 1970


@dataclass(frozen=True)
class GiveToAi:
    seat: int               # an AI plays the away guest's seat meanwhile


@dataclass(frozen=True)
class StopStandIn:
    seat: int               # the seat waits for its guest again


@dataclass(frozen=True)
class ToggleSeats:
    """The host's seats and invites, shown or hidden over the game."""


@dataclass(frozen=True)
class MakeAnswer:
    """A guest answers the invite it came with."""


@dataclass(frozen=True, eq=False)
class AnswerMade:
    channel: Transport
    link: str               # the answer link for the host


@dataclass(frozen=True)
class JoinLink:
    fragment: str           # the page was opened by an invite (``#join=…``)


@dataclass(frozen=True)
class Rejoin:
    text: str               # a new invite pasted, to rejoin the seat kept


@dataclass(frozen=True)
class OpenTable:
    """The host's kept table, opened again."""


@dataclass(frozen=True)
class EndTable:
    """The host's kept table, forgotten."""


@dataclass(frozen=True)
class KeepIce:
    text: str               # the STUN/TURN setting typed


@dataclass(frozen=True)
class KeepRelays:
    text: str               # the relays setting typed (empty: the defaults)


@dataclass(frozen=True)
class PlayOnline:
    """The host plays over the internet (agreeing to contact the relays)."""


@dataclass(frozen=True)
class PlayNearby:
    """The host plays on one network: invites and answers carried by hand, nothing contacted."""


@dataclass(frozen=True)
class JoinOnline:
    """A guest agrees to join over the internet."""


@dataclass(frozen=True, eq=False)
class RoomOpened:
    pubkey: str             # the host's room is on the relays: its key's public half, for the invites
    room: Transport         # the page's room (closed when the host leaves the table)


@dataclass(frozen=True)
class RoomReach:
    up: bool                # a relay answers (False: none can be reached)


@dataclass(frozen=True, eq=False)
class AnswerFromTab:
    """A guest's answer link opened in another tab of the host's browser, passed to this one."""
    text: str
    reply: Transport        # to that tab: ``taken`` once an invite took it


@dataclass(frozen=True, eq=False)
class Dialed:
    channel: Transport      # a guest's connection to its host over the internet, knocking until the host opens it


@dataclass(frozen=True, eq=False)
class GuestArrived:
    channel: Transport      # a guest knocked at the host's room: its connection, open


NetCommand = (MakeInvite | InviteMade | ConnectFailed | TakeAnswer | ChannelOpened | ChannelMessage | ChannelClosed
              | GiveToAi | StopStandIn | ToggleSeats | MakeAnswer | AnswerMade | JoinLink | Rejoin | OpenTable
              | EndTable | KeepIce | KeepRelays | PlayOnline | PlayNearby | JoinOnline | RoomOpened | RoomReach
              | GuestArrived | Dialed | AnswerFromTab)
