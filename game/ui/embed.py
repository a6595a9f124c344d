"""The embed page as a model (``index.html?embed``, ``docs/embed.md``): its options read from the
address, a lesson stepped through (the position after each step's actions, its text and what it
points out), the game played on from a step, and the messages exchanged with the host page.

Every problem is an :class:`EmbedError` carrying a ``game.problem.Problem``, so the embed
says in the reader's language what is wrong with the link or the scenario.

>>> from game.share import fragment
>>> options = read_options("?embed&step=1&view=none", "#" + fragment(
...     {"map": "usa", "players": ["Ann", "Bob"], "seed": 3, "actions": ["keep dallas--new-york,seattle--new-york"]}))
>>> options.step, options.view, options.controls, options.theme
(1, None, 'steps', 'auto')
>>> lesson = Lesson(read_fragment(options.fragment), options)
>>> lesson.index, len(lesson.steps), len(lesson.session.actions)
(1, 2, 1)
>>> lesson.go(0), len(lesson.session.actions), lesson.go(5)
(True, 0, False)
>>> goto_request({"type": "ttr:goto", "step": 1}, 2), goto_request({"type": "goto", "step": 1}, 2)
(1, None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from game.board.highlights import Highlights
from game.events import event_view
from game.jsontext import JsonTextError, read_json, shown
from game.mapdata import Variant, load_map
from game.problem import Problem, ProblemError
from game.rng import Rng
from game.rules import IllegalActionError
from game.scenario import Scenario, ScenarioError, load_scenario, to_scenario
from game.seats import DEFAULT_AI_LEVEL, MAX_SEATS
from game.share import (
    CONTROLS,
    DEFAULT_CONTROLS,
    DEFAULT_THEME,
    EMBED_KEY,
    EMBED_OPTIONS,
    FRAGMENT_KEY,
    THEMES,
    LinkError,
    read_fragment,
)
from game.state import HAND_SIZE, State, copy_state
from game.steps import MAX_STEPS, Step, scenario_steps
from game.ui import ending
from game.ui.moves import Cue, claimed_last, cues, last_moves
from game.ui.session import Session, Watching

MESSAGE_PREFIX = "ttr:"         # every message to or from the host page starts its type with this
# The messages' types (docs/embed.md): the one home of their names; static/boot.js sends HEIGHT
# and ERROR itself before Python starts (tests/test_loader_truths.py checks its copies).
READY = MESSAGE_PREFIX + "ready"        # the embed to its host: the lesson is shown
STEP = MESSAGE_PREFIX + "step"          # the embed to its host: the step shown changed
HEIGHT = MESSAGE_PREFIX + "height"      # the embed to its host: its content's height
ERROR = MESSAGE_PREFIX + "error"        # the embed to its host: it cannot show the link or start
GOTO = MESSAGE_PREFIX + "goto"          # the host to the embed: go to a step
MESSAGES = (READY, STEP, HEIGHT, ERROR, GOTO)
PLAY_MODES = ("ai", "hotseat")  # play on against AI seats, or pass and play
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*")
_MAX_PATH = 500


class EmbedError(ProblemError):
    """A link or a scenario the embed cannot show; ``problem`` says why."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(Problem(key, params))


@dataclass(frozen=True)
class EmbedOptions:
    """What the embed's address asks: the scenario (``fragment``, the text after ``#``, or
    ``file``, an address relative to the site), the first step, the seat shown (None: public
    facts only), the controls, the language (None: the browser's) and the theme."""

    fragment: str | None = None
    file: str | None = None
    step: int = 0
    view: int | None = None
    controls: str = DEFAULT_CONTROLS
    lang: str | None = None
    theme: str = DEFAULT_THEME


def is_embed(search: str) -> bool:
    """Whether the page's query string (``location.search``) asks for the embed."""
    return EMBED_KEY in {key for key, _value in parse_qsl(search.lstrip("?"), keep_blank_values=True)}


def read_options(search: str, hash_text: str) -> EmbedOptions:
    """The embed's options from ``location.search`` and ``location.hash`` (raises
    :class:`EmbedError` naming an unknown option, a value that cannot be, a missing scenario)."""
    seen: dict[str, str] = {}
    for key, value in parse_qsl(search.lstrip("?"), keep_blank_values=True):
        if key not in EMBED_OPTIONS:
            raise EmbedError("embed.error.option", name=shown(key))
        if key in seen:
            raise EmbedError("embed.error.twice", name=key)
        seen[key] = value
    step = seen.get("step", "0")
    if not step.isdigit() or not step.isascii() or int(step) >= MAX_STEPS:
        raise EmbedError("embed.error.step_value", value=shown(step))
    view = seen.get("view", "none")
    if view != "none" and not (view.isascii() and view.isdigit() and int(view) < MAX_SEATS):
        raise EmbedError("embed.error.view_value", value=shown(view))
    for name, choices, default in (("controls", CONTROLS, DEFAULT_CONTROLS), ("theme", THEMES, DEFAULT_THEME)):
        if seen.get(name, default) not in choices:
            raise EmbedError("embed.error.choice", name=name, value=shown(seen[name]), choices=", ".join(choices))
    lang = seen.get("lang")
    if lang is not None and not _LANGUAGE.fullmatch(lang):
        raise EmbedError("embed.error.lang", value=shown(lang))
    text = hash_text.removeprefix("#")
    file = seen.get("scenario")
    if file is not None and text:
        raise EmbedError("embed.error.both")
    if file is None and not text:
        raise EmbedError("embed.error.no_scenario")
    if file is not None and not site_path(file):
        raise EmbedError("embed.error.path", path=shown(file))
    return EmbedOptions(text or None, file, int(step), None if view == "none" else int(view),
                        seen.get("controls", DEFAULT_CONTROLS), lang, seen.get("theme", DEFAULT_THEME))


def site_path(path: str) -> bool:
    """Whether ``path`` is a relative address on the embed's own site (no scheme, host, query,
    fragment or backslash; not starting with ``/``).

    >>> site_path("static/examples/tunnel.json"), site_path("//evil.example/x.json"), site_path("https://x/y")
    (True, False, False)
    """
    return (0 < len(path) <= _MAX_PATH and not path.startswith("/") and path.isprintable()
            and not any(c in path for c in ":?#\\ ") and path.isascii())


def scenario_data(options: EmbedOptions, file_text: str | None = None) -> Any:
    """The scenario's JSON value: from the fragment, or from the file's text (read by the glue)."""
    if options.fragment is not None:
        if not options.fragment.startswith(FRAGMENT_KEY):
            raise EmbedError("embed.error.fragment", reason="the link's fragment does not start with s=")
        try:
            return read_fragment(options.fragment)
        except LinkError as exc:
            raise EmbedError("embed.error.fragment", reason=str(exc)) from None
    try:
        return read_json(file_text or "")
    except JsonTextError as exc:
        raise EmbedError("embed.error.file_json", path=options.file, reason=str(exc)) from None


class Lesson:
    """A scenario stepped through: ``steps`` (its own, else one per action), the one shown
    (``index``) and its game (``session``, watched from the options' seat).  Raises :class:`EmbedError`
    for a scenario that is not valid, does not replay, or does not have the step or seat the
    options ask for."""

    def __init__(self, data: Any, options: EmbedOptions) -> None:
        if not isinstance(data, dict):
            raise EmbedError("embed.error.scenario", reason="a scenario is a JSON object")
        try:
            state, actions = load_scenario(data)
            start: Scenario = {k: v for k, v in data.items() if k not in ("actions", "steps")}   # type: ignore[assignment]
            whole = Session({**start, "actions": [str(a) for a in actions]})     # every action replays
        except (ScenarioError, IllegalActionError) as exc:
            raise EmbedError("embed.error.scenario", reason=str(exc)) from None
        seats = len(state["players"])
        self.map = whole.map
        self.steps: tuple[Step, ...] = scenario_steps(data, self.map, seats, len(actions))
        if options.step >= len(self.steps):
            raise EmbedError("embed.error.step_range", step=options.step, last=len(self.steps) - 1)
        if options.view is not None and options.view >= seats:
            raise EmbedError("embed.error.view_range", seat=options.view, last=seats - 1)
        self.start = start
        self.actions = whole.actions
        self.seat = options.view
        self.index = options.step
        self.session = self._replay(self.steps[self.index].after)
        self.cued = len(self.session.events)

    def _replay(self, after: int) -> Session:
        session = Session(self.start, Watching(self.seat))
        for action in self.actions[:after]:
            session.play(action)
        return session

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def go(self, index: int) -> bool:
        """Show step ``index``: forward, its actions are played on the game shown (their cues
        follow, as in a game); back, the game is replayed to it without cues.  Whether it moved
        (False for a step out of range or the one shown)."""
        if not 0 <= index < len(self.steps) or index == self.index:
            return False
        after = self.steps[index].after
        played = len(self.session.actions)
        if after >= played:
            for action in self.actions[played:after]:
                self.session.play(action)
        else:
            self.session = self._replay(after)
            self.cued = len(self.session.events)
        self.index = index
        return True

    def take_cues(self) -> list[Cue]:
        """The cues of the moves played since the last call, as the shown seat sees them."""
        new = self.session.events[self.cued:]
        self.cued = len(self.session.events)
        return [cue for event in new for cue in cues(event_view(event, self.seat))]

    def highlights(self) -> Highlights:
        """The step's routes and cities (with its tickets' cities), the last claims, and once the
        game is over the longest trails and the routes stations borrow (as the game shows them)."""
        step = self.step
        end = ending.end_highlights(self.session.state) if self.session.over else {"trail": set(), "borrowed": set()}
        return Highlights(network=frozenset(step.routes), cities=step.lit_cities(self.map),
                          last=claimed_last(last_moves(self.session.public_events)),
                          trail=frozenset(end["trail"]), borrowed=frozenset(end["borrowed"]))

    def play_scenario(self, mode: str, seed: int) -> tuple[Scenario, bool]:
        """The game to play on from the step shown — ``ai`` (the shown seat, or the seat to act,
        is the reader's; the others are AI seats) or ``hotseat`` (every seat human) — and
        whether anything hidden was dealt for it.  It is a real game from the position shown:
        what the lesson set and what its moves made stays, and what a game keeps hidden is
        dealt anew from ``seed`` (:func:`dealt_for_play`)."""
        reader = self.seat if self.seat is not None else self.session.current
        seats = []
        for i, player in enumerate(self.start["players"]):
            seat: dict[str, Any] = {"name": player} if isinstance(player, str) else dict(player)
            seat["colour"] = self.session.state["players"][i]["colour"]
            if mode == "ai" and i != reader:
                seat["kind"], seat["level"] = "ai", seat.get("level", DEFAULT_AI_LEVEL)
            else:
                seat["kind"] = "human"
                seat.pop("level", None)
            seats.append(seat)
        set_players = self.start.get("position", {}).get("players") or [{}] * len(seats)
        state, dealt = dealt_for_play(self.session.state, set_players, seed)
        return {**to_scenario(state), "players": seats}, dealt       # type: ignore[typeddict-item]

    # --- the host page's messages ---------------------------------------------------------------

    def ready_message(self) -> dict[str, Any]:
        return {"type": READY, "step": self.index, "steps": len(self.steps)}

    def step_message(self) -> dict[str, Any]:
        return {"type": STEP, "step": self.index, "steps": len(self.steps),
                "text": self.step.text}


def ticket_keep(variant: Variant) -> tuple[int, int]:
    """(long, regular): the fewest tickets a player keeps from the variant's first ticket deal,
    a long one first where it deals any (Europe: 1 long and 1 regular of the 2 kept; Mega
    Europe: 1 long, then 2 regular; USA and Big Cities: 2 regular)."""
    long_kept = regular = 0
    for stage in variant.initial:
        least = stage.get("keep_min_after_long", stage["keep_min"]) if long_kept else stage["keep_min"]
        taken = 1 if stage["long"] and not long_kept else 0
        long_kept += taken
        if stage["regular"]:
            regular += max(0, least - taken)
    return long_kept, regular


def dealt_for_play(state: State, set_players: Any, seed: int) -> tuple[State, bool]:
    """A copy of a lesson's ``state`` made a real game to play on, and whether anything was dealt.

    A lesson's file is public, and so is every hidden part of its game that it leaves to its
    seed: the order of the deck and of the tickets, and the cards and tickets it leaves
    empty.  So both decks are shuffled anew from ``seed``, and a seat whose position
    (``set_players``, the lesson's ``position.players``) sets no hand and holds no card is
    dealt a game's first hand (4 cards), and one that sets no tickets and holds none (nor an
    offer) is dealt the fewest a player keeps from the first ticket deal (:func:`ticket_keep`).
    What the lesson set, or its moves made — hands, tickets, routes, stations, the market, the
    discard pile, the cards a tunnel revealed — stays as it is; the game's own random numbers
    go on from ``seed`` too.
    """
    new = copy_state(state)
    rng = Rng.from_seed(f"play:{seed}")
    rng.shuffle(new["deck"])
    rng.shuffle(new["ticket_deck"])
    game_map = load_map(new["map"])
    long_ids = sorted(t.id for t in game_map.variant_tickets(new["variant"]) if t.long)
    long_pile = [t for t in long_ids if t in new["box"]]
    rng.shuffle(long_pile)
    n_long, n_regular = ticket_keep(game_map.variant(new["variant"]))
    specs = set_players if isinstance(set_players, list) else []
    dealt = False
    for i, player in enumerate(new["players"]):
        spec = specs[i] if i < len(specs) and isinstance(specs[i], dict) else {}
        if "hand" not in spec and not any(player["hand"].values()):
            for card in new["deck"][:HAND_SIZE]:
                player["hand"][card] += 1
            dealt = dealt or bool(new["deck"][:HAND_SIZE])
            del new["deck"][:HAND_SIZE]
        if "tickets" not in spec and "offer" not in spec and not player["tickets"] and not player["offer"]:
            chosen = long_pile[:n_long] + new["ticket_deck"][:n_regular]
            del long_pile[:n_long], new["ticket_deck"][:n_regular]
            new["box"] = [t for t in new["box"] if t not in chosen]
            player["tickets"] = chosen
            dealt = dealt or bool(chosen)
    new["rng"] = rng.to_json()
    return new, dealt


def height_message(height: float) -> dict[str, Any]:
    """The embed's content height in CSS pixels, rounded up."""
    return {"type": HEIGHT, "height": int(-(-height // 1))}


def error_message(text: str) -> dict[str, Any]:
    return {"type": ERROR, "message": text}


def goto_request(data: Any, steps: int) -> int | None:
    """The step a host's message asks for — ``{"type": "ttr:goto", "step": N}`` with N a step
    of the lesson — or None for anything else (ignored)."""
    if not isinstance(data, dict) or data.get("type") != GOTO:
        return None
    step = data.get("step")
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < steps:
        return None
    return step
