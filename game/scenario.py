"""Scenario files: one JSON format for tests, replays and saves (``docs/scenario.md``).

A scenario names the map, variant, players and seed, may set any position, and lists actions
in the text notation.  ``load_scenario`` builds the starting state and ``play_scenario`` plays
the actions; every problem is a :class:`ScenarioError` naming the field (or the action's
index) and the reason.

>>> start, actions = load_scenario({"map": "usa", "players": ["Ann", "Bob"], "seed": 3,
...                                 "actions": ["keep denver--el-paso,kansas-city--houston"]})
>>> len(actions), str(start["phase"])
(1, 'setup-tickets')
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any, Required, TypedDict

from game.actions import Action, parse_action
from game.jsontext import MAX_CHARS, JsonTextError, read_json, shown
from game.mapdata import CARD_KINDS, load_map
from game.rng import Rng
from game.rules import IllegalActionError, apply_action, finish_game
from game.scoring import ScoringError
from game.seats import DEFAULT_AI_LEVEL, SeatProblem, level_problem, problem_text
from game.state import (
    FORMAT,
    Phase,
    State,
    StateError,
    Tunnel,
    Withdrawal,
    copy_state,
    empty_hand,
    full_deck,
    new_game,
    settle_market,
    validate,
)
from game.steps import StepsError, read_steps


class ScenarioPlayer(TypedDict, total=False):
    """A seat of a scenario (a plain name is a human seat)."""
    name: Required[str]
    kind: str                   # game.seats.PLAYER_KINDS
    colour: str                 # game.seats.PLAYER_COLOURS; missing: the next free one
    level: str                  # an AI seat's level (game.seats.AI_LEVELS)
    default_name: bool          # the name is the game's own, made again in the player's language (game.ui.setup)


class PositionPlayer(TypedDict, total=False):
    """One seat's part of a position; what is left out is filled in (docs/scenario.md)."""
    hand: dict[str, int]
    tickets: list[str]
    offer: list[str]
    routes: list[str]
    stations: list[str]
    withdrawn: list[Withdrawal]
    face_up: list[str]
    trains: int
    score: int


class Position(TypedDict, total=False):
    """The fields of the state a scenario sets (docs/scenario.md); ``deck_top`` is the top of
    a deck that otherwise holds the rest in seeded order."""
    deck: list[str]
    deck_top: list[str]
    discard: list[str]
    market: list[str]
    revealed: list[str]
    ticket_deck: list[str]
    box: list[str]
    players: list[PositionPlayer]
    current: int
    phase: str
    stage: int
    tunnel: Tunnel | None
    last_round: int | None
    passes: int
    turn: int
    rng: str


class Hints(TypedDict):
    """The hints of a game (``game.ui.hints``): whether the Hint command is offered, and each hint
    asked as [seat, actions played then] (public: every player sees who asked and when)."""
    offered: bool
    asked: list[list[int]]


class Scenario(TypedDict, total=False):
    """A scenario file (docs/scenario.md); also what a save holds."""
    format: int
    map: Required[str]
    variant: str | None
    players: Required[list[ScenarioPlayer | str]]
    seed: int | str
    first: int
    position: Position
    actions: list[str]
    steps: list[dict[str, Any]]     # game.steps: a lesson's steps with commentary
    hints: Hints                    # missing: hints offered, none asked


SCENARIO_KEYS = frozenset(Scenario.__annotations__)
POSITION_KEYS = frozenset(Position.__annotations__)
POSITION_PLAYER_KEYS = frozenset(PositionPlayer.__annotations__)
_PHASES = tuple(Phase)


class ScenarioError(ValueError):
    """A malformed scenario, or an action in it that cannot be played."""


class ScenarioActionError(ScenarioError):
    """Action number ``index`` (0-based) of the scenario is malformed or illegal."""

    def __init__(self, index: int, text: Any, reason: str) -> None:
        super().__init__(f"action {index} ({text!r}) is illegal: {reason}")
        self.index, self.text, self.reason = index, text, reason


def read_scenario(path: str) -> Any:
    """Read a scenario file (JSON, UTF-8; a file over ``game.jsontext.MAX_CHARS`` bytes is refused
    before it is read).  The messages do not repeat the path: callers name the file."""
    try:
        if os.path.getsize(path) > MAX_CHARS:
            raise ScenarioError(f"not a scenario file: larger than {MAX_CHARS:,} bytes")
        with open(path, "rb") as f:
            data = f.read(MAX_CHARS + 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read the file ({exc.strerror or exc})") from None
    try:
        return read_json(data)
    except JsonTextError as exc:
        raise ScenarioError(f"not a scenario file: {exc}") from None


def load_scenario(data: Any) -> tuple[State, list[Action]]:
    """The scenario's starting state (validated) and its parsed actions."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    unknown = set(data) - SCENARIO_KEYS
    if unknown:
        raise ScenarioError(f"unknown field(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(SCENARIO_KEYS))})")
    form = data.get("format", FORMAT)
    if not isinstance(form, int) or isinstance(form, bool) or form != FORMAT:
        raise ScenarioError(f"format: this program reads format {FORMAT}, not {shown(form)}")
    if "map" not in data:
        raise ScenarioError("map: missing (usa or europe)")
    if "players" not in data:
        raise ScenarioError("players: missing (a list of 2 to 5 names or {name, kind} objects)")
    player_levels(data["players"])
    _check_default_names(data["players"])
    try:
        state = new_game(data["map"], data.get("variant"), _without_levels(data["players"]), data.get("seed", 0),
                         data.get("first", 0))
        if "position" in data:
            # a copy: the state must not share lists with the caller's scenario (a save keeps it)
            _set_position(state, copy.deepcopy(data["position"]), data.get("seed", 0))
    except StateError as exc:
        raise ScenarioError(str(exc)) from None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError("actions: expected a list of actions in the text notation")
    parsed = []
    for i, text in enumerate(actions):
        try:
            parsed.append(parse_action(text))
        except ValueError as exc:
            raise ScenarioActionError(i, text, str(exc)) from None
    read_hints(data.get("hints"), len(state["players"]), len(parsed))
    if "steps" in data:
        try:
            read_steps(data["steps"], load_map(state["map"]), len(state["players"]), len(parsed))
        except StepsError as exc:
            raise ScenarioError(str(exc)) from None
    return state, parsed


def read_hints(data: Any, seats: int, actions: int) -> Hints:
    """A scenario's ``hints`` checked (raises ``ScenarioError`` saying what is wrong); None: the
    default, hints offered and none asked.

    >>> read_hints(None, 2, 0)
    {'offered': True, 'asked': []}
    >>> read_hints({"offered": True, "asked": [[1, 5]]}, 2, 4)
    Traceback (most recent call last):
    game.scenario.ScenarioError: hints.asked[0]: expected [seat, actions played] of this game
    """
    if data is None:
        return {"offered": True, "asked": []}
    if not isinstance(data, dict) or set(data) != {"offered", "asked"} or not isinstance(data["offered"], bool) \
            or not isinstance(data["asked"], list):
        raise ScenarioError("hints: expected {\"offered\": true or false, \"asked\": [[seat, actions played], ...]}")
    for i, pair in enumerate(data["asked"]):
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(n) is int for n in pair)
                and 0 <= pair[0] < seats and 0 <= pair[1] <= actions):
            raise ScenarioError(f"hints.asked[{i}]: expected [seat, actions played] of this game")
    if data["asked"] and not data["offered"]:
        raise ScenarioError("hints.asked: hints asked in a game that offers none")
    return {"offered": data["offered"], "asked": [list(pair) for pair in data["asked"]]}


def player_levels(players: Any) -> list[str | None]:
    """Each seat's AI level from a scenario's ``players`` (None for a human seat; an AI seat
    without one plays at ``DEFAULT_AI_LEVEL``); raises ``ScenarioError`` for a bad level.

    >>> player_levels(["Ann", {"name": "Bot", "kind": "ai"}, {"name": "Cy", "kind": "ai", "level": "hard"}])
    [None, 'medium', 'hard']
    """
    if not isinstance(players, (list, tuple)):
        return []        # new_game says what is wrong with it
    levels: list[str | None] = []
    for i, p in enumerate(players):
        kind = p.get("kind") if isinstance(p, dict) else None
        level = p.get("level") if isinstance(p, dict) else None
        if kind == "ai" and level is None:
            level = DEFAULT_AI_LEVEL
        problem = level_problem(kind, level)
        if problem is not None:
            raise ScenarioError(problem_text(SeatProblem(i, problem, {"level": level}), players))
        levels.append(level)
    return levels


def _check_default_names(players: Any) -> None:
    """A seat's ``default_name``, if given, is true or false."""
    if isinstance(players, (list, tuple)):
        for i, p in enumerate(players):
            if isinstance(p, dict) and not isinstance(p.get("default_name", False), bool):
                raise ScenarioError(f"players[{i}].default_name: expected true or false, not {shown(p['default_name'])}")


def _without_levels(players: Any) -> Any:
    """The players as the engine takes them: without what only the table reads (level, default_name)."""
    if not isinstance(players, (list, tuple)):
        return players
    return [{k: v for k, v in p.items() if k not in ("level", "default_name")} if isinstance(p, dict) else p
            for p in players]


def play_scenario(data: Any, keep_states: bool = False) -> tuple[State, list[State]]:
    """Load a scenario and play its actions; returns the final state (and every state if asked)."""
    state, actions = load_scenario(data)
    states = [copy_state(state)] if keep_states else []
    for i, action in enumerate(actions):
        try:
            apply_action(state, action)
        except IllegalActionError as exc:
            raise ScenarioActionError(i, str(action), str(exc)) from None
        if keep_states:
            states.append(copy_state(state))
    return state, states


def to_scenario(state: State, actions: list[Action] | None = None) -> Scenario:
    """A scenario that reproduces ``state`` exactly (a snapshot), optionally followed by actions."""
    fields: dict[str, Any] = dict(state)
    position = {k: fields[k] for k in POSITION_KEYS if k not in ("players", "deck_top")}
    position["players"] = [{k: v for k, v in p.items() if k in POSITION_PLAYER_KEYS} for p in state["players"]]
    scenario: Scenario = json.loads(json.dumps({
        "format": FORMAT, "map": state["map"], "variant": state["variant"],
        "players": [{"name": p["name"], "kind": p["kind"], "colour": p["colour"]} for p in state["players"]],
        "first": state["first"], "position": position, "actions": [str(a) for a in actions or []],
    }))
    return scenario


def _need(cond: bool, where: str, why: str) -> None:
    if not cond:
        raise StateError(f"position.{where}: {why}")


def _set_position(state: State, position: Any, seed: Any) -> None:
    """Overwrite the seeded setup with the position's fields; fill what it leaves out (docs/scenario.md)."""
    _need(isinstance(position, dict), "", "expected a JSON object")
    unknown = set(position) - POSITION_KEYS
    _need(not unknown, "", f"unknown field(s) {', '.join(sorted(unknown))}")
    game_map = load_map(state["map"])
    variant = game_map.variant(state["variant"])
    rng = Rng.from_seed(seed)
    n = len(state["players"])
    specs = position.get("players", [{}] * n)
    _need(isinstance(specs, list) and len(specs) == n, "players", f"expected one object per player ({n})")
    for i, (p, spec) in enumerate(zip(state["players"], specs)):
        _need(isinstance(spec, dict), f"players[{i}]", "expected an object")
        bad = set(spec) - POSITION_PLAYER_KEYS
        _need(not bad, f"players[{i}]", f"unknown field(s) {', '.join(sorted(bad))}")
        hand = spec.get("hand", {})
        _need(isinstance(hand, dict) and set(hand) <= set(CARD_KINDS), f"players[{i}].hand",
              f"expected counts of {', '.join(CARD_KINDS)}")
        p["hand"] = empty_hand()
        p["hand"].update(hand)
        p["tickets"], p["offer"] = spec.get("tickets", []), spec.get("offer", [])
        p["routes"], p["stations"] = spec.get("routes", []), spec.get("stations", [])
        p["withdrawn"], p["face_up"] = spec.get("withdrawn", []), spec.get("face_up", [])
        routes = p["routes"] if isinstance(p["routes"], list) else []
        lengths = [game_map.route(r).length for r in routes if isinstance(r, str) and game_map.has_route(r)]
        p["trains"] = spec.get("trains", game_map.rules["trains"] - sum(lengths))
        p["score"] = spec.get("score", sum(game_map.route_points(x) for x in lengths))
    # train cards: given piles as given; the deck, unless given, holds the rest in seeded order
    state["discard"], state["revealed"] = position.get("discard", []), position.get("revealed", [])
    market_given = "market" in position
    state["market"] = position.get("market", [])
    if "deck" in position:
        _need("deck_top" not in position, "deck_top", "give either the whole deck or its top, not both")
        state["deck"] = position["deck"]
    else:
        rest = full_deck()
        for pile in [state["discard"], state["revealed"], state["market"]] + \
                [[k for k, v in p["hand"].items() for _ in range(v if isinstance(v, int) and 0 <= v <= 200 else 0)]
                 for p in state["players"]]:
            _need(isinstance(pile, list), "cards", "expected lists of card kinds")
            for card in pile:
                _need(card in rest, "cards", f"more {shown(card)} cards placed than the game has"
                      if card in CARD_KINDS else f"{shown(card)} is not a card kind")
                rest.remove(card)
        rng.shuffle(rest)
        top = position.get("deck_top", [])
        _need(isinstance(top, list), "deck_top", "expected a list of card kinds")
        for card in top:
            _need(card in rest, "deck_top", f"no {shown(card)} card left for the top of the deck"
                  if card in CARD_KINDS else f"{shown(card)} is not a card kind")
            rest.remove(card)
        state["deck"] = list(top) + rest
    # tickets: the deck, unless given, holds the variant's regular tickets placed nowhere else
    placed = [t for p in state["players"] for key in ("tickets", "offer") if isinstance(p[key], list)
              for t in p[key] if isinstance(t, str)]
    tickets = game_map.variant_tickets(variant.id)
    if "ticket_deck" in position:
        state["ticket_deck"] = position["ticket_deck"]
        in_deck = state["ticket_deck"] if isinstance(state["ticket_deck"], list) else []
        state["box"] = position.get("box", [t.id for t in tickets if t.id not in placed and t.id not in in_deck])
    else:
        state["box"] = position.get("box", [])
        out = set(placed) | {t for t in (state["box"] if isinstance(state["box"], list) else []) if isinstance(t, str)}
        deck = [t.id for t in tickets if not t.long and t.id not in out]
        rng.shuffle(deck)
        state["ticket_deck"] = deck
        state["box"] = list(state["box"]) + [t.id for t in tickets if t.long and t.id not in out]
    phase = position.get("phase", Phase.START)
    _need(phase in _PHASES, "phase", f"expected one of {', '.join(Phase)}")
    state["phase"] = phase = Phase(phase)
    state["current"] = position.get("current", state["first"])
    state["stage"] = position.get("stage", 0 if phase == Phase.SETUP_TICKETS else len(variant.initial) - 1)
    state["tunnel"], state["last_round"] = position.get("tunnel"), position.get("last_round")
    state["passes"], state["turn"] = position.get("passes", 0), position.get("turn", 0)
    state["rng"] = position.get("rng", rng.to_json())
    if not market_given:
        for key, pile in (("deck", state["deck"]), ("discard", state["discard"])):
            _need(isinstance(pile, list) and all(isinstance(c, str) and c in CARD_KINDS for c in pile), key,
                  f"expected a list of card kinds ({', '.join(CARD_KINDS)})")
        try:
            Rng.from_json(state["rng"])
        except ValueError as exc:
            raise StateError(f"position.rng: {exc}") from None
        settle_market(state)
    if phase != Phase.OVER:
        validate(state)
        return
    _need(state["last_round"] is None and state["tunnel"] is None, "phase",
          "a finished game has no last round or tunnel in progress")
    # validated as a position in play first, so that final scoring only meets known ids; then
    # scored (the result is recomputed, never read from the file) and validated whole
    validate({**state, "phase": Phase.START})
    try:
        finish_game(state)
    except ScoringError as exc:
        raise StateError(f"position: the finished game cannot be scored: {exc}") from None
    validate(state)
