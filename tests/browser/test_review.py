"""Review this game (#30), in Chromium: from the end screen of a finished game, the review runs in
its worker with a progress bar, lists the costliest turns, and steps through the decisions with
the position as the seat saw it on the board and the better move lit."""

from __future__ import annotations

from screenshots_ui import late_game, store
from ui_driver import AI_FAST

PLAYERS = [{"name": "Ann", "kind": "human", "colour": "red"}, {"name": "Bruno", "kind": "ai", "colour": "blue"}]


def test_the_end_screens_review_shows_progress_the_costliest_turns_and_steps(browser_session):
    end = late_game(PLAYERS, 4, 12)          # 4 decisions; one cost points (tickets were better)
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
    assert rows.count() == 1
    rows.first.locator("button").click()
    index = rows.first.get_attribute("data-index")
    page.wait_for_selector(f".review[data-shown='{index}']")
    assert page.locator("#board[data-colour=red]").count() == 1      # the seat's position, its colour lit
    assert "Better: draw destination tickets" in page.locator(".review-text").text_content()
    assert "#s=" in page.locator(".review-lesson").get_attribute("href")
    page.click(".review-steps button[data-cmd=review-go] >> nth=0")      # Previous
    page.wait_for_function("(index) => document.querySelector('.review').dataset.shown === String(index - 1)",
                           arg=int(index))
    page.click(".review-head button[data-cmd=review-close]")
    page.wait_for_selector(".end-screen")
