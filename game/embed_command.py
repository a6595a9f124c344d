"""The ``embed`` command: ``python3 -m game embed SCENARIO [--step N] [--view SEAT] [--base URL]``
prints the embed link of a scenario and an HTML snippet to paste in a page (``docs/embed.md``).

The snippet's frame first shows the position as a plain SVG board, drawn now by the board's own
code, which the host page shows at once; a click (or Enter) on it opens the live embed, and
only then does the browser load the game's runtime.
"""

from __future__ import annotations

import argparse
import html
import sys
from typing import Any

from game.commands import EXIT_BAD_INPUT, EXIT_NOT_INSTALLED, Command, can_draw
from game.mapdata import GameMap, load_map
from game.rules import IllegalActionError, apply_action
from game.scenario import ScenarioError, load_scenario, read_scenario
from game.share import CONTROLS, embed_link
from game.steps import scenario_steps
from game.view import player_view

DEFAULT_BASE = "http://127.0.0.1:8000/"


def _embed_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file (docs/scenario.md), with or without steps")
    p.add_argument("--step", type=int, default=0, help="the step to show first (default 0)")
    p.add_argument("--view", type=int, help="the seat whose hand and tickets the embed shows (default: none)")
    p.add_argument("--controls", choices=CONTROLS, default="steps", help="what the reader may do (default: steps)")
    p.add_argument("--base", default=DEFAULT_BASE, help=f"the site's address (default {DEFAULT_BASE})")
    p.add_argument("--file", metavar="PATH", help="link the scenario by this address relative to the site "
                   "instead of putting it in the link")


def snippet(link: str, svg: str, title: str) -> str:
    """An iframe whose first document is the static board, a link to the live embed."""
    first = ("<!doctype html><meta charset=utf-8><style>body{margin:0}a{display:block;position:relative;color:#2b2118;"
             "font:600 15px system-ui,sans-serif}svg{display:block;width:100%;height:auto}span{position:absolute;"
             "left:50%;bottom:12px;transform:translateX(-50%);background:#fffaf0;border:1px solid #b9a888;"
             "border-radius:6px;padding:6px 14px}</style>"
             f'<a href="{html.escape(link)}" target="_self">{svg}<span>▶ {html.escape(title)}</span></a>')
    return (f'<iframe title="{html.escape(title)}" style="width:100%;aspect-ratio:4/3;border:0" '
            f'srcdoc="{html.escape(first)}"></iframe>')


def static_board(data: Any, step_index: int = 0, view: int | None = None) -> tuple[str, GameMap]:
    """A scenario's board at one of its steps, as a plain SVG with the step's routes and cities
    lit, and its map (raises ``ScenarioError`` for a bad scenario, step or seat, and
    ``IllegalActionError`` for an action that does not play).  Draws with svgwrite: the caller
    makes it importable first (``game.commands.can_draw``, ``build.py``)."""
    from game.board.render import render_board
    state, actions = load_scenario(data)
    game_map = load_map(state["map"])
    steps = scenario_steps(data, game_map, len(state["players"]), len(actions))
    if not 0 <= step_index < len(steps):
        raise ScenarioError(f"--step: the scenario has steps 0 to {len(steps) - 1}")
    if view is not None and not 0 <= view < len(state["players"]):
        raise ScenarioError(f"--view: the scenario has seats 0 to {len(state['players']) - 1}")
    step = steps[step_index]
    for action in actions[:step.after]:
        apply_action(state, action)
    svg = render_board(game_map, player_view(state, state["current"]),
                       highlights={"network": step.routes, "cities": sorted(step.lit_cities(game_map))})
    return svg, game_map


def embed(args: argparse.Namespace) -> int:
    if not can_draw():
        return EXIT_NOT_INSTALLED
    try:
        data = read_scenario(args.scenario)
        svg, game_map = static_board(data, args.step, args.view)
    except (ScenarioError, IllegalActionError) as exc:
        print(f"error: {args.scenario}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    link = embed_link(args.base, None if args.file else data, file=args.file, step=args.step or None,
                      view=args.view, controls=args.controls)
    print(link)
    print()
    print(snippet(link, svg, f"Ticket to Ride: {game_map.name}"))
    return 0


EMBED = Command("embed", "print a scenario's embed link and an HTML snippet that shows its board at once",
                _embed_args, embed)
