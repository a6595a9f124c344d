"""Play the game through its page as a player would: click what is enabled, read what is shown.

Used by the browser tests of the game screen and by ``tests/bench_ui.py``.
"""

from __future__ import annotations

import json

from game.scenario import play_scenario, player_levels

AI_FAST = "?ai-delay=0"
HOSTILE_NAMES = ("<img src=x onerror=__pwned=1>", "<script>__pwned=2</script>")   # fit the 30-character limit
# The state of the rules page's i-th live example (its embed's ``data-embed-state``), or null.
RULES_STATE = """(i) => { const frame = document.querySelectorAll('iframe.rules-board')[i];
    return frame?.contentDocument?.querySelector('#app')?.getAttribute('data-embed-state') ?? null; }"""


def new_game(page, names, kinds, *, map_id="usa", seed="7") -> None:
    """Fill in the new-game form and start; ``kinds`` are the form's choices: ``human``,
    ``ai:easy``, ``ai:medium`` or ``ai:hard``."""
    page.select_option("#opt-map", map_id)
    page.select_option("#opt-count", str(len(names)))
    for i, (name, kind) in enumerate(zip(names, kinds)):
        page.fill(f".seat[data-seat='{i}'] .seat-name", name)
        page.select_option(f".seat[data-seat='{i}'] .seat-kind", kind)
    if not page.is_visible("#opt-seed"):
        page.click("details.advanced summary")       # the seed sits under "Advanced"
    page.fill("#opt-seed", seed)
    page.click("button[data-cmd=start]")
    page.wait_for_selector("#board svg")


# What the page shows of the game, and whether a human must act: JavaScript functions, also
# run by the WebDriver smoke tests in Firefox and WebKit (test_other_browsers.py).
GAME_FACTS = """() => { const a = document.getElementById('app');
    return {phase: a.dataset.phase, current: a.dataset.current, turn: a.dataset.turn,
            actions: Number(a.dataset.actions), handoff: a.dataset.handoff,
            dialog: document.querySelector('#dialogs .dialog')?.dataset.dialog || null,
            over: !!document.querySelector('.end-screen')}; }"""
HUMAN_TO_ACT = """() => { const a = document.getElementById('app');
    return document.querySelector('.end-screen') || document.querySelector('#dialogs .dialog')
        || document.querySelector('.own-panel') && a.dataset.current === document.querySelector('.own-panel').dataset.seat; }"""


def header_tool(page, selector: str):
    """A tool of the game's header, as a player reaches it: on a small screen the rarely used ones
    are in the menu "⋯", opened first."""
    more = page.locator("header button[data-cmd=more]")
    if more.is_visible() and more.get_attribute("aria-expanded") != "true":
        more.click()
    return page.locator(f"header {selector}")


def speak(page, language: str, picker: str = "#opt-language-game") -> None:
    """Choose ``language`` in ``picker`` (the game header's, in its menu on a small screen, or the
    start screen's ``#opt-language``) and wait until the page speaks it: the picker drawn again,
    enabled, with that language chosen."""
    control = header_tool(page, picker) if picker == "#opt-language-game" else page.locator(picker)
    control.select_option(language)
    page.wait_for_function("""([picker, language]) => document.documentElement.lang === language
        && !document.querySelector(picker)?.disabled
        && document.querySelector(`${picker} option[value="${language}"][selected]`) !== null""",
                           arg=[picker, language], timeout=120_000)   # (a catalog fetched, on a loaded machine)


def open_games(page) -> None:
    """From a game, the start screen with the saved games (the header's Games, in its menu on a
    small screen); nothing when no game is shown."""
    if page.locator("header button[data-cmd=home]").count():
        header_tool(page, "button[data-cmd=home]").click()


def game_facts(page) -> dict:
    return page.evaluate(GAME_FACTS)


def saved_scenario(page) -> dict:
    return json.loads(page.evaluate(
        "localStorage.getItem('ttr.v1.save.' + localStorage.getItem('ttr.v1.current'))"))


def human_step(page, facts: dict | None = None) -> str:
    """Make one move (or answer one dialog) for the human to act; what it did."""
    facts = facts or game_facts(page)
    dialog = facts["dialog"]
    if dialog == "handoff":
        page.click("button[data-cmd=handoff]")
        return "handoff"
    if dialog == "last-round":
        page.click("button[data-cmd=last-round]")
        return "last-round"
    if dialog == "tickets":
        for box in page.locator(".offer input").all():
            box.check()
        page.click("button[data-cmd=keep]")
        return "keep"
    if dialog == "tunnel":
        page.locator("button[data-cmd=tunnel]").first.click()
        return "tunnel"
    if dialog in ("claim", "station"):
        page.locator(f"button[data-cmd={dialog}]").first.click()
        return dialog
    if dialog == "message":
        page.click("#dialogs button[data-cmd=close]")
        return "close"
    if facts["phase"] == "start":
        claimable = page.locator("#board .route.claimable")
        if claimable.count():
            claimable.first.dispatch_event("click")
            return "route"
    if page.locator("button[data-cmd=draw][data-slot='0']:not([aria-disabled])").count():
        page.click("button[data-cmd=draw][data-slot='0']")
        return "draw"
    enabled = page.locator("button[data-cmd=draw]:not([aria-disabled]), button[data-cmd=tickets]:not([aria-disabled])")
    enabled.first.click()
    return "other"


def wait_for_human(page) -> dict:
    """Wait until a human must act (AI seats move on their own) or the game is over."""
    page.wait_for_function(HUMAN_TO_ACT)
    return game_facts(page)


def play_to_the_end(page, max_steps: int = 3000) -> None:
    for _ in range(max_steps):
        facts = wait_for_human(page)
        if facts["over"]:
            return
        human_step(page, facts)
    raise AssertionError("the game did not end")


def end_screen_matches(page, scenario: dict) -> None:
    """The end screen's rows say what the engine's final scoring of the saved game says, in
    ranking order, each player named with the level of an AI seat."""
    state, _ = play_scenario(scenario)
    levels = player_levels(scenario["players"])
    result = state["result"]
    rows = page.locator(".end-screen table.scores tbody tr")
    assert rows.count() == len(state["players"])
    for i, seat in enumerate(result["ranking"]):
        row = rows.nth(i)
        score = result["players"][seat]
        assert int(row.get_attribute("data-seat")) == seat
        name = state["players"][seat]["name"]
        level = levels[seat]
        assert row.locator("th").text_content() == (name if level is None else f"{name} (AI, {level})")
        assert int(row.locator("[data-part=routes] .value").text_content()) == score["route_points"]
        assert int(row.locator("[data-part=stations] .value").text_content()) == score["station_points"]
        assert int(row.locator("[data-part=total]").text_content()) == score["total"]
        assert row.locator("[data-part=longest] .value").text_content() == (
            f"{score['longest_trail']} (+{score['longest_bonus']})")
        assert row.locator(".end-tickets li").count() == len(score["tickets"])
        assert row.locator(".end-tickets li.done").count() == score["tickets_completed"]
        assert row.locator("[data-part=tickets] .value").text_content() == f"{score['ticket_points']:+d}"
    assert state["players"][result["winner"]]["name"] in page.text_content(".verdict")
