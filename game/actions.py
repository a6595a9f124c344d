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

An action built in Python may hold fields of any type; ``str`` never fails on them (a field
that cannot be written shows as ``<its kind>``), and :func:`malformed` says which field is of
the wrong type, so that the rules refuse it before looking at it:

>>> a = ClaimRoute("berlin--wien", "orange", True, 10 ** 5000)
>>> str(a), malformed(a)
('claim berlin--wien <bool>orange+<huge number>loco', ('rule.payment.counts', 'card counts must be whole numbers from 0 to 999'))
>>> str(KeepTickets((1, "x"))), malformed(KeepTickets((1, "x")))[0]
('keep 1,x', 'rule.keep.names')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from game.mapdata import LOCOMOTIVE, TRAIN_COLOURS

LOCO = "loco"                                  # short form of "locomotive" in the notation
_MAX_SHOWN = 60                                # longer text fields are cut when an action is written
MAX_COUNT = 999                                # the largest count the notation writes (3 digits)
_PART = re.compile(r"(\d{1,3})([a-z]+)")
_ID = re.compile(r"[a-z0-9]+(?:-+[a-z0-9]+)*")


class ActionSyntaxError(ValueError):
    """Text that is not an action in the notation."""


@dataclass(frozen=True)
class DrawCard:
    """Take one train card: ``source`` is ``deck`` (blind) or the kind of a face-up card."""
    source: str

    def __str__(self) -> str:
        return f"draw {LOCO if self.source == LOCOMOTIVE else _text(self.source)}"


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
        tickets = self.tickets
        if not isinstance(tickets, (tuple, list, str)):
            return f"keep {_text(tickets)}"
        return "keep " + ",".join(_text(t) for t in tickets[:20]) if tickets else "keep none"


@dataclass(frozen=True)
class ClaimRoute:
    """Claim ``route`` paying ``cards`` cards of ``colour`` and ``locomotives`` locomotives."""
    route: str
    colour: str
    cards: int
    locomotives: int

    def __str__(self) -> str:
        return f"claim {_text(self.route)} {payment_text(self.colour, self.cards, self.locomotives)}"


@dataclass(frozen=True)
class BuildStation:
    city: str
    colour: str
    cards: int
    locomotives: int

    def __str__(self) -> str:
        return f"station {_text(self.city)} {payment_text(self.colour, self.cards, self.locomotives)}"


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

def _text(value: object) -> str:
    """A field as written in an action's text: text (cut when very long) and small integers as
    they are, anything else as ``<its kind>`` (writing never fails, whatever the field holds)."""
    if isinstance(value, str):
        return value if len(value) <= _MAX_SHOWN else value[:_MAX_SHOWN] + "…"
    if _is_count(value):
        return str(value) if abs(value) < 10 ** 9 else "<huge number>"
    return f"<{type(value).__name__}>"


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def payment_text(colour: str, cards: int, locomotives: int) -> str:
    """``2red+1loco``, ``3red``, ``4loco``; an empty payment is ``0loco``."""
    parts = [] if _is_count(cards) and cards == 0 else [f"{_text(cards)}{_text(colour)}"]
    if not (_is_count(locomotives) and locomotives == 0) or not parts:
        parts.append(f"{_text(locomotives)}{LOCO}")
    return "+".join(parts)


_NOT_TEXT = ("rule.not_an_action", "ids and colours are text")
_BAD_COUNT = ("rule.payment.counts", f"card counts must be whole numbers from 0 to {MAX_COUNT}")


def _bad_counts(cards: object, locomotives: object) -> bool:
    """Whether card counts are not integers from 0 to MAX_COUNT (a bool is not a count)."""
    return type(cards) is not int or type(locomotives) is not int \
        or not 0 <= cards <= MAX_COUNT or not 0 <= locomotives <= MAX_COUNT


def _bad_claim(action: ClaimRoute) -> tuple[str, str] | None:
    if type(action.route) is not str or type(action.colour) is not str:
        return _NOT_TEXT
    return _BAD_COUNT if _bad_counts(action.cards, action.locomotives) else None


def _bad_station(action: BuildStation) -> tuple[str, str] | None:
    if type(action.city) is not str or type(action.colour) is not str:
        return _NOT_TEXT
    return _BAD_COUNT if _bad_counts(action.cards, action.locomotives) else None


def _bad_tunnel_payment(action: PayTunnel) -> tuple[str, str] | None:
    if type(action.colour) is not str:
        return _NOT_TEXT
    return _BAD_COUNT if _bad_counts(action.cards, action.locomotives) else None


def _bad_keep(action: KeepTickets) -> tuple[str, str] | None:
    tickets = action.tickets
    if type(tickets) is not tuple or not all(type(t) is str for t in tickets):
        return "rule.keep.names", "name each kept ticket once"
    return None


def _bad_draw(action: DrawCard) -> tuple[str, str] | None:
    return None if type(action.source) is str else _NOT_TEXT


# the check of each kind of action that has fields (the rules run it before anything else)
FIELD_CHECKS: dict[type, Callable[[Any], tuple[str, str] | None]] = {
    DrawCard: _bad_draw, KeepTickets: _bad_keep, ClaimRoute: _bad_claim, BuildStation: _bad_station,
    PayTunnel: _bad_tunnel_payment,
}


def malformed(action: object) -> tuple[str, str] | None:
    """Why an action's fields are of the wrong type (a rule's reason key and the English
    explanation), or None: ids and colours are text, counts are integers (not booleans) from 0
    to ``MAX_COUNT``, kept tickets a tuple of texts."""
    check = FIELD_CHECKS.get(type(action))
    return None if check is None else check(action)


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


_BARE: dict[str, Callable[[], Action]] = {"tickets": DrawTickets, "withdraw": Withdraw, "pass": Pass}


def parse_action(text: str) -> Action:
    """Read one action in the text notation (see ``docs/scenario.md``)."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action must be text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb, n = words[0], len(words)
    if verb in _BARE and n == 1:
        return _BARE[verb]()
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
