"""Playing through the page: pass-and-play to the end screen, AI seats, tunnels, ferries and
stations, resuming after a reload, damaged saves, hostile names and the handoff's privacy."""

from __future__ import annotations

import json
from pathlib import Path

from harness import wait_for_boot
from ui_driver import (
    AI_FAST,
    HOSTILE_NAMES,
    end_screen_matches,
    game_facts,
    human_step,
    new_game,
    open_games,
    play_to_the_end,
    saved_scenario,
    wait_for_human,
)

from game.actions import ClaimRoute, DrawCard
from game.rules import apply_action, legal_actions
from game.scenario import play_scenario

MAX_STEPS = 3000
PLAYED_ON_TO = 8        # the middle of the game is played by the engine until a player has this many trains


def played_on(scenario: dict) -> dict:
    """The saved game played on as the page's clicks play it (claim a route when one can be
    paid, else draw a card) until a player has ``PLAYED_ON_TO`` trains left: the middle of a
    game, which the page plays the same way as its start and end, is not clicked through."""
    state, _ = play_scenario(scenario)
    actions = list(scenario["actions"])
    while state["phase"] != "over" and min(p["trains"] for p in state["players"]) > PLAYED_ON_TO:
        legal = legal_actions(state)
        action = next((a for kind in (ClaimRoute, DrawCard) for a in legal if isinstance(a, kind)), legal[0])
        apply_action(state, action)
        actions.append(str(action))
    return {**scenario, "actions": actions}


def assert_nothing_private(page, scenario: dict) -> None:
    """At the handoff screen: no hand, offer or ticket of any player anywhere in the page."""
    state, _ = play_scenario(scenario)
    assert page.locator(".own-panel, .hand, .offer, [data-ticket], .dialog[data-dialog=tickets]").count() == 0
    html = page.content()
    for p in state["players"]:
        for t in p["tickets"] + p["offer"]:
            assert t not in html


def test_two_player_usa_pass_and_play_to_the_end_screen(browser_session, tmp_path):
    page = browser_session.open(AI_FAST)
    new_game(page, HOSTILE_NAMES, ["human", "human"], seed="11")
    handoffs = 0
    reloaded = set()
    imported = False
    for _ in range(MAX_STEPS):
        facts = wait_for_human(page)      # (a turn's end is shown a moment before the handoff)
        if facts["over"]:
            break
        if facts["dialog"] == "handoff":
            handoffs += 1
            assert_nothing_private(page, saved_scenario(page))
            if handoffs == 3 and "handoff" not in reloaded:            # reload at a handoff screen
                before = saved_scenario(page)
                page.reload()
                wait_for_boot(page)
                assert game_facts(page)["dialog"] == "handoff" and saved_scenario(page) == before
                reloaded.add("handoff")
        if facts["phase"] == "second-draw" and "draw" not in reloaded:   # reload between two cards
            before = saved_scenario(page)
            page.reload()
            wait_for_boot(page)
            assert saved_scenario(page) == before
            assert game_facts(page)["dialog"] == "handoff"      # two humans: the device is handed over first
            page.click("button[data-cmd=handoff]")
            assert game_facts(page)["phase"] == "second-draw"
            assert page.locator("button[data-cmd=draw][data-arg=locomotive][aria-disabled]").count() \
                == page.locator("button[data-cmd=draw][data-arg=locomotive]").count()
            reloaded.add("draw")
            continue
        if reloaded == {"handoff", "draw"} and not imported and facts["dialog"] == "handoff":
            # the middle of the game imported as a file, played on by the engine as the clicks would
            path = tmp_path / "middle.json"
            path.write_text(json.dumps(played_on(saved_scenario(page))))
            open_games(page)
            page.set_input_files("#import-file", str(path))
            page.wait_for_selector("#board svg")
            imported = True
            continue
        human_step(page, facts)
    else:
        raise AssertionError("the game did not end")
    assert reloaded == {"handoff", "draw"} and imported
    assert "Last round!" in page.text_content(".log")
    end_screen_matches(page, saved_scenario(page))
    assert page.locator("#board .route.highlight.trail").count() >= 1
    # hostile names are text: shown as written, nothing ran, no element made of them
    assert page.evaluate("window.__pwned") is None and page.locator("#app img, #app script").count() == 0
    assert HOSTILE_NAMES[0] in page.text_content(".end-screen")
    page.click("button[data-cmd=rematch]")
    assert game_facts(page)["dialog"] == "handoff" and game_facts(page)["actions"] == 0


def europe_file(tmp_path):
    """Ann (human) against two AI seats, set up for a tunnel twice, a ferry and a station."""
    scenario = {
        "map": "europe", "seed": 3,
        "players": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "ai"}, {"name": "Cy", "kind": "ai"}],
        "position": {
            "market": ["blue", "white", "orange", "purple", "yellow"],
            # 1st tunnel try reveals red (withdraw); the AI seats draw 4 blind; 2nd try reveals red again (pay)
            "deck_top": ["red", "black", "white", "blue", "blue", "blue", "blue", "red", "black", "white"],
            "players": [{"hand": {"red": 5, "green": 3, "locomotive": 3}, "tickets": ["paris--wien"]},
                        {"tickets": ["berlin--roma"]}, {"tickets": ["madrid--zurich"]}],
        },
    }
    path = tmp_path / "europe.json"
    path.write_text(json.dumps(scenario))
    return path


def test_three_player_europe_against_ai_tunnel_ferry_station_and_reload(browser_session, tmp_path):
    page = browser_session.open(AI_FAST)
    page.set_input_files("#import-file", str(europe_file(tmp_path)))
    page.wait_for_selector("#board svg")
    assert game_facts(page)["dialog"] is None                  # one human: no handoff
    # tunnel, first try: withdraw
    page.locator("#route-bucuresti--sofia").dispatch_event("click")
    page.click(".dialog[data-dialog=claim] button[data-cmd=claim] >> text=2 red")
    assert game_facts(page)["dialog"] == "tunnel"
    assert "red, black, and white" in page.text_content(".dialog .revealed")
    page.reload()                                               # reload mid-tunnel
    wait_for_boot(page)
    assert game_facts(page)["dialog"] == "tunnel" and "red, black, and white" in page.text_content(".dialog .revealed")
    page.click(".dialog button[data-cmd=tunnel] >> text=Withdraw")
    facts = wait_for_human(page)
    assert facts["current"] == "0" and facts["turn"] == "3"
    # tunnel, second try: pay
    page.locator("#route-bucuresti--sofia").dispatch_event("click")
    page.click(".dialog[data-dialog=claim] button[data-cmd=claim] >> text=2 red")
    page.click(".dialog button[data-cmd=tunnel] >> text=Pay 1 red")
    wait_for_human(page)
    assert page.locator("#route-bucuresti--sofia.claimed.owner-red").count() == 1
    # ferry: one locomotive for its symbol
    page.locator("#route-athina--smyrna").dispatch_event("click")
    page.click(".dialog[data-dialog=claim] button[data-cmd=claim] >> text=1 green + 1 locomotive")
    wait_for_human(page)
    assert page.locator("#route-athina--smyrna.claimed.owner-red").count() == 1
    # station
    page.locator("#city-wien").dispatch_event("click")
    page.locator(".dialog[data-dialog=station] button[data-cmd=station]").first.click()
    facts = wait_for_human(page)
    assert page.locator("#city-wien.station").count() == 1
    log = page.text_content(".log")
    for text in ("Ann tried the tunnel Bucureşti–Sofia", "1 more card needed, then withdrew",       # one line a turn
                 "1 more card needed, then claimed Bucureşti–Sofia", "Ann claimed Athína–Smyrna",
                 "Ann built a station in Wien", "Bot ", "Cy "):
        assert text in log
    assert page.locator(".opponent strong").first.text_content() == "Bot (AI, medium)"   # no level: medium
    state, _ = play_scenario(saved_scenario(page))
    assert state["players"][0]["routes"] == ["bucuresti--sofia", "athina--smyrna"]
    assert state["players"][0]["stations"] == ["wien"]
    play_to_the_end(page)
    end_screen_matches(page, saved_scenario(page))
    assert page.locator("#board .route.highlight.trail").count() >= 1


def test_damaged_save_is_reported_kept_exportable_and_others_still_open(browser_session):
    context = browser_session.new_context(accept_downloads=True)
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bob"], ["human", "ai:easy"])
    page.click("button[data-cmd=home]")
    good = page.locator(".save").first.get_attribute("data-save")
    hand_edited = json.dumps({"format": 1, "map": "usa", "players": ["A", "B"], "actions": ["claim x--y 1loco"]})
    page.evaluate("""([edited]) => {
        localStorage.setItem('ttr.v1.save.broken', '{oops');
        localStorage.setItem('ttr.v1.save.future', JSON.stringify({format: 99, map: 'usa', players: ['A', 'B']}));
        localStorage.setItem('ttr.v1.save.edited', edited); }""", [hand_edited])
    page.reload()
    wait_for_boot(page)          # the game in progress resumes; back to the list
    page.click("button[data-cmd=home]")
    assert page.locator(".save.damaged").count() == 2
    assert "newer version" in page.text_content(".save[data-save=future]")
    assert "not readable JSON" in page.text_content(".save[data-save=broken]")
    with page.expect_download() as download:
        page.click(".save[data-save=broken] button[data-cmd=export]")
    assert Path(download.value.path()).read_text() == "{oops"
    page.click(".save[data-save=edited] button[data-cmd=open]")
    assert "cannot be played" in page.text_content(".notice")
    assert page.evaluate("localStorage.getItem('ttr.v1.save.edited')") == hand_edited
    page.set_input_files("#import-file", files=[{"name": "bad.json", "mimeType": "application/json",
                                                  "buffer": b'{"map": "mars", "players": ["a", "b"]}'}])
    page.wait_for_selector(".notice >> text=cannot be imported")
    assert page.locator(".save").count() == 4                   # nothing was added or lost
    page.click(f".save[data-save={good}] button[data-cmd=open]")
    assert page.locator("#board svg").count() == 1


def test_full_storage_says_so_and_play_goes_on(browser_session):
    context = browser_session.new_context()
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bob"], ["human", "ai:easy"])
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('quota', 'QuotaExceededError'); }; }""")
    before = game_facts(page)["actions"]
    human_step(page)
    assert game_facts(page)["actions"] > before
    assert "storage is full" in page.text_content("#status")


def test_small_screen_keyboard_and_zoom(browser_session):
    context = browser_session.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bob"], ["human", "ai:easy"])
    box = page.locator("#board svg").bounding_box()
    assert box["width"] <= 390 and box["width"] > 300
    human_step(page)                                        # keep the initial tickets
    wait_for_human(page)
    # focusing a ticket highlights its two cities (and those its open path still lacks) and the
    # player's network; leaving it clears them
    page.focus(".own-panel [data-ticket]")
    a, b = page.get_attribute(".own-panel [data-ticket]", "data-ticket").split("--")[:2]
    assert page.locator(f"#board #city-{a}.highlight, #board #city-{b}.highlight").count() == 2
    page.focus("button[data-cmd=zoom][data-arg=in]")
    assert page.locator("#board .city.highlight").count() == 0
    # the keyboard reaches the routes: focus one, Enter opens its dialog, Escape closes it
    page.focus("#route-atlanta--miami")
    page.keyboard.press("Enter")
    assert page.locator("#dialogs .dialog").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#dialogs .dialog").count() == 0
    # a disabled control says why when it gets the focus
    page.click("button[data-cmd=draw][data-slot='0']")
    locos = page.locator("button[data-cmd=draw][data-arg=locomotive]")
    if locos.count():
        locos.first.focus()
        assert page.text_content("#status") == "A face-up locomotive cannot be your second card."
    page.click("button[data-cmd=zoom][data-arg=in]")
    assert "scale(1.25)" in page.get_attribute("#board", "style")
    page.click("button[data-cmd=zoom][data-arg=reset]")
    assert "scale(1)" in page.get_attribute("#board", "style")
