"""The "How to play" panel in the page: drawn from ``game.ui.help`` with the board's pictures
(``game.board.legend``), opened over the start or the game screen, closed by its button or Escape.

It lives outside ``#app`` (the screens redraw ``#app`` whole), makes ``#app`` inert while open,
keeps Tab inside itself and gives the focus back to the control that opened it."""

from __future__ import annotations

import js
from pyodide.ffi import to_js

from game.i18n import _, variant_name
from game.mapdata import load_map
from game.ui import help as content
from game.ui.storage import Preferences
from game.web.dom import FOCUSABLE, Node, closest, cycle_focus, el, keep_alive, present


def _figure(name: str) -> Node:
    # imported here: it brings in svgwrite, which the first screen loads only after it is drawn
    from game.board.legend import picture
    box = el("span", None, cls=f"help-pic pic-{name}")
    box.innerHTML = picture(name)        # SVG text made by game.board.legend from fixed shapes
    return box


def _scoring_table(game_map) -> Node:
    table = el("table", None, cls="help-scoring")
    table.append(el("caption", _("help.scoring")))
    head, body = el("tr", None), el("tr", None)
    head.append(el("th", _("help.length"), scope="row"))
    body.append(el("th", _("help.points"), scope="row"))
    for length, points in content.scoring_table(game_map):
        head.append(el("td", str(length)))
        body.append(el("td", str(points)))
    table.append(el("tbody", None, head, body))
    return table


def _section(game_map, section: content.Section) -> Node:
    node = el("section", None, el("h3", _(section.title), id=f"help-{section.id}"), cls=f"help-section help-{section.id}",
              aria_labelledby=f"help-{section.id}")
    if section.id == "legend":
        items = el("ul", None, cls="help-legend-list")
        for name, line in zip(section.pictures, section.lines):
            items.append(el("li", None, _figure(name), el("span", _(line.key, **line.params))))
        node.append(items)
        return node
    if section.pictures:
        node.append(el("div", None, *[_figure(p) for p in section.pictures], cls="help-pics"))
    tag = "ul" if section.id == "turn" else "div"
    lines = el(tag, None, cls="help-lines")
    for line in section.lines:
        lines.append(el("li" if tag == "ul" else "p", _(line.key, **line.params)))
    node.append(lines)
    if section.id == "end":
        node.append(_scoring_table(game_map))
    return node


def _tips() -> Node:
    box = el("aside", None, el("h3", _("help.tips.title"), id="help-tips-title"), cls="help-tips",
             aria_labelledby="help-tips-title")
    items = el("ul", None)
    for key in content.TIPS:
        items.append(el("li", _(key)))
    box.append(items)
    box.append(el("button", _("help.tips.dismiss"), type="button", data_help="hide-tips"))
    return box


def panel(map_id: str, variant_id: str, tips: bool) -> Node:
    """The whole panel for a map and variant; ``tips``: with the first-game tips (else a button
    to show them again)."""
    game_map = load_map(map_id)
    variant = content.variant_of(game_map, variant_id)
    close = el("button", "×", type="button", cls="help-close", data_help="close", aria_label=_("help.close"))
    title = el("h2", _("help.title"), el("span", variant_name(map_id, variant.id), cls="help-variant"), id="help-title")
    box = el("div", None, el("div", None, title, close, cls="help-head"), cls="help-box", tabindex="-1")
    body = el("div", None, cls="help-body")
    if tips:
        body.append(_tips())
    else:
        body.append(el("p", None, el("button", _("help.tips.show"), type="button", cls="link", data_help="show-tips"),
                       cls="help-tips-again"))
    found = content.sections(game_map, variant.id)
    nav = el("nav", None, cls="help-nav", aria_label=_("help.contents"))
    for section in found:
        nav.append(el("button", _(section.title), type="button", data_help=f"goto:{section.id}"))
    box.append(nav)
    for section in found:
        body.append(_section(game_map, section))
    box.append(body)
    return el("div", None, box, id="help", cls="help-dialog", role="dialog", aria_modal="true",
              aria_labelledby="help-title", data_map=map_id, data_variant=variant.id)


class HelpPanel:
    """The panel's life: open over a screen, keyboard and clicks inside it, close.  Whether the
    tips were put away is kept in the page's ``preferences``."""

    def __init__(self, preferences: Preferences) -> None:
        self.preferences = preferences
        self.opener = None
        self.where: tuple[str, str] | None = None
        self.on_click_proxy = keep_alive(self.on_click)

    @property
    def is_open(self) -> bool:
        return present(js.document.getElementById("help")) is not None

    def open(self, map_id: str, variant_id: str) -> None:
        self.opener = present(js.document.activeElement)
        self.where = (map_id, variant_id)
        self.draw()

    def draw(self) -> None:
        old = present(js.document.getElementById("help"))
        if old is not None:
            old.remove()
        if self.where is None:
            return
        node = panel(*self.where, tips=not self.preferences.tips_dismissed)
        node.addEventListener("click", self.on_click_proxy)
        js.document.body.append(node)
        app = present(js.document.getElementById("app"))
        if app is not None:
            app.toggleAttribute("inert", True)
        close = present(node.querySelector(".help-close"))
        if close is not None:
            close.focus()

    def close(self) -> None:
        node = present(js.document.getElementById("help"))
        if node is None:
            return
        node.remove()
        app = present(js.document.getElementById("app"))
        if app is not None:
            app.toggleAttribute("inert", False)
        opener = self.opener
        self.opener = None
        if opener is not None and opener.isConnected:
            opener.focus()
        else:
            fallback = present(js.document.querySelector("[data-cmd=help]"))
            if fallback is not None:
                fallback.focus()

    def on_click(self, event) -> None:
        target = closest(event.target, "[data-help]")
        if target is None:
            if event.target.id == "help":        # the backdrop
                self.close()
            return
        what = target.getAttribute("data-help")
        if what.startswith("goto:"):
            heading = present(js.document.getElementById("help-" + what[5:]))
            if heading is not None:
                heading.scrollIntoView(to_js({"block": "start", "behavior": "smooth"}, dict_converter=js.Object.fromEntries))
        elif what == "close":
            self.close()
        elif what in ("hide-tips", "show-tips"):
            self.preferences.set_tips_dismissed(what == "hide-tips")
            self.draw()

    def on_key(self, event) -> None:
        """Escape closes; Tab and Shift+Tab cycle inside the panel."""
        if event.key == "Escape":
            event.preventDefault()
            self.close()
            return
        if event.key != "Tab":
            return
        cycle_focus(event, f"#help :is({FOCUSABLE})")
