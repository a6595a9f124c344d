"""The side column and the log in words (parts of ``game.ui.screen.Screen``): the market's
cards with whether each may be drawn and why not, the viewer's hand and tickets, each player's
public facts and last turn, and the log's lines; worked out from the session, so the page only
draws them.

>>> from game.i18n import set_language
>>> from game.ui.session import Session
>>> _lang = set_language("en")
>>> session = Session({"map": "usa", "seed": 3, "players": ["Ann", "Bob"]})
>>> [(key, card.label, card.reason) for key, card in market(session, mine=False).cards][:2]
[(0, 'Deck (97)', 'It is not your turn.'), ('tickets', 'Destination tickets (24)', 'It is not your turn.')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.i18n import CARD_KEYS, _
from game.mapdata import CARD_KINDS, GameMap
from game.state import State
from game.ui.choices import draw_choices, tickets_choice
from game.ui.log import PLAIN_NOTICES, LogLine, Segment, event_text, part_segments
from game.ui.moves import MovePart
from game.ui.session import Session
from game.view import PlayerView

NBSP = "\u00a0"
TICKET_STATUS_KEYS = {"done": "table.ticket_done", "station": "table.ticket_station", "open": "table.ticket_open"}


@dataclass(frozen=True)
class CardButton:
    """A pile or a face-up card: its words, its command and argument, why it may not be drawn
    (None: it may), its classes and its slot in the market (the piles' order, then face up)."""

    label: str
    cmd: str
    arg: str
    reason: str | None
    cls: str
    slot: str | None


@dataclass(frozen=True)
class MarketScreen:
    cards: tuple[tuple[int | str, CardButton], ...]     # each card's key (its place) and look
    waiting: bool                   # not the viewer's turn: the cards in full colour, not dimmed


@dataclass(frozen=True)
class HandCard:
    kind: str
    count: int
    selected: bool = False          # the colour chosen: the board lights the routes it pays


@dataclass(frozen=True)
class TicketLine:
    """A destination ticket: its cities (each name kept whole), its points, and whether it is
    ``done``, done through a ``station`` or ``open``."""

    id: str
    cities: str
    long: bool
    points: str
    status: str

    @property
    def status_text(self) -> str:
        return _(TICKET_STATUS_KEYS[self.status])


@dataclass(frozen=True)
class OwnScreen:
    """The viewer's private panel: their hand by colour, their tickets, their facts."""

    seat: int
    colour: str
    title: str
    facts: str
    hand: tuple[HandCard, ...]
    tickets: tuple[TicketLine, ...]


@dataclass(frozen=True)
class MoveBit:
    """A piece of a player's last turn in brief: a card face (``card``), a card back
    (``blind``) or words (``text``)."""

    kind: str
    card: str | None = None
    text: str = ""


@dataclass(frozen=True)
class PlayerLine:
    seat: int
    colour: str
    name: str
    tag: str                        # after the name: " (AI, hard)", " (you)"
    score: str
    facts: str
    classes: str
    current: bool                   # the player to act
    last: tuple[MoveBit, ...]       # their last turn
    presence: tuple[str, str] = ("", "")    # on several devices: who plays the seat (kind, words)


@dataclass(frozen=True)
class LogRow:
    """A log line: its number, then a notice, or a player's name and each part of their turn;
    ``plain``: a notice told in the log's ordinary colour (``game.ui.log.PLAIN_NOTICES``), not an
    alert's."""

    index: int
    notice: str | None
    player: str = ""
    parts: tuple[tuple[Segment, ...], ...] = ()
    plain: bool = False


def market(session: Session, mine: bool, idle: str | None = None) -> MarketScreen:
    """The deck, the tickets and the face-up cards; when ``mine`` (the viewer is to act) a
    forbidden pick says why, else every pick says ``idle`` (by default: not your turn)."""
    state = session.state
    faces = ("deck", *state["market"])
    if mine:
        tickets = tickets_choice(session)
        cards = [(source, None if c.enabled else c.reason) for source, c in zip(faces, draw_choices(session))]
        ticket_reason = None if tickets.enabled else tickets.reason
    else:       # no need to ask the engine why each pick is refused
        ticket_reason = idle or _("table.not_your_turn")
        cards = [(source, ticket_reason) for source in faces]
    looks: list[tuple[int | str, CardButton]] = []
    for i, (source, reason) in enumerate(cards):
        label = _("table.deck", count=len(state["deck"])) if i == 0 else _(CARD_KEYS[source])
        looks.append((i, CardButton(label, "draw", source, reason, f"card card-{'deck' if i == 0 else source}", str(i))))
    label = _("table.draw_tickets", count=len(state["ticket_deck"]))
    looks.insert(1, ("tickets", CardButton(label, "tickets", "", ticket_reason, "card card-tickets", None)))
    return MarketScreen(tuple(looks), not mine)


def hand_cards(hand: dict[str, int], selected: str | None = None) -> tuple[HandCard, ...]:
    return tuple(HandCard(kind, hand[kind], kind == selected) for kind in CARD_KINDS if hand[kind])


def ticket_line(game_map: GameMap, ticket_id: str, status: str) -> TicketLine:
    ticket = game_map.ticket(ticket_id)
    cities = _("table.ticket_cities", a=game_map.city(ticket.a).name.replace(" ", NBSP),
               b=game_map.city(ticket.b).name.replace(" ", NBSP))
    return TicketLine(ticket_id, cities, ticket.long, _("table.ticket_points", count=ticket.points), status)


def stats(game_map: GameMap, player: PlayerView, *, cards: bool = True) -> str:
    """A player's public facts in one line: cards, tickets, trains, stations (maps with stations)."""
    parts = []
    if cards:
        parts += [_("table.stat.cards", count=player["hand_size"]),
                  _("table.stat.tickets", count=player["ticket_count"])]
    parts.append(_("table.stat.trains", count=player["trains"]))
    if game_map.rules["stations"]:
        parts.append(_("table.stat.stations", count=game_map.rules["stations"] - len(player["stations"])))
    return " · ".join(part.replace(" ", NBSP) for part in parts)       # "38 trains" kept on one line


def own_panel(session: Session, players: Sequence[PlayerView], seat: int, selected: str | None,
              status: dict[str, str]) -> OwnScreen:
    """The viewer's panel (``status``: each ticket done, done through a station, or open)."""
    me = players[seat]
    hand, tickets = me["hand"], me["tickets"]
    assert hand is not None and tickets is not None     # the viewer's own
    facts = _("table.stat.score", count=me["score"]) + " · " + stats(session.map, me, cards=False)
    return OwnScreen(seat, me["colour"], _("table.you", name=me["name"]), facts, hand_cards(hand, selected),
                     tuple(ticket_line(session.map, t, status.get(t, "open")) for t in tickets))


def name_and_tag(label: str, name: str) -> tuple[str, str]:
    """A player's label cut after their name: ("Ada", " (AI, hard)"), ("Ann", " (you)"); the
    whole label and no tag when a language puts the name elsewhere.

    >>> name_and_tag("Ada (AI, hard)", "Ada"), name_and_tag("Vous, Ann", "Ann")
    (('Ada', ' (AI, hard)'), ('Vous, Ann', ''))
    """
    return (name, label[len(name):]) if label.startswith(name) else (label, "")


def player_lines(session: Session, players: Sequence[PlayerView],
                 moves: dict[int, list[MovePart]]) -> tuple[PlayerLine, ...]:
    """Every player in turn order, the viewer's own line ``me`` and the others' ``opponent``;
    ``moves``: each player's last turn (``game.ui.moves.last_moves``)."""
    lines = []
    for seat, p in enumerate(players):
        current = seat == session.current and not session.over
        classes = ["player", "me" if seat == session.viewer else "opponent"] + (["current"] if current else [])
        label = session.player_label(seat) if seat != session.viewer else _("table.you", name=p["name"])
        name, tag = name_and_tag(label, p["name"])
        lines.append(PlayerLine(seat, p["colour"], name, tag, _("table.stat.score", count=p["score"]),
                                stats(session.map, p), " ".join(classes), current,
                                move_bits(session.map, moves.get(seat, ())), session.presence.get(seat, ("", ""))))
    return tuple(lines)


def move_bits(game_map: GameMap, parts: Sequence[MovePart]) -> tuple[MoveBit, ...]:
    """A player's last turn in brief: card faces for the cards taken (a card back for a blind
    one), then the tickets, the route claimed, the station built, or a pass."""
    bits = []
    for part in parts:
        if part.kind == "card":
            bits.append(MoveBit("card", card=part.card))
        elif part.kind == "blind":
            bits.append(MoveBit("blind"))
        elif part.kind == "tickets":
            text = _("table.move.tickets", count=part.count) if part.kept is None \
                else _("table.move.tickets_kept", count=part.count, kept=part.kept)
            bits.append(MoveBit("text", text=text))
        elif part.kind in ("claim", "withdraw") and part.route and game_map.has_route(part.route):
            r = game_map.route(part.route)
            key = "table.move.claim" if part.kind == "claim" else "table.move.withdraw"
            bits.append(MoveBit("text", text=_(key, a=game_map.city(r.a).name, b=game_map.city(r.b).name)))
        elif part.kind == "station" and part.city and game_map.has_city(part.city):
            bits.append(MoveBit("text", text=_("table.move.station", city=game_map.city(part.city).name)))
        elif part.kind == "pass":
            bits.append(MoveBit("text", text=_("table.move.pass")))
    return tuple(bits)


def log_row(index: int, line: LogLine, state: State) -> LogRow:
    """A turn: the player, then what they did, cards as card faces; or a notice."""
    if line.seat is None:
        entry = line.entries[0]
        return LogRow(index, event_text(entry, state), plain=entry.key in PLAIN_NOTICES)
    return LogRow(index, None, state["players"][line.seat]["name"],
                  tuple(tuple(part_segments(entry, state)) for entry in line.entries))
