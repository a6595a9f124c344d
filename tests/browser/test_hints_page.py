"""The Hint command in the page (``game.ui.hints``): asked, its line shown and its move lit, in
English and again in French once the player switches language in the game; the log says who
asked; a game started with hints off shows no command."""

from __future__ import annotations

import json
from pathlib import Path

from ui_driver import AI_FAST, new_game, speak

# Ann's turn: Duluth – El Paso (10) to join, Denver – Omaha missing (purple, on the market)
DULUTH = {"map": "usa", "seed": 4, "players": [{"name": "Ann", "kind": "human"},
                                              {"name": "Bot", "kind": "ai", "level": "easy"}],
          "position": {"market": ["purple", "blue", "red", "locomotive", "green"], "players": [
              {"tickets": ["duluth--el-paso"], "hand": {"purple": 4, "red": 1},
               "routes": ["duluth--omaha--1", "el-paso--santa-fe", "denver--santa-fe"]}, {}]}}
HINT_SHOWN = "(thinking) => { const t = document.getElementById('hint-line')?.textContent; return !!t && t !== thinking; }"
LIT = "document.querySelectorAll('#board .route.hint, #side .hinted').length"


def test_a_hint_is_shown_lit_and_counted_in_two_languages(browser_session, tmp_path: Path):
    page = browser_session.open(AI_FAST)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(DULUTH))
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#board svg")
    page.click("#hint")
    page.wait_for_function(HINT_SHOWN, arg="Looking for a hint…", timeout=60_000)
    english = page.text_content("#hint-line")
    assert english == "Claim Denver–Omaha: it completes Duluth–El Paso, +10."
    assert page.evaluate(LIT) >= 1 and page.locator("#route-denver--omaha.hint").count() == 1
    assert page.locator("#side .hinted").count() == 0      # a claim takes no card: nothing of the market lit
    assert "Ann asked for a hint." in page.text_content(".log")
    # in the log's ordinary colour, not the red of the last round's and the end's notices
    line = page.locator(".log li", has_text="Ann asked for a hint.")
    assert line.evaluate("e => e.classList.contains('aside') && !e.classList.contains('notice')")
    assert line.evaluate("e => getComputedStyle(e).color") == page.evaluate(
        "getComputedStyle(document.querySelector('.log')).color")
    speak(page, "fr")
    assert page.text_content("#hint-line") == "Prenez Denver–Omaha\u00a0: elle termine Duluth–El Paso, +10."
    assert page.locator("#route-denver--omaha.hint").count() == 1
    assert "Ann a demandé un conseil." in page.text_content(".log")
    speak(page, "en")
    page.locator("header button[data-cmd=home]").click()
    page.uncheck("#opt-hints")
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"])
    assert page.locator("#hint").is_hidden() and page.locator(".dialog[data-dialog=tickets] .hint").count() == 0
