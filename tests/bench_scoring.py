"""Benchmark final scoring: worst-case and typical timings per game (prints figures, asserts nothing).

    python3 tests/bench_scoring.py [--games 300] [--climb 1500] [--seed 1]

Every position is timed as the best of several runs (the machine may be busy):
1. random plausible finished games, 2–5 players, both maps (random claims until the trains run
   out, stations and tickets at random);
2. a station case: five Europe players with 45 trains of short routes each, three stations
   each in the busiest cities (every route there owned), twelve tickets each; then seat 0's
   stations and tickets hill-climbed towards the slowest scoring;
3. adversarial longest-trail networks (45 trains of short routes) found by hill climbing on
   the measured time, alone;
4. a worst-case game: five seats, each the slowest of many dense 45-train networks grown on
   the routes still free, with three stations and twelve tickets each (Europe).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.mapdata import MAP_IDS, load_map
from game.scoring import PlayerPosition, final_scoring, longest_trail

TRAINS = 45


def best_time(fn, repeat: int = 5) -> float:
    """Fastest of ``repeat`` runs, in milliseconds."""
    fastest = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest * 1000


def random_game(game_map, rng: random.Random, seats: int) -> list[PlayerPosition]:
    """A plausible end of game: seats claim random free routes until their trains run out."""
    trains = [TRAINS] * seats
    owned: dict[str, int] = {}
    routes = {s: [] for s in range(seats)}
    free = list(game_map.routes)
    rng.shuffle(free)
    for r in free:
        s = rng.randrange(seats)
        twins = game_map.twins(r.id)
        if any(t.id in owned and (seats <= 3 or owned[t.id] == s) for t in twins):
            continue
        if trains[s] >= r.length and rng.random() < 0.9:
            trains[s] -= r.length
            owned[r.id] = s
            routes[s].append(r.id)
    cities = [c.id for c in game_map.cities]
    rng.shuffle(cities)
    tickets = [t.id for t in game_map.tickets]
    rng.shuffle(tickets)
    allowed = game_map.rules.get("stations", 0)
    players = []
    for s in range(seats):
        stations = tuple(cities.pop() for _ in range(rng.randint(0, allowed)))
        held = tuple(tickets.pop() for _ in range(rng.randint(2, min(8, len(game_map.tickets) // seats))))
        players.append(PlayerPosition(tuple(routes[s]), stations, held))
    return players


def station_worst_case() -> list[PlayerPosition]:
    """Five Europe players with 45 trains of short routes dealt round the board, three stations
    each in the busiest cities (every route there belongs to someone) and twelve tickets each."""
    europe = load_map("europe")
    busy = sorted(europe.cities, key=lambda c: (-len(europe.routes_at(c.id)), c.id))[:15]
    owned: dict[str, int] = {}
    trains = [TRAINS] * 5
    mine: list[list[str]] = [[] for _ in range(5)]
    order = sorted(europe.routes, key=lambda r: (r.length, r.id))
    for k, r in enumerate(order):
        for s in (k % 5, (k + 1) % 5, (k + 2) % 5):
            if trains[s] >= r.length and not any(owned.get(t.id) == s for t in europe.twins(r.id)):
                owned[r.id] = s
                mine[s].append(r.id)
                trains[s] -= r.length
                break
    return [PlayerPosition(tuple(mine[s]), tuple(c.id for c in busy[s::5]),
                           tuple(t.id for t in europe.tickets[s::5][:12])) for s in range(5)]


def climb_stations(rng: random.Random, steps: int) -> tuple[float, list[PlayerPosition]]:
    """Hill-climb seat 0's stations and tickets on the station worst case towards the slowest scoring."""
    europe = load_map("europe")
    players = station_worst_case()
    taken = {c for p in players[1:] for c in p.stations}
    cities = [c.id for c in europe.cities if c.id not in taken]
    tickets = [t.id for t in europe.tickets if not any(t.id in p.tickets for p in players[1:])]
    worst = 0.0
    for _ in range(steps):
        seat0 = players[0]
        stations, held = list(seat0.stations), list(seat0.tickets)
        if rng.random() < 0.4:
            stations[rng.randrange(3)] = rng.choice(cities)
        else:
            move = rng.random()
            if move < 0.4 and len(held) < 20:
                held.append(rng.choice(tickets))
            elif move < 0.8 or len(held) < 2:
                held[rng.randrange(len(held))] = rng.choice(tickets)
            else:
                held.pop(rng.randrange(len(held)))
        if len(set(stations)) < 3:
            continue
        candidate = [PlayerPosition(seat0.routes, tuple(stations), tuple(dict.fromkeys(held)))] + players[1:]
        spent = best_time(lambda c=candidate: final_scoring(europe, c), repeat=3)
        if spent >= worst * 0.95:
            players, worst = candidate, max(worst, spent)
    return worst, players


def dense_network(game_map, rng: random.Random, taken: frozenset = frozenset()) -> list[str]:
    """Up to 45 trains of free routes grown outwards from a random city (compact and loopy)."""
    frontier, chosen, trains = [rng.choice(game_map.cities).id], [], TRAINS
    while frontier:
        city = frontier.pop(rng.randrange(len(frontier)))
        for r in game_map.routes_at(city):
            if (r.id not in chosen and r.id not in taken and r.length <= trains and rng.random() < 0.8
                    and not any(t.id in chosen for t in game_map.twins(r.id))):
                chosen.append(r.id)
                trains -= r.length
                frontier.append(r.other_end(city))
    return chosen


def climb_trail(game_map, rng: random.Random, steps: int) -> tuple[float, list[str]]:
    """The slowest longest trail among 200 dense networks, then hill-climbed by local changes."""
    def cost(ids):
        return best_time(lambda: longest_trail(game_map, ids), repeat=3)

    def fits(ids):
        ids_set = set(ids)
        return (sum(game_map.route(r).length for r in ids) <= TRAINS
                and not any(t.id in ids_set for r in ids for t in game_map.twins(r)))

    worst, current = max((cost(n), n) for n in (dense_network(game_map, rng) for _ in range(200)))
    for _ in range(steps):
        candidate = list(current)
        cities = sorted({c for r in candidate for c in game_map.route(r).cities})
        near = [r.id for c in cities for r in game_map.routes_at(c) if r.id not in candidate]
        if rng.random() < 0.7 and near:
            candidate.append(rng.choice(near))
        if rng.random() < 0.7:
            candidate.pop(rng.randrange(len(candidate)))
        while not fits(candidate):
            candidate.pop(rng.randrange(len(candidate)))
        spent = cost(candidate)
        if spent >= worst * 0.95:
            current, worst = candidate, max(worst, spent)
    return worst, current


def worst_game(rng: random.Random, tries: int) -> list[PlayerPosition]:
    """Five Europe seats, each the slowest of ``tries`` dense networks on the routes left free."""
    europe = load_map("europe")
    taken: set[str] = set()
    networks = []
    for _ in range(5):
        candidates = [dense_network(europe, rng, frozenset(taken)) for _ in range(tries)]
        network = max(candidates, key=lambda n: best_time(lambda: longest_trail(europe, n), repeat=2))
        networks.append(network)
        taken |= {r for network in networks for r in network}
        taken |= {t.id for r in network for t in europe.twins(r)}
    busy = sorted(europe.cities, key=lambda c: (-len(europe.routes_at(c.id)), c.id))[:15]
    return [PlayerPosition(tuple(networks[s]), tuple(c.id for c in busy[s::5]),
                           tuple(t.id for t in europe.tickets[s::5][:12])) for s in range(5)]


def report(name: str, timings: list[float]) -> None:
    timings = sorted(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(f"{name}: {len(timings)} positions, median {statistics.median(timings):.3f} ms, "
          f"p99 {p99:.3f} ms, max {timings[-1]:.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games per map")
    parser.add_argument("--climb", type=int, default=1500, help="hill-climbing steps per map")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    for map_id in MAP_IDS:
        game_map = load_map(map_id)
        timings = []
        for i in range(args.games):
            players = random_game(game_map, rng, 2 + i % 4)
            timings.append(best_time(lambda g=game_map, p=players: final_scoring(g, p)))
        report(f"random games, {map_id}, 2-5 players", timings)

    europe = load_map("europe")
    players = station_worst_case()
    spent = best_time(lambda: final_scoring(europe, players), repeat=20)
    print(f"station case, europe, 5 players x 45 trains of short routes, 15 stations in the busiest "
          f"cities, 12 tickets each: {spent:.3f} ms")
    slowest, players = climb_stations(random.Random(args.seed), args.climb)
    spent = best_time(lambda: final_scoring(europe, players), repeat=20)
    print(f"adversarial stations (climbed seat 0's stations and tickets): {spent:.3f} ms "
          f"(climb saw {slowest:.3f} ms)")
    print(f"  seat 0 stations {' '.join(players[0].stations)}; {len(players[0].tickets)} tickets "
          f"{' '.join(players[0].tickets)}")

    for map_id in MAP_IDS:
        game_map = load_map(map_id)
        slowest, network = climb_trail(game_map, random.Random(args.seed), args.climb)
        length, _ = longest_trail(game_map, network)
        alone = best_time(lambda g=game_map, n=network: longest_trail(g, n), repeat=20)
        print(f"adversarial trail, {map_id}: {len(network)} routes, "
              f"{sum(game_map.route(r).length for r in network)} trains, longest {length}: "
              f"{alone:.3f} ms (climb saw {slowest:.3f} ms)")
        print(f"  network: {' '.join(sorted(network))}")

    players = worst_game(random.Random(args.seed), max(20, args.climb // 10))
    spent = best_time(lambda: final_scoring(europe, players), repeat=20)
    print(f"worst-case game, europe, 5 seats of dense 45-train networks, 15 stations, 60 tickets: "
          f"{spent:.3f} ms")
    print("  trails " + ", ".join(f"{len(p.routes)} routes/{final_scoring(europe, players).players[s].longest_trail}"
                                  for s, p in enumerate(players)))


if __name__ == "__main__":
    main()
