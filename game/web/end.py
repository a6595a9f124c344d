"""The end of a game in the page, drawn from the screen (``game.ui.end_screen``): the final
scoring as it is revealed step by step, then the final table with the score chart and each
player's numbers."""

from __future__ import annotations

import js
from pyodide.ffi import to_js

from game.i18n import _
from game.ui import ending
from game.ui.end_screen import EndScreen, RevealLine, ScoringScreen
from game.web.dom import Node, button, el
from game.web.pieces import swatch

CHART_H, LABEL_GAP = 150, 13        # the score chart's plot height and its end labels' spacing (CSS pixels)


def end_screen(end: EndScreen) -> Node:
    """Final scores: the winner (and the tie-break that decided), then each player's breakdown
    in ranking order: routes, every ticket won or lost, stations kept, longest trail and bonus.
    Numbers never wrap; headers wrap between words only; on a phone each row is a block whose
    values carry their column's name (``cell-label``, hidden beside the board)."""
    stations = "" if end.stations else "no-stations"     # USA: no station column
    columns = (("end.place", "place"), ("end.player", "end-player"), ("end.routes", "num"), ("end.tickets", "end-tickets-total"),
               ("end.stations", f"num {stations}"), ("end.longest", "num"), ("end.total", "num"))
    table = el("table", None, cls="scores")
    head = el("tr", None)
    short = _("end.stations_short")
    for k, cls in columns:
        if k == "end.place":        # needs no header to be seen (1, 2, 3 down the side); screen readers hear it
            text = [el("span", _(k), cls="visually-hidden")]
        elif k == "end.stations" and short != _(k):     # a long word: shorter to be seen, whole to be heard
            text = [el("abbr", short, title=_(k), aria_hidden="true"), el("span", _(k), cls="visually-hidden")]
        else:
            text = [_(k)]
        head.append(el("th", None, *text, scope="col", cls=cls.strip()))
    table.append(el("thead", None, head))
    body = el("tbody", None)
    labels = [_(k) for k, _cls in columns]

    def cell(part: str, label: str, value: str, *extra, cls: str = "num", **attrs) -> Node:
        return el("td", None, el("span", label, cls="cell-label"), el("span", value, cls="value"), *extra,
                  data_part=part, cls=cls, **attrs)

    for line in end.rows:
        row = line.row
        tickets = el("ul", None, cls="end-tickets")
        for words, done in line.tickets:
            tickets.append(el("li", words, cls="done" if done else "missed"))
        name = el("th", None, swatch(line.colour), line.label, scope="row", cls="end-player")
        cells = [el("td", str(row.place), data_part="place", cls="place"), name,
                 cell("routes", labels[2], str(row.route_points)),
                 cell("tickets", labels[3], _("end.ticket_total", points=f"{row.ticket_points:+d}"), tickets,
                      cls="end-tickets-total"),
                 cell("stations", labels[4], str(row.station_points), cls=f"num {stations}".strip()),
                 cell("longest", labels[5], _("end.longest_value", count=row.longest_trail, bonus=row.longest_bonus)),
                 el("td", str(row.total), data_part="total", cls="num")]
        body.append(el("tr", None, *cells, data_seat=str(row.seat), data_place=str(row.place),
                       cls="winner" if row.place == 1 else None))
    table.append(body)
    buttons = el("div", None, button(_("end.rematch"), "rematch", cls="primary") if end.rematch else None,
                 button(_("end.new_game"), "home", cls="primary" if not end.rematch else "secondary"),
                 button(_("end.replay"), "replay-scoring", cls="secondary"),
                 *(button(words, "review", str(seat), cls="secondary review-start") for seat, words in end.reviews),
                 cls="end-buttons")
    # not a live region: the reveal announced the scoring step by step; the heading takes the
    # focus when the table comes (game.web.focus), so it is read from the top
    deal = el("p", None, el("span", end.deal), " ", button(_("net.end.read"), "deal-check", cls="link"),
              cls=f"end-deal {'confirmed' if end.deal_ok else 'failed'}") if end.deal else None
    note = el("p", end.rematch_note, cls="end-note") if end.rematch_note else None
    return el("section", None, el("h2", _("end.title"), tabindex="-1"), el("p", end.verdict, cls="verdict"),
              deal, buttons, note, el("div", None, table, cls="table-scroll"), el("p", end.legend, cls="legend"),
              el("p", end.hints, cls="end-hints") if end.hints else None,
              score_chart(end), statistics_table(end), cls="end-screen")


class ScoringPanel:
    """The final scoring as it is revealed (``game.ui.reveal``): every player's running total,
    the step just revealed (one live line: a screen reader hears each step once) and the lines
    of the player being scored so far; Skip (or Escape, or a click on it) gives the final table.
    Kept from step to step: only what changed is drawn again."""

    def __init__(self, scoring: ScoringScreen) -> None:
        self.totals: dict[int, Node] = {}
        scores = el("ol", None, cls="reveal-scores")
        self.rows: dict[int, Node] = {}
        for seat, (colour, label) in enumerate(scoring.players):
            self.totals[seat] = el("span", None, cls="reveal-total")
            self.rows[seat] = el("li", None, swatch(colour), el("span", label, cls="reveal-name"), self.totals[seat],
                                 data_seat=str(seat))
        self.scores = scores
        self.line = el("p", None, cls="reveal-line", aria_live="polite", aria_atomic="true")
        self.lines = el("ul", None, cls="reveal-lines")
        self.bar = el("div", None, el("span", None), cls="reveal-progress", aria_hidden="true")
        self.node = el("section", None,
                       el("div", None, el("h2", _("reveal.title")),
                          button(_("reveal.skip"), "skip-scoring", cls="secondary", title=_("reveal.skip_title"),
                                 aria_keyshortcuts="Escape"), cls="reveal-head"),
                       self.bar, scores, self.line, self.lines, cls="scoring-reveal")
        self.shown: int | None = None
        self.values: dict[int, int] = {}

    def update(self, scoring: ScoringScreen) -> Node:
        frame = scoring.frame
        if frame.shown == self.shown:
            return self.node
        step = frame.step
        if self.shown is None:
            self.scores.replaceChildren(*(self.rows[seat] for seat in frame.order))
        self.shown = frame.shown
        for seat, total in enumerate(frame.totals):
            if self.values.get(seat) != total:      # a new node: it flashes (not with reduced motion)
                value = el("span", str(total), cls="reveal-total" + (" changed" if seat in self.values else ""))
                self.totals[seat].replaceWith(value)
                self.totals[seat] = value
                self.values[seat] = total
            row = self.rows[seat]
            current = step is not None and step.seat == seat
            row.classList.toggle("current", current)
            row.toggleAttribute("aria-current", current)
        kind = scoring.kind
        self.node.setAttribute("data-shown", str(frame.shown))
        self.node.setAttribute("data-count", str(frame.count))
        self.node.setAttribute("data-kind", kind)
        self.node.setAttribute("data-seat", "" if step is None else str(step.seat))
        self.node.setAttribute("data-ticket", (step.ticket if step is not None else None) or "")
        self.node.setAttribute("data-lit", "" if step is None else " ".join(step.lit))
        if scoring.colour is not None:
            self.node.setAttribute("data-colour", scoring.colour)
        self.bar.firstChild.style.width = f"{100 * frame.shown / max(frame.count, 1):.1f}%"
        self.line.replaceChildren(el("span", scoring.announcement, cls=f"reveal-step {kind}"))
        items = [_reveal_item(line) for line in scoring.lines]
        self.lines.replaceChildren(*items)
        if items:       # the newest line in view, in a column or a sheet too short for them all
            items[-1].scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        return self.node


def _reveal_item(line: RevealLine) -> Node:
    return el("li", None, el("span", line.what, cls="what"), el("span", line.points, cls="num"),
              cls=f"{line.kind} latest" if line.latest else line.kind)


def score_chart(end: EndScreen) -> Node:
    """Each player's score over the rounds, to the final total: a line per player in their colour,
    the scores on the y axis (gridlines at round numbers), the rounds on the x axis, each final
    total at its line's end (numbers only go into the drawing; names are in its legend, as text).

    The SVG is laid out in CSS pixels, its width the frame's: x as a percentage of it, so the
    labels keep their size at every width; the lines alone are stretched (a viewBox 1000 wide)."""
    chart = end.chart
    steps, span = chart.steps, chart.high - chart.low

    def y(v: float) -> float:
        return CHART_H * (chart.high - v) / span

    parts = []
    for v in chart.y_ticks:
        parts.append(f'<line class="{"zero" if v == 0 else "grid"}" x1="0" x2="100%" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
                     f'<text class="y-label" x="-5" y="{y(v):.1f}" dy=".35em" text-anchor="end">{v}</text>')
    for r in chart.x_ticks:
        x = f"{100 * r / steps:.2f}%"
        parts.append(f'<line class="tick" x1="{x}" x2="{x}" y1="{CHART_H}" y2="{CHART_H + 4}"/>'
                     f'<text class="x-label" x="{x}" y="{CHART_H + 16}" text-anchor="middle">{r}</text>')
    lines = "".join(f'<polyline class="swatch-{end.players[seat][0]}" points="'
                    + " ".join(f"{1000 * i / steps:.1f},{y(v):.1f}" for i, v in enumerate(h)) + '"/>'
                    for seat, h in enumerate(chart.lines))
    parts.append(f'<svg class="lines" width="100%" height="{CHART_H}" viewBox="0 0 1000 {CHART_H}" '
                 f'preserveAspectRatio="none">{lines}</svg>')
    finals = [h[-1] for h in chart.lines]
    placed = ending.spread_labels([y(v) for v in finals], LABEL_GAP, -3, CHART_H + 3)
    for seat, (v, at) in enumerate(zip(finals, placed)):
        colour = end.players[seat][0]
        parts.append(f'<circle class="swatch-{colour}" cx="100%" cy="{y(v):.1f}" r="3"/>'
                     f'<text class="end-label swatch-{colour}" x="100%" dx="7" y="{at:.1f}" dy=".35em">{v}</text>')
    figure = el("figure", None, cls="score-chart")
    drawing = el("div", None, cls="chart-drawing", role="img", aria_label=_("end.chart_label"))
    drawing.innerHTML = (f'<svg width="100%" height="{CHART_H}">{"".join(parts)}'    # numbers only: no text to escape
                         f'<text class="axis-title" x="50%" y="{CHART_H + 31}" text-anchor="middle"></text></svg>')
    drawing.querySelector(".axis-title").textContent = _("end.chart_rounds")
    legend = el("figcaption", None, el("span", _("end.chart"), cls="chart-title"))
    for seat, h in enumerate(chart.lines):
        colour, name = end.players[seat]
        legend.append(el("span", None, swatch(colour), f"{name} {h[-1]}", cls="chart-key"))
    figure.append(drawing)
    figure.append(legend)
    return figure


def statistics_table(end: EndScreen) -> Node:
    """Each player's numbers: routes, trains used, cards drawn, tickets done and failed, longest trail
    (in a box of its own that scrolls sideways if a language's headers do not fit a phone)."""
    columns = ("end.stat.routes", "end.stat.trains", "end.stat.cards", "end.stat.done", "end.stat.failed",
               "end.stat.longest")
    head = el("tr", None, el("th", _("end.player"), scope="col"))
    for key in columns:
        head.append(el("th", _(key), scope="col", cls="num"))
    body = el("tbody", None)
    for row in end.statistics:
        line = el("tr", None, el("th", end.players[row.seat][1], scope="row"))
        for value in (row.routes, row.trains, row.cards, row.tickets_done, row.tickets_failed, row.longest_trail):
            line.append(el("td", str(value), cls="num"))
        body.append(line)
    return el("div", None, el("table", None, el("caption", _("end.stats")), el("thead", None, head), body,
                              cls="end-stats"), cls="table-scroll")
