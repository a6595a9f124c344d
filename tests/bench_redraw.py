"""Benchmark: what Chromium's main thread spends drawing the board again after a move (prints
figures, asserts nothing).

    python3 tests/bench_redraw.py [--rounds N] [--claims N] [--before DIR]

A bare page (not the game) holds the page's style sheet and the board of a late 4-player game
(``render_board``, a third of the routes claimed, as ``tests/board/test_board_render.py``'s
late view); then, for each of ``--claims`` routes, it does what the page does after an AI
claim: the route's ``<g>`` replaced by ``render_route``'s text, the previous claim's
``last-move`` put out and this one's lit, and a piece arriving over each train
(``game.web.cues``: a ``.placing`` box, its own layer), gone two frames later.  Chromium's
trace gives every task of the page's main thread from the first claim on: count, p50, p95,
max, how many over 50 ms, and the sums of style, layout, pre-paint, paint, layerize and commit.
The first draw of the board (``innerHTML`` of the whole SVG, then one frame) is timed apart,
with the number of elements its style recalculation touched.

``--before DIR``: a second checkout (``git worktree add DIR <commit>``) whose board and style
sheet are measured too, in the same browser, in turns with this one's (round by round), so a
busy machine weighs on both alike.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import launch_chromium, main_thread_events

ROOT = Path(__file__).resolve().parent.parent
# run in a checkout: its board (late view), its claims' fragments and its style sheet, as JSON
DRAW = """
import json, sys
sys.path.insert(0, ".")
from game.board import svgwrite_wheel
svgwrite_wheel.require()
from game.board.render import render_board, render_route
from game.mapdata import load_map
game_map = load_map(sys.argv[1])
colours = ("red", "blue", "green", "yellow")
players = [{"colour": c, "routes": [], "stations": []} for c in colours]
for i, r in enumerate(game_map.routes):
    if i % 3 == 0:
        players[(i // 3) % 4]["routes"].append(r.id)
view = {"players": players}
board = render_board(game_map, view)
claims = []
for i, r in enumerate([r for i, r in enumerate(game_map.routes) if i % 3 == 1][:int(sys.argv[2])]):
    players[i % 4]["routes"].append(r.id)
    claims.append([r.id, render_route(game_map, r.id, view, highlights={"last": [r.id]})])
print(json.dumps({"board": board, "claims": claims, "css": open("static/style.css", encoding="utf-8").read()}))
"""
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head><body>
<div id="app" class="table"><div id="board-frame" class="board-frame" style="position:relative;width:900px;height:600px">
<div id="board" class="board"></div></div></div></body></html>"""
FIRST = """async (board) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    await frame();
    performance.mark('first-draw');
    document.getElementById('board').innerHTML = board;
    await frame(); await frame();
}"""
CLAIMS = """async ([claims, placeMs]) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const boardFrame = document.getElementById('board-frame');
    await frame();
    performance.mark('first-claim');
    let last = null;
    for (const [id, text] of claims) {
        if (last) document.getElementById(`route-${last}`).classList.remove('last-move');
        document.getElementById(`route-${id}`).outerHTML = text;
        last = id;
        await frame();
        const origin = boardFrame.getBoundingClientRect();     // as game.web.cues places its pieces
        const pieces = [...document.querySelectorAll(`#route-${id} .train`)].map((train, i) => {
            const box = train.getBoundingClientRect();
            const piece = document.createElement('div');
            piece.className = 'placing swatch-red';
            piece.style.cssText = `left:${box.left - origin.left + box.width / 2}px;top:${box.top - origin.top + box.height / 2}px;` +
                `width:${Math.max(box.width, box.height, 8)}px;height:${Math.max(box.width, box.height, 8)}px;` +
                `--place-ms:${placeMs}ms;animation-delay:${40 * i}ms`;
            boardFrame.append(piece);
            return piece;
        });
        await frame(); await frame();
        pieces.forEach((piece) => piece.remove());
        await frame();
    }
}"""
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]
PARTS = {"UpdateLayoutTree": "style", "Layout": "layout", "PrePaint": "pre-paint", "Paint": "paint",
         "Layerize": "layerize", "Commit": "commit"}


def drawn(checkout: Path, map_id: str, claims: int) -> dict:
    """The board, the claims' fragments and the style sheet of ``checkout``."""
    out = subprocess.run([sys.executable, "-c", DRAW, map_id, str(claims)], cwd=checkout, check=True,
                         capture_output=True, text=True).stdout
    return dict(json.loads(out))


def main_thread(trace: bytes, mark: str) -> tuple[list[float], dict[str, float], list[int]]:
    """The main thread's tasks (ms) from ``mark`` on, the time in each kind of rendering work,
    and the element counts of its style recalculations."""
    timed = main_thread_events(trace, mark)
    parts: dict[str, float] = {}
    for e in timed:
        if e["name"] in PARTS:
            parts[PARTS[e["name"]]] = parts.get(PARTS[e["name"]], 0) + e["dur"] / 1000
    styled = [e["args"].get("elementCount", 0) for e in timed if e["name"] == "UpdateLayoutTree"]
    return [e["dur"] / 1000 for e in timed if e["name"] == "RunTask"], parts, styled


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--claims", type=int, default=20, help="routes claimed a round, a map")
    parser.add_argument("--before", type=Path, help="another checkout to measure in turns with this one")
    args = parser.parse_args()
    sides = {"this": ROOT} | ({"before": args.before.resolve()} if args.before else {})
    from playwright.sync_api import sync_playwright
    results: dict[tuple[str, str], dict] = {}
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        print(f"Chromium {browser.version}; {args.rounds} rounds of {args.claims} claims a map, in turns: {', '.join(sides)}")
        for map_id in ("usa", "europe"):
            boards = {side: drawn(checkout, map_id, args.claims) for side, checkout in sides.items()}
            for _round in range(args.rounds):
                for side, board in boards.items():
                    page = browser.new_page(viewport={"width": 1280, "height": 800})
                    page.set_content(PAGE.format(css=board["css"]))
                    browser.start_tracing(page=page, categories=CATEGORIES)
                    page.evaluate(FIRST, board["board"])
                    first, first_parts, first_styled = main_thread(browser.stop_tracing(), "first-draw")
                    browser.start_tracing(page=page, categories=CATEGORIES)
                    page.evaluate(CLAIMS, [board["claims"], 300])
                    tasks, parts, _styled = main_thread(browser.stop_tracing(), "first-claim")
                    page.close()
                    r = results.setdefault((map_id, side), {"first": [], "first_parts": {}, "styled": 0, "tasks": [],
                                                            "parts": {}})
                    r["first"].append(max(first))
                    r["styled"] = max(first_styled)
                    r["tasks"] += tasks
                    for key, ms in first_parts.items():
                        r["first_parts"][key] = r["first_parts"].get(key, 0) + ms / args.rounds
                    for key, ms in parts.items():
                        r["parts"][key] = r["parts"].get(key, 0) + ms / args.rounds / args.claims
        browser.close()
    for (map_id, side), r in results.items():
        tasks = r["tasks"]
        print(f"{map_id:6s} {side:6s} first draw: longest task p50 {pct(r['first'], 50):6.1f} ms (of {len(r['first'])}), "
              f"{r['styled']} elements styled; " + ", ".join(f"{k} {v:.1f}" for k, v in r["first_parts"].items()))
        print(f"{'':13s} claims: {len(tasks)} tasks, p50 {pct(tasks, 50):.1f} p95 {pct(tasks, 95):.1f} max {max(tasks):.1f} ms, "
              f"over 50 ms: {sum(t > 50 for t in tasks)}; a claim: " + ", ".join(f"{k} {v:.1f}" for k, v in r["parts"].items()) + " ms")


if __name__ == "__main__":
    main()
