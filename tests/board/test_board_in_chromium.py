"""The board as Chromium draws it: every route and city answers a click at its own place, and
every name fits the box the layout reserved for it."""

import pytest

from game.board.layout import layout
from game.board.render import render_board
from game.mapdata import MAP_IDS, load_map

HITS = """() => {
  const svg = document.querySelector('svg.ttr-board');
  const toScreen = (x, y) => {
    const p = svg.createSVGPoint(); p.x = x; p.y = y;
    return p.matrixTransform(svg.getScreenCTM());
  };
  const hit = (x, y, selector) => {
    const p = toScreen(x, y);
    const e = document.elementFromPoint(p.x, p.y);
    return e && e.closest(selector) ? e.closest(selector).id : null;
  };
  return {
    routes: TARGETS.routes.map(([id, x, y]) => [id, hit(x, y, '.route')]),
    cities: TARGETS.cities.map(([id, x, y]) => [id, hit(x, y, '.city')]),
    labels: [...svg.querySelectorAll('.city text.label')].map(t => {
      const b = t.getBBox(); return [t.closest('.city').id, b.x, b.y, b.width, b.height]; }),
  };
}"""


@pytest.fixture
def page(browser):
    """A blank tab of the shared Chromium; any request it makes fails the test."""
    context = browser.new_context(viewport={"width": 1500, "height": 1000})
    tab = context.new_page()
    requests = []
    tab.route("**/*", lambda route: (requests.append(route.request.url), route.abort()))
    yield tab
    context.close()
    assert requests == []


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_routes_and_cities_answer_clicks_and_names_fit_their_boxes(page, map_id):
    game_map = load_map(map_id)
    board = layout(game_map)
    page.set_content(f"<!doctype html><html><body style='margin:0'>{render_board(game_map, size=1500)}"
                     f"</body></html>")
    targets = {
        "routes": [[r, p.spaces[len(p.spaces) // 2].cx, p.spaces[len(p.spaces) // 2].cy]
                   for r, p in board.routes.items()],
        "cities": [[c, p.x, p.y] for c, p in board.cities.items()],
    }
    found = page.evaluate(HITS.replace("TARGETS", repr(targets).replace("'", '"')))
    assert [r for r, hit in found["routes"] if hit != f"route-{r}"] == []
    assert [c for c, hit in found["cities"] if hit != f"city-{c}"] == []
    for city_id, x, y, w, h in found["labels"]:
        box = board.cities[city_id[len("city-"):]].label
        x0, y0, x1, y1 = box.bounds()
        assert x0 <= x and y0 <= y and x + w <= x1 and y + h <= y1, city_id
