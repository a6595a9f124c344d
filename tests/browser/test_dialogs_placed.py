"""Dialogs placed by what they are about (#28): the claim, tunnel, station and ticket choices never
cover the route's cars, the city or the lit cities of the ticket pointed at, beside the board
(1280×800, 1024×768: they stand over the side column), for routes and cities on every part of
both maps; on a phone (390×844, touch) the route or city being paid for is in view above the
sheet (the page scrolls and the board moves to it), and the view comes back when it closes; a
ticket choice there shows the whole board above its sheet.
The tunnel and station dialogs say their rule."""

from __future__ import annotations

import json
from pathlib import Path

from ui_driver import AI_FAST, new_game, open_games

HAND = {kind: 4 for kind in ("red", "blue", "white", "black", "green", "orange", "purple", "yellow", "locomotive")}
# Ann to act with cards of every colour: every route may be claimed; a tunnel reveals two cards more
EUROPE = {"map": "europe", "seed": 3, "players": [{"name": "Ann"}, {"name": "Hal", "kind": "ai", "level": "easy"}],
          "position": {"market": ["orange", "green", "yellow", "black", "purple"], "deck_top": ["red", "locomotive", "white"],
                       "players": [{"hand": HAND}, {}]}}
USA = {**EUROPE, "map": "usa", "position": {"players": [{"hand": HAND}, {}]}}
# routes on every part of the board: the reported ones, and one by each edge and corner
EUROPE_ROUTES = ("brindisi--palermo", "bucuresti--sofia", "barcelona--marseille", "cadiz--lisboa",
                 "edinburgh--london--black", "moskva--petrograd", "erzurum--sochi", "palermo--smyrna",
                 "brest--dieppe", "munchen--wien")
USA_ROUTES = ("seattle--vancouver--1", "miami--new-orleans", "boston--montreal--2", "los-angeles--phoenix",
              "duluth--omaha--1", "el-paso--houston")
CITIES = ("bucuresti", "barcelona", "edinburgh", "erzurum", "cadiz", "petrograd", "palermo", "wien")
DESKTOP = ((1280, 800), (1024, 768))
BOXES = "(s) => [...document.querySelectorAll(s)].map(n => { const b = n.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })"
BOX = f"(s) => ({BOXES})(s)[0]"


def import_game(page, tmp_path: Path, scenario: dict) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(scenario))
    open_games(page)
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#board svg")


def apart(a: list[float], b: list[float]) -> bool:
    """Two boxes [left, top, right, bottom] that share no area."""
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def inside(inner: list[float], outer: list[float]) -> bool:
    return inner[0] >= outer[0] - 1 and inner[1] >= outer[1] - 1 and inner[2] <= outer[2] + 1 and inner[3] <= outer[3] + 1


def assert_uncovered(page, parts: str, what: str) -> None:
    """Every box of ``parts`` (a route's cars, a city's ring) on the board in view, none under the dialog."""
    dialog = page.evaluate(BOX, "#dialogs .dialog-box")
    frame = page.evaluate(BOX, "#board-frame")
    boxes = page.evaluate(BOXES, parts)
    assert boxes, what
    for box in boxes:
        assert apart(box, dialog), (what, box, dialog)
        assert inside(box, frame), (what, box, frame)


def open_and_check(page, selector: str, kind: str, parts: str) -> None:
    page.locator(selector).dispatch_event("click")
    page.wait_for_selector(f"#dialogs .dialog[data-dialog={kind}]")
    assert_uncovered(page, parts, selector)
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialogs .dialog", state="detached")


def test_the_claim_tunnel_and_station_dialogs_cover_nothing_they_are_about(browser_session, tmp_path):
    page = browser_session.open(AI_FAST)
    for width, height in DESKTOP:
        page.set_viewport_size({"width": width, "height": height})
        import_game(page, tmp_path, USA)
        for route in USA_ROUTES:
            open_and_check(page, f"#route-{route}", "claim", f"#route-{route} .space")
        import_game(page, tmp_path, EUROPE)
        for route in EUROPE_ROUTES:
            open_and_check(page, f"#route-{route}", "claim", f"#route-{route} .space")
        for city in CITIES:
            open_and_check(page, f"#city-{city}", "station", f"#city-{city} circle.ring")
        page.locator("#city-wien").dispatch_event("click")           # the station's rule, with our numbers
        rule = page.text_content(".dialog[data-dialog=station] .dialog-rule")
        assert "one route of another player" in rule and "4 points" in rule and "the second 2 and the third 3" in rule
        page.keyboard.press("Escape")
        page.locator("#route-bucuresti--sofia").dispatch_event("click")
        assert "3 cards turned over" in page.text_content(".dialog[data-dialog=claim] .dialog-rule")
        page.click(".dialog[data-dialog=claim] button[data-cmd=claim] >> text=2 red")
        page.wait_for_selector("#dialogs .dialog[data-dialog=tunnel]")
        assert "3 cards turned over" in page.text_content(".dialog[data-dialog=tunnel] .dialog-rule")
        assert_uncovered(page, "#route-bucuresti--sofia .space", "tunnel")
        # the cards' copy over the board comes once the frame is painted (cues.play_after_paint), and waits
        page.wait_for_selector("#board-frame .tunnel-reveal", state="attached")
        copy = page.locator("#board-frame .tunnel-reveal")
        assert copy.count() == 1 and not copy.is_visible()
        focused = page.evaluate("document.activeElement.closest('#dialogs') !== null")
        assert focused                                               # the focus is in the dialog
        page.keyboard.press("Escape")                                # a tunnel must be answered
        assert page.locator("#dialogs .dialog[data-dialog=tunnel]").count() == 1


def test_the_ticket_choice_covers_no_lit_city(browser_session):
    page = browser_session.open(AI_FAST)
    for map_id in ("europe", "usa"):
        open_games(page)
        new_game(page, ["Ann", "Hal"], ["human", "ai:easy"], map_id=map_id, seed="12")
        page.wait_for_selector("#dialogs .dialog[data-dialog=tickets]")
        for width, height in DESKTOP:
            page.set_viewport_size({"width": width, "height": height})
            offered = page.locator(".offer-ticket")
            for i in range(offered.count()):
                ticket = offered.nth(i).get_attribute("data-ticket")
                a, b = ticket.split("--")
                offered.nth(i).hover()
                page.wait_for_function("([a, b]) => document.querySelector(`#city-${a}.highlight`)"
                                       " && document.querySelector(`#city-${b}.highlight`)", arg=[a, b])
                assert_uncovered(page, "#board .city.highlight circle.ring", (map_id, width, ticket))


def test_on_a_phone_the_route_being_paid_for_is_in_view_above_the_sheet(browser_session, tmp_path):
    context = browser_session.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = browser_session.open(AI_FAST, context=context)
    import_game(page, tmp_path, EUROPE)
    view = "() => { const b = document.getElementById('board').getBoundingClientRect(); return [scrollY, b.left, b.top, b.width]; }"

    def in_view_above_the_sheet(parts: str) -> None:
        sheet = page.evaluate(BOX, "#dialogs .dialog-box")
        frame = page.evaluate(BOX, "#board-frame")
        room = [max(frame[0], 0), max(frame[1], 0), min(frame[2], 390), min(frame[3], sheet[1], 844)]
        for box in page.evaluate(BOXES, parts):
            assert inside(box, room), (parts, box, room)

    before = page.evaluate(view)
    page.locator("#city-athina").dispatch_event("click")             # a tall sheet: the station's rule
    page.wait_for_selector("#dialogs .dialog[data-dialog=station]")
    in_view_above_the_sheet("#city-athina circle.ring")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialogs .dialog", state="detached")
    assert page.evaluate(view) == before                             # the view as it was
    # zoomed in: a route low in the board, then a tunnel's sheet, taller than the claim's
    for _ in range(3):
        page.click("header button[data-cmd=zoom][data-arg=in]")
    zoomed = page.evaluate(view)
    page.locator("#route-bucuresti--sofia").dispatch_event("click")
    page.wait_for_selector("#dialogs .dialog[data-dialog=claim]")
    in_view_above_the_sheet("#route-bucuresti--sofia .space")
    page.click(".dialog[data-dialog=claim] button[data-cmd=claim] >> text=2 red")
    page.wait_for_selector("#dialogs .dialog[data-dialog=tunnel]")
    in_view_above_the_sheet("#route-bucuresti--sofia .space")
    page.click(".dialog[data-dialog=tunnel] button[data-cmd=tunnel] >> text=Withdraw")
    page.wait_for_function("document.getElementById('app').dataset.current === '0' && "
                           "!document.querySelector('#dialogs .dialog')")
    assert page.evaluate(view) == zoomed                             # back to the player's own zoom
    # a ticket choice, asked from the pile far down the page: the whole board in view above the sheet
    page.click("header button[data-cmd=zoom][data-arg=reset]")
    page.click(".market button[data-cmd=tickets]")
    page.wait_for_selector("#dialogs .dialog[data-dialog=tickets]")
    in_view_above_the_sheet("#board-frame")
