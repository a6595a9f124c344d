"""The panels of play on several devices as screens (frozen values the page draws, as it draws
the game's ``game.ui.screen.Screen``): the host's (each seat's status and actions, its invite
being made or its link and the field for the guest's answer, the spectators' invite), a
guest's (its invite, its answer, a rejoin), and the STUN/TURN setting on both; and what the start
screen offers of them (a kept table, a seat to rejoin)."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.ui.guest_page import resume_guest
from game.ui.net_words import rejoin_words
from game.ui.netplay import ice_setting, ice_statement
from game.ui.storage import HOST_KEY, Backend


@dataclass(frozen=True)
class IceSetting:
    text: str               # the STUN/TURN servers named (empty: none)
    statement: str          # what the setting means, plainly
    notice: str             # what was wrong with the setting typed last (empty: nothing)


def answer_field(seat: int | None) -> str:
    """The id of the field where the host pastes the answer to ``seat``'s invite (None: the spectators')."""
    return f"net-answer-{'s' if seat is None else seat}"


def seat_key(seat: int | None) -> str:
    """A seat as the panel's controls name it (``data-arg``, ids): its number, or ``spectator``."""
    return "spectator" if seat is None else str(seat)


def link_field(seat: int | None) -> str:
    """The id of the field holding ``seat``'s invite link to copy (None: the spectators')."""
    return f"net-link-{seat_key(seat)}"


@dataclass(frozen=True)
class InviteBox:
    """A seat's invite on the host's panel: being made, or its link to pass on with the field
    for the guest's answer, and why the last one failed."""
    arg: str                # the seat (``spectator``: the spectators')
    field: str              # the id of the field for the guest's answer (``answer_field``)
    making: bool
    link: str | None
    problem: str
    online: bool = False    # over the internet: the link alone (the guest's page joins by it: no answer)
    help: str = ""          # what to do with the link (the seats' words, or the spectators')


@dataclass(frozen=True)
class SeatLine:
    """A seat on the host's panel (``game.ui.hosting.SeatRow``) and its invite, if it waits for its guest."""
    seat: int
    name: str
    status: str
    connected: bool
    give_to_ai: bool
    stop_ai: bool
    invite: InviteBox | None


@dataclass(frozen=True)
class HostPanel:
    dealt: bool             # the game is on: the panel can be closed over it
    seats: tuple[SeatLine, ...]
    spectators: InviteBox
    ice: IceSetting
    away: bool              # a guest is away: the panel is drawn again now and then (its minutes count)
    choice: str | None = None   # how the guests connect is still to choose: the sentence of consent to the internet
    room: str = ""          # over the internet: the relays' state, said
    room_failed: bool = False   # no relay can be reached: playing on one network is offered
    relays: str = ""        # the relays setting's text (empty: the defaults)


@dataclass(frozen=True)
class GuestPanel:
    title: str
    phase: str              # ``game.ui.guest_page``'s: join, answer, connected, lost, broken
    status: str
    answer: str             # the answer link to pass back (phase answer)
    problem: str
    host: str               # the host's name
    ice: IceSetting
    consent: str = ""       # over the internet, before anything is contacted: the sentence to agree to
    rejoin: str = ""        # the rejoin form's words (phase lost): how to get back to the table


NetPanel = HostPanel | GuestPanel


@dataclass(frozen=True)
class KeptNet:
    """On the start screen, play on several devices kept by the last visit: a hosted table to
    open again (``table``), a guest's seat to rejoin (``rejoin``: the rejoin form's words; None: none)."""
    table: bool
    rejoin: str | None


def kept_net(backend: Backend) -> KeptNet:
    """What the last visit kept (a kept guest that cannot be used is dropped: ``resume_guest``)."""
    page = resume_guest(backend)
    words = None if page is None else rejoin_words(page.invite.host or _("net.guest.the_host"),
                                                   spectator=not page.invite.seat, lost=False)
    return KeptNet(backend.get(HOST_KEY) is not None, words)


def ice_panel(backend: Backend, notice: str) -> IceSetting:
    setting = ice_setting(backend)
    return IceSetting(setting, ice_statement(setting), notice)
