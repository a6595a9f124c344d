"""The final scoring's pace as it is revealed on the table: how long each step stays at each AI
speed, the timer the page sets for the next step, and which step is out.

>>> from game.ui.reveal import Reveal
>>> show = ScoringShow(Reveal((), (), ()), SCORING_STEP_MS["fast"])
>>> tick = show.set_timer(1)
>>> tick, show.set_timer(2)                  # one timer at a time
(ScoringTick(ticket=1, delay_ms=700), None)
>>> show.step_due(2), show.step_due(1), show.finished          # an old timer is ignored
(False, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.state import State
from game.ui import reveal

# how long each step of the final scoring stays on screen, at each AI speed ("instant": the table at once)
SCORING_STEP_MS = {"slow": 2100, "normal": 1400, "fast": 700}


@dataclass(frozen=True)
class ScoringTick:
    """Call ``Table.scoring_due(ticket)`` after ``delay_ms``: the final scoring's next step."""

    ticket: int
    delay_ms: int


@dataclass
class ScoringShow:
    """The final scoring being revealed: its steps, how many are out, the pace, the timer asked for."""

    steps: reveal.Reveal
    pace_ms: int
    shown: int = 0
    ticket: int | None = None           # the timer running, if any

    def frame(self) -> reveal.Frame:
        """What the final scoring shows now."""
        return self.steps.frame(self.shown)

    def set_timer(self, ticket: int) -> ScoringTick | None:
        """The timer ``ticket`` for the next step, if none is set yet."""
        if self.ticket is not None:
            return None
        self.ticket = ticket
        return ScoringTick(ticket, self.pace_ms)

    def step_due(self, ticket: int) -> bool:
        """Timer ``ticket`` is over: the next step is out; whether it was this show's timer."""
        if self.ticket != ticket:
            return False
        self.ticket = None
        self.shown += 1
        return True

    @property
    def finished(self) -> bool:
        """Every step was shown: the final table is next."""
        return self.shown > len(self.steps.steps)


def scoring_show(state: State, speed: str, *, replay: bool = False) -> ScoringShow | None:
    """The final scoring of a finished game, revealed at the pace of the AI ``speed`` (None: at
    the "instant" speed, the final table at once), or at the normal pace when it is a replay."""
    pace = SCORING_STEP_MS.get(speed)
    if pace is None and replay:
        pace = SCORING_STEP_MS["normal"]
    return None if pace is None else ScoringShow(reveal.scoring_reveal(state), pace)
