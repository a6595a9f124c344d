"""The game screen's header: the status line and the tools, the rarely used ones (AI speed, Export,
Share, How to play, the language, Games) in a menu that small screens open with "⋯"; the tools
themselves (``table_tools``).

Over 1180 px wide the menu's tools stand in the band with the others and its button is hidden
(CSS); on smaller screens they open below the button as a disclosure (the
button's ``aria-expanded``), which Escape, a click elsewhere, the focus leaving it or one of
its commands closes, the focus back on the button.  Whether it is open is kept here, so a
redraw of the header (a change of language) keeps it as it was.

A phone shows two lines of the status; a longer one (a long language's last round) is opened
whole by a tap on it, over the band (and the board's top if need be): the band keeps its height, so the board does not
move.  A tap elsewhere, Escape or the next status closes it.
"""

from __future__ import annotations

import js

from game.i18n import _
from game.ui.ai_pacing import AI_SPEEDS
from game.ui.screen import Screen
from game.web import start as start_screen
from game.web.dom import Node, button, closest, el, present
from game.web.zoom import zoom_buttons

MENU_ID = "more-tools"
SPEED_KEYS = {"slow": "table.ai_speed.slow", "normal": "table.ai_speed.normal", "fast": "table.ai_speed.fast",
              "instant": "table.ai_speed.instant"}


class Header:
    """The band over the table; ``node`` once built."""

    def __init__(self) -> None:
        self.node: Node | None = None
        self.menu_open = False
        self.status_open = False

    def build(self, tools: list[Node], menu: list[Node]) -> Node:
        """The status line, ``tools`` always in sight, then the menu of ``menu``."""
        more = button("⋯", "more", cls="more-button", id="more-button", aria_expanded="false",
                      aria_controls=MENU_ID, aria_label=_("table.more"), title=_("table.more"))
        self.node = el("header", None, el("p", "", cls="status", id="status", aria_live="polite"),
                       el("span", None, cls="status-room", aria_hidden="true"),     # its room while open
                       el("div", None, *tools, more, el("div", None, *menu, cls="more-tools", id=MENU_ID),
                          cls="tools"))
        self.show_menu(self.menu_open)
        return self.node

    def status(self, text: str, colour: str | None = None) -> None:
        """Say ``text`` on the status line (``colour``: the dot of the player to act; None keeps it).
        A phone shows two lines of it; the whole text is its title, and screen readers hear it all."""
        node = present(js.document.getElementById("status"))
        if node is None:
            return
        if node.textContent != text:
            self.show_status(False)
        node.textContent = text
        node.setAttribute("title", text)
        if colour is not None:
            node.setAttribute("data-colour", colour)

    def show_status(self, open_: bool) -> None:
        """Open the whole status over the band (when two lines cut it) or close it."""
        status = None if self.node is None else present(self.node.querySelector("#status"))
        if open_ and (status is None or status.scrollHeight <= status.clientHeight):
            open_ = False           # all of it is in sight already
        self.status_open = open_
        if self.node is not None:
            self.node.classList.toggle("status-open", open_)

    def show_menu(self, open_: bool, *, focus: bool = False) -> None:
        """Open or close the menu (``focus``: put the focus on its button)."""
        self.menu_open = open_
        if self.node is None:
            return
        self.node.classList.toggle("menu-open", open_)
        more = self.node.querySelector("#more-button")
        more.setAttribute("aria-expanded", "true" if open_ else "false")
        if focus:
            more.focus()

    def in_menu(self, target) -> bool:
        """Whether ``target`` is the menu's button or inside the menu."""
        return closest(target, f"#{MENU_ID}, #more-button") is not None

    def popped(self) -> bool:
        """The menu is open as a popup (a small screen), not laid out in the band."""
        more = None if self.node is None else present(self.node.querySelector("#more-button"))
        return more is not None and bool(more.getClientRects().length)

    def on_click(self, target) -> None:
        """Before a click is handled: one on a cut status opens it whole, and any other click closes
        it; one elsewhere closes the menu; a command in it closes it, the focus on its button (where
        a dialog or the rules give it back)."""
        on_status = closest(target, "#status") is not None
        if on_status or self.status_open:
            self.show_status(on_status and not self.status_open)
        if not self.menu_open:
            return
        if not self.in_menu(target):
            self.show_menu(False)
        elif closest(target, f"#{MENU_ID} [data-cmd]") is not None and self.popped():
            self.show_menu(False, focus=True)

    def on_escape(self) -> bool:
        """Escape closes the whole status or the menu first (and does nothing else); whether it did."""
        if self.status_open:
            self.show_status(False)
            return True
        if not (self.menu_open and self.popped()):
            return False
        self.show_menu(False, focus=True)
        return True

    def on_focus(self, target) -> None:
        """The focus gone out of the menu (Tab past its last tool, a click elsewhere) closes it."""
        if self.menu_open and self.popped() and not self.in_menu(target):
            self.show_menu(False)


def table_tools(shown: Screen, *, back_to_lesson: bool, hosting: bool = False) -> tuple[list[Node], list[Node]]:
    """The header's tools always in sight, and the rarely used ones of its menu, for the game
    ``shown``; an embed's way back to the lesson (``back_to_lesson``) stays in sight; a game
    hosted on several devices (``hosting``) has its seats and invites in sight."""
    tools = [*zoom_buttons("zoom"), hints_button(), hint_button()]
    if hosting:
        tools.append(button(_("net.host.seats"), "net-panel", cls="net-seats"))
    menu = [*([ai_speed_picker(shown.ai_speed)] if shown.ai_seats else []),
            *([button(_("table.export"), "export-game", cls="tool-export"),
               button(_("table.share"), "share", cls="tool-share", aria_haspopup="dialog")] if shown.exportable else []),
            button(_("help.open"), "help", cls="tool-help", aria_haspopup="dialog"),
            start_screen.language_picker(in_game=True)]
    if back_to_lesson:
        return [*tools, button(_("embed.back"), "home")], menu
    return tools, [*menu, button(_("table.menu"), "home")]


def hints_button() -> Node:
    """Switch the glow of the routes the player may claim now on or off; it is its own legend."""
    return button(_("table.hints"), "hints", "off", cls="hints", id="hints", aria_pressed="true",
                  title=_("table.hints_title"))


def hint_button() -> Node:
    """The Hint command (``game.ui.hints``) in the band's row of tools, shown while it is offered
    (``Screen.hint``): a mark and its word (1180 px and below, where the row has no room for it in
    every language, it stands in the market's heading instead: ``game.web.side``)."""
    return el("button", None, el("span", None, cls="hint-mark", aria_hidden="true"),
              el("span", _("hint.button"), cls="hint-word"), cls="hint", id="hint", type="button", data_cmd="hint",
              data_arg="", title=_("hint.button_title"), hidden=True)


def ai_speed_picker(speed: str) -> Node:
    """How fast the AI seats play: the pause before each of their moves."""
    picker = el("select", None, id="opt-ai-speed")
    for name in AI_SPEEDS:
        picker.append(el("option", _(SPEED_KEYS[name]), value=name, selected=name == speed))
    return el("label", _("table.ai_speed"), picker, cls="ai-speed")
