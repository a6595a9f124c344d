"""Who is at a table of several devices, as each player's row says it (connected, away and for
how long, played by an AI stand-in meanwhile, the host), and, on the host's screen, the note
over the board when the player to act is away: waiting for them, and once they have been away
the grace period, the host's choice to let an AI play meanwhile.

>>> guest_presence(["local", "here", "away", "stand-in", "ai"], 1)
{0: ('host', 'hosting'), 2: ('away', 'away'), 3: ('stand-in', 'an AI plays meanwhile')}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.i18n import _

Presence = dict[int, tuple[str, str]]      # seat -> (kind, words): what a player's row says of who plays it


@dataclass(frozen=True)
class AwayNote:
    """Over the host's board: the player to act is away; ``offer_ai``: the grace period is over,
    an AI may play the seat meanwhile (the host's button)."""
    seat: int
    text: str
    offer_ai: bool


def away_words(minutes: int) -> str:
    return _("net.presence.away_now") if minutes < 1 else _("net.presence.away", count=minutes)


def host_presence(statuses: Sequence[str], away_since: Mapping[int, float], now: float) -> Presence:
    """Each guest's seat on the host's screen: connected, away (the minutes counting), or an AI stand-in."""
    presence: Presence = {}
    for seat, status in enumerate(statuses):
        if status == "here":
            presence[seat] = ("here", _("net.presence.here"))
        elif status == "stand-in":
            presence[seat] = ("stand-in", _("net.presence.stand_in"))
        elif status == "away" and seat in away_since:
            presence[seat] = ("away", away_words(int(max(0.0, now - away_since[seat]) // 60)))
    return presence


def guest_presence(statuses: Sequence[str], seat: int | None) -> Presence:
    """The other seats on a guest's screen, from the host's last state (no minutes: the host keeps those)."""
    words = {"local": ("host", "net.presence.host"), "away": ("away", "net.presence.away_now"),
             "stand-in": ("stand-in", "net.presence.stand_in")}
    return {i: (words[status][0], _(words[status][1])) for i, status in enumerate(statuses)
            if i != seat and status in words}


def away_note(current: int, name: str, statuses: Sequence[str], away_since: Mapping[int, float], now: float,
              grace: float) -> AwayNote | None:
    """The note when the player to act (``current``, called ``name``) is a guest away (None: they are not)."""
    if current >= len(statuses) or statuses[current] != "away" or current not in away_since:
        return None
    gone = max(0.0, now - away_since[current])
    if gone < grace:
        return AwayNote(current, _("net.away.waiting", name=name), False)
    return AwayNote(current, _("net.away.choose", name=name, count=int(gone // 60)), True)
