"""What the screen shows of the game itself, worked out from the session and kept from one
screen to the next (:class:`Memo`): the routes a seat can no longer claim, the viewer's tickets'
status, the last action and each player's last turn, the other players' turns since a seat's
own, the log's rows (the newest, trimmed a few at a time), the end's table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import KeepTickets
from game.i18n import language
from game.rules import closed_routes
from game.ui.end_screen import EndScreen, end_screen
from game.ui.log import LogLine, turn_lines
from game.ui.moves import MovePart, last_moves, last_turns_start
from game.ui.panels import LogRow, log_row
from game.ui.session import Session
from game.ui.tickets import seat_ticket_status

LOG_SHOWN = 60      # the most recent log lines on screen: at least these ...
LOG_TRIM = 20       # ... and fewer than these more: the oldest go this many at a time (``log_rows``)


@dataclass
class Memo:
    """What a page keeps from one screen to the next: the game it showed and what was worked out
    for it that only changes with a move (or the language)."""

    session: Session | None = None
    game: int = 0
    moves: tuple[object, dict[int, list[MovePart]]] = (None, {})
    status: tuple[object, dict[str, str]] = (None, {})
    rows: dict[tuple[int, LogLine], LogRow] = field(default_factory=dict)
    lines: tuple[object, int, list[LogLine]] = (None, 0, [])     # the log read so far: its list, entries, lines
    end: tuple[object, EndScreen | None] = (None, None)
    language: str = ""

    def number(self, session: Session) -> int:
        """The game's number; a new game (or language) forgets what was worked out."""
        if session is not self.session or language() != self.language:
            self.session, self.language = session, language()
            self.game += 1
            self.moves, self.status, self.rows, self.end = (None, {}), (None, {}), {}, (None, None)
            self.lines = (None, 0, [])
        return self.game


def closed_to(s: Session, seat: int) -> frozenset[str]:
    """The routes ``seat`` can no longer claim: claimed by anyone, the twin of its own, or
    with 2 or 3 players the twin of any claimed route."""
    claims = [p["routes"] for p in s.state["players"]]
    return frozenset(r for routes in claims for r in routes) | closed_routes(s.map, claims, seat)


def ticket_status(s: Session, memo: Memo | None = None) -> dict[str, str]:
    """The viewer's tickets as the game stands (``game.scoring.ticket_status``): ``done``,
    ``station`` (done through a station's borrowed route) or ``open``."""
    seat = s.viewer
    if seat is None:
        return {}
    memo = Memo() if memo is None else memo
    players = s.state["players"]
    key = (id(s), seat, tuple(tuple(p["routes"]) for p in players), tuple(players[seat]["stations"]),
           tuple(players[seat]["tickets"]))
    if memo.status[0] != key:
        memo.status = (key, seat_ticket_status(s.map, players, seat))
    return memo.status[1]


def last_action_text(s: Session) -> str:
    """The last action in the text notation, as every player may know it (a ticket choice
    without the tickets kept); empty before the first."""
    if not s.actions:
        return ""
    action = s.actions[-1]
    return "keep" if isinstance(action, KeepTickets) else str(action)


def last_moves_of(s: Session, memo: Memo) -> dict[int, list[MovePart]]:
    """Each player's last turn, marked until they play again (public facts only)."""
    key = (id(s), len(s.public_events))     # read twice a screen (the board, the players): made once
    if memo.moves[0] != key:
        events = s.public_events
        memo.moves = (key, last_moves(events[last_turns_start(events, len(s.state["players"])):]))
    return memo.moves[1]


def recap(s: Session, seat: int) -> tuple[tuple[int, tuple[MovePart, ...]], ...]:
    """The other players' turns since ``seat`` last played (or since the start), in turn order
    (public facts)."""
    events = s.public_events
    since = next((i + 1 for i in range(len(events) - 1, -1, -1) if events[i]["seat"] == seat), 0)
    moves = last_moves(events[since:])
    order = dict.fromkeys(e["seat"] for e in events[since:])
    return tuple((other, tuple(moves[other])) for other in order if other != seat and other in moves)


def log_lines(s: Session, memo: Memo) -> list[LogLine]:
    """The log's lines, read on from where the last screen left them (a session's log only grows;
    another list, or a shorter one, is read from the start)."""
    log = s.log
    seen, count, lines = memo.lines
    if seen is not log or count > len(log):
        count, lines = 0, []
    turn_lines(log[count:], lines)
    memo.lines = (log, len(log), lines)
    return lines


def log_rows(s: Session, memo: Memo) -> tuple[LogRow, ...]:
    """The log's newest lines: at least ``LOG_SHOWN`` (all, in a shorter log), the oldest let go
    ``LOG_TRIM`` at a time, so that between two trims a move only adds a line at the foot and
    the lines above keep their place on the page (``game.web.log_panel``).  A line is
    worked out once, until its turn goes on; the lines no longer shown are forgotten."""
    lines = log_lines(s, memo)
    shown: dict[tuple[int, LogLine], LogRow] = {}
    for i in range(log_start(len(lines)), len(lines)):
        key = (i, lines[i])
        row = memo.rows.get(key)
        shown[key] = log_row(i, lines[i], s.state) if row is None else row
    memo.rows = shown
    return tuple(shown.values())


def log_start(count: int) -> int:
    """The first of ``count`` log lines shown (``log_rows``): a multiple of ``LOG_TRIM`` that
    leaves from ``LOG_SHOWN`` to ``LOG_SHOWN + LOG_TRIM - 1`` lines.

    >>> [log_start(n) for n in (0, 59, 60, 79, 80, 99, 100)]
    [0, 0, 0, 0, 20, 20, 40]
    """
    return max(0, count - LOG_SHOWN) // LOG_TRIM * LOG_TRIM


def end_of(s: Session, memo: Memo) -> EndScreen:
    key = (id(s), len(s.events))
    if memo.end[0] != key or memo.end[1] is None:
        memo.end = (key, end_screen(s))
    screen_ = memo.end[1]
    assert screen_ is not None
    return screen_
