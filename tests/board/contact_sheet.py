"""Contact sheets of claimed routes for docs/: every player colour on every route colour.

    python3 tests/board/contact_sheet.py [--out docs] [--size 1280x800|390x844]

Drives Debian's Chromium with Playwright through the real page (the harness's guards: no
request leaves the machine, no console error): a game is opened on each map at the laptop's
and the phone's size, and its board, at the fit zoom the page gives it, is replaced by boards
``render_board`` draws: the empty board, then one board per player colour and route, in which
that colour owns that route alone; the routes are one of each route colour (and a ferry and a
tunnel on Europe), the same for every player colour.  Each route is cropped, one to
one in screen pixels, and the crops are laid out in a grid (rows: the printed route, then each
player colour; columns: the route colours), written as ``trains-contact-<width>x<height>.png``.
"""

from __future__ import annotations

import argparse
import base64
import html
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from harness import ROOT, site_session
from screenshots_ui import PLAYERS, at_ann, scenario, store
from ui_driver import AI_FAST

from game.board.render import render_board
from game.mapdata import MAP_IDS, ROUTE_COLOURS, GameMap, load_map
from game.seats import PLAYER_COLOURS

SIZES = {"1280x800": (1280, 800), "390x844": (390, 844)}
CELL = {"1280x800": (150, 96), "390x844": (84, 56)}       # a crop, in screen pixels


def columns(game_map: GameMap) -> dict[str, str]:
    """One route per column: each route colour (no tunnel, no ferry), then a ferry and a tunnel
    where the map has them; short routes (3 spaces, else 2 or 4) so that one fits in a crop."""
    def pick(routes):
        routes = list(routes)
        for length in (3, 2, 4, 1):
            found = [r for r in routes if r.length == length]
            if found:
                return found[0].id
        return None
    out = {c: pick(r for r in game_map.routes if r.colour == c and not r.tunnel and not r.ferry)
           for c in ROUTE_COLOURS}
    out["ferry"] = pick(r for r in game_map.routes if r.ferry)
    out["tunnel"] = pick(r for r in game_map.routes if r.tunnel)
    return {k: v for k, v in out.items() if v}


def view_owning(routes: list[str], colour: str) -> dict:
    """A five-player view in which ``colour`` owns ``routes`` and nobody else owns anything."""
    return {"players": [{"colour": c, "routes": routes if c == colour else [], "stations": []}
                        for c in PLAYER_COLOURS]}


SWAP = """svg => { const old = document.querySelector('#board svg.ttr-board');
  const box = document.createElement('div'); box.innerHTML = svg; old.replaceWith(box.firstElementChild); }"""
CENTRES = """ids => ids.map(id => { const b = document.getElementById('route-' + id).getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2]; })"""


def crops(page, size: str, map_id: str) -> dict[tuple[str, str], bytes]:
    """(row, column) -> PNG of the crop, for one map at one size: each claim on a board of its own."""
    game_map = load_map(map_id)
    picked = columns(game_map)
    width, height = SIZES[size]
    cw, ch = CELL[size]
    page.evaluate(SWAP, render_board(game_map))
    centres = dict(zip(picked, page.evaluate(CENTRES, list(picked.values()))))
    out = {}
    for row in ("printed", *PLAYER_COLOURS):
        for column, route in picked.items():
            if row != "printed":
                page.evaluate(SWAP, render_board(game_map, view_owning([route], row)))
            x, y = centres[column]
            left = min(max(round(x - cw / 2), 0), width - cw)
            top = min(max(round(y - ch / 2), 0), height - ch)
            out[row, column] = page.screenshot(clip={"x": left, "y": top, "width": cw, "height": ch})
    return out


def sheet(shots: dict[str, dict[tuple[str, str], bytes]], size: str) -> str:
    """The contact sheet's page: per map, a table of the crops with its rows and columns named."""
    parts = [(f"<!doctype html><html><body style='margin:0;padding:10px;background:#fff;font:13px Arial,"
              f"\"Liberation Sans\",sans-serif;width:max-content'><h1 style='font-size:16px;margin:0 0 6px'>"
              f"Claimed routes at the game's fit zoom, {size} (one to one)</h1>")]
    for map_id, cells in shots.items():
        cols = list(dict.fromkeys(c for _r, c in cells))
        rows = list(dict.fromkeys(r for r, _c in cells))
        head = "".join(f"<th style='padding:2px'>{html.escape(c)}</th>" for c in cols)
        parts.append(f"<h2 style='font-size:14px;margin:8px 0 4px'>{map_id.upper()}: rows = who owns it, "
                     f"columns = the route's colour</h2><table style='border-collapse:collapse'>"
                     f"<tr><th></th>{head}</tr>")
        for r in rows:
            tds = "".join(f"<td style='padding:2px;border:1px solid #ccc'><img style='display:block' "
                          f"src='data:image/png;base64,{base64.b64encode(cells[r, c]).decode()}'></td>"
                          for c in cols)
            parts.append(f"<tr><th style='text-align:right;padding:0 6px'>{r}</th>{tds}</tr>")
        parts.append("</table>")
    return "".join(parts) + "</body></html>"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--size", choices=SIZES, help="one size")
    args = parser.parse_args()
    games = {m: scenario(PLAYERS, 21, at_ann(2), m) for m in MAP_IDS}
    with site_session() as session:
        for size in [args.size] if args.size else SIZES:
            width, height = SIZES[size]
            context = session.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                                          has_touch=width < 500)
            page = session.open(AI_FAST, context=context)
            page.emulate_media(reduced_motion="reduce")
            shots = {}
            for map_id in MAP_IDS:
                store(page, {"g1": games[map_id]}, "g1")
                page.wait_for_selector("#board svg.ttr-board")
                shots[map_id] = crops(page, size, map_id)
            tab = session.watch(session.new_context(viewport={"width": 400, "height": 300}).new_page())
            tab.set_content(sheet(shots, size))
            path = args.out / f"trains-contact-{size}.png"
            tab.screenshot(path=str(path), full_page=True)
            print(path)


if __name__ == "__main__":
    main()
