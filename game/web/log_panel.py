"""The public log in the page, drawn from the screen's log lines (``game.ui.panels.LogRow``)."""

from __future__ import annotations

import js
from pyodide.ffi import to_js

from game.i18n import CARD_KEYS, _
from game.ui.panels import LogRow
from game.web.dom import KeyedList, Node, el, keep_alive

FOOT = 10 ** 9          # a scroll position past any log's foot (the browser stops at the foot)
AT_FOOT_PX = 4          # this close to the foot, the scroller counts as showing the newest line


class Log:
    """The public log: its newest lines (``game.ui.screen.log_rows``), newest at the bottom, in
    view as lines come and as the page is resized, unless the player scrolled back.  A move adds
    a line at the foot of the list and the lines above keep their place (the oldest go several
    at a time): the scroller is moved to the foot, not the lines, so the browser paints again
    only the new line and the one before it (no longer the newest, in bold).  Each line carries its number and stripe, so the lines that stay when the
    oldest go are not touched.  Nothing here reads the layout: the browser says when the foot
    comes into sight or leaves it, and moves the scroller itself."""

    def __init__(self) -> None:
        self.items = el("ol", None, cls="log", aria_live="polite", aria_label=_("table.log"))
        foot = el("div", None, cls="log-foot")
        # the history scrolls: reachable by keyboard, as a named region
        self.scroller = el("div", None, self.items, foot, cls="log-scroll", tabindex="0", role="region",
                           aria_label=_("table.log"))
        self.empty = el("p", _("table.log_empty"), cls="log-empty")
        self.node = el("section", None, el("h2", _("table.log")), self.empty, self.scroller, cls="log-panel", id="log")
        self.list = KeyedList(self.items)
        self.count = 0          # the lines listed so far
        self.following = True   # the foot is in sight (the player did not scroll back)
        # to the foot: a function of the page's own (no Python runs when the browser calls it),
        # called before the next frame after a line came, and whenever the scroller is resized
        # (at first, once it is laid out, too)
        self.to_foot = self.scroller.scrollTo.bind(self.scroller, 0, FOOT)
        self.resized = js.ResizeObserver.new(self.to_foot)
        self.resized.observe(self.scroller)
        self.sighted = js.IntersectionObserver.new(keep_alive(self._sighted), to_js(
            {"root": self.scroller, "rootMargin": f"0px 0px {AT_FOOT_PX}px 0px"}, dict_converter=js.Object.fromEntries))
        self.sighted.observe(foot)

    def _sighted(self, entries: Node, _observer: Node) -> None:
        """The foot came into sight or left it (the player scrolled, or the page did)."""
        self.following = bool(entries[entries.length - 1].isIntersecting)

    def update(self, rows: tuple[LogRow, ...]) -> None:
        """List the newest turns; a new one is brought into view if the newest was in view."""
        if rows and self.count == 0:
            self.empty.remove()
        newest = next(reversed(self.list.shown), None)
        self.list.update([(row.index, row) for row in rows], _log_line)
        self.count = len(rows)
        if self.following and rows and rows[-1].index != newest:
            js.requestAnimationFrame(self.to_foot)      # once laid out: no layout forced here


def _log_line(row: LogRow) -> Node:
    """A turn: the player, then what they did, cards as card faces; or a notice."""
    item = el("li", None, el("span", _("table.log_number", number=row.index + 1), cls="log-number"),
              cls="alt" if row.index % 2 else None)
    text = el("span", None, cls="log-text")
    item.append(text)
    if row.notice is not None:
        text.append(row.notice)
        item.classList.add("notice")
        return item
    text.append(el("strong", row.player, cls="log-player"), " ")
    for i, segments in enumerate(row.parts):
        if i:
            text.append(_("log.then"))
        for segment in segments:
            if segment.card is None:
                text.append(segment.text)
            else:
                name = _(CARD_KEYS[segment.card]) if segment.card in CARD_KEYS else segment.card
                text.append(el("span", None, cls=f"chip card-{segment.card}", aria_hidden="true"),
                            el("span", f"{name} ", cls="card-word"))
    return item
