"""Screenshots of both boards for docs/: empty and late in a game, laptop and phone sizes.

    python3 tests/board/screenshots.py [--out docs]

Drives Debian's Chromium (/usr/bin/chromium) with Playwright for Python.  The late-game
position is a real game: seeded random legal play until the last round begins, drawn as the
player to act sees it, with the routes that player may claim and one of their tickets
highlighted.  The laptop page shows the whole board; the phone page shows the whole board
across the top and, below, the same board at a readable zoom (as a player pans it); each board
gets the labels' size and the badges' scale the game's page would give it at that width.
Also prints how the label boxes the layout assumes compare with the text Chromium draws.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.board import svgwrite_wheel

svgwrite_wheel.require()      # the pinned wheel the build downloads (game/board/svgwrite_wheel.py)
from game.board.layout import layout
from game.board.render import render_board
from game.board.sizes import label_size, mark_scale
from game.mapdata import MAP_IDS, load_map
from game.rng import Rng
from game.rules import apply_action, claimable_routes, sample_action
from game.state import new_game
from game.view import player_view

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from harness import launch_chromium

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
PHONE_ZOOM = 2.6                       # board width on the phone's zoomed view, in screen widths
PHONE_FOCUS = {"usa": (0.72, 0.45), "europe": (0.33, 0.45)}   # centre of the zoomed view


def late_game(map_id: str, players: int, seed: str) -> tuple[dict, dict]:
    """A player's view just as the last round begins, and its highlights."""
    state = new_game(map_id, None, players, seed=seed)
    agent = Rng.from_seed(f"agent:{seed}")
    while state["phase"] != "over" and state["last_round"] is None:
        apply_action(state, sample_action(state, agent))
    while state["phase"] != "turn" and state["phase"] != "over":   # finish the turn in progress
        apply_action(state, sample_action(state, agent))
    seat = state["current"]
    ticket = load_map(map_id).ticket(state["players"][seat]["tickets"][0])
    highlights = {"claimable": [r.id for r in claimable_routes(state)], "cities": [ticket.a, ticket.b]}
    return player_view(state, seat), highlights


def fitted(width: float, units: float) -> str:
    """The CSS variables the game's page sets on a board ``units`` wide shown ``width`` pixels wide
    (``game.web.zoom``): the city labels' size and the owners' badges' scale."""
    pixels_per_unit = width / units
    return f"--label-size:{label_size(pixels_per_unit)}px;--mark-scale:{mark_scale(pixels_per_unit)}"


def page(svg: str, units: float, width: int, height: int, phone: bool, focus: tuple[float, float]) -> str:
    """A page showing the board ``svg`` (``units`` wide) as the laptop or the phone shows it."""
    style = "margin:0;background:#2d3a40;overflow:hidden"
    if not phone:
        board = min(width, height * 1.5)
        return (f"<!doctype html><html><body style='{style}'><div style='width:{width}px;height:{height}px;"
                f"display:flex;align-items:center;justify-content:center'>"
                f"<div style='width:{board}px;{fitted(board, units)}'>{svg}</div></div></body></html>")
    overview = width * 2 / 3
    zoomed = width * PHONE_ZOOM
    left = -(zoomed * focus[0] - width / 2)
    top = -(zoomed * 2 / 3 * focus[1] - (height - overview - 8) / 2)
    return (f"<!doctype html><html><body style='{style}'>"
            f"<div style='width:{width}px;height:{overview}px;{fitted(width, units)}'>{svg}</div>"
            f"<div style='position:relative;overflow:hidden;width:{width}px;height:{height - overview - 8}px;"
            f"margin-top:8px'><div style='position:absolute;left:{left}px;top:{top}px;width:{zoomed}px;"
            f"{fitted(zoomed, units)}'>{svg}</div></div></body></html>")


MEASURE = """() => [...document.querySelectorAll('svg .city text.label')].slice(0, 200).map(t => {
  const b = t.getBBox(); return [t.closest('.city').id, b.width, b.height]; })"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    out = Path(args.out)
    with sync_playwright() as p:
        browser = launch_chromium(p)
        for map_id in MAP_IDS:
            game_map = load_map(map_id)
            view, highlights = late_game(map_id, 4 if map_id == "usa" else 5, f"docs-{map_id}")
            boards = {"empty": render_board(game_map), "late": render_board(game_map, view, highlights=highlights)}
            for moment, svg in boards.items():
                for device, (w, h) in SIZES.items():
                    tab = browser.new_page(viewport={"width": w, "height": h})
                    tab.route("**/*", lambda route: route.abort())   # nothing may be fetched
                    tab.set_content(page(svg, layout(game_map).width, w, h, device == "phone", PHONE_FOCUS[map_id]))
                    name = out / f"board-{map_id}-{moment}-{w}x{h}.png"
                    tab.screenshot(path=str(name))
                    print("wrote", name.relative_to(ROOT) if name.is_relative_to(ROOT) else name)
                    if moment == "empty" and device == "laptop":
                        boxes = layout(game_map).cities   # getBBox is in board units too
                        drawn = tab.evaluate(MEASURE)
                        worst = max(bw / boxes[cid[5:]].label.length for cid, bw, _ in drawn)
                        tallest = max(bh / boxes[cid[5:]].label.width for cid, _, bh in drawn)
                        print(f"  {map_id}: drawn label / assumed box: width {worst:.2f}, height {tallest:.2f}"
                              f" at most (under 1 is safe)")
                    tab.close()
        browser.close()
    print(json.dumps({"claimed routes": sum(len(p["routes"]) for p in view["players"])}))


if __name__ == "__main__":
    main()
