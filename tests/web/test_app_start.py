"""The page's start in the fake browser: ``game.web.app.start`` draws the start screen and says
the page is ready."""

from __future__ import annotations


def test_the_start_screen_is_drawn_and_the_page_says_it_is_ready(page):
    page.start()
    assert page.document.documentElement.hasAttribute("data-game-ready")
    assert not page.root.hidden and page.root.className == "start"
    assert page.text("h1") == "Ticket to Ride"
    assert [o.value for o in page.all("#opt-map option")] == ["usa", "europe"]
    assert page.one("#opt-count").value == "2" and len(page.all("#new-game .seat")) == 2
    assert page.has('button[data-cmd="start"]') and page.text(".saves p") == "No saved games yet."
    assert page.app("data-phase") is None      # no game on the table
