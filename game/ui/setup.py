"""New-game options: map, variant, 2 to 5 seats (human or AI at a level, name, colour) and an
optional seed.

The options are checked as a whole; every problem is a ``game.problem.Problem`` (an i18n key with
its parameters), so the setup screen can show them all at once.  Valid options become a scenario (``docs/scenario.md``):

>>> opts = default_options("europe", 3)
>>> opts.problems()
[]
>>> s = opts.scenario(fallback_seed=7)
>>> s["map"], s["variant"], s["seed"], [p["colour"] for p in s["players"]]
('europe', 'europe', 7, ['red', 'blue', 'green'])
>>> [seat_choice(seat) for seat in opts.seats], s["players"][1]["level"]
(['human', 'ai:medium', 'ai:medium'], 'medium')

A name the game made (``Seat.default``) follows the language: the first human seat is
"Player 1", an AI seat takes the next free name of the language's list (``setup.ai_name.*``
in the catalogs), never one that looks like another seat's name; ``with_default_names``
makes them again (another language, a seat changed between human and AI), and a name the
player typed is never changed:

>>> [s.name for s in opts.seats]
['Player 1', 'Casey', 'Ada']
>>> typed = replace(opts, seats=(Seat("ada", colour="red"),) + opts.seats[1:])
>>> [s.name for s in with_default_names(typed).seats]
['ada', 'Casey', 'George']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.i18n import _
from game.mapdata import MAP_IDS, MapDataError, load_map
from game.names import MAX_NAME, normal_name, skeleton
from game.problem import Problem
from game.scenario import Scenario, ScenarioPlayer
from game.seats import (
    DEFAULT_AI_LEVEL,
    MAX_SEATS,
    MIN_SEATS,
    PLAYER_COLOURS,
    TURN_LIMITS,
    seat_problems,
)
from game.state import FORMAT as SCENARIO_FORMAT

MAX_SEED = 40
GUEST = "guest"             # the form's choice for a seat played on a guest's device
# each language's names for AI seats, taken in this order (a catalog entry each, so translators choose them)
AI_NAME_KEYS = ("setup.ai_name.1", "setup.ai_name.2", "setup.ai_name.3", "setup.ai_name.4",
                "setup.ai_name.5", "setup.ai_name.6")


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"         # "human" or "ai"
    colour: str = "red"
    level: str = DEFAULT_AI_LEVEL   # an AI seat's level (ignored for a human)
    default: bool = False       # the name is the game's, made again in the player's language until edited
    remote: bool = False        # a human seat played on a guest's own device (play on several devices)


def seat_choice(seat: Seat) -> str:
    """The new-game form's value for who plays a seat: ``human``, ``guest`` (a human on their own
    device, in a game on several devices) or ``ai:<level>``."""
    return f"ai:{seat.level}" if seat.kind == "ai" else GUEST if seat.remote else "human"


def seat_from_choice(name: str, choice: str, colour: str, default: bool = False) -> Seat:
    """The seat the form describes (an unknown choice is kept, for ``problems`` to report);
    ``default``: the name is still the one the game made."""
    if choice == GUEST:
        return Seat(name, "human", colour, default=default, remote=True)
    kind, _sep, level = choice.partition(":")
    return Seat(name, kind, colour, level, default) if kind == "ai" else Seat(name, kind, colour, default=default)


@dataclass(frozen=True)
class GameOptions:
    map: str = "usa"
    variant: str = "usa"
    seats: tuple[Seat, ...] = ()
    seed: str = ""              # empty: a fresh random seed
    hints: bool = True          # the Hint command offered to every human player (game.ui.hints)
    devices: bool = False       # play on several devices: this device hosts, guests join (game.ui.netplay)
    turn_limit: int = 0         # on several devices: seconds for each decision (``TURN_LIMITS``; 0: no limit)

    def problems(self) -> list[Problem]:
        """Everything wrong with these options (empty when a game can start)."""
        found: list[Problem] = []
        if self.map not in MAP_IDS:
            return [Problem("setup.error.map", {"map": self.map})]
        if self.variant not in variant_ids(self.map):
            found.append(Problem("setup.error.variant", {"variant": self.variant}))
        # the seats are checked as the engine checks them (game.seats); a very long name is
        # not normalised (it is refused as long anyway)
        seats = [{"name": normal_name(s.name) if len(s.name) <= 4 * MAX_NAME else s.name, "kind": s.kind,
                  "colour": s.colour, "level": s.level if s.kind == "ai" else None} for s in self.seats]
        colours = False         # one problem for all the colours, after the others
        for seat, key, params in seat_problems(seats):
            number = None if seat is None else seat + 1
            if key == "seats":
                found.append(Problem("setup.error.seats", params))
            elif key == "name_long":
                found.append(Problem("setup.error.name_long", {"seat": number, "count": MAX_NAME}))
            elif key == "name_twice":
                found.append(Problem("setup.error.name_twice", {"name": seats[seat or 0]["name"]}))
            elif key in ("name_invisible", "name_empty", "kind"):
                found.append(Problem(f"setup.error.{key}", {"seat": number}))
            elif key == "level":
                found.append(Problem("setup.error.level", {"seat": number, "level": params["level"]}))
            elif key in ("colour", "colour_twice"):
                colours = True
        if colours:
            found.append(Problem("setup.error.colours"))
        if self.devices:
            # the host's device shows at most one player's cards; a table needs a guest
            if sum(s.kind == "human" and not s.remote for s in self.seats) > 1:
                found.append(Problem("setup.error.net_here"))
            if not any(s.remote for s in self.seats if s.kind == "human"):
                found.append(Problem("setup.error.net_guests"))
            if self.seed.strip():
                found.append(Problem("setup.error.net_seed"))
            if self.turn_limit and self.turn_limit not in TURN_LIMITS:
                found.append(Problem("setup.error.turn_limit"))
        if len(self.seed.strip()) > MAX_SEED:
            found.append(Problem("setup.error.seed", {"count": MAX_SEED}))
        return found

    def scenario(self, fallback_seed: int) -> Scenario:
        """The scenario that starts this game; ``fallback_seed`` is used when no seed was given."""
        seed_text = self.seed.strip()
        seed: int | str = fallback_seed if not seed_text else int(seed_text) if seed_text.isdigit() else seed_text
        scenario: Scenario = {"format": SCENARIO_FORMAT, "map": self.map, "variant": self.variant,
                              "players": [_player(s) for s in self.seats], "seed": seed, "actions": []}
        if not self.hints:
            scenario["hints"] = {"offered": False, "asked": []}
        return scenario


def _player(seat: Seat) -> ScenarioPlayer:
    player: ScenarioPlayer = {"name": normal_name(seat.name), "kind": seat.kind, "colour": seat.colour}
    if seat.kind == "ai":
        player["level"] = seat.level
    if seat.default:
        player["default_name"] = True
    return player


def variant_ids(map_id: str) -> tuple[str, ...]:
    try:
        return tuple(v.id for v in load_map(map_id).variants)
    except MapDataError:
        return ()


def default_names(kinds: Sequence[str], names: Sequence[str | None]) -> list[str]:
    """Each seat's name: ``names[i]``, or where it is None the game's name for a seat of
    ``kinds[i]`` in the current language ("Player 2" for a human; the next name of the
    language's list for an AI seat, skipping those that look like another seat's, then
    "Player 2" again if the list runs out)."""
    taken = {skeleton(n) for n in names if n is not None}
    pool = [name for name in (_(key) for key in AI_NAME_KEYS) if skeleton(name) not in taken]
    made: list[str] = []
    for i, (kind, name) in enumerate(zip(kinds, names)):
        if name is None:
            name = pool.pop(0) if kind == "ai" and pool else _("setup.default_name", number=i + 1)
        made.append(name)
    return made


def with_default_names(options: GameOptions) -> GameOptions:
    """The options with every name the game made (``Seat.default``) made again in the current
    language; a name the player typed is kept."""
    names = default_names([s.kind for s in options.seats], [None if s.default else s.name for s in options.seats])
    return replace(options, seats=tuple(replace(s, name=n) for s, n in zip(options.seats, names)))


def with_devices(options: GameOptions, on: bool) -> GameOptions:
    """The options played on several devices (``on``) or on this one: off, every guest's seat is
    a human seat of this device again.  On, the table can start as it is: one player at most
    plays on this device (every other human seat becomes a guest's device), and when no seat is
    a guest's yet, the first seat after the host's is (seat 2 of a new game, an AI seat made a
    human's; a name the game gave follows).

    >>> [seat_choice(s) for s in with_devices(default_options("usa", 3), True).seats]
    ['human', 'guest', 'ai:medium']
    >>> [seat_choice(s) for s in with_devices(with_devices(default_options("usa", 3), True), False).seats]
    ['human', 'human', 'ai:medium']
    """
    if not on:
        return replace(options, devices=False, seats=tuple(replace(s, remote=False) for s in options.seats),
                       turn_limit=0)
    seats = list(options.seats)
    host = next((i for i, s in enumerate(seats) if s.kind == "human" and not s.remote), None)
    for i, seat in enumerate(seats):
        if seat.kind == "human" and i != host:
            seats[i] = replace(seat, remote=True)
    if not any(s.remote for s in seats) and len(seats) > 1:
        first = next(i for i in range(len(seats)) if i != host)
        seats[first] = replace(seats[first], kind="human", remote=True)
    return with_default_names(replace(options, devices=True, seats=tuple(seats)))


# What only a choice that draws the form again can mend (who plays each seat, the box "Play on
# several devices"): while one stands, the form does not offer Start (the button says why).
BLOCKING = frozenset({"setup.error.net_here", "setup.error.net_guests"})


def start_blocked(problems: Sequence[Problem]) -> Problem | None:
    """The problem that keeps the form from offering Start (None: Start is offered; a name or a
    seed typed wrong is said when Start is pressed, under the form)."""
    return next((p for p in problems if p.key in BLOCKING), None)


def default_seats(count: int) -> tuple[Seat, ...]:
    """``count`` seats: the first human, the others AI, each with the next free colour and a name of the game's."""
    kinds = ["human" if i == 0 else "ai" for i in range(count)]
    names = default_names(kinds, [None] * count)
    return tuple(Seat(names[i], kinds[i], PLAYER_COLOURS[i], default=True) for i in range(count))


def default_options(map_id: str = "usa", seats: int = 2) -> GameOptions:
    return GameOptions(map_id, variant_ids(map_id)[0], default_seats(seats))


def with_seat_count(options: GameOptions, count: int) -> GameOptions:
    """The options with seats added (AI, free colours) or removed from the end."""
    count = max(MIN_SEATS, min(MAX_SEATS, count))
    seats = list(options.seats[:count])
    free = [c for c in PLAYER_COLOURS if c not in {s.colour for s in seats}]
    while len(seats) < count:
        seats.append(Seat("", "ai", free.pop(0), default=True))
    return with_default_names(replace(options, seats=tuple(seats)))


@dataclass
class StartScreen:
    """The start screen's new-game form: its options and what is wrong with them (said under
    the form, beside Start, whenever it is drawn)."""
    options: GameOptions = field(default_factory=lambda: default_options("usa", 2))
    problems: list[Problem] = field(default_factory=list)


def rematch(scenario: Scenario, fallback_seed: int) -> Scenario:
    """A new game with the same map, variant, players and hints offered (or not) as ``scenario``
    and a fresh seed."""
    again: Scenario = {"format": SCENARIO_FORMAT, "map": scenario["map"], "variant": scenario.get("variant"),
                       "players": scenario["players"], "seed": fallback_seed, "actions": []}
    if "hints" in scenario and not scenario["hints"]["offered"]:
        again["hints"] = {"offered": False, "asked": []}
    return again
