"""What a route adds to a player's longest trail (``game.scoring.longest_trail``), cheaply: hard's
planner values its end-game claims by it (``strategist.trail_claim``) in every play-out of its
search, so the full longest-trail search runs only where nothing simpler gives the answer.
Only a route touching the network counts (one apart from it adds 0).

A network without a loop is a forest: its longest trail is the longest path of a tree, found by
two walks, and what a route adds follows from the longest paths ending at its cities.  A route
touching the network at one city can only end a trail; one at an end of the longest trail adds
its whole length.  Networks with loops ask ``longest_trail``, remembered per network.

>>> from game.mapdata import load_map
>>> usa = load_map("usa")
>>> gains = TrailGains(usa, ["denver--omaha", "chicago--omaha"])
>>> gains.length, sorted(gains.ends)
(8, ['chicago', 'denver'])
>>> gains.gain(usa.route("chicago--saint-louis--green")), gains.gain(usa.route("duluth--omaha--1"))
(2, 0)
"""

from __future__ import annotations

from collections.abc import Iterable

from game.mapdata import GameMap, Route
from game.scoring import longest_trail

TRAIL_MEMO = 4096   # networks with loops whose longest trail is remembered (play-outs ask again and again)
_memo: dict[tuple[str, int], tuple[int, frozenset[str]]] = {}   # (map id, bit per route index) -> found


def trail_ends(game_map: GameMap, trail: Iterable[str]) -> frozenset[str]:
    """The cities at the two ends of ``trail`` (route ids in order; one city when it closes)."""
    routes = [game_map.route(r) for r in trail]
    if not routes:
        return frozenset()
    for start in routes[0].cities:
        city = start
        for r in routes:
            if city not in r.cities:
                break
            city = r.other_end(city)
        else:
            return frozenset((start, city))
    raise ValueError(f"{[r.id for r in routes]} is not a trail")


def remembered_trail(game_map: GameMap, routes: frozenset[str]) -> tuple[int, frozenset[str]]:
    """``longest_trail`` of ``routes``: its length and the cities at the ends of one such trail."""
    key = (game_map.id, sum(1 << game_map.route(r).index for r in routes))
    found = _memo.get(key)
    if found is None:
        length, trail = longest_trail(game_map, routes)
        found = length, trail_ends(game_map, trail)
        if len(_memo) >= TRAIL_MEMO:
            del _memo[next(iter(_memo))]     # the oldest first
        _memo[key] = found
    return found


class TrailGains:
    """The longest trail of the network ``routes`` and what one more route would add to it."""

    def __init__(self, game_map: GameMap, routes: Iterable[str]) -> None:
        self.map = game_map
        self.routes = frozenset(routes)
        self.next: dict[str, list[tuple[str, int]]] = {}   # city -> (neighbour, route length)
        for rid in self.routes:
            r = game_map.route(rid)
            self.next.setdefault(r.a, []).append((r.b, r.length))
            self.next.setdefault(r.b, []).append((r.a, r.length))
        self.component: dict[str, int] = {}   # city -> index into the two lists below
        self.total: list[int] = []            # trains of each component
        self.tree: list[bool] = []            # whether the component has no loop
        first: list[str] = []                 # each component's first city in name order
        for city in sorted(self.next):
            if city in self.component:
                continue
            index, todo, cities, ends, twice = len(self.total), [city], 0, 0, 0
            self.component[city] = index
            first.append(city)
            while todo:
                v = todo.pop()
                cities += 1
                ends += len(self.next[v])
                for w, length in self.next[v]:
                    twice += length
                    if w not in self.component:
                        self.component[w] = index
                        todo.append(w)
            self.total.append(twice // 2)
            self.tree.append(ends // 2 == cities - 1)
        self._reach: dict[str, tuple[int, str]] = {}
        if all(self.tree):
            self.length, self.ends = 0, frozenset[str]()
            for start in first:
                _, far = self.reach(start)
                length, other = self.reach(far)
                if length > self.length:
                    self.length, self.ends = length, frozenset((far, other))
        else:
            self.length, self.ends = remembered_trail(game_map, self.routes)
        self.off_trail = sum(self.total) - self.length   # own trains not on the longest trail

    def reach(self, city: str) -> tuple[int, str]:
        """In a component without a loop: the longest path from ``city`` and the city it ends at."""
        found = self._reach.get(city)
        if found is None:
            found = (0, city)
            todo = [(city, "", 0)]
            while todo:
                v, came, length = todo.pop()
                if length > found[0]:
                    found = (length, v)
                todo.extend((w, v, length + n) for w, n in self.next[v] if w != came)
            self._reach[city] = found
        return found

    def most(self, route: Route) -> int:
        """An upper bound on ``gain``."""
        a, b = self.component.get(route.a), self.component.get(route.b)
        if a is None or b is None:     # apart, or it can only end a trail in its one component
            one = a if b is None else b
            return 0 if one is None else max(0, min(self.length, self.total[one]) + route.length - self.length)
        if a != b:                     # it joins two trails, one in each component
            return max(0, min(self.length, self.total[a]) + route.length + min(self.length, self.total[b])
                       - self.length)
        return max(0, self.total[a] + route.length - self.length)

    def gain(self, route: Route) -> int:
        """How much longer the longest trail gets with ``route`` when it touches the network;
        0 for a route apart from it (the planner values what extends its network, not a
        trail of its own)."""
        a, b = self.component.get(route.a), self.component.get(route.b)
        if a is None and b is None:
            return 0
        if a is None or b is None:
            city = route.b if a is None else route.a
            if city in self.ends:
                return route.length
            if self.tree[self.component[city]]:
                return max(0, self.reach(city)[0] + route.length - self.length)
        elif a != b and self.tree[a] and self.tree[b]:
            return max(0, self.reach(route.a)[0] + route.length + self.reach(route.b)[0] - self.length)
        elif not self.off_trail and (route.a in self.ends or route.b in self.ends):
            return route.length
        return remembered_trail(self.map, self.routes | {route.id})[0] - self.length
