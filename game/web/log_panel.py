"""The public log in the page, drawn from the screen's log lines (``game.ui.panels.LogRow``)."""

from __future__ import annotations

from game.i18n import CARD_KEYS, _
from game.ui.panels import LogRow
from game.web.dom import KeyedList, Node, el


class Log:
    """The public log: the newest lines (``game.ui.screen.LOG_SHOWN``), newest at the bottom,
    always in view: its scroller stacks from the foot (``column-reverse``), so it stays at the
    newest line as lines come and as the page is resized, without the page setting or reading a
    scroll position.  Each line carries its number and stripe, so the lines that stay when the
    oldest goes are not touched."""

    def __init__(self) -> None:
        self.items = el("ol", None, cls="log", aria_live="polite", aria_label=_("table.log"))
        # the history scrolls: reachable by keyboard, as a named region
        scroller = el("div", None, self.items, cls="log-scroll", tabindex="0", role="region", aria_label=_("table.log"))
        self.empty = el("p", _("table.log_empty"), cls="log-empty")
        self.node = el("section", None, el("h2", _("table.log")), self.empty, scroller, cls="log-panel", id="log")
        self.list = KeyedList(self.items)
        self.count = 0          # the lines listed so far

    def update(self, rows: tuple[LogRow, ...]) -> None:
        """List the newest turns."""
        if rows and self.count == 0:
            self.empty.remove()
        self.list.update([(row.index, row) for row in rows], _log_line)
        self.count = len(rows)      # (the scroller stacks from its foot: the newest stays in view)


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
