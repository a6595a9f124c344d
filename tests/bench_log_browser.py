"""Benchmark: what Chromium's main thread spends on a frame after a move's line is added to the log
(prints figures, asserts nothing).

    python3 tests/bench_log_browser.py [--rounds N] [--lines N] --before DIR

A bare page (not the game) holds the page's style sheet, a late 4-player Europe board
(``tests/bench_redraw.py``'s, ``drawn``) and under it the log panel with 70 lines of the
page's markup (``game.web.log_panel``: number, player, card faces).  Then, for each of ``--lines``
lines, what the page does after a move: the oldest 20 lines go once 79 are listed
(``game.ui.screen.log_start``), a line is added at the foot, and the scroller is moved to its foot in
the next frame; two frames a line.  Chromium's trace gives the CPU time (``tdur``) of the main
thread's style, layout, pre-paint, paint (the document's, and of it the log's), layerize and commit
per frame.  ``--before DIR``: another checkout's style sheet, measured in the same browser in turns
with this one's (round by round), so a busy machine weighs on both alike.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from bench_redraw import PARTS, drawn
from harness import launch_chromium, main_thread_events

ROOT = Path(__file__).resolve().parent.parent

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head><body>
<div id="app" class="table" style="display:block"><div id="board-frame" class="board-frame" style="width:900px;height:560px">
<div id="board" class="board">{board}</div></div><section id="log" class="log-panel" style="width:900px"><h2>Game log</h2>
<div class="log-scroll"><ol class="log"></ol><div class="log-foot"></div></div></section></div></body></html>"""
# a line as game.web.log_panel writes it: a card drawn, then another
ADD_LINE = """window.addLine = (i) => { const li = document.createElement('li'); if (i % 2) li.className = 'alt';
    li.innerHTML = `<span class="log-number">${i + 1}.</span><span class="log-text"><strong class="log-player">Chloé</strong>
        took <span class="chip card-purple" aria-hidden="true"></span><span class="card-word">purple </span>, then took
        <span class="chip card-blue" aria-hidden="true"></span><span class="card-word">blue </span></span>`;
    document.querySelector('#log .log').append(li); };"""
MOVES = """async ([first, count]) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const list = document.querySelector('#log .log'), scroller = document.querySelector('#log .log-scroll');
    for (let i = first; i < first + count; i++) {
        if (list.children.length >= 79) for (let k = 0; k < 20; k++) list.firstElementChild.remove();
        window.addLine(i);
        requestAnimationFrame(() => scroller.scrollTo(0, 1e9));
        await frame();
        await frame();
    } }"""
SHOWN = ("style", "layout", "pre-paint", "paint", "of it the log", "layerize", "commit")


def measure(browser, css: str, board: str, lines: int) -> tuple[int, dict[str, float]]:
    """Frames painted and CPU ms in each kind of work, for ``lines`` lines added."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_content(PAGE.format(css=css, board=board))
    page.evaluate(ADD_LINE)
    page.evaluate("() => { for (let i = 0; i < 70; i++) window.addLine(i); }")
    page.wait_for_timeout(300)
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    page.evaluate(MOVES, [70, lines])
    events = main_thread_events(browser.stop_tracing())
    page.close()
    frames, cpu = 0, dict.fromkeys(SHOWN, 0.0)
    for e in events:
        node = (e.get("args", {}).get("data") or {}).get("nodeName", "")
        ms = e.get("tdur", 0) / 1000
        if e["name"] == "Paint" and node == "#document":     # (each paint layer painted again nests a Paint)
            frames += 1
            cpu["paint"] += ms
        elif e["name"] == "Paint" and "log-panel" in node:
            cpu["of it the log"] += ms
        elif e["name"] in PARTS and e["name"] != "Paint":
            cpu[PARTS[e["name"]]] += ms
    return frames, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--lines", type=int, default=100, help="lines added a round")
    parser.add_argument("--before", type=Path, required=True, help="another checkout, whose style sheet is measured too")
    args = parser.parse_args()
    sheets = {"before": (args.before / "static" / "style.css").read_text(encoding="utf-8"),
              "after": (ROOT / "static" / "style.css").read_text(encoding="utf-8")}
    board = drawn(ROOT, "europe", 0)["board"]
    from playwright.sync_api import sync_playwright
    totals = {side: (0, dict.fromkeys(SHOWN, 0.0)) for side in sheets}
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        print(f"Chromium {browser.version}; {args.rounds} rounds of {args.lines} lines a side")
        for r in range(args.rounds):
            for side in (list(sheets) if r % 2 == 0 else list(reversed(sheets))):
                frames, cpu = measure(browser, sheets[side], board, args.lines)
                total_frames, total = totals[side]
                totals[side] = (total_frames + frames, {k: total[k] + cpu[k] for k in SHOWN})
        browser.close()
    print("CPU ms a frame: " + ", ".join(SHOWN) + ", all these but the log's")
    for side, (frames, cpu) in totals.items():
        whole = sum(v for k, v in cpu.items() if k != "of it the log")
        print(f"  {side:6s} ({frames} frames): " + ", ".join(f"{cpu[k] / frames:.3f}" for k in SHOWN) + f", {whole / frames:.3f}")


if __name__ == "__main__":
    main()
