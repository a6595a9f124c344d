"""A move redraws only what it changed: routes restyled in place (drawn again only when claimed),
the side column's cards, players and log events kept when their facts did not change (the log's
oldest lines let go several at a time, the newest in view as it comes or grows unless the player
scrolled back), and the focus left where it was.  (How fast this is, is measured by ``tests/bench_ui.py``.)"""

from __future__ import annotations

from ui_driver import AI_FAST, game_facts, human_step, new_game, wait_for_human

from game.ui.game_facts import LOG_SHOWN, LOG_TRIM, log_start

# Mark every element a move may keep: one still marked afterwards was not built again.
MARK = """() => { for (const node of document.querySelectorAll(
    '#board .route, #board .city, #side .cards button, #side .player-list li, #log .log li')) node.keptMark = true; }"""
KEPT = "(selector) => [...document.querySelectorAll(selector)].map((node) => node.keptMark === true)"
LOG_NUMBERS = "[...document.querySelectorAll('#log .log li .log-number')].map((n) => n.textContent)"
LOG_TOP = "document.querySelector('#log .log-scroll').scrollTop"
NEWEST_SHOWN = """() => { const box = document.querySelector('#log .log-scroll').getBoundingClientRect();
    const line = document.querySelector('#log .log li:last-child').getBoundingClientRect();
    return line.top >= box.top - 1 && line.bottom <= box.bottom + 1; }"""


def ann_to_play(page) -> dict:
    """Play Ann's dialogs (the first ticket choice) until she is to start a turn (or the end)."""
    while True:
        facts = wait_for_human(page)
        if facts["over"] or facts["dialog"] is None and facts["phase"] == "start":
            return facts
        human_step(page, facts)


def test_a_card_drawn_touches_only_what_changed(browser_session):
    page = browser_session.open(AI_FAST)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"], seed="5")
    before = ann_to_play(page)["actions"]
    assert page.locator("#board .route.claimable").count() > 0
    deck = "button[data-cmd=draw][data-slot='0']"
    label = page.text_content(deck)
    page.evaluate(MARK)
    page.click(deck)
    page.wait_for_function(f"document.getElementById('app').dataset.actions !== '{before}'")
    assert game_facts(page)["phase"] == "second-draw"
    # the routes lost their highlight by a class switch, not by being drawn again
    assert page.locator("#board .route.claimable").count() == 0
    assert all(page.evaluate(KEPT, "#board .route, #board .city"))
    # the deck's button was changed in place (its count): the same element, still focused
    assert page.text_content(deck) != label
    assert page.evaluate(f"document.querySelector(\"{deck}\").keptMark === true")
    assert page.evaluate(f"document.activeElement === document.querySelector(\"{deck}\")")
    # Bot's line did not change; the log kept its events and added Ann's draw, numbered
    assert page.evaluate(KEPT, "#side .player-list li.opponent") == [True]
    kept = page.evaluate(KEPT, "#log .log li")
    assert kept[-1] is False and all(kept[:-1])
    assert page.evaluate(LOG_NUMBERS) == [f"{i}." for i in range(1, len(kept) + 1)]


def test_routes_are_drawn_again_only_when_claimed_and_the_log_keeps_its_last_events(browser_session):
    page = browser_session.open(AI_FAST)
    new_game(page, ["Ann", "Bot"], ["human", "ai:easy"], seed="5")
    events, back = 0, False
    while events <= LOG_SHOWN + LOG_TRIM:        # until the oldest lines have gone once
        ann_to_play(page)
        if events > 20 and back is False:       # a player who scrolled back stays there as lines come
            back = page.evaluate(f"{LOG_TOP} = 0") == 0
        page.evaluate(MARK)
        # (with 2 players the twin of a claimed double route closes: it is drawn again too)
        taken = set(page.evaluate("[...document.querySelectorAll('#board .route.claimed, #board .route.closed')]"
                                  ".map((r) => r.id)"))
        human_step(page)            # a route's payments or a card drawn ...
        facts = ann_to_play(page)   # ... and the rest of Ann's turn, then Bot's
        if facts["over"]:
            break
        routes = page.evaluate("""[...document.querySelectorAll('#board .route')].map((r) =>
            [r.id, r.classList.contains('claimed') || r.classList.contains('closed'), r.keptMark === true])""")
        for route, is_taken, kept in routes:
            assert kept == (not is_taken or route in taken), route     # drawn again: newly claimed or closed
        numbers = page.evaluate(LOG_NUMBERS)
        events = int(numbers[-1].rstrip("."))
        assert numbers == [f"{i}." for i in range(log_start(events) + 1, events + 1)]    # 60 to 79 lines
        assert page.evaluate(KEPT, "#log .log li")[0]      # the oldest listed was listed before
        if back is True:
            assert page.evaluate(LOG_TOP) == 0 and not page.evaluate(NEWEST_SHOWN)
            page.evaluate(f"{LOG_TOP} = 1e9")   # back to the foot: it follows the lines again
            back = None
        else:
            page.wait_for_function(NEWEST_SHOWN)
    assert events > LOG_SHOWN + LOG_TRIM and back is None


LAST_HEIGHT = "document.querySelector('#log .log li:last-child').getBoundingClientRect().height"


def test_on_a_phone_the_log_follows_a_line_that_grows_and_wraps(browser_session):
    """A turn's line is extended as the turn goes on (a second card drawn): on a phone the longer
    line wraps onto another row, and the log still shows it, then the lines that come after."""
    page = browser_session.open(AI_FAST)
    page.set_viewport_size({"width": 390, "height": 844})
    new_game(page, ["Ann", "Bob"], ["human", "human"], seed="5")      # pass and play: no move comes between
    deck = "button[data-cmd=draw][data-slot='0']:not([aria-disabled])"
    grown = 0
    for _turn in range(4):          # the log overflows its scroller from the third line on
        assert not ann_to_play(page)["over"]
        page.click(deck)
        page.wait_for_function("document.getElementById('app').dataset.phase === 'second-draw'")
        page.wait_for_function(NEWEST_SHOWN, timeout=5000)
        height = page.evaluate(LAST_HEIGHT)
        page.click(deck)            # two blind cards, two moves: the same line, longer
        page.wait_for_function("document.getElementById('app').dataset.phase !== 'second-draw'")
        grown += page.evaluate(LAST_HEIGHT) > height       # it wrapped onto another row
        page.wait_for_function(NEWEST_SHOWN, timeout=5000)
    assert grown == 4
    # scrolled back, the player stays there as the page is resized; at the foot, the log follows
    frames = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    page.evaluate(f"{LOG_TOP} = 0")
    page.evaluate(frames)
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate(frames)
    assert page.evaluate(LOG_TOP) == 0
    page.evaluate(f"{LOG_TOP} = 1e9")
    page.evaluate(frames)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(NEWEST_SHOWN, timeout=5000)
