"""Small screens (issue #28): every player's line and ticket readable at 800×600 and 1024×768 in
long languages, nothing cut; the opponents reachable without losing the board; Hungarian
tickets that read well at 1280×800; on a phone a header at most 87 px high whose rarely used
tools sit in a menu, a board that does not move between turns whatever the status says, and a
status cut at two lines opened whole by a tap.  The suite measures a few long languages
(``SUITE_LANGUAGES``); every shipped language is measured by

    python3 tests/browser/sweep_layout.py
"""

from __future__ import annotations

import json

from screenshots_ui import PLAYERS, at_ann, scenario, store
from test_finish_table import AI_TUNNEL, BOX, TUNNEL_WORKER, WORKER
from ui_driver import AI_FAST, game_facts, speak

PHONE_HEADER_MAX = 87           # half the 174 px of the phone's header before (issue #28)
SUITE_LANGUAGES = ("en", "hu", "ja", "fr", "is")    # the longest words (Icelandic's locomotive), none between words, long lines

# Text cut in the side column and the header: each text node's glyphs must lie inside every box
# between it and the root that clips (overflow not visible) — sideways always, up and down unless
# that box scrolls (the side column) — and inside the window's width; an ellipsis counts as cut.
# Text not shown (for screen readers only, a closed menu) is left aside.
CUT_TEXT = """(roots) => {
    const cut = [];
    const name = (node) => JSON.stringify(node.textContent.trim().slice(0, 60));
    for (const root of roots.flatMap(s => [...document.querySelectorAll(s)])) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node; (node = walker.nextNode());) {
            const parent = node.parentElement;
            if (!node.data.trim() || !parent.getClientRects().length || parent.closest('select')) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const rects = [...range.getClientRects()].filter(r => r.width > 0);
            let hidden = false, boxes = [[0, window.innerWidth, -Infinity, Infinity]];
            for (let box = parent; box && box !== root.parentElement; box = box.parentElement) {
                const style = getComputedStyle(box), r = box.getBoundingClientRect();
                if (r.width <= 1 || r.height <= 1) hidden = true;        // visually hidden
                if (style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth)
                    cut.push(`${name(box)} ends in an ellipsis`);
                if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
                const left = r.left + box.clientLeft, top = r.top + box.clientTop;
                const scrolls = ['auto', 'scroll'].includes(style.overflowY);
                boxes.push([left, left + box.clientWidth, scrolls ? -Infinity : top, scrolls ? Infinity : top + box.clientHeight]);
            }
            if (hidden) continue;
            for (const rect of rects) for (const [left, right, top, bottom] of boxes) {
                if (rect.left < left - .5 || rect.right > right + .5 || rect.top < top - .5 || rect.bottom > bottom + .5) {
                    cut.push(`${name(node)} in ${parent.className || parent.tagName} outside its box`);
                    break;
                }
            }
        }
    }
    return [...new Set(cut)];
}"""

# Words broken across lines in the ticket rows and the players' names (a Range over each word gives
# rects on one line); in Japanese and Chinese each Latin run and number is a word.
BROKEN_WORDS = """(cjk) => {
    const broken = [];
    const words = cjk ? /[\\p{Script=Latin}\\p{Nd}]+/gu : /[^\\s\u2013]+/g;
    for (const part of document.querySelectorAll('#side .ticket > span, #side .player-name, #side .player-score')) {
        if (!part.getClientRects().length || part.getBoundingClientRect().width <= 1) continue;
        const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
        for (let node; (node = walker.nextNode());) for (const match of node.data.matchAll(words)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const rects = [...range.getClientRects()].filter(r => r.width > 0);
            if (rects.some(r => Math.abs(r.top - rects[0].top) > rects[0].height / 2))
                broken.push(`${JSON.stringify(match[0])} in ${JSON.stringify(part.textContent)}`);
        }
    }
    return broken;
}"""

# The ticket rows' points end at one right edge, and each row's city pair keeps left of its points.
TICKETS_ALIGNED = """() => {
    const rows = [...document.querySelectorAll('#side .own-panel .ticket')];
    const rights = rows.map(t => t.querySelector('.ticket-points').getBoundingClientRect().right);
    const overlaps = rows.filter(t => t.querySelector('.ticket-cities').getBoundingClientRect().right
                                      > t.querySelector('.ticket-points').getBoundingClientRect().left + .5);
    return {rows: rows.length, spread: Math.max(...rights) - Math.min(...rights), overlaps: overlaps.length};
}"""


def mid_game(browser_session, language: str, width: int, height: int):
    """The screenshots' Europe game after the AI seats' round (long AI names, long tickets)."""
    context = browser_session.new_context(viewport={"width": width, "height": height})
    page = browser_session.open(AI_FAST + ("" if language == "en" else f"&lang={language}"), context=context)
    page.emulate_media(reduced_motion="reduce")
    store(page, {"g1": scenario(PLAYERS, 21, at_ann(40), "europe")}, "g1")
    page.wait_for_selector("#side .player-list .opponent")
    return page


def cut_problems(session, languages) -> list[str]:
    """What is cut or broken in the side column and the header mid-game, in each of ``languages``
    (spoken in turn by one page) at 800×600, 1024×768, 1280×800 and on a phone."""
    problems = []
    page = mid_game(session, "en", 800, 600)
    for language in languages:
        page.set_viewport_size({"width": 800, "height": 600})
        speak(page, language)
        for width, height in ((800, 600), (1024, 768), (1280, 800), (390, 844)):     # (a turn's status whole on a phone)
            page.set_viewport_size({"width": width, "height": height})
            where = f"{language} {width}×{height}"
            problems += [f"{where}: {cut}" for cut in page.evaluate(CUT_TEXT, ["#side", "#app.table header"])]
            problems += [f"{where}: broken {word}" for word in page.evaluate(BROKEN_WORDS, language in ("ja", "zh-Hant"))]
            if width < 700:                                      # the phone's tools on one row
                header = page.evaluate(BOX, "#app.table header")
                if header[3] - header[1] > PHONE_HEADER_MAX:
                    problems.append(f"{where}: the header is {header[3] - header[1]:.1f} px high")
            tickets = page.evaluate(TICKETS_ALIGNED)
            assert tickets["rows"] >= 3, where
            if tickets["spread"] > .5 or tickets["overlaps"]:
                problems.append(f"{where}: ticket points not aligned {tickets}")
    page.context.close()
    return problems


def test_nothing_is_cut_at_800x600_and_1024x768_in_long_languages(browser_session):
    """And at 1280×800 and on a phone, where a turn's status fits its two lines and the tools one row."""
    problems = cut_problems(browser_session, SUITE_LANGUAGES)
    assert not problems, "\n".join(problems)


def test_the_opponents_are_reached_by_scrolling_the_side_column_with_the_board_in_view(browser_session):
    page = mid_game(browser_session, "en", 800, 600)
    for width, height in ((800, 600), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        board = page.evaluate(BOX, "#board-frame")
        assert board[1] >= 0 and board[3] <= height
        page.evaluate("document.querySelector('#side .player-list li:last-child').scrollIntoView({block: 'nearest'})")
        last, side = page.evaluate(BOX, "#side .player-list li:last-child"), page.evaluate(BOX, "#side")
        assert side[1] - .5 <= last[1] and last[3] <= side[3] + .5 and last[3] <= height, (width, last, side)
        assert page.evaluate("window.scrollY") == 0 and page.evaluate(BOX, "#board-frame") == board, width


PHONE_TURNS = {**AI_TUNNEL, "position": {
    **AI_TUNNEL["position"], "current": 0, "deck_top": ["green", "green", "red", "locomotive", "white"],
    "players": [{"hand": {"green": 2}}, {"hand": {"red": 4}, "trains": 4}]}}


def phone_game(browser_session, tmp_path, language: str = "en"):
    """PHONE_TURNS on a phone with touch, Hal's tunnel answered by a stand-in AI worker."""
    context = browser_session.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    context.route(WORKER, lambda route: route.fulfill(status=200, body=TUNNEL_WORKER, content_type="text/javascript"))
    page = browser_session.open("?ai-delay=1200" + ("" if language == "en" else f"&lang={language}"), context=context)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(PHONE_TURNS))
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#board svg")
    return page


def to_the_last_round(page, measure=lambda moment: None) -> None:
    """Ann draws two cards; Hal's tunnel starts the last round; Ann's last turn, announced."""
    measure("Ann's turn")
    page.locator(".market .card-deck").click()
    measure("her second card")
    page.locator(".market .card-deck").click()
    page.wait_for_function("document.getElementById('app').dataset.current === '1'")
    measure("Hal is playing")
    page.wait_for_selector("#board-frame .tunnel-reveal")
    measure("Hal's tunnel")
    page.wait_for_function("document.querySelector('#dialogs .dialog')?.dataset.dialog === 'last-round'")
    measure("the last round announced")
    page.click("button[data-cmd=last-round]")
    measure("Ann's last turn")


def test_the_phones_header_is_short_and_its_board_does_not_move_between_turns(browser_session, tmp_path):
    """Ann's turn, her second card, Hal's tunnel (claimed with its last trains: the last round),
    Ann's last turn announced, a reason said on the status line, Hal's last turn, the end."""
    page = phone_game(browser_session, tmp_path)
    seen = {}

    def measure(moment: str) -> None:
        header = page.evaluate(BOX, "#app.table header")
        seen[moment] = (page.evaluate(BOX, "#board-frame")[1], header[3] - header[1], page.text_content("#status"))

    to_the_last_round(page, measure)
    page.locator(".market .card-deck").click()
    locomotive = page.locator(".market button[data-arg=locomotive][aria-disabled=true]")
    if locomotive.count():
        locomotive.first.focus()                                # a reason on the status line
        measure("a reason")
    page.locator(".market .card-deck").click()
    page.wait_for_function("document.getElementById('app').dataset.current === '1'")
    measure("Hal's last turn")
    page.wait_for_selector(".end-screen")
    measure("the end")
    texts = {text for _top, _height, text in seen.values()}
    assert len(texts) >= 5, seen
    tops = {top for top, _height, _text in seen.values()}
    assert len(tops) == 1, seen                                 # not a pixel
    assert max(height for _top, height, _text in seen.values()) <= PHONE_HEADER_MAX, seen
    assert game_facts(page)["over"]


CUT = "(s) => { const n = document.querySelector(s); return n.scrollHeight > n.clientHeight + .5; }"


def test_a_phones_cut_status_opens_whole_on_a_tap_over_the_board(browser_session, tmp_path):
    """Hungarian, Ann's last turn: her turn and the last round's count take more than two lines."""
    page = phone_game(browser_session, tmp_path, "hu")
    to_the_last_round(page)
    assert page.evaluate(CUT, "#status"), page.text_content("#status")
    board, header = page.evaluate(BOX, "#board-frame"), page.evaluate(BOX, "#app.table header")
    page.tap("#status")
    assert page.evaluate("document.querySelector('#app.table header').classList.contains('status-open')")
    assert not page.evaluate(CUT, "#status")                   # all of it
    assert page.evaluate(BOX, "#board-frame") == board          # over the band: the board does not move
    assert page.evaluate(BOX, "#app.table header") == header
    page.tap(".log-panel")                                      # a tap elsewhere closes it
    assert not page.evaluate("document.querySelector('#app.table header').classList.contains('status-open')")
    assert page.evaluate(CUT, "#status")
    page.tap("#status")
    page.keyboard.press("Escape")                               # and Escape
    assert not page.evaluate("document.querySelector('#app.table header').classList.contains('status-open')")


def test_the_rarely_used_tools_are_in_a_menu_on_small_screens_usable_by_keyboard(browser_session):
    page = mid_game(browser_session, "en", 390, 844)
    more = page.locator("header button[data-cmd=more]")
    menu = page.locator("header .more-tools")
    assert more.is_visible() and more.get_attribute("aria-expanded") == "false" and not menu.is_visible()
    assert page.locator("header button[data-cmd=zoom][data-arg=in]").is_visible()
    more.focus()
    page.keyboard.press("Enter")
    assert more.get_attribute("aria-expanded") == "true" and menu.is_visible()
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('header .more-tools')")
    for tool in ("#opt-ai-speed", "[data-cmd=export-game]", "[data-cmd=share]", "[data-cmd=help]",
                 "#opt-language-game", "[data-cmd=home]"):
        assert menu.locator(tool).is_visible(), tool
    page.keyboard.press("Escape")                               # closes the menu, and only the menu
    assert not menu.is_visible() and page.evaluate("document.activeElement.dataset.cmd") == "more"
    assert game_facts(page)["dialog"] is None
    more.click()                                                # the rules, from the menu; back to the menu's button
    menu.locator("[data-cmd=help]").click()
    page.wait_for_selector("#help[role=dialog]")
    assert not menu.is_visible()
    page.keyboard.press("Escape")
    assert page.locator("#help").count() == 0 and page.evaluate("document.activeElement.dataset.cmd") == "more"
    more.click()                                                # a click elsewhere closes it
    page.click("#log h2")
    assert not menu.is_visible()
    page.set_viewport_size({"width": 1280, "height": 800})      # beside the board: every tool in the band
    assert not more.is_visible() and menu.locator("[data-cmd=export-game]").is_visible()
