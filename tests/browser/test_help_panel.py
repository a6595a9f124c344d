"""The "How to play" panel in the page: opened by keyboard from the start screen and the game's
header, the map's own sections and pictures, Escape closes it and gives the focus back; the
first-game tips stay hidden once dismissed.  Its screenshots in docs/ are
``python3 tests/browser/screenshots_ui.py --only help``'s."""

from __future__ import annotations

from ui_driver import AI_FAST, new_game


def _tab_to(page, selector: str, limit: int = 40) -> None:
    """Press Tab until ``selector`` has the focus, as a keyboard player would."""
    for _ in range(limit):
        if page.evaluate(f"document.activeElement?.matches({selector!r}) || false"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_help_opens_by_keyboard_from_the_start_screen_and_closes_with_escape(browser_session):
    page = browser_session.open()
    assert not page.is_visible("#opt-seed"), "the seed is under Advanced"
    page.select_option("#opt-map", "europe")
    page.select_option("#opt-variant", "mega")
    _tab_to(page, "button[data-cmd=help]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#help[role=dialog]")
    assert page.get_attribute("#help", "data-variant") == "mega"
    assert page.evaluate("document.activeElement.closest('#help') !== null")
    sections = page.eval_on_selector_all("#help .help-section", "ns => ns.map(n => n.className)")
    assert any("help-tunnels" in s for s in sections) and any("help-stations" in s for s in sections)
    assert page.locator("#help .help-pic svg").count() >= 5
    cells = page.eval_on_selector_all("#help .help-scoring tr:first-child td", "ns => ns.map(n => n.textContent)")
    assert cells == ["1", "2", "3", "4", "5", "6", "8"]
    for _ in range(30):          # Tab stays inside the panel
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('#help') !== null")
    page.keyboard.press("Escape")
    page.wait_for_selector("#help", state="detached")
    assert page.evaluate("document.activeElement.matches('button[data-cmd=help]')")
    assert not page.evaluate("document.getElementById('app').inert")


def test_tips_once_dismissed_stay_hidden(browser_session):
    page = browser_session.open()
    page.click("button[data-cmd=help]")
    page.click("#help [data-help=hide-tips]")
    assert page.locator("#help .help-tips").count() == 0
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("button[data-cmd=help]")
    page.click("button[data-cmd=help]")
    assert page.locator("#help .help-tips").count() == 0
    assert page.locator("#help [data-help=show-tips]").count() == 1


def test_help_opens_by_keyboard_from_the_game_header(browser_session):
    page = browser_session.open(AI_FAST)
    new_game(page, ["Ann", "Bob"], ["human", "human"])
    page.focus("header button[data-cmd=zoom]")
    _tab_to(page, "header button[data-cmd=help]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#help[role=dialog]")
    assert page.get_attribute("#help", "data-map") == "usa"
    assert page.locator("#help .help-stations").count() == 0, "no stations in the USA"
    assert page.locator("#help .help-tunnels").count() == 0
    page.keyboard.press("Escape")
    page.wait_for_selector("#help", state="detached")
    assert page.evaluate("document.activeElement.matches('header button[data-cmd=help]')")
    # Escape in the panel left the game's own dialog (the ticket choice) open
    assert page.locator("#dialogs .dialog").count() == 1


NAV_CLIPPED = """() => { const nav = document.querySelector('#help .help-nav').getBoundingClientRect();
    return [...document.querySelectorAll('#help .help-nav button')].filter(b => {
        const r = b.getBoundingClientRect(); return r.top < nav.top || r.bottom > nav.bottom; }).length; }"""


def test_the_section_buttons_are_never_squeezed_by_a_long_panel(browser_session):
    page = browser_session.open()
    page.select_option("#opt-map", "europe")
    page.click("button[data-cmd=help]")
    page.wait_for_selector("#help .help-pic svg")
    for width, height in ((1280, 800), (1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(NAV_CLIPPED) == 0, (width, height)
