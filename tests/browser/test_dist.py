"""``build.py dist`` output boots from a sub-folder of a plain ``python3 -m http.server``."""

import re
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from harness import build
from ui_driver import human_step, new_game


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def dist_url(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    build.dist(site / "games" / "ticket-to-ride")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/games/ticket-to-ride/"
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    yield url
    server.terminate()
    server.wait()


def test_dist_holds_only_what_the_site_serves(dist_url):
    files = build.dist_files()
    assert "index.html" in files and "pyscript.json" in files
    assert "static/build/game.zip" in files       # named by its content in the site (below)
    assert not any("downloads" in name or name.endswith(".tgz") for name in files)


def test_dist_boots_from_a_sub_folder_of_a_plain_static_server(browser_session, dist_url):
    page = browser_session.open(base_url=dist_url)
    page.click("button[data-cmd=start]")
    assert page.locator("#board svg .city").count() == 36
    assert page.locator(".dialog[data-dialog=tickets]").is_visible()


def test_dist_plays_ai_moves_in_the_worker(browser_session, dist_url):
    """The worker needs no SharedArrayBuffer: plain http.server sends no COOP/COEP headers.
    Every file of the project's own that the page and the worker load is named by its content."""
    context = browser_session.new_context(dist_url)
    requested = []
    # (the service worker's own downloads ask the server to revalidate: `cache: "no-cache"`)
    context.on("request", lambda request: request.service_worker is None
               and requested.append(request.url))
    page = browser_session.open("?ai-delay=0", context=context, base_url=dist_url)
    assert page.evaluate("window.crossOriginIsolated") is False
    new_game(page, ["Ann", "Bot"], ["human", "ai:hard"])
    human_step(page)                                    # Ann keeps her tickets; the hard seat chooses
    page.wait_for_function("() => Number(document.getElementById('app').dataset.actions) >= 2", timeout=120_000)
    assert page.get_attribute("#app", "data-ai-helper") == "worker"
    assert page.text_content("#ai-status") == ""

    own = [url[len(dist_url):] for url in requested if url.startswith(dist_url)
           and "/static/vendor/" not in url
           and url[len(dist_url):] not in ("", "?ai-delay=0", "sw.js", "pyodide-snapshot")]   # (the
    # last: the snapshot of Python's start, a virtual address the service worker answers)
    assert {url.split("?")[0] for url in own} >= {
        "static/boot.js", "static/style.css", "pyscript.json", "static/ai-worker.mjs",
        "static/build/boot-messages.json"}, own
    archives = {url for url in own if url.endswith(".zip")}      # the page's and the worker's
    assert len(archives) == 1 and re.fullmatch(r"static/build/game-[0-9a-f]{12}\.zip", *archives), own
    unnamed = [url for url in own if not re.search(r"\?v=[0-9a-f]{12}$|-[0-9a-f]{12}\.zip$", url)]
    assert unnamed == [], unnamed
