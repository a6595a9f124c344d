"""Property tests: the fast longest trail and station assignment agree with brute force."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from scoring_helpers import assert_is_trail

from game.mapdata import MAP_IDS, load_map
from game.scoring import PlayerPosition, final_scoring, longest_trail, tickets_completed

MAPS = {map_id: load_map(map_id) for map_id in MAP_IDS}
EUROPE = MAPS["europe"]


# --------------------------------------------------------------------------- references

def brute_longest_trail(game_map, routes):
    """Longest trail by trying every trail from every city (exponential; small inputs only)."""
    at: dict[str, list] = {}
    for route_id in routes:
        r = game_map.route(route_id)
        at.setdefault(r.a, []).append(r)
        at.setdefault(r.b, []).append(r)
    best = 0
    used = set()

    def walk(city, length):
        nonlocal best
        best = max(best, length)
        for r in at[city]:
            if r.id not in used:
                used.add(r.id)
                walk(r.other_end(city), length + r.length)
                used.discard(r.id)

    for city in at:
        walk(city, 0)
    return best


def connected(game_map, routes, a, b):
    """Whether ``routes`` join cities ``a`` and ``b`` (plain breadth-first search)."""
    seen, todo = {a}, [a]
    while todo:
        city = todo.pop()
        for route_id in routes:
            r = game_map.route(route_id)
            if city in r.cities and r.other_end(city) not in seen:
                seen.add(r.other_end(city))
                todo.append(r.other_end(city))
    return b in seen


def brute_borrowing(game_map, players, seat):
    """Every assignment, in the documented order; the first with the best ticket points."""
    owner = {r: s for s, p in enumerate(players) for r in p.routes}
    p = players[seat]
    stations = sorted(p.stations)
    options = [[None] + sorted(r.id for r in game_map.routes_at(c) if owner.get(r.id, seat) != seat)
               for c in stations]
    best = None
    for combo in itertools.product(*options):
        routes = list(p.routes) + [r for r in combo if r is not None]
        points = 0
        for ticket_id in p.tickets:
            t = game_map.ticket(ticket_id)
            points += t.points if connected(game_map, routes, t.a, t.b) else -t.points
        if best is None or points > best[0]:
            best = (points, dict(zip(stations, combo)))
    return best


# --------------------------------------------------------------------------- generators

def neighbourhood(game_map, rng, size, twins):
    """Up to ``size`` routes grown from a random city (dense, like a real network)."""
    start = rng.choice(game_map.cities).id
    frontier, chosen = [start], []
    seen_cities = {start}
    while frontier and len(chosen) < size:
        city = frontier.pop(rng.randrange(len(frontier)))
        for r in game_map.routes_at(city):
            if len(chosen) >= size or r.id in chosen:
                continue
            if not twins and any(t.id in chosen for t in game_map.twins(r.id)):
                continue
            if rng.random() < 0.8:
                chosen.append(r.id)
                other = r.other_end(city)
                if other not in seen_cities:
                    seen_cities.add(other)
                    frontier.append(other)
    return chosen


def random_position(rng, density=0.6):
    """2–5 Europe players with up to 45 trains of routes, stations and tickets.

    Half the stations stand in the player's own cities and most tickets are unfinished with an
    end next to a station, so that borrowing often matters.
    """
    seats = rng.randint(2, 5)
    routes = {s: [] for s in range(seats)}
    trains = [45] * seats
    for r in EUROPE.routes:
        s = rng.randrange(seats)
        if rng.random() < density and trains[s] >= r.length:
            routes[s].append(r.id)
            trains[s] -= r.length
    free_cities = {c.id for c in EUROPE.cities}
    free_tickets = {t.id for t in EUROPE.tickets}
    players = []
    for s in range(seats):
        own = sorted({c for r in routes[s] for c in EUROPE.route(r).cities})
        stations = []
        for _ in range(rng.randint(0, 3)):
            pool = sorted(free_cities & set(own)) if rng.random() < 0.5 else sorted(free_cities)
            if pool:
                stations.append(rng.choice(pool))
                free_cities.discard(stations[-1])
        near = set(stations) | {r.other_end(c) for c in stations for r in EUROPE.routes_at(c)}
        held = []
        for _ in range(rng.randint(0, 6)):
            pool = sorted(free_tickets)
            if rng.random() < 0.7:
                done = tickets_completed(EUROPE, routes[s], pool)
                pool = [t for t in pool if {EUROPE.ticket(t).a, EUROPE.ticket(t).b} & near and not done[t]] or pool
            if pool:
                held.append(rng.choice(pool))
                free_tickets.discard(held[-1])
        players.append(PlayerPosition(tuple(routes[s]), tuple(stations), tuple(held)))
    return players


# --------------------------------------------------------------------------- properties

@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(1, 13), map_id=st.sampled_from(MAP_IDS),
       twins=st.booleans())
def test_longest_trail_matches_brute_force(seed, size, map_id, twins):
    game_map = MAPS[map_id]
    routes = neighbourhood(game_map, random.Random(seed), size, twins)
    length, trail = longest_trail(game_map, routes)
    assert length == brute_longest_trail(game_map, routes)
    assert_is_trail(game_map, routes, length, trail)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(10, 30), map_id=st.sampled_from(MAP_IDS))
def test_longest_trail_is_a_real_trail_on_full_networks(seed, size, map_id):
    game_map = MAPS[map_id]
    rng = random.Random(seed)
    routes, trains = [], 45   # a player's 45 trains, in one dense piece and a smaller one
    for route_id in neighbourhood(game_map, rng, size, False) + neighbourhood(game_map, rng, size // 3, False):
        length = game_map.route(route_id).length
        if route_id not in routes and length <= trains:
            routes.append(route_id)
            trains -= length
    length, trail = longest_trail(game_map, routes)
    assert_is_trail(game_map, routes, length, trail)
    shuffled = routes[:]
    rng.shuffle(shuffled)
    assert longest_trail(game_map, shuffled) == (length, trail)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), density=st.sampled_from([0.5, 0.9]))
def test_station_assignment_matches_brute_force(seed, density):
    players = random_position(random.Random(seed), density)
    score = final_scoring(EUROPE, players)
    for s, p in enumerate(score.players):
        points, borrowed = brute_borrowing(EUROPE, players, s)
        assert p.ticket_points == points
        assert p.borrowed == borrowed


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_totals_bonus_and_ranking_are_consistent(seed):
    players = random_position(random.Random(seed))
    score = final_scoring(EUROPE, players)
    longest = max(p.longest_trail for p in score.players)
    for p, position in zip(score.players, players):
        assert p.total == p.route_points + p.ticket_points + p.station_points + p.longest_bonus
        assert p.longest_bonus == (10 if p.longest_trail == longest and longest else 0)
        assert p.station_points == 4 * (3 - len(position.stations))
        assert p.tickets_completed == sum(done for _, done, _ in p.tickets)
    keys = [(p.total, p.tickets_completed, -p.stations_built, p.longest_bonus > 0) for p in score.players]
    assert [keys[s] for s in score.ranking] == sorted(keys, reverse=True)
    assert score.winner == score.ranking[0]
    top = [s for s in range(len(players)) if keys[s] == keys[score.winner]]
    assert score.shared == (tuple(top) if len(top) > 1 else ())
