"""Benchmark: the board in the browser, under the vendored Pyodide (prints figures, asserts nothing).

    python3 tests/bench_board_browser.py [--repeat N]

Builds the game archive, serves the working tree on 127.0.0.1, and opens in Debian's
Chromium a bare page (not part of the game) that loads the vendored Pyodide, the svgwrite
wheel and ``game.zip``, then times for each map: the first full render (layout included),
further full renders, putting the board into the page, and a one-route update (the
fragment from ``render_route`` replacing the drawn ``<g id="route-…">``).  Every request
that does not go to the local server is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))

from harness import build, launch_chromium, static_server

PAGE = "__board_bench__.html"
HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>
<body><div id="board" style="width:1200px"></div><script type="module">
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
const here = (path) => new URL(path, location).href;
const t0 = performance.now();
const py = await loadPyodide({ indexURL: here("./static/vendor/pyodide/") });
await py.loadPackage(here("./static/vendor/svgwrite-1.4.3-py3-none-any.whl"));
py.unpackArchive(await (await fetch(here("./static/build/game.zip"))).arrayBuffer(), "zip");
const booted = performance.now() - t0;
py.runPython(`
import json, time
from game.mapdata import load_map
from game.board.render import render_board, render_route

def timed(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[len(times) // 2], out

def late_view(game_map):
    from game.seats import PLAYER_COLOURS
    players = [{"colour": c, "routes": [], "stations": []} for c in PLAYER_COLOURS]
    for i, r in enumerate(game_map.routes[::2]):
        players[i % 5]["routes"].append(r.id)
    return {"players": players}
`);
const result = { booted_ms: Math.round(booted) };
for (const mapId of ["usa", "europe"]) {
  const figures = JSON.parse(py.runPython(`
game_map = load_map("${mapId}")
first, _ = timed(lambda: render_board(game_map), 1)
again, svg = timed(lambda: render_board(game_map), REPEAT)
view = late_view(game_map)
late, late_svg = timed(lambda: render_board(game_map, view), REPEAT)
json.dumps({"first_render_ms": round(first, 1), "render_ms": round(again, 1), "late_render_ms": round(late, 1)})
`));
  const board = document.getElementById("board");
  let start = performance.now();
  board.innerHTML = py.globals.get("late_svg");
  board.getBoundingClientRect();
  figures.insert_into_page_ms = +(performance.now() - start).toFixed(1);
  const routeId = py.runPython("game_map.routes[0].id");
  const owners = py.runPython("import json; json.dumps(view)");
  const times = [];
  for (let i = 0; i < REPEAT; i++) {
    const claimable = i % 2 ? "[]" : JSON.stringify([routeId]);
    start = performance.now();
    const fragment = py.runPython(
      `render_route(game_map, ${JSON.stringify(routeId)}, view, highlights={"claimable": ${claimable}})`);
    document.getElementById("route-" + routeId).outerHTML = fragment;
    document.getElementById("route-" + routeId).getBoundingClientRect();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  figures.one_route_update_ms = +times[times.length >> 1].toFixed(2);
  const updated = document.getElementById("route-" + routeId);
  figures.update_is_svg = updated instanceof SVGGElement && updated.classList.contains("route");
  figures.routes_in_page = document.querySelectorAll("#board .route").length;
  result[mapId] = figures;
}
window.__result = result;
</script></body></html>"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    build.prepare()
    from playwright.sync_api import sync_playwright
    with static_server(build.ROOT) as url, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page()
        refused = []

        def guard(route):
            if route.request.url == url + PAGE:
                route.fulfill(status=200, content_type="text/html",
                              body=HTML.replace("REPEAT", str(args.repeat)))
            elif route.request.url.startswith(url):
                route.continue_()
            else:
                refused.append(route.request.url)
                route.abort()

        page.route("**/*", guard)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + PAGE)
        page.wait_for_function("() => window.__result || null", timeout=180_000)
        print(json.dumps(page.evaluate("window.__result"), indent=1))
        if refused or errors:
            print("refused requests:", refused, "page errors:", errors)
        browser.close()


if __name__ == "__main__":
    main()
