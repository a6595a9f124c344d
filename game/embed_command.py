"""The ``embed`` command: ``python3 -m game embed SCENARIO [--step N] [--view SEAT] [--lang CODE]
[--base URL]`` prints the embed link of a scenario and an HTML snippet to paste in a page
(``docs/embed.md``).

The snippet's frame first shows the position as a plain SVG picture of the board
(``game.board.static``), drawn now by the board's own code, which the host page shows at once,
with a bar below it saying that a click makes the board live; a click (or Enter) anywhere on
it opens the live embed, and only then does the browser load the game's runtime.  A few lines of
script after the frame give it the height the live embed reports (``ttr:height``), so the lesson
is seen whole, with no scroll inside the frame.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from typing import Any
from urllib.parse import urlsplit

from game import i18n
from game.commands import EXIT_BAD_INPUT, EXIT_NOT_INSTALLED, Command, can_draw
from game.i18n import _, map_name
from game.mapdata import GameMap, load_map
from game.rules import IllegalActionError, apply_action
from game.scenario import ScenarioError, load_scenario, read_scenario
from game.share import CONTROLS, embed_link
from game.steps import scenario_steps
from game.ui.embed import HEIGHT
from game.view import player_view

DEFAULT_BASE = "http://127.0.0.1:8000/"


def _embed_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file (docs/scenario.md), with or without steps")
    p.add_argument("--step", type=int, default=0, help="the step to show first (default 0)")
    p.add_argument("--view", type=int, help="the seat whose hand and tickets the embed shows (default: none)")
    p.add_argument("--controls", choices=CONTROLS, default="steps", help="what the reader may do (default: steps)")
    p.add_argument("--lang", choices=i18n.available_languages(), help="the language of the snippet's bar and board "
                   "and of the live embed (default: the bar in English, the embed in the reader's language)")
    p.add_argument("--base", default=DEFAULT_BASE, help=f"the site's address (default {DEFAULT_BASE})")
    p.add_argument("--file", metavar="PATH", help="link the scenario by this address relative to the site "
                   "instead of putting it in the link")


# The first document's style: the board at the top, as wide as the frame (narrower if the frame
# is too short for it), and below it, in the room left, a bar saying what a click does: it is
# on no city, route or name, at any size.  The whole is one link.
SNIPPET_CSS = (
    "html,body{height:100%;margin:0}"
    "a{display:flex;flex-direction:column;height:100%;background:#f3ecd9;color:#2b2118;text-decoration:none;"
    "font:600 14px/1.3 system-ui,sans-serif}"
    "a:focus-visible{outline:3px solid #1c56c7;outline-offset:-3px}"
    "svg{display:block;flex:0 1 auto;min-height:0;width:100%;height:auto}"
    ".bar{flex:1 0 auto;display:flex;align-items:center;gap:10px;padding:6px 8px;background:#fffaf0;"
    "border-top:1px solid #b9a888}"
    ".play{padding:5px 12px;border-radius:6px;background:#1f4d3a;color:#fff}"
    "a:hover .play,a:focus-visible .play{background:#2b6b50}"
    ".title{flex:1 1 0;min-width:0;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;text-align:right;"
    "font-weight:400;color:#5b4a36}"
    "@media (max-width:480px){a{font-size:13px}.bar{padding:5px 6px}.play{padding:4px 8px}.title{display:none}}")


def srcdoc(document: str) -> str:
    """``document`` escaped for a ``srcdoc='…'`` attribute (single-quoted: the SVG inside uses
    double quotes, which then need no escaping): ``&``, ``<``, ``>`` and ``'``."""
    return html.escape(document, quote=False).replace("'", "&#39;")


# The frame's height once live: the script after the frame listens to the live embed's height
# (HEIGHT, docs/embed.md) from that frame's window and the embed's site alone, and sets it, so the
# lesson is seen whole; until then the frame is 4:3, the static board's shape.  (@ORIGIN, @TYPE
# and @MAX are filled in by height_script.)
MAX_HEIGHT = 8000       # pixels: a frame no taller than this, whatever a message says
HEIGHT_SCRIPT = ('<script>{const f=document.currentScript.previousElementSibling;'
                 'addEventListener("message",(e)=>{const d=e.data;'
                 'if(e.source!==f.contentWindow||e.origin!==@ORIGIN||d?.type!==@TYPE||!Number.isFinite(d.height))return;'
                 'f.style.height=`${Math.min(Math.max(d.height,0),@MAX)}px`})}</script>')


def height_script(link: str) -> str:
    """The script that sizes the snippet's frame to its live embed: messages from the embed's
    site (``link``'s origin; the host's own for a relative link) and that frame only."""
    parts = urlsplit(link)
    origin = json.dumps(f"{parts.scheme}://{parts.netloc}") if parts.scheme and parts.netloc else "location.origin"
    return (HEIGHT_SCRIPT.replace("@ORIGIN", origin.replace("</", "<\\/")).replace("@TYPE", json.dumps(HEIGHT))
            .replace("@MAX", str(MAX_HEIGHT)))


def snippet(link: str, svg: str, title: str, call: str, language: str = i18n.DEFAULT_LANGUAGE) -> str:
    """An iframe whose first document is the static board and a bar saying ``call`` (what a click
    does) and ``title``, all one link to the live embed; then the script that gives the frame the
    live embed's height (:func:`height_script`)."""
    first = (f"<!doctype html><html lang={language}><meta charset=utf-8><style>{SNIPPET_CSS}</style>"
             f'<a href="{html.escape(link)}" target="_self">{svg}<span class="bar"><span class="play">'
             f'<span aria-hidden="true">▶ </span>{html.escape(call)}</span>'
             f'<span class="title">{html.escape(title)}</span></span></a>')
    return (f'<iframe title="{html.escape(title)}" style="width:100%;aspect-ratio:4/3;border:0" '
            f"srcdoc='{srcdoc(first)}'></iframe>" + height_script(link))


def static_board(data: Any, step_index: int = 0, view: int | None = None) -> tuple[str, GameMap]:
    """A scenario's board at one of its steps, as a picture (``game.board.static``) with the
    step's routes and cities lit, and its map (raises ``ScenarioError`` for a bad scenario,
    step or seat, and ``IllegalActionError`` for an action that does not play).  Uses the
    board's code, which imports svgwrite: the caller makes it importable first
    (``game.commands.can_draw``, ``build.py``)."""
    from game.board.static import render_static_board
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
    svg = render_static_board(game_map, player_view(state, state["current"]),
                              highlights={"network": step.routes, "cities": sorted(step.lit_cities(game_map))})
    return svg, game_map


def embed(args: argparse.Namespace) -> int:
    if not can_draw():
        return EXIT_NOT_INSTALLED
    previous = i18n.language()
    i18n.set_language(args.lang)
    try:
        try:
            data = read_scenario(args.scenario)
            svg, game_map = static_board(data, args.step, args.view)
        except (ScenarioError, IllegalActionError) as exc:
            print(f"error: {args.scenario}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        link = embed_link(args.base, None if args.file else data, file=args.file, step=args.step or None,
                          view=args.view, controls=args.controls, lang=args.lang)
        print(link)
        print()
        print(snippet(link, svg, _("embed.snippet.title", map=map_name(game_map.id)), _("embed.snippet.play"),
                      i18n.language()))
    finally:
        i18n.set_language(previous)
    return 0


EMBED = Command("embed", "print a scenario's embed link and an HTML snippet that shows its board at once",
                _embed_args, embed)
