"""Longest-route awareness (docs/ai.md, "The planner", ``trail_weight`` and ``trail_targets``): in
the end game the planner claims the route that also lengthens its own longest trail, with no
ticket to work for it collects cards for routes that touch its network, and what a route
touching the network adds to the longest trail (``game.ai.trail``) is what
``game.scoring.longest_trail`` says."""

import random
from dataclasses import replace

import pytest

from game.actions import ClaimRoute
from game.ai import HARD_STYLE
from game.ai.planning import Knowledge
from game.ai.search import Searcher
from game.ai.strategist import Strategist
from game.ai.trail import TrailGains
from game.mapdata import load_map
from game.rng import Rng
from game.rules import legal_actions
from game.scenario import load_scenario
from game.scoring import longest_trail
from game.view import player_view

OWN = "phoenix--santa-fe"        # 3 trains, gray: seat 0's network, its tickets all done
TRAIL = replace(HARD_STYLE, trail_weight=1.0, trail_targets=True)


def end_game():
    """Seat 0 to play with 5 trains, no ticket to work for, 3 green cards: any 3-route of green
    or gray can be claimed, the longest trail being the one route at Phoenix / Santa Fe."""
    state, _ = load_scenario({
        "map": "usa", "seed": 3,
        "players": [{"name": "AI", "kind": "ai", "level": "hard"}, {"name": "Bot", "kind": "ai", "level": "medium"}],
        "position": {"players": [{"hand": {"green": 3}, "tickets": [],
                                  "routes": [OWN], "trains": 5},
                                 {"tickets": ["boston--miami"]}]}})
    return state


def test_end_game_claim_lengthens_the_own_trail():
    state = end_game()
    view = player_view(state, 0)
    legal = legal_actions(state)
    game_map = load_map("usa")
    with_trail = Strategist(TRAIL).choose(view, legal, Rng.from_seed(0))
    without = Strategist(replace(TRAIL, trail_weight=0.0)).choose(view, legal, Rng.from_seed(0))
    assert isinstance(with_trail, ClaimRoute) and isinstance(without, ClaimRoute)
    assert game_map.route(with_trail.route).length == 3
    assert set(game_map.route(with_trail.route).cities) & set(game_map.route(OWN).cities)
    assert not set(game_map.route(without.route).cities) & set(game_map.route(OWN).cities)


def test_spare_targets_touch_the_own_network():
    view = player_view(end_game(), 0)
    k = Knowledge(view, TRAIL.point_weight)
    game_map = load_map("usa")
    ends = set(game_map.route(OWN).cities)
    assert all(set(game_map.route(r).cities) & ends for r in Strategist(TRAIL).spare_targets(k))
    assert not all(set(game_map.route(r).cities) & ends
                   for r in Strategist(replace(TRAIL, trail_targets=False)).spare_targets(k))


def test_end_game_search_weighs_the_trail_claim():
    """With ``trail_search`` (hard's) the end-game search weighs the claim ``trail_claim`` picks
    (one touching its network) instead of the longest route anywhere (one apart from it here)."""
    state = end_game()
    view = player_view(state, 0)
    legal = legal_actions(state)
    game_map = load_map("usa")
    ends = set(game_map.route(OWN).cities)

    def claims(style):
        hard = Searcher(4, 20, style=style)
        k = Knowledge(view, style.point_weight)
        first = hard.decide(k, legal, Rng.from_seed(0))
        return [a for a in hard.end_candidates(k, legal, first) if isinstance(a, ClaimRoute)]

    with_trail, without = claims(replace(TRAIL, trail_search=True)), claims(replace(TRAIL, trail_search=False))
    assert with_trail and all(set(game_map.route(a.route).cities) & ends for a in with_trail)
    assert any(not set(game_map.route(a.route).cities) & ends for a in without)


def networks(map_id: str, count: int) -> list[list[str]]:
    """Networks grown route by route from random cities, like a player's routes: most with a
    loop (or a double route), some in two parts."""
    game_map = load_map(map_id)
    rand = random.Random(map_id)
    out = []
    for n in range(count):
        routes: list[str] = []
        cities: set[str] = set()
        for part in range(1 + n % 2):
            cities.add(rand.choice(game_map.routes).a)
            for _ in range(rand.randint(3, 9)):
                touching = [r.id for r in game_map.routes if r.id not in routes and set(r.cities) & cities]
                pick = game_map.route(rand.choice(touching))
                routes.append(pick.id)
                cities |= set(pick.cities)
        out.append(routes)
    return out


def forests(map_id: str, count: int) -> list[list[str]]:
    """Networks without a loop in two or three parts: each grown from a route apart from the
    others by routes leading to cities no part has yet."""
    game_map = load_map(map_id)
    rand = random.Random(f"{map_id} forests")
    out = []
    for n in range(count):
        routes: list[str] = []
        cities: set[str] = set()
        for part in range(2 + n % 2):
            start = game_map.route(rand.choice([r.id for r in game_map.routes if not set(r.cities) & cities]))
            routes.append(start.id)
            cities |= set(start.cities)
            for _ in range(rand.randint(1, 5)):
                leading = [r.id for r in game_map.routes if len(set(r.cities) & cities) == 1]
                pick = game_map.route(rand.choice(leading))
                routes.append(pick.id)
                cities |= set(pick.cities)
        out.append(routes)
    return out


def check_gains(game_map, routes: list[str]) -> TrailGains:
    gains = TrailGains(game_map, routes)
    now = longest_trail(game_map, routes)[0]
    assert gains.length == now
    for route in game_map.routes:
        if route.id in routes:
            continue
        touches = any(set(route.cities) & set(game_map.route(r).cities) for r in routes)
        added = longest_trail(game_map, routes + [route.id])[0] - now if touches else 0
        assert gains.gain(route) == added, (routes, route.id)
        assert gains.most(route) >= added, (routes, route.id)
    return gains


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_gains_are_what_the_longest_trail_says(map_id):
    game_map = load_map(map_id)
    for routes in networks(map_id, 8):
        check_gains(game_map, routes)


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_gains_in_a_forest(map_id):
    """Without a loop every gain takes the walks' way, a route joining two trees too."""
    game_map = load_map(map_id)
    for routes in forests(map_id, 4):
        gains = check_gains(game_map, routes)
        assert all(gains.tree) and len(gains.tree) > 1
