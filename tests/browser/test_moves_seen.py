"""A board that tells the story (#15, what is built so far): each player's last turn marked
(the last claims on the board, ``#app[data-last-move]``), the log's newest line in view at
every size, every tunnel attempt's cards shown, the hand in view while choosing tickets,
market cards that keep their face under the pointer, the end screen's buttons in view."""

from __future__ import annotations

import json
from pathlib import Path

from ui_driver import (
    AI_FAST,
    game_facts,
    human_step,
    new_game,
    open_games,
    wait_for_human,
)

SIZES = ((1280, 800), (1024, 768), (800, 600), (390, 844))
NEWEST_IN_VIEW = """() => { const box = document.querySelector('#log .log-scroll').getBoundingClientRect();
    const line = document.querySelector('#log .log li:last-child').getBoundingClientRect();
    return line.height > 0 && line.top >= box.top - 1 && line.bottom <= box.bottom + 1
        && line.top >= 0 && line.bottom <= window.innerHeight; }"""


def import_europe(page, tmp_path: Path, position: dict, players=None) -> None:
    path = tmp_path / "game.json"
    players = players or [{"name": "Ann"}, {"name": "Hal", "kind": "ai", "level": "easy"}]
    path.write_text(json.dumps({"map": "europe", "seed": 3, "players": players, "position": position}))
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#board svg")


def test_an_ai_rounds_claims_are_marked_and_the_newest_log_line_is_in_view_at_every_size(browser_session):
    page = browser_session.open(AI_FAST)
    new_game(page, ["Ann", "Hal", "Eve", "Max"], ["human", "ai:easy", "ai:medium", "ai:hard"], map_id="europe")
    for _ in range(200):            # until an AI seat has claimed a route in its last turn
        facts = wait_for_human(page)
        marked = page.locator("#board .route.last-move").count()
        if marked and any(page.locator(f".player-list li[data-seat='{s}'] .last-move").count()
                          and "claimed" in page.text_content(f".player-list li[data-seat='{s}'] .last-move")
                          for s in (1, 2, 3)):
            break
        human_step(page, facts)
    else:
        raise AssertionError("no AI seat claimed a route")
    assert page.get_attribute("#app", "data-last-move")
    for route in page.locator("#board .route.last-move").all():        # a last claim is an owned route
        assert "claimed" in route.get_attribute("class")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        assert page.evaluate(NEWEST_IN_VIEW), (width, height)
    assert browser_session.external_requests == []


def test_the_hand_stays_in_view_while_tickets_are_chosen_and_cards_keep_their_face(browser_session):
    page = browser_session.open(AI_FAST)
    page.set_viewport_size({"width": 1280, "height": 800})
    new_game(page, ["Ann", "Hal"], ["human", "ai:easy"], map_id="europe")
    assert game_facts(page)["dialog"] == "tickets"
    board = page.locator("#board-frame").bounding_box()
    cover = page.locator("#dialogs .dialog-box").bounding_box()    # beside the board, over the side column
    assert cover["x"] >= board["x"] + board["width"], "the ticket dialog covers the board"
    strip = page.locator("#dialogs .dialog-hand")                  # and the hand is in it, in brief
    assert strip.is_visible() and strip.locator(".strip-card").count() == page.locator(".own-panel .hand .card").count()
    human_step(page)
    wait_for_human(page)
    card = page.locator(".market .cards .card[data-slot='1']")
    before = card.evaluate("(n) => getComputedStyle(n).backgroundColor")
    card.hover()
    assert card.evaluate("(n) => getComputedStyle(n).backgroundColor") == before
    card.focus()
    assert card.evaluate("(n) => getComputedStyle(n).backgroundColor") == before


def test_a_tunnels_cards_are_shown_and_logged_and_those_that_cost_more_marked(browser_session, tmp_path):
    page = browser_session.open(AI_FAST)
    # without extra cost
    import_europe(page, tmp_path, {"market": ["blue"] * 5, "deck_top": ["green", "black", "white"],
                                   "players": [{"hand": {"red": 2}}, {}]})
    page.locator("#route-bucuresti--sofia").dispatch_event("click")        # a gray tunnel of 2
    page.click(".dialog[data-dialog=claim] button[data-cmd=claim]")
    reveal = page.locator("#board-frame .tunnel-reveal")
    reveal.wait_for(state="attached")       # the cards are put in once the move's frame is painted
    assert reveal.count() == 1 and reveal.locator(".reveal-cards .chip").count() == 3
    assert reveal.locator(".chip.match").count() == 0 and "no more cards needed" in reveal.text_content()
    assert "no more cards needed" in page.text_content("#log .log")
    assert "claimed" in page.get_attribute("#route-bucuresti--sofia", "class")
    assert page.get_attribute("#app", "data-last-move") == "claim bucuresti--sofia 2red"
    # costing more: another game, imported from the saved-games screen
    open_games(page)
    import_europe(page, tmp_path, {"market": ["blue"] * 5, "deck_top": ["red", "locomotive", "white"],
                                   "players": [{"hand": {"red": 4}}, {}]})
    page.locator("#route-bucuresti--sofia").dispatch_event("click")
    page.click(".dialog[data-dialog=claim] button[data-cmd=claim]")
    page.locator("#board-frame .tunnel-reveal").wait_for(state="attached")
    assert page.locator("#board-frame .tunnel-reveal .chip.match").count() == 2
    assert game_facts(page)["dialog"] == "tunnel"


def test_the_end_screens_buttons_and_every_column_are_in_view_without_scrolling(browser_session, tmp_path):
    page = browser_session.open(AI_FAST)
    page.set_viewport_size({"width": 1280, "height": 800})
    path = tmp_path / "end.json"
    path.write_text(json.dumps({"map": "usa", "seed": 4, "players": [{"name": "Ann"}, {"name": "Bartholomew Quintus-Long"}],
                                "position": {"last_round": 1, "players": [{"tickets": ["boston--miami", "calgary--phoenix",
                                                                                      "dallas--new-york"]},
                                                                          {"tickets": ["sault-st-marie--oklahoma-city"]}]}}))
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#board svg")
    while not game_facts(page)["over"]:
        human_step(page)
    for name in ("rematch", "home"):
        box = page.locator(f".end-screen button[data-cmd={name}]").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 800, name
    # the scores table fits its column: the total is not cut off, nothing scrolls sideways
    assert page.evaluate("""() => { const end = document.querySelector('.end-screen');
        return end.scrollWidth <= end.clientWidth; }""")
    total = page.locator(".end-screen td[data-part=total]").first.bounding_box()
    side = page.locator(".end-screen").bounding_box()
    assert total["x"] + total["width"] <= side["x"] + side["width"]
