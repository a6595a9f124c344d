"""The public log in the page, drawn from the screen's log lines (``game.ui.panels.LogRow``)."""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js

from game.i18n import CARD_KEYS, _
from game.ui.panels import LogRow
from game.web.dom import KeyedList, Node, el

FOOT = 10 ** 9          # a scroll position past any log's foot (the browser stops at the foot)
AT_FOOT_PX = 4          # this close to the foot, the scroller counts as showing the newest line


class Log:
    """The public log: its newest lines (``game.ui.screen.log_rows``), newest at the bottom, in
    view as lines come or grow (a turn's line is extended as the turn goes on, and may wrap onto
    another row) and as the page is resized, unless the player scrolled back.  A move adds
    a line at the foot of the list and the lines above keep their place (the oldest go several
    at a time): the scroller is moved to the foot, not the lines, so the browser paints again
    only the new line and the one before it (no longer the newest, in bold).  Each line carries
    its number and stripe, so the lines that stay when the oldest go are not touched.  Nothing
    here reads the layout: the browser says when the foot comes into sight or leaves it, and
    moves the scroller itself.  ``close`` lets the browser's observers go with the game."""

    def __init__(self) -> None:
        self.items = el("ol", None, cls="log", aria_live="polite", aria_label=_("table.log"))
        foot = el("div", None, cls="log-foot")
        # the history scrolls: reachable by keyboard, as a named region
        self.scroller = el("div", None, self.items, foot, cls="log-scroll", tabindex="0", role="region",
                           aria_label=_("table.log"))
        self.empty = el("p", _("table.log_empty"), cls="log-empty")
        self.node = el("section", None, el("h2", _("table.log")), self.empty, self.scroller, cls="log-panel", id="log")
        self.list = KeyedList(self.items)
        self.following = True   # the foot is in sight (the player did not scroll back)
        self.newest: LogRow | None = None   # the newest line listed, as it was listed
        # to the foot: a function of the page's own (no Python runs when the browser calls it),
        # called before the next frame after a line came or the newest changed, and when the
        # scroller is resized while following (at first, once it is laid out, too)
        self.to_foot = self.scroller.scrollTo.bind(self.scroller, 0, FOOT)
        # the observers' callbacks, destroyed by ``close``
        self.proxies = [create_proxy(self._resized), create_proxy(self._sighted)]
        self.resized = js.ResizeObserver.new(self.proxies[0])
        self.resized.observe(self.scroller)
        self.sighted = js.IntersectionObserver.new(self.proxies[1], to_js(
            {"root": self.scroller, "rootMargin": f"0px 0px {AT_FOOT_PX}px 0px"}, dict_converter=js.Object.fromEntries))
        self.sighted.observe(foot)

    def _resized(self, _entries: Node, _observer: Node) -> None:
        """The scroller changed size (laid out at first, the page resized): the foot kept in
        sight if it was.  (The browser reports resizes before it reports the foot leaving sight
        in the same frame, so ``following`` still says where the player was.)"""
        if self.following:
            self.to_foot()

    def _sighted(self, entries: Node, _observer: Node) -> None:
        """The foot came into sight or left it (the player scrolled, or the page did)."""
        self.following = bool(entries[entries.length - 1].isIntersecting)

    def close(self) -> None:
        """The game's table is gone: the observers stop and their callbacks are let go."""
        self.resized.disconnect()
        self.sighted.disconnect()
        self.sighted.takeRecords()      # a report already queued is dropped: no call to a destroyed callback
        for proxy in self.proxies:
            proxy.destroy()
        self.proxies = []

    def update(self, rows: tuple[LogRow, ...]) -> None:
        """List the newest turns; a new line, or the newest grown, is brought into view if the
        foot was in view."""
        if rows and self.newest is None:
            self.empty.remove()
        self.list.update([(row.index, row) for row in rows], _log_line)
        newest = rows[-1] if rows else None
        if self.following and newest is not None and newest != self.newest:
            js.requestAnimationFrame(self.to_foot)      # once laid out: no layout forced here
        self.newest = newest


def _log_line(row: LogRow) -> Node:
    """A turn: the player, then what they did, cards as card faces; or a notice."""
    item = el("li", None, el("span", _("table.log_number", number=row.index + 1), cls="log-number"),
              cls="alt" if row.index % 2 else None)
    text = el("span", None, cls="log-text")
    item.append(text)
    if row.notice is not None:
        text.append(row.notice)
        item.classList.add("aside" if row.plain else "notice")
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
