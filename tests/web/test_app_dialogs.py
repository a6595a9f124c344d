"""Dialogs on the real page: a route's payment dialog opened by a click and closed by Escape or
Cancel (the focus back on the route), and the help panel over the game."""

from __future__ import annotations

AI_PAGE = "http://127.0.0.1:8000/index.html?ai-workers=1&ai-delay=0"


def to_first_turn(page) -> None:
    page.start(AI_PAGE)
    page.new_game("human", "ai:easy")
    page.keep_tickets(3)
    page.workers_ready()
    page.ai_plays(human=0)


def test_a_route_s_dialog_opens_on_a_click_and_escape_closes_it_the_focus_back_on_the_route(page):
    to_first_turn(page)
    route = page.one("#board .route.claimable")
    page.click(route)
    assert page.app("data-dialog") == "claim"
    dialog = page.one("#dialogs .dialog")
    assert dialog.getAttribute("role") == "dialog" and dialog.getAttribute("aria-modal") == "true"
    assert page.document.activeElement.closest("#dialogs") is not None      # the focus went into it
    assert route.classList.contains("selected") and page.one("#side").hasAttribute("inert")
    page.key("Tab", shift=True)                 # held inside the dialog and the header's tools
    assert page.document.activeElement.closest("#dialogs, header") is not None
    page.key("Escape")
    assert not page.has("#dialogs .dialog") and page.app("data-dialog") is None
    assert not route.classList.contains("selected") and not page.one("#side").hasAttribute("inert")
    assert page.document.activeElement is route        # back where the dialog was opened from
    assert page.app("data-actions") == "2"             # nothing played

    page.click(route)
    page.command("close")                       # Cancel
    assert not page.has("#dialogs .dialog") and page.app("data-actions") == "2"


def test_the_help_panel_opens_over_the_game_and_escape_gives_the_focus_back(page):
    to_first_turn(page)
    opener = page.one("header [data-cmd=help]")
    page.click(opener)
    panel = page.one("body > #help")
    assert panel.getAttribute("data-map") == "usa" and page.root.hasAttribute("inert")
    assert page.document.activeElement is page.one("#help .help-close")
    assert page.all("#help .help-nav button")          # its contents
    page.key("Escape")
    assert not page.has("#help") and not page.root.hasAttribute("inert")
    assert page.document.activeElement is opener
