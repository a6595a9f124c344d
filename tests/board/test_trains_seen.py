"""Claimed routes as a player meets them: in the game's page, at the board's fit zoom, on a laptop
(1280×800) and a phone (390×844), five players each owning a route of every route colour (and a
ferry and a tunnel on Europe): the pieces are the owner's colour, the printed spaces beneath are
muted, the owner's badge is big enough to read, and no route's pieces cover another's middle
space or badge (badges let clicks through: a click there lands on the route beneath)."""

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


def table(map_id: str) -> dict:
    """A five-player game on ``map_id``, Ann (red) to play, everyone owning ``owned`` routes."""
    game_map = load_map(map_id)
    names = ["Ann", "Bruno", "Chloé", "Dara", "Emil"]
    players = [{"name": n, "kind": "human" if i == 0 else "ai", "colour": c}
               for i, (n, c) in enumerate(zip(names, PLAYER_COLOURS))]
    tickets = [t.id for t in game_map.tickets[:2]]
    position = {"players": [{"routes": r, **({"tickets": tickets} if i == 0 else {})}
                            for i, r in enumerate(owned(game_map))]}
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
      badges: [...route.querySelectorAll('use.badge')].map((b) => [b.getBoundingClientRect().width, hit(...centre(b))]),
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
            assert route["badges"], route["id"]
            for across, hit in route["badges"]:
                assert across >= BADGE_PIXELS, (route["id"], across)
                assert hit == route["id"], route["id"]      # no other route's pieces cover its badge
        for route in routes:
            assert route["middle"] == route["id"]           # no other route's pieces cover its middle space
            if not route["owner"]:
                assert set(route["muted"]) == {1}, route["id"]
