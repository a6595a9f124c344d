"""The opening ticket choice made by every seat at once, over a record kept seat by seat.

The rules have every player choose their initial destination tickets at the same time: what one
keeps changes nothing another is offered or may keep.  The engine records the choice seat by
seat (``state["current"]``: one ``keep`` a seat, in turn order from the first player, stage by
stage), so a game replays as ever.  Where the seats are on several devices (``game.net.host``)
each seat chooses as soon as it holds its offer: :func:`seat_turn` is the position it chooses
from ahead of its turn, and :class:`Held` keeps a choice made ahead, checked there, until the
seat is to act, when it is played at once, in the record's order.

>>> from game.match import Match
>>> from game.rules import legal_actions
>>> match = Match({"map": "usa", "seed": 5, "players": ["Ann", "Bob", "Cy"]})
>>> choosing(match.state)
[0, 1, 2]
>>> held = Held()
>>> held.hold(match, 2, legal_actions(seat_turn(match.state, 2))[0])     # Cy chooses first
>>> held.play_due(match), match.current         # nothing due: Ann is to act
(0, 0)
>>> for seat in (0, 1):                         # Ann keeps, then Bob
...     _event = match.play(match.legal()[0])
>>> held.play_due(match), str(match.state["phase"]), held.choices      # Cy's turn: played at once
(1, 'start', {})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.actions import Action, ActionSyntaxError, parse_action
from game.match import Match
from game.rules import IllegalActionError, apply_action
from game.state import Phase, State, copy_state


def choosing(state: State) -> list[int]:
    """The seats still to keep tickets in the opening's stage on the table (none once play has
    begun): each holds its offer until it keeps."""
    if state["phase"] != Phase.SETUP_TICKETS:
        return []
    return [seat for seat, p in enumerate(state["players"]) if p["offer"]]


def seat_turn(state: State, seat: int) -> State:
    """The position ``seat`` chooses its opening tickets from ahead of its turn: ``state`` with
    that seat to act (its legal actions are its own keeps, with its own limits).  It shares its
    parts with ``state``: read it, or ``copy_state`` it to play on it.  Raises ``ValueError``
    when the seat has no opening choice to make now (:func:`choosing`)."""
    if seat not in choosing(state):
        raise ValueError(f"seat {seat} has no opening tickets to choose now")
    turn = state.copy()
    turn["current"] = seat
    return turn


def stage_start(state: State, played: int) -> int:
    """The number of actions played when the offers of the opening's stage on the table were
    dealt (``played``: the actions played so far): a choice made on an earlier position was made
    from another offer."""
    n = len(state["players"])
    return played - (state["current"] - state["first"]) % n


@dataclass
class Held:
    """Opening choices made ahead of their seat's turn (seat -> its keep), each checked against
    the seat's own position when made (:func:`seat_turn`); :meth:`play_due` plays them as their
    seats come to act."""

    choices: dict[int, Action] = field(default_factory=dict)

    def hold(self, match: Match, seat: int, action: Action) -> None:
        """Hold ``seat``'s opening choice until its turn.  Raises ``ValueError`` when the seat has
        no opening choice to make now or made it already, and ``IllegalActionError`` (a
        ``ValueError`` too, naming the rule) when the rules refuse it; nothing is held then."""
        if seat in self.choices:
            raise ValueError(f"seat {seat} has chosen its opening tickets already")
        apply_action(copy_state(seat_turn(match.state, seat)), action)
        self.choices[seat] = action

    def play_due(self, match: Match) -> int:
        """Play the choices held for the seats to act, one after the other (a seat whose turn
        has come plays at once); how many were played.  A choice the engine would now refuse
        (none can be: a seat's offer and tickets are its own) is dropped: the seat chooses again."""
        played = 0
        while not match.over and match.current in self.choices:
            try:
                match.play(self.choices.pop(match.current))
            except IllegalActionError:
                break
            played += 1
        return played

    def to_json(self) -> dict[str, str]:
        """The choices held, in a host's save: seat (as text) -> the action's text notation."""
        return {str(seat): str(action) for seat, action in sorted(self.choices.items())}

    @classmethod
    def from_json(cls, data: Any, match: Match | None) -> Held:
        """The choices of a host's save, each checked again on ``match`` (the game kept; None:
        not dealt yet); raises ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise ValueError("held: expected seat -> an opening choice's text")
        held = cls()
        for key, text in data.items():
            if match is None or not key.isdigit():
                raise ValueError("held: an opening choice with no game, or of no seat")
            try:
                held.hold(match, int(key), parse_action(text))
            except (ActionSyntaxError, ValueError) as exc:
                raise ValueError(f"held: seat {key}: {exc}") from None
        return held
