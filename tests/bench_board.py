"""Benchmark: how long the board takes to draw in CPython (prints figures, asserts nothing).

    python3 tests/bench_board.py [--repeat N]

Times, per map: the first layout (geometry from the map file), a full render of the empty
board, a full render late in a game (owners, stations, highlights), a one-route update, and the
late board as a picture (``game.board.static``: the embed snippet's and the rules pages' boards).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.board import svgwrite_wheel

svgwrite_wheel.require()      # the pinned wheel the build downloads (game/board/svgwrite_wheel.py)
from game.board.geography import read_map_file
from game.board.layout import layout
from game.board.render import render_board, render_route
from game.board.static import render_static_board
from game.mapdata import MAP_IDS, load_map, parse_map
from game.seats import PLAYER_COLOURS


def late_view(game_map) -> dict:
    players = [{"colour": c, "routes": [], "stations": []} for c in PLAYER_COLOURS]
    for i, r in enumerate(game_map.routes[::2]):
        players[i % 5]["routes"].append(r.id)
    if game_map.rules["stations"]:
        for i, c in enumerate(game_map.cities[::6]):
            players[i % 5]["stations"].append(c.id)
    return {"players": players}


def timed(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def bench_map(map_id: str, repeat: int) -> str:
    game_map = load_map(map_id)
    data = read_map_file(map_id)
    first = timed(lambda: layout(parse_map(data)), repeat)
    layout(game_map)
    view = late_view(game_map)
    hl = {"claimable": [r.id for r in game_map.routes[1::4]], "cities": [game_map.cities[0].id]}
    empty = timed(lambda: render_board(game_map), repeat)
    late = timed(lambda: render_board(game_map, view, highlights=hl), repeat)
    one = timed(lambda: render_route(game_map, game_map.routes[0].id, view, highlights=hl), repeat * 10)
    picture = timed(lambda: render_static_board(game_map, view, highlights=hl), repeat)
    size = len(render_board(game_map, view, highlights=hl).encode())
    small = len(render_static_board(game_map, view, highlights=hl).encode())
    return (f"{map_id:7} layout {first[0]:6.1f}/{first[1]:6.1f}  empty board {empty[0]:6.1f}/{empty[1]:6.1f}  "
            f"late board {late[0]:6.1f}/{late[1]:6.1f}  one route {one[0]:5.2f}/{one[1]:5.2f}  "
            f"late picture {picture[0]:6.1f}/{picture[1]:6.1f}  late SVG {size / 1024:.0f} KiB, "
            f"picture {small / 1024:.0f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, median/min of {args.repeat} runs, milliseconds")
    for map_id in MAP_IDS:
        print(bench_map(map_id, args.repeat))


if __name__ == "__main__":
    main()
