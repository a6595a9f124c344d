"""The game screen for a demanding player: reasons in the player's language, the last round
announced, export from inside the game, imports that fail keep the game, play by keyboard
(focus kept in dialogs, given back when they close), touch zoom and the two screen sizes."""

from __future__ import annotations

import json
from pathlib import Path

from harness import wait_for_boot
from ui_driver import (
    AI_FAST,
    end_screen_matches,
    game_facts,
    human_step,
    new_game,
    saved_scenario,
    wait_for_human,
)

from game.scenario import play_scenario

ANN_AND_BOB = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
ANN_AND_BOT = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "easy"}]
ACTIVE_IN_DIALOG_OR_TOOLS = "!!document.activeElement.closest('#dialogs .dialog, #app.table header')"


def import_game(page, tmp_path: Path, players: list, position: dict) -> None:
    """Open a USA game from a file, as a player imports one from the saved-games screen."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"map": "usa", "seed": 4, "players": players, "position": position}))
    if page.locator("#import-file").count() == 0:
        page.click("header button[data-cmd=home]")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#board svg")


def near_the_end(page, tmp_path: Path, players: list) -> None:
    """Ann has 4 trains and 2 red cards: claiming Atlanta–Charleston starts the last round."""
    import_game(page, tmp_path, players, {"players": [
        {"hand": {"red": 2}, "trains": 4, "tickets": ["boston--miami"]},
        {"hand": {"blue": 1}, "tickets": ["calgary--phoenix"]}]})


def active(page, script: str = "document.activeElement.id"):
    return page.evaluate(script)


def test_reasons_are_in_the_players_language(browser_session, tmp_path):
    page = browser_session.open(AI_FAST)
    page.select_option("#opt-language", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")      # its catalog fetched
    assert page.text_content("#app h1") == "Les Aventuriers du Rail"
    page.reload()                                   # the choice is kept for the next visit
    wait_for_boot(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.text_content("#app h1") == "Les Aventuriers du Rail"
    import_game(page, tmp_path, ANN_AND_BOT, {"players": [{"hand": {"red": 3}}, {}]})
    page.locator("#route-calgary--winnipeg").dispatch_event("click")      # 6 white spaces, 3 red cards
    assert page.text_content(".dialog[data-dialog=message] p") == "Vous n’avez pas assez de cartes pour payer."
    page.click("#dialogs button[data-cmd=close]")
    page.click("button[data-cmd=draw][data-slot='0']")
    assert page.get_attribute("button[data-cmd=tickets]", "title") == "Piochez d’abord votre deuxième carte Wagon."
    page.focus("button[data-cmd=tickets]")          # focus says it too, on the status line
    assert page.text_content("#status") == "Piochez d’abord votre deuxième carte Wagon."


def test_last_round_is_announced_to_each_player_before_their_last_turn(browser_session, tmp_path):
    page = browser_session.open(AI_FAST)
    near_the_end(page, tmp_path, ANN_AND_BOB)
    page.click("button[data-cmd=handoff]")
    page.locator("#route-atlanta--charleston").dispatch_event("click")
    page.click(".dialog[data-dialog=claim] button[data-cmd=claim]")
    assert "Last round! Ann has 2 trains left" in page.text_content(".log")
    assert wait_for_human(page)["dialog"] == "handoff"                    # Bob first takes the device
    page.click("button[data-cmd=handoff]")
    dialog = page.locator(".dialog[data-dialog=last-round]")
    assert dialog.get_attribute("role") == "alertdialog" and dialog.get_attribute("aria-modal") == "true"
    assert "Ann has only 2 trains left: the last round has begun." in dialog.text_content()
    assert "This is your last turn, Bob." in dialog.text_content()
    assert "Last round" in page.text_content("#status")
    assert active(page, "document.activeElement.dataset.cmd") == "last-round"
    for key in ["Tab"] * 7 + ["Shift+Tab"] * 9:                       # focus never reaches the page behind
        page.keyboard.press(key)
        assert active(page, ACTIVE_IN_DIALOG_OR_TOOLS)
    page.keyboard.press("Escape")                                       # read: it closes, and stays closed
    assert game_facts(page)["dialog"] is None
    page.click("button[data-cmd=draw][data-slot='0']")
    assert game_facts(page)["dialog"] is None
    page.click("button[data-cmd=draw][data-slot='0']")
    page.click("button[data-cmd=handoff]")                              # Ann's last turn: told too
    assert "You have only 2 trains left" in page.text_content(".dialog[data-dialog=last-round]")
    page.reload()                                                       # not acted yet: told again after a reload
    wait_for_boot(page)
    page.click("button[data-cmd=handoff]")
    assert game_facts(page)["dialog"] == "last-round"
    page.click("button[data-cmd=last-round]")
    page.click("button[data-cmd=draw][data-slot='0']")
    page.click("button[data-cmd=draw][data-slot='0']")
    assert game_facts(page)["over"]
    scenario = saved_scenario(page)
    end_screen_matches(page, scenario)
    state, _ = play_scenario(scenario)
    bonus_trails = {r for p in state["result"]["players"] if p["longest_bonus"] for r in p["trail"]}
    assert page.locator("#board .route.highlight.trail").count() == len(bonus_trails) == 1
    assert page.locator(".end-screen tr.winner th").text_content() == "Ann"


def test_export_from_the_game_is_its_saved_file_even_when_storage_is_full(browser_session):
    context = browser_session.new_context(accept_downloads=True)
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"])
    with page.expect_download() as download:
        page.click("header button[data-cmd=export-game]")             # also above the ticket dialog
    assert Path(download.value.path()).read_text() == page.evaluate(
        "localStorage.getItem('ttr.v1.save.' + localStorage.getItem('ttr.v1.current'))")
    human_step(page)
    wait_for_human(page)
    stored = page.evaluate("localStorage.getItem('ttr.v1.save.' + localStorage.getItem('ttr.v1.current'))")
    with page.expect_download() as download:
        page.click("header button[data-cmd=export-game]")
    assert Path(download.value.path()).read_text() == stored
    assert download.value.suggested_filename.startswith("ticket-to-ride-g")
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('quota', 'QuotaExceededError'); }; }""")
    played = game_facts(page)["actions"]
    while game_facts(page)["actions"] == played:
        human_step(page, wait_for_human(page))
    with page.expect_download() as download:
        page.click("header button[data-cmd=export-game]")
    exported = json.loads(Path(download.value.path()).read_text())
    assert len(exported["actions"]) == game_facts(page)["actions"] > len(json.loads(stored)["actions"])


def test_a_failed_import_keeps_the_game(browser_session):
    page = browser_session.open(AI_FAST)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"])
    human_step(page)
    wait_for_human(page)
    current = page.evaluate("localStorage.getItem('ttr.v1.current')")
    before = saved_scenario(page)
    page.click("header button[data-cmd=home]")
    saves = page.locator(".save").count()
    for name, data in (("bad.json", b"{not json"), ("mars.json", b'{"map": "mars", "players": ["a", "b"]}'),
                       ("picture.png", bytes(range(256)))):
        page.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}])
        page.wait_for_selector(".notice >> text=cannot be imported")
        assert page.locator(".save").count() == saves
        assert page.evaluate("localStorage.getItem('ttr.v1.current')") == current
    page.reload()                                    # the game in progress is still the one resumed
    wait_for_boot(page)
    assert saved_scenario(page) == before and page.locator("#board svg").count() == 1


def test_play_by_keyboard_with_focus_kept_in_dialogs_and_given_back(browser_session, tmp_path):
    context = browser_session.new_context(viewport={"width": 1280, "height": 800})
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"])
    # the initial ticket choice: focus on the first ticket; Escape does not dismiss a choice
    assert active(page, "document.activeElement.name") == "keep"
    page.keyboard.press("Escape")
    assert game_facts(page)["dialog"] == "tickets"
    for _ in range(3):
        page.keyboard.press("Space")
        page.keyboard.press("Tab")
    assert active(page, "document.activeElement.dataset.cmd") == "keep"
    page.keyboard.press("Enter")
    wait_for_human(page)
    assert game_facts(page)["dialog"] is None
    import_game(page, tmp_path, ANN_AND_BOT, {"players": [{"hand": {"red": 3, "blue": 1}}, {}]})
    # a card from the deck, twice, by keyboard: the focus stays on the deck through the redraws
    page.focus("button[data-cmd=draw][data-slot='0']")
    page.keyboard.press("Enter")
    assert game_facts(page)["phase"] == "second-draw"
    assert active(page, "document.activeElement.dataset.slot") == "0"
    page.keyboard.press("Enter")
    wait_for_human(page)
    assert active(page, "document.activeElement.dataset.slot") == "0"
    # a route: Enter opens its payments, Tab stays in the dialog, Escape gives the focus back
    page.focus("#route-atlanta--charleston")
    page.keyboard.press("Enter")
    assert game_facts(page)["dialog"] == "claim"
    assert active(page, "document.activeElement.dataset.cmd") == "claim"
    assert page.locator("#side[inert]").count() == 1
    for key in ["Tab"] * 12 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        assert active(page, ACTIVE_IN_DIALOG_OR_TOOLS)
    page.keyboard.press("Escape")
    assert game_facts(page)["dialog"] is None and active(page) == "route-atlanta--charleston"
    assert page.locator("[inert]").count() == 0
    # ... and claims it: Enter, Enter on the first payment
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    wait_for_human(page)
    assert page.locator("#route-atlanta--charleston.claimed.owner-red").count() == 1
    assert active(page) == "route-atlanta--charleston"
    # the zoom buttons too
    page.focus("button[data-cmd=zoom][data-arg=in]")
    page.keyboard.press("Enter")
    assert "scale(1.25)" in page.get_attribute("#board", "style")


PINCH = """([kind, points]) => { const board = document.getElementById('board');
    for (const [id, x, y] of points) board.dispatchEvent(new PointerEvent(kind,
        {pointerId: id, clientX: x, clientY: y, pointerType: 'touch', bubbles: true, isPrimary: id === 1})); }"""


def phone_game(browser_session):
    """A game against an easy AI seat on a 390x844 touch screen, at the human's first turn."""
    context = browser_session.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"])
    human_step(page)
    wait_for_human(page)
    return page


def test_touch_pinch_zooms_and_drag_pans_without_claiming(browser_session):
    page = phone_game(browser_session)
    box = page.locator("#board-frame").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.evaluate(PINCH, ["pointerdown", [[1, cx - 20, cy], [2, cx + 20, cy]]])
    page.evaluate(PINCH, ["pointermove", [[1, cx - 60, cy], [2, cx + 60, cy]]])
    page.evaluate(PINCH, ["pointerup", [[1, cx - 60, cy], [2, cx + 60, cy]]])
    style = page.get_attribute("#board", "style")
    scale = float(style.split("scale(")[1].rstrip(");"))
    assert 2.5 < scale <= 6
    before = game_facts(page)
    page.evaluate(PINCH, ["pointerdown", [[3, cx, cy]]])
    page.evaluate(PINCH, ["pointermove", [[3, cx + 40, cy + 30]]])
    page.evaluate(PINCH, ["pointerup", [[3, cx + 40, cy + 30]]])
    assert page.get_attribute("#board", "style") != style                 # panned
    assert game_facts(page) == before                                      # and nothing was played or opened


def test_both_screen_sizes_fit_without_sideways_scrolling(browser_session, tmp_path):
    for width, height in ((1280, 800), (390, 844)):
        context = browser_session.new_context(viewport={"width": width, "height": height})
        page = browser_session.open(AI_FAST, context=context)
        no_sideways_scroll = "document.documentElement.scrollWidth <= window.innerWidth"
        assert page.evaluate(no_sideways_scroll)
        near_the_end(page, tmp_path, ANN_AND_BOT)
        assert page.evaluate(no_sideways_scroll)
        frame, board = page.locator("#board-frame").bounding_box(), page.locator("#board svg").bounding_box()
        assert board["width"] <= frame["width"] + 1 and board["height"] <= frame["height"] + 1   # all of the map
        if width == 1280:       # side by side: the cards, the hand and the players are in sight at once
            for part in (".market", ".own-panel", ".players"):
                part_box = page.locator(part).bounding_box()
                assert part_box["x"] >= board["x"] + board["width"] and part_box["y"] + part_box["height"] <= height
        page.locator("#route-atlanta--charleston").dispatch_event("click")
        page.click(".dialog[data-dialog=claim] button[data-cmd=claim]")
        while not game_facts(page)["over"]:
            human_step(page, wait_for_human(page))
        assert page.evaluate(no_sideways_scroll)
        total = page.locator(".end-screen tr.winner [data-part=total]").bounding_box()
        assert total["x"] + total["width"] <= width


LABEL_HEIGHTS = """() => [...document.querySelectorAll('#board .label')].slice(0, 40)
    .map(label => label.getBoundingClientRect().height).sort((a, b) => a - b)"""


def test_phone_labels_stay_readable_and_a_tap_near_several_routes_offers_a_list(browser_session):
    page = phone_game(browser_session)
    # at "Fit" the whole map is about 0.25 pixel per board unit: the labels are sized up to stay legible
    heights = page.evaluate(LABEL_HEIGHTS)
    assert heights[len(heights) // 2] >= 9
    for _ in range(8):
        page.click("button[data-cmd=zoom][data-arg=in]")            # to the largest zoom
    heights = page.evaluate(LABEL_HEIGHTS)
    assert 9 <= heights[len(heights) // 2] <= 26                     # not giant either
    page.click("button[data-cmd=zoom][data-arg=reset]")
    # a tap between New York – Washington's two tracks: both are offered, by name
    box = page.locator("#route-new-york--washington--black").bounding_box()
    before = game_facts(page)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    choices = page.locator(".route-pick button[data-cmd=route]")
    offered = {choices.nth(i).get_attribute("data-arg") for i in range(choices.count())}
    assert {"new-york--washington--black", "new-york--washington--orange"} <= offered
    assert game_facts(page) == before                                # the list alone plays nothing
    assert "Washington" in page.text_content(".route-pick")
    labels = [choices.nth(i).text_content() for i in range(choices.count())]
    assert len(set(labels)) == len(labels), labels                  # twin tracks told apart
    page.locator(".route-pick .route-pick-cancel").tap()
    assert page.locator(".route-pick").count() == 0 and game_facts(page) == before
    # two gray tracks side by side: the same name on the board, told apart by side and state
    twin = page.locator("#route-boston--montreal--1").bounding_box()
    page.touchscreen.tap(twin["x"] + twin["width"] / 2, twin["y"] + twin["height"] / 2)
    picked = {choices.nth(i).get_attribute("data-arg"): choices.nth(i).text_content() for i in range(choices.count())}
    assert {"boston--montreal--1", "boston--montreal--2"} <= set(picked), picked
    assert picked["boston--montreal--1"] == "Boston – Montréal, 2 spaces, gray, upper track, free"
    assert picked["boston--montreal--2"] == "Boston – Montréal, 2 spaces, gray, lower track, free"
    page.locator(".route-pick .route-pick-cancel").tap()
    # choosing one acts as a click on that route: its payment dialog, or the reason it cannot be claimed
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator(".route-pick button[data-arg='new-york--washington--orange']").tap()
    assert page.locator(".route-pick").count() == 0
    page.wait_for_function("""() => document.querySelector('#dialogs .dialog')
        || document.querySelector('#route-new-york--washington--orange.selected')
        || document.getElementById('status').textContent.includes('Washington')""")
