"""``build.py dist`` output boots from a sub-folder of a plain ``python3 -m http.server``."""

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
    assert "index.html" in files and "pyscript.toml" in files
    assert "static/build/game.zip" in files
    assert not any("downloads" in name or name.endswith(".tgz") for name in files)


def test_dist_boots_from_a_sub_folder_of_a_plain_static_server(browser_session, dist_url):
    page = browser_session.open(base_url=dist_url)
    page.click("button[data-cmd=start]")
    assert page.locator("#board svg .city").count() == 36
    assert page.locator(".dialog[data-dialog=tickets]").is_visible()


def test_dist_plays_ai_moves_in_the_worker(browser_session, dist_url):
    """The worker needs no SharedArrayBuffer: plain http.server sends no COOP/COEP headers."""
    page = browser_session.open("?ai-delay=0", base_url=dist_url)
    assert page.evaluate("window.crossOriginIsolated") is False
    new_game(page, ["Ann", "Bot"], ["human", "ai:hard"])
    human_step(page)                                    # Ann keeps her tickets; the hard seat chooses
    page.wait_for_function("() => Number(document.getElementById('app').dataset.actions) >= 2", timeout=120_000)
    assert page.get_attribute("#app", "data-ai-helper") == "worker"
    assert page.text_content("#ai-status") == ""

