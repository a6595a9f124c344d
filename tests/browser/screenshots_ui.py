"""Screenshots of the game's screens for docs/: laptop (1280×800), small laptop (1024×768),
an 800×600 frame and a phone (390×844).

    python3 tests/browser/screenshots_ui.py [--out docs] [--only NAME] [--lang CODE] [--size WxH]

Drives Debian's Chromium with Playwright through the real page (the same guards as the
browser tests: no request leaves the machine, no console error).  The games shown are real:
seeded games played by the ``medium`` AI in every seat up to the moment wanted, stored as a
save and opened by the page as a player would find them; motion is reduced, so what a screen
shows does not depend on the moment.  Writes ``ui-<screen>-<width>x<height>.png`` for each
screen and size (``ui-<screen>-<language>-<width>x<height>.png`` in another language than English,
``--lang``):

- ``start``: the new-game form and the saved games;
- ``tickets``: the first turn, Ann choosing her destination tickets, one of them pointed at
  (its cities lit on the board);
- ``round``: mid-game on the Europe map, Ann's turn after the AI seats' round: their last
  turns on their lines and their last claims marked on the board;
- ``play``: the same, the payment chooser of a route open;
- ``tunnel``: Ann tries a tunnel: its three cards, the costly ones marked, and the payment
  asked (with the tunnel's rule);
- ``station``: Ann chooses how to pay for a station in Budapest (with the station's rule);
- ``handoff``: pass-and-play, the device handed to the next player;
- ``last-round``: the last round announced to the player about to play their last turn;
- ``end``: the end screen of a Europe game: the breakdown (stations too), the score chart, the
  longest trail drawn on the board;
- ``end-reveal``: the same game's scoring replayed, stopped at a ticket completed through a
  station (its path lit in the player's colour, the borrowed route dashed).

At 1280×800 and 390×844 only (``DOC_SIZES``):

- ``help``: the "How to play" panel on the Europe map, at its top (``ui-help-europe-*``) and at
  its end (``ui-help-europe-end-*``: scoring table, symbols), then the start screen it returns
  to (``ui-start-advanced-*``);
- ``review``: a finished game's review (#30) stepped onto a turn whose better move is a face-up
  card, the position as the seat saw it and the market then, that card lit (``ui-review-*``);
- ``rules-page``: the rules page with its first example live (``rules-page-*``) and a board as
  drawn, before its click (``rules-page-example-*``);
- ``hint``: the ``round`` position, Ann having asked for a hint: its line at the foot of the
  board, its route or card lit;
- ``log``: the log panel alone, let grow to show every line it holds (in the game it shows about
  four at a time): the ``end`` game's, whose newest lines the panel keeps (``ui-log-*``), and the
  ``round`` game's from its first turn (``ui-log-opening-*``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import (
    ROOT,
    BrowserSession,
    site_session,
    wait_for_boot,
)
from ui_driver import AI_FAST, RULES_STATE, header_tool

from game.actions import parse_action
from game.ai import make_agent
from game.ai.agent import decide
from game.rng import Rng
from game.rules import apply_action
from game.scenario import load_scenario, play_scenario, to_scenario
from game.ui import reveal

SIZES = {"1280x800": (1280, 800), "1024x768": (1024, 768), "800x600": (800, 600), "390x844": (390, 844)}
DOC_SIZES = ("1280x800", "390x844")     # the help panel's and the rules page's pictures
PLAYERS = [{"name": "Ann", "kind": "human", "colour": "red"}, {"name": "Bruno", "kind": "ai", "colour": "blue"},
           {"name": "Chloé", "kind": "ai", "colour": "green"}]
PASS_AND_PLAY = [{"name": "Ann", "kind": "human", "colour": "red"}, {"name": "Bruno", "kind": "human", "colour": "blue"}]
TUNNEL = {"format": 1, "map": "europe", "seed": 3, "players": PLAYERS,
          "position": {"market": ["blue", "green", "white", "yellow", "black"], "deck_top": ["red", "locomotive", "white"],
                       "players": [{"hand": {"red": 4, "blue": 1}, "tickets": ["athina--angora", "sofia--smyrna"]},
                                   {}, {}]}}


def scenario(players: list, seed: int, stop, map_id: str = "usa") -> dict:
    """A seeded game played by the medium AI in every seat until ``stop(state)`` holds."""
    start = {"format": 1, "map": map_id, "players": players, "seed": seed}
    state, _ = load_scenario(start)
    agent, actions = make_agent("medium"), []
    while not stop(state):
        action = decide(agent, state, Rng.from_seed(f"shots:{seed}:{len(actions)}"))
        apply_action(state, action)
        actions.append(str(action))
    return {**start, "actions": actions}


def late_game(players: list, seed: int, trains: int) -> dict:
    """A finished game saved from a late position (a player down to ``trains`` trains): its review
    weighs only the decisions from there, with short play-outs, so the test stays short."""
    whole = scenario(players, seed, over)
    state, _ = load_scenario({k: v for k, v in whole.items() if k != "actions"})
    actions = [parse_action(a) for a in whole["actions"]]
    for n, action in enumerate(actions):
        if state["phase"] == "start" and min(p["trains"] for p in state["players"]) <= trains:
            late = to_scenario(state, actions[n:])
            late["players"] = players
            return late
        apply_action(state, action)
    raise AssertionError("the game never got that far")


def at_ann(turn: int):
    return lambda s: s["phase"] == "over" or s["turn"] >= turn and s["current"] == 0 and s["phase"] == "start"


def last_round_for_ann(s: dict) -> bool:
    return s["phase"] == "over" or s["last_round"] is not None and s["current"] == 0 and s["phase"] == "start"


def over(s: dict) -> bool:
    return s["phase"] == "over"


def store(page, saves: dict, current: str | None) -> None:
    """Replace the page's saved games by ``saves`` (id -> scenario) and reload."""
    page.evaluate("""([saves, current]) => { localStorage.clear();
        for (const [id, text] of Object.entries(saves)) localStorage.setItem('ttr.v1.save.' + id, text);
        if (current) localStorage.setItem('ttr.v1.current', current); }""",
                  [{k: json.dumps(v) for k, v in saves.items()}, current])
    page.reload()
    wait_for_boot(page)


def shoot(session: BrowserSession, out: Path, only: str | None, language: str = "en",
          sizes: dict[str, tuple[int, int]] = SIZES) -> list[Path]:
    first = scenario(PLAYERS, 21, lambda s: True)
    mid = scenario(PLAYERS, 21, at_ann(40), "europe")
    handoff = scenario(PASS_AND_PLAY, 8, at_ann(24))
    last = scenario(PLAYERS, 5, last_round_for_ann)
    end = scenario(PLAYERS, 5, over, "europe")
    written = []
    infix = "" if language == "en" else f"-{language}"
    for size, (width, height) in sizes.items():
        context = session.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                                      has_touch=width < 500)
        page = session.open(AI_FAST + ("" if language == "en" else f"&lang={language}"), context=context)
        page.emulate_media(reduced_motion="reduce")
        page.add_style_tag(content="*{transition:none!important;caret-color:transparent!important}")

        def snap(name: str, screen: str | None = None, prefix: str = "ui-", page=page, size=size) -> None:
            if only in (None, screen or name):
                path = out / f"{prefix}{name}{infix}-{size}.png"
                page.screenshot(path=str(path))
                written.append(path)

        def wanted(*names: str) -> bool:
            return only is None or only in names

        if wanted("help") and size in DOC_SIZES:      # first: the page is at its start screen
            page.select_option("#opt-map", "europe")
            page.click("button[data-cmd=help]")
            page.wait_for_selector("#help .help-pic svg")
            snap("help-europe", "help")
            page.click("#help [data-help='goto:end']")
            page.wait_for_timeout(800)          # (the scroll to the section)
            snap("help-europe-end", "help")
            page.click("#help [data-help=close]")
            snap("start-advanced", "help")
        if wanted("start"):
            saves = {"g1700000000001": end, "g1700000000002": handoff, "g1700000000003": mid}
            store(page, saves, None)
            for save_id in saves:          # opened once each, as a player would: the list shows turns and dates
                page.click(f".save[data-save={save_id}] button[data-cmd=open]")
                header_tool(page, "button[data-cmd=home]").click()
            snap("start")
        if wanted("tickets"):
            store(page, {"g1": first}, "g1")
            page.hover(".offer-ticket >> nth=1")
            snap("tickets")
        if wanted("round", "play"):
            store(page, {"g1": mid}, "g1")
            snap("round")
            route = page.evaluate("document.querySelector('#board .route.claimable')?.id")
            if route:
                page.locator(f"#{route}").dispatch_event("click")
            snap("play")
        if wanted("tunnel"):
            store(page, {"g1": TUNNEL}, "g1")
            page.locator("#route-bucuresti--sofia").dispatch_event("click")
            page.click(".dialog[data-dialog=claim] button[data-cmd=claim] >> text=2 red")
            page.wait_for_selector(".dialog[data-dialog=tunnel]")
            snap("tunnel")
        if wanted("station"):
            store(page, {"g1": TUNNEL}, "g1")
            page.locator("#city-budapest").dispatch_event("click")
            page.wait_for_selector(".dialog[data-dialog=station]")
            snap("station")
        if wanted("handoff"):
            store(page, {"g1": handoff}, "g1")
            snap("handoff")
        if wanted("last-round"):
            store(page, {"g1": last}, "g1")
            snap("last-round")
        if wanted("end"):
            store(page, {"g1": end}, "g1")
            if width <= 700:        # a phone: the end screen is under the board and the log
                page.evaluate("document.querySelector('.end-screen').scrollIntoView()")
            snap("end")
        if wanted("log") and size in DOC_SIZES:
            # the log as the panel holds it, let grow to show every line it has: the finished game's
            # (its newest lines: the panel keeps the latest ones) and the mid-game's (from the first turn)
            for name, game in (("log", end), ("log-opening", mid)):
                store(page, {"g1": game}, "g1")
                page.add_style_tag(content="#log{position:absolute;left:8px;top:8px;width:680px;height:auto!important;"
                                           "contain:none!important;z-index:1000}"
                                           ".log-scroll{flex:none!important;overflow:visible!important}")
                page.locator("#log").screenshot(path=str(out / f"ui-{name}{infix}-{size}.png"))
                written.append(out / f"ui-{name}{infix}-{size}.png")
        if wanted("end-reveal"):
            store(page, {"g1": end}, "g1")
            page.click(".end-screen button[data-cmd=replay-scoring]")
            page.wait_for_selector(f".scoring-reveal[data-shown='{telling_step(end)}']")
            page.evaluate("window.scrollTo(0, 0)")
            snap("end-reveal")
        if wanted("review") and size in DOC_SIZES:
            store(page, {"g1": late_game(PLAYERS, 3, 16)}, "g1")        # a late save: a short review
            page.click(".end-screen button[data-cmd=review]")
            page.wait_for_selector(".review[data-done='']", timeout=300_000)
            # stepped onto a turn whose better move is a face-up card: lit in the market of the time
            page.locator(".review-turns li", has_text="take the face-up").first.locator("button").click()
            page.wait_for_selector(".review[data-shown]:not([data-shown=''])")
            page.wait_for_timeout(300)
            snap("review")
        if wanted("hint") and size in DOC_SIZES:
            store(page, {"g1": mid}, "g1")
            page.locator("button.hint >> visible=true").click()     # in the market's heading at 1180 px and below
            page.wait_for_function("""() => { const t = document.getElementById('hint-line').textContent;
                return t !== '' && !t.endsWith('…'); }""", timeout=120_000)
            snap("hint")
        if wanted("rules-page") and size in DOC_SIZES:      # last: the page leaves the game
            page.goto(session.base_url + f"static/build/rules-{language}.html")
            page.locator("a.rules-static").first.click()         # the first example live, the others drawn
            page.wait_for_function(f"() => ({RULES_STATE})(0) === 'ready'", timeout=180_000)
            page.wait_for_timeout(500)          # the frame takes the height its embed reports
            snap("rules-page", prefix="")
            page.evaluate("() => document.getElementById('claiming-routes').scrollIntoView()")     # a board as drawn
            page.locator("#claiming-routes img").evaluate("(img) => img.decode()")
            snap("rules-page-example", "rules-page", prefix="")
    return written


def telling_step(game: dict) -> int:
    """The number of the first step worth a picture: a ticket completed through a station, else
    the completed ticket with the longest path."""
    state, _ = play_scenario(game)
    steps = reveal.scoring_reveal(state).steps
    done = [(bool(s.borrowed), len(s.lit), -n) for n, s in enumerate(steps, 1)
            if s.kind == reveal.TICKET and s.completed]
    return -max(done)[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--only", help="one screen: start, tickets, round, play, tunnel, station, handoff, last-round, end, review, hint, "
                                       "end-reveal, log, help or rules-page")
    parser.add_argument("--lang", default="en", help="the page's language (a code of game.i18n.LANGUAGES)")
    parser.add_argument("--size", choices=SIZES, help="one size")
    args = parser.parse_args()
    with site_session() as session:
        sizes = {args.size: SIZES[args.size]} if args.size else SIZES
        for path in shoot(session, args.out, args.only, args.lang, sizes):
            print(path)


if __name__ == "__main__":
    main()
