"""A turn on the real page: a game against an AI started from the form's buttons, tickets kept,
cards drawn, a route claimed through its payment dialog, the AI's moves answered by its worker."""

from __future__ import annotations

AI_PAGE = "http://127.0.0.1:8000/index.html?ai-workers=1&ai-delay=0"


def facts(page) -> tuple[str | None, ...]:
    return tuple(page.app(name) for name in ("data-phase", "data-current", "data-actions"))


def test_a_turn_against_an_ai_from_the_new_game_to_a_claimed_route(page):
    page.start(AI_PAGE)
    page.new_game("human", "ai:easy")
    assert page.root.className == "table" and page.app("data-dialog") == "tickets"
    assert facts(page) == ("setup-tickets", "0", "0")
    assert len(page.all("#board [data-route]")) == 100 and len(page.all(".player-list li")) == 2
    assert page.has(".dialog[data-dialog=tickets] #keep-rule") and page.one("#side").hasAttribute("inert")
    page.command("keep")                        # none ticked: refused, the dialog says why
    assert page.app("data-dialog") == "tickets" and page.text(".dialog-error") == "Keep 2 to 3 tickets."
    kept = page.keep_tickets(2)
    assert page.app("data-dialog") is None and not page.one("#side").hasAttribute("inert")
    page.workers_ready()
    page.ai_plays(human=0)                      # the AI keeps its tickets
    assert facts(page) == ("start", "0", "2")
    assert [li.getAttribute("data-ticket") for li in page.all(".own-panel .tickets li")] == kept
    assert page.text("#status") == "Player 1's turn: draw cards, claim a route or take destination tickets."
    assert page.text(".log li:not(.alt) .log-text") == "Player 1 kept 2"
    hand = sum(int(card.getAttribute("data-count")) for card in page.all(".own-panel .hand li[data-card]"))

    page.command("draw", "deck")
    assert facts(page) == ("second-draw", "0", "3") and page.app("data-last-move") == "draw deck"
    assert page.one('.market [data-cmd=tickets]').getAttribute("aria-disabled") == "true"     # not now
    page.command("draw", "deck")
    assert facts(page) == ("start", "1", "4") and page.text("#status") == "Casey (AI, easy) is playing."
    assert sum(int(card.getAttribute("data-count")) for card in page.all(".own-panel .hand li[data-card]")) == hand + 2

    page.ai_plays(human=0)                      # the AI's turn, its moves on the page
    assert page.app("data-current") == "0" and int(page.app("data-actions")) > 4
    casey = page.one(".player-list li[data-seat='1']")
    assert casey.querySelector(".last-move") is not None and page.all(".log li")[3].textContent.startswith("4.Casey")

    route = page.one("#board .route.claimable")
    route_id = route.getAttribute("data-route")
    page.click(route.querySelector("path"))     # a click on the route's shape: its route is chosen
    assert page.app("data-dialog") == "claim" and page.one("#side").hasAttribute("inert")
    assert page.one(f"#route-{route_id}").classList.contains("selected")       # pointed out on the board
    payments = page.all("#dialogs .payment")
    assert payments and page.document.activeElement is page.one("#dialogs button")
    page.click(payments[0])
    assert page.app("data-dialog") is None and page.app("data-last-move").startswith(f"claim {route_id} ")
    claimed = page.one(f"#route-{route_id}")
    assert claimed is not route and claimed.classList.contains("owner-red")     # drawn again, in red
    assert page.text(".player-list li[data-seat='0'] .player-score") != "0 points"
    assert page.app("data-current") == "1"
