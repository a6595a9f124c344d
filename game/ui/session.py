"""One game at the table: replay of the saved actions, turn flow with pass-and-play handoffs,
AI turns and hints asked, and the log.

Legality always comes from ``game.rules`` (``Session.legal``); what a click opens, and why an
action is not legal now, is ``game.ui.choices``'s.

>>> from game.ui.setup import default_options
>>> opts = default_options("usa", 2)
>>> game = Session(opts.scenario(fallback_seed=5))
>>> game.viewer, game.handoff_to, game.ai_to_move()
(0, None, False)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from game.actions import (
    Action,
)
from game.ai.decide import ai_move, ai_seed, safe_action
from game.events import Event as EngineEvent
from game.mapdata import GameMap, load_map
from game.match import Match
from game.opening import choosing, seat_turn
from game.rules import apply_action, legal_actions
from game.scenario import Scenario
from game.seats import DEFAULT_AI_LEVEL, seat_problems
from game.state import Phase, State, copy_state
from game.ui.ai_turn import AiRequest
from game.ui.log import Event, log_entries, timeout_entry
from game.ui.presence import Presence
from game.ui.saves import SaveError, parse_save
from game.ui.setup import default_names
from game.ui.words import player_label
from game.view import View, player_view, public_view

HINT_LEVEL = "hard"         # a hint is what this level would play in the seat


def _seen(state: State, seat: int) -> tuple[object, ...]:
    """What a seat sees of the cards and tickets dealt: its hand, tickets and offer, and the market."""
    p = state["players"][seat]
    return p["hand"], p["tickets"], p["offer"], state["market"]


@dataclass(frozen=True)
class PassAndPlay:
    """The seats of one device passed between the human players: each sees their own cards on
    their turn, after a handoff screen whenever the device must change hands."""


@dataclass(frozen=True)
class Watching:
    """A game watched from one seat (None: public facts only), as a lesson shows it: the seat
    shown never changes and the device is never handed over."""

    seat: int | None


SeatPolicy = PassAndPlay | Watching


def open_session(text: str) -> Session:
    """A game from a save's or a file's text (raises :class:`SaveError` explaining the problem:
    text that is not JSON, too large or too deep, a malformed or impossible game, an illegal
    action in it)."""
    data = parse_save(text)
    try:
        return Session(data)
    except ValueError as exc:       # ScenarioError, and the engine's errors it did not rename
        raise SaveError("saves.error.invalid", reason=str(exc)) from None


class Session:
    """A game being played: ``state`` (the engine's), ``actions`` played, their ``events`` (``game.events``)
    and the public ``log`` made from them; ``seats``: whose cards the screen shows, and when
    (pass and play, the default, or watching one seat)."""

    def __init__(self, game: Scenario | Match, seats: SeatPolicy = PassAndPlay(), timed_out: Collection[int] = ()) -> None:
        """A screen over ``game``: a match (``game.match``, shared with a hosted table), or a
        scenario to start one from (raises ``ScenarioError``; its actions are replayed, and
        ``timed_out``: the actions the turn timer played, each logged as such)."""
        self.match = game if isinstance(game, Match) else Match(game, timed_out)
        self.seats = seats
        self._log: list[Event] = []
        self._logged = (self.match.generation, 0, 0)    # the match's record, events and hints in the log
        self.shown: int | None = None
        self.handoff_to: int | None = None
        self.pausing_for: int | None = None         # a handoff kept back while the last player sees their turn's end
        self.last_round_seen: set[int] = set()     # human seats that acknowledged the last round
        self.stand_in: set[int] = set()     # guests' seats an AI plays while their guest is away (game.ui.hosting)
        self.elsewhere: set[int] = set()    # seats played on other devices: their choices are never drawn here
        self.presence: Presence = {}        # who plays each seat, as its row says it (a table of several devices)
        self.at_once = False                # the opening tickets chosen by every seat at once (several devices)
        self.held: set[int] = set()         # seats whose opening choice, made ahead, waits for their turn
        humans = self.human_seats()
        # privacy first: at the start and on resume, a shared device is handed to the player to act
        self.shown = humans[0] if len(humans) == 1 else None
        self._check_handoff()

    # --- the match's record, as the screen reads it ---------------------------------------------

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def start(self) -> Scenario:
        return self.match.start

    @start.setter
    def start(self, start: Scenario) -> None:
        self.match.start = start

    @property
    def levels(self) -> list[str | None]:
        return self.match.levels

    @property
    def actions(self) -> list[Action]:
        return self.match.actions

    @property
    def events(self) -> list[EngineEvent]:
        return self.match.events

    @property
    def public_events(self) -> list[EngineEvent]:
        return self.match.public_events

    @property
    def timed_out(self) -> set[int]:
        return self.match.timed_out

    @property
    def hints_offered(self) -> bool:
        return self.match.hints_offered

    @property
    def hints_asked(self) -> list[tuple[int, int]]:
        return self.match.hints_asked

    @property
    def log(self) -> list[Event]:
        """The public log: each action's entries, after the hints asked and the time run out
        before it, as far as the match has gone (made from its record, whoever played)."""
        match = self.match
        generation, events, hints = self._logged
        if generation != match.generation:
            self._log, events, hints = [], 0, 0
        asked, public = match.hints_asked, match.public_events
        while True:
            while hints < len(asked) and asked[hints][1] <= events:
                self._log.append(Event.of("log.hint", player=asked[hints][0]))
                hints += 1
            if events >= len(public):
                break
            if events in match.timed_out:
                self._log.append(timeout_entry(public[events]["seat"]))
            self._log.extend(log_entries(public[events]))
            events += 1
        self._logged = (match.generation, events, hints)
        return self._log

    # --- the table --------------------------------------------------------------------------

    @property
    def map(self) -> GameMap:
        return load_map(self.state["map"])

    @property
    def current(self) -> int:
        return self.match.current

    @property
    def over(self) -> bool:
        return self.match.over

    def player_label(self, seat: int) -> str:
        """A player's name, with the level for an AI seat: "Ada (AI, hard)"."""
        return player_label(self.state, self.levels, seat)

    def human_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.state["players"]) if p["kind"] == "human"]

    @property
    def watching_nobody(self) -> bool:
        """Whether this screen is nobody's at the table: a spectator's, or a host's device where
        nobody plays (no seat's cards are ever shown on it)."""
        return isinstance(self.seats, Watching) and self.seats.seat is None

    @property
    def viewer(self) -> int | None:
        """The seat whose private cards and tickets may be on screen now (None: nobody's)."""
        if isinstance(self.seats, Watching):
            return self.seats.seat
        if self.handoff_to is not None:
            return None
        if self.pausing_for is not None:
            return self.shown
        return self.current if self.state["players"][self.current]["kind"] == "human" \
            and not self.over else self.shown

    def choosing_ahead(self) -> bool:
        """Whether the seat on screen chooses its opening tickets now, ahead of its turn in the
        record: on a table of several devices every seat chooses at once (``at_once``,
        ``game.opening``) until it has chosen (``held``)."""
        seat = self.viewer
        return self.at_once and seat is not None and seat != self.current and seat not in self.held \
            and seat in choosing(self.state)

    @property
    def acting(self) -> int:
        """The seat whose choice this screen asks for now: the seat to act, or the seat on screen
        choosing its opening tickets ahead of its turn (:meth:`choosing_ahead`)."""
        seat = self.viewer
        return seat if seat is not None and self.choosing_ahead() else self.current

    def position(self) -> State:
        """The position of the choice this screen asks for: the game's, or the opening's as the
        seat choosing ahead chooses from it (``game.opening.seat_turn``: read it, never play on it)."""
        return seat_turn(self.state, self.acting) if self.choosing_ahead() else self.state

    def choices(self) -> list[Action]:
        """The legal actions of the choice this screen asks for (:meth:`position`)."""
        return legal_actions(self.position()) if self.choosing_ahead() else self.legal()

    def view(self) -> View:
        """What the screen may show: the viewer's view, or only public facts."""
        seat = self.viewer
        return public_view(self.state) if seat is None else player_view(self.state, seat)

    def _check_handoff(self) -> None:
        current = self.current
        if isinstance(self.seats, Watching) or self.over or self.state["players"][current]["kind"] != "human":
            return
        if current != self.shown:
            self.handoff_to = current

    def pause_handoff(self) -> bool:
        """Keep a handoff just due back for a moment, so the player who ended their turn sees its
        result (the card drawn, the route claimed) before passing the device; whether one was."""
        if self.handoff_to is None or self.shown is None:
            return False
        self.pausing_for, self.handoff_to = self.handoff_to, None
        return True

    def end_pause(self) -> None:
        """The moment is over: the handoff screen comes."""
        if self.pausing_for is not None:
            self.handoff_to, self.pausing_for = self.pausing_for, None

    def acknowledge_handoff(self) -> None:
        """The player named on the handoff screen has the device."""
        if self.handoff_to is not None:
            self.shown, self.handoff_to = self.handoff_to, None

    def last_round_notice(self) -> tuple[int | None, int | None] | None:
        """The last-round announcement when it is due, else None: (the seat that started the
        last round, the trains it had left; None and None when the game was loaded already in
        its last round).  It is due for each human player at the start of their last turn, once
        they hold the device, until they acknowledge it; it holds public facts only.  It is not
        saved: after a reload it shows again if that player has not acted yet this turn."""
        seat = self.viewer
        if self.state["last_round"] is None or seat is None or seat != self.current \
                or self.state["phase"] != Phase.START or seat in self.last_round_seen:
            return None
        started = next((e for e in reversed(self.events) if "last_round" in e), None)
        return (None, None) if started is None else (started["seat"], started["last_round"]["trains"])

    def acknowledge_last_round(self) -> None:
        """The player about to play their last turn has read the announcement."""
        if self.last_round_notice() is not None:
            self.last_round_seen.add(self.current)

    def scenario(self) -> Scenario:
        """The save (``Match.scenario``)."""
        return self.match.scenario()

    def name_defaults(self) -> bool:
        """Make the names the game made (seats with ``default_name``) again in the current
        language, as the new-game form does; a name the player typed stays.  Whether any changed."""
        players = self.start["players"]
        made = [isinstance(p, dict) and p.get("default_name") is True for p in players]
        if not any(made):
            return False
        seats = self.state["players"]
        names = default_names([p["kind"] for p in seats], [None if m else p["name"] for m, p in zip(made, seats)])
        if names == [p["name"] for p in seats] or seat_problems([{**p, "name": n} for p, n in zip(seats, names)]):
            return False
        self.start = {**self.start, "players": [{**p, "name": n} if isinstance(p, dict) and m else p
                                                 for p, n, m in zip(players, names, made)]}
        for p, n in zip(seats, names):
            p["name"] = n
        return True

    def summary(self) -> dict[str, Any]:
        """The saved-games list's line: map, variant, players, turn."""
        return {"map": self.state["map"], "variant": self.state["variant"], "turn": self.state["turn"],
                "players": [p["name"] for p in self.state["players"]], "over": self.over}

    # --- playing ------------------------------------------------------------------------------

    def legal(self) -> list[Action]:
        return self.match.legal()

    def play(self, action: Action | str) -> list[Event]:
        """Apply one action of the current player (raises ``IllegalActionError``); its log entries
        (made from the public view of the engine's event, which goes in ``events``)."""
        public = self.match.play(action)
        self._check_handoff()
        return log_entries(public)

    def ai_to_move(self) -> bool:
        """Whether this device's AI plays the seat to act: an AI seat played here (not one of the
        host's, on a guest's page), or a guest's seat an AI plays while its guest is away."""
        if self.over:
            return False
        return self.match.ai_seat_to_move() and self.current not in self.elsewhere or self.current in self.stand_in

    def played(self) -> int:
        """The number of actions played."""
        return self.match.played()

    def ai_seed(self) -> str:
        """The seed of the AI's RNG for this move (``ai_seed``)."""
        return ai_seed(self.state, self.played())

    def ai_level(self) -> str:
        """The level of the seat to act (a human seat, as when tests let the AI move for it: the default)."""
        return self.levels[self.current] or DEFAULT_AI_LEVEL

    def ai_request(self, ticket: int) -> AiRequest:
        """What the AI seat to move is asked (``game.ui.ai_turn``): its view, level and seed."""
        return AiRequest(ticket, self.ai_level(), self.ai_seed(),
                         player_view(self.state, self.current), tuple(str(a) for a in self.legal()))

    def ai_requests_ahead(self) -> list[AiRequest]:
        """The AI moves that can be asked for before they are due (``ticket`` 0, each once): while
        a human keeps tickets (the initial choice, or tickets drawn), the request of the AI seat
        that acts next, for every way the human may keep them.  Such a request differs only in the
        number kept (the tickets kept and returned are hidden), so there are a few; one is taken
        only where it shows the AI seat nothing new (no card or ticket dealt to it, the same
        market): exactly the request it will be sent once the human has chosen.  On any other
        move the AI's next position depends on what the human does (a claim, a card drawn, which
        reveals the next card), so nothing is asked ahead."""
        state = self.state
        if self.over or self.ai_to_move() or state["phase"] not in (Phase.SETUP_TICKETS, Phase.TICKETS):
            return []
        ahead: dict[str, AiRequest] = {}
        for action in self.legal():
            after = copy_state(state)
            apply_action(after, action)
            seat = after["current"]
            level = self.levels[seat]
            if level is None or after["phase"] == Phase.OVER or _seen(state, seat) != _seen(after, seat):
                continue
            request = AiRequest(0, level, ai_seed(after, self.played() + 1), player_view(after, seat),
                                tuple(str(a) for a in legal_actions(after)))
            ahead.setdefault(request.to_text(), request)
        return list(ahead.values())

    def ai_action(self) -> Action:
        """The AI seat's choice at its level, computed here (``game.ai.decide.ai_move``)."""
        return ai_move(self.match)

    def ai_safe_action(self) -> Action:
        """A sensible legal move for the AI seat when its helper's answer cannot be used."""
        return safe_action(player_view(self.state, self.current), self.legal(), self.ai_seed())

    # --- hints (game.ui.hints) --------------------------------------------------------------------

    def hint_counts(self) -> list[int]:
        """How many hints each seat asked for (public)."""
        counts = [0] * len(self.state["players"])
        for seat, _at in self.hints_asked:
            counts[seat] += 1
        return counts

    def ask_hint(self) -> bool:
        """Count a hint asked by the seat whose choice is asked (:attr:`acting`), once per
        position (``Match.ask_hint``; the log says so); whether it was counted now."""
        return self.match.ask_hint(self.acting)

    def hint_request(self, ticket: int) -> AiRequest:
        """What the AI helper is asked for a hint: exactly an AI seat's request (the view of the
        seat whose choice is asked, in its position, the legal actions, the one-way seed
        ``ai_seed``), at the hard level."""
        return AiRequest(ticket, HINT_LEVEL, self.ai_seed(), player_view(self.position(), self.acting),
                         tuple(str(a) for a in self.choices()))
