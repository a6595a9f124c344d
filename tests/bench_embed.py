"""Embed benchmark: how long a reader of a host page (another site) waits, and how long links are.

    python3 tests/bench_embed.py [--runs N]

Prints (a) the characters of ``#s=`` fragments: every example of ``static/examples/``, and a
shared position of a game in progress (``game.share.public_scenario``); (b) the time from the
host page's navigation to the static board of the ``python3 -m game embed`` snippet (its
``srcdoc`` SVG drawn); (c) to a live embed's board first seen and to the embed interactive (its
``ttr:ready`` message), on a cold cache (a fresh browser context) and a warm one (the same
context, the page opened again; the local server answers ``Cache-Control: no-cache``, so a
warm visit revalidates each file), with the frame's height as the loader first reported it and
once ready (the host sizes the frame by ``ttr:height``: equal heights, nothing shifted); (d)
from a click on the snippet's static board to the interactive embed.  The host page is on
127.0.0.2, another site than the game's 127.0.0.1, in Chromium's default settings (the embed's
storage blocked as a third party's).  Requests to any other host are blocked and reported.
It prints figures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from harness import OTHER_SITE, BrowserSession, build, launch_chromium, static_server  # noqa: I001

from game.cli import main as game_cli
from game.rules import apply_action, sample_action
from game.rng import Rng
from game.scenario import load_scenario, read_scenario
from game.share import embed_link, fragment, public_scenario

EXAMPLES = sorted((build.ROOT / "static" / "examples").glob("*.json"))
EXAMPLE = "static/examples/tunnels.json"
LISTENER = """<script>window.received = []; window.heights = [];
addEventListener("message", (e) => {
  if (!e.data || typeof e.data.type !== "string") return;
  received.push(e.data.type);
  if (e.data.type === "ttr:height") {
    heights.push([e.data.height, received.includes("ttr:ready")]);
    document.querySelector("iframe").style.height = `${e.data.height}px`;
  }
});
</script>"""
READY = "() => received.includes('ttr:ready')"


def fragment_sizes() -> None:
    sizes = {path.stem: len(fragment(read_scenario(str(path)))) for path in EXAMPLES}
    print(f"(a) #s= fragments of the {len(sizes)} examples: median {statistics.median(sizes.values()):.0f} "
          f"characters, from {min(sizes.values())} ({min(sizes, key=sizes.__getitem__)}) "
          f"to {max(sizes.values())} ({max(sizes, key=sizes.__getitem__)})")
    for players in (2, 4):
        state, _ = load_scenario({"map": "europe", "players": [f"P{i}" for i in range(players)], "seed": 5})
        rng = Rng(7)
        for _ in range(60 * players):          # about 30 turns each
            apply_action(state, sample_action(state, rng))
        shared = public_scenario(state, [None] * players)
        print(f"    a shared Europe position, {players} players, turn {state['turn']}: "
              f"{len(fragment(shared))} characters")


def host_pages(directory: Path, site: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        game_cli(["embed", str(build.ROOT / EXAMPLE), "--base", site, "--file", EXAMPLE])
    snippet = out.getvalue().split("\n", 2)[2]
    live = embed_link(site, file=EXAMPLE, view=0, controls="steps")
    page = "<!doctype html><meta charset=utf-8><title>Host</title>{}<p>A rules site.</p>{}"
    (directory / "snippet.html").write_text(page.format(LISTENER, snippet), encoding="utf-8")
    (directory / "live.html").write_text(page.format(LISTENER, f'<iframe src="{live}" style="width:760px;height:150px;'
                                                     'border:0"></iframe>'), encoding="utf-8")


def timed(page, url: str, ready) -> float:
    start = time.perf_counter()
    page.goto(url)
    ready(page)
    return time.perf_counter() - start


def static_board(page) -> None:
    page.frame_locator("iframe").locator("svg.ttr-board").wait_for()


def interactive(page) -> None:
    page.wait_for_function(READY, timeout=120_000)


def live(page, url: str) -> tuple[float, float, int, int]:
    """A live embed's visit: seconds to its board first seen and to ready, and the frame's
    height as the loader first said it and once ready."""
    start = time.perf_counter()
    page.goto(url)
    page.frame_locator("iframe").locator("#board svg").wait_for(timeout=120_000)
    seen = time.perf_counter() - start
    interactive(page)
    ready = time.perf_counter() - start
    page.wait_for_timeout(300)                  # the height sent with ready has arrived
    heights = page.evaluate("heights")
    return seen, ready, heights[0][0], heights[-1][0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = max(3, parser.parse_args().runs)
    from playwright.sync_api import sync_playwright

    fragment_sizes()
    build.prepare(update_config=False)
    times: dict[str, list[float]] = {"static": [], "cold seen": [], "cold": [], "warm seen": [], "warm": [],
                                     "click": []}
    shifts: list[tuple[int, int]] = []
    with tempfile.TemporaryDirectory() as folder, static_server(build.ROOT) as site, \
            static_server(Path(folder), host=OTHER_SITE) as host, sync_playwright() as playwright:
        host_pages(Path(folder), site)
        browser = launch_chromium(playwright)
        session = BrowserSession(browser, site)
        for run in range(runs + 1):          # the first run warms the OS file cache and the servers
            context = session.new_context(site, also=(host,))
            page = session.watch(context.new_page())
            row = {"static": timed(page, host + "snippet.html", static_board)}
            start = time.perf_counter()
            page.frame_locator("iframe").locator("a").click()
            interactive(page)
            row["click"] = time.perf_counter() - start
            context.close()
            context = session.new_context(site, also=(host,))
            row["cold seen"], row["cold"], *cold = live(session.watch(context.new_page()), host + "live.html")
            row["warm seen"], row["warm"], *warm = live(session.watch(context.new_page()), host + "live.html")
            context.close()
            shifts += [tuple(cold), tuple(warm)]
            if run:
                for name, value in row.items():
                    times[name].append(value)
                print(f"run {run}: " + "  ".join(f"{name} {value:.2f} s" for name, value in row.items()), flush=True)
        browser.close()
    if session.external_requests or session.errors:
        print(f"FAILED: requests to other hosts {session.external_requests}, errors {session.errors}")
        return 1
    print(f"\nruns: {runs}; a host page on another site ({OTHER_SITE}), a fresh browser context for each cold visit")
    for name, label in (("static", "(b) static board (snippet)"), ("cold seen", "(c) live board seen, cold cache"),
                        ("cold", "(c) interactive, cold cache"), ("warm seen", "(c) live board seen, warm cache"),
                        ("warm", "(c) interactive, warm cache"), ("click", "(d) snippet clicked -> interactive")):
        print(f"{label:38} median {statistics.median(times[name]) * 1000:7.0f} ms"
              f"   (min {min(times[name]) * 1000:.0f}, max {max(times[name]) * 1000:.0f})")
    moved = [pair for pair in shifts if pair[0] != pair[1]]
    print(f"frame height, first reported -> once ready (760 px wide): {sorted(set(shifts))}; "
          f"{len(moved)} of {len(shifts)} visits shifted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
