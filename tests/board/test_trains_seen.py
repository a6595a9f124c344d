"""Claimed routes as a player meets them: in the game's page, at the board's fit zoom, on a laptop
(1280×800) and a phone (390×844), five players each owning a route of every route colour (and a
ferry and a tunnel on Europe): the pieces are the owner's colour, the printed spaces beneath are
muted, the owner's badge is big enough to read, and no route's pieces cover another's middle
space or badge (badges let clicks through: a click there lands on the route beneath); with every
route of a map claimed, no badge shown is over a city's name (``game.board.badges``)."""

from __future__ import annotations

import pytest
from screenshots_ui import store

from game.board.render import PLAYER_FILL
from game.mapdata import MAP_IDS, ROUTE_COLOURS, GameMap, load_map
from game.seats import PLAYER_COLOURS

BADGE_PIXELS = 12           # the least a badge measures across on screen
MUTED = 0.35                # the most fill-opacity of a printed space under a piece


def owned(game_map: GameMap) -> list[list[str]]:
    """Each player colour's routes: one of every route colour, a ferry and a tunnel if the map has
    them (the shortest first, never both tracks of a double route)."""
    groups = [[r for r in game_map.routes if r.colour == c and not r.ferry and not r.tunnel] for c in ROUTE_COLOURS]
    groups += [[r for r in game_map.routes if r.ferry], [r for r in game_map.routes if r.tunnel]]
    taken: set[str] = set()
    routes: list[list[str]] = [[] for _ in PLAYER_COLOURS]
    for group in groups:
        for seat, mine in enumerate(routes):
            free = [r for r in sorted(group, key=lambda r: r.length) if r.id not in taken
                    and not {t.id for t in game_map.twins(r.id)} & set(mine)]
            if free:
                mine.append(free[0].id)
                taken.add(free[0].id)
    return routes


def everything(game_map: GameMap, half: int) -> list[list[str]]:
    """Half of the map's routes (``half`` 0 or 1, every other one by length) shared by the five
    players, the longest first to the one with the most trains left, never both tracks of a pair
    to one player."""
    routes: list[list[str]] = [[] for _ in PLAYER_COLOURS]
    left = [45] * len(PLAYER_COLOURS)
    ordered = sorted(game_map.routes, key=lambda r: (-r.length, r.id))[half::2]
    for route in ordered:
        twins = {t.id for t in game_map.twins(route.id)}
        seat = max((s for s in range(len(routes)) if not twins & set(routes[s])), key=lambda s: left[s])
        routes[seat].append(route.id)
        left[seat] -= route.length
    assert min(left) >= 0
    return routes


def table(map_id: str, claims: list[list[str]] | None = None) -> dict:
    """A five-player game on ``map_id``, Ann (red) to play, everyone owning ``owned`` routes (or
    ``claims``)."""
    game_map = load_map(map_id)
    names = ["Ann", "Bruno", "Chloé", "Dara", "Emil"]
    players = [{"name": n, "kind": "human" if i == 0 else "ai", "colour": c}
               for i, (n, c) in enumerate(zip(names, PLAYER_COLOURS))]
    tickets = [t.id for t in game_map.tickets[:2]]
    position = {"players": [{"routes": r, **({"tickets": tickets} if i == 0 else {})}
                            for i, r in enumerate(claims if claims is not None else owned(game_map))]}
    return {"format": 1, "map": map_id, "seed": 4, "players": players, "position": position}


SEEN = """() => {
  // the topmost route at a point (a city's name, made larger on a phone, may lie over it)
  const hit = (x, y) => document.elementsFromPoint(x, y).find((e) => e.closest('.route'))?.closest('.route').id ?? null;
  const centre = (e) => { const b = e.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
  return [...document.querySelectorAll('#board .route')].map((route) => {
    const spaces = [...route.querySelectorAll('.space')];
    return {
      id: route.id, owner: [...route.classList].find((c) => c.startsWith('owner-'))?.slice(6) ?? null,
      trains: [...route.querySelectorAll('.train')].map((t) => getComputedStyle(t).fill),
      muted: spaces.map((s) => Number(getComputedStyle(s).fillOpacity)),
      badges: [...route.querySelectorAll('use.badge')].filter((b) => b.getBoundingClientRect().width > 0)
        .map((b) => [b.getBoundingClientRect().width, hit(...centre(b))]),
      middle: hit(...centre(spaces[Math.floor(spaces.length / 2)])),
    };
  });
}"""


def rgb(colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_claimed_routes_read_as_the_owners_pieces_at_the_fit_zoom(browser_session, size):
    width, height = size
    context = browser_session.new_context(viewport={"width": width, "height": height}, has_touch=width < 500)
    page = browser_session.open("?ai-delay=0", context=context)
    for map_id in MAP_IDS:
        store(page, {"g1": table(map_id)}, "g1")
        page.wait_for_selector("#board svg.ttr-board .route.claimed")
        routes = page.evaluate(SEEN)
        claimed = [r for r in routes if r["owner"]]
        game_map = load_map(map_id)
        assert len(claimed) == sum(map(len, owned(game_map))) >= len(PLAYER_COLOURS) * len(ROUTE_COLOURS)
        for route in claimed:
            assert set(route["trains"]) == {rgb(PLAYER_FILL[route["owner"]])}, route["id"]
            assert max(route["muted"]) <= MUTED, route["id"]
            for across, hit in route["badges"]:
                assert across >= BADGE_PIXELS, (route["id"], across)
                assert hit == route["id"], route["id"]      # no other route's pieces cover its badge
        # a badge over a city's name at this size is hidden (game.board.badges): on a laptop hardly
        # any; on a phone showing the whole map, many of these short routes by the cities
        shown = sum(bool(route["badges"]) for route in claimed)
        assert shown >= (len(claimed) - 3 if width > 500 else 0.4 * len(claimed)), shown
        for route in routes:
            assert route["middle"] == route["id"]           # no other route's pieces cover its middle space
            if not route["owner"]:
                assert set(route["muted"]) == {1}, route["id"]


OVER_NAMES = """() => {
  // each badge shown (a disc: its box's centre, half its width) against each city name's box
  const names = [...document.querySelectorAll('#board .city .label')].map((l) => [l.textContent, l.getBoundingClientRect()]);
  const over = [];
  let shown = 0;
  for (const badge of document.querySelectorAll('#board use.badge')) {
    const b = badge.getBoundingClientRect();
    if (b.width === 0) continue;
    shown += 1;
    const [x, y, r] = [b.left + b.width / 2, b.top + b.height / 2, b.width / 2];
    for (const [name, n] of names) {
      const dx = Math.max(n.left - x, 0, x - n.right), dy = Math.max(n.top - y, 0, y - n.bottom);
      if (Math.hypot(dx, dy) < r - 0.5) over.push([badge.closest('.route').id, name, Math.round(Math.hypot(dx, dy) - r)]);
    }
  }
  return {over, shown};
}"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_no_badge_is_over_a_city_name_with_every_route_claimed(browser_session, size):
    width, height = size
    context = browser_session.new_context(viewport={"width": width, "height": height}, has_touch=width < 500)
    page = browser_session.open("?ai-delay=0", context=context)
    for map_id in MAP_IDS:
        game_map = load_map(map_id)
        for half in (0, 1):
            store(page, {"g1": table(map_id, everything(game_map, half))}, "g1")
            page.wait_for_selector("#board svg.ttr-board .route.claimed")
            page.wait_for_function("() => document.getElementById('board-sizes')?.textContent.includes('crowd-')")
            seen = page.evaluate(OVER_NAMES)
            assert not seen["over"], (map_id, half, seen["over"])
            assert seen["shown"] > 20, seen
