"""The ``render`` command: ``python3 -m game render --map europe [--scenario FILE] > board.svg``.

Without a scenario it draws the empty board; with one it plays the scenario and draws the
position as the chosen seat (by default the player to act) sees it.
"""

from __future__ import annotations

import argparse
import sys

from game.commands import (
    EXIT_BAD_INPUT,
    EXIT_NOT_INSTALLED,
    Command,
    can_draw,
    play_scenario_file,
)
from game.mapdata import MAP_IDS, load_map
from game.rules import claimable_routes
from game.state import Phase
from game.view import player_view


def _render_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", choices=MAP_IDS, help="the map (default: the scenario's)")
    p.add_argument("--scenario", metavar="FILE", help="scenario file to play and draw (docs/scenario.md)")
    p.add_argument("--seat", type=int, help="whose view to draw (default: the player to act)")
    p.add_argument("--claimable", action="store_true",
                   help="highlight the routes the player to act may claim")
    p.add_argument("--size", type=int, help="width in pixels (default: fill the container)")
    p.add_argument("--output", "-o", metavar="FILE", help="write here instead of standard output")


def render(args: argparse.Namespace) -> int:
    view, highlights = None, {}
    map_id = args.map
    if args.scenario:
        state, status = play_scenario_file(args.scenario)
        if state is None:
            return status
        if map_id and map_id != state["map"]:
            print(f"error: the scenario is on the {state['map']} map, not {map_id}", file=sys.stderr)
            return EXIT_BAD_INPUT
        map_id = state["map"]
        seat = state["current"] if args.seat is None else args.seat
        try:
            view = player_view(state, seat)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if args.claimable and state["phase"] != Phase.OVER:
            highlights["claimable"] = [r.id for r in claimable_routes(state)]
    elif args.seat is not None or args.claimable:
        print("error: --seat and --claimable need a --scenario", file=sys.stderr)
        return EXIT_BAD_INPUT
    if map_id is None:
        print("error: give --map or --scenario", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.size is not None and args.size < 1:
        print("error: --size must be a positive number of pixels", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not can_draw():
        return EXIT_NOT_INSTALLED
    from game.board.render import render_board  # (svgwrite: only once a board is drawn)
    svg = render_board(load_map(map_id), view, highlights=highlights, size=args.size)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(svg + "\n")
        except OSError as exc:
            print(f"error: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    else:
        sys.stdout.write(svg + "\n")
    return 0


RENDER = Command("render", "draw the board as SVG, empty or at a scenario's position", _render_args, render)
