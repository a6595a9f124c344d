"""Offline and installable (#17), on ``build.py dist`` output behind a plain ``http.server``:
the service worker serves a reload with no network, a game resumes offline, a new build is
offered and taken only when the player agrees, Chromium finds the app installable, and the
page opened from ``file://`` says how to play."""

import json
import re
import socket
import subprocess
import sys
import time
import urllib.request
from urllib.parse import urlsplit

import pytest
from harness import build, launch_on_profile, wait_for_boot
from ui_driver import (
    AI_FAST,
    game_facts,
    human_step,
    new_game,
    saved_scenario,
    wait_for_human,
)

from game import i18n
from game.share import embed_link
from game.ui.rules_page import PAGE_PATH

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
WASM_PRELOAD = 'link[rel=preload][href$="pyodide.asm.wasm"]'


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A built site in a sub-folder of a plain static server: (folder, URL)."""
    root = tmp_path_factory.mktemp("offline")
    folder = root / "games" / "ttr"
    build.dist(folder)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(root)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/games/ttr/"
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    yield folder, url
    server.terminate()
    server.wait()


def first_visit(browser_session, url, path=AI_FAST):
    """Boot online and wait until the service worker has precached and controls the page."""
    context = browser_session.new_context(url, snapshots=True)
    page = browser_session.open(path, context=context, base_url=url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    return context, page


def play(page, actions):
    """Play until the game has recorded ``actions`` actions (handoffs are not actions)."""
    for _ in range(actions * 4):
        facts = wait_for_human(page)        # (a turn's end is shown a moment before the handoff)
        if facts["actions"] >= actions:
            return
        human_step(page, facts)
    raise AssertionError("the game did not advance")


def test_offline_reload_boots_and_resumes_the_game(browser_session, site):
    _, url = site
    context, page = first_visit(browser_session, url)
    assert page.locator(WASM_PRELOAD).count() == 1          # no service worker served this page
    new_game(page, ["Ann", "Bob"], ["human", "human"], seed="5")
    play(page, 6)
    before, facts = saved_scenario(page), game_facts(page)
    assert facts["actions"] >= 4
    context.set_offline(True)
    page.reload()
    wait_for_boot(page)
    assert page.locator(WASM_PRELOAD).count() == 0          # the service worker's copy, compiled code kept
    # the stored response as it came: its type, which WebAssembly's streaming compile needs
    assert page.evaluate("fetch('static/vendor/pyodide/pyodide.asm.wasm')"
                         ".then((response) => response.headers.get('content-type'))") == "application/wasm"
    assert saved_scenario(page) == before
    assert game_facts(page)["actions"] == facts["actions"]
    # a second page of the site, offline, with a query string: still served
    other = browser_session.watch(context.new_page())
    other.goto(url + "?ai-delay=0")
    wait_for_boot(other)
    # the rules page with its examples, offline
    rules = browser_session.watch(context.new_page())
    rules.goto(url + PAGE_PATH.format(language="en"))
    assert rules.title() == "Ticket to Ride: the rules with examples"
    images = rules.evaluate("Promise.all([...document.images].map((image) => fetch(image.src)"
                            ".then((response) => [response.ok, response.headers.get('content-type')])))")
    assert len(images) >= 10 and all(ok and kind.startswith("image/svg") for ok, kind in images), images
    assert rules.evaluate("document.styleSheets[0].cssRules.length") > 0        # its stylesheet too
    context.set_offline(False)


def test_a_new_build_is_offered_and_taken_only_when_accepted(browser_session, site):
    folder, url = site
    _, page = first_visit(browser_session, url)
    new_game(page, ["Ann", "Bob"], ["human", "human"], seed="9")
    play(page, 4)
    before = saved_scenario(page)
    # A second version built into the same folder (a changed file, so a new cache version).
    build.dist(folder)
    style = folder / "static" / "style.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n/* version 2 */\n", encoding="utf-8")
    (folder / "sw.js").write_bytes(build.service_worker(folder))
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_selector("#update-banner", timeout=60_000)
    assert page.text_content("#update-banner p") == "A new version of the game is ready."
    # Nothing switches on its own: the old version keeps serving until the player agrees.
    assert "version 2" not in page.evaluate("fetch('static/style.css').then((r) => r.text())")
    with page.expect_navigation():
        page.click("#update-banner button[data-update=accept]")
    wait_for_boot(page)
    assert "version 2" in page.evaluate("fetch('static/style.css').then((r) => r.text())")
    assert saved_scenario(page) == before
    assert page.locator("#board svg").count() == 1
    caches = page.evaluate("caches.keys()")
    assert len([name for name in caches if name.startswith("ttr-")]) == 1, caches


def test_chromium_finds_the_app_installable(browser, site, tmp_path):
    """In a persistent profile: Chromium never offers to install from an incognito one."""
    _, url = site
    outside, errors = [], []
    context = launch_on_profile(browser.browser_type, tmp_path / "profile")

    def guard(route):
        if urlsplit(route.request.url).netloc == urlsplit(url).netloc:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("blockedbyclient")
    context.route("**/*", guard)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.goto(url)
        wait_for_boot(page)
        page.wait_for_function(CONTROLLED, timeout=60_000)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest.get("errors") == [], manifest.get("errors")
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        data = json.loads(manifest["data"])
        assert data["start_url"] == data["scope"] == "../"
        assert [icon.get("purpose") for icon in data["icons"]] == ["any", "any", "maskable"]
    finally:
        context.close()
    assert outside == [] and errors == []


BROWSER_FILE_ERRORS = ("CORS policy", "net::ERR_FAILED", "Manifest")


def test_opened_from_a_file_it_says_how_to_play(browser, site):
    folder, _ = site
    context = browser.new_context(locale="fr-FR")
    errors = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and not any(
        known in message.text for known in BROWSER_FILE_ERRORS) and errors.append(message.text))
    try:
        page.goto((folder / "index.html").as_uri())
        page.wait_for_selector("#boot-file", state="visible", timeout=1000)
        assert "python3 -m http.server" in page.text_content("#boot-file")
        assert "serveur web local" in page.text_content("#boot-file-message")
        assert page.locator("#boot-loader").is_hidden()
        assert errors == []
    finally:
        context.close()


def test_the_saved_games_screen_says_whether_storage_lasts(game_page):
    line = game_page.wait_for_selector(".storage-line[data-persistent]")
    strings = i18n.catalog("en")
    persistent = line.get_attribute("data-persistent") == "true"
    assert line.text_content() == strings["storage.persistent" if persistent
                                          else "storage.not_persistent"][0]
    assert persistent == game_page.evaluate("navigator.storage.persisted()")


def test_the_saved_games_line_waits_for_a_pending_request(browser_session):
    """While persist() is pending, persisted() still says no: the line waits for the answer."""
    context = browser_session.new_context()
    context.add_init_script("""
        Object.defineProperty(navigator.storage, "persisted", {value: async () => false});
        globalThis.ttrStorageRequest = new Promise((grant) => setTimeout(() => grant(true), 300));
    """)
    page = browser_session.open(context=context)
    line = page.wait_for_selector(".storage-line[data-persistent]")
    assert line.get_attribute("data-persistent") == "true"


def test_the_file_message_in_the_page_matches_the_catalogs():
    """index.html cannot fetch the catalogs from file://, so it carries a copy of boot.file.*."""
    page = (build.ROOT / "index.html").read_text(encoding="utf-8")
    inline = json.loads(re.search(r"var text = (\{.*\});", page).group(1))
    assert json.loads(re.search(r"var aliases = (\{.*\});", page).group(1)) == i18n.ALIASES
    assert list(inline) == list(i18n.LANGUAGES)
    for language in i18n.LANGUAGES:
        assert inline[language] == {key: forms[0] for key, forms in i18n.catalog(language).items()
                                    if key.startswith("boot.file.")}


# --- the memory snapshot of Python's start (static/interpreter.mjs) ---------------------------

SNAPSHOT_MADE = "() => document.documentElement.dataset.pythonSnapshot"
# The stored snapshot, unpacked (static/snapshot-pages.mjs); a changed one put back.
READ_SNAPSHOT = """async () => {
  const { unpack } = await import("./static/snapshot-pages.mjs");
  return unpack(await (await fetch("pyodide-snapshot")).arrayBuffer());
}"""
SNAPSHOT_STATE = "fetch('pyodide-snapshot').then((r) => r.headers.get('X-Snapshot') ?? 'stored')"
DAMAGES = {
    # the header's build id (bytes 16 to 47) of another Pyodide
    "another build": """async () => {
      const { pack } = await import("./static/snapshot-pages.mjs");
      const memory = await (READ_SNAPSHOT)();
      memory[16] ^= 0xff;
      await fetch("pyodide-snapshot", {method: "PUT", body: pack(memory)});
    }""".replace("READ_SNAPSHOT", READ_SNAPSHOT),
    # cut short on its way to storage
    "cut short": """async () => {
      const stored = await (await fetch("pyodide-snapshot")).arrayBuffer();
      await fetch("pyodide-snapshot", {method: "PUT", body: stored.slice(0, stored.byteLength / 2)});
    }""",
    # bytes that are no snapshot at all
    "not a snapshot": """() => fetch("pyodide-snapshot", {method: "PUT", body: new Uint8Array(4096).fill(7)})""",
}


def snapshot_visit(browser_session, url):
    """A first visit that has stored its snapshot: (context, page)."""
    context, page = first_visit(browser_session, url)
    assert page.wait_for_function(SNAPSHOT_MADE, timeout=120_000).json_value() == "stored"
    return context, page


def test_a_repeat_visit_starts_python_from_the_snapshot_and_plays(browser_session, site):
    _, url = site
    context, page = first_visit(browser_session, url)
    assert page.get_attribute("html", "data-python-start") == "fresh"
    # a game played while the snapshot is made: the snapshot never holds it
    new_game(page, ["Zephyrine", "Quillon"], ["human", "ai:easy"], seed="11")
    assert page.wait_for_function(SNAPSHOT_MADE, timeout=120_000).json_value() == "stored"
    memory = page.evaluate(f"({READ_SNAPSHOT})().then((m) => new TextDecoder('latin1').decode(m))")
    assert "game.rules" in memory and "svgwrite" in memory        # the modules are in
    assert "Zephyrine" not in memory and "Quillon" not in memory   # the game is not
    repeat = browser_session.watch(context.new_page())
    repeat.goto(url + AI_FAST)
    wait_for_boot(repeat)
    assert repeat.get_attribute("html", "data-python-start") == "snapshot"
    assert saved_scenario(repeat) == saved_scenario(page)
    # the game goes on, the AI seat's moves chosen by the AI helper (its own Python, as before)
    play(repeat, 4)


def test_the_embed_ignores_a_stored_snapshot_and_one_that_does_not_restore_is_refused(browser_session, site):
    """One snapshot made, then: the embed neither reads it nor makes one; and each damage in turn
    (``DAMAGES``, on the good snapshot put back) is refused at the next visit, which boots and
    plays; after the refusal, the next visit starts afresh and makes none."""
    _, url = site
    context, page = snapshot_visit(browser_session, url)
    asked = []
    embed = browser_session.watch(context.new_page())
    embed.on("request", lambda request: "pyodide-snapshot" in request.url and asked.append(request.url))
    embed.goto(embed_link(url, {"map": "usa", "players": ["Ann", "Bob"], "seed": 3}))
    wait_for_boot(embed)
    assert embed.get_attribute("html", "data-python-start") == "fresh"
    embed.wait_for_selector("html[data-python-snapshot]", state="attached")
    assert embed.get_attribute("html", "data-python-snapshot") == "not-made"
    assert asked == []
    embed.close()
    page.evaluate("async () => { window.goodSnapshot = await (await fetch('pyodide-snapshot')).arrayBuffer(); }")
    for damage in sorted(DAMAGES):
        page.evaluate("""() => { localStorage.clear();      // (no game of the damage before to resume)
            return fetch('pyodide-snapshot', {method: 'PUT', body: window.goodSnapshot}); }""")
        assert page.evaluate(SNAPSHOT_STATE) == "stored", damage
        page.evaluate(DAMAGES[damage])
        notes = []
        repeat = browser_session.watch(context.new_page())
        repeat.on("console", lambda message, notes=notes: notes.append(message.text))
        repeat.goto(url + AI_FAST)
        wait_for_boot(repeat)
        assert repeat.get_attribute("html", "data-python-start") == "fresh", damage
        assert any("snapshot did not restore" in note for note in notes), (damage, notes)
        assert repeat.evaluate(SNAPSHOT_STATE) == "refused", damage
        new_game(repeat, ["Ann", "Bob"], ["human", "human"], seed="14")
        play(repeat, 2)
        repeat.close()
    # refused for this build (the last damage's refusal, as each one's: the same record): the
    # next visit starts afresh and makes none
    again = browser_session.watch(context.new_page())
    again.goto(url + AI_FAST)
    wait_for_boot(again)
    assert again.get_attribute("html", "data-python-start") == "fresh"
    again.wait_for_selector("html[data-python-snapshot]", state="attached")
    assert again.get_attribute("html", "data-python-snapshot") == "not-made"
    again.close()
