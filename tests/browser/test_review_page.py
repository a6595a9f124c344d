"""Review this game (#30), in Chromium: from the end screen of a finished game, the review runs in
its worker with a progress bar, lists the costliest turns, and steps through the decisions with
the position as the seat saw it on the board and the better move lit."""

from __future__ import annotations

from screenshots_ui import late_game, store
from ui_driver import AI_FAST

from game.actions import DrawTickets, KeepTickets
from game.ai import make_agent
from game.ai.agent import decide
from game.rng import Rng
from game.rules import apply_action, legal_actions
from game.scenario import load_scenario

PLAYERS = [{"name": "Ann", "kind": "human", "colour": "red"}, {"name": "Bruno", "kind": "ai", "colour": "blue"}]


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
    page = browser_session.open(AI_FAST, context=context)
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
    assert page.locator("#board[data-colour=red]").count() == 1      # the seat's position, its colour lit
    assert "Better: " in page.locator(".review-text").text_content()
    assert "#s=" in page.locator(".review-lesson").get_attribute("href")
    page.click(".review-steps button[data-cmd=review-go] >> nth=0")      # Previous
    page.wait_for_function("(index) => document.querySelector('.review').dataset.shown === String(index - 1)",
                           arg=int(index))
    page.click(".review-head button[data-cmd=review-close]")
    page.wait_for_selector(".end-screen")
