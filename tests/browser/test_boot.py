"""The game boots offline from the vendored runtime, draws its SVG from Python and reacts."""

import io
import zipfile

import pytest
from harness import wait_for_boot

PROGRESS_RECORDER = """
window.__progress = [];
new MutationObserver(() => {
  const bar = document.getElementById('boot-progress');
  if (bar) window.__progress.push(Number(bar.value));
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['value']});
"""


def test_boots_offline_shows_the_start_screen_handles_a_click_and_the_game_survives_a_reload(game_page):
    assert game_page.locator("#boot-loader").is_hidden()
    assert game_page.locator("#boot-error").is_hidden()
    assert game_page.text_content("#app h1") == "Ticket to Ride"
    assert game_page.locator("#new-game .seat").count() == 2
    assert game_page.text_content(".saves p") == "No saved games yet."
    assert game_page.title() == "Ticket to Ride"
    assert game_page.evaluate("document.documentElement.lang") == "en"
    # a click is handled in Python, and the game survives a reload
    game_page.select_option("#opt-count", "3")
    assert game_page.locator("#new-game .seat").count() == 3
    game_page.click("button[data-cmd=start]")
    assert game_page.locator("#board svg .route").count() == 100
    assert game_page.locator(".dialog[data-dialog=tickets]").is_visible()   # one human: no handoff
    game_page.reload()
    wait_for_boot(game_page)
    assert game_page.locator(".dialog[data-dialog=tickets]").is_visible()
    saves = game_page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ttr.v1.save.'))")
    assert len(saves) == 1


def test_progress_bar_follows_the_loading_stages(browser_session):
    context = browser_session.new_context()
    context.add_init_script(PROGRESS_RECORDER)
    page = browser_session.open(context=context)
    values = page.evaluate("window.__progress")
    assert values == sorted(values), values
    assert len(set(values)) >= 6, values      # the stages and runtime files, one by one
    assert values[-1] >= 92


BAD_SAVES = {"bad1": "not json {", "bad2": '"atlantis"', "bad3": "42"}


def test_bad_saved_data_is_reported_and_kept(browser_session):
    context = browser_session.new_context()
    context.add_init_script("".join(f"localStorage.setItem('ttr.v1.save.{name}', {saved!r});"
                                    for name, saved in BAD_SAVES.items())
                            + "localStorage.setItem('ttr.v1.current', 'bad1')")
    page = browser_session.open(context=context)
    assert page.locator(".save.damaged").count() == len(BAD_SAVES)
    for name, saved in BAD_SAVES.items():
        assert "kept as it is" in page.text_content(f".save.damaged[data-save={name}] .save-text"), saved
        assert page.evaluate(f"localStorage.getItem('ttr.v1.save.{name}')") == saved


def test_language_follows_the_browser(browser_session):
    page = browser_session.open(context=browser_session.new_context(locale="fr-FR"))
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.title() == "Les Aventuriers du Rail"
    assert page.text_content("#app h1") == "Les Aventuriers du Rail"
    assert page.text_content("button[data-cmd=start]") == "Commencer la partie"


def test_saved_language_wins_over_the_browser(browser_session):
    context = browser_session.new_context(locale="fr-FR")
    context.add_init_script("localStorage.setItem('ttr.language', 'en')")
    page = browser_session.open(context=context)
    assert page.text_content("button[data-cmd=start]") == "Start the game"


@pytest.mark.parametrize("missing", [
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/python_stdlib.zip",
    "static/vendor/pyscript/core.js",
    "static/vendor/pyodide/pyodide-lock.json",
    "static/vendor/svgwrite-1.4.3-py3-none-any.whl",
    "static/build/game.zip",
    "pyscript.toml",
])
def test_a_missing_file_shows_the_error_panel(browser_session, missing):
    def break_file(page):
        page.route(f"**/{missing}", lambda route: route.fulfill(status=404, body="gone"))

    page = browser_session.open(expect_errors=True, before=break_file)
    assert page.get_attribute("html", "data-boot-failed") == "boot.error.missing_file"
    assert page.locator("#boot-error").is_visible()
    assert page.locator("#boot-loader").is_hidden()
    assert page.text_content("#boot-error h1") == "The game could not start"
    message = page.text_content("#boot-error-message")
    assert message.startswith("A file the game needs could not be loaded:"), message
    assert missing in message
    assert page.text_content("#boot-retry") == "Try again"


def test_a_damaged_archive_shows_the_error_panel_with_the_reason(browser_session):
    def damage(page):
        page.route("**/static/build/game.zip", lambda route: route.fulfill(
            status=200, content_type="application/zip", body=b"<!doctype html><p>Not the archive</p>"))

    page = browser_session.open(expect_errors=True, before=damage)
    assert page.get_attribute("html", "data-boot-failed") == "boot.error.failed"
    assert page.locator("#boot-error").is_visible()
    message = page.text_content("#boot-error-message")
    assert "the game's archive is damaged (no central directory)" in message, message


def test_missing_loader_strings_still_explain_the_failure(browser_session):
    def break_file(page):
        page.route("**/boot-messages.json", lambda route: route.fulfill(status=404))

    page = browser_session.open(expect_errors=True, before=break_file)
    message = page.text_content("#boot-error-message")
    assert message.startswith("The game could not start."), message
    assert "static/build/boot-messages.json (HTTP 404)" in message


def test_no_webassembly_shows_the_error_panel(browser_session):
    context = browser_session.new_context()
    context.add_init_script("delete globalThis.WebAssembly")
    requested = []
    context.on("request", lambda request: requested.append(request.url))
    page = browser_session.open(context=context, expect_errors=True)
    assert page.get_attribute("html", "data-boot-failed") == "boot.error.no_wasm"
    assert "cannot run WebAssembly" in page.text_content("#boot-error-message")
    assert not any(url.endswith("/core.js") for url in requested), requested   # no PyScript


def test_a_python_error_while_starting_shows_the_error_panel(browser_session):
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as broken:
        broken.writestr("game/__init__.py", "")      # the package without game.web

    def break_archive(page):
        page.route("**/static/build/game.zip", lambda route: route.fulfill(
            status=200, content_type="application/zip", body=archive.getvalue()))

    page = browser_session.open(expect_errors=True, before=break_archive)
    assert page.get_attribute("html", "data-boot-failed") == "boot.error.failed"
    message = page.text_content("#boot-error-message")
    assert "ModuleNotFoundError" in message and "game.web" in message, message
