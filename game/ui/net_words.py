"""What play on several devices says where the words depend on who reads them and why: an
away guest's time, a seat's invite or the spectators', the answer the host pasted and could
not use, and a guest's way back to the table (a player or a spectator; the channel lost while
the page was open, or the page left).

>>> from game.i18n import set_language
>>> _ = set_language("en")
>>> away_status(59.9), away_status(60), away_status(150)
('Away for less than a minute.', 'Away for 1 minute.', 'Away for 2 minutes.')
>>> rejoin_words("Ann", spectator=True, lost=False)
"You were watching Ann's game. To watch again, open a new spectators' invite from Ann, or paste it here."
"""

from __future__ import annotations

from game.i18n import _
from game.net.signal import (
    OtherInviteError,
    SignalError,
    WrongKindError,
    read_answer,
    read_code,
)


def away_status(seconds: float) -> str:
    """A remote seat's status while its guest is away ``seconds``: whole minutes, or less than one."""
    minutes = int(max(0.0, seconds) // 60)
    return _("net.status.away_now") if minutes == 0 else _("net.status.away", count=minutes)


def invite_help(seat: int | None) -> str:
    """What the host does with a seat's invite link (None: the spectators')."""
    return _("net.host.spectator_help") if seat is None else _("net.host.invite_help")


def answer_problem(text: str, offer: str, refusal: str) -> str:
    """Why the text pasted as the answer to the invite of code ``offer`` was not taken
    (``refusal``: the channel's reason, in English): the host's own invite pasted back, an
    answer to an earlier invite, a code cut short or changed, or else the channel's reason."""
    try:
        invite = read_code(offer, "offer")
    except SignalError:
        invite = None           # not a code this page can read: the pasted text alone is read
    try:
        read_code(text, "answer") if invite is None else read_answer(text, invite)
    except WrongKindError:          # an offer where an answer goes: the host's own invite
        return _("net.answer.invite")
    except OtherInviteError:
        return _("net.answer.other_invite")
    except SignalError as exc:
        return _("net.answer.damaged", reason=str(exc))
    return _("net.answer.refused", reason=refusal)


def rejoin_words(host: str, *, spectator: bool, lost: bool) -> str:
    """How a guest gets back to ``host``'s table: its seat kept (a spectator: watching again),
    the channel ``lost`` while the page was open (the host may have reloaded or left: the host
    sends a new invite), or the page left (reloaded or closed by the guest)."""
    if lost:
        return _("net.guest.lost_spectator" if spectator else "net.guest.lost_player", host=host)
    return _("net.guest.left_spectator" if spectator else "net.guest.left_player", host=host)
