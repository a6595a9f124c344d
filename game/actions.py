"""Action values and their short text notation (``parse_action`` / ``str`` round-trip).

Every action is a small frozen value; ``str(action)`` prints its notation and
``parse_action`` reads it back (the notation is documented in ``docs/scenario.md``):

>>> a = parse_action("claim berlin--wien 2green+1loco")
>>> a
ClaimRoute(route='berlin--wien', colour='green', cards=2, locomotives=1)
>>> str(a)
'claim berlin--wien 2green+1loco'
>>> str(parse_action("keep lisboa--danzig,paris--wien"))
'keep lisboa--danzig,paris--wien'

A payment of locomotives only has the colour ``locomotive`` and no coloured cards
(``4loco``).  Malformed text raises :class:`ActionSyntaxError` (a ``ValueError``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.mapdata import LOCOMOTIVE, TRAIN_COLOURS

LOCO = "loco"                                  # short form of "locomotive" in the notation
_PART = re.compile(r"(\d{1,3})([a-z]+)")
_ID = re.compile(r"[a-z0-9]+(?:-+[a-z0-9]+)*")


class ActionSyntaxError(ValueError):
    """Text that is not an action in the notation."""


@dataclass(frozen=True)
class DrawCard:
    """Take one train card: ``source`` is ``deck`` (blind) or the kind of a face-up card."""
    source: str

    def __str__(self) -> str:
        return f"draw {LOCO if self.source == LOCOMOTIVE else self.source}"


@dataclass(frozen=True)
class DrawTickets:
    def __str__(self) -> str:
        return "tickets"


@dataclass(frozen=True)
class KeepTickets:
    """Keep these offered tickets (the rest are returned); initial deal or in-game draw."""
    tickets: tuple[str, ...]

    def __post_init__(self) -> None:
        # the order of the kept tickets does not matter: store them sorted so equal choices compare equal
        if isinstance(self.tickets, (tuple, list)) and all(isinstance(t, str) for t in self.tickets):
            object.__setattr__(self, "tickets", tuple(sorted(self.tickets)))

    def __str__(self) -> str:
        return "keep " + ",".join(self.tickets) if self.tickets else "keep none"


@dataclass(frozen=True)
class ClaimRoute:
    """Claim ``route`` paying ``cards`` cards of ``colour`` and ``locomotives`` locomotives."""
    route: str
    colour: str
    cards: int
    locomotives: int

    def __str__(self) -> str:
        return f"claim {self.route} {payment_text(self.colour, self.cards, self.locomotives)}"


@dataclass(frozen=True)
class BuildStation:
    city: str
    colour: str
    cards: int
    locomotives: int

    def __str__(self) -> str:
        return f"station {self.city} {payment_text(self.colour, self.cards, self.locomotives)}"


@dataclass(frozen=True)
class PayTunnel:
    """Pay a tunnel's extra cards (``colour`` is the colour played, or ``locomotive``)."""
    colour: str
    cards: int
    locomotives: int

    def __str__(self) -> str:
        return "pay " + payment_text(self.colour, self.cards, self.locomotives)


@dataclass(frozen=True)
class Withdraw:
    """Decline a tunnel's extra cost: the played cards go back to the hand, the turn ends."""
    def __str__(self) -> str:
        return "withdraw"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = DrawCard | DrawTickets | KeepTickets | ClaimRoute | BuildStation | PayTunnel | Withdraw | Pass


def payment_text(colour: str, cards: int, locomotives: int) -> str:
    """``2red+1loco``, ``3red``, ``4loco``; an empty payment is ``0loco``."""
    parts = [f"{cards}{colour}"] if cards else []
    if locomotives or not parts:
        parts.append(f"{locomotives}{LOCO}")
    return "+".join(parts)


def parse_payment(text: str) -> tuple[str, int, int]:
    """``"2red+1loco"`` -> ``("red", 2, 1)``; locomotives only -> ``("locomotive", 0, n)``."""
    colour, cards, locos = None, 0, None
    for part in text.split("+"):
        m = _PART.fullmatch(part)
        if not m:
            raise ActionSyntaxError(f"bad payment {text!r}: {part!r} is not <count><colour> (e.g. 2red, 1loco)")
        count, kind = int(m.group(1)), m.group(2)
        if kind in (LOCO, LOCOMOTIVE):
            if locos is not None:
                raise ActionSyntaxError(f"bad payment {text!r}: locomotives given twice")
            locos = count
        elif kind in TRAIN_COLOURS:
            if colour is not None:
                raise ActionSyntaxError(f"bad payment {text!r}: a payment uses cards of one colour only")
            if count == 0:
                raise ActionSyntaxError(f"bad payment {text!r}: write no part for zero cards")
            colour, cards = kind, count
        else:
            raise ActionSyntaxError(f"bad payment {text!r}: unknown card colour {kind!r}")
    return (colour or LOCOMOTIVE), cards, (locos or 0)


def _one_id(words: list[str], what: str, text: str) -> str:
    if len(words) < 2 or not _ID.fullmatch(words[1]):
        raise ActionSyntaxError(f"bad action {text!r}: expected a {what} id after {words[0]!r}")
    return words[1]


def parse_action(text: str) -> Action:
    """Read one action in the text notation (see ``docs/scenario.md``)."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action must be text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb, n = words[0], len(words)
    if verb in ("tickets", "withdraw", "pass") and n == 1:
        return {"tickets": DrawTickets, "withdraw": Withdraw, "pass": Pass}[verb]()
    if verb == "draw" and n == 2:
        source = words[1]
        if source == LOCO:
            return DrawCard(LOCOMOTIVE)
        if source == "deck" or source in TRAIN_COLOURS:
            return DrawCard(source)
        raise ActionSyntaxError(f"bad action {text!r}: draw deck, draw loco or draw <colour>")
    if verb == "keep" and n == 2:
        if words[1] == "none":
            return KeepTickets(())
        ids = tuple(words[1].split(","))
        if not all(_ID.fullmatch(i) for i in ids):
            raise ActionSyntaxError(f"bad action {text!r}: keep <ticket>,<ticket>,...")
        return KeepTickets(ids)
    if verb in ("claim", "station") and n == 3:
        target = _one_id(words, "route" if verb == "claim" else "city", text)
        kind = ClaimRoute if verb == "claim" else BuildStation
        return kind(target, *parse_payment(words[2]))
    if verb == "pay" and n == 2:
        return PayTunnel(*parse_payment(words[1]))
    raise ActionSyntaxError(
        f"bad action {text!r}: expected draw, tickets, keep, claim, station, pay, withdraw or pass "
        "with its arguments")
