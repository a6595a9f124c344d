"""Finishing the table (#28): the AI seats' names in the player's language (a typed name kept
through a change of language), a tunnel's cards that never stay over the board into a human's
turn and can be dismissed, and a header band as wide as the table that never moves the board."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from ui_driver import game_facts, human_step, open_games, saved_scenario, wait_for_human

WORKER = "**/static/ai-worker.mjs"
# an AI helper that tries the Bucureşti–Sofia tunnel when it can, and then pays for it
TUNNEL_WORKER = """postMessage(JSON.stringify({ready: true}));
onmessage = ({data}) => { const r = JSON.parse(data);
  let i = r.legal.findIndex(a => a.startsWith('claim bucuresti--sofia'));
  if (i < 0) i = r.legal.findIndex(a => a.startsWith('pay'));
  postMessage(JSON.stringify({ticket: r.ticket, choice: Math.max(i, 0), error: null, ms: 1})); };
"""
# the AI seat (Hal) to act, four red cards in hand; the tunnel reveals two cards more to pay
AI_TUNNEL = {"map": "europe", "seed": 3,
             "players": [{"name": "Ann"}, {"name": "Hal", "kind": "ai", "level": "easy"}],
             "position": {"current": 1, "market": ["blue"] * 5, "deck_top": ["red", "locomotive", "white"],
                          "players": [{"hand": {"green": 2}}, {"hand": {"red": 4}}]}}
BOX = "(s) => { const b = document.querySelector(s).getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }"


def names_shown(page) -> list[str]:
    """The players' names as saved, each checked to be on the table."""
    names = [p["name"] for p in saved_scenario(page)["players"]]
    side = page.text_content("#side")
    assert all(name in side for name in names), (names, side)
    return names


def test_a_japanese_table_names_its_ai_seats_in_japanese_and_a_typed_name_survives_a_language_change(browser_session):
    page = browser_session.open("?ai-delay=0&lang=ja")
    page.select_option("#opt-map", "europe")
    page.select_option("#opt-count", "4")
    names = [page.input_value(f".seat[data-seat='{i}'] .seat-name") for i in range(4)]
    assert names[0] == "プレイヤー1" and len(set(names)) == 4
    assert all(unicodedata.name(c).startswith(("HIRAGANA", "KATAKANA", "CJK")) for n in names[1:] for c in n), names
    page.fill(".seat[data-seat='1'] .seat-name", "Zoé")
    page.select_option("#opt-language", "hu")                    # the form follows the language...
    page.wait_for_function("document.querySelector(\".seat[data-seat='0'] .seat-name\").value === '1. játékos'")
    names = [page.input_value(f".seat[data-seat='{i}'] .seat-name") for i in range(4)]
    assert names == ["1. játékos", "Zoé", "Kálmán", "Zsófi"]     # ...but for the name typed
    page.select_option(".seat[data-seat='3'] .seat-kind", "human")     # a seat made human: a player's default name
    page.wait_for_function("document.querySelector(\".seat[data-seat='3'] .seat-name\").value === '4. játékos'")
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#board svg")
    players = saved_scenario(page)["players"]
    assert [p["name"] for p in players] == ["1. játékos", "Zoé", "Kálmán", "4. játékos"]
    assert [p.get("default_name", False) for p in players] == [True, False, True, True]
    page.select_option("#opt-language-game", "ja")               # in a game too, and in its save
    page.wait_for_function("document.querySelector('#side').innerText.includes('のぞみ')")
    assert names_shown(page) == ["プレイヤー1", "Zoé", "のぞみ", "プレイヤー4"]
    assert "Kálmán" not in page.evaluate("document.body.innerText")
    page.reload()
    page.wait_for_function("document.documentElement.hasAttribute('data-game-ready')")
    assert names_shown(page) == ["プレイヤー1", "Zoé", "のぞみ", "プレイヤー4"]


def import_ai_tunnel(page, tmp_path: Path) -> None:
    path = tmp_path / "tunnel.json"
    path.write_text(json.dumps(AI_TUNNEL))
    open_games(page)
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#board-frame .tunnel-reveal")        # the AI seat's tunnel, on its turn


def test_an_ai_tunnels_cards_go_when_the_human_must_act_and_can_be_dismissed(browser_session, tmp_path):
    context = browser_session.new_context()
    context.route(WORKER, lambda route: route.fulfill(status=200, body=TUNNEL_WORKER, content_type="text/javascript"))
    page = browser_session.open("?ai-delay=1500", context=context)
    page.set_viewport_size({"width": 1280, "height": 800})
    reveal = page.locator("#board-frame .tunnel-reveal")
    import_ai_tunnel(page, tmp_path)
    assert reveal.locator(".chip.match").count() == 2 and game_facts(page)["current"] == "1"
    shown = page.evaluate("Date.now()")
    # the AI pays: Ann's turn starts, and the cards are gone from the board at once (not after 4 s)
    page.wait_for_function("document.getElementById('app').dataset.current === '0'")
    assert reveal.count() == 0 and page.evaluate("Date.now()") - shown < 3500
    # no late cue brings them back: cues play in a task after the next painted frame (game.web.cues)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => setTimeout(done))))")
    assert reveal.count() == 0
    assert "Hal" in page.text_content("#log .log") and "claimed" in page.get_attribute("#route-bucuresti--sofia", "class")
    # dismissed: by its close button, by a click on it, by Escape
    for dismiss in ("button", "click", "Escape"):
        import_ai_tunnel(page, tmp_path)
        if dismiss == "button":
            page.click("#board-frame .tunnel-reveal .reveal-close")
        elif dismiss == "click":
            page.click("#board-frame .tunnel-reveal .reveal-title")
        else:
            page.keyboard.press("Escape")
        assert reveal.count() == 0, dismiss
        assert game_facts(page)["current"] == "1"                # nothing else happened
    human_step(page, wait_for_human(page))


def test_the_header_spans_the_table_and_the_board_stays_put_between_turns(browser_session, tmp_path):
    context = browser_session.new_context()
    context.route(WORKER, lambda route: route.fulfill(status=200, body=TUNNEL_WORKER, content_type="text/javascript"))
    page = browser_session.open("?ai-delay=2500", context=context)
    sizes = ((1280, 800), (1024, 768), (800, 600), (390, 844))
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**AI_TUNNEL, "position": {**AI_TUNNEL["position"], "current": 0}}))
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#board svg")
    tops = {}
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        header, side, board = (page.evaluate(BOX, s) for s in ("#app.table header", "#side", "#board-frame"))
        assert abs(header[2] - side[2]) <= 1 and abs(header[0] - board[0]) <= 1, (width, header, side)
        tops[width] = board[1]
    page.locator(".market .card-deck").click()                   # Ann draws two cards: Hal's turn
    page.locator(".market .card-deck").click()
    page.wait_for_function("document.getElementById('app').dataset.current === '1'")
    for width, height in sizes:                                  # Hal is thinking: a shorter status
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(BOX, "#board-frame")[1] == tops[width], width
    assert game_facts(page)["current"] == "1"
