"""Nothing stored or imported can stop the game, and nothing is lost: bad values in
localStorage (each class of damage, as a save, as the index, as the game resumed at boot),
bad imported files, one game open in two tabs, a full storage freed from the game screen,
and an AI worker that stops answering."""

from __future__ import annotations

import json

from harness import wait_for_boot
from ui_driver import (
    AI_FAST,
    game_facts,
    human_step,
    new_game,
    saved_scenario,
    wait_for_human,
)

from game import i18n
from game.rng import Rng
from game.rules import apply_action, sample_action
from game.scenario import play_scenario, to_scenario
from game.state import new_game as engine_game
from game.ui.saves import save_text
from game.ui.session import Session
from game.ui.setup import default_options
from game.ui.storage import INDEX_KEY, SAVE_PREFIX

CURRENT = "ttr.v1.current"
DEEP = 100_000


def good_save() -> str:
    game = Session(default_options("usa", 2).scenario(fallback_seed=11))
    game.play(game.legal()[0])
    return save_text(game.scenario())


def finished_scenario() -> dict:
    state = engine_game("usa", players=2, seed=5)
    rng = Rng.from_seed(5)
    while state["phase"] != "over":
        apply_action(state, sample_action(state, rng))
    return to_scenario(state)


def damaged_saves() -> dict[str, str]:
    """One save for each class of damage: text that is not a game, or a game that cannot be played."""
    fresh = to_scenario(engine_game("usa", players=2, seed=3))
    ticket_list = json.loads(json.dumps(fresh))
    ticket_list["position"]["players"][0]["offer"][0] = ["denver--el-paso"]
    unknown_route = finished_scenario()
    unknown_route["position"]["players"][0]["routes"].append("nowhere--else")
    huge_turn = json.dumps(fresh).replace('"turn": 0', '"turn": 1' + "0" * 30)
    return {
        "deep-list": "[" * DEEP + "]" * DEEP,
        "deep-object": '{"a":' * DEEP + "1" + "}" * DEEP,
        "not-json": '{"map": "usa", "players": [',
        "scalar": "42",
        "null": "null",
        "newer": json.dumps({"format": 99, "map": "usa", "players": ["A", "B"]}),
        "map-list": json.dumps({"map": ["usa"], "players": ["A", "B"]}),
        "ticket-list": json.dumps(ticket_list),
        "unknown-route": json.dumps(unknown_route),
        "unknown-action": json.dumps({"map": "usa", "players": ["A", "B"], "actions": ["claim nowhere--x 2red"]}),
        "float-count": json.dumps({"map": "usa", "players": 2.0}),
        "invisible-name": json.dumps({"map": "usa", "players": ["A\u200b", "B"]}),
        "lookalike-names": json.dumps({"map": "usa", "players": ["Bob", "\u202eboB"]}),
        "huge-turn": huge_turn,
    }


BAD_INDEXES = {
    "unsafe-time": None,          # filled in below: a saved_at JavaScript cannot hold exactly
    "deep": "[" * DEEP + "]" * DEEP,
    "not-json": "{{{",
    "list": "[1, 2, 3]",
    "wrong-types": json.dumps({"good": {"map": ["usa"], "players": "AB", "turn": True, "saved_at": "soon"}}),
}


def store(page, items: dict[str, str]) -> None:
    page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)


def stored(page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def reboot(page) -> None:
    page.reload()
    wait_for_boot(page)        # fails the test on data-boot-failed


def on_saved_games_screen(page) -> bool:
    return page.evaluate("document.getElementById('app').classList.contains('start')")


def test_no_stored_value_stops_the_game_and_none_is_changed(browser_session):
    page = browser_session.open()
    good = good_save()
    damaged = damaged_saves()
    failures, cases = [], 0
    items = {SAVE_PREFIX + "good": good, **{SAVE_PREFIX + k: v for k, v in damaged.items()}}
    # every damaged save listed beside the good one; each, as the game resumed at boot, gives a message
    for current in [None, "missing", "[" * DEEP, *damaged]:
        cases += 1
        everything = {**items, **({CURRENT: current} if current else {})}
        store(page, everything)
        reboot(page)
        listed = page.locator(".save").count()
        notice = page.text_content(".saves .notice") or ""
        if not on_saved_games_screen(page) or listed != len(items) or stored(page) != everything:
            failures.append(f"current={current[:20] if current else None}: listed {listed}")
        elif current in damaged and not notice:
            failures.append(f"current={current}: no message")
    # Open on each: a message, the saved-games screen, the bytes untouched
    store(page, items)
    reboot(page)
    for name in damaged:
        button = page.locator(f".save[data-save='{name}'] button[data-cmd=open]")
        if not button.count():
            continue                    # listed as damaged: no Open button, its reason shown
        cases += 1
        button.click()
        page.wait_for_selector("#app.start")
        if not page.text_content(".saves .notice") or stored(page) != items:
            failures.append(f"open {name}: no message or bytes changed")
    damaged_rows = page.locator(".save.damaged").count()
    # a bad index of each kind: every save still listed, the good one opens
    for kind, index in BAD_INDEXES.items():
        cases += 1
        if index is None:
            index = json.dumps({"good": {"map": "usa", "players": ["A", "B"], "turn": 1}}).replace(
                '"turn": 1', '"turn": 1, "saved_at": 9007199254740993')
        everything = {**items, INDEX_KEY: index}
        store(page, everything)
        reboot(page)
        if page.locator(".save").count() != len(items) or stored(page) != everything:
            failures.append(f"index {kind}")
            continue
        page.click(".save[data-save=good] button[data-cmd=open]")
        page.wait_for_selector("#board svg")
        page.click("button[data-cmd=home]")
    # bad files imported: a message each, nothing stored
    for name, text in [*damaged.items(), ("too-large", " " * 2_500_000)]:
        cases += 1
        store(page, {SAVE_PREFIX + "good": good})
        reboot(page)
        page.set_input_files("#import-file", files=[{"name": f"{name}.json", "mimeType": "application/json",
                                                    "buffer": text.encode()}])
        page.wait_for_function("() => document.querySelector('.saves .notice')?.textContent !== ''")
        notice = page.text_content(".saves .notice")
        if "cannot be imported" not in notice or list(stored(page)) != [SAVE_PREFIX + "good"]:
            failures.append(f"import {name}: {notice!r}")
        if name == "too-large" and "2.5 MB" not in notice:
            failures.append(f"import {name}: the size is not said: {notice!r}")
    print(f"bad stored values and files: {cases} cases, {len(failures)} failures; "
          f"{damaged_rows} of {len(damaged)} damaged saves listed as damaged at once, the rest refused on Open")
    assert not failures, failures
    assert cases >= 40


def test_one_game_in_two_tabs_never_loses_a_move(browser_session):
    context = browser_session.new_context()
    first = browser_session.open(AI_FAST, context=context)
    new_game(first, ["Ann", "Bob"], ["human", "human"])
    human_step(first, wait_for_human(first))
    second = browser_session.watch(context.new_page())
    second.goto(first.url)
    wait_for_boot(second)                                   # resumes the same game, and plays it now
    first.wait_for_selector("#dialogs .dialog[data-dialog=stale]")
    stale_at = game_facts(first)["actions"]
    for _ in range(4):
        human_step(second, wait_for_human(second))
    played = game_facts(second)["actions"]
    assert len(saved_scenario(second)["actions"]) == played > stale_at
    assert game_facts(first)["actions"] == stale_at         # the stale tab plays nothing ...
    assert len(saved_scenario(first)["actions"]) == played  # ... and overwrote nothing
    first.click("button[data-cmd=take-over]")               # continue in the first tab: the newest game
    first.wait_for_function(f"() => document.getElementById('app').dataset.actions === '{played}'")
    second.wait_for_selector("#dialogs .dialog[data-dialog=stale]")
    while game_facts(first)["actions"] == played:           # past the handoff, one more move
        human_step(first, wait_for_human(first))
    scenario = saved_scenario(first)
    assert len(scenario["actions"]) == game_facts(first)["actions"] > played
    play_scenario(scenario)                                 # one game, every move legal


FILL = """() => {
    let size = 1 << 20, i = 0;
    while (size >= 1) {
        try { localStorage.setItem('filler' + i, 'x'.repeat(size)); i += 1; } catch (e) { size >>= 1; }
    }
    return i;
}"""


def test_full_storage_is_freed_from_the_game_and_no_move_is_lost(browser_session):
    page = browser_session.open(AI_FAST)
    finished = save_text(finished_scenario())
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_PREFIX + "gdone", finished])
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [INDEX_KEY, json.dumps(
        {"gdone": {"map": "usa", "players": ["Old", "Game"], "turn": 80, "over": True, "saved_at": 1}})])
    reboot(page)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"])
    human_step(page, wait_for_human(page))
    assert page.evaluate(FILL) > 0
    kept = len(saved_scenario(page)["actions"])
    while game_facts(page)["actions"] < kept + 4:
        human_step(page, wait_for_human(page))
    page.wait_for_selector("#storage-banner")
    assert "storage is full" in page.text_content("#status")
    assert len(saved_scenario(page)["actions"]) < game_facts(page)["actions"]       # not kept now
    page.click("#storage-banner button[data-cmd=free][data-arg=gdone]")
    page.wait_for_selector("#storage-banner", state="detached")
    assert page.evaluate("localStorage.getItem('ttr.v1.save.gdone')") is None
    wait_for_human(page)
    played = game_facts(page)["actions"]
    assert len(saved_scenario(page)["actions"]) == played                             # saved whole again
    reboot(page)
    assert game_facts(page)["actions"] == played                                       # nothing lost


def test_a_silent_worker_is_replaced_by_the_page_within_seconds(browser_session):
    context = browser_session.new_context()
    silent = "postMessage(JSON.stringify({ready: true})); onmessage = () => {};"
    context.route("**/static/ai-worker.mjs", lambda route: route.fulfill(status=200, body=silent,
                                                                         content_type="text/javascript"))
    page = browser_session.open(AI_FAST, context=context)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"])
    human_step(page, wait_for_human(page))                  # keep tickets: the AI seat's turn to choose
    page.wait_for_function("() => document.getElementById('ai-status').textContent.includes('is thinking')",
                           timeout=5_000)
    started = page.evaluate("performance.now()")
    page.wait_for_function("() => Number(document.getElementById('app').dataset.actions) >= 2", timeout=20_000)
    waited = page.evaluate("performance.now()") - started
    assert waited < 10_000, waited
    assert page.get_attribute("#app", "data-ai-helper") == "page"
    assert "no answer in 6 s" in page.text_content("#ai-status")


def test_a_browser_that_keeps_no_site_data_still_plays_and_says_nothing_is_kept(browser_session, site_url):
    """Site data blocked altogether (a browser setting some players choose): the game starts,
    says on its first screen and at the table that games are not kept, and plays."""
    context = browser_session.new_context(site_url, storage="site data blocked")
    page = browser_session.open(AI_FAST, context=context)
    assert page.evaluate("() => { try { localStorage.length; return 'usable'; } catch { return 'refused'; } }") == "refused"
    line = page.locator(".storage-line")
    assert line.get_attribute("data-persistent") == "refused"
    assert line.text_content() == i18n.catalog("en")["storage.refused"][0]
    new_game(page, ["Ann", "Hal"], ["human", "ai:easy"])
    human_step(page)                                    # Ann keeps her tickets; Hal plays
    facts = wait_for_human(page)
    assert facts["actions"] >= 2
    assert i18n.catalog("en")["table.storage_refused"][0] in page.text_content("#status")
