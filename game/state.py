"""The game state: setup per map and variant, card movements, validation and JSON with a format version.

The state is a plain dict of JSON values (see ``docs/scenario.md`` for every key); the seeded
RNG lives inside it as ``state["rng"]``.  Card piles are lists of card kinds with the top
first; hands are ``{kind: count}`` with every kind present, in ``CARD_KINDS`` order.

>>> s = new_game("usa", players=2, seed=7)
>>> s["phase"], s["current"], len(s["market"]), sum(s["players"][0]["hand"].values())
(<Phase.SETUP_TICKETS: 'setup-tickets'>, 0, 5, 4)
>>> from_json(to_json(s)) == s
True
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, TypedDict, TypeGuard

from game.jsontext import JsonTextError, kind_of, read_json, shown
from game.mapdata import (
    CARD_KINDS,
    CARDS_PER_COLOUR,
    GRAY,
    LOCOMOTIVE,
    LOCOMOTIVES,
    MAP_IDS,
    TRAIN_COLOURS,
    GameMap,
    MapDataError,
    Stage,
    Variant,
    load_map,
)
from game.names import normal_name
from game.rng import Rng
from game.scoring import FinalScoreJson, PlayerPosition, final_scoring
from game.seats import MAX_SEATS, MIN_SEATS, PLAYER_COLOURS, problem_text, seat_problems

FORMAT = 1
MARKET_SIZE = 5
MARKET_LOCOMOTIVE_LIMIT = 3          # this many face-up locomotives reset the market
HAND_SIZE = 4
TOTAL_CARDS = CARDS_PER_COLOUR * len(TRAIN_COLOURS) + LOCOMOTIVES
MAX_COUNT = 1_000_000                # bound of turn, passes and |score| (a real game stays under 1,000)


class StateError(ValueError):
    """A saved or constructed state is malformed; the message names the field and the reason."""


class Phase(StrEnum):
    """The step of the game the current player is at; a state saves it as its text."""
    SETUP_TICKETS = "setup-tickets"     # the initial ticket choice, seat by seat
    START = "start"                     # the start of a turn
    SECOND_DRAW = "second-draw"         # the second train card of a draw
    TUNNEL = "tunnel"                   # a tunnel's extra cost: pay it or withdraw
    TICKETS = "tickets"                 # tickets drawn in play: keep some
    OVER = "over"                       # the game is over; ``result`` holds final scoring


class Player(TypedDict):
    """One seat of a state (docs/scenario.md)."""
    name: str
    kind: str                   # one of game.seats.PLAYER_KINDS
    colour: str                 # one of game.seats.PLAYER_COLOURS
    hand: dict[str, int]        # card kind -> count, every kind present, in CARD_KINDS order
    tickets: list[str]          # kept tickets
    offer: list[str]            # tickets on offer, to keep some of
    routes: list[str]
    stations: list[str]         # cities with one of this player's stations
    trains: int
    score: int
    withdrawn: list[Withdrawal]  # tunnels this player withdrew from, while the route is still open to it
    face_up: list[str]          # cards seen going into (or back to) the hand, less payments since (public; R21)


class Withdrawal(TypedDict):
    """A public fact: the player withdrew from this tunnel when ``extra`` more cards of
    ``colour`` (or locomotives) were asked; kept until the route is claimed or closed to the player."""
    route: str
    colour: str
    extra: int


class Tunnel(TypedDict):
    """A tunnel claim waiting for its extra cost: the route and the cards already played."""
    route: str
    colour: str
    cards: int
    locomotives: int
    extra: int


class State(TypedDict):
    """The whole game (docs/scenario.md); at run time a plain ``dict``."""
    format: int
    map: str
    variant: str
    rng: str                    # game.rng.Rng.to_json()
    players: list[Player]
    deck: list[str]             # train cards, top first
    discard: list[str]
    market: list[str]           # face-up cards
    revealed: list[str]         # a tunnel's turned-over cards
    ticket_deck: list[str]
    box: list[str]              # tickets out of the game
    first: int
    current: int
    phase: Phase
    stage: int                  # the stage of the initial ticket deal
    tunnel: Tunnel | None
    last_round: int | None      # turns left once the last round started
    passes: int                 # passes in a row
    turn: int
    result: FinalScoreJson | None


def empty_hand() -> dict[str, int]:
    return {kind: 0 for kind in CARD_KINDS}


def full_deck() -> list[str]:
    """The 110 train cards, unshuffled."""
    return [c for c in TRAIN_COLOURS for _ in range(CARDS_PER_COLOUR)] + [LOCOMOTIVE] * LOCOMOTIVES


def new_player(name: str, kind: str, colour: str, trains: int) -> Player:
    return {"name": name, "kind": kind, "colour": colour, "hand": empty_hand(), "tickets": [],
            "offer": [], "routes": [], "stations": [], "trains": trains, "score": 0, "withdrawn": [],
            "face_up": []}


class PlayerSpec(TypedDict):
    """A seat of a new game: ``player_specs`` fills in the colour."""
    name: str
    kind: str
    colour: str


def player_specs(players: int | Sequence[Any]) -> list[PlayerSpec]:
    """Normalise ``3`` or ``["Ann", {"name": "Bot", "kind": "ai", "colour": "black"}, ...]`` to
    name/kind/colour dicts (players without a colour take the free ones in the order red, blue,
    green, yellow, black).  Names are stored in their normal form (``game.names``); the seats
    are checked by ``game.seats.seat_problems`` (a name that is unusable or looks like another
    player's is refused)."""
    if _is_int(players) and MIN_SEATS <= players <= MAX_SEATS:
        players = [f"Player {i + 1}" for i in range(players)]
    if not isinstance(players, (list, tuple)) or not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise StateError(f"players: a game has {MIN_SEATS} to {MAX_SEATS} players")
    seats: list[dict[str, Any]] = []
    for i, p in enumerate(players):
        if isinstance(p, str):
            p = {"name": p}
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise StateError(f"players[{i}]: expected a name or an object with a non-empty \"name\"")
        unknown = set(p) - {"name", "kind", "colour"}
        if unknown:
            raise StateError(f"players[{i}]: unknown field(s) {', '.join(sorted(unknown))}")
        seats.append({"name": normal_name(p["name"]), "kind": p.get("kind", "human"), "colour": p.get("colour")})
    _check_seats(seats)
    chosen = [s["colour"] for s in seats if s["colour"] is not None]
    free = [c for c in PLAYER_COLOURS if c not in chosen]
    # the others take the free colours in order
    return [{"name": s["name"], "kind": s["kind"], "colour": s["colour"] if s["colour"] is not None else free.pop(0)}
            for s in seats]


def _check_seats(seats: Sequence[Mapping[str, object]]) -> None:
    """Raise :class:`StateError` for the first problem of ``game.seats.seat_problems``."""
    problems = seat_problems(seats)
    if problems:
        raise StateError(problem_text(problems[0], seats))


def new_game(map_id: str, variant: str | None = None, players: int | Sequence[Any] = 2,
             seed: int | str = 0, first: int = 0) -> State:
    """A fresh game: shuffled deck, 4 cards dealt each, market settled, first ticket offers dealt."""
    game_map, var = _map_and_variant(map_id, variant, nameless=True)
    specs = player_specs(players)
    if not _is_int(first) or not 0 <= first < len(specs):
        raise StateError(f"first: seat {shown(first)} is not a player")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise StateError("seed: expected an integer or a string")
    deck = full_deck()
    trains = game_map.rules["trains"]
    state: State = {
        "format": FORMAT, "map": game_map.id, "variant": var.id, "rng": Rng.from_seed(seed).to_json(),
        "players": [new_player(p["name"], p["kind"], p["colour"], trains) for p in specs],
        "deck": deck, "discard": [], "market": [], "revealed": [],
        "ticket_deck": [], "box": [],
        "first": first, "current": first, "phase": Phase.SETUP_TICKETS, "stage": 0,
        "tunnel": None, "last_round": None, "passes": 0, "turn": 0, "result": None,
    }
    shuffle(state, deck)
    for _ in range(HAND_SIZE):
        for p in state["players"]:
            p["hand"][deck.pop(0)] += 1
    state["market"] = deck[:MARKET_SIZE]
    del deck[:MARKET_SIZE]
    settle_market(state)
    tickets = game_map.variant_tickets(var.id)
    regular = [t.id for t in tickets if not t.long]
    long_ = [t.id for t in tickets if t.long]
    shuffle(state, regular)
    shuffle(state, long_)
    state["ticket_deck"] = regular
    deal_stage(state, var.initial[0], long_)
    return state


def shuffle(state: State, items: list[str]) -> None:
    """Shuffle ``items`` in place with the state's own RNG (``state["rng"]`` moves on)."""
    rng = Rng.from_json(state["rng"])
    rng.shuffle(items)
    state["rng"] = rng.to_json()


def deal_stage(state: State, stage: Stage, long_tickets: Sequence[str] = ()) -> None:
    """Deal one stage of the initial ticket offer to every player, long tickets (first stage
    only) from ``long_tickets``; the long tickets not dealt leave the game."""
    long_pile = list(long_tickets)
    n_long, n_regular = stage["long"], stage["regular"]
    for p in state["players"]:
        p["offer"] = long_pile[:n_long] + state["ticket_deck"][:n_regular]
        del long_pile[:n_long]
        del state["ticket_deck"][:n_regular]
    state["box"].extend(long_pile)


def draw_card(state: State) -> str | None:
    """Take the top card of the deck, reshuffling the discard pile first if the deck is empty."""
    deck = state["deck"]
    if not deck:
        if not state["discard"]:
            return None
        deck.extend(state["discard"])
        state["discard"].clear()
        shuffle(state, deck)
    return deck.pop(0)


def _fill_market(state: State) -> list[str]:
    """Turn up cards until the market has 5 (or the cards run out); the cards turned up."""
    market = state["market"]
    turned: list[str] = []
    while len(market) < MARKET_SIZE:
        card = draw_card(state)
        if card is None:
            break
        market.append(card)
        turned.append(card)
    return turned


def settle_market(state: State) -> tuple[list[str], int]:
    """Fill the market to 5 and apply the three-locomotive reset (see docs/rules.md, ruling R5);
    the cards turned up, in order, and how many resets there were."""
    market = state["market"]
    turned = _fill_market(state)
    resets = 0
    while market.count(LOCOMOTIVE) >= MARKET_LOCOMOTIVE_LIMIT:
        pool = len(state["deck"]) + len(state["discard"]) + len(market)
        pool_locos = state["deck"].count(LOCOMOTIVE) + state["discard"].count(LOCOMOTIVE) \
            + market.count(LOCOMOTIVE)
        size = min(MARKET_SIZE, pool)
        if pool - pool_locos < size - (MARKET_LOCOMOTIVE_LIMIT - 1):
            break           # no possible market has fewer than 3 locomotives: leave it
        state["discard"].extend(market)
        market.clear()
        turned += _fill_market(state)
        resets += 1
    return turned, resets


def copy_state(state: State) -> State:
    """An independent copy (much faster than ``copy.deepcopy`` for this shape)."""
    new = state.copy()
    new["deck"], new["discard"], new["market"] = state["deck"][:], state["discard"][:], state["market"][:]
    new["revealed"], new["ticket_deck"], new["box"] = state["revealed"][:], state["ticket_deck"][:], state["box"][:]
    players = []
    for p in state["players"]:
        q = p.copy()
        q["hand"], q["tickets"], q["offer"] = p["hand"].copy(), p["tickets"][:], p["offer"][:]
        q["routes"], q["stations"] = p["routes"][:], p["stations"][:]
        q["withdrawn"], q["face_up"] = [w.copy() for w in p["withdrawn"]], p["face_up"][:]
        players.append(q)
    new["players"] = players
    if state["tunnel"] is not None:
        new["tunnel"] = state["tunnel"].copy()
    if state["result"] is not None:
        new["result"] = json.loads(json.dumps(state["result"]))
    return new


def to_json(state: State) -> str:
    """The canonical text of a state (sorted keys: equal states give byte-identical text)."""
    return json.dumps(state, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def from_json(text: str) -> State:
    """Load and validate a saved state; a broken save raises :class:`StateError`, never half-loads."""
    try:
        data = read_json(text)
    except JsonTextError as exc:
        raise StateError(str(exc)) from None
    if isinstance(data, dict) and isinstance(data.get("players"), list):
        for p in data["players"]:       # saved before players had "withdrawn" or "face_up": none recorded
            if isinstance(p, dict):
                p.setdefault("withdrawn", [])
                p.setdefault("face_up", [])
    validate(data)
    state: State = data
    state["phase"] = Phase(state["phase"])
    for p in state["players"]:     # JSON text has sorted keys; the engine lists hands in CARD_KINDS order
        p["hand"] = {kind: p["hand"][kind] for kind in CARD_KINDS}
    return state


def _expect(cond: bool, where: str, why: str) -> None:
    if not cond:
        raise StateError(f"{where}: {why}")


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _map_and_variant(map_id: Any, variant: Any, nameless: bool) -> tuple[GameMap, Variant]:
    """The map and variant named by outside data (ids checked for type and known before any
    lookup); ``nameless``: the variant may be None (the map's first)."""
    _expect(isinstance(map_id, str), "map", f"expected a map id (text), not {kind_of(map_id)}")
    _expect(map_id in MAP_IDS, "map", f"unknown map {shown(map_id)} (known: {', '.join(MAP_IDS)})")
    _expect(isinstance(variant, str) or nameless and variant is None, "variant",
            f"expected a variant id (text), not {kind_of(variant)}")
    try:
        game_map = load_map(map_id)
    except MapDataError as exc:
        raise StateError(f"map: {exc}") from None
    known = [v.id for v in game_map.variants]
    _expect(variant is None or variant in known, "variant",
            f"no variant {shown(variant)} on the {map_id} map (known: {', '.join(known)})")
    return game_map, game_map.variant(variant)


_CARD_SET = frozenset(CARD_KINDS)
_PHASES = tuple(Phase)
_RNG_TEXT = re.compile(r"[0-9a-f]{16}")


@functools.cache
def _variant_ticket_ids(map_id: str, variant_id: str) -> tuple[frozenset[str], frozenset[str]]:
    """(every ticket id, long ticket ids) of a variant."""
    tickets = load_map(map_id).variant_tickets(variant_id)
    return frozenset(t.id for t in tickets), frozenset(t.id for t in tickets if t.long)


def _card_list(holder: Mapping[str, Any], key: str, where: str | None = None) -> list[str]:
    """``holder[key]`` checked as a list of card kinds (``where``: the field's name in a message)."""
    pile = holder.get(key)
    if not (isinstance(pile, list) and all(isinstance(c, str) for c in pile) and _CARD_SET.issuperset(pile)):
        raise StateError(f"{where or key}: expected a list of card kinds ({', '.join(CARD_KINDS)})")
    return pile


def validate(state: Any) -> None:
    """Check every field of a state and the conservation of cards, tickets, routes and stations."""
    _expect(isinstance(state, dict), "state", "expected a JSON object")
    _expect(_is_int(state.get("format")) and state["format"] == FORMAT, "format", f"expected {FORMAT}, got {shown(state.get('format'))}")
    required = {"map", "variant", "rng", "players", "deck", "discard", "market", "revealed", "ticket_deck", "box", "first", "current", "phase", "stage", "tunnel", "last_round",
                "passes", "turn", "result", "format"}
    missing, unknown = required - set(state), set(state) - required
    _expect(not missing, "state", f"missing field(s) {', '.join(sorted(missing))}")
    _expect(not unknown, "state", f"unknown field(s) {', '.join(sorted(unknown))}")
    game_map, var = _map_and_variant(state["map"], state["variant"], nameless=False)
    _expect(isinstance(state["rng"], str) and _RNG_TEXT.fullmatch(state["rng"]) is not None, "rng",
            "expected 16 hexadecimal digits (0-9, a-f)")
    players = state["players"]
    _expect(isinstance(players, list) and MIN_SEATS <= len(players) <= MAX_SEATS, "players",
            f"expected {MIN_SEATS} to {MAX_SEATS} players")
    n = len(players)
    counts = dict.fromkeys(CARD_KINDS, 0)
    for key in ("deck", "discard", "market", "revealed"):
        for c in _card_list(state, key):
            counts[c] += 1
    _expect(len(state["market"]) <= MARKET_SIZE, "market", "at most 5 face-up cards")
    ticket_ids, long_ids = _variant_ticket_ids(game_map.id, var.id)
    seen_tickets: dict[str, str] = {}

    def take_tickets(where: str, ids: Any) -> None:
        _expect(isinstance(ids, list) and all(isinstance(t, str) for t in ids), where, "expected a list of ticket ids")
        if ticket_ids.issuperset(ids) and seen_tickets.keys().isdisjoint(ids) and len(set(ids)) == len(ids):
            seen_tickets.update(dict.fromkeys(ids, where))
            return
        for t in ids:       # find the culprit for the message
            _expect(t in ticket_ids, where, f"{shown(t)} is not a ticket of variant {var.id!r}")
            _expect(t not in seen_tickets, where, f"ticket {shown(t)} is also in {seen_tickets.get(t)}")
            seen_tickets[t] = where

    take_tickets("ticket_deck", state["ticket_deck"])
    take_tickets("box", state["box"])
    _expect(not long_ids.intersection(state["ticket_deck"]), "ticket_deck", "long tickets are never in the draw pile")
    owners: dict[str, int] = {}
    station_cities: set[str] = set()
    player_keys = {"name", "kind", "colour", "hand", "tickets", "offer", "routes", "stations", "trains", "score",
                   "withdrawn", "face_up"}
    for seat, p in enumerate(players):
        where = f"players[{seat}]"
        _expect(isinstance(p, dict) and set(p) == player_keys, where,
                f"expected exactly the fields {', '.join(sorted(player_keys))}")
        _expect(isinstance(p["name"], str), f"{where}.name", "expected a name")
        _expect(p["name"] == normal_name(p["name"]), f"{where}.name", "expected a name in Unicode NFC form, trimmed")
        _expect(p["colour"] is not None, f"{where}.colour", f"expected one of {', '.join(PLAYER_COLOURS)}")
        hand = p["hand"]
        _expect(isinstance(hand, dict) and set(hand) == set(CARD_KINDS)
                and all(_is_int(v) and v >= 0 for v in hand.values()), f"{where}.hand",
                f"expected a count >= 0 for each of {', '.join(CARD_KINDS)}")
        for c, v in hand.items():
            counts[c] += v
        face_up = _card_list(p, "face_up", f"{where}.face_up")
        for c in dict.fromkeys(face_up):
            _expect(face_up.count(c) <= hand[c], f"{where}.face_up",
                    f"{face_up.count(c)} {c} card(s) in the face-up record but {hand[c]} in the hand")
        take_tickets(f"{where}.tickets", p["tickets"])
        take_tickets(f"{where}.offer", p["offer"])
        _expect(isinstance(p["routes"], list), f"{where}.routes", "expected a list of route ids")
        for r in p["routes"]:
            _expect(isinstance(r, str) and game_map.has_route(r), f"{where}.routes", f"no route {shown(r)} on this map")
            _expect(r not in owners, f"{where}.routes", f"route {shown(r)} is owned twice")
            owners[r] = seat
        _expect(isinstance(p["stations"], list) and len(p["stations"]) <= game_map.rules["stations"],
                f"{where}.stations", f"at most {game_map.rules['stations']} stations on this map")
        for c in p["stations"]:
            _expect(isinstance(c, str) and game_map.has_city(c), f"{where}.stations", f"no city {shown(c)} on this map")
            _expect(c not in station_cities, f"{where}.stations", f"city {shown(c)} already has a station")
            station_cities.add(c)
        _expect(_is_int(p["trains"]) and 0 <= p["trains"] <= game_map.rules["trains"], f"{where}.trains",
                f"expected 0 to {game_map.rules['trains']}")
        _expect(_is_int(p["score"]) and abs(p["score"]) <= MAX_COUNT, f"{where}.score",
                f"expected an integer from -{MAX_COUNT:,} to {MAX_COUNT:,}")
    _check_seats(players)
    for seat, p in enumerate(players):
        _validate_withdrawn(game_map, p["withdrawn"], f"players[{seat}].withdrawn", seat, owners, n)
    for c in CARD_KINDS:
        want = LOCOMOTIVES if c == LOCOMOTIVE else CARDS_PER_COLOUR
        _expect(counts[c] == want, "cards", f"{counts[c]} {c} cards in deck, discard, market, revealed and hands; "
                f"the game has {want}")
    _expect(set(seen_tickets) == ticket_ids, "tickets",
            f"{len(ticket_ids - set(seen_tickets))} ticket(s) of the variant are nowhere")
    for r, seat in owners.items():
        for twin in game_map.twins(r):
            _expect(owners.get(twin.id) != seat, f"players[{seat}].routes", f"owns both tracks of {shown(r)}")
            _expect(n > 3 or twin.id not in owners, f"players[{seat}].routes",
                    f"with {n} players only one track of {shown(r)} may be used")
    for key in ("first", "current", "stage", "passes", "turn"):
        _expect(_is_int(state[key]) and 0 <= state[key] <= MAX_COUNT, key, f"expected an integer from 0 to {MAX_COUNT:,}")
    _expect(state["first"] < n and state["current"] < n, "current", "not a seat of this game")
    phase = state["phase"]
    _expect(phase in _PHASES, "phase", f"expected one of {', '.join(Phase)}")
    _expect(state["stage"] < len(var.initial), "stage", f"variant {var.id!r} has {len(var.initial)} stage(s)")
    _expect(state["last_round"] is None or (_is_int(state["last_round"]) and 0 < state["last_round"] <= n),
            "last_round", f"expected null or 1 to {n} turns left")
    offering = [seat for seat, p in enumerate(players) if p["offer"]]
    if phase == Phase.TICKETS:
        _expect(offering == [state["current"]], "offer", "only the current player holds offered tickets")
    elif phase == Phase.SETUP_TICKETS:
        _expect(state["current"] in offering, "offer", "the current player has no initial tickets to choose from")
    else:
        _expect(not offering, "offer", f"no tickets are on offer in phase {str(phase)!r}")
    _expect(phase == Phase.TUNNEL or not state["revealed"], "revealed", "revealed tunnel cards exist only in phase 'tunnel'")
    tunnel = state["tunnel"]
    if phase == Phase.TUNNEL:
        _validate_tunnel(state, game_map, tunnel, owners)
    else:
        _expect(tunnel is None, "tunnel", "only in phase 'tunnel'")
    _expect((phase == Phase.OVER) == (state["result"] is not None), "result", "present exactly when the game is over")
    if phase == Phase.OVER:
        _validate_result(state, game_map)


def _validate_result(state: State, game_map: GameMap) -> None:
    """A finished game's result and scores are final scoring's, recomputed (ids are known by now)."""
    players = state["players"]
    final = final_scoring(game_map, [PlayerPosition(tuple(p["routes"]), tuple(p["stations"]), tuple(p["tickets"]))
                                     for p in players])
    _expect(state["result"] == json.loads(json.dumps(final.to_json())), "result",
            "expected the final scoring of this position")
    _expect(all(p["score"] == f.total for p, f in zip(players, final.players)), "score",
            "a finished game's scores are the final totals")


def _validate_withdrawn(game_map: GameMap, withdrawn: Any, where: str, seat: int, owners: dict[str, int],
                        n: int) -> None:
    """A player's withdrawals: distinct unclaimed tunnels still open to the player, each with a
    colour that could pay it and 1 to 3 extra cards."""
    _expect(isinstance(withdrawn, list), where, "expected a list of withdrawals")
    seen: set[str] = set()
    for w in withdrawn:
        _expect(isinstance(w, dict) and set(w) == {"route", "colour", "extra"}, where,
                "expected route, colour and extra in each withdrawal")
        rid = w["route"]
        _expect(isinstance(rid, str) and game_map.has_route(rid) and game_map.route(rid).tunnel, where,
                f"{shown(rid)} is not a tunnel on this map")
        _expect(rid not in seen, where, f"tunnel {shown(rid)} listed twice")
        seen.add(rid)
        _expect(rid not in owners, where, f"tunnel {shown(rid)} is claimed")
        _expect(all(owners.get(t.id) != seat and (n > 3 or t.id not in owners) for t in game_map.twins(rid)), where,
                f"tunnel {shown(rid)} is closed to this player")
        route = game_map.route(rid)
        _expect(w["colour"] == LOCOMOTIVE or w["colour"] in CARD_KINDS and route.colour in (GRAY, w["colour"]),
                where, f"{shown(w['colour'])} cannot pay the tunnel {rid}")
        _expect(_is_int(w["extra"]) and 1 <= w["extra"] <= 3, where, "expected 1 to 3 extra cards")


def _validate_tunnel(state: State, game_map: GameMap, tunnel: Any, owners: dict[str, int]) -> None:
    _expect(isinstance(tunnel, dict) and set(tunnel) == {"route", "colour", "cards", "locomotives", "extra"},
            "tunnel", "expected route, colour, cards, locomotives and extra")
    _expect(isinstance(tunnel["route"], str) and game_map.has_route(tunnel["route"])
            and game_map.route(tunnel["route"]).tunnel and tunnel["route"] not in owners,
            "tunnel.route", "expected an unclaimed tunnel")
    _expect(tunnel["colour"] in CARD_KINDS, "tunnel.colour", "expected a card kind")
    for key in ("cards", "locomotives", "extra"):
        _expect(_is_int(tunnel[key]) and tunnel[key] >= 0, f"tunnel.{key}", "expected an integer >= 0")
    route = game_map.route(tunnel["route"])
    _expect(tunnel["cards"] + tunnel["locomotives"] == route.length, "tunnel", "the payment must match the length")
    _expect(1 <= tunnel["extra"] <= 3 and len(state["revealed"]) <= 3, "tunnel.extra",
            "1 to 3 extra cards, 3 revealed cards at most")
    colour = tunnel["colour"]
    _expect(colour == LOCOMOTIVE and tunnel["cards"] == 0
            or colour != LOCOMOTIVE and tunnel["cards"] > 0 and route.colour in (GRAY, colour),
            "tunnel.colour", f"cannot pay the {route.colour} route {route.id}")
    hand = state["players"][state["current"]]["hand"]
    _expect(hand[LOCOMOTIVE] >= tunnel["locomotives"] and hand[colour] >= tunnel["cards"], "tunnel",
            "the current player does not hold the cards played")
