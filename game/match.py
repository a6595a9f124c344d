"""A game played and recorded, below every screen: the engine's state, the actions played and
their events, the turns the timer played, the hints asked; the one record that a game on this
device, a hosted table (``game.net.host``) and a guest's page (``game.ui.guest_page``) all use.

What a screen adds to it (whose cards are shown, handoffs, the log in words) is
``game.ui.session.Session``, over a match; the controls and their reasons, ``game.ui.choices``.

>>> match = Match({"map": "usa", "seed": 5, "players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> match.current, match.played(), match.over
(0, 0, False)
>>> event = match.play(match.legal()[0])
>>> match.played(), match.scenario()["actions"] == [str(match.actions[0])]
(1, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.actions import Action, parse_action
from game.events import Event, event_view
from game.rules import IllegalActionError, apply_action, legal_actions
from game.scenario import (
    Scenario,
    ScenarioError,
    load_scenario,
    player_levels,
    read_hints,
)
from game.state import Phase, State


class Match:
    """A game being played (see the module docstring): ``state``, ``actions`` played, their
    ``events`` (``game.events``) and ``public_events`` (as every seat saw them), ``timed_out``
    (the numbers of the actions the turn timer played), ``hints_asked`` ((seat, actions played)
    of each Hint, in order); ``generation`` counts the times the record was replaced whole
    (:meth:`follow`), for what a screen derived from it."""

    def __init__(self, scenario: Scenario, timed_out: Collection[int] = ()) -> None:
        """Start from a scenario (raises ``ScenarioError``); its actions are replayed."""
        state, actions = load_scenario(scenario)
        self.start: Scenario = scenario.copy()
        self.start.pop("actions", None)
        hints = read_hints(self.start.pop("hints", None), len(state["players"]), len(actions))
        self.hints_offered: bool = hints["offered"]
        self.hints_asked: list[tuple[int, int]] = [(seat, at) for seat, at in hints["asked"]]
        self.state: State = state
        self.levels: list[str | None] = player_levels(scenario["players"])    # per seat; None: human
        self.actions: list[Action] = []
        self.action_texts: list[str] = []       # ``actions`` in the text notation, as far as written
        self.events: list[Event] = []
        self.public_events: list[Event] = []
        self.timed_out: set[int] = set(timed_out)
        self.generation = 0
        self._played = 0
        self._legal: list[Action] | None = None
        for i, action in enumerate(actions):
            try:
                self.play(action)
            except IllegalActionError as exc:
                raise ScenarioError(f"action {i} ({str(action)!r}) is illegal: {exc}") from None

    @property
    def current(self) -> int:
        return self.state["current"]

    @property
    def over(self) -> bool:
        return self.state["phase"] == Phase.OVER

    def played(self) -> int:
        """The number of actions played."""
        return self._played

    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = legal_actions(self.state)
        return self._legal

    def play(self, action: Action | str) -> Event:
        """Apply one action of the seat to act (raises ``IllegalActionError``); its public event."""
        if isinstance(action, str):
            action = parse_action(action)
        event = apply_action(self.state, action)
        self._legal = None
        self._played += 1
        self.actions.append(action)
        self.events.append(event)
        public = event_view(event, None)
        self.public_events.append(public)
        return public

    def time_out(self, action: Action) -> Event:
        """The seat to act ran out of time (a table's turn timer): ``action`` is played for it,
        recorded as such."""
        self.timed_out.add(self._played)
        return self.play(action)

    def ai_seat_to_move(self) -> bool:
        """Whether the seat to act is an AI seat of the game."""
        return not self.over and self.state["players"][self.current]["kind"] == "ai"

    def ask_hint(self, seat: int | None = None) -> bool:
        """Record a hint asked by ``seat`` (None: the seat to act; another: a seat choosing its
        opening tickets ahead of its turn, ``game.opening``), once per position; whether it was
        recorded now (False: hints are off, the game is over, or it was asked already in this position)."""
        asked = (self.current if seat is None else seat, self._played)
        if not self.hints_offered or self.over or asked in self.hints_asked:
            return False
        self.hints_asked.append(asked)
        return True

    def follow(self, state: State, events: Sequence[Event], played: int, timed_out: Collection[int]) -> None:
        """The game as another device plays it (a guest's page: the host's game as its seat saw
        it, ``state`` a world made up around that view): the record replaced whole."""
        self.state = state
        self.events = list(events)
        self.public_events = [event_view(e, None) for e in self.events]
        self.timed_out = set(timed_out)
        self._played = played
        self._legal = None
        self.generation += 1

    def scenario(self) -> Scenario:
        """The save: the starting scenario and every action played, and the hints when they are
        not the default (offered, none asked) (docs/scenario.md)."""
        texts = self.action_texts        # the actions only grow: each written once
        texts.extend(str(a) for a in self.actions[len(texts):])
        saved: Scenario = {**self.start, "actions": list(texts)}
        if self.hints_asked or not self.hints_offered:
            saved["hints"] = {"offered": self.hints_offered, "asked": [[seat, at] for seat, at in self.hints_asked]}
        return saved
