"""What one connection at a hosted table is owed: the turn timer's clock at each new decision, the game since what it was last sent, the seats' statuses when they changed, and the reveal once the game is over.

A :class:`Link` remembers what its connection was sent; :meth:`Link.owed` gives the texts it
is owed now (``game.net.protocol``'s messages) and counts them as sent.  What a seat may see of
the game is ``game.net.seen``'s.

>>> import json
>>> from game.match import Match
>>> match = Match({"map": "usa", "variant": None, "seed": 5, "first": 0, "actions": [],
...                "players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> link = Link(seat=1)
>>> [json.loads(text)["type"] for text in link.owed(match, ["local", "here"], "0" * 64, None)]
['state']
>>> link.owed(match, ["local", "here"], "0" * 64, None)
[]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.match import Match
from game.net.protocol import Clock, Reveal, State
from game.net.seen import seat_events, seat_view


@dataclass(frozen=True)
class Send:
    """Text for one connection (the page's id for a channel)."""
    conn: str
    text: str


@dataclass
class Link:
    """A connection with a place at the table: the seat (None: a spectator), how many events it
    was sent, the seats' statuses and the clock it was last sent, whether it has had the reveal."""
    seat: int | None
    events: int = 0
    statuses: list[str] | None = None
    revealed: bool = False
    clock: tuple[int, bool] | None = None     # the last clock sent: the actions played then, whether timed

    def owed(self, match: Match, statuses: list[str], secret: str,
             left: Callable[[], float | None] | None) -> list[str]:
        """The texts this connection is owed now, counted as sent: ``statuses`` are the seats'
        (public), ``secret`` the fair deal's (in the reveal), ``left`` the turn timer's seconds
        left to the seat to act, asked now (None: no turn timer; it answers None when the seat
        to act is not timed)."""
        out = []
        # the clock first: a guest starts its count when it reads it, before it draws the new position
        clock = None if left is None else self._clock(match, left())
        if clock is not None:
            out.append(clock.to_text())
        if self.events < len(match.events) or self.statuses != statuses:
            state = State(match.played(), seat_view(match.state, self.seat), self.events,
                          seat_events(match.events[self.events:], self.seat), statuses)
            out += [part.to_text() for part in state.split()]
            self.events, self.statuses = len(match.events), statuses
        if match.over and not self.revealed:
            out.append(Reveal(secret, [str(a) for a in match.actions]).to_text())
            self.revealed = True
        return out

    def _clock(self, match: Match, left: float | None) -> Clock | None:
        """The clock owed (with a turn timer): at each new decision, or when an AI takes a seat
        or gives it back."""
        played = match.played()
        if self.clock == (played, left is not None):
            return None
        self.clock = (played, left is not None)
        return Clock(played, None if left is None else math.ceil(left), sorted(match.timed_out))
