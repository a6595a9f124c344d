"""Embed benchmark: how long a reader of a host page (another origin) waits, and how long links are.

    python3 tests/bench_embed.py [--runs N]

Prints (a) the characters of ``#s=`` fragments: every example of ``static/examples/``, and a
shared position of a game in progress (``game.share.public_scenario``); (b) the time from the
host page's navigation to the static board of the ``python3 -m game embed`` snippet (its
``srcdoc`` SVG drawn); (c) to an interactive embed (its ``ttr:ready`` message), on a cold cache
(a fresh browser context) and a warm one (the same context, the page opened again; the local
server answers ``Cache-Control: no-cache``, so a warm visit revalidates each file); (d) from a
click on the snippet's static board to the interactive embed.  Requests to any other host
are blocked and reported.  It prints figures; it asserts nothing about time.
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
from harness import BrowserSession, build, launch_chromium, static_server  # noqa: I001

from game.cli import main as game_cli
from game.rules import apply_action, sample_action
from game.rng import Rng
from game.scenario import load_scenario, read_scenario
from game.share import embed_link, fragment, public_scenario

EXAMPLES = sorted((build.ROOT / "static" / "examples").glob("*.json"))
EXAMPLE = "static/examples/tunnels.json"
LISTENER = """<script>window.received = [];
addEventListener("message", (e) => { if (e.data && typeof e.data.type === "string") received.push(e.data.type); });
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
    (directory / "live.html").write_text(page.format(LISTENER, f'<iframe src="{live}" style="width:760px;height:600px;'
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = max(3, parser.parse_args().runs)
    from playwright.sync_api import sync_playwright

    fragment_sizes()
    build.prepare(update_config=False)
    times: dict[str, list[float]] = {"static": [], "cold": [], "warm": [], "click": []}
    with tempfile.TemporaryDirectory() as folder, static_server(build.ROOT) as site, \
            static_server(Path(folder)) as host, sync_playwright() as playwright:
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
            row["cold"] = timed(session.watch(context.new_page()), host + "live.html", interactive)
            row["warm"] = timed(session.watch(context.new_page()), host + "live.html", interactive)
            context.close()
            if run:
                for name, value in row.items():
                    times[name].append(value)
                print(f"run {run}: " + "  ".join(f"{name} {value:.2f} s" for name, value in row.items()), flush=True)
        browser.close()
    if session.external_requests or session.errors:
        print(f"FAILED: requests to other hosts {session.external_requests}, errors {session.errors}")
        return 1
    print(f"\nruns: {runs}; a host page on another port, a fresh browser context for each cold visit")
    for name, label in (("static", "(b) static board (snippet)"), ("cold", "(c) interactive, cold cache"),
                        ("warm", "(c) interactive, warm cache"), ("click", "(d) snippet clicked -> interactive")):
        print(f"{label:38} median {statistics.median(times[name]) * 1000:7.0f} ms"
              f"   (min {min(times[name]) * 1000:.0f}, max {max(times[name]) * 1000:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
