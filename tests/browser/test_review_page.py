"""Review this game (#30), in Chromium: from the end screen of a finished game, the review runs in
its workers with a progress bar (a worker that cannot load gives its decision to another; with
none, the page weighs them, even where it cannot suspend a call into WebAssembly), lists the costliest turns, and steps through the decisions with the
position as the seat saw it on the board, the market then and the better move lit, in view above
the step's sheet on a phone."""

from __future__ import annotations

from harness import NO_JSPI
from screenshots_ui import late_game, store
from ui_driver import AI_FAST

from game.actions import DrawTickets, KeepTickets
from game.ai import make_agent
from game.ai.agent import decide
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.scenario import load_scenario

PLAYERS = [{"name": "Ann", "kind": "human", "colour": "red"}, {"name": "Bruno", "kind": "ai", "colour": "blue"}]
WORKER = "**/static/ai-worker.mjs"
THREE_CORES = "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 3 });"   # two workers


def first_worker_missing(context) -> None:
    """The first review worker's script is not found (the worker fails to load); the others are."""
    loads = []

    def serve(route):
        loads.append(route.request.url)
        if len(loads) == 1:
            route.fulfill(status=404, body="not here")
        else:
            route.continue_()
    context.route(WORKER, serve)


def costly_last_turn() -> dict:
    """A finished game saved late, in which Ann spends her last turn drawing tickets and keeps all
    of them: tickets nobody can join any more, so that turn costs points in every play-out,
    whatever the search's samples (the medium AI plays every other move)."""
    late = late_game(PLAYERS, 4, 8)
    state, _ = load_scenario({k: v for k, v in late.items() if k != "actions"})
    medium, actions, drew = make_agent("medium"), [], False
    while state["phase"] != "over":
        legal = legal_actions(state)
        if state["current"] == 0 and state["last_round"] is not None and DrawTickets() in legal:
            action, drew = DrawTickets(), True
        elif state["current"] == 0 and state["phase"] == "tickets":
            action = max((a for a in legal if isinstance(a, KeepTickets)), key=lambda a: len(a.tickets))
        else:
            action = decide(medium, state, Rng.from_seed(f"review:{len(actions)}"))
        apply_action(state, action)
        actions.append(str(action))
    assert drew, "Ann's last turn drew tickets"
    return {**late, "actions": actions}


def test_the_end_screens_review_shows_progress_the_costliest_turns_and_steps(browser_session):
    end = costly_last_turn()
    context = browser_session.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(THREE_CORES)
    first_worker_missing(context)
    page = browser_session.open(AI_FAST, context=context, expect_errors=True)     # the 404 itself is logged
    store(page, {"g1": end}, "g1")
    page.wait_for_selector(".end-screen")
    page.click(".end-screen button[data-cmd=review]")
    page.wait_for_selector(".review .review-progress:not([hidden])")
    page.wait_for_function("Number(document.querySelector('.review').dataset.progress) > 0", timeout=120_000)
    page.wait_for_selector(".review[data-done='']", timeout=240_000)
    assert page.locator(".review .review-progress").is_hidden()
    assert "Decisions weighed" in page.locator(".review-summary").text_content()
    rows = page.locator(".review-turns li")
    points = [float(t.strip("−").split()[0]) for t in rows.locator(".num").all_text_contents()]
    assert points == sorted(points, reverse=True)
    assert rows.count() >= 1 and points[0] > 0
    rows.first.locator("button").click()
    index = rows.first.get_attribute("data-index")
    page.wait_for_selector(f".review[data-shown='{index}']")
    assert page.get_attribute("#app", "data-review-helper") == "workers"    # the other worker took its decision
    assert page.locator("#board[data-colour=red]").count() == 1      # the seat's position, its colour lit
    assert "Better: " in page.locator(".review-text").text_content()
    assert page.text_content(".review-whose") == "The board as Ann saw it at that turn."
    assert page.locator(".review-cards li").count() == 7             # the deck, the tickets, the face-up cards then
    assert "#s=" in page.locator(".review-lesson").get_attribute("href")
    page.click(".review-steps button[data-cmd=review-go] >> nth=0")      # Previous
    page.wait_for_function("(index) => document.querySelector('.review').dataset.shown === String(index - 1)",
                           arg=int(index))
    page.click(".review-head button[data-cmd=review-close]")
    page.wait_for_selector(".end-screen")


def test_on_a_phone_with_no_worker_the_page_weighs_the_review_and_a_step_brings_its_move_into_view(browser_session):
    context = browser_session.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.route(WORKER, lambda route: route.fulfill(status=404, body="not here"))
    context.add_init_script(NO_JSPI)
    page = browser_session.open(AI_FAST, context=context, expect_errors=True)
    assert page.evaluate("typeof WebAssembly.Suspending") == "undefined"
    store(page, {"g1": costly_last_turn()}, "g1")
    page.click(".end-screen button[data-cmd=review]")
    page.wait_for_selector(".review[data-done='']", timeout=240_000)
    assert page.get_attribute("#app", "data-review-helper") == "page"
    assert page.locator(".review-failure").is_hidden()
    assert "Decisions weighed: 4" in page.locator(".review-summary").text_content()
    page.locator(".review-turns li button").first.click()
    page.wait_for_selector(".review[data-shown]:not([data-shown=''])")
    page.wait_for_timeout(300)
    boxes = page.evaluate("""() => {
        const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        return { sheet: box(document.querySelector('.review-step')), frame: box(document.getElementById('board-frame')),
                 lit: [...document.querySelectorAll('#board .route.highlight, #board .city.highlight')].map(box) };
    }""")
    sheet, frame = boxes["sheet"], boxes["frame"]
    assert sheet[3] == 844 and sheet[1] > 844 / 2               # the step: a sheet at the foot of the screen
    assert abs(frame[1]) < 1                                    # the board scrolled to the top, above it
    assert boxes["lit"]                                         # the better move (a claim, tickets kept) lit
    for left, top, right, bottom in boxes["lit"]:               # and in view, above the sheet
        assert left >= 0 and right <= 390 and top >= 0 and bottom <= sheet[1]
