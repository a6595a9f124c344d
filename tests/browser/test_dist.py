"""The README's first command on a bare machine, and what it builds.

A fresh clone of this checkout is built with ``python3 -S build.py dist`` (and served with
``python3 -S build.py serve``): a Python that sees nothing but its standard library, as a
newcomer's may, so a missing install step fails here.  The site it writes boots from a
sub-folder of a plain ``python3 -m http.server``.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from harness import build
from ui_driver import human_step, new_game

SIMULATE = ["-m", "game", "simulate", "--map", "usa", "--players", "2", "--games", "2", "--seed", "1"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def bare_env() -> dict[str, str]:
    """The environment without PYTHONPATH, PYTHONHOME or any other PYTHON* setting."""
    return {name: value for name, value in os.environ.items() if not name.startswith("PYTHON")}


def bare_python(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """``python3 -S ARGS`` in ``cwd``: no site-packages (nor the user's), nothing on PYTHONPATH."""
    return subprocess.run([sys.executable, "-S", *args], cwd=cwd, env=bare_env(), capture_output=True,
                          text=True, check=False)


def fresh_clone(folder: Path) -> Path:
    """The files a clone of this checkout holds (tracked, and new ones not ignored), copied into
    ``folder``; no build output.  Only the two npm tarballs (about 30 MB, pinned by hash, which
    the run's own build has just downloaded) are put in the clone's download folder, to spare
    the network: the svgwrite wheel is left for the bare Python's build to download."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                            cwd=build.ROOT, capture_output=True, check=True).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = build.ROOT / name
        if source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, folder / name)
    downloads = folder / build.DOWNLOADS.relative_to(build.ROOT)
    downloads.mkdir(parents=True)
    for tarball in build.DOWNLOADS.glob("*.tgz"):
        shutil.copyfile(tarball, downloads / tarball.name)
    return folder


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    return fresh_clone(tmp_path_factory.mktemp("clone"))


@pytest.fixture(scope="module")
def dist_url(clone, tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    done = bare_python(["build.py", "dist", str(site / "games" / "ticket-to-ride")], clone)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "downloading svgwrite-1.4.3-py3-none-any.whl" in done.stdout
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


def test_commands_that_draw_nothing_need_only_the_standard_library(tmp_path):
    """``python3 -m game`` with only ``game/`` (no downloaded wheel) and no site-packages."""
    shutil.copytree(build.GAME, tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    done = bare_python(SIMULATE, tmp_path)
    assert done.returncode == 0, done.stderr
    assert '"games": 2' in done.stdout
    replay = bare_python(["-m", "game", "replay", str(build.STATIC / "examples" / "ferry.json")], tmp_path)
    assert replay.returncode == 0, replay.stderr
    tournament = bare_python(["-m", "game", "tournament", "--map", "usa", "--players", "2", "--games", "2",
                              "--seed", "1", "--agents", "easy,long-route"], tmp_path)
    assert tournament.returncode == 0 and '"games": 2' in tournament.stdout, tournament.stderr
    for command in (["render", "--map", "usa"], ["embed", str(build.STATIC / "examples" / "ferry.json")]):
        drawing = bare_python(["-m", "game", *command], tmp_path)
        assert drawing.returncode == 4, drawing.stderr
        assert drawing.stdout == ""
        message = drawing.stderr.strip()
        assert message.startswith("error: drawing a board needs svgwrite 1.4.3"), message
        assert "python3 build.py dist" in message and "pip install svgwrite==1.4.3" in message
        assert "Traceback" not in drawing.stderr


def test_a_bare_python_builds_and_draws_with_the_downloaded_wheel(clone, dist_url):
    """After the build, the clone's commands that draw use the wheel it downloaded; so do
    ``simulate`` and the README's ``serve``."""
    render = bare_python(["-m", "game", "render", "--map", "usa"], clone)
    assert render.returncode == 0, render.stderr
    assert render.stdout.startswith("<svg") and 'class="ttr-board map-usa"' in render.stdout
    simulate = bare_python(SIMULATE, clone)
    assert simulate.returncode == 0 and '"games": 2' in simulate.stdout, simulate.stderr
    port = free_port()
    server = subprocess.Popen([sys.executable, "-S", "build.py", "serve", "--port", str(port)],
                              cwd=clone, env=bare_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
    try:
        said = [server.stdout.readline() for _ in range(1)]
        while said[-1] and not said[-1].startswith("Serving the game at "):
            said.append(server.stdout.readline())
        assert said[-1].startswith(f"Serving the game at http://127.0.0.1:{port}/"), "".join(said)
        for path in ("", "pyscript.toml", "sw.js", "static/build/game.zip", "static/build/rules-en.html"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=30) as response:
                assert response.status == 200 and response.read(), path
    finally:
        server.terminate()
        server.wait()


def test_dist_holds_only_what_the_site_serves(dist_url):
    files = build.dist_files()
    assert "index.html" in files and "pyscript.toml" in files
    assert "static/build/game.zip" in files       # named by its content in the site (below)
    assert not any("downloads" in name or name.endswith(".tgz") for name in files)


def test_dist_boots_from_a_sub_folder_of_a_plain_static_server_and_plays_ai_moves_in_the_worker(
        browser_session, dist_url):
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
    assert page.locator("#board svg .city").count() == 36
    assert page.locator(".dialog[data-dialog=tickets]").is_visible()
    human_step(page)                                    # Ann keeps her tickets; the hard seat chooses
    page.wait_for_function("() => Number(document.getElementById('app').dataset.actions) >= 2", timeout=120_000)
    assert page.get_attribute("#app", "data-ai-helper") == "worker"
    assert page.text_content("#ai-status") == ""

    own = [url[len(dist_url):] for url in requested if url.startswith(dist_url)
           and "/static/vendor/" not in url
           and url[len(dist_url):] not in ("", "?ai-delay=0", "sw.js", "pyodide-snapshot")]   # (the
    # last: the snapshot of Python's start, a virtual address the service worker answers)
    assert {url.split("?")[0] for url in own} >= {
        "static/boot.js", "static/style.css", "pyscript.toml", "static/ai-worker.mjs",
        "static/build/boot-messages.json"}, own
    archives = {url for url in own if url.endswith(".zip")}      # the page's and the worker's
    assert len(archives) == 1 and re.fullmatch(r"static/build/game-[0-9a-f]{12}\.zip", *archives), own
    unnamed = [url for url in own if not re.search(r"\?v=[0-9a-f]{12}$|-[0-9a-f]{12}\.zip$", url)]
    assert unnamed == [], unnamed
